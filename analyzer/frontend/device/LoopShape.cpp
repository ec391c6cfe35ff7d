//===- LoopShape.cpp ------------------------------------------------------===//
#include "analyzer/frontend/device/LoopShape.h"
#include "analyzer/frontend/device/InductionVars.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;

namespace rla {
namespace {

const VarDecl *referencedVar(const clang::Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

class AssignedVarCollector : public RecursiveASTVisitor<AssignedVarCollector> {
public:
  explicit AssignedVarCollector(std::set<const ValueDecl *> &Out) : Out(Out) {}
  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      note(C->getArg(0));
    return true;
  }
  /// `v.push_back(x)`, `v.clear()`: a method that is not const changes its
  /// object.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *M = C->getMethodDecl();
    // Through a pointer (`p->update()`) the pointer itself is unchanged.
    const auto *Callee = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
    if (M && !M->isConst() && !M->isStatic() && !(Callee && Callee->isArrow()))
      if (const clang::Expr *Object = C->getImplicitObjectArgument())
        note(Object);
    return true;
  }

private:
  void note(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    // `g.x = 7` changes g.
    while (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow())
        return;
      E = M->getBase()->IgnoreParenImpCasts();
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      Out.insert(Ref->getDecl());
  }
  std::set<const ValueDecl *> &Out;
};

/// The change the increment makes to Var.
struct Increment {
  enum Kind { Add, Shr, Shl, None } IncKind = None;
  const clang::Expr *Amount = nullptr; ///< Add: the step expression
  bool Negate = false;                 ///< Add: subtracts Amount
  int64_t Constant = 1;                ///< Add without Amount (++/--)
  unsigned Shift = 1; ///< Shr/Shl: bits per step (`>>= 2`, `/= 4`)
};

/// k for a literal 2^k (1 <= k <= 30): `/= 4` halves twice per step.
std::optional<unsigned> powerOfTwoLiteral(const clang::Expr *E) {
  const auto *Lit = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  if (!Lit || !Lit->getValue().isPowerOf2())
    return std::nullopt;
  unsigned K = Lit->getValue().logBase2();
  if (K < 1 || K > 30)
    return std::nullopt;
  return K;
}

/// k for a literal shift amount 1 <= k <= 30.
std::optional<unsigned> shiftLiteral(const clang::Expr *E) {
  const auto *Lit = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  if (!Lit || Lit->getValue().ugt(30) || Lit->getValue().isZero())
    return std::nullopt;
  return static_cast<unsigned>(Lit->getValue().getZExtValue());
}

Increment analyzeIncrement(const clang::Expr *Inc, const VarDecl *Var) {
  Increment R;
  if (!Inc)
    return R;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (U->isIncrementDecrementOp() && referencedVar(U->getSubExpr()) == Var) {
      R.IncKind = Increment::Add;
      R.Constant = U->isIncrementOp() ? 1 : -1;
    }
    return R;
  }
  const auto *B = dyn_cast<clang::BinaryOperator>(Inc);
  if (!B || referencedVar(B->getLHS()) != Var)
    return R;
  const clang::Expr *RHS = B->getRHS()->IgnoreParenImpCasts();
  auto setShift = [&](Increment::Kind K, std::optional<unsigned> Bits) {
    if (Bits) {
      R.IncKind = K;
      R.Shift = *Bits;
    }
    return R;
  };
  switch (B->getOpcode()) {
  case BO_AddAssign:
  case BO_SubAssign:
    R.IncKind = Increment::Add;
    R.Amount = B->getRHS();
    R.Negate = B->getOpcode() == BO_SubAssign;
    return R;
  case BO_ShrAssign:
    return setShift(Increment::Shr, shiftLiteral(RHS));
  case BO_ShlAssign:
    return setShift(Increment::Shl, shiftLiteral(RHS));
  case BO_DivAssign:
    return setShift(Increment::Shr, powerOfTwoLiteral(RHS));
  case BO_MulAssign:
    return setShift(Increment::Shl, powerOfTwoLiteral(RHS));
  case BO_Assign: {
    // k = k + s, k = k - s, k = k / 4, k = k * 2, k = k >> 1, k = k << 2,
    // and the commuted k = s + k, k = 2 * k.
    const auto *Rhs = dyn_cast<clang::BinaryOperator>(RHS);
    if (!Rhs)
      return R;
    const clang::Expr *Amount = Rhs->getRHS();
    if (referencedVar(Rhs->getLHS()) != Var) {
      bool Commutes = Rhs->getOpcode() == BO_Add || Rhs->getOpcode() == BO_Mul;
      if (!Commutes || referencedVar(Amount) != Var)
        return R;
      Amount = Rhs->getLHS();
    }
    switch (Rhs->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      R.IncKind = Increment::Add;
      R.Amount = Amount;
      R.Negate = Rhs->getOpcode() == BO_Sub;
      return R;
    case BO_Shr:
      return setShift(Increment::Shr, shiftLiteral(Amount));
    case BO_Div:
      return setShift(Increment::Shr, powerOfTwoLiteral(Amount));
    case BO_Shl:
      return setShift(Increment::Shl, shiftLiteral(Amount));
    case BO_Mul:
      return setShift(Increment::Shl, powerOfTwoLiteral(Amount));
    default:
      return R;
    }
  }
  default:
    return R;
  }
}

bool mentionsThreadCoordinate(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0)
      return true;
  return false;
}

} // namespace

void collectReadVars(const Stmt *S, std::set<const ValueDecl *> &Out) {
  class Reads : public RecursiveASTVisitor<Reads> {
  public:
    explicit Reads(std::set<const ValueDecl *> &Out) : Out(Out) {}
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Out.insert(R->getDecl());
      return true;
    }
    std::set<const ValueDecl *> &Out;
  };
  if (S) {
    Reads R(Out);
    R.TraverseStmt(const_cast<Stmt *>(S));
  }
}

