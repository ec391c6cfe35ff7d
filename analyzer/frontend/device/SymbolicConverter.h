//===- SymbolicConverter.h - Clang integer expressions as Exprs -*- C++ -*-===//
///
/// \file
/// Turns an integer clang::Expr of a kernel body into a symbolic Expr over
/// kernel parameters, launch dimensions, thread coordinates and loop symbols,
/// or says it cannot (a value loaded from memory, a float, an opaque call).
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_SYMBOLICCONVERTER_H
#define RLA_FRONTEND_DEVICE_SYMBOLICCONVERTER_H

#include "analyzer/frontend/device/ValueEnv.h"
#include "analyzer/ir/Expr.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <set>
#include <string>

namespace rla {

/// threadIdx.y -> {"threadIdx", 1}; nullopt for anything else.
struct CudaBuiltin {
  std::string Variable; ///< threadIdx, blockIdx, blockDim, gridDim
  unsigned Dim = 0;
};
std::optional<CudaBuiltin> matchCudaBuiltin(const clang::Expr *E);

/// The value of an integer constant expression, if clang can fold it.
std::optional<Rational> foldInteger(const clang::Expr *E,
                                    const clang::ASTContext &Ctx);

class SymbolicConverter {
public:
  /// WithBlockValues: also read ValueEnv::BlockValues (addresses only).
  SymbolicConverter(const clang::ASTContext &Ctx, const ValueEnv &Env,
                    const std::set<const clang::ParmVarDecl *> &KernelParams,
                    bool WithBlockValues = false)
      : Ctx(Ctx), Env(Env), KernelParams(KernelParams),
        WithBlockValues(WithBlockValues) {}

  /// nullopt when E's value is not determined by the symbols we track.
  std::optional<Expr> convert(const clang::Expr *E) const;

  /// The kernel's pointer parameter E names (through casts), whose symbol
  /// of that name is 1 where the launch passes a buffer and 0 for null.
  std::optional<std::string> pointerParam(const clang::Expr *E) const {
    const auto *Ref =
        llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P =
        Ref ? llvm::dyn_cast<clang::ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!P || !KernelParams.count(P) || !P->getType()->isPointerType() ||
        Env.Values.count(P))
      return std::nullopt;
    return P->getName().str();
  }

  /// The value of a variable where the converter stands (what a DeclRefExpr
  /// to it converts to).
  std::optional<Expr> valueOf(const clang::ValueDecl *D) const;

  /// A floating-point constant expression whose value is a whole number
  /// small enough to be exact (|v| < 2^24): the start, bound and step of a
  /// `for (float i = -R; i <= R; i++)` loop.
  std::optional<Expr> wholeFloatConstant(const clang::Expr *E) const;
  /// The value of a floating constant expression, also through log2, exp2
  /// and pow(2, x) of constants (whole results only); unset otherwise.
  std::optional<double> floatConstant(const clang::Expr *E) const;
  /// `ceil((double)n / (double)block)` converted to an integer: the integer
  /// quotient rounded up (floor: down), for sizes, which are non-negative.
  std::optional<Expr> roundedQuotient(const clang::Expr *E) const;
  /// An integer that code turned into a float (`(double)n`, `256.0`).
  std::optional<Expr> integerAsFloat(const clang::Expr *E) const;

  /// "cfg.n" for a field of a by-value kernel parameter (also through `this`
  /// in an inlined member function); the symbol its value is bound to.
  std::optional<std::string> fieldPath(const clang::Expr *E) const;

  /// A condition of integers as an exact 0/1 Expr: a comparison `x < y` is
  /// min(max(y - x, 0), 1), `!`, `&&` and `||` combine them, and a bare
  /// integer is `x != 0`; nullopt for a condition on anything else.
  std::optional<Expr> indicator(const clang::Expr *Cond) const;

  /// L op R for an integer operator of the source, of `a op b` and of the
  /// compound `a op= b` alike; RhsSource is R's expression, for patterns
  /// such as `x & (n - 1)`.
  std::optional<Expr> combine(clang::BinaryOperatorKind Op, const Expr &L,
                              const Expr &R,
                              const clang::Expr *RhsSource) const;

private:
  std::optional<Expr> convertDeclRef(const clang::DeclRefExpr *Ref) const;
  std::optional<Expr> convertBinary(const clang::BinaryOperator *B) const;
  std::optional<Expr> convertCall(const clang::CallExpr *Call) const;
  /// `c ? a : b` of integers: a div_ceil written out (`n % d ? n / d + 1 :
  /// n / d`) is ceilDiv, `x < y ? x : y` is min (max likewise), and any
  /// other condition of integers is its 0/1 indicator (indicator()).
  std::optional<Expr>
  convertConditional(const clang::ConditionalOperator *C) const;

  const clang::ASTContext &Ctx;
  const ValueEnv &Env;
  const std::set<const clang::ParmVarDecl *> &KernelParams;
  bool WithBlockValues = false;
  /// Nesting of `return expr;` helpers followed (see convertCall).
  unsigned Depth = 0;
};

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_SYMBOLICCONVERTER_H
