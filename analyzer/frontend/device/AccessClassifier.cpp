//===- AccessClassifier.cpp -----------------------------------------------===//
#include "analyzer/frontend/device/AccessClassifier.h"
#include "analyzer/frontend/device/SymbolicConverter.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace rla {

uint64_t AccessClassifier::sizeOf(QualType T) const {
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      T->isVoidType() || T->isFunctionType())
    return 0;
  return static_cast<uint64_t>(Ctx.getTypeSizeInChars(T).getQuantity());
}

std::optional<Expr>
AccessClassifier::offsetPlus(const std::optional<Expr> &Offset,
                             const clang::Expr *Index, uint64_t Scale,
                             bool Negate) const {
  if (!Offset || Scale == 0)
    return std::nullopt;
  // Addresses may hold block-uniform unknowns (CostWalkerAccess turns them
  // into a lane pattern at an unknown shift).
  auto I = SymbolicConverter(Ctx, Env, KernelParams, /*WithBlockValues=*/true)
               .convert(Index);
  if (!I)
    return std::nullopt;
  Expr Step = *I * Expr(int64_t(Scale));
  return Negate ? *Offset - Step : *Offset + Step;
}

bool AccessClassifier::isBlockUniform(const clang::Expr *E,
                                      unsigned Depth) const {
  if (Depth > 8)
    return false;
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (std::optional<CudaBuiltin> B = matchCudaBuiltin(E))
    return B->Variable != "threadIdx";
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
      return KernelParams.count(P) && P->getType()->isScalarType();
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->getType()->isIntegralOrEnumerationType())
      return false;
    if (V->hasAttr<CUDASharedAttr>())
      return true; // one value for the block, read after it is written
    // A constant local: its initialiser.
    return V->getType().isConstQualified() && V->getInit() &&
           isBlockUniform(V->getInit(), Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // min/max of uniform values (umin(stride, N - base)).
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return false;
    llvm::StringRef Name = F->getName();
    if (!(Name == "min" || Name == "max" || Name == "umin" || Name == "umax"))
      return false;
    return llvm::all_of(Call->arguments(), [&](const clang::Expr *A) {
      return isBlockUniform(A, Depth + 1);
    });
  }
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           isBlockUniform(B->getLHS(), Depth + 1) &&
           isBlockUniform(B->getRHS(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf &&
           isBlockUniform(U->getSubExpr(), Depth + 1);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isBlockUniform(C->getCond(), Depth + 1) &&
           isBlockUniform(C->getTrueExpr(), Depth + 1) &&
           isBlockUniform(C->getFalseExpr(), Depth + 1);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    // An element of a parameter's array at a uniform subscript.
    if (!ASE->getType()->isIntegralOrEnumerationType())
      return false;
    const auto *Base =
        dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
    const auto *Param = Base ? dyn_cast<ParmVarDecl>(Base->getDecl()) : nullptr;
    return Param && KernelParams.count(Param) &&
           isBlockUniform(ASE->getIdx(), Depth + 1);
  }
  return false;
}

std::optional<Expr>
AccessClassifier::laneOffsetPlus(const std::optional<Expr> &Offset,
                                 const clang::Expr *Index,
                                 uint64_t Scale) const {
  if (!Offset || Scale == 0)
    return std::nullopt;
  // The addends of `a + b - c`, each with its sign.
  std::vector<std::pair<const clang::Expr *, bool>> Addends;
  std::vector<std::pair<const clang::Expr *, bool>> Work{{Index, false}};
  while (!Work.empty()) {
    auto [E, Negated] = Work.back();
    Work.pop_back();
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<clang::BinaryOperator>(E);
        B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
      Work.push_back({B->getLHS(), Negated});
      Work.push_back(
          {B->getRHS(), B->getOpcode() == BO_Sub ? !Negated : Negated});
      continue;
    }
    Addends.push_back({E, Negated});
  }
  SymbolicConverter Convert(Ctx, Env, KernelParams);
  Expr Sum(0);
  bool Dropped = false;
  for (const auto &[E, Negated] : Addends) {
    if (auto V = Convert.convert(E)) {
      Sum = Negated ? Sum - *V : Sum + *V;
      continue;
    }
    if (!isBlockUniform(E))
      return std::nullopt;
    Dropped = true;
  }
  if (!Dropped)
    return std::nullopt;
  return *Offset + Sum * Expr(int64_t(Scale));
}

std::optional<uint64_t>
AccessClassifier::distinctValues(const clang::Expr *Index) const {
  const clang::Expr *E = Index->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E)) {
    auto C = foldInteger(B->getRHS(), Ctx);
    if (C && C->isInteger() && !C->isNegative() && C->num() < (1 << 30)) {
      if (B->getOpcode() == BO_Rem && !C->isZero())
        return static_cast<uint64_t>(C->num());
      if (B->getOpcode() == BO_And)
        return static_cast<uint64_t>(C->num()) + 1;
    }
  }
  QualType T = E->getType();
  if (T->isIntegralOrEnumerationType() && !T->isDependentType()) {
    uint64_t Bits = Ctx.getTypeSize(T);
    if (Bits <= 16)
      return uint64_t(1) << Bits;
  }
  return std::nullopt;
}

