//===- CompileTimeValue.h - Arithmetic the compiler folds -------*- C++ -*-===//
///
/// \file
/// `sqrtf(2.0f / M_PI)` in a kernel costs nothing at run time: every operand
/// is a constant, so nvcc folds the whole expression (the division is a
/// double one, and counting it would put fp64 FLOPs in an fp32 kernel). The
/// cost walker skips an expression this says is folded.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_COMPILETIMEVALUE_H
#define RLA_FRONTEND_DEVICE_COMPILETIMEVALUE_H

namespace clang {
class Expr;
} // namespace clang

namespace rla {

/// Whether E is arithmetic on constants only: literals, enumerators,
/// sizeof, constexpr variables, const variables (not __constant__,
/// __device__ or __shared__ ones, which a program can write) whose
/// initialiser is folded, template arguments, and operators, casts and
/// math-library calls (sqrtf, expf, ...) of those. Nothing with a side
/// effect, a memory read or a thread-dependent value is.
bool isFoldedByCompiler(const clang::Expr *E);

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_COMPILETIMEVALUE_H
