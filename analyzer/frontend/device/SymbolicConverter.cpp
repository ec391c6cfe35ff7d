//===- SymbolicConverter.cpp ----------------------------------------------===//
#include "analyzer/frontend/device/SymbolicConverter.h"
#include "analyzer/frontend/device/CooperativeGroups.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/Basic/SourceManager.h"

#include <cmath>

using namespace clang;

namespace rla {

std::optional<CudaBuiltin> matchCudaBuiltin(const clang::Expr *E) {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  if (!PO)
    return std::nullopt;
  // `(blockIdx.x)` (a macro argument in parentheses) keeps its parentheses
  // inside the pseudo-object.
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens());
  if (!Prop)
    return std::nullopt;
  const clang::Expr *Base = Prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base))
    Base = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref)
    return std::nullopt;
  llvm::StringRef Var = Ref->getDecl()->getName();
  if (Var != "threadIdx" && Var != "blockIdx" && Var != "blockDim" &&
      Var != "gridDim")
    return std::nullopt;
  llvm::StringRef Field = Prop->getPropertyDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return std::nullopt;
  return CudaBuiltin{Var.str(), Dim};
}

std::optional<Rational> foldInteger(const clang::Expr *E,
                                    const clang::ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (!E->getType()->isIntegralOrEnumerationType() &&
      !E->getType()->isBooleanType())
    return std::nullopt;
  clang::Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx, clang::Expr::SE_NoSideEffects))
    return std::nullopt;
  const llvm::APSInt &V = Result.Val.getInt();
  if (V.getSignificantBits() > 63)
    return std::nullopt;
  return Rational(V.isSigned() ? V.getSExtValue()
                               : static_cast<int64_t>(V.getZExtValue()));
}

std::optional<Expr> SymbolicConverter::convert(const clang::Expr *E) const {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (auto C = foldInteger(E, Ctx))
    return Expr(*C);
  if (auto B = matchCudaBuiltin(E))
    return Expr::symbol(dimSymbol(B->Variable.c_str(), B->Dim));
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    QualType To = Cast->getType();
    if (!To->isIntegralOrEnumerationType())
      return std::nullopt;
    if (!Cast->getSubExpr()->getType()->isIntegralOrEnumerationType())
      return roundedQuotient(Cast->getSubExpr());
    return convert(Cast->getSubExpr());
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return convertDeclRef(Ref);
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    return convertBinary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus)
      if (auto V = convert(U->getSubExpr()))
        return -*V;
    if (U->getOpcode() == UO_Plus)
      return convert(U->getSubExpr());
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return convertCall(Call);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return convertConditional(C);
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    // `frag.num_elements`, `Traits::kTile` through an object: an enumerator
    // or static constant of the class, whatever the object is.
    if (isa<EnumConstantDecl>(M->getMemberDecl()) ||
        isa<VarDecl>(M->getMemberDecl()))
      return valueOf(M->getMemberDecl());
    if (E->getType()->isIntegralOrEnumerationType())
      if (auto Path = fieldPath(E))
        return Expr::symbol(*Path);
  }
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return convert(Cleanups->getSubExpr());
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return convert(Temp->getSubExpr());
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return convert(Default->getExpr());
  return std::nullopt;
}

std::optional<Expr>
SymbolicConverter::integerAsFloat(const clang::Expr *E) const {
  const clang::Expr *Inner = E->IgnoreParens();
  while (const auto *Cast = dyn_cast<CastExpr>(Inner)) {
    Inner = Cast->getSubExpr()->IgnoreParens();
    if (Inner->getType()->isIntegralOrEnumerationType())
      return convert(Inner);
  }
  return wholeFloatConstant(E);
}

std::optional<Expr>
SymbolicConverter::roundedQuotient(const clang::Expr *E) const {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() != 1)
    return std::nullopt;
  std::string Name = Callee->getNameAsString();
  bool Ceil = Name == "ceil" || Name == "ceilf";
  if (!Ceil && Name != "floor" && Name != "floorf")
    return std::nullopt;
  const clang::Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Div = dyn_cast<clang::BinaryOperator>(Arg);
      Div && Div->getOpcode() == BO_Div) {
    auto A = integerAsFloat(Div->getLHS());
    auto B = integerAsFloat(Div->getRHS());
    if (!A || !B)
      return std::nullopt;
    return Ceil ? Expr::ceilDiv(*A, *B) : Expr::floorDiv(*A, *B);
  }
  return integerAsFloat(Call->getArg(0));
}