namespace {

/// Byte offset of a field within its record, when the layout is known.
std::optional<Expr> fieldOffset(const ASTContext &Ctx, const ValueDecl *D) {
  const auto *F = dyn_cast<FieldDecl>(D);
  if (!F || F->getParent()->isInvalidDecl() ||
      F->getParent()->isDependentType() || !F->getParent()->getDefinition())
    return std::nullopt;
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(F->getParent());
  return Expr(int64_t(Layout.getFieldOffset(F->getFieldIndex()) / 8));
}

std::optional<Expr> plusOffset(const std::optional<Expr> &A,
                               const std::optional<Expr> &B) {
  if (!A || !B)
    return std::nullopt;
  return *A + *B;
}

} // namespace

std::optional<MemoryOrigin>
AccessClassifier::originOfStorage(const ValueDecl *D) const {
  auto Ref = Env.References.find(D);
  if (Ref != Env.References.end())
    return Ref->second.Origin;
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V)
    return std::nullopt;
  std::string Name = V->getName().str();
  // A const with an initialiser (warpSize, a constexpr table size) is
  // folded by the compiler, not read from memory.
  if (V->getType().isConstQualified() && V->hasInit() &&
      V->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  if (V->hasAttr<CUDASharedAttr>()) {
    MemoryOrigin O{MemorySpace::Shared, Name};
    if (V->getType()->isConstantArrayType())
      O.ArrayBytes = sizeOf(V->getType());
    return O;
  }
  if (V->hasAttr<CUDAConstantAttr>())
    return MemoryOrigin{MemorySpace::Constant, Name};
  if (V->hasAttr<CUDADeviceAttr>() && V->hasGlobalStorage())
    return MemoryOrigin{MemorySpace::Global, Name};
  return std::nullopt; // a register
}

namespace {
/// atomicAdd, atomicInc and their scoped forms: they return the old value.
bool isCountingAtomic(const clang::FunctionDecl *F) {
  llvm::StringRef Name = F->getName();
  return Name.consume_front("atomicAdd") || Name.consume_front("atomicInc");
}

/// Whether S calls a counting atomic (not inside a nested lambda).
bool callsCountingAtomic(const clang::Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && isCountingAtomic(F))
      return true;
  for (const clang::Stmt *Child : S->children())
    if (callsCountingAtomic(Child))
      return true;
  return false;
}
} // namespace

bool AccessClassifier::isAtomicCursor(const clang::Expr *Index,
                                      unsigned Depth) const {
  if (Depth > 4 || !Index->getType()->isIntegralOrEnumerationType())
    return false;
  const clang::Expr *E = Index->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return false;
    if (isCountingAtomic(F))
      return true;
    // atomicAggInc(ctr): an integer a device function makes from its own
    // atomic on the counter.
    const FunctionDecl *Def = F->getDefinition();
    return Def && Def->hasBody() && callsCountingAtomic(Def->getBody());
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->isLocalVarDecl() && V->getInit())
      return isAtomicCursor(V->getInit(), Depth + 1);
  return false;
}

std::optional<MemoryOrigin>
AccessClassifier::originOfLValue(const clang::Expr *E) const {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_UncheckedDerivedToBase ||
        Cast->getCastKind() == CK_DerivedToBase)
      return originOfLValue(Cast->getSubExpr());
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    MemoryOrigin O = originOfPointer(ASE->getBase());
    std::optional<Expr> Before = O.Offset;
    // A pointer already shifted by a block-uniform value keeps its lanes'
    // pattern (LaneOffset) through the subscript.
    std::optional<Expr> Pattern = Before ? Before : O.LaneOffset;
    uint64_t Size = sizeOf(ASE->getType());
    O.Offset = offsetPlus(O.Offset, ASE->getIdx(), Size);
    O.LaneOffset.reset();
    if (Before && !O.Offset)
      O.DistinctIndices = distinctValues(ASE->getIdx());
    if (!O.Offset && Pattern) {
      O.LaneOffset = offsetPlus(Pattern, ASE->getIdx(), Size);
      if (!O.LaneOffset)
        O.LaneOffset = laneOffsetPlus(Pattern, ASE->getIdx(), Size);
      // Stream compaction: the warp's stores fill consecutive slots, at a
      // start only the counter knows.
      if (!O.LaneOffset && isAtomicCursor(ASE->getIdx())) {
        O.LaneOffset = *Pattern + Expr::symbol(dimSymbol("threadIdx", 0)) *
                                      Expr(int64_t(Size));
        O.AtomicCursor = true;
      }
    }
    return O;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return originOfPointer(U->getSubExpr());
    return std::nullopt;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    std::optional<MemoryOrigin> O =
        M->isArrow()
            ? std::optional<MemoryOrigin>(originOfPointer(M->getBase()))
            : originOfLValue(M->getBase());
    if (O)
      O->Offset = plusOffset(O->Offset, fieldOffset(Ctx, M->getMemberDecl()));
    return O;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return originOfStorage(Ref->getDecl());
  if (isa<CXXThisExpr>(E->IgnoreParenImpCasts()))
    return Env.ThisOrigin;
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return originOfLValue(Temp->getSubExpr());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // operator[] of a user type: the access is through its object.
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0) {
      auto O = originOfLValue(Op->getArg(0));
      if (O)
        O->Offset.reset(); // where operator[] points is not followed
      return O;
    }
  }
  return std::nullopt;
}