void collectAssignedVars(const Stmt *S, std::set<const ValueDecl *> &Out) {
  if (!S)
    return;
  AssignedVarCollector C(Out);
  C.TraverseStmt(const_cast<Stmt *>(S));
}

namespace {

/// `Var = E` in a for-init: the declaration or assignment of Var, if any.
const clang::Expr *initialiserOf(const Stmt *Init, const VarDecl *Var) {
  if (!Init)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(Init)) {
    for (const Decl *D : DS->decls())
      if (D == Var)
        return Var->getInit();
    return nullptr;
  }
  const auto *E = dyn_cast<clang::Expr>(Init);
  if (!E)
    return nullptr;
  const auto *B = dyn_cast<clang::BinaryOperator>(E->IgnoreParens());
  if (!B)
    return nullptr;
  if (B->getOpcode() == BO_Comma) {
    if (const clang::Expr *R = initialiserOf(B->getRHS(), Var))
      return R;
    return initialiserOf(B->getLHS(), Var);
  }
  if (B->getOpcode() == BO_Assign && referencedVar(B->getLHS()) == Var)
    return B->getRHS();
  return nullptr;
}

/// `while (s >= 32) { ...; s >>= 1; }`: the one write of Var in the body,
/// a statement of its own that every iteration runs, after which the body
/// no longer reads Var (so the body sees one value per iteration).
const clang::Expr *bodyTailUpdate(const Stmt *Body, const VarDecl *Var) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C || containsContinue(Body))
    return nullptr;
  const clang::Expr *Found = nullptr;
  for (const Stmt *S : C->body()) {
    if (Found) {
      std::set<const ValueDecl *> Read, Written;
      collectReadVars(S, Read);
      collectAssignedVars(S, Written);
      if (Read.count(Var) || Written.count(Var))
        return nullptr;
      continue;
    }
    std::set<const ValueDecl *> Written;
    collectAssignedVars(S, Written);
    if (!Written.count(Var))
      continue;
    const auto *E = dyn_cast<clang::Expr>(S);
    if (!E)
      return nullptr;
    E = E->IgnoreParens();
    const auto *B = dyn_cast<clang::BinaryOperator>(E);
    if (!B || !B->isAssignmentOp() || referencedVar(B->getLHS()) != Var)
      return nullptr;
    Found = E;
  }
  return Found;
}

/// The one write of Var in the loop, when it has exactly one and it runs
/// once per iteration (a statement of the body's top level or of the
/// increment).
const clang::Expr *soleUpdate(const Stmt *Body, const clang::Expr *Inc,
                              const VarDecl *Var) {
  const clang::Expr *Found = nullptr;
  for (const InductionStep &S : findInductionVars(Body, Inc))
    if (S.Var == Var)
      return S.Write;
  // Halving and doubling updates are not additive: find them directly.
  std::set<const ValueDecl *> InBody;
  collectAssignedVars(Body, InBody);
  if (InBody.count(Var)) {
    std::set<const ValueDecl *> InInc;
    collectAssignedVars(Inc, InInc);
    Found = InInc.count(Var) ? nullptr : bodyTailUpdate(Body, Var);
    if (Found && analyzeIncrement(Found, Var).IncKind == Increment::Add)
      return nullptr;
    return Found;
  }
  if (!Inc)
    return nullptr;
  std::vector<const clang::Expr *> Parts{Inc};
  while (!Parts.empty()) {
    const clang::Expr *E = Parts.back()->IgnoreParens();
    Parts.pop_back();
    if (const auto *B = dyn_cast<clang::BinaryOperator>(E);
        B && B->getOpcode() == BO_Comma) {
      Parts.push_back(B->getLHS());
      Parts.push_back(B->getRHS());
      continue;
    }
    std::set<const ValueDecl *> Writes;
    collectAssignedVars(E, Writes);
    if (Writes.count(Var)) {
      if (Found)
        return nullptr;
      Found = E;
    }
  }
  // An additive step that is not loop-invariant is no induction. The
  // induction finder tracks integers and pointers only: a floating-point
  // counter's step is checked by the caller (a whole constant).
  if (Found && !Var->getType()->isRealFloatingType() &&
      analyzeIncrement(Found, Var).IncKind == Increment::Add)
    return nullptr;
  return Found;
}

/// W when a loop starting at Init and stepping by Step gives each index to
/// W consecutive threads of dimension D, the groups grid-striding: `r =
/// (blockIdx.x * blockDim.x + threadIdx.x) / 32; r += gridDim.x * blockDim.x
/// / 32` (or the warp and block digits written apart: `threadIdx.x / 32 +
/// blockIdx.x * (blockDim.x / 32)`, stepping `gridDim.x * (blockDim.x /
/// 32)`). The forms agree when blockDim is a multiple of W.
std::optional<Rational> groupWidth(const Expr &Init, const Expr &Step,
                                   unsigned D) {
  Expr Tid = Expr::symbol(dimSymbol("threadIdx", D));
  Expr Bid = Expr::symbol(dimSymbol("blockIdx", D));
  Expr BDim = Expr::symbol(dimSymbol("blockDim", D));
  Expr GDim = Expr::symbol(dimSymbol("gridDim", D));
  auto Div = Init.asFloorDivPlus();
  if (!Div || Div->Coef != Rational(1) || !Div->Divisor.isInteger() ||
      !(Rational(1) < Div->Divisor))
    return std::nullopt;
  Expr W(Div->Divisor);
  bool Whole = Div->Rest.isZero() && Div->Dividend == Bid * BDim + Tid;
  bool Digits =
      Div->Dividend == Tid && Div->Rest == Bid * Expr::floorDiv(BDim, W);
  bool GridStep = Step == Expr::floorDiv(GDim * BDim, W) ||
                  Step == GDim * Expr::floorDiv(BDim, W);
  if ((Whole || Digits) && GridStep)
    return Div->Divisor;
  return std::nullopt;
}

} // namespace

