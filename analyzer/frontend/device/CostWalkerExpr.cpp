//===- CostWalkerExpr.cpp - Expressions: FLOPs, accesses, calls -----------===//
#include "analyzer/cuda/MathFunctions.h"
#include "analyzer/cuda/RandomFunctions.h"
#include "analyzer/frontend/device/CompileTimeValue.h"
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rla {
namespace {

/// The cuRAND generator a call's state argument is ("curandStateXORWOW"
/// for a curandState *), or empty when no argument points to one.
std::string curandStateName(const CallExpr *Call) {
  for (const clang::Expr *Arg : Call->arguments()) {
    const auto *P = Arg->getType()->getAs<PointerType>();
    const RecordDecl *R = P ? P->getPointeeType()->getAsRecordDecl() : nullptr;
    if (R && R->getName().starts_with("curandState"))
      return R->getName().str();
  }
  return "";
}

bool isSyncFunction(llvm::StringRef Name) {
  return Name == "__syncthreads" || Name == "__syncthreads_count" ||
         Name == "__syncthreads_and" || Name == "__syncthreads_or" ||
         Name == "__barrier_sync";
}

const clang::Expr *skipNoOps(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
        Cast && (Cast->getCastKind() == CK_NoOp ||
                 Cast->getCastKind() == CK_UncheckedDerivedToBase)) {
      E = Cast->getSubExpr();
      continue;
    }
    if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = Temp->getSubExpr();
      continue;
    }
    return E;
  }
}

bool isArithmeticOperator(OverloadedOperatorKind K, unsigned NumArgs) {
  switch (K) {
  case OO_Plus:
  case OO_Minus:
    return NumArgs == 2;
  case OO_Star:
  case OO_Slash:
    return true;
  default:
    return false;
  }
}

bool isCompoundOperator(OverloadedOperatorKind K) {
  return K == OO_PlusEqual || K == OO_MinusEqual || K == OO_StarEqual ||
         K == OO_SlashEqual;
}

bool isComparisonOperator(OverloadedOperatorKind K) {
  return K == OO_EqualEqual || K == OO_ExclaimEqual || K == OO_Less ||
         K == OO_LessEqual || K == OO_Greater || K == OO_GreaterEqual;
}

} // namespace

std::optional<Precision> CostWalker::precisionOf(QualType T,
                                                 unsigned *Lanes) const {
  if (Lanes)
    *Lanes = 1;
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Half:
    case BuiltinType::Float16:
      return Precision::FP16;
    case BuiltinType::BFloat16:
      return Precision::BF16;
    case BuiltinType::Float:
      return Precision::FP32;
    case BuiltinType::Double:
    case BuiltinType::LongDouble:
      return Precision::FP64;
    default:
      return std::nullopt;
    }
  }
  if (const RecordDecl *R = T->getAsRecordDecl()) {
    llvm::StringRef Name = R->getName();
    if (Name == "__half" || Name == "half")
      return Precision::FP16;
    if (Name == "__nv_bfloat16")
      return Precision::BF16;
    if (Name == "__half2" || Name == "half2" || Name == "__nv_bfloat162") {
      if (Lanes)
        *Lanes = 2;
      return Name == "__nv_bfloat162" ? Precision::BF16 : Precision::FP16;
    }
  }
  return std::nullopt;
}

ExprRange CostWalker::executions() {
  std::optional<Note> Why;
  ExprRange N = Space.count(&Why);
  if (Why)
    rangeReason(std::move(*Why));
  Expr Gate = gate();
  if (mentionsThreadIndex(Gate)) {
    // A 0/1 factor of the thread (`i > max(0, tid * 16 - 1)`): the threads
    // it passes, summed one by one; where that is not possible, none to all.
    if (auto Passing = Space.sumOverPoints(Gate))
      return *Passing;
    rangeReason(note(NoteId::ThreadGateNotSummed));
    return ExprRange(Expr(0), N.High);
  }
  return ExprRange(N.Low * Gate, N.High * Gate);
}

Expr CostWalker::gate() const {
  Expr Gate(1);
  for (const Expr &U : Uniform)
    Gate = Gate * U;
  return Gate;
}

void CostWalker::addTo(const std::function<Expr &(CostVector &)> &Field,
                       const Expr &Amount) {
  ExprRange N = executions();
  Field(Cur->Total.Low) += N.Low * Amount;
  Field(Cur->Total.High) += N.High * Amount;
  Field(Cur->PerThread.Low) += Amount;
  Field(Cur->PerThread.High) += Amount;
}

