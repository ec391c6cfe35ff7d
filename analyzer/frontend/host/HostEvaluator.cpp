//===- HostEvaluator.cpp --------------------------------------------------===//
#include "analyzer/frontend/host/HostEvaluator.h"
#include "analyzer/frontend/device/LoopShape.h"
#include "analyzer/frontend/device/SymbolicConverter.h"
#include "analyzer/frontend/host/HostLibrary.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <cmath>

using namespace clang;

namespace rla {
namespace {

constexpr unsigned MaxEvalDepth = 32;

std::string textOf(const ASTContext &Ctx, const clang::Expr *E) {
  llvm::StringRef T =
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts());
  return T.str();
}

const clang::Expr *skipWrappers(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *I = dyn_cast<ImplicitCastExpr>(E))
      E = I->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else
      return E;
  }
}

bool isDim3(QualType T) {
  if (const auto *R = T->getAsCXXRecordDecl())
    return R->getName() == "dim3";
  return false;
}

} // namespace

HostEvaluator::HostEvaluator(const ASTContext &Ctx,
                             const FunctionDecl *Function, SourceLocation Point)
    : Ctx(Ctx), Function(Function), Point(Point) {
  if (Function && Function->getBody()) {
    collectAssignedVars(Function->getBody(), Modified);
  }
}

bool HostEvaluator::isModified(const VarDecl *V) const {
  return Modified.count(V) != 0;
}

namespace {

/// Whether E is V itself, or a field of V (`V.x`).
bool refersTo(const clang::Expr *E, const VarDecl *V) {
  E = E->IgnoreParenImpCasts();
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return false;
    E = M->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && Ref->getDecl() == V;
}

/// `V = e`, `V.x = e` (built-in or dim3's operator=); null otherwise.
const clang::Expr *plainWrite(const Stmt *S, const VarDecl *V) {
  const auto *E = dyn_cast<clang::Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    E = C->getSubExpr()->IgnoreParens();
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    return B->getOpcode() == BO_Assign && refersTo(B->getLHS(), V) ? E
                                                                   : nullptr;
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E))
    return O->getOperator() == OO_Equal && O->getNumArgs() == 2 &&
                   refersTo(O->getArg(0), V)
               ? E
               : nullptr;
  return nullptr;
}

} // namespace

bool HostEvaluator::straightLineWrites(const VarDecl *V,
                                       std::vector<const clang::Expr *> &Writes,
                                       Note &Why) const {
  FindingData Name{{"name", V->getName().str()}};
  const auto *Body =
      dyn_cast_or_null<CompoundStmt>(Function ? Function->getBody() : nullptr);
  if (!Body || Point.isInvalid()) {
    Why = note(NoteId::HostNameAssignedAfterDeclaration, Name);
    return false;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(Point);
  for (const Stmt *S : Body->body()) {
    SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
    SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
    if (SM.isBeforeInTranslationUnit(At, Begin))
      break; // after the launch: does not change what it sees
    std::set<const ValueDecl *> Written;
    collectAssignedVars(S, Written);
    if (!Written.count(V))
      continue;
    if (!SM.isBeforeInTranslationUnit(End, At)) {
      Why = note(NoteId::HostNameChangedAroundLaunch, Name);
      return false;
    }
    const clang::Expr *W = plainWrite(S, V);
    if (!W) {
      Why = note(NoteId::HostNameChangedBeforeLaunch, Name);
      return false;
    }
    Writes.push_back(W);
  }
  return true;
}

std::optional<Rational> HostEvaluator::evaluate(const clang::Expr *E,
                                                Note &Why) {
  return evaluateImpl(E, Why, 0);
}

std::array<std::optional<Rational>, 3>
HostEvaluator::evaluateDim3(const clang::Expr *E, Note &Why) {
  return evaluateDim3Impl(E, Why, 0);
}

std::optional<Rational>
HostEvaluator::evaluateVariable(const VarDecl *V, Note &Why, unsigned Depth) {
  FindingData Name{{"name", V->getName().str()}};
  if (isa<ParmVarDecl>(V)) {
    Why = note(NoteId::HostNameIsParameter, Name);
    return std::nullopt;
  }
  const clang::Expr *Init = V->getInit();
  if (isModified(V)) {
    std::vector<const clang::Expr *> Writes;
    if (!straightLineWrites(V, Writes, Why))
      return std::nullopt;
    for (const clang::Expr *W : Writes) {
      const auto *B = dyn_cast<clang::BinaryOperator>(W);
      if (!B || !isa<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts())) {
        Why = note(NoteId::HostNameChangedFieldByField, Name);
        return std::nullopt;
      }
      Init = B->getRHS();
    }
  }
  if (!Init) {
    Why = note(NoteId::HostNameHasNoInitialiser, Name);
    return std::nullopt;
  }
  if (V->hasGlobalStorage() && !V->getType().isConstQualified()) {
    Why = note(NoteId::HostNameIsNonConstGlobal, Name);
    return std::nullopt;
  }
  return evaluateImpl(Init, Why, Depth + 1);
}

