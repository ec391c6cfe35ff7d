//===- CompileTimeValue.cpp -----------------------------------------------===//
#include "analyzer/frontend/device/CompileTimeValue.h"
#include "analyzer/cuda/MathFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace rla {

namespace {

using namespace clang;

/// Deep enough for any constant a person writes; it stops a const
/// initialised from itself through a chain of variables.
constexpr unsigned MaxDepth = 32;

bool folded(const clang::Expr *E, unsigned Depth);

/// A variable whose value the compiler knows where it is read.
bool isConstantVariable(const VarDecl *V, unsigned Depth) {
  if (V->isConstexpr())
    return true;
  if (isa<ParmVarDecl>(V) || V->hasAttr<CUDAConstantAttr>() ||
      V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDASharedAttr>())
    return false;
  QualType T = V->getType();
  if (!T.isConstQualified() || T.isVolatileQualified() ||
      !T->isArithmeticType())
    return false;
  const clang::Expr *Init = V->getAnyInitializer();
  return Init && folded(Init, Depth + 1);
}

/// A math-library function: its value follows from its arguments alone.
bool isPureMathCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  std::string Name = Callee->getNameAsString();
  if (classifyMemoryIntrinsic(Name) != MemoryIntrinsic::None ||
      isAtomicFunction(Name))
    return false;
  return Callee->isConstexpr() || lookupMathFunction(Name).has_value();
}

bool folded(const clang::Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return folded(Subst->getReplacement(), Depth + 1);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D))
      return true;
    const auto *V = dyn_cast<VarDecl>(D);
    return V && isConstantVariable(V, Depth);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_BooleanToSignedIntegral:
    case CK_FunctionToPointerDecay:
      return folded(Cast->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           !B->getLHS()->getType()->isPointerType() &&
           folded(B->getLHS(), Depth + 1) && folded(B->getRHS(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return folded(U->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return folded(C->getCond(), Depth + 1) &&
           folded(C->getTrueExpr(), Depth + 1) &&
           folded(C->getFalseExpr(), Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    if (isa<CXXMemberCallExpr, CXXOperatorCallExpr, CUDAKernelCallExpr>(Call) ||
        !isPureMathCall(Call))
      return false;
    for (const clang::Expr *Arg : Call->arguments())
      if (!folded(Arg, Depth + 1))
        return false;
    return true;
  }
  return false;
}

} // namespace

bool isFoldedByCompiler(const clang::Expr *E) { return folded(E, 0); }

} // namespace rla
