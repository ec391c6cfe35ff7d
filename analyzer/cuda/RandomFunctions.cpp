//===- RandomFunctions.cpp - The cuRAND counting table --------------------===//
#include "analyzer/cuda/RandomFunctions.h"

#include <cstring>

namespace rla {
namespace {

constexpr std::optional<Precision> Single = Precision::FP32;
constexpr std::optional<Precision> Double = Precision::FP64;

/// Generators whose curand() makes 32 random bits from integer operations
/// only, then scaled the same way by curand_uniform and the Box-Muller
/// transform (curand_uniform.h, curand_normal.h).
bool integerGenerator(const std::string &State) {
  for (const char *Name :
       {"curandStateXORWOW", "curandStatePhilox4_32_10", "curandStateSobol32",
        "curandStateScrambledSobol32", "curandStateMtgp32"})
    if (State == Name)
      return true;
  return false;
}

/// Box-Muller on two 32-bit draws (_curand_box_muller, sm_90 SASS, common
/// path): u and v scaled (2 FFMA), logf as its polynomial (1 FADD, 1 FMUL,
/// 11 FFMA), -2 * log (FMUL), sqrtf (MUFU.RSQ, 2 FMUL, 2 FFMA), __sincosf
/// (FMUL, MUFU.SIN, MUFU.COS), s * sin and s * cos (2 FMUL): 38 hardware
/// FLOPs, 3 MUFU. The source's arithmetic is the two scalings, -2 * log and
/// the two products (7 FLOPs) and four special functions.
constexpr MathFunctionCost BoxMullerPair{Single, 7, 4, 0, 38, 1, 3, 1};

} // namespace

std::optional<MathFunctionCost>
lookupRandomFunction(const std::string &Name, const std::string &StateType) {
  if (!integerGenerator(StateType))
    return std::nullopt;
  bool PairGenerator = StateType == "curandStateXORWOW" ||
                       StateType == "curandStatePhilox4_32_10";
  // {precision, flops, sfu, compare, hardware flops, lanes, mufu, calls}
  if (Name == "curand")
    return MathFunctionCost{std::nullopt, 0, 0, 0, 0, 1, 0, 1};
  // x * 2^-32 + 2^-33: one FFMA.
  if (Name == "curand_uniform")
    return MathFunctionCost{Single, 2, 0, 0, 2, 1, 0, 1};
  if (Name == "curand_uniform4" && StateType == "curandStatePhilox4_32_10")
    return MathFunctionCost{Single, 8, 0, 0, 8, 1, 0, 1};
  // Two draws made one 53-bit integer, scaled by one DFMA.
  if (Name == "curand_uniform_double" && StateType == "curandStateXORWOW")
    return MathFunctionCost{Double, 2, 0, 0, 2, 1, 0, 1};
  if (Name == "curand_normal2" && PairGenerator)
    return BoxMullerPair;
  if (Name == "curand_normal" && PairGenerator) {
    MathFunctionCost Half = BoxMullerPair;
    Half.CallsPerCost = 2;
    return Half;
  }
  return std::nullopt;
}

} // namespace rla