void CostWalker::add(Expr CostVector::*Field, const Expr &Amount) {
  addTo([Field](CostVector &V) -> Expr & { return V.*Field; }, Amount);
}

void CostWalker::addFlops(Precision P, const Expr &Amount) {
  unsigned I = static_cast<unsigned>(P);
  addTo([I](CostVector &V) -> Expr & { return V.Flops[I]; }, Amount);
}

void CostWalker::countArithmetic(QualType Type, unsigned Amount,
                                 bool Division) {
  unsigned Lanes = 1;
  if (auto P = precisionOf(Type, &Lanes)) {
    addFlops(*P, Expr(int64_t(Amount * Lanes)));
    // The hardware view: one instruction per operation whatever the lanes;
    // a division is the reciprocal-and-FMA sequence of the IEEE intrinsic.
    unsigned Hardware = Amount;
    if (Division) {
      const char *Intrinsic = *P == Precision::FP64   ? "__ddiv_rn"
                              : *P == Precision::FP32 ? "__fdiv_rn"
                                                      : "__hdiv";
      if (auto Cost = lookupMathFunction(Intrinsic))
        Hardware = Amount * Cost->HardwareFlops;
    }
    add(&CostVector::HardwareFlops, Expr(int64_t(Hardware)));
    addLineWork(&LineWork::HardwareFlops, Hardware);
    return;
  }
  if (Type->isIntegralOrEnumerationType() || Type->isPointerType())
    add(&CostVector::IntOps, Expr(int64_t(Amount)));
}

void CostWalker::countAccess(const MemoryAccess &A, bool Store) {
  Expr Bytes(int64_t(A.Bytes));
  switch (A.Origin.Space) {
  case MemorySpace::Shared:
    recordAccess(A.Origin, A.Bytes,
                 Store ? AccessKind::Store : AccessKind::Load,
                 A.Padding ? &*A.Padding : nullptr);
    return add(Store ? &CostVector::SharedStoreBytes
                     : &CostVector::SharedLoadBytes,
               Bytes);
  case MemorySpace::Constant:
    assume(note(NoteId::ConstantCacheReads, {{"array", A.Origin.Base}}));
    return;
  case MemorySpace::Local:
    return; // registers: no memory traffic
  case MemorySpace::Unknown:
    assume(note(NoteId::UnknownOriginPointer, {{"pointer", A.Origin.Base}}));
    [[fallthrough]];
  case MemorySpace::Global:
    recordAccess(A.Origin, A.Bytes,
                 Store ? AccessKind::Store : AccessKind::Load);
    add(Store ? &CostVector::GlobalStores : &CostVector::GlobalLoads, Expr(1));
    add(Store ? &CostVector::GlobalStoreBytes : &CostVector::GlobalLoadBytes,
        Bytes);
    return;
  }
}

