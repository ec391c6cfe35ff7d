//===- RandomFunctions.h - What a cuRAND device call counts as --*- C++ -*-===//
///
/// \file
/// cuRAND's device generators (curand_kernel.h) are library code the cost
/// walker does not look into; this table counts a call as the math table
/// counts one (MathFunctions.h), by the generator its state is. The
/// hardware column and the MUFU instructions were read from sm_90 SASS
/// (CUDA 13.0, -O3) on the path a normal argument takes
/// (docs/sass-math-costs.md). A Box-Muller pair (curand_normal2) is one
/// call's cost; curand_normal makes a pair every other call and returns the
/// second from the state, so its cost is that of half a pair.
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_RANDOMFUNCTIONS_H
#define RLA_CUDA_RANDOMFUNCTIONS_H

#include "analyzer/cuda/MathFunctions.h"

#include <optional>
#include <string>

namespace rla {

/// The cost of a call to the cuRAND device function Name whose state is a
/// StateType ("curandStateXORWOW", "curandStatePhilox4_32_10", ...); none
/// for other functions and for generators the table does not hold.
std::optional<MathFunctionCost>
lookupRandomFunction(const std::string &Name, const std::string &StateType);

} // namespace rla

#endif // RLA_CUDA_RANDOMFUNCTIONS_H