/// `while (--i)`, `while (i--)`: a decrement as the whole test runs until
/// the counter reaches zero (from c: c - 1 trips, or c for i--).
std::optional<LoopShape> analyzeCountdownTest(const Stmt *Init,
                                              const clang::Expr *CondExpr,
                                              const clang::Expr *IncExpr,
                                              const Stmt *Body,
                                              const SymbolicConverter &Conv) {
  const auto *U = dyn_cast_or_null<UnaryOperator>(
      CondExpr ? CondExpr->IgnoreParenImpCasts() : nullptr);
  if (!U || !U->isDecrementOp())
    return std::nullopt;
  const VarDecl *Var = referencedVar(U->getSubExpr());
  if (!Var || !Var->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  LoopShape Shape;
  Shape.Var = Var;
  std::set<const ValueDecl *> Assigned;
  collectAssignedVars(Body, Assigned);
  collectAssignedVars(IncExpr, Assigned);
  if (Assigned.count(Var)) {
    Shape.Why = note(NoteId::TripBodyChangesDecrementedCounter);
    return Shape;
  }
  std::optional<Expr> Start;
  if (const clang::Expr *InitExpr = initialiserOf(Init, Var))
    Start = Conv.convert(InitExpr);
  else
    Start = Conv.valueOf(Var);
  if (!Start) {
    Shape.Why = note(NoteId::TripStartUnknown);
    return Shape;
  }
  // Inside the body the counter is already decremented: c - 1 - t.
  Shape.ShapeKind = LoopShape::Counted;
  Shape.Init = *Start - Expr(1);
  Shape.Step = Expr(-1);
  Shape.Trip = U->isPrefix() ? *Start - Expr(1) : *Start;
  Shape.TripMayBeNegative = true;
  return Shape;
}

/// A variable the body declares at its top level: its value is recomputed
/// every iteration from its initialiser.
const VarDecl *bodyLocal(const Stmt *Body, const ValueDecl *D) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  if (!C || !V || !V->hasInit())
    return nullptr;
  for (const Stmt *S : C->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *Child : DS->decls())
        if (Child == V)
          return V;
  return nullptr;
}