void CostWalker::walkExpr(const clang::Expr *E) {
  if (!E)
    return;
  E = E->IgnoreParens();
  // `sqrtf(2.0f / M_PI)`: nvcc folds it; nothing runs.
  if (!E->isGLValue() && isFoldedByCompiler(E))
    return;
  AccessLoc = E->getBeginLoc();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_LValueToRValue) {
    const clang::Expr *Sub = Cast->getSubExpr();
    if (auto A = walkReturnedReference(Sub)) {
      countAccess(MemoryAccess{A->Origin, classifier().sizeOf(Cast->getType())},
                  false);
      return;
    }
    if (isa<CallExpr>(skipNoOps(Sub)))
      return walkExpr(skipNoOps(Sub));
    if (auto A = classifier().classifyLValue(Sub)) {
      countAccess(MemoryAccess{A->Origin, classifier().sizeOf(Cast->getType()),
                               A->Padding},
                  false);
      walkLValueAddress(Sub);
      return;
    }
    if (auto Bytes = classifier().localArrayElementBytes(Sub))
      addLineWork(&LineWork::LocalLoadBytes, double(*Bytes));
    return walkLValueAddress(Sub);
  }
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      QualType CompType;
      if (const auto *CA = dyn_cast<CompoundAssignOperator>(B))
        CompType = CA->getComputationResultType();
      return walkAssignment(B->getLHS(), B->getRHS(), B,
                            B->isCompoundAssignmentOp(), CompType);
    }
    if (B->isComparisonOp()) {
      add(&CostVector::CompareOps, Expr(1));
    } else if (B->isAdditiveOp() || B->isMultiplicativeOp() || B->isShiftOp() ||
               B->isBitwiseOp()) {
      countArithmetic(B->getType(), 1, B->getOpcode() == BO_Div);
    }
    walkExpr(B->getLHS());
    walkExpr(B->getRHS());
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    const clang::Expr *Sub = U->getSubExpr();
    if (U->isIncrementDecrementOp()) {
      if (auto A = classifier().classifyLValue(Sub)) {
        countAccess(*A, false);
        countAccess(*A, true);
      } else if (const auto *Ref = dyn_cast<DeclRefExpr>(Sub->IgnoreParens())) {
        if (Sub->getType()->isPointerType())
          movePointer(Ref->getDecl(), Expr(U->isIncrementOp() ? 1 : -1));
        auto It = Env.Values.find(Ref->getDecl());
        if (It != Env.Values.end() && It->second)
          It->second = *It->second + Expr(U->isIncrementOp() ? 1 : -1);
        else
          Env.forget(Ref->getDecl());
      }
      countArithmetic(Sub->getType());
      return walkLValueAddress(Sub);
    }
    if (U->getOpcode() == UO_AddrOf)
      return walkLValueAddress(Sub);
    if (U->getOpcode() == UO_Deref)
      return walkExpr(Sub);
    return walkExpr(Sub);
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E))
    return walkOperatorCall(Op);
  if (isa<CUDAKernelCallExpr>(E)) {
    finding("rl-unsupported", Severity::Warning,
            note(NoteId::DeviceLaunchNotAnalysed), E->getBeginLoc());
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return walkCall(Call);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Construct->getNumArgs() == 1 && Ctor &&
        (Ctor->isCopyConstructor() || Ctor->isMoveConstructor())) {
      const clang::Expr *Source = skipNoOps(Construct->getArg(0));
      if (auto A = classifier().classifyLValue(Source)) {
        countAccess(*A, false);
        return walkLValueAddress(Source);
      }
    }
    for (const clang::Expr *Arg : Construct->arguments())
      walkExpr(Arg);
    return;
  }
  if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(E)) {
    walkExpr(Cond->getCond());
    return walkConditionalValue(Cond->getCond(), Cond->getTrueExpr(),
                                Cond->getFalseExpr());
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) || isa<DeclRefExpr>(E))
    return walkLValueAddress(E);
  if (isa<PseudoObjectExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E) ||
      isa<LambdaExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<StringLiteral>(E))
    return;
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<clang::Expr>(Child))
      walkExpr(ChildExpr);
}

void CostWalker::walkLValueAddress(const clang::Expr *E) {
  if (!E)
    return;
  E = skipNoOps(E);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    walkExpr(ASE->getBase());
    walkExpr(ASE->getIdx());
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return walkExpr(U->getSubExpr());
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return walkExpr(M->getBase());
    return walkLValueAddress(M->getBase());
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_ArrayToPointerDecay)
    return walkLValueAddress(Cast->getSubExpr());
  if (isa<DeclRefExpr>(E))
    return;
  walkExpr(E);
}

void CostWalker::movePointer(const ValueDecl *D,
                             const std::optional<Expr> &Elements,
                             bool UniformShift) {
  MemoryOrigin O = classifier().originOfVariable(D);
  uint64_t Size = 0;
  if (const auto *PT = D->getType()->getAs<PointerType>())
    Size = classifier().sizeOf(PT->getPointeeType());
  std::optional<Expr> Pattern = O.Offset ? O.Offset : O.LaneOffset;
  O.LaneOffset.reset();
  if (O.Offset && Elements && Size) {
    O.Offset = *O.Offset + *Elements * Expr(int64_t(Size));
  } else {
    O.Offset.reset();
    // `d_SrcKey += segmentBase`, a base the whole block shares: the lanes'
    // pattern stays, shifted by an unknown amount.
    if (Pattern && Size)
      O.LaneOffset = Elements       ? *Pattern + *Elements * Expr(int64_t(Size))
                     : UniformShift ? Pattern
                                    : std::nullopt;
  }
  Env.Origins[D] = O;
}