std::optional<Expr>
SymbolicConverter::wholeFloatConstant(const clang::Expr *E) const {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (E->getType()->isIntegralOrEnumerationType())
    if (auto V = foldInteger(E, Ctx))
      return Expr(*V);
  if (!E->getType()->isRealFloatingType())
    return std::nullopt;
  std::optional<double> D = floatConstant(E);
  if (!D || *D != std::floor(*D) || *D <= -16777216.0 || *D >= 16777216.0)
    return std::nullopt;
  return Expr(static_cast<int64_t>(*D));
}

std::optional<double>
SymbolicConverter::floatConstant(const clang::Expr *E) const {
  llvm::APFloat V(0.0);
  if (E->EvaluateAsFloat(V, Ctx)) {
    bool Lost = false;
    V.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &Lost);
    return V.convertToDouble();
  }
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto I = foldInteger(E, Ctx))
      return I->toDouble();
    return std::nullopt;
  }
  // Math functions of constants (`__log2f(HEIGHT)` as a loop bound in
  // Rodinia's backprop), which clang does not fold: their value where it is
  // a whole number the device computes exactly (powers of two).
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() == 0 || Call->getNumArgs() > 2)
    return std::nullopt;
  std::vector<double> Args;
  for (const clang::Expr *A : Call->arguments())
    if (std::optional<double> V = floatConstant(A))
      Args.push_back(*V);
    else
      return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  Name.consume_front("__");
  Name.consume_back("f");
  std::optional<double> Result;
  if (Args.size() == 1 && Name == "log2" && Args[0] > 0)
    Result = std::log2(Args[0]);
  else if (Args.size() == 1 && Name == "exp2")
    Result = std::exp2(Args[0]);
  else if (Args.size() == 2 && Name == "pow" && Args[0] == 2.0)
    Result = std::exp2(Args[1]);
  if (!Result || *Result != std::floor(*Result))
    return std::nullopt;
  return Result;
}

std::optional<Expr>
SymbolicConverter::convertDeclRef(const DeclRefExpr *Ref) const {
  return valueOf(Ref->getDecl());
}

std::optional<Expr> SymbolicConverter::valueOf(const ValueDecl *D) const {
  if (const auto *Enum = dyn_cast<EnumConstantDecl>(D))
    return Expr(static_cast<int64_t>(Enum->getInitVal().getSExtValue()));
  if (WithBlockValues)
    if (auto B = Env.BlockValues.find(D); B != Env.BlockValues.end())
      return B->second;
  auto It = Env.Values.find(D);
  if (It != Env.Values.end())
    return It->second;
  if (const auto *P = dyn_cast<ParmVarDecl>(D))
    if (KernelParams.count(P) && P->getType()->isIntegralOrEnumerationType())
      return Expr::symbol(P->getName().str());
  // A const variable initialised with something we can express.
  if (const auto *V = dyn_cast<VarDecl>(D))
    if (V->getType().isConstQualified() && V->hasInit() &&
        V->getType()->isIntegralOrEnumerationType())
      return convert(V->getInit());
  return std::nullopt;
}

