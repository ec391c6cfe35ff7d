//===- MathFunctionsTest.cpp - How CUDA math calls are counted ------------===//
#include "analyzer/cuda/MathFunctions.h"
#include "analyzer/cuda/RandomFunctions.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

using namespace rla;

namespace {

/// The table entry for Name, which must exist.
MathFunctionCost costOf(const std::string &Name) {
  std::optional<MathFunctionCost> Cost = lookupMathFunction(Name);
  EXPECT_TRUE(Cost.has_value()) << Name;
  return Cost.value_or(MathFunctionCost{});
}

void expectSameCost(const MathFunctionCost &A, const MathFunctionCost &B) {
  EXPECT_EQ(A.Prec, B.Prec);
  EXPECT_EQ(A.Flops, B.Flops);
  EXPECT_EQ(A.SfuOps, B.SfuOps);
  EXPECT_EQ(A.CompareOps, B.CompareOps);
  EXPECT_EQ(A.HardwareFlops, B.HardwareFlops);
  EXPECT_EQ(A.Lanes, B.Lanes);
}

TEST(MathFunctionsTest, FusedMultiplyAddIsTwoFlops) {
  MathFunctionCost Fmaf = costOf("fmaf");
  EXPECT_EQ(Fmaf.Prec, Precision::FP32);
  EXPECT_EQ(Fmaf.Flops, 2u);
  EXPECT_EQ(Fmaf.SfuOps, 0u);
  EXPECT_EQ(Fmaf.CompareOps, 0u);
  EXPECT_EQ(Fmaf.HardwareFlops, 2u);
  EXPECT_EQ(Fmaf.Lanes, 1u);

  MathFunctionCost Fma = costOf("fma");
  EXPECT_EQ(Fma.Prec, Precision::FP64);
  EXPECT_EQ(Fma.Flops, 2u);
  EXPECT_EQ(Fma.SfuOps, 0u);

  for (const char *Rounded :
       {"__fmaf_rn", "__fmaf_rz", "__fmaf_ru", "__fmaf_rd"})
    expectSameCost(costOf(Rounded), Fmaf);
  expectSameCost(costOf("__fma_rn"), Fma);
}

TEST(MathFunctionsTest, RoundedArithmeticIsOneFlop) {
  for (const char *Name : {"__fadd_rn", "__fsub_rn", "__fmul_rn"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_EQ(C.Prec, Precision::FP32) << Name;
    EXPECT_EQ(C.Flops, 1u) << Name;
    EXPECT_EQ(C.SfuOps, 0u) << Name;
    EXPECT_EQ(C.HardwareFlops, 1u) << Name;
  }
  for (const char *Name : {"__dadd_rn", "__dmul_rn", "__ddiv_rn"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_EQ(C.Prec, Precision::FP64) << Name;
    EXPECT_EQ(C.Flops, 1u) << Name;
  }
  // The IEEE divisions are one source FLOP; in SASS a MUFU reciprocal that
  // FMAs refine (sm_90, CUDA 13.0).
  MathFunctionCost Div = costOf("__fdiv_rn");
  EXPECT_EQ(Div.Flops, 1u);
  EXPECT_EQ(Div.SfuOps, 0u); // a division is a FLOP, not a special function
  EXPECT_EQ(Div.MufuOps, 1u);
  EXPECT_EQ(Div.HardwareFlops, 10u);
  MathFunctionCost DDiv = costOf("__ddiv_rn");
  EXPECT_EQ(DDiv.MufuOps, 1u);
  EXPECT_EQ(DDiv.HardwareFlops, 17u);
  // The fast division is one FLOP through the SFU's reciprocal.
  MathFunctionCost Fast = costOf("__fdividef");
  EXPECT_EQ(Fast.Flops, 1u);
  EXPECT_EQ(Fast.SfuOps, 0u);
  EXPECT_EQ(Fast.MufuOps, 1u);
}

TEST(MathFunctionsTest, FastIntrinsicsAreSfuOpsNotFlops) {
  MathFunctionCost Exp = costOf("__expf");
  EXPECT_EQ(Exp.Prec, Precision::FP32);
  EXPECT_EQ(Exp.Flops, 0u);
  EXPECT_EQ(Exp.SfuOps, 1u);
  EXPECT_EQ(Exp.CompareOps, 0u);
  EXPECT_EQ(Exp.HardwareFlops, 1u);
  EXPECT_EQ(Exp.Lanes, 1u);
  for (const char *Name : {"__logf", "__sinf", "__cosf", "__log2f"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_EQ(C.Flops, 0u) << Name;
    EXPECT_EQ(C.SfuOps, 1u) << Name;
  }
  // One special function in the source, several MUFU instructions in SASS.
  EXPECT_EQ(costOf("__powf").SfuOps, 1u);
  EXPECT_EQ(costOf("__powf").MufuOps, 2u);
  EXPECT_EQ(costOf("__tanf").SfuOps, 1u);
  EXPECT_EQ(costOf("__tanf").MufuOps, 3u);
  EXPECT_EQ(costOf("sincosf").SfuOps, 2u);
}

TEST(MathFunctionsTest, AccurateFunctionsCostMoreHardwareFlops) {
  MathFunctionCost Accurate = costOf("expf");
  MathFunctionCost Fast = costOf("__expf");
  EXPECT_EQ(Accurate.Flops, 0u);
  EXPECT_EQ(Accurate.SfuOps, 1u);
  EXPECT_GT(Accurate.HardwareFlops, Fast.HardwareFlops);
  EXPECT_EQ(Accurate.HardwareFlops, 10u);
  EXPECT_EQ(costOf("sinf").HardwareFlops, 16u);

  MathFunctionCost Exp = costOf("exp");
  EXPECT_EQ(Exp.Prec, Precision::FP64);
  EXPECT_EQ(Exp.Flops, 0u);
  // Double exp is a DFMA polynomial: no MUFU op in SASS, still one
  // special function in the source.
  EXPECT_EQ(Exp.SfuOps, 1u);
  EXPECT_EQ(Exp.MufuOps, 0u);
  EXPECT_EQ(Exp.HardwareFlops, 29u);
  EXPECT_EQ(costOf("pow").MufuOps, 1u);
  EXPECT_EQ(costOf("sqrtf").Prec, Precision::FP32);
  EXPECT_EQ(costOf("sqrt").Prec, Precision::FP64);
}

TEST(MathFunctionsTest, HardwareColumnMatchesSm90Sass) {
  // docs/sass-math-costs.md: the common path of sm_90 SASS, CUDA 13.0.
  MathFunctionCost Sqrtf = costOf("sqrtf");
  EXPECT_EQ(Sqrtf.MufuOps, 1u);
  EXPECT_EQ(Sqrtf.HardwareFlops, 6u);
  MathFunctionCost Rsqrtf = costOf("rsqrtf");
  EXPECT_EQ(Rsqrtf.MufuOps, 1u);
  EXPECT_EQ(Rsqrtf.HardwareFlops, 0u);
  // Accurate sinf and logf are FMA polynomials without a MUFU op.
  EXPECT_EQ(costOf("sinf").MufuOps, 0u);
  EXPECT_EQ(costOf("sinf").SfuOps, 1u);
  MathFunctionCost Logf = costOf("logf");
  EXPECT_EQ(Logf.MufuOps, 0u);
  EXPECT_EQ(Logf.HardwareFlops, 24u);
  // tanhf: MUFU.EX2 and MUFU.RCP.
  MathFunctionCost Tanhf = costOf("tanhf");
  EXPECT_EQ(Tanhf.MufuOps, 2u);
  EXPECT_EQ(Tanhf.SfuOps, 1u);
  EXPECT_EQ(Tanhf.HardwareFlops, 13u);
  MathFunctionCost Fast = costOf("__fdividef");
  EXPECT_EQ(Fast.HardwareFlops, 1u);
  EXPECT_EQ(costOf("sqrt").HardwareFlops, 13u);
  // One HFMA2 is 2 hardware FLOPs per call, for one lane or two.
  EXPECT_EQ(costOf("__hfma").HardwareFlops, 2u);
  EXPECT_EQ(costOf("__hfma2").HardwareFlops, 2u);
  EXPECT_EQ(costOf("__hadd2").HardwareFlops, 2u);
}

TEST(MathFunctionsTest, MinMaxAbsAreCompares) {
  MathFunctionCost Fminf = costOf("fminf");
  EXPECT_EQ(Fminf.Prec, Precision::FP32);
  EXPECT_EQ(Fminf.Flops, 0u);
  EXPECT_EQ(Fminf.SfuOps, 0u);
  EXPECT_EQ(Fminf.CompareOps, 1u);
  EXPECT_EQ(Fminf.HardwareFlops, 0u);
  for (const char *Name :
       {"fmaxf", "fabsf", "floorf", "ceilf", "__saturatef"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_EQ(C.Prec, Precision::FP32) << Name;
    EXPECT_EQ(C.Flops, 0u) << Name;
    EXPECT_EQ(C.CompareOps, 1u) << Name;
  }
  for (const char *Name : {"fmin", "fmax", "fabs", "floor", "ceil"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_EQ(C.Prec, Precision::FP64) << Name;
    EXPECT_EQ(C.CompareOps, 1u) << Name;
  }
  // The overloaded integer/float spellings take the argument's type.
  for (const char *Name : {"min", "max", "abs", "umin", "llmax"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_FALSE(C.Prec.has_value()) << Name;
    EXPECT_EQ(C.Flops, 0u) << Name;
    EXPECT_EQ(C.CompareOps, 1u) << Name;
  }
}

TEST(MathFunctionsTest, HalfIntrinsicsTakePrecisionFromTheArgument) {
  MathFunctionCost Hfma = costOf("__hfma");
  EXPECT_FALSE(Hfma.Prec.has_value());
  EXPECT_EQ(Hfma.Flops, 2u);
  EXPECT_EQ(Hfma.SfuOps, 0u);
  EXPECT_EQ(Hfma.Lanes, 1u);

  MathFunctionCost Hfma2 = costOf("__hfma2");
  EXPECT_FALSE(Hfma2.Prec.has_value());
  EXPECT_EQ(Hfma2.Flops, 2u);
  EXPECT_EQ(Hfma2.Lanes, 2u);

  for (const char *Name : {"__hadd", "__hsub", "__hmul"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_FALSE(C.Prec.has_value()) << Name;
    EXPECT_EQ(C.Flops, 1u) << Name;
    EXPECT_EQ(C.Lanes, 1u) << Name;
  }
  for (const char *Name : {"__hadd2", "__hsub2", "__hmul2", "__h2div"}) {
    MathFunctionCost C = costOf(Name);
    EXPECT_FALSE(C.Prec.has_value()) << Name;
    EXPECT_EQ(C.Flops, 1u) << Name;
    EXPECT_EQ(C.Lanes, 2u) << Name;
  }
  EXPECT_EQ(costOf("__hmax2").CompareOps, 1u);
  EXPECT_EQ(costOf("__hmax2").Lanes, 2u);
  EXPECT_EQ(costOf("__hneg").Flops, 0u);
  EXPECT_EQ(costOf("hexp").SfuOps, 1u);
  MathFunctionCost Relu = costOf("__hfma_relu");
  EXPECT_EQ(Relu.Flops, 2u);
  EXPECT_EQ(Relu.CompareOps, 1u);
}

TEST(MathFunctionsTest, StdSpellingsResolveLikeTheCNames) {
  std::optional<MathFunctionCost> StdExp = lookupMathFunction("std::exp");
  ASSERT_TRUE(StdExp.has_value());
  expectSameCost(*StdExp, costOf("exp"));
  expectSameCost(costOf("std::fma"), costOf("fma"));
  expectSameCost(costOf("std::fminf"), costOf("fminf"));
  expectSameCost(costOf("std::sqrt"), costOf("sqrt"));
  EXPECT_FALSE(lookupMathFunction("std::saxpy").has_value());
  EXPECT_FALSE(lookupMathFunction("std::").has_value());
}

TEST(MathFunctionsTest, UnknownNamesAreNotMathFunctions) {
  for (const char *Name :
       {"", "saxpy", "expf2", "EXPF", "exp ", "__expf_", "fmaff", "stdexp",
        "std:exp", "atomicAdd", "__ldg", "__syncthreads"})
    EXPECT_FALSE(lookupMathFunction(Name).has_value()) << "'" << Name << "'";
}

TEST(MathFunctionsTest, MemoryIntrinsics) {
  EXPECT_EQ(classifyMemoryIntrinsic("__ldg"), MemoryIntrinsic::Load);
  for (const char *Load : {"__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"})
    EXPECT_EQ(classifyMemoryIntrinsic(Load), MemoryIntrinsic::Load) << Load;
  EXPECT_EQ(classifyMemoryIntrinsic("__stcs"), MemoryIntrinsic::Store);
  for (const char *Store : {"__stwb", "__stcg", "__stwt"})
    EXPECT_EQ(classifyMemoryIntrinsic(Store), MemoryIntrinsic::Store) << Store;
  for (const char *Other :
       {"", "__ld", "__ldg2", "ldg", "__st", "__stcs_", "fmaf", "atomicAdd"})
    EXPECT_EQ(classifyMemoryIntrinsic(Other), MemoryIntrinsic::None) << Other;
}

TEST(MathFunctionsTest, AtomicFunctions) {
  for (const char *Name :
       {"atomicAdd", "atomicCAS_block", "atomicMax_system", "atomicSub",
        "atomicExch", "atomicMin", "atomicInc", "atomicDec", "atomicAnd",
        "atomicOr", "atomicXor", "atomicAdd_block", "atomicXor_system"})
    EXPECT_TRUE(isAtomicFunction(Name)) << Name;
  for (const char *Name :
       {"atomicFoo", "__nv_atomic", "__nv_atomic_fetch_add", "atomic",
        "atomicAdd_", "atomicAdd_device", "atomicadd", "AtomicAdd", "",
        "atomicCAS_block_system"})
    EXPECT_FALSE(isAtomicFunction(Name)) << Name;
}

TEST(MathFunctionsTest, AtomicsAndMemoryIntrinsicsAreNotMath) {
  EXPECT_FALSE(lookupMathFunction("atomicAdd").has_value());
  EXPECT_EQ(classifyMemoryIntrinsic("expf"), MemoryIntrinsic::None);
  EXPECT_FALSE(isAtomicFunction("fmaf"));
}

} // namespace

TEST(MathFunctionsTest, FloatOverloadsAreTheSinglePrecisionFunctions) {
  // exp(float) is expf; exp(double) stays exp; a function without an f
  // spelling keeps its own entry.
  auto Float = lookupMathFunction("exp", true);
  auto Double = lookupMathFunction("exp", false);
  ASSERT_TRUE(Float && Double);
  EXPECT_EQ(Float->HardwareFlops, lookupMathFunction("expf")->HardwareFlops);
  EXPECT_EQ(Float->Prec, Precision::FP32);
  EXPECT_EQ(Double->Prec, Precision::FP64);
  EXPECT_EQ(lookupMathFunction("expf", true)->Prec, Precision::FP32);
}

TEST(RandomFunctionsTest, CostsFollowTheGeneratorOfTheState) {
  auto Uniform = lookupRandomFunction("curand_uniform", "curandStateXORWOW");
  ASSERT_TRUE(Uniform);
  EXPECT_EQ(Uniform->HardwareFlops, 2u); // one FFMA
  EXPECT_EQ(Uniform->Prec, Precision::FP32);
  // curand_normal is half of the Box-Muller pair curand_normal2 makes.
  auto Pair = lookupRandomFunction("curand_normal2", "curandStateXORWOW");
  auto Normal = lookupRandomFunction("curand_normal", "curandStateXORWOW");
  ASSERT_TRUE(Pair && Normal);
  EXPECT_EQ(Pair->CallsPerCost, 1u);
  EXPECT_EQ(Normal->CallsPerCost, 2u);
  EXPECT_EQ(Normal->HardwareFlops, Pair->HardwareFlops);
  EXPECT_EQ(Pair->HardwareFlops, 38u);
  EXPECT_EQ(Pair->SfuOps, 4u);
  EXPECT_EQ(lookupRandomFunction("curand", "curandStatePhilox4_32_10")->Flops,
            0u);
  // Generators the table has not read from SASS stay uncounted: MRG32k3a
  // scales in double precision, Sobol's normal is an inverse CDF.
  EXPECT_FALSE(lookupRandomFunction("curand_uniform", "curandStateMRG32k3a"));
  EXPECT_FALSE(lookupRandomFunction("curand_normal", "curandStateSobol32"));
  EXPECT_FALSE(lookupRandomFunction("expf", "curandStateXORWOW"));
  EXPECT_FALSE(lookupRandomFunction("curand_uniform", ""));
}