void CostWalker::walkAssignment(const clang::Expr *LHS, const clang::Expr *RHS,
                                const clang::Expr *Whole, bool Compound,
                                QualType ComputationType) {
  if (auto A = walkReturnedReference(LHS)) {
    if (Compound)
      countAccess(*A, false);
    countAccess(*A, true);
    if (Compound) {
      const auto *CA = dyn_cast<CompoundAssignOperator>(Whole);
      countArithmetic(ComputationType.isNull() ? LHS->getType()
                                               : ComputationType,
                      1, CA && CA->getOpcode() == BO_DivAssign);
    }
    return walkExpr(RHS);
  }
  const auto *LhsRef = dyn_cast<DeclRefExpr>(skipNoOps(LHS));
  bool LocalReference =
      LhsRef && Env.LocalReferences.count(LhsRef->getDecl()) > 0;
  if (auto A =
          LocalReference ? std::nullopt : classifier().classifyLValue(LHS)) {
    if (Compound)
      countAccess(*A, false);
    countAccess(*A, true);
  } else if (auto Bytes = classifier().localArrayElementBytes(LHS)) {
    AccessLoc = LHS->getBeginLoc();
    if (Compound)
      addLineWork(&LineWork::LocalLoadBytes, double(*Bytes));
    addLineWork(&LineWork::LocalStoreBytes, double(*Bytes));
  } else if (const auto *Ref = LhsRef) {
    // A register: track its new value.
    const ValueDecl *D = Ref->getDecl();
    QualType T = D->getType().getNonReferenceType();
    if (!LocalReference && D->getType()->isReferenceType())
      T = D->getType();
    if (T->isIntegralOrEnumerationType()) {
      std::optional<Expr> New;
      auto Rhs = converter().convert(RHS);
      auto Old = Env.Values.find(D);
      std::optional<Expr> OldValue =
          Old != Env.Values.end() ? Old->second : converter().convert(LHS);
      if (!Compound) {
        New = Rhs;
      } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Whole);
                 CA && Rhs && OldValue) {
        // `i >>= log2n`, `x &= n - 1`: the operator's own value.
        New = converter().combine(
            clang::BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()),
            *OldValue, *Rhs, CA->getRHS());
      }
      Env.Values[D] = New;
      Env.BlockValues.erase(D);
      if (!New && !Compound)
        if (auto B = blockValue(RHS))
          Env.BlockValues[D] = *B;
    } else if (T->isPointerType()) {
      const auto *CA = dyn_cast<CompoundAssignOperator>(Whole);
      if (!Compound) {
        Env.Origins[D] = classifier().originOfPointer(RHS);
      } else if (CA && (CA->getOpcode() == BO_AddAssign ||
                        CA->getOpcode() == BO_SubAssign)) {
        // `A += BK`: the pointer moves by BK elements.
        std::optional<Expr> Elements = converter().convert(RHS);
        if (Elements && CA->getOpcode() == BO_SubAssign)
          Elements = -*Elements;
        movePointer(D, Elements, classifier().isBlockUniform(RHS));
      } else {
        movePointer(D, std::nullopt);
      }
    } else if (T->isRealFloatingType()) {
      Env.Texels.erase(D);
    } else if (T->isReferenceType()) {
      // Assigning through a reference bound to caller memory.
      if (auto A = classifier().classifyLValue(LHS)) {
        if (Compound)
          countAccess(*A, false);
        countAccess(*A, true);
      }
    }
  }
  walkLValueAddress(LHS);
  if (Compound) {
    QualType T = ComputationType.isNull() ? LHS->getType() : ComputationType;
    const auto *CA = dyn_cast<CompoundAssignOperator>(Whole);
    countArithmetic(T, 1, CA && CA->getOpcode() == BO_DivAssign);
  }
  // A class-type operator= reads its source through a reference.
  const clang::Expr *Source = skipNoOps(RHS);
  if (Source->isGLValue())
    if (auto A = classifier().classifyLValue(Source)) {
      countAccess(*A, false);
      return walkLValueAddress(Source);
    }
  walkExpr(RHS);
}

void CostWalker::walkConditionalValue(const clang::Expr *Cond,
                                      const clang::Expr *T,
                                      const clang::Expr *F) {
  if (auto Known = foldInteger(Cond, Ctx))
    return walkExpr(Known->isZero() ? F : T);
  walkBranches(
      Cond, [&] { walkExpr(T); }, [&] { walkExpr(F); },
      /*Conditional=*/true, where(Cond));
}