std::optional<Rational> HostEvaluator::evaluateCall(const CallExpr *Call,
                                                    Note &Why, unsigned Depth) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee) {
    Why = note(NoteId::HostExprIndirectCall, {{"expr", textOf(Ctx, Call)}});
    return std::nullopt;
  }
  std::string Name = Callee->getNameAsString();
  // Rounding of a known value: `dim3 grid(ceil((float)n / block.x))`.
  llvm::StringRef Base = llvm::StringRef(Name).rtrim('f');
  if ((Base == "ceil" || Base == "floor" || Base == "round" ||
       Base == "trunc") &&
      Call->getNumArgs() == 1) {
    auto V = evaluateImpl(Call->getArg(0), Why, Depth + 1);
    if (!V)
      return std::nullopt;
    if (Base == "ceil")
      return Rational(V->ceil(), 1);
    if (Base == "floor")
      return Rational(V->floor(), 1);
    if (Base == "trunc")
      return Rational(V->isNegative() ? V->ceil() : V->floor(), 1);
    Rational Half(1, 2);
    return V->isNegative() ? -Rational((-*V + Half).floor(), 1)
                           : Rational((*V + Half).floor(), 1);
  }
  if ((Base == "fmin" || Base == "fmax") && Call->getNumArgs() == 2)
    Name = Base == "fmin" ? "min" : "max";
  if ((Name == "min" || Name == "max") && Call->getNumArgs() == 2) {
    auto A = evaluateImpl(Call->getArg(0), Why, Depth + 1);
    auto B = evaluateImpl(Call->getArg(1), Why, Depth + 1);
    if (!A || !B)
      return std::nullopt;
    bool Less = *A < *B;
    return (Name == "min") == Less ? *A : *B;
  }
  // A helper whose body is `return expr;` (ceil_div and friends), the
  // user's own: a library's body (clang's wrapper headers) would name its
  // internals (`__builtin_ceilf(__x)`) where the user wrote the call.
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) &&
      !Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    if (const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
        Body && Body->size() == 1)
      if (const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
          Ret && Ret->getRetValue()) {
        std::map<const ValueDecl *, Rational> Saved = Params;
        for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams();
             ++I) {
          auto V = evaluateImpl(Call->getArg(I), Why, Depth + 1);
          if (!V) {
            Params = Saved;
            return std::nullopt;
          }
          Params[Def->getParamDecl(I)] = *V;
        }
        auto Result = evaluateImpl(Ret->getRetValue(), Why, Depth + 1);
        Params = Saved;
        return Result;
      }
  Why = note(NoteId::HostExprCallsUnknown,
             {{"expr", textOf(Ctx, Call)}, {"function", Name}});
  return std::nullopt;
}

