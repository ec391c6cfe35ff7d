//===- LoopShape.cpp ------------------------------------------------------===//
#include "analyzer/frontend/LoopShape.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

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
};

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
  auto isConstant = [&](int64_t V) {
    const auto *Lit = dyn_cast<IntegerLiteral>(RHS);
    return Lit && Lit->getValue() == static_cast<uint64_t>(V);
  };
  switch (B->getOpcode()) {
  case BO_AddAssign:
  case BO_SubAssign:
    R.IncKind = Increment::Add;
    R.Amount = B->getRHS();
    R.Negate = B->getOpcode() == BO_SubAssign;
    return R;
  case BO_ShrAssign:
    if (isConstant(1))
      R.IncKind = Increment::Shr;
    return R;
  case BO_ShlAssign:
    if (isConstant(1))
      R.IncKind = Increment::Shl;
    return R;
  case BO_DivAssign:
    if (isConstant(2))
      R.IncKind = Increment::Shr;
    return R;
  case BO_MulAssign:
    if (isConstant(2))
      R.IncKind = Increment::Shl;
    return R;
  case BO_Assign: {
    // k = k + s, k = k - s, k = k / 2, k = k * 2, k = k >> 1, k = k << 1
    const auto *Rhs = dyn_cast<clang::BinaryOperator>(RHS);
    if (!Rhs || referencedVar(Rhs->getLHS()) != Var)
      return R;
    const auto *Lit =
        dyn_cast<IntegerLiteral>(Rhs->getRHS()->IgnoreParenImpCasts());
    auto litIs = [&](uint64_t V) { return Lit && Lit->getValue() == V; };
    switch (Rhs->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      R.IncKind = Increment::Add;
      R.Amount = Rhs->getRHS();
      R.Negate = Rhs->getOpcode() == BO_Sub;
      return R;
    case BO_Shr:
      if (litIs(1))
        R.IncKind = Increment::Shr;
      return R;
    case BO_Div:
      if (litIs(2))
        R.IncKind = Increment::Shr;
      return R;
    case BO_Shl:
      if (litIs(1))
        R.IncKind = Increment::Shl;
      return R;
    case BO_Mul:
      if (litIs(2))
        R.IncKind = Increment::Shl;
      return R;
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

void collectAssignedVars(const Stmt *S, std::set<const ValueDecl *> &Out) {
  if (!S)
    return;
  AssignedVarCollector C(Out);
  C.TraverseStmt(const_cast<Stmt *>(S));
}

LoopShape analyzeForLoop(const ForStmt *For, const SymbolicConverter &Conv) {
  LoopShape Shape;
  // Init: `int k = a` or `k = a`.
  const VarDecl *Var = nullptr;
  const clang::Expr *InitExpr = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        Var = VD;
        InitExpr = VD->getInit();
      }
  } else if (const auto *B =
                 dyn_cast_or_null<clang::BinaryOperator>(For->getInit())) {
    if (B->getOpcode() == BO_Assign) {
      Var = referencedVar(B->getLHS());
      InitExpr = B->getRHS();
    }
  }
  if (!Var || !InitExpr || !Var->getType()->isIntegralOrEnumerationType()) {
    Shape.Why = "its induction variable is not an integer initialised in the "
                "loop header";
    return Shape;
  }
  Shape.Var = Var;
  auto Init = Conv.convert(InitExpr);
  if (!Init) {
    Shape.Why = "its start value is not known from parameters and indices";
    return Shape;
  }
  Shape.Init = *Init;

  // Condition: Var op Bound, or Bound op Var.
  const auto *Cond = dyn_cast_or_null<clang::BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp()) {
    Shape.Why = "its condition is not a comparison";
    return Shape;
  }
  BinaryOperatorKind Op = Cond->getOpcode();
  const clang::Expr *BoundExpr = nullptr;
  if (referencedVar(Cond->getLHS()) == Var) {
    BoundExpr = Cond->getRHS();
  } else if (referencedVar(Cond->getRHS()) == Var) {
    BoundExpr = Cond->getLHS();
    Op = clang::BinaryOperator::reverseComparisonOp(Op);
  } else {
    Shape.Why = "its condition does not compare the induction variable";
    return Shape;
  }
  std::set<const ValueDecl *> Assigned;
  collectAssignedVars(For->getBody(), Assigned);
  if (Assigned.count(Var)) {
    Shape.Why = "its body changes the induction variable";
    return Shape;
  }
  auto Bound = Conv.convert(BoundExpr);
  if (!Bound) {
    Shape.Why = "its bound is not known from parameters and indices";
    return Shape;
  }
  Increment Inc = analyzeIncrement(For->getInc(), Var);
  if (Inc.IncKind == Increment::None) {
    Shape.Why = "its increment is not a constant step, a halving or a doubling";
    return Shape;
  }

  if (Inc.IncKind == Increment::Shr) {
    // for (s = a; s > c; s >>= 1): s takes a, a/2, ... while s > c.
    Expr Above; // iterate while s > Above
    if (Op == BO_GT)
      Above = *Bound;
    else if (Op == BO_GE)
      Above = *Bound - Expr(1);
    else if (Op == BO_NE && Bound->isZero())
      Above = Expr(0);
    else {
      Shape.Why = "a halving loop whose condition is not `> bound`";
      return Shape;
    }
    Shape.ShapeKind = LoopShape::Halving;
    Shape.Bound = Above;
    // floor(a / 2^t) > c  <=>  t <= log2(a / (c + 1)).
    Shape.Trip =
        Expr::log2Floor(Expr::floorDiv(Shape.Init, Above + Expr(1))) + Expr(1);
    return Shape;
  }
  if (Inc.IncKind == Increment::Shl) {
    Expr Below; // iterate while s < Below
    if (Op == BO_LT)
      Below = *Bound;
    else if (Op == BO_LE)
      Below = *Bound + Expr(1);
    else {
      Shape.Why = "a doubling loop whose condition is not `< bound`";
      return Shape;
    }
    Shape.ShapeKind = LoopShape::Doubling;
    Shape.Bound = Below;
    // a * 2^t < b  <=>  t < log2(b / a).
    Shape.Trip = Expr::log2Ceil(Expr::ceilDiv(Below, Shape.Init));
    Shape.TripMayBeNegative = false;
    return Shape;
  }

  // Additive step.
  Expr Step = Inc.Amount ? Conv.convert(Inc.Amount).value_or(Expr(0))
                         : Expr(Inc.Constant);
  if (Inc.Amount && !Conv.convert(Inc.Amount)) {
    Shape.Why = "its step is not known from parameters and indices";
    return Shape;
  }
  if (Inc.Negate)
    Step = -Step;
  Shape.Step = Step;

  // Stride loops: start at the thread's index, step by the whole grid/block.
  for (unsigned D = 0; D < 3; ++D) {
    Expr Tid = Expr::symbol(dimSymbol("threadIdx", D));
    Expr Bid = Expr::symbol(dimSymbol("blockIdx", D));
    Expr BDim = Expr::symbol(dimSymbol("blockDim", D));
    Expr GDim = Expr::symbol(dimSymbol("gridDim", D));
    if (Op != BO_LT || mentionsThreadCoordinate(*Bound))
      break;
    if (Shape.Init == Bid * BDim + Tid && Step == GDim * BDim) {
      Shape.ShapeKind = LoopShape::GridStride;
      Shape.Dim = D;
      Shape.Bound = *Bound;
      Shape.Trip = Expr::ceilDiv(*Bound, GDim * BDim);
      return Shape;
    }
    // blockIdx*BLOCK + threadIdx, stepping BLOCK*gridDim: a grid-stride loop
    // if blockDim == BLOCK (the block size written as a constant).
    auto InitCoeffs = (Shape.Init - Tid).coefficientsIn(Bid.asSymbol().value());
    if (InitCoeffs && InitCoeffs->size() == 2 && (*InitCoeffs)[0].isZero())
      if (auto Tile = (*InitCoeffs)[1].asConstant();
          Tile && Tile->isInteger() && !Tile->isNegative() && !Tile->isZero() &&
          Step == GDim * Expr(*Tile)) {
        Shape.ShapeKind = LoopShape::GridStride;
        Shape.Dim = D;
        Shape.Bound = *Bound;
        Shape.Trip = Expr::ceilDiv(*Bound, GDim * Expr(*Tile));
        Shape.AssumedBlockDim = *Tile;
        return Shape;
      }
    if (Shape.Init == Tid && Step == BDim) {
      Shape.ShapeKind = LoopShape::BlockStride;
      Shape.Dim = D;
      Shape.Bound = *Bound;
      Shape.Trip = Expr::ceilDiv(*Bound, BDim);
      return Shape;
    }
  }

  auto StepConst = Step.asConstant();
  bool Up;
  if (StepConst)
    Up = !StepConst->isNegative() && !StepConst->isZero();
  else
    Up = !Inc.Negate;
  if (StepConst && StepConst->isZero()) {
    Shape.Why = "its step is zero";
    return Shape;
  }
  Expr Span;
  Expr Magnitude = Up ? Step : -Step;
  switch (Op) {
  case BO_LT:
    Span = *Bound - Shape.Init;
    break;
  case BO_LE:
    Span = *Bound - Shape.Init + Expr(1);
    break;
  case BO_GT:
    Span = Shape.Init - *Bound;
    break;
  case BO_GE:
    Span = Shape.Init - *Bound + Expr(1);
    break;
  case BO_NE:
    Span = Up ? *Bound - Shape.Init : Shape.Init - *Bound;
    break;
  default:
    Shape.Why = "its condition is an equality";
    return Shape;
  }
  bool DirectionMatches = (Op == BO_LT || Op == BO_LE)   ? Up
                          : (Op == BO_GT || Op == BO_GE) ? !Up
                                                         : true;
  if (!DirectionMatches) {
    Shape.Why = "it steps away from its bound";
    return Shape;
  }
  Shape.ShapeKind = LoopShape::Counted;
  Shape.Trip = Magnitude.asConstant() && *Magnitude.asConstant() == Rational(1)
                   ? Span
                   : Expr::ceilDiv(Span, Magnitude);
  Shape.TripMayBeNegative = true;
  return Shape;
}

} // namespace rla