void CostWalker::walkOperatorCall(const CXXOperatorCallExpr *Op) {
  OverloadedOperatorKind K = Op->getOperator();
  unsigned N = Op->getNumArgs();
  const FunctionDecl *Callee = Op->getDirectCallee();
  if (K == OO_Equal && N == 2)
    return walkAssignment(Op->getArg(0), Op->getArg(1), Op, false, QualType());
  if (isCompoundOperator(K) && N == 2 && precisionOf(Op->getArg(0)->getType()))
    return walkAssignment(Op->getArg(0), Op->getArg(1), Op, true,
                          Op->getArg(0)->getType());
  bool Counted = false;
  if (isArithmeticOperator(K, N) && precisionOf(Op->getType())) {
    countArithmetic(Op->getType());
    Counted = true;
  } else if (isComparisonOperator(K) && N == 2 &&
             precisionOf(Op->getArg(0)->getType())) {
    add(&CostVector::CompareOps, Expr(1));
    Counted = true;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Def = nullptr;
  if (!Counted && Callee && Callee->hasBody(Def) &&
      !SM.isInSystemHeader(Def->getLocation())) {
    llvm::SmallVector<const clang::Expr *, 4> Args;
    unsigned First = isa<CXXMethodDecl>(Def) ? 1 : 0;
    if (First == 1)
      walkLValueAddress(Op->getArg(0));
    for (unsigned I = First; I < N; ++I)
      Args.push_back(Op->getArg(I));
    inlineCall(Def, Args, Op, First == 1 ? Op->getArg(0) : nullptr);
    return;
  }
  // Operands bound to const references are read here.
  for (const clang::Expr *Arg : Op->arguments()) {
    const clang::Expr *Source = skipNoOps(Arg);
    if (Source->isGLValue()) {
      if (auto A = classifier().classifyLValue(Source)) {
        countAccess(*A, false);
        walkLValueAddress(Source);
        continue;
      }
    }
    walkExpr(Arg);
  }
}

void CostWalker::walkCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee) {
    finding("rl-opaque-call", Severity::Warning,
            note(NoteId::IndirectCallNotAnalysed), Call->getBeginLoc());
    for (const clang::Expr *Arg : Call->arguments())
      walkExpr(Arg);
    return;
  }
  std::string Name = Callee->getNameAsString();
  // A builtin the compiler folds to a constant (INFINITY is
  // __builtin_inff(), NAN __builtin_nanf("")): no instruction runs.
  if (Callee->getBuiltinID() != 0 && !Call->isValueDependent() &&
      Call->isEvaluatable(Ctx))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Def = nullptr;
  bool HasBody = Callee->hasBody(Def);
  bool Library = SM.isInSystemHeader(Callee->getLocation()) ||
                 (Def && SM.isInSystemHeader(Def->getLocation())) || !HasBody;
  auto walkArgs = [&](unsigned From) {
    for (unsigned I = From; I < Call->getNumArgs(); ++I)
      walkExpr(Call->getArg(I));
  };
  auto pointeeBytes = [&](const clang::Expr *Ptr) -> uint64_t {
    QualType T = Ptr->getType();
    if (const auto *P = T->getAs<PointerType>())
      return classifier().sizeOf(P->getPointeeType());
    return 0;
  };

  if (Library && walkWmmaCall(Call, Callee))
    return;
  if (Library && walkTextureCall(Call, Callee))
    return;
  bool GroupSync = false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee))
    GroupSync =
        Name == "sync" && Method->getParent()->getQualifiedNameAsString().find(
                              "cooperative_groups") != std::string::npos;
  if (isSyncFunction(Name) || GroupSync) {
    add(&CostVector::Barriers, Expr(1));
    return walkArgs(0);
  }
  if (Library && isAtomicFunction(Name) && Call->getNumArgs() > 0) {
    add(&CostVector::AtomicOps, Expr(1));
    add(&CostVector::AtomicBytes, Expr(int64_t(pointeeBytes(Call->getArg(0)))));
    AccessLoc = Call->getBeginLoc();
    size_t Before = Out.Accesses.size();
    recordAccess(classifier().originOfPointer(Call->getArg(0)),
                 pointeeBytes(Call->getArg(0)), AccessKind::Atomic);
    if (Out.Accesses.size() > Before)
      if (const auto *P = Call->getArg(0)->getType()->getAs<PointerType>())
        Out.Accesses.back().FloatAtomic =
            P->getPointeeType()->isSpecificBuiltinType(BuiltinType::Float);
    return walkArgs(0);
  }
  if (Library && Call->getNumArgs() > 0) {
    MemoryIntrinsic M = classifyMemoryIntrinsic(Name);
    if (M != MemoryIntrinsic::None) {
      MemoryAccess A{classifier().originOfPointer(Call->getArg(0)),
                     pointeeBytes(Call->getArg(0))};
      countAccess(A, M == MemoryIntrinsic::Store);
      return walkArgs(0);
    }
  }
  if (Library) {
    // exp(float), sincos(float, float *, float *), ldexp(float, int): the
    // single-precision function by another name.
    auto isDouble = [](QualType T) {
      if (const auto *P = T->getAs<PointerType>())
        T = P->getPointeeType();
      return T->isSpecificBuiltinType(BuiltinType::Double);
    };
    bool FloatOverload =
        Callee->getNumParams() > 0 &&
        Callee->getParamDecl(0)->getType()->isSpecificBuiltinType(
            BuiltinType::Float) &&
        llvm::none_of(Callee->parameters(), [&](const ParmVarDecl *Param) {
          return isDouble(Param->getType());
        });
    std::string State = curandStateName(Call);
    if (Name == "curand_init" && !State.empty() && Call->getNumArgs() >= 2) {
      walkCurandInit(Call, State);
      return walkArgs(0);
    }
    std::optional<MathFunctionCost> Cost =
        State.empty() ? std::nullopt : lookupRandomFunction(Name, State);
    if (!Cost)
      Cost = lookupMathFunction(Name, FloatOverload);
    if (Cost) {
      unsigned Lanes = Cost->Lanes;
      std::optional<Precision> P = Cost->Prec;
      if (!P && Call->getNumArgs() > 0)
        P = precisionOf(Call->getArg(0)->getType(), &Lanes);
      if (!P)
        P = precisionOf(Call->getType(), &Lanes);
      // Per call: a cost of several calls together is shared out.
      int64_t Calls = std::max(1u, Cost->CallsPerCost);
      auto perCall = [&](unsigned V) {
        return Expr(Rational(int64_t(V), Calls));
      };
      if (Cost->Flops && P)
        addFlops(*P, perCall(Cost->Flops * Lanes));
      if (Cost->SfuOps) {
        add(&CostVector::SfuOps, perCall(Cost->SfuOps * Lanes));
        addLineWork(&LineWork::SfuOps, double(Cost->SfuOps * Lanes) / Calls);
      }
      if (Cost->CompareOps)
        add(&CostVector::CompareOps, perCall(Cost->CompareOps * Lanes));
      if (Cost->HardwareFlops && P) {
        add(&CostVector::HardwareFlops, perCall(Cost->HardwareFlops));
        addLineWork(&LineWork::HardwareFlops,
                    double(Cost->HardwareFlops) / Calls);
      }
      return walkArgs(0);
    }
  }
  if (HasBody && !SM.isInSystemHeader(Def->getLocation())) {
    llvm::SmallVector<const clang::Expr *, 4> Args(Call->arguments());
    const clang::Expr *Object = nullptr;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      Object = Member->getImplicitObjectArgument();
      walkLValueAddress(Object);
    }
    inlineCall(Def, Args, Call, Object);
    return;
  }
  // A library member function (a conversion such as __half -> float) reads
  // the object it is called on.
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    const clang::Expr *Object = skipNoOps(Member->getImplicitObjectArgument());
    if (Object->isGLValue())
      if (auto A = classifier().classifyLValue(Object))
        countAccess(*A, false);
    walkLValueAddress(Object);
  }
  if (!HasBody && !SM.isInSystemHeader(Callee->getLocation())) {
    finding("rl-opaque-call", Severity::Warning,
            note(NoteId::CallWithoutDefinition, {{"callee", Name}}),
            Call->getBeginLoc());
  } else if (!countAsyncCopy(Call, Name)) {
    UncountedCalls.insert(Name);
  }
  // Arguments a library function takes by reference are read there.
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const clang::Expr *Arg = Call->getArg(I);
    const clang::Expr *Source = skipNoOps(Arg);
    if (Source->isGLValue() && I < Callee->getNumParams() &&
        Callee->getParamDecl(I)->getType()->isReferenceType()) {
      if (auto A = classifier().classifyLValue(Source)) {
        countAccess(*A, false);
        walkLValueAddress(Source);
        continue;
      }
    }
    walkExpr(Arg);
  }
}

