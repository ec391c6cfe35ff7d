//===- MathFunctions.h - What each CUDA math call counts as -----*- C++ -*-===//
///
/// \file
/// The documented table (docs/counting.md) of how device math functions and
/// intrinsics are counted: FLOPs (an FMA is 2), SFU operations (the special
/// function unit: exp, log, sin, rsqrt, ...), or compare-class operations
/// (min/max/abs). `HardwareFlops` is what Nsight Compute's
/// fadd + fmul + 2*ffma counters (and the dadd/hadd variants) see for one
/// call. The hardware column and the SFU ops were read from sm_90 SASS with
/// CUDA 13.0 by scripts/sass_math_costs.py on 2026-11-29: the instructions
/// on the path a normal, finite argument takes (docs/sass-math-costs.md).
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_MATHFUNCTIONS_H
#define RLA_CUDA_MATHFUNCTIONS_H

#include "analyzer/ir/KernelModel.h"

#include <optional>
#include <string>

namespace rla {

struct MathFunctionCost {
  /// Precision of the operation; unset = taken from the argument type
  /// (overloads such as __hadd on __half and on __nv_bfloat16).
  std::optional<Precision> Prec;
  unsigned Flops = 0; ///< source FLOPs per call (per lane for x2 types: Lanes)
  /// Special-function calls per call site as the source writes them: 1 for
  /// each transcendental, square root or reciprocal (sincos: 2). The
  /// model's `sfu_ops`.
  unsigned SfuOps = 0;
  unsigned CompareOps = 0;    ///< min/max/abs/compare-like ops per call
  unsigned HardwareFlops = 0; ///< fadd + fmul + 2*ffma in SASS, per call
  unsigned Lanes = 1;         ///< 2 for half2/bfloat162 operations
  /// MUFU instructions on the common path in sm_90 SASS (accurate sinf and
  /// logf are pure FMA polynomials: 0), per lane.
  unsigned MufuOps = 0;
  /// The costs above are those of this many calls together (curand_normal
  /// makes a Box-Muller pair every other call: 2).
  unsigned CallsPerCost = 1;
};

/// The cost of calling the function named Name, or nullopt when it is not a
/// math function or intrinsic (then the caller looks into its body).
std::optional<MathFunctionCost> lookupMathFunction(const std::string &Name);

/// The cost of a call to Name whose parameters are all `float`: the C++
/// overloads exp(float), sqrt(float), std::log(float) ... are the
/// single-precision functions expf, sqrtf, logf, not the double ones.
std::optional<MathFunctionCost> lookupMathFunction(const std::string &Name,
                                                   bool FloatOverload);

/// Memory intrinsics: loads (__ldg, __ldcs, ...) and stores (__stcs, ...).
enum class MemoryIntrinsic { None, Load, Store };
MemoryIntrinsic classifyMemoryIntrinsic(const std::string &Name);

/// atomicAdd, atomicCAS_block, ... (not the __nv_ internals).
bool isAtomicFunction(const std::string &Name);

} // namespace rla

#endif // RLA_CUDA_MATHFUNCTIONS_H