MemoryOrigin AccessClassifier::originOfVariable(const ValueDecl *D) const {
  // A pointer the kernel moved (`A += cRow * BK * K`) points where the
  // walker last saw it point; a parameter never moved, to its start.
  auto It = Env.Origins.find(D);
  if (It != Env.Origins.end())
    return It->second;
  if (const auto *Parm = dyn_cast<ParmVarDecl>(D))
    if (KernelParams.count(Parm))
      return MemoryOrigin{MemorySpace::Global, Parm->getName().str()};
  // A namespace-scope __device__ pointer or array used as a pointer.
  if (auto O = originOfStorage(D))
    return *O;
  return MemoryOrigin{MemorySpace::Unknown, D->getName().str(), std::nullopt};
}

MemoryOrigin AccessClassifier::originOfPointer(const clang::Expr *P) const {
  P = P->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(P)) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay) {
      if (auto O = originOfLValue(Cast->getSubExpr()))
        return *O;
      return MemoryOrigin{MemorySpace::Local, ""};
    }
    return originOfPointer(Cast->getSubExpr());
  }
  if (isa<CXXThisExpr>(P)) {
    if (Env.ThisOrigin)
      return *Env.ThisOrigin;
    return MemoryOrigin{MemorySpace::Unknown, "this", std::nullopt};
  }
  if (const auto *M = dyn_cast<MemberExpr>(P)) {
    // A pointer kept in a struct: in a register object (a by-value kernel
    // parameter such as a span or an accessor) it is a kernel argument and
    // points to global memory; read from memory, the same is assumed.
    std::optional<MemoryOrigin> Holder =
        M->isArrow()
            ? std::optional<MemoryOrigin>(originOfPointer(M->getBase()))
            : originOfLValue(M->getBase());
    if (!Holder || Holder->Space == MemorySpace::Local ||
        Holder->Space == MemorySpace::Global)
      return MemoryOrigin{MemorySpace::Global,
                          M->getMemberDecl()->getNameAsString()};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(P))
    return originOfVariable(Ref->getDecl());
  if (const auto *B = dyn_cast<clang::BinaryOperator>(P)) {
    // p + i, i + p, p - i: the offset moves by i elements.
    auto pointeeSize = [&](const clang::Expr *Ptr) -> uint64_t {
      if (const auto *PT = Ptr->getType()->getAs<PointerType>())
        return sizeOf(PT->getPointeeType());
      return 0;
    };
    bool Additive = B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub;
    if (B->getLHS()->getType()->isPointerType()) {
      MemoryOrigin O = originOfPointer(B->getLHS());
      std::optional<Expr> Pattern = O.Offset ? O.Offset : O.LaneOffset;
      O.Offset =
          Additive ? offsetPlus(O.Offset, B->getRHS(), pointeeSize(B->getLHS()),
                                B->getOpcode() == BO_Sub)
                   : std::nullopt;
      // `p + segmentBase` with a base the whole block shares: the lanes'
      // pattern stays, shifted by an unknown amount.
      O.LaneOffset = !O.Offset && Additive && isBlockUniform(B->getRHS())
                         ? Pattern
                         : std::nullopt;
      return O;
    }
    if (B->getRHS()->getType()->isPointerType()) {
      MemoryOrigin O = originOfPointer(B->getRHS());
      O.Offset = B->getOpcode() == BO_Add ? offsetPlus(O.Offset, B->getLHS(),
                                                       pointeeSize(B->getRHS()))
                                          : std::nullopt;
      return O;
    }
    if (B->getOpcode() == BO_Comma)
      return originOfPointer(B->getRHS());
  }
  if (const auto *U = dyn_cast<UnaryOperator>(P)) {
    if (U->getOpcode() == UO_AddrOf) {
      if (auto O = originOfLValue(U->getSubExpr()))
        return *O;
      return MemoryOrigin{MemorySpace::Local, ""};
    }
    if (U->isIncrementDecrementOp())
      return originOfPointer(U->getSubExpr());
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(P)) {
    MemoryOrigin T = originOfPointer(C->getTrueExpr());
    MemoryOrigin F = originOfPointer(C->getFalseExpr());
    if (T.Space == F.Space) {
      if (T.Base != F.Base || !T.Offset || !F.Offset || *T.Offset != *F.Offset)
        T.Offset.reset();
      return T;
    }
  }
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(P))
    return originOfPointer(Cleanups->getSubExpr());
  llvm::StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(P->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts());
  return MemoryOrigin{MemorySpace::Unknown,
                      Text.empty() ? "(a computed pointer)" : Text.str(),
                      std::nullopt};
}