std::optional<MemoryAccess>
CostWalker::walkReturnedReference(const clang::Expr *E) {
  E = skipNoOps(E);
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || !Call->getCallReturnType(Ctx)->isReferenceType())
    return std::nullopt;
  ReturnedOrigin.reset();
  walkExpr(Call);
  std::optional<MemoryOrigin> Origin = ReturnedOrigin;
  ReturnedOrigin.reset();
  if (!Origin || Origin->Space == MemorySpace::Local)
    return std::nullopt;
  return MemoryAccess{*Origin, classifier().sizeOf(E->getType())};
}

const VarDecl *CostWalker::integerRegister(const clang::Expr *E) const {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || Var->hasGlobalStorage() || Var->hasAttr<CUDASharedAttr>())
    return nullptr;
  // A reference parameter that is itself a caller's register passes on.
  if (Var->getType()->isReferenceType())
    return Env.LocalReferences.count(Var) ? Var : nullptr;
  return Var->getType()->isIntegralOrEnumerationType() ? Var : nullptr;
}

std::optional<MemoryOrigin>
CostWalker::inlineCall(const FunctionDecl *Callee,
                       llvm::ArrayRef<const clang::Expr *> Args,
                       const clang::Expr *Call, const clang::Expr *ThisObject) {
  bool Recursive =
      std::find(CallStack.begin(), CallStack.end(), Callee) != CallStack.end();
  if (Recursive || CallStack.size() >= 64) {
    finding("rl-recursion", Severity::Warning,
            note(NoteId::RecursionNotFollowed,
                 {{"callee", Callee->getNameAsString()}}),
            Call->getBeginLoc());
    for (const clang::Expr *Arg : Args)
      walkExpr(Arg);
    return std::nullopt;
  }
  ValueEnv CallerEnv = Env;
  ValueEnv CalleeEnv = Env;
  if (ThisObject) {
    // Where the object lives decides whether its members are memory.
    const clang::Expr *Object = skipNoOps(ThisObject);
    std::optional<MemoryOrigin> O;
    if (Object->getType()->isPointerType())
      O = classifier().originOfPointer(Object);
    else if (auto A = classifier().classifyLValue(Object))
      O = A->Origin;
    else
      O = MemoryOrigin{MemorySpace::Local, ""};
    CalleeEnv.ThisOrigin = O;
    CalleeEnv.ThisPath = converter().fieldPath(Object).value_or("");
  } else {
    CalleeEnv.ThisOrigin.reset();
    CalleeEnv.ThisPath.clear();
  }
  for (unsigned I = 0; I < Args.size() && I < Callee->getNumParams(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    const clang::Expr *Arg = Args[I];
    QualType T = P->getType();
    if (T->isReferenceType()) {
      const clang::Expr *Source = skipNoOps(Arg);
      walkLValueAddress(Source);
      if (const auto *Local = integerRegister(Source);
          Local && T.getNonReferenceType()->isIntegralOrEnumerationType()) {
        CalleeEnv.LocalReferences[P] = Local;
        CalleeEnv.Values[P] = converter().convert(Source);
        continue;
      }
      if (auto A = classifier().classifyLValue(Source))
        CalleeEnv.References[P] = BoundReference{A->Origin};
      else if (T.getNonReferenceType()->isIntegralOrEnumerationType())
        CalleeEnv.Values[P] = converter().convert(Source);
      continue;
    }
    walkExpr(Arg);
    bindValue(CalleeEnv, P, Arg);
  }
  Env = CalleeEnv;
  CallStack.push_back(Callee);
  InlineSites.push_back(Call);
  ReturnedOrigin.reset();
  walkStmt(Callee->getBody());
  std::optional<MemoryOrigin> Returned = ReturnedOrigin;
  InlineSites.pop_back();
  CallStack.pop_back();
  // What the callee left in its reference parameters is the caller's.
  for (const auto &[Param, Local] : CalleeEnv.LocalReferences) {
    auto It = Env.Values.find(Param);
    CallerEnv.Values[Local] =
        It != Env.Values.end() ? It->second : std::nullopt;
  }
  Env = CallerEnv;
  ReturnedOrigin = Returned;
  return Returned;
}

} // namespace rla
