//===- MathFunctions.cpp - The counting table -----------------------------===//
#include "analyzer/cuda/MathFunctions.h"

#include <map>

namespace rla {
namespace {

struct MathEntry {
  const char *Name;
  MathFunctionCost Cost;
};

constexpr std::optional<Precision> F32 = Precision::FP32;
constexpr std::optional<Precision> F64 = Precision::FP64;
constexpr std::optional<Precision> F16 = Precision::FP16;
constexpr std::optional<Precision> BF16 = Precision::BF16;
constexpr std::optional<Precision> ByArg = std::nullopt;

/// {precision, flops, sfu, compare, hardware flops, lanes, mufu}
///
/// `sfu` counts special-function calls in the source (1 per transcendental,
/// square root or reciprocal; sincos 2), whatever SASS makes of them.
/// Hardware flops and MUFU instructions are read from sm_90 SASS (CUDA 13.0, no
/// fast-math) by scripts/sass_math_costs.py: the instructions on the path a
/// normal, finite argument takes (docs/sass-math-costs.md). Where the
/// bfloat16 form differs from the half one, the comment gives it. The
/// hardware flops are per call: one HFMA2 is 2 whether it does one lane or
/// two, as ncu counts instructions (the other columns are per lane).
const MathEntry MathTable[] = {
    // Fused multiply-add: 2 FLOPs.
    {"fmaf", {F32, 2, 0, 0, 2, 1, 0}},
    {"__fmaf_rn", {F32, 2, 0, 0, 2, 1, 0}},
    {"__fmaf_rz", {F32, 2, 0, 0, 2, 1, 0}},
    {"__fmaf_ru", {F32, 2, 0, 0, 2, 1, 0}},
    {"__fmaf_rd", {F32, 2, 0, 0, 2, 1, 0}},
    {"fma", {F64, 2, 0, 0, 2, 1, 0}},
    {"__fma_rn", {F64, 2, 0, 0, 2, 1, 0}},
    // Rounded arithmetic intrinsics: 1 FLOP (divisions: MUFU.RCP and FMAs).
    {"__fadd_rn", {F32, 1, 0, 0, 1, 1, 0}},
    {"__fsub_rn", {F32, 1, 0, 0, 1, 1, 0}},
    {"__fmul_rn", {F32, 1, 0, 0, 1, 1, 0}},
    {"__fdiv_rn", {F32, 1, 0, 0, 10, 1, 1}},
    {"__fdividef", {F32, 1, 0, 0, 1, 1, 1}},
    {"__dadd_rn", {F64, 1, 0, 0, 1, 1, 0}},
    {"__dmul_rn", {F64, 1, 0, 0, 1, 1, 0}},
    {"__ddiv_rn", {F64, 1, 0, 0, 17, 1, 1}},
    {"fdividef",
     {F32, 1, 0, 0, 10, 1, 1}}, // the IEEE division without fast-math
    // Fast-math intrinsics: one MUFU op, little else.
    {"__expf", {F32, 0, 1, 0, 1, 1, 1}},
    {"__exp10f", {F32, 0, 1, 0, 1, 1, 1}},
    {"__logf", {F32, 0, 1, 0, 1, 1, 1}},
    {"__log2f", {F32, 0, 1, 0, 0, 1, 1}},
    {"__log10f", {F32, 0, 1, 0, 1, 1, 1}},
    {"__sinf", {F32, 0, 1, 0, 1, 1, 1}},
    {"__cosf", {F32, 0, 1, 0, 1, 1, 1}},
    {"__tanf", {F32, 0, 1, 0, 2, 1, 3}},
    {"__powf", {F32, 0, 1, 0, 1, 1, 2}},
    {"__saturatef", {F32, 0, 0, 1, 1, 1, 0}}, // FADD.SAT
    // Accurate single-precision functions: FMA polynomials, 0 to 3 MUFU ops.
    {"expf", {F32, 0, 1, 0, 10, 1, 1}},
    {"exp2f", {F32, 0, 1, 0, 0, 1, 1}},
    {"exp10f", {F32, 0, 1, 0, 10, 1, 1}},
    {"expm1f", {F32, 0, 1, 0, 20, 1, 1}},
    {"logf", {F32, 0, 1, 0, 24, 1, 0}},
    {"log2f", {F32, 0, 1, 0, 26, 1, 0}},
    {"log10f", {F32, 0, 1, 0, 25, 1, 0}},
    {"log1pf", {F32, 0, 1, 0, 26, 1, 0}},
    {"sinf", {F32, 0, 1, 0, 16, 1, 0}},
    {"cosf", {F32, 0, 1, 0, 18, 1, 0}},
    {"tanf", {F32, 0, 1, 0, 21, 1, 0}}, // + MUFU.RCP in odd quadrants
    {"sincosf", {F32, 0, 2, 0, 24, 1, 0}},
    {"sqrtf", {F32, 0, 1, 0, 6, 1, 1}},
    {"rsqrtf", {F32, 0, 1, 0, 0, 1, 1}},
    {"cbrtf", {F32, 0, 1, 0, 10, 1, 2}},
    {"powf", {F32, 0, 1, 0, 61, 1, 1}},
    {"tanhf", {F32, 0, 1, 0, 13, 1, 2}},
    {"sinhf", {F32, 0, 1, 0, 21, 1, 2}},
    {"coshf", {F32, 0, 1, 0, 11, 1, 2}},
    {"erff", {F32, 0, 1, 0, 15, 1, 0}},
    {"erfcf", {F32, 0, 1, 0, 53, 1, 3}},
    {"atanf", {F32, 0, 1, 0, 18, 1, 1}},
    {"atan2f", {F32, 0, 1, 0, 29, 1, 1}},
    {"asinf", {F32, 0, 1, 0, 23, 1, 1}},
    {"acosf", {F32, 0, 1, 0, 23, 1, 1}},
    {"hypotf", {F32, 0, 1, 0, 14, 1, 1}},
    {"normf", {F32, 0, 1, 0, 17, 1, 1}},
    {"rcbrtf", {F32, 0, 1, 0, 10, 1, 2}},
    {"__frcp_rn", {F32, 0, 1, 0, 5, 1, 1}},
    {"__frsqrt_rn", {F32, 0, 1, 0, 12, 1, 1}},
    {"__fsqrt_rn", {F32, 0, 1, 0, 6, 1, 1}},
    // Double precision: a DFMA polynomial, or a MUFU seed that DFMAs refine.
    {"exp", {F64, 0, 1, 0, 29, 1, 0}},
    {"log", {F64, 0, 1, 0, 44, 1, 1}},
    {"sin", {F64, 0, 1, 0, 22, 1, 0}},
    {"cos", {F64, 0, 1, 0, 24, 1, 0}},
    {"sqrt", {F64, 0, 1, 0, 13, 1, 1}},
    {"rsqrt", {F64, 0, 1, 0, 8, 1, 1}},
    {"pow", {F64, 0, 1, 0, 122, 1, 1}},
    {"tanh", {F64, 0, 1, 0, 37, 1, 2}},
    {"__dsqrt_rn", {F64, 0, 1, 0, 13, 1, 1}},
    {"__drcp_rn", {F64, 0, 1, 0, 10, 1, 1}},
    // Half and bfloat16 intrinsics (precision from the argument type).
    {"__hadd", {ByArg, 1, 0, 0, 1, 1, 0}},
    {"__hsub", {ByArg, 1, 0, 0, 1, 1, 0}},
    {"__hmul", {ByArg, 1, 0, 0, 1, 1, 0}},
    {"__hdiv", {ByArg, 1, 0, 0, 3, 1, 1}}, // bf16: 1
    {"__hneg", {ByArg, 0, 0, 0, 1, 1, 0}}, // bf16: 2 (an HFMA2)
    {"__hfma", {ByArg, 2, 0, 0, 2, 1, 0}},
    {"__hfma_relu", {ByArg, 2, 0, 1, 2, 1, 0}},
    {"__hadd2", {ByArg, 1, 0, 0, 2, 2, 0}}, // an HFMA2 (x * 1 + y)
    {"__hsub2", {ByArg, 1, 0, 0, 2, 2, 0}}, // an HFMA2
    {"__hmul2", {ByArg, 1, 0, 0, 2, 2, 0}}, // an HFMA2
    {"__h2div", {ByArg, 1, 0, 0, 6, 2, 1}}, // bf16: 2
    {"__hfma2", {ByArg, 2, 0, 0, 2, 2, 0}},
    {"__hmax", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"__hmin", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"__hmax2", {ByArg, 0, 0, 1, 0, 2, 0}},
    {"__hmin2", {ByArg, 0, 0, 1, 0, 2, 0}},
    {"__habs", {ByArg, 0, 0, 1, 1, 1, 0}}, // bf16: 2 (an HFMA2)
    {"hexp", {ByArg, 0, 1, 0, 11, 1, 1}},  // bf16: 1
    {"hlog", {ByArg, 0, 1, 0, 10, 1, 1}},  // bf16: 1
    {"hsqrt", {ByArg, 0, 1, 0, 1, 1, 1}},  // bf16: 0
    {"hrsqrt", {ByArg, 0, 1, 0, 1, 1, 1}}, // bf16: 0
    {"htanh", {ByArg, 0, 1, 0, 14, 1, 2}}, // bf16: 0, one MUFU.TANH
    {"__hmul_rn", {ByArg, 1, 0, 0, 1, 1, 0}},
    {"__hadd_rn", {ByArg, 1, 0, 0, 1, 1, 0}},
    // Compare-class: not FLOPs.
    {"fminf", {F32, 0, 0, 1, 0, 1, 0}},
    {"fmaxf", {F32, 0, 0, 1, 0, 1, 0}},
    {"fabsf", {F32, 0, 0, 1, 1, 1, 0}}, // FADD |x|, -0; free as an operand
    {"fmin", {F64, 0, 0, 1, 0, 1, 0}},
    {"fmax", {F64, 0, 0, 1, 0, 1, 0}},
    {"fabs", {F64, 0, 0, 1, 1, 1, 0}}, // DADD |x|, -0; free as an operand
    {"min", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"max", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"abs", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"umin", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"umax", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"llmin", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"llmax", {ByArg, 0, 0, 1, 0, 1, 0}},
    {"copysignf", {F32, 0, 0, 1, 0, 1, 0}},
    {"floorf", {F32, 0, 0, 1, 0, 1, 0}},
    {"ceilf", {F32, 0, 0, 1, 0, 1, 0}},
    {"truncf", {F32, 0, 0, 1, 0, 1, 0}},
    {"roundf", {F32, 0, 0, 1, 1, 1, 0}}, // FADD.RZ x + 0.5 before FRND.TRUNC
    {"rintf", {F32, 0, 0, 1, 0, 1, 0}},
    {"floor", {F64, 0, 0, 1, 0, 1, 0}},
    {"ceil", {F64, 0, 0, 1, 0, 1, 0}},
};

} // namespace

std::optional<MathFunctionCost> lookupMathFunction(const std::string &Name) {
  static const std::map<std::string, MathFunctionCost> Index = [] {
    std::map<std::string, MathFunctionCost> M;
    for (const MathEntry &E : MathTable)
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

std::optional<MathFunctionCost> lookupMathFunction(const std::string &Name,
                                                   bool FloatOverload) {
  std::optional<MathFunctionCost> Cost = lookupMathFunction(Name);
  if (FloatOverload && Cost && Cost->Prec == Precision::FP64)
    if (auto Single = lookupMathFunction(Name + "f"))
      return Single;
  return Cost;
}

MemoryIntrinsic classifyMemoryIntrinsic(const std::string &Name) {
  static const char *Loads[] = {"__ldg",  "__ldcg", "__ldca",
                                "__ldcs", "__ldlu", "__ldcv"};
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