std::optional<RowPadding>
AccessClassifier::rowPadding(const clang::Expr *LValue) const {
  // tile[a][b]: subscripts from the innermost, down to the variable.
  std::vector<const clang::Expr *> Indices;
  const clang::Expr *E = LValue->IgnoreParens();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    Indices.push_back(ASE->getIdx());
    const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase());
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
      return std::nullopt;
    E = Decay->getSubExpr()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasAttr<CUDASharedAttr>() || Indices.size() < 2 ||
      !V->getTypeSourceInfo())
    return std::nullopt;
  std::reverse(Indices.begin(), Indices.end()); // outermost first

  // The extents as declared, and the literal of the innermost one.
  std::vector<uint64_t> Extents;
  const clang::Expr *Literal = nullptr;
  TypeLoc TL = V->getTypeSourceInfo()->getTypeLoc();
  while (auto ATL = TL.getAs<ConstantArrayTypeLoc>()) {
    const auto *CAT = Ctx.getAsConstantArrayType(ATL.getType());
    if (!CAT)
      return std::nullopt;
    Extents.push_back(CAT->getZExtSize());
    Literal = ATL.getSizeExpr();
    TL = ATL.getElementLoc();
  }
  uint64_t Element = sizeOf(TL.getType());
  const auto *Int =
      Literal ? dyn_cast<IntegerLiteral>(Literal->IgnoreParenImpCasts())
              : nullptr;
  if (Extents.size() != Indices.size() || !Int || Element == 0 ||
      !Int->getBeginLoc().isFileID() || Extents.back() == 0)
    return std::nullopt;

  // Each subscript's stride with one element more per row.
  std::vector<uint64_t> Padded = Extents;
  Padded.back() += 1;
  RowPadding P;
  P.Extent = Extents.back();
  P.ByteOffset = Expr(0);
  uint64_t Stride = Element;
  SymbolicConverter Convert(Ctx, Env, KernelParams);
  for (size_t I = Indices.size(); I-- > 0;) {
    auto Index = Convert.convert(Indices[I]);
    if (!Index)
      return std::nullopt;
    P.ByteOffset = P.ByteOffset + *Index * Expr(int64_t(Stride));
    Stride *= Padded[I];
  }
  P.ArrayBytes = Stride;

  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc Where = SM.getPresumedLoc(Int->getBeginLoc());
  if (Where.isInvalid())
    return std::nullopt;
  P.File = Where.getFilename();
  P.Line = Where.getLine();
  P.Column = Where.getColumn();
  P.Length =
      Lexer::MeasureTokenLength(Int->getBeginLoc(), SM, Ctx.getLangOpts());
  P.Written = Lexer::getSourceText(
                  CharSourceRange::getTokenRange(Int->getSourceRange()), SM,
                  Ctx.getLangOpts())
                  .str();
  if (P.Length == 0 || P.Written.size() != P.Length)
    return std::nullopt;
  return P;
}

std::optional<uint64_t>
AccessClassifier::localArrayElementBytes(const clang::Expr *LValue) const {
  const auto *Sub = dyn_cast<ArraySubscriptExpr>(LValue->IgnoreParens());
  if (!Sub)
    return std::nullopt;
  const clang::Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      V->hasAttr<CUDASharedAttr>() || V->hasAttr<CUDAConstantAttr>() ||
      !V->getType()->isConstantArrayType())
    return std::nullopt;
  uint64_t Bytes = sizeOf(LValue->getType());
  return Bytes ? std::optional<uint64_t>(Bytes) : std::nullopt;
}

std::optional<MemoryAccess>
AccessClassifier::classifyLValue(const clang::Expr *LValue) const {
  auto Origin = originOfLValue(LValue);
  if (!Origin || Origin->Space == MemorySpace::Local)
    return std::nullopt;
  MemoryAccess A{*Origin, sizeOf(LValue->getType())};
  if (Origin->Space == MemorySpace::Shared)
    A.Padding = rowPadding(LValue);
  return A;
}

} // namespace rla
