//===- InductionVars.cpp --------------------------------------------------===//
#include "analyzer/frontend/device/InductionVars.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <map>
#include <set>

using namespace clang;

namespace rla {
namespace {

const ValueDecl *referenced(const clang::Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return Ref->getDecl();
  return nullptr;
}

bool trackedType(const ValueDecl *D) {
  QualType T = D->getType();
  return T->isIntegralOrEnumerationType() || T->isPointerType();
}

/// Every write to a local variable in a statement: the expression doing it
/// (an assignment, ++/--), or null for an address taken or a write that is
/// not an assignment of the variable itself.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  std::map<const ValueDecl *, std::vector<const clang::Expr *>> Writes;
  std::set<const ValueDecl *> Read;

  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const ValueDecl *D = referenced(B->getLHS()))
        Writes[D].push_back(B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp()) {
      if (const ValueDecl *D = referenced(U->getSubExpr()))
        Writes[D].push_back(U);
    } else if (U->getOpcode() == UO_AddrOf) {
      if (const ValueDecl *D = referenced(U->getSubExpr()))
        Writes[D].push_back(nullptr);
    }
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getNumArgs() > 0)
      if (const ValueDecl *D = referenced(C->getArg(0)))
        Writes[D].push_back(nullptr);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    Read.insert(R->getDecl());
    return true;
  }
  /// A reference bound to the variable may write it.
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType() && V->hasInit())
      if (const ValueDecl *D = referenced(V->getInit()))
        Writes[D].push_back(nullptr);
    return true;
  }
};

/// The expressions a statement list runs unconditionally at its top level:
/// statements that are expressions, and the operands of comma expressions.
void topLevelUpdates(const clang::Expr *E, std::set<const clang::Expr *> &Out) {
  if (!E)
    return;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    E = Cleanups->getSubExpr();
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E);
      B && B->getOpcode() == BO_Comma) {
    topLevelUpdates(B->getLHS(), Out);
    topLevelUpdates(B->getRHS(), Out);
    return;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E);
      Cast && Cast->getType()->isVoidType())
    return topLevelUpdates(Cast->getSubExpr(), Out);
  Out.insert(E);
}

/// The additive update Write makes to D, if it is one.
std::optional<InductionStep> additiveUpdate(const clang::Expr *Write,
                                            const ValueDecl *D) {
  InductionStep S;
  S.Var = D;
  S.Write = Write;
  if (const auto *U = dyn_cast<UnaryOperator>(Write)) {
    S.Constant = U->isIncrementOp() ? 1 : -1;
    return S;
  }
  const auto *B = dyn_cast<clang::BinaryOperator>(Write);
  if (!B)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_AddAssign:
  case BO_SubAssign:
    S.Amount = B->getRHS();
    S.Negate = B->getOpcode() == BO_SubAssign;
    return S;
  case BO_Assign: {
    // v = v + e, v = e + v, v = v - e
    const clang::Expr *Rhs = B->getRHS()->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Rhs);
        Cast && Cast->getType()->isPointerType()) {
      // p = (T *)((U *)p + e): p moves by e elements of U.
      const auto *Inner = dyn_cast<clang::BinaryOperator>(
          Cast->getSubExpr()->IgnoreParenImpCasts());
      if (!Inner ||
          (Inner->getOpcode() != BO_Add && Inner->getOpcode() != BO_Sub) ||
          !Inner->getLHS()->getType()->isPointerType() ||
          referenced(Inner->getLHS()->IgnoreParenCasts()) != D)
        return std::nullopt;
      S.Amount = Inner->getRHS();
      S.Negate = Inner->getOpcode() == BO_Sub;
      S.AmountUnit = Inner->getLHS()->getType()->getPointeeType();
      return S;
    }
    const auto *R = dyn_cast<clang::BinaryOperator>(Rhs);
    if (!R)
      return std::nullopt;
    if (R->getOpcode() == BO_Add || R->getOpcode() == BO_Sub) {
      if (referenced(R->getLHS()) == D) {
        S.Amount = R->getRHS();
        S.Negate = R->getOpcode() == BO_Sub;
        return S;
      }
      if (R->getOpcode() == BO_Add && referenced(R->getRHS()) == D) {
        S.Amount = R->getLHS();
        return S;
      }
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace

std::vector<InductionStep> findInductionVars(const Stmt *Body,
                                             const clang::Expr *Inc) {
  WriteCollector W;
  if (Body)
    W.TraverseStmt(const_cast<Stmt *>(Body));
  if (Inc)
    W.TraverseStmt(const_cast<clang::Expr *>(Inc));

  std::set<const clang::Expr *> InBody, InInc;
  if (!containsContinue(Body)) {
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body)) {
      for (const Stmt *S : C->body())
        if (const auto *E = dyn_cast<clang::Expr>(S))
          topLevelUpdates(E, InBody);
    } else if (const auto *E = dyn_cast_or_null<clang::Expr>(Body)) {
      topLevelUpdates(E, InBody);
    }
  }
  topLevelUpdates(Inc, InInc);

  std::vector<InductionStep> Result;
  for (const auto &[D, Writes] : W.Writes) {
    if (!trackedType(D) || Writes.size() != 1 || !Writes.front())
      continue;
    const clang::Expr *Write = Writes.front();
    bool FromInc = InInc.count(Write) != 0;
    if (!FromInc && !InBody.count(Write))
      continue;
    auto Step = additiveUpdate(Write, D);
    if (!Step)
      continue;
    Step->InIncrement = FromInc;
    if (Step->Amount) {
      // The step must not change inside the loop.
      WriteCollector StepVars;
      StepVars.TraverseStmt(const_cast<clang::Expr *>(Step->Amount));
      bool Invariant = StepVars.Writes.empty();
      for (const ValueDecl *R : StepVars.Read)
        Invariant &= !W.Writes.count(R);
      if (!Invariant)
        continue;
    }
    Result.push_back(*Step);
  }
  return Result;
}

bool containsContinue(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ContinueStmt>(S))
    return true;
  // A continue inside a nested loop continues that loop.
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (containsContinue(Child))
      return true;
  return false;
}

} // namespace rla