std::optional<Expr>
SymbolicConverter::convertBinary(const clang::BinaryOperator *B) const {
  if (!B->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  if (B->getOpcode() == BO_Comma)
    return convert(B->getRHS());
  auto L = convert(B->getLHS());
  if (!L)
    return std::nullopt;
  auto R = convert(B->getRHS());
  if (!R)
    return std::nullopt;
  return combine(B->getOpcode(), *L, *R, B->getRHS());
}

std::optional<Expr>
SymbolicConverter::combine(clang::BinaryOperatorKind Op, const Expr &L,
                           const Expr &R, const clang::Expr *RhsSource) const {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return Expr::floorDiv(L, R);
  case BO_Rem:
    return Expr::mod(L, R);
  case BO_Shl:
    if (auto K = R.asConstant();
        K && K->isInteger() && K->num() >= 0 && K->num() < 62)
      return L * Expr(int64_t(1) << static_cast<int>(K->num()));
    return L * Expr::pow2(R);
  case BO_Shr:
    if (auto K = R.asConstant();
        K && K->isInteger() && K->num() >= 0 && K->num() < 62)
      return Expr::floorDiv(L, Expr(int64_t(1) << static_cast<int>(K->num())));
    return Expr::floorDiv(L, Expr::pow2(R));
  case BO_And:
    // x & (2^k - 1) is x mod 2^k for non-negative x.
    if (auto K = R.asConstant();
        K && K->isInteger() && K->num() > 0 && ((K->num() + 1) & K->num()) == 0)
      return Expr::mod(L, R + Expr(1));
    // x & (n - 1), the wrap of a power-of-two size n (a ring buffer, a
    // table of 2^k entries): x mod n, which it is for such an n.
    if (const auto *M = dyn_cast_or_null<clang::BinaryOperator>(
            RhsSource ? RhsSource->IgnoreParenImpCasts() : nullptr);
        M && M->getOpcode() == BO_Sub)
      if (auto One = foldInteger(M->getRHS(), Ctx); One && *One == Rational(1))
        return Expr::mod(L, R + Expr(1));
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

namespace {

/// 1 when the integer X is positive, else 0.
Expr positive(const Expr &X) {
  return Expr::min(Expr::max(X, Expr(0)), Expr(1));
}

} // namespace

std::optional<Expr>
SymbolicConverter::indicator(const clang::Expr *Cond) const {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot) {
    if (auto I = indicator(U->getSubExpr()))
      return Expr(1) - *I;
    return std::nullopt;
  }
  const auto *B = dyn_cast<clang::BinaryOperator>(Cond);
  if (B && (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr)) {
    auto L = indicator(B->getLHS());
    auto R = indicator(B->getRHS());
    if (!L || !R)
      return std::nullopt;
    return B->getOpcode() == BO_LAnd ? *L * *R : *L + *R - *L * *R;
  }
  if (!B || !B->isComparisonOp()) {
    // A bare integer (`if (n % d)`): true when it is not 0.
    if (!Cond->getType()->isIntegralOrEnumerationType() ||
        Cond->getType()->isBooleanType())
      return std::nullopt;
    auto X = convert(Cond);
    if (!X)
      return std::nullopt;
    return positive(*X) + positive(-*X);
  }
  if (!B->getLHS()->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType() ||
      !B->getRHS()->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  auto L = convert(B->getLHS());
  auto R = convert(B->getRHS());
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_LT:
    return positive(*R - *L);
  case BO_LE:
    return positive(*R - *L + Expr(1));
  case BO_GT:
    return positive(*L - *R);
  case BO_GE:
    return positive(*L - *R + Expr(1));
  case BO_EQ:
    return Expr(1) - positive(*L - *R) - positive(*R - *L);
  case BO_NE:
    return positive(*L - *R) + positive(*R - *L);
  default:
    return std::nullopt;
  }
}

std::optional<Expr>
SymbolicConverter::convertConditional(const ConditionalOperator *C) const {
  if (!C->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  auto T = convert(C->getTrueExpr());
  auto F = convert(C->getFalseExpr());
  if (!T || !F)
    return std::nullopt;
  const clang::Expr *Cond = C->getCond()->IgnoreParenImpCasts();
  // `n % d != 0 ? n / d + 1 : n / d` (and `n % d ? ...`, `n % d == 0 ? n / d
  // : n / d + 1`): the div_ceil helper written out, n / d rounded up.
  const clang::Expr *Rem = Cond;
  bool Swapped = false;
  if (const auto *B = dyn_cast<clang::BinaryOperator>(Cond);
      B && (B->getOpcode() == BO_NE || B->getOpcode() == BO_EQ ||
            B->getOpcode() == BO_GT))
    if (auto Z = foldInteger(B->getRHS(), Ctx); Z && Z->isZero()) {
      Rem = B->getLHS()->IgnoreParenImpCasts();
      Swapped = B->getOpcode() == BO_EQ;
    }
  if (const auto *M = dyn_cast<clang::BinaryOperator>(Rem);
      M && M->getOpcode() == BO_Rem) {
    auto N = convert(M->getLHS());
    auto D = convert(M->getRHS());
    if (N && D) {
      Expr Down = Expr::floorDiv(*N, *D);
      const Expr &Up = Swapped ? *F : *T, &Exact = Swapped ? *T : *F;
      if (Exact == Down && Up == Down + Expr(1))
        return Expr::ceilDiv(*N, *D);
    }
  }
  // `x < y ? x : y` is min(x, y); `x > y ? x : y` is max(x, y).
  if (const auto *B = dyn_cast<clang::BinaryOperator>(Cond);
      B && B->isRelationalOp()) {
    auto L = convert(B->getLHS());
    auto R = convert(B->getRHS());
    if (L && R) {
      bool Less = B->getOpcode() == BO_LT || B->getOpcode() == BO_LE;
      if (*T == *L && *F == *R)
        return Less ? Expr::min(*L, *R) : Expr::max(*L, *R);
      if (*T == *R && *F == *L)
        return Less ? Expr::max(*L, *R) : Expr::min(*L, *R);
    }
  }
  auto I = indicator(Cond);
  if (!I)
    return std::nullopt;
  if (*T == *F)
    return *T;
  return *F + *I * (*T - *F);
}

std::optional<std::string>
SymbolicConverter::fieldPath(const clang::Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return Env.ThisPath.empty() ? std::nullopt
                                : std::optional<std::string>(Env.ThisPath);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
    if (P && KernelParams.count(P) && P->getType()->isRecordType())
      return P->getName().str();
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field)
      return std::nullopt;
    // Through `this` only (the object itself is never a pointer argument).
    if (M->isArrow() && !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      return std::nullopt;
    if (auto Base = fieldPath(M->getBase()))
      return *Base + "." + Field->getName().str();
  }
  return std::nullopt;
}

std::optional<Expr> SymbolicConverter::convertCall(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Call->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  std::string Name = Callee->getNameAsString();
  if (auto V = groupValue(Call, Env.IndexedDims))
    return V;
  // A `return expr;` helper (an accessor such as rows(), an index helper):
  // its value with the arguments bound.
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) && Depth < 8 &&
      !Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    if (const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
        Body && Body->size() == 1)
      if (const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
          Ret && Ret->getRetValue()) {
        ValueEnv Local = Env;
        Local.ThisPath.clear();
        if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
          Local.ThisPath =
              fieldPath(Member->getImplicitObjectArgument()).value_or("");
        unsigned First =
            isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Def) ? 1 : 0;
        for (unsigned I = 0;
             I < Def->getNumParams() && I + First < Call->getNumArgs(); ++I)
          if (Def->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
            Local.Values[Def->getParamDecl(I)] =
                convert(Call->getArg(I + First));
        SymbolicConverter Inner(Ctx, Local, KernelParams);
        Inner.Depth = Depth + 1;
        return Inner.convert(Ret->getRetValue());
      }
  // __umul24(a, b) is a * b while both are below 2^24, which is what code
  // that multiplies indices with it relies on.
  if ((Name == "__umul24" || Name == "__mul24") && Call->getNumArgs() == 2) {
    auto A = convert(Call->getArg(0));
    auto B = convert(Call->getArg(1));
    if (!A || !B)
      return std::nullopt;
    return *A * *B;
  }
  if ((Name == "__popc" || Name == "__popcll") && Call->getNumArgs() == 1) {
    auto A = convert(Call->getArg(0));
    if (!A)
      return std::nullopt;
    return Expr::popcount(*A);
  }
  // __ffs(x), the lowest set bit's position from 1 (0 for x = 0): x - 1
  // turns the trailing zeros into ones and the lowest one into a zero, so
  // for x >= 1 it is popcount(x - 1) - popcount(x) + 2 (`k < __ffs(stride)
  // - 1` walks the powers of two below the grid's stride).
  if ((Name == "__ffs" || Name == "__ffsll") && Call->getNumArgs() == 1) {
    auto A = convert(Call->getArg(0));
    if (!A || !A->isProvablyNonNegativeRelaxed())
      return std::nullopt;
    Expr X = Expr::max(*A, Expr(1));
    return Expr::min(*A, Expr(1)) *
           (Expr::popcount(X - Expr(1)) - Expr::popcount(X) + Expr(2));
  }
  // __clz(x), the leading zeros of a 32-bit x (64 for __clzll): 31 -
  // floor(log2(x)) for x >= 1, all of them for 0, none for a negative x
  // (`1 << (32 - __clz(n - 1))`, the next power of two from n).
  if ((Name == "__clz" || Name == "__clzll") && Call->getNumArgs() == 1) {
    auto A = convert(Call->getArg(0));
    if (!A)
      return std::nullopt;
    Expr Bits(Name == "__clz" ? 32 : 64);
    Expr Positive = Expr::min(Expr::max(*A, Expr(0)), Expr(1));
    Expr Zero = Expr::min(Expr::max(*A + Expr(1), Expr(0)), Expr(1)) - Positive;
    return Positive *
               (Bits - Expr(1) - Expr::log2Floor(Expr::max(*A, Expr(1)))) +
           Zero * Bits;
  }
  if ((Name == "min" || Name == "max" || Name == "umin" || Name == "umax") &&
      Call->getNumArgs() == 2) {
    auto A = convert(Call->getArg(0));
    auto B = convert(Call->getArg(1));
    if (!A || !B)
      return std::nullopt;
    return Name.find("min") != std::string::npos ? Expr::min(*A, *B)
                                                 : Expr::max(*A, *B);
  }
  return std::nullopt;
}

} // namespace rla
