//===- CurandSkipAhead.h - XORWOW's skip-ahead in curand_init ---*- C++ -*-===//
///
/// \file
/// curand_init for an XORWOW state skips ahead to its subsequence with the
/// toolkit's precomputed powers of the generator's 160x160 bit matrix, two
/// bits of the subsequence at a time: a base-4 digit d runs d products of
/// the state vector with that digit's matrix (curand_kernel.h,
/// `_skipahead_sequence`). Each product tests the 160 bits of the state and
/// XORs in a 5-word row of the table for every bit set: 800 loads for a
/// warp, whose lanes almost surely cover every bit. A warp runs a digit's
/// loop as long as its busiest lane. These are counts, not constants: the
/// time follows from the compiled loop (the issue model).
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_CURANDSKIPAHEAD_H
#define RLA_CUDA_CURANDSKIPAHEAD_H

#include "analyzer/ir/Expr.h"

#include <optional>

namespace rla {

/// Words of an XORWOW state vector, and bits each holds.
constexpr int XorwowWords = 5;
constexpr int XorwowBitsPerWord = 32;

/// The matrix-vector products the launch's warps run to skip ahead, summed
/// over the warps (each warp counts the products of its busiest lane at
/// every digit). Known for a subsequence that is the thread's index along
/// x over the grid (`blockIdx.x * blockDim.x + threadIdx.x`), its index in
/// the block (`threadIdx.x`) or the block's (`blockIdx.x`, the same for
/// every lane); lanes are consecutive threads in x, whole warps of a row
/// (blockDim.x a multiple of 32). nullopt for any other subsequence.
std::optional<Expr> xorwowSkipAheadWarpProducts(const Expr &Subsequence);

/// sum_{w=0}^{Count-1} ((w / Place) % 4): the base-4 digit at Place (a power
/// of 4, or twice one) of every number below Count, added up.
Expr digitSumBelow(const Expr &Count, int64_t Place);

} // namespace rla

#endif // RLA_CUDA_CURANDSKIPAHEAD_H
