//===- MathFunctions.cpp - The counting table -----------------------------===//
#include "analyzer/models/MathFunctions.h"

#include <map>

namespace rla {
namespace {

struct Entry {
  const char *Name;
  MathFunctionCost Cost;
};

constexpr std::optional<Precision> F32 = Precision::FP32;
constexpr std::optional<Precision> F64 = Precision::FP64;
constexpr std::optional<Precision> F16 = Precision::FP16;
constexpr std::optional<Precision> BF16 = Precision::BF16;
constexpr std::optional<Precision> ByArg = std::nullopt;

/// {precision, flops, sfu, compare, hardware flops, lanes}
const Entry Table[] = {
    // Fused multiply-add: 2 FLOPs.
    {"fmaf", {F32, 2, 0, 0, 2, 1}},
    {"__fmaf_rn", {F32, 2, 0, 0, 2, 1}},
    {"__fmaf_rz", {F32, 2, 0, 0, 2, 1}},
    {"__fmaf_ru", {F32, 2, 0, 0, 2, 1}},
    {"__fmaf_rd", {F32, 2, 0, 0, 2, 1}},
    {"fma", {F64, 2, 0, 0, 2, 1}},
    {"__fma_rn", {F64, 2, 0, 0, 2, 1}},
    // Rounded arithmetic intrinsics: 1 FLOP.
    {"__fadd_rn", {F32, 1, 0, 0, 1, 1}},
    {"__fsub_rn", {F32, 1, 0, 0, 1, 1}},
    {"__fmul_rn", {F32, 1, 0, 0, 1, 1}},
    {"__fdiv_rn", {F32, 1, 0, 0, 8, 1}},
    {"__fdividef", {F32, 1, 1, 0, 1, 1}},
    {"__dadd_rn", {F64, 1, 0, 0, 1, 1}},
    {"__dmul_rn", {F64, 1, 0, 0, 1, 1}},
    {"__ddiv_rn", {F64, 1, 0, 0, 10, 1}},
    {"fdividef", {F32, 1, 1, 0, 1, 1}},
    // Fast-math intrinsics: one MUFU op, little else.
    {"__expf", {F32, 0, 1, 0, 1, 1}},
    {"__exp10f", {F32, 0, 1, 0, 1, 1}},
    {"__logf", {F32, 0, 1, 0, 1, 1}},
    {"__log2f", {F32, 0, 1, 0, 0, 1}},
    {"__log10f", {F32, 0, 1, 0, 1, 1}},
    {"__sinf", {F32, 0, 1, 0, 1, 1}},
    {"__cosf", {F32, 0, 1, 0, 1, 1}},
    {"__tanf", {F32, 0, 3, 0, 2, 1}},
    {"__powf", {F32, 0, 2, 0, 1, 1}},
    {"__saturatef", {F32, 0, 0, 1, 0, 1}},
    // Accurate single-precision functions: one or two MUFU ops plus an FMA
    // polynomial or correction.
    {"expf", {F32, 0, 1, 0, 6, 1}},
    {"exp2f", {F32, 0, 1, 0, 1, 1}},
    {"exp10f", {F32, 0, 1, 0, 6, 1}},
    {"expm1f", {F32, 0, 1, 0, 14, 1}},
    {"logf", {F32, 0, 1, 0, 8, 1}},
    {"log2f", {F32, 0, 1, 0, 4, 1}},
    {"log10f", {F32, 0, 1, 0, 8, 1}},
    {"log1pf", {F32, 0, 1, 0, 16, 1}},
    {"sinf", {F32, 0, 1, 0, 14, 1}},
    {"cosf", {F32, 0, 1, 0, 14, 1}},
    {"tanf", {F32, 0, 2, 0, 16, 1}},
    {"sincosf", {F32, 0, 2, 0, 20, 1}},
    {"sqrtf", {F32, 0, 1, 0, 4, 1}},
    {"rsqrtf", {F32, 0, 1, 0, 0, 1}},
    {"cbrtf", {F32, 0, 2, 0, 8, 1}},
    {"powf", {F32, 0, 2, 0, 30, 1}},
    {"tanhf", {F32, 0, 1, 0, 8, 1}},
    {"sinhf", {F32, 0, 2, 0, 10, 1}},
    {"coshf", {F32, 0, 2, 0, 10, 1}},
    {"erff", {F32, 0, 1, 0, 14, 1}},
    {"erfcf", {F32, 0, 2, 0, 20, 1}},
    {"atanf", {F32, 0, 1, 0, 16, 1}},
    {"atan2f", {F32, 0, 2, 0, 20, 1}},
    {"asinf", {F32, 0, 1, 0, 12, 1}},
    {"acosf", {F32, 0, 1, 0, 12, 1}},
    {"hypotf", {F32, 0, 1, 0, 6, 1}},
    {"normf", {F32, 0, 1, 0, 6, 1}},
    {"rcbrtf", {F32, 0, 2, 0, 6, 1}},
    {"__frcp_rn", {F32, 0, 1, 0, 4, 1}},
    {"__frsqrt_rn", {F32, 0, 1, 0, 4, 1}},
    {"__fsqrt_rn", {F32, 0, 1, 0, 4, 1}},
    // Double precision: MUFU gives a seed, FMAs refine it.
    {"exp", {F64, 0, 1, 0, 24, 1}},
    {"log", {F64, 0, 1, 0, 30, 1}},
    {"sin", {F64, 0, 1, 0, 30, 1}},
    {"cos", {F64, 0, 1, 0, 30, 1}},
    {"sqrt", {F64, 0, 1, 0, 10, 1}},
    {"rsqrt", {F64, 0, 1, 0, 8, 1}},
    {"pow", {F64, 0, 2, 0, 60, 1}},
    {"tanh", {F64, 0, 1, 0, 30, 1}},
    {"__dsqrt_rn", {F64, 0, 1, 0, 10, 1}},
    {"__drcp_rn", {F64, 0, 1, 0, 8, 1}},
    // Half and bfloat16 intrinsics (precision from the argument type).
    {"__hadd", {ByArg, 1, 0, 0, 1, 1}},
    {"__hsub", {ByArg, 1, 0, 0, 1, 1}},
    {"__hmul", {ByArg, 1, 0, 0, 1, 1}},
    {"__hdiv", {ByArg, 1, 0, 0, 6, 1}},
    {"__hneg", {ByArg, 0, 0, 0, 0, 1}},
    {"__hfma", {ByArg, 2, 0, 0, 2, 1}},
    {"__hfma_relu", {ByArg, 2, 0, 1, 2, 1}},
    {"__hadd2", {ByArg, 1, 0, 0, 1, 2}},
    {"__hsub2", {ByArg, 1, 0, 0, 1, 2}},
    {"__hmul2", {ByArg, 1, 0, 0, 1, 2}},
    {"__h2div", {ByArg, 1, 0, 0, 6, 2}},
    {"__hfma2", {ByArg, 2, 0, 0, 2, 2}},
    {"__hmax", {ByArg, 0, 0, 1, 0, 1}},
    {"__hmin", {ByArg, 0, 0, 1, 0, 1}},
    {"__hmax2", {ByArg, 0, 0, 1, 0, 2}},
    {"__hmin2", {ByArg, 0, 0, 1, 0, 2}},
    {"__habs", {ByArg, 0, 0, 1, 0, 1}},
    {"hexp", {ByArg, 0, 1, 0, 2, 1}},
    {"hlog", {ByArg, 0, 1, 0, 2, 1}},
    {"hsqrt", {ByArg, 0, 1, 0, 1, 1}},
    {"hrsqrt", {ByArg, 0, 1, 0, 0, 1}},
    {"htanh", {ByArg, 0, 1, 0, 0, 1}},
    {"__hmul_rn", {ByArg, 1, 0, 0, 1, 1}},
    {"__hadd_rn", {ByArg, 1, 0, 0, 1, 1}},
    // Compare-class: not FLOPs.
    {"fminf", {F32, 0, 0, 1, 0, 1}},
    {"fmaxf", {F32, 0, 0, 1, 0, 1}},
    {"fabsf", {F32, 0, 0, 1, 0, 1}},
    {"fmin", {F64, 0, 0, 1, 0, 1}},
    {"fmax", {F64, 0, 0, 1, 0, 1}},
    {"fabs", {F64, 0, 0, 1, 0, 1}},
    {"min", {ByArg, 0, 0, 1, 0, 1}},
    {"max", {ByArg, 0, 0, 1, 0, 1}},
    {"abs", {ByArg, 0, 0, 1, 0, 1}},
    {"umin", {ByArg, 0, 0, 1, 0, 1}},
    {"umax", {ByArg, 0, 0, 1, 0, 1}},
    {"llmin", {ByArg, 0, 0, 1, 0, 1}},
    {"llmax", {ByArg, 0, 0, 1, 0, 1}},
    {"copysignf", {F32, 0, 0, 1, 0, 1}},
    {"floorf", {F32, 0, 0, 1, 0, 1}},
    {"ceilf", {F32, 0, 0, 1, 0, 1}},
    {"truncf", {F32, 0, 0, 1, 0, 1}},
    {"roundf", {F32, 0, 0, 1, 0, 1}},
    {"rintf", {F32, 0, 0, 1, 0, 1}},
    {"floor", {F64, 0, 0, 1, 0, 1}},
    {"ceil", {F64, 0, 0, 1, 0, 1}},
};

} // namespace

std::optional<MathFunctionCost> lookupMathFunction(const std::string &Name) {
  static const std::map<std::string, MathFunctionCost> Index = [] {
    std::map<std::string, MathFunctionCost> M;
    for (const Entry &E : Table)
      M.emplace(E.Name, E.Cost);
    return M;
  }();
  // The std:: spellings (std::exp, std::fma) name the same operations.
  std::string Key = Name.rfind("std::", 0) == 0 ? Name.substr(5) : Name;
  auto It = Index.find(Key);
  if (It == Index.end())
    return std::nullopt;
  return It->second;
}

MemoryIntrinsic classifyMemoryIntrinsic(const std::string &Name) {
  static const char *Loads[] = {"__ldg",  "__ldcg", "__ldca", "__ldcs",
                                "__ldlu", "__ldcv"};
  static const char *Stores[] = {"__stwb", "__stcg", "__stcs", "__stwt"};
  for (const char *L : Loads)
    if (Name == L)
      return MemoryIntrinsic::Load;
  for (const char *S : Stores)
    if (Name == S)
      return MemoryIntrinsic::Store;
  return MemoryIntrinsic::None;
}

bool isAtomicFunction(const std::string &Name) {
  static const char *Bases[] = {"atomicAdd", "atomicSub", "atomicExch",
                                "atomicMin", "atomicMax", "atomicInc",
                                "atomicDec", "atomicCAS", "atomicAnd",
                                "atomicOr",  "atomicXor"};
  for (const char *B : Bases) {
    std::string Base(B);
    if (Name == Base || Name == Base + "_block" || Name == Base + "_system")
      return true;
  }
  return false;
}

} // namespace rla
