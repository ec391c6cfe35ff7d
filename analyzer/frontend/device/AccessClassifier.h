//===- AccessClassifier.h - Which memory an lvalue lives in -----*- C++ -*-===//
///
/// \file
/// Clang's AST has no address spaces for CUDA, so every dereference is traced
/// to its base declaration: a kernel pointer parameter (or a pointer derived
/// from one) is global memory, a __shared__ variable is shared memory, a
/// __constant__ variable is constant memory, locals are registers.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_ACCESSCLASSIFIER_H
#define RLA_FRONTEND_DEVICE_ACCESSCLASSIFIER_H

#include "analyzer/frontend/device/ValueEnv.h"
#include "analyzer/ir/AccessSite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <set>

namespace rla {

/// One memory reference: where it points and how many bytes it moves.
struct MemoryAccess {
  MemoryOrigin Origin;
  uint64_t Bytes = 0;
  /// `tile[a][b]` of a __shared__ array with a literal innermost extent.
  std::optional<RowPadding> Padding;
};

class AccessClassifier {
public:
  AccessClassifier(const clang::ASTContext &Ctx, const ValueEnv &Env,
                   const std::set<const clang::ParmVarDecl *> &KernelParams)
      : Ctx(Ctx), Env(Env), KernelParams(KernelParams) {}

  /// The memory an lvalue refers to; nullopt when it is a register (a local
  /// variable or a by-value parameter).
  std::optional<MemoryAccess> classifyLValue(const clang::Expr *LValue) const;
  /// The element size of `a[i]` (also `a[i][j]`) on an array variable of
  /// the thread's own (`float a[64]`): what a local load or store moves
  /// when ptxas keeps the array in local memory. Unset for anything else.
  std::optional<uint64_t>
  localArrayElementBytes(const clang::Expr *LValue) const;

  /// Where a pointer-valued expression points.
  MemoryOrigin originOfPointer(const clang::Expr *Pointer) const;

  /// Where a pointer variable points (a kernel parameter: its array at
  /// offset 0, unless the walker recorded a new origin for it).
  MemoryOrigin originOfVariable(const clang::ValueDecl *D) const;

  /// sizeof(T) in bytes, 0 for incomplete or dependent types.
  uint64_t sizeOf(clang::QualType T) const;

  /// A value every thread of a block has the same: built from constants,
  /// scalar parameters, blockIdx/blockDim/gridDim, `__shared__` scalars,
  /// constant locals and parameters' elements at such subscripts.
  bool isBlockUniform(const clang::Expr *E, unsigned Depth = 0) const;

private:
  /// The access's address with each row of its __shared__ array one
  /// element longer, for a full subscript of an array whose innermost
  /// extent is an integer literal; nullopt otherwise.
  std::optional<RowPadding> rowPadding(const clang::Expr *LValue) const;
  /// Offset + Index * Scale, unset when either is unknown.
  std::optional<Expr> offsetPlus(const std::optional<Expr> &Offset,
                                 const clang::Expr *Index, uint64_t Scale,
                                 bool Negate = false) const;
  /// Offset + Index * Scale without the addends of Index that are the same
  /// for every thread of a block but read from memory (a `__shared__`
  /// scalar, an element of a parameter's array at a subscript free of
  /// threadIdx); unset when another addend is unknown or none is such.
  std::optional<Expr> laneOffsetPlus(const std::optional<Expr> &Offset,
                                     const clang::Expr *Index,
                                     uint64_t Scale) const;
  /// How many values a data-dependent subscript can take, from its type or
  /// a constant modulus or mask.
  std::optional<uint64_t> distinctValues(const clang::Expr *Index) const;
  /// A slot an atomic counter hands out: `atomicAdd(&n, 1)`, a local
  /// initialised by one, or a device function whose value comes from one
  /// (a warp-aggregated increment). The slots are dense, one per store.
  bool isAtomicCursor(const clang::Expr *Index, unsigned Depth = 0) const;
  std::optional<MemoryOrigin> originOfLValue(const clang::Expr *LValue) const;
  std::optional<MemoryOrigin> originOfStorage(const clang::ValueDecl *D) const;

  const clang::ASTContext &Ctx;
  const ValueEnv &Env;
  const std::set<const clang::ParmVarDecl *> &KernelParams;
};

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_ACCESSCLASSIFIER_H