std::optional<Rational> HostEvaluator::evaluateImpl(const clang::Expr *E,
                                                    Note &Why, unsigned Depth) {
  if (!E || Depth > MaxEvalDepth) {
    Why = note(NoteId::HostExprTooDeep);
    return std::nullopt;
  }
  E = E->IgnoreParens();
  if (auto C = foldInteger(E, Ctx))
    return C;
  if (E->getType()->isRealFloatingType() && !E->isValueDependent()) {
    llvm::APFloat F(0.0);
    if (E->EvaluateAsFloat(F, Ctx))
      return rationalFromDouble(F.convertToDouble());
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    auto P = Params.find(Ref->getDecl());
    if (P != Params.end())
      return P->second;
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return evaluateVariable(V, Why, Depth);
    Why = note(NoteId::HostExprNotConstant, {{"expr", textOf(Ctx, E)}});
    return std::nullopt;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    auto V = evaluateImpl(Cast->getSubExpr(), Why, Depth + 1);
    if (V && Cast->getType()->isIntegralOrEnumerationType() && !V->isInteger())
      return Rational(static_cast<int64_t>(V->toDouble())); // truncates
    return V;
  }
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E)) {
    auto L = evaluateImpl(B->getLHS(), Why, Depth + 1);
    if (!L)
      return std::nullopt;
    auto R = evaluateImpl(B->getRHS(), Why, Depth + 1);
    if (!R)
      return std::nullopt;
    bool Integer = B->getType()->isIntegralOrEnumerationType();
    switch (B->getOpcode()) {
    case BO_Add:
      return *L + *R;
    case BO_Sub:
      return *L - *R;
    case BO_Mul:
      return *L * *R;
    case BO_Div: {
      if (R->isZero()) {
        Why = note(NoteId::HostExprDividesByZero, {{"expr", textOf(Ctx, E)}});
        return std::nullopt;
      }
      Rational Q = *L / *R;
      if (!Integer)
        return Q;
      // C++ integer division truncates toward zero.
      return Rational(Q.isNegative() ? Q.ceil() : Q.floor(), 1);
    }
    case BO_Rem: {
      if (R->isZero() || !L->isInteger() || !R->isInteger()) {
        Why = note(NoteId::HostExprNotIntegerRemainder,
                   {{"expr", textOf(Ctx, E)}});
        return std::nullopt;
      }
      return Rational(L->num() % R->num(), 1);
    }
    case BO_Shl:
      if (R->isInteger() && R->num() >= 0 && R->num() < 62)
        return *L * Rational(int64_t(1) << static_cast<int>(R->num()));
      break;
    case BO_Shr:
      if (R->isInteger() && R->num() >= 0 && R->num() < 62 && L->isInteger())
        return Rational(L->num() >> static_cast<int>(R->num()), 1);
      break;
    default:
      break;
    }
    Why = note(NoteId::HostExprNotEvaluated, {{"expr", textOf(Ctx, E)}});
    return std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus)
      if (auto V = evaluateImpl(U->getSubExpr(), Why, Depth + 1))
        return -*V;
    if (U->getOpcode() == UO_Plus)
      return evaluateImpl(U->getSubExpr(), Why, Depth + 1);
    Why = note(NoteId::HostExprNotEvaluated, {{"expr", textOf(Ctx, E)}});
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    auto Cond = evaluateImpl(C->getCond(), Why, Depth + 1);
    if (!Cond)
      return std::nullopt;
    return evaluateImpl(Cond->isZero() ? C->getFalseExpr() : C->getTrueExpr(),
                        Why, Depth + 1);
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    // grid.x of a dim3 variable.
    if (isDim3(M->getBase()->getType())) {
      llvm::StringRef Field = M->getMemberDecl()->getName();
      unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : 2;
      return evaluateDim3Impl(M->getBase(), Why, Depth + 1)[Dim];
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evaluateCall(Call, Why, Depth);
  const clang::Expr *Inner = skipWrappers(E);
  if (Inner != E)
    return evaluateImpl(Inner, Why, Depth + 1);
  Why = note(NoteId::HostExprNotCompileTime, {{"expr", textOf(Ctx, E)}});
  return std::nullopt;
}

void HostEvaluator::evaluateFields(const clang::Expr *E,
                                   const std::string &Prefix,
                                   std::map<std::string, Rational> &Out) {
  evaluateFieldsImpl(E, Prefix, Out, 0);
}