/// `g(v) < K` with g built from v by adding, multiplying and dividing by
/// positive constants (through locals of the body): `v < T` for the T it
/// returns, and Var is set to v. The tiled GEMMs' `block_tile_i =
/// (block_pos * 8 / 256) * 8; if (block_tile_i >= 256) break;`.
std::optional<Expr> invertMonotone(const clang::Expr *E, const Expr &K,
                                   const Stmt *Init, const clang::Expr *Inc,
                                   const Stmt *Body,
                                   const SymbolicConverter &Conv,
                                   const VarDecl *&Var, unsigned Depth = 0) {
  if (Depth > 8 || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return invertMonotone(Cast->getSubExpr(), K, Init, Inc, Body, Conv, Var,
                          Depth + 1);
  if (const VarDecl *V = referencedVar(E)) {
    if (soleUpdate(Body, Inc, V) || initialiserOf(Init, V)) {
      Var = V;
      return K;
    }
    std::set<const ValueDecl *> Assigned;
    collectAssignedVars(Body, Assigned);
    if (const VarDecl *Local = bodyLocal(Body, V); Local && !Assigned.count(V))
      return invertMonotone(Local->getInit(), K, Init, Inc, Body, Conv, Var,
                            Depth + 1);
    return std::nullopt;
  }
  const auto *B = dyn_cast<clang::BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  auto positive = [&](const clang::Expr *X) -> std::optional<Expr> {
    auto V = Conv.convert(X);
    auto C = V ? V->asConstant() : std::nullopt;
    if (!C || !C->isInteger() || C->isNegative() || C->isZero())
      return std::nullopt;
    return V;
  };
  auto invariant = [&](const clang::Expr *X) -> std::optional<Expr> {
    std::set<const ValueDecl *> Read, Assigned;
    collectReadVars(X, Read);
    collectAssignedVars(Body, Assigned);
    if (Inc)
      collectAssignedVars(Inc, Assigned);
    for (const ValueDecl *D : Read)
      if (Assigned.count(D) || bodyLocal(Body, D))
        return std::nullopt;
    return Conv.convert(X);
  };
  auto recurse = [&](const clang::Expr *X, const Expr &NewK) {
    return invertMonotone(X, NewK, Init, Inc, Body, Conv, Var, Depth + 1);
  };
  switch (B->getOpcode()) {
  case BO_Mul: // a * c < K  <=>  a < ceil(K / c)
    if (auto C = positive(B->getRHS()))
      return recurse(B->getLHS(), Expr::ceilDiv(K, *C));
    if (auto C = positive(B->getLHS()))
      return recurse(B->getRHS(), Expr::ceilDiv(K, *C));
    return std::nullopt;
  case BO_Div: // floor(a / c) < K  <=>  a < K * c
    if (auto C = positive(B->getRHS()))
      return recurse(B->getLHS(), K * *C);
    return std::nullopt;
  case BO_Add:
    if (auto C = invariant(B->getRHS()))
      return recurse(B->getLHS(), K - *C);
    if (auto C = invariant(B->getLHS()))
      return recurse(B->getRHS(), K - *C);
    return std::nullopt;
  case BO_Sub:
    if (auto C = invariant(B->getRHS()))
      return recurse(B->getLHS(), K + *C);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

namespace {

/// The compared variable of Cond that the loop advances (a for-init may
/// declare several: `for (a = a0, b = b0; a <= aEnd; a += s, b += t)`);
/// VarOnLeft says on which side it is. Else a counter v that a `g(v) < K`
/// test grows with (`v < g^-1(K)`), with that bound in DerivedBound. Null
/// when there is neither.
const VarDecl *countedVariable(const clang::BinaryOperator *Cond,
                               const Stmt *Init, const clang::Expr *IncExpr,
                               const Stmt *Body, const SymbolicConverter &Conv,
                               bool NegateCond, bool &VarOnLeft,
                               std::optional<Expr> &DerivedBound) {
  const VarDecl *Var = nullptr;
  VarOnLeft = true;
  for (bool Left : {true, false}) {
    const VarDecl *V = referencedVar(Left ? Cond->getLHS() : Cond->getRHS());
    if (!V || !(V->getType()->isIntegralOrEnumerationType() ||
                V->getType()->isRealFloatingType()))
      continue;
    if (soleUpdate(Body, IncExpr, V) || initialiserOf(Init, V)) {
      Var = V;
      VarOnLeft = Left;
      break;
    }
  }
  // `g(v) < K` for a g that grows with a counter v: `v < g^-1(K)`.
  if (!Var) {
    BinaryOperatorKind Op = Cond->getOpcode();
    if (NegateCond)
      Op = clang::BinaryOperator::negateComparisonOp(Op);
    for (bool Left : {true, false}) {
      BinaryOperatorKind SideOp =
          Left ? Op : clang::BinaryOperator::reverseComparisonOp(Op);
      if (SideOp != BO_LT && SideOp != BO_LE)
        continue;
      const clang::Expr *Other = Left ? Cond->getRHS() : Cond->getLHS();
      auto K = Conv.convert(Other);
      if (!K || mentionsThreadCoordinate(*K))
        continue;
      Expr Below = SideOp == BO_LE ? *K + Expr(1) : *K;
      const VarDecl *V = nullptr;
      if (auto T = invertMonotone(Left ? Cond->getLHS() : Cond->getRHS(), Below,
                                  Init, IncExpr, Body, Conv, V);
          T && V) {
        Var = V;
        DerivedBound = *T;
        break;
      }
    }
  }
  return Var;
}

/// for (s = a; s > c; s >>= 1): s takes a, a/2, ... while s > c.
LoopShape halvingShape(LoopShape Shape, const Increment &Inc,
                       BinaryOperatorKind Op, const Expr &Bound) {
  Expr Above; // iterate while s > Above
  if (Op == BO_GT)
    Above = Bound;
  else if (Op == BO_GE)
    Above = Bound - Expr(1);
  else if (Op == BO_NE && Bound.isZero())
    Above = Expr(0);
  else {
    Shape.Why = note(NoteId::TripHalvingTestNotAbove);
    return Shape;
  }
  Shape.ShapeKind = LoopShape::Halving;
  Shape.Shift = Inc.Shift;
  Shape.Bound = Above;
  // floor(a / 2^(k t)) > c  <=>  k t <= log2(a / (c + 1)).
  Expr Log = Expr::log2Floor(Expr::floorDiv(Shape.Init, Above + Expr(1)));
  Shape.Trip =
      (Inc.Shift == 1 ? Log : Expr::floorDiv(Log, Expr(Inc.Shift))) + Expr(1);
  return Shape;
}

/// for (s = a; s < b; s <<= 1): s takes a, 2a, ... while s < b.
LoopShape doublingShape(LoopShape Shape, const Increment &Inc,
                        BinaryOperatorKind Op, const Expr &Bound) {
  Expr Below; // iterate while s < Below
  if (Op == BO_LT)
    Below = Bound;
  else if (Op == BO_LE)
    Below = Bound + Expr(1);
  else {
    Shape.Why = note(NoteId::TripDoublingTestNotBelow);
    return Shape;
  }
  Shape.ShapeKind = LoopShape::Doubling;
  Shape.Shift = Inc.Shift;
  Shape.Bound = Below;
  // a * 2^(k t) < b  <=>  k t < log2(b / a).
  Expr Log = Expr::log2Ceil(Expr::ceilDiv(Below, Shape.Init));
  Shape.Trip = Inc.Shift == 1 ? Log : Expr::ceilDiv(Log, Expr(Inc.Shift));
  Shape.TripMayBeNegative = false;
  return Shape;
}

/// Stride loops of one dimension: start at the thread's index, step by the
/// whole grid or block (grid-stride over threads, tiles or groups of
/// threads, over blocks; block-stride forwards or backwards). Unset when
/// the loop is none of them.
std::optional<LoopShape> strideShape(LoopShape Shape, BinaryOperatorKind Op,
                                     const Expr &Bound, const Expr &Step) {
  for (unsigned D = 0; D < 3; ++D) {
    Expr Tid = Expr::symbol(dimSymbol("threadIdx", D));
    Expr Bid = Expr::symbol(dimSymbol("blockIdx", D));
    Expr BDim = Expr::symbol(dimSymbol("blockDim", D));
    Expr GDim = Expr::symbol(dimSymbol("gridDim", D));
    // for (i = X + threadIdx - blockDim; i >= 0; i -= blockDim): the block
    // walks [0, X) backwards (llm.c's softmax reads rows so, for L2 hits):
    // the same indices, each once, as the forward block-stride loop.
    Expr Top = Shape.Init - Tid + BDim;
    bool DownToZero =
        (Op == BO_GE && Bound.isZero()) || (Op == BO_GT && Bound == Expr(-1));
    if (DownToZero && Step == -BDim && !mentionsThreadCoordinate(Top)) {
      Shape.ShapeKind = LoopShape::BlockStride;
      Shape.Dim = D;
      Shape.Bound = Top;
      Shape.Trip = Expr::ceilDiv(Top, BDim);
      return Shape;
    }
    if (Op != BO_LT || mentionsThreadCoordinate(Bound))
      continue;
    if (Shape.Init == Bid * BDim + Tid && Step == GDim * BDim) {
      Shape.ShapeKind = LoopShape::GridStride;
      Shape.Dim = D;
      Shape.Bound = Bound;
      Shape.Trip = Expr::ceilDiv(Bound, GDim * BDim);
      return Shape;
    }
    // blockIdx*T + threadIdx, stepping T*gridDim: a grid-stride loop over
    // T-wide tiles (the block size written as a constant, or two elements
    // per thread: T = 2 * blockDim).
    auto InitCoeffs = (Shape.Init - Tid).coefficientsIn(Bid.asSymbol().value());
    if (InitCoeffs && InitCoeffs->size() == 2 && (*InitCoeffs)[0].isZero())
      if (auto Tile = (*InitCoeffs)[1].asConstant();
          Tile && Tile->isInteger() && !Tile->isNegative() && !Tile->isZero() &&
          Step == GDim * Expr(*Tile)) {
        Shape.ShapeKind = LoopShape::GridStride;
        Shape.Dim = D;
        Shape.Bound = Bound;
        Shape.Trip = Expr::ceilDiv(Bound, GDim * Expr(*Tile));
        Shape.StrideTile = *Tile;
        return Shape;
      }
    if (auto W = groupWidth(Shape.Init, Step, D)) {
      Shape.ShapeKind = LoopShape::GridStride;
      Shape.Dim = D;
      Shape.Bound = Bound * Expr(*W);
      Shape.Trip = Expr::ceilDiv(Shape.Bound, GDim * BDim);
      Shape.GroupWidth = *W;
      return Shape;
    }
    if (Shape.Init == Bid && Step == GDim) {
      Shape.ShapeKind = LoopShape::BlockGridStride;
      Shape.Dim = D;
      Shape.Bound = Bound;
      Shape.Trip = Expr::ceilDiv(Bound, GDim);
      return Shape;
    }
    if (Shape.Init == Tid && Step == BDim) {
      Shape.ShapeKind = LoopShape::BlockStride;
      Shape.Dim = D;
      Shape.Bound = Bound;
      Shape.Trip = Expr::ceilDiv(Bound, BDim);
      return Shape;
    }
  }
  return std::nullopt;
}

/// A block-stride loop over the block's linear thread index: the block's
/// threads in row-major order walk [0, Bound), each index once. Unset when
/// the loop is not one.
std::optional<LoopShape> flatBlockStrideShape(LoopShape Shape,
                                              BinaryOperatorKind Op,
                                              const Expr &Bound,
                                              const Expr &Step) {
  if (Op == BO_LT && !mentionsThreadCoordinate(Bound)) {
    Expr Linear = Expr::symbol(dimSymbol("threadIdx", 0));
    Expr Threads = Expr::symbol(dimSymbol("blockDim", 0));
    for (unsigned D = 1; D < 3; ++D) {
      Linear = Linear + Expr::symbol(dimSymbol("threadIdx", D)) * Threads;
      Threads = Threads * Expr::symbol(dimSymbol("blockDim", D));
      if (Shape.Init == Linear && Step == Threads) {
        Shape.ShapeKind = LoopShape::BlockStride;
        Shape.Dim = 0;
        Shape.FlatDims = D + 1;
        Shape.Bound = Bound;
        Shape.Trip = Expr::ceilDiv(Bound, Threads);
        return Shape;
      }
    }
    // The same with the tile's sizes written as constants: threadIdx.y * X
    // + threadIdx.x, stepping X * Y.
    Expr Tx = Expr::symbol(dimSymbol("threadIdx", 0));
    Expr Ty = Expr::symbol(dimSymbol("threadIdx", 1));
    auto RowCoeffs = Shape.Init.coefficientsIn(dimSymbol("threadIdx", 1));
    auto StepValue = Step.asConstant();
    if (RowCoeffs && RowCoeffs->size() == 2 && StepValue &&
        StepValue->isInteger())
      if (auto X = (*RowCoeffs)[1].asConstant();
          X && X->isInteger() && !X->isNegative() && !X->isZero() &&
          Shape.Init == Ty * Expr(*X) + Tx && (*StepValue / *X).isInteger() &&
          Rational(0) < *StepValue / *X) {
        Shape.ShapeKind = LoopShape::BlockStride;
        Shape.Dim = 0;
        Shape.FlatDims = 2;
        Shape.FlatAssumedBlock = std::make_pair(*X, *StepValue / *X);
        Shape.Bound = Bound;
        Shape.Trip = Expr::ceilDiv(Bound, Step);
        return Shape;
      }
  }
  return std::nullopt;
}

/// A counted loop: a constant (or loop-invariant) step toward the bound,
/// (Bound - Init) / Step trips, one more pass first for a do-while loop.
LoopShape countedShape(LoopShape Shape, const Increment &Inc,
                       BinaryOperatorKind Op, const Expr &Bound,
                       const Expr &Step, bool BodyFirst) {
  auto StepConst = Step.asConstant();
  bool Up;
  if (StepConst)
    Up = !StepConst->isNegative() && !StepConst->isZero();
  else
    Up = !Inc.Negate;
  if (StepConst && StepConst->isZero()) {
    Shape.Why = note(NoteId::TripStepZero);
    return Shape;
  }
  Expr Span;
  Expr Magnitude = Up ? Step : -Step;
  switch (Op) {
  case BO_LT:
    Span = Bound - Shape.Init;
    break;
  case BO_LE:
    Span = Bound - Shape.Init + Expr(1);
    break;
  case BO_GT:
    Span = Shape.Init - Bound;
    break;
  case BO_GE:
    Span = Shape.Init - Bound + Expr(1);
    break;
  case BO_NE:
    Span = Up ? Bound - Shape.Init : Shape.Init - Bound;
    break;
  default:
    Shape.Why = note(NoteId::TripEqualityTest);
    return Shape;
  }
  bool DirectionMatches = (Op == BO_LT || Op == BO_LE)   ? Up
                          : (Op == BO_GT || Op == BO_GE) ? !Up
                                                         : true;
  if (!DirectionMatches) {
    Shape.Why = note(NoteId::TripStepsAway);
    return Shape;
  }
  Shape.ShapeKind = LoopShape::Counted;
  auto tripOf = [&](const Expr &S) {
    return Magnitude.asConstant() && *Magnitude.asConstant() == Rational(1)
               ? S
               : Expr::ceilDiv(S, Magnitude);
  };
  if (BodyFirst) {
    // do { ... v += s; } while (v < b): one pass, then the test sees v0 + s.
    Expr Rest = tripOf(Span - Magnitude);
    Shape.Trip =
        Expr(1) +
        (Rest.isProvablyNonNegative() ? Rest : Expr::max(Expr(0), Rest));
    Shape.TripMayBeNegative = false;
    return Shape;
  }
  Shape.Trip = tripOf(Span);
  Shape.TripMayBeNegative = true;
  return Shape;
}

} // namespace

LoopShape analyzeLoop(const Stmt *Init, const clang::Expr *CondExpr,
                      const clang::Expr *IncExpr, const Stmt *Body,
                      bool BodyFirst, const SymbolicConverter &Conv,
                      bool NegateCond = false) {
  if (!NegateCond)
    if (auto Countdown =
            analyzeCountdownTest(Init, CondExpr, IncExpr, Body, Conv))
      return *Countdown;
  LoopShape Shape;
  // Condition: Var op Bound, or Bound op Var.
  const auto *Cond = dyn_cast_or_null<clang::BinaryOperator>(
      CondExpr ? CondExpr->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp()) {
    Shape.Why = note(NoteId::TripTestNotComparison);
    return Shape;
  }
  bool VarOnLeft = true;
  std::optional<Expr> DerivedBound;
  const VarDecl *Var = countedVariable(Cond, Init, IncExpr, Body, Conv,
                                       NegateCond, VarOnLeft, DerivedBound);
  if (!Var) {
    bool Integers = Cond->getLHS()->getType()->isIntegralOrEnumerationType() &&
                    Cond->getRHS()->getType()->isIntegralOrEnumerationType();
    Shape.Why = note(Integers ? NoteId::TripTestNoSteppedVariable
                              : NoteId::TripTestFloatingPoint);
    return Shape;
  }
  Shape.Var = Var;
  // A floating-point counter is counted when its start, bound and step are
  // whole constants: then every value it takes is exact.
  bool FloatCounter = Var->getType()->isRealFloatingType();
  // An integer counter compared with a whole floating constant (`i <=
  // __log2f(16)`, the counter converted to float) is compared exactly.
  auto valueOf = [&](const clang::Expr *E) {
    return FloatCounter || E->getType()->isRealFloatingType()
               ? Conv.wholeFloatConstant(E)
               : Conv.convert(E);
  };
  std::optional<Expr> Start;
  if (const clang::Expr *InitExpr = initialiserOf(Init, Var))
    Start = valueOf(InitExpr);
  else if (!FloatCounter)
    Start = Conv.valueOf(Var);
  if (!Start) {
    Shape.Why = note(NoteId::TripStartUnknown);
    return Shape;
  }
  Shape.Init = *Start;

  BinaryOperatorKind Op = Cond->getOpcode();
  if (NegateCond) // an exit test: the loop runs while it fails
    Op = clang::BinaryOperator::negateComparisonOp(Op);
  const clang::Expr *BoundExpr = VarOnLeft ? Cond->getRHS() : Cond->getLHS();
  if (!VarOnLeft)
    Op = clang::BinaryOperator::reverseComparisonOp(Op);
  if (DerivedBound)
    Op = BO_LT;
  const clang::Expr *Update = soleUpdate(Body, IncExpr, Var);
  if (!Update) {
    std::set<const ValueDecl *> Assigned;
    collectAssignedVars(Body, Assigned);
    Shape.Why = note(Assigned.count(Var) ? NoteId::TripBodyChangesVariable
                                         : NoteId::TripIncrementNotStep);
    return Shape;
  }
  // The bound must not change inside the loop.
  if (!DerivedBound) {
    std::set<const ValueDecl *> Assigned, Read;
    collectAssignedVars(Body, Assigned);
    collectAssignedVars(IncExpr, Assigned);
    collectReadVars(BoundExpr, Read);
    for (const ValueDecl *D : Read)
      if (Assigned.count(D)) {
        Shape.Why = note(NoteId::TripBoundChanges);
        return Shape;
      }
  }
  auto Bound = DerivedBound ? DerivedBound : valueOf(BoundExpr);
  if (!Bound) {
    Shape.Why = note(NoteId::TripBoundUnknown);
    return Shape;
  }
  Increment Inc = analyzeIncrement(Update, Var);
  if (FloatCounter && Inc.IncKind != Increment::Add) {
    Shape.Why = note(NoteId::TripFloatCounterNotStepped);
    return Shape;
  }
  if (Inc.IncKind == Increment::None) {
    Shape.Why = note(NoteId::TripIncrementNotStep);
    return Shape;
  }
  if (BodyFirst && Inc.IncKind != Increment::Add) {
    Shape.Why = note(NoteId::TripDoWhileHalvesOrDoubles);
    return Shape;
  }
  if (Inc.IncKind == Increment::Shr)
    return halvingShape(Shape, Inc, Op, *Bound);
  if (Inc.IncKind == Increment::Shl)
    return doublingShape(Shape, Inc, Op, *Bound);

  // Additive step.
  Expr Step =
      Inc.Amount ? valueOf(Inc.Amount).value_or(Expr(0)) : Expr(Inc.Constant);
  if (Inc.Amount && !valueOf(Inc.Amount)) {
    Shape.Why = note(NoteId::TripStepUnknown);
    return Shape;
  }
  if (Inc.Negate)
    Step = -Step;
  Shape.Step = Step;
  if (auto Stride = strideShape(Shape, Op, *Bound, Step))
    return *Stride;
  if (auto Flat = flatBlockStrideShape(Shape, Op, *Bound, Step))
    return *Flat;
  return countedShape(Shape, Inc, Op, *Bound, Step, BodyFirst);
}

namespace {

/// A note's parts: the reason a part of the condition is not counted, if any.
std::vector<Note> partsOf(const std::optional<Note> &Why) {
  return Why ? std::vector<Note>{*Why} : std::vector<Note>{};
}

/// The parts of `A && B && ...` (a condition without && is its own part).
void conjuncts(const clang::Expr *E, std::vector<const clang::Expr *> &Out) {
  const auto *B = dyn_cast_or_null<clang::BinaryOperator>(
      E ? E->IgnoreParenImpCasts() : nullptr);
  if (B && B->getOpcode() == BO_LAnd) {
    conjuncts(B->getLHS(), Out);
    conjuncts(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// A loop whose condition is a conjunction: each part analysed as if it were
/// the whole condition. The loop runs while all hold, so it stops after the
/// fewest trips of its counted parts, or earlier when a part is not counted.
LoopShape analyzeConjunction(const Stmt *Init,
                             const std::vector<const clang::Expr *> &Parts,
                             const clang::Expr *IncExpr, const Stmt *Body,
                             bool BodyFirst, const SymbolicConverter &Conv) {
  std::optional<LoopShape> Counted;
  std::optional<Note> Uncounted;
  for (const clang::Expr *Part : Parts) {
    LoopShape S = analyzeLoop(Init, Part, IncExpr, Body, BodyFirst, Conv);
    if (S.ShapeKind != LoopShape::Counted) {
      if (!Uncounted)
        Uncounted = S.Why;
      continue;
    }
    if (!Counted) {
      Counted = S;
      continue;
    }
    Counted->Trip = Expr::min(Counted->Trip, S.Trip);
    Counted->TripMayBeNegative |= S.TripMayBeNegative;
  }
  if (!Counted) {
    LoopShape Unknown;
    Unknown.Why = note(NoteId::TripNoConjunctCounted, {}, partsOf(Uncounted));
    return Unknown;
  }
  if (Uncounted) {
    Counted->MayStopEarly = true;
    Counted->StopsEarlyWhy =
        note(NoteId::StopsEarlyConjunct, {}, partsOf(Uncounted));
  }
  return *Counted;
}

/// The parts of `A || B || ...`.
void disjuncts(const clang::Expr *E, std::vector<const clang::Expr *> &Out) {
  const auto *B = dyn_cast<clang::BinaryOperator>(E->IgnoreParenImpCasts());
  if (B && B->getOpcode() == BO_LOr) {
    disjuncts(B->getLHS(), Out);
    disjuncts(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

/// A condition that always holds: none (`for (;;)`), `1`, `true`.
bool alwaysTrue(const clang::Expr *Cond, const SymbolicConverter &Conv) {
  if (!Cond)
    return true;
  auto V = Conv.convert(Cond);
  auto C = V ? V->asConstant() : std::nullopt;
  return C && !C->isZero();
}

/// The `if (C) break;` and `if (C) return ...;` among the body's
/// statements: the exits of a loop whose own condition always holds.
std::vector<const IfStmt *> exitTests(const Stmt *Body) {
  std::vector<const IfStmt *> Tests;
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return Tests;
  for (const Stmt *S : C->body()) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      continue;
    const Stmt *Then = If->getThen();
    if (const auto *Block = dyn_cast<CompoundStmt>(Then);
        Block && Block->size() == 1)
      Then = Block->body_front();
    if (isa<BreakStmt>(Then) || isa<ReturnStmt>(Then))
      Tests.push_back(If);
  }
  return Tests;
}

/// Index math: no memory, calls, side effects or lambdas in S.
bool pureIndexMath(const Stmt *S) {
  if (!S)
    return true;
  if (isa<CallExpr>(S) || isa<ArraySubscriptExpr>(S) || isa<CXXNewExpr>(S) ||
      isa<LambdaExpr>(S))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->getOpcode() == UO_Deref || U->isIncrementDecrementOp()))
    return false;
  if (const auto *B = dyn_cast<clang::BinaryOperator>(S);
      B && B->isAssignmentOp())
    return false;
  for (const Stmt *Child : S->children())
    if (!pureIndexMath(Child))
      return false;
  return true;
}

/// Whether Exit comes first in the body, after declarations of integers
/// computed without memory or calls (`const unsigned tile = pos * 8 / 256;`),
/// and (with PureTest) tests without them: then every iteration but the
/// last runs the whole body, and the last only that index math.
bool exitsFirst(const Stmt *Body, const IfStmt *Exit, bool PureTest = true) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return false;
  for (const Stmt *S : C->body()) {
    if (S == Exit)
      return !PureTest || pureIndexMath(Exit->getCond());
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      return false;
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->getType()->isIntegralOrEnumerationType() ||
          !pureIndexMath(V->getInit()))
        return false;
    }
  }
  return false;
}

/// Whether the body does work before Exit while the counter's update
/// comes after it (in the body or the for-increment): the test then sees a
/// value one step behind the work, which runs once more than it fails.
bool workRunsOnceMore(const Stmt *Body, const IfStmt *Exit,
                      const VarDecl *Counter) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C || exitsFirst(Body, Exit, /*PureTest=*/false))
    return false;
  bool AfterExit = false;
  for (const Stmt *S : C->body()) {
    if (S == Exit) {
      AfterExit = true;
      continue;
    }
    std::set<const ValueDecl *> Written;
    collectAssignedVars(S, Written);
    if (Written.count(Counter))
      return AfterExit;
  }
  return true; // updated by the increment, after the body
}

/// `for (;;) { ...; if (i >= n || data) break; ... }`: counted by the parts
/// of its exit tests that compare a counter, as if `while (!(i >= n))` (the
/// fewest trips of them: the loop ends at the first exit that holds). One
/// test that comes before any work (after integer declarations) counts the
/// loop exactly, stride loops over tiles included; otherwise the body may
/// leave mid-way (the walker's break/return makes it a range) and the range
/// takes one trip more, so its high end stays an upper bound.
LoopShape analyzeExitTest(const Stmt *Init,
                          const std::vector<const IfStmt *> &Tests,
                          const clang::Expr *IncExpr, const Stmt *Body,
                          bool BodyFirst, const SymbolicConverter &Conv) {
  // Every exit's parts: the loop ends at the first that holds.
  std::vector<const clang::Expr *> Parts;
  for (const IfStmt *Test : Tests)
    disjuncts(Test->getCond(), Parts);
  // One test before any work ends the loop exactly where its count says.
  bool First = Tests.size() == 1 && Parts.size() == 1 && !BodyFirst &&
               exitsFirst(Body, Tests.front());
  std::optional<LoopShape> Counted;
  std::optional<Note> Uncounted;
  for (const clang::Expr *Part : Parts) {
    LoopShape S = analyzeLoop(Init, Part, IncExpr, Body, BodyFirst, Conv,
                              /*NegateCond=*/true);
    // A stride loop (`for (pos = blockIdx.x;; pos += gridDim.x)`) is
    // counted by its one test; trips of several only combine when counted.
    bool Stride = S.ShapeKind != LoopShape::Counted &&
                  S.ShapeKind != LoopShape::Unknown && First;
    if (S.ShapeKind != LoopShape::Counted && !Stride) {
      if (!Uncounted)
        Uncounted = S.ShapeKind == LoopShape::Unknown
                        ? S.Why
                        : note(NoteId::TripStrideExitNotFirst);
      continue;
    }
    if (!Counted)
      Counted = S;
    else
      Counted->Trip = Expr::min(Counted->Trip, S.Trip);
    Counted->TripMayBeNegative |= S.TripMayBeNegative;
  }
  if (!Counted) {
    LoopShape Unknown;
    Unknown.Why = note(NoteId::TripNoExitTestCounted, {}, partsOf(Uncounted));
    return Unknown;
  }
  // Exact: the walker counts the test and skips its break.
  if (First) {
    Counted->CountedExit = Tests.front();
    return *Counted;
  }
  // Otherwise a range: the test leaves mid-body. Work before the last test
  // with the counter's update after it runs once more than the test fails,
  // so the high end takes one more trip.
  Counted->MayStopEarly = true;
  Counted->StopsEarlyWhy = note(NoteId::StopsEarlyExitInBody);
  if (workRunsOnceMore(Body, Tests.back(), Counted->Var)) {
    Counted->Trip =
        (Counted->TripMayBeNegative ? Expr::max(Expr(0), Counted->Trip)
                                    : Counted->Trip) +
        Expr(1);
    Counted->TripMayBeNegative = false;
  } else if (BodyFirst) {
    // A do-while body runs once before its first test.
    Counted->Trip = Expr::max(Counted->Trip, Expr(1));
  }
  return *Counted;
}

LoopShape analyzeAnyLoop(const Stmt *Init, const clang::Expr *Cond,
                         const clang::Expr *IncExpr, const Stmt *Body,
                         bool BodyFirst, const SymbolicConverter &Conv) {
  if (alwaysTrue(Cond, Conv))
    if (auto Tests = exitTests(Body); !Tests.empty())
      return analyzeExitTest(Init, Tests, IncExpr, Body, BodyFirst, Conv);
  std::vector<const clang::Expr *> Parts;
  conjuncts(Cond, Parts);
  if (Parts.size() > 1)
    return analyzeConjunction(Init, Parts, IncExpr, Body, BodyFirst, Conv);
  return analyzeLoop(Init, Cond, IncExpr, Body, BodyFirst, Conv);
}

} // namespace

LoopShape analyzeForLoop(const ForStmt *For, const SymbolicConverter &Conv) {
  return analyzeAnyLoop(For->getInit(), For->getCond(), For->getInc(),
                        For->getBody(), /*BodyFirst=*/false, Conv);
}

LoopShape analyzeWhileLoop(const clang::Expr *Cond, const Stmt *Body,
                           bool BodyFirst, const SymbolicConverter &Conv) {
  return analyzeAnyLoop(nullptr, Cond, nullptr, Body, BodyFirst, Conv);
}

} // namespace rla
