//===- ValueEnv.h - What the walker knows about local variables -*- C++ -*-===//
///
/// \file
/// Symbolic values of integer variables and the memory space each pointer
/// points into, as the walker goes through a kernel body (and, inlined, the
/// bodies of the __device__ functions it calls).
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_VALUEENV_H
#define RLA_FRONTEND_DEVICE_VALUEENV_H

#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/Expr.h"

#include "clang/AST/Decl.h"

#include <array>
#include <map>
#include <optional>
#include <string>

namespace rla {

/// The AST records no address spaces: each pointer is traced to the
/// declaration it comes from.
enum class MemorySpace { Global, Shared, Constant, Local, Unknown };

struct MemoryOrigin {
  MemorySpace Space = MemorySpace::Unknown;
  std::string Base; ///< the array or parameter name, for messages
  /// Where the pointer points within Base, in bytes; unset when it depends
  /// on data or on a pointer update the walker does not follow.
  std::optional<Expr> Offset = Expr(0);
  /// sizeof a fixed-size array variable Base (0 when unknown).
  uint64_t ArrayBytes = 0;
  /// When Offset is unset because the last subscript depends on data: how
  /// many values that subscript can take at most (`bins[c]` with an
  /// `unsigned char c`: 256; `x % 64`: 64).
  std::optional<uint64_t> DistinctIndices;
  /// When Offset is unset because the last subscript adds a value that is
  /// the same for the whole block but read from memory (`src[start +
  /// threadIdx.x]` with a `__shared__` start): the address without it.
  std::optional<Expr> LaneOffset;
  /// LaneOffset is the lane order of slots an atomic counter hands out
  /// (`out[atomicAdd(&n, 1)]`), not a block-uniform shift.
  bool AtomicCursor = false;
};

/// A reference parameter of an inlined call bound to an lvalue of the caller.
struct BoundReference {
  MemoryOrigin Origin;
};

/// A floating-point variable that holds a texture coordinate: the texel it
/// falls in (`x = ix + 0.5f` is in texel ix).
struct TexelValue {
  Expr Texel;
  bool Normalized = false; ///< made from `u / w`, taken as texel u
};

struct ValueEnv {
  /// Known integer values; a present key with nullopt means "unknown".
  std::map<const clang::ValueDecl *, std::optional<Expr>> Values;
  /// Integer variables whose value is unknown but the same for the whole
  /// block, kept for addresses only: a block swizzle's `bx = (blockIdx.x +
  /// blockIdx.y) % gridDim.x` chosen by a uniform `if`, and values made from
  /// it. Their unknowns are symbols named blockValueSymbol().
  std::map<const clang::ValueDecl *, Expr> BlockValues;
  /// Pointer variables' origins.
  std::map<const clang::ValueDecl *, MemoryOrigin> Origins;
  /// Integer reference parameters of inlined calls bound to a register
  /// variable of the caller (`udivmod(i, n, rem)`): what the callee
  /// assigns them is the caller variable's value when the call returns.
  std::map<const clang::ValueDecl *, const clang::ValueDecl *> LocalReferences;
  /// Floating-point variables known as texture coordinates.
  std::map<const clang::ValueDecl *, TexelValue> Texels;
  /// Reference parameters of inlined calls that alias caller memory.
  std::map<const clang::ValueDecl *, BoundReference> References;
  /// Inside an inlined member function: where `*this` lives (Local: a
  /// register object such as a by-value kernel parameter).
  std::optional<MemoryOrigin> ThisOrigin;
  /// Inside a member function called on (a field of) a by-value kernel
  /// parameter: its path ("in", "cfg.shape"); its integer fields are then the
  /// launch-wide symbols "in.rows_".
  std::string ThisPath;
  /// The dimensions the kernel indexes: cooperative-groups ranks are linear
  /// over these (CooperativeGroups.h).
  std::array<bool, 3> IndexedDims{{true, true, true}};

  void forget(const clang::ValueDecl *D) {
    BlockValues.erase(D);
    auto It = Values.find(D);
    if (It != Values.end())
      It->second.reset();
    else
      Values.emplace(D, std::nullopt);
  }
};

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_VALUEENV_H