void HostEvaluator::evaluateFieldsImpl(const clang::Expr *E,
                                       const std::string &Prefix,
                                       std::map<std::string, Rational> &Out,
                                       unsigned Depth) {
  if (!E || Depth > 4)
    return;
  E = skipWrappers(E);
  auto field = [&](const FieldDecl *F, const clang::Expr *Init) {
    std::string Name = Prefix + "." + F->getName().str();
    if (F->getType()->isIntegralOrEnumerationType()) {
      Note Why;
      if (auto V = evaluateImpl(Init, Why, Depth + 1))
        Out[Name] = *V;
    } else if (F->getType()->isRecordType()) {
      evaluateFieldsImpl(Init, Name, Out, Depth + 1);
    }
  };
  if (const auto *List = dyn_cast<InitListExpr>(E)) {
    const RecordDecl *R = List->getType()->getAsRecordDecl();
    if (!R)
      return;
    unsigned I = 0;
    for (const FieldDecl *F : R->fields()) {
      if (I >= List->getNumInits())
        break;
      field(F, List->getInit(I++));
    }
    return;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor)
      return;
    if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
        Construct->getNumArgs() == 1)
      return evaluateFieldsImpl(Construct->getArg(0), Prefix, Out, Depth + 1);
    // Member initialisers in terms of the constructor's parameters.
    std::map<const ValueDecl *, Rational> Saved = Params;
    for (unsigned I = 0;
         I < Construct->getNumArgs() && I < Ctor->getNumParams(); ++I) {
      Note Why;
      if (auto V = evaluateImpl(Construct->getArg(I), Why, Depth + 1))
        Params[Ctor->getParamDecl(I)] = *V;
    }
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (const FieldDecl *F = Init->getMember())
        field(F, Init->getInit());
    Params = Saved;
    return;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->getInit() && !isModified(V) && !isa<ParmVarDecl>(V))
      evaluateFieldsImpl(V->getInit(), Prefix, Out, Depth + 1);
}

std::array<std::optional<Rational>, 3>
HostEvaluator::evaluateDim3Impl(const clang::Expr *E, Note &Why,
                                unsigned Depth) {
  std::array<std::optional<Rational>, 3> Out;
  if (!E || Depth > MaxEvalDepth)
    return Out;
  E = skipWrappers(E);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Ctor && (Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
        Construct->getNumArgs() == 1)
      return evaluateDim3Impl(Construct->getArg(0), Why, Depth + 1);
    // The reason given is that of the first component that fails.
    for (unsigned I = 0; I < 3; ++I) {
      Note ComponentWhy;
      if (I < Construct->getNumArgs())
        Out[I] = evaluateImpl(Construct->getArg(I), ComponentWhy, Depth + 1);
      else
        Out[I] = Rational(1);
      if (!Out[I] && isBlankNote(Why))
        Why = ComponentWhy;
    }
    return Out;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && isDim3(V->getType())) {
      if (isa<ParmVarDecl>(V)) {
        Why = note(NoteId::HostNameIsParameter, {{"name", V->getName().str()}});
        return Out;
      }
      std::vector<const clang::Expr *> Writes;
      if (isModified(V) && !straightLineWrites(V, Writes, Why))
        return Out;
      if (!V->getInit()) {
        Why = note(NoteId::HostNameHasNoInitialiser,
                   {{"name", V->getName().str()}});
        return Out;
      }
      Out = evaluateDim3Impl(V->getInit(), Why, Depth + 1);
      // `grid = dim3(...)` and `grid.x = ...` in order.
      for (const clang::Expr *W : Writes) {
        Note WriteWhy;
        if (const auto *O = dyn_cast<CXXOperatorCallExpr>(W)) {
          Out = evaluateDim3Impl(O->getArg(1), WriteWhy, Depth + 1);
        } else if (const auto *B = dyn_cast<clang::BinaryOperator>(W)) {
          const auto *M =
              dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
          if (!M) {
            Out = evaluateDim3Impl(B->getRHS(), WriteWhy, Depth + 1);
          } else {
            llvm::StringRef Field = M->getMemberDecl()->getName();
            unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : 2;
            Out[Dim] = evaluateImpl(B->getRHS(), WriteWhy, Depth + 1);
          }
        }
        if (!isBlankNote(WriteWhy))
          Why = WriteWhy;
      }
      return Out;
    }
  }
  if (!isDim3(E->getType())) {
    Out[0] = evaluateImpl(E, Why, Depth + 1);
    Out[1] = Rational(1);
    Out[2] = Rational(1);
    return Out;
  }
  Why = note(NoteId::HostExprNotCompileTimeDim3, {{"expr", textOf(Ctx, E)}});
  return Out;
}

} // namespace rla
