//===- BinderTest.cpp - A kernel model under one launch -------------------===//
#include "analyzer/models/Binder.h"
#include "ExprFixtures.h"
#include "ModelFixtures.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/report/FindingText.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace rla;

namespace {

using rla::fixtures::sym;

using rla::fixtures::gpu;

/// Threads of dimensions y and z: a kernel that only indexes x still runs
/// all of them.
Expr yzThreads() {
  return sym("gridDim.y") * sym("blockDim.y") * sym("gridDim.z") *
         sym("blockDim.z");
}

/// min(n, blockDim.x * gridDim.x) * (y and z threads): how many threads
/// pass `if (i < n)`.
Expr activeThreads() {
  return Expr::min(sym("n"), sym("blockDim.x") * sym("gridDim.x")) *
         yzThreads();
}

using fixtures::param;

/// y[i] = a * x[i] + y[i] for i < n: 2 FLOPs, two 4-byte loads and one
/// 4-byte store per active thread.
CostVector saxpyPerThread() {
  CostVector V;
  V.Flops[unsigned(Precision::FP32)] = Expr(2);
  V.GlobalLoads = Expr(2);
  V.GlobalLoadBytes = Expr(8);
  V.GlobalStores = Expr(1);
  V.GlobalStoreBytes = Expr(4);
  return V;
}

KernelModel saxpyModel() {
  KernelModel M;
  M.Name = "saxpy";
  M.MangledName = "_Z5saxpyifPKfPf";
  M.Location = SourceLoc{"saxpy.cu", 3, 17};
  M.Params = {param("n", "int", KernelParam::Integer),
              param("a", "float", KernelParam::Floating),
              param("x", "const float *", KernelParam::Pointer, 4),
              param("y", "float *", KernelParam::Pointer, 4)};
  M.PerThread.Low = M.PerThread.High = saxpyPerThread();
  M.Total.Low = M.Total.High = saxpyPerThread().scaled(activeThreads());
  M.Assumptions = {note(NoteId::NonNegativeParameters)};
  return M;
}

LaunchSpec saxpyLaunch() {
  LaunchSpec L;
  L.Kernel = "saxpy";
  L.Source = LaunchSource::Cli;
  L.Grid = {Rational(65536), Rational(1), Rational(1)};
  L.Block = {Rational(256), Rational(1), Rational(1)};
  L.DynamicSmem = Rational(0);
  L.Args["n"] = Rational(16777216);
  return L;
}

/// The bound value of Key, which must be exact.
double exactTotal(const KernelReport &R, Metric Key) {
  EXPECT_TRUE(R.Totals.has_value());
  if (!R.Totals)
    return -1;
  BoundValue V = R.Totals->get(Key);
  EXPECT_TRUE(V.has_value()) << metricKey(Key);
  if (!V)
    return -1;
  EXPECT_TRUE(V->isExact())
      << metricKey(Key) << ": " << V->Low << " .. " << V->High;
  return V->Low;
}

const Finding *findFinding(const KernelReport &R, const std::string &Id) {
  auto It = std::find_if(R.Findings.begin(), R.Findings.end(),
                         [&](const Finding &F) { return F.Id == Id; });
  return It == R.Findings.end() ? nullptr : &*It;
}

unsigned countFindings(const KernelReport &R, const std::string &Id) {
  return std::count_if(R.Findings.begin(), R.Findings.end(),
                       [&](const Finding &F) { return F.Id == Id; });
}

bool hasAssumption(const KernelReport &R, const Note &N) {
  return std::find(R.Assumptions.begin(), R.Assumptions.end(), N) !=
         R.Assumptions.end();
}

/// The note that formulas are shown with the unused dimensions at 1.
Note unusedDims(bool UsesY, bool UsesZ) {
  return note(NoteId::FormulasForUnusedDims,
              {{"uses_y", double(UsesY)}, {"uses_z", double(UsesZ)}});
}

bool hasNoteId(const KernelReport &R, NoteId Id) {
  return std::any_of(R.Assumptions.begin(), R.Assumptions.end(),
                     [&](const Note &N) { return N.Id == Id; });
}

constexpr double N = 16777216;

TEST(BinderTest, LaunchBindingsTakeDimensionsAndIntegerArguments) {
  KernelModel M = saxpyModel();
  LaunchSpec L = saxpyLaunch();
  L.Grid[2] = std::nullopt;
  L.Args["a"] = Rational(5, 2);
  L.Args["x"] = Rational(4096);
  L.Args["unknown"] = Rational(7);
  Bindings B = launchBindings(M, L);
  Bindings Expected = {
      {"gridDim.x", Rational(65536)}, {"gridDim.y", Rational(1)},
      {"blockDim.x", Rational(256)},  {"blockDim.y", Rational(1)},
      {"blockDim.z", Rational(1)},    {"n", Rational(16777216)}};
  EXPECT_EQ(B, Expected);
}

TEST(BinderTest, SaxpyTotalsAreExact) {
  KernelReport R = bindLaunch(saxpyModel(), saxpyLaunch(), {}, {});
  ASSERT_TRUE(R.Totals.has_value());
  EXPECT_TRUE(R.Unbound.empty());
  EXPECT_EQ(R.Findings.size(), 0u);
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 2 * N);
  EXPECT_EQ(exactTotal(R, Metric::Flops), 2 * N);
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp16), 0);
  EXPECT_EQ(exactTotal(R, Metric::FlopsBf16), 0);
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp64), 0);
  EXPECT_EQ(exactTotal(R, Metric::GlobalLoads), 2 * N);
  EXPECT_EQ(exactTotal(R, Metric::GlobalLoadBytes), 8 * N);
  EXPECT_EQ(exactTotal(R, Metric::GlobalStores), N);
  EXPECT_EQ(exactTotal(R, Metric::GlobalStoreBytes), 4 * N);
  EXPECT_EQ(exactTotal(R, Metric::DramBytes), 12 * N);
  EXPECT_EQ(exactTotal(R, Metric::DramBytes), 201326592.0);
  EXPECT_EQ(exactTotal(R, Metric::SharedLoadBytes), 0);
  EXPECT_EQ(exactTotal(R, Metric::AtomicOps), 0);
  EXPECT_EQ(exactTotal(R, Metric::Barriers), 0);
  // Every flops key, "flops", every tensor flops key, "tensor_flops",
  // every scalar field and "dram_bytes".
  EXPECT_EQ(R.Totals->size(), NumPrecisions + 1 + NumTensorPrecisions + 1 +
                                  CostVector::scalarFields().size() + 1);
  EXPECT_FALSE(R.Totals->has(Metric::L2Bytes));
  // No GPU asked for, no verdict.
  EXPECT_TRUE(R.Verdicts.empty());
  // The report carries the model and the launch.
  EXPECT_EQ(R.Model.Name, "saxpy");
  EXPECT_EQ(R.Launch.Kernel, "saxpy");
}

TEST(BinderTest, SaxpyIsMemoryBoundOnL40SAndH100) {
  const GpuSpec &L40S = gpu("L40S");
  const GpuSpec &H100 = gpu("H100 SXM");
  KernelReport R = bindLaunch(saxpyModel(), saxpyLaunch(), {}, {&L40S, &H100});
  ASSERT_EQ(R.Verdicts.size(), 2u);

  const GpuVerdict &OnL40S = R.Verdicts[0];
  EXPECT_EQ(OnL40S.Gpu, &L40S);
  const RooflineResult &A = OnL40S.Low;
  EXPECT_EQ(A.Verdict, Level::Dram);
  EXPECT_EQ(A.DominantPrecision, Precision::FP32);
  EXPECT_DOUBLE_EQ(A.TotalFlops, 2 * N);
  EXPECT_NEAR(A.Intensity, 1.0 / 6, 1e-12);
  EXPECT_NEAR(A.Intensity, 0.1667, 5e-5);
  EXPECT_NEAR(A.RidgePoint, 106.0, 0.05);
  EXPECT_NEAR(A.PeakFlops, 91.6e12, 1e3);
  EXPECT_NEAR(A.Bandwidth, 864e9, 1);
  EXPECT_NEAR(A.AttainableFlops, 144e9, 1e3);
  EXPECT_NEAR(A.MemoryTime, 12 * N / 864e9, 1e-12);
  EXPECT_NEAR(A.MemoryTime, 233e-6, 0.5e-6);
  EXPECT_NEAR(A.ComputeTime, 2 * N / 91.6e12, 1e-15);
  EXPECT_NEAR(A.ComputeTime, 366e-9, 1e-9);
  EXPECT_DOUBLE_EQ(A.PredictedTime, A.MemoryTime);
  // Exact totals: the high end is the same launch.
  EXPECT_DOUBLE_EQ(OnL40S.High.TotalFlops, A.TotalFlops);
  EXPECT_DOUBLE_EQ(OnL40S.High.MemoryTime, A.MemoryTime);
  EXPECT_EQ(OnL40S.High.Verdict, Level::Dram);

  const GpuVerdict &OnH100 = R.Verdicts[1];
  EXPECT_EQ(OnH100.Gpu, &H100);
  const RooflineResult &B = OnH100.Low;
  EXPECT_EQ(B.Verdict, Level::Dram);
  EXPECT_NEAR(B.Intensity, 1.0 / 6, 1e-12);
  EXPECT_NEAR(B.RidgePoint, 20.0, 0.01);
  EXPECT_NEAR(B.MemoryTime, 12 * N / 3.35e12, 1e-12);
  EXPECT_NEAR(B.AttainableFlops, 3.35e12 / 6, 1e3);
  EXPECT_LT(B.MemoryTime, A.MemoryTime);
  EXPECT_EQ(OnH100.High.Verdict, Level::Dram);
}

TEST(BinderTest, VerdictsFollowTheGpuOrder) {
  const GpuSpec &L40S = gpu("L40S");
  const GpuSpec &H100 = gpu("H100 SXM");
  KernelReport R = bindLaunch(saxpyModel(), saxpyLaunch(), {}, {&H100, &L40S});
  ASSERT_EQ(R.Verdicts.size(), 2u);
  EXPECT_EQ(R.Verdicts[0].Gpu, &H100);
  EXPECT_EQ(R.Verdicts[1].Gpu, &L40S);
}

TEST(BinderTest, FormulasShowUnusedDimensionsAsOne) {
  KernelReport R = bindLaunch(saxpyModel(), saxpyLaunch(), {}, {});
  ASSERT_EQ(R.TotalFormulas.count(Metric::FlopsFp32), 1u);
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].first,
            "2*min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].second,
            "2*min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(R.TotalFormulas[Metric::DramBytes].first,
            "12*min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp64].first, "0");
  EXPECT_EQ(R.PerThreadFormulas[Metric::FlopsFp32].first, "2");
  EXPECT_EQ(R.PerThreadFormulas[Metric::GlobalLoadBytes].second, "8");
  for (const auto &[Key, Formulas] : R.TotalFormulas) {
    EXPECT_EQ(Formulas.first.find(".y"), std::string::npos) << metricKey(Key);
    EXPECT_EQ(Formulas.first.find(".z"), std::string::npos) << metricKey(Key);
  }
  EXPECT_TRUE(hasAssumption(R, note(NoteId::NonNegativeParameters)));
  EXPECT_TRUE(hasAssumption(R, unusedDims(false, false)));
  EXPECT_EQ(R.Assumptions.front(), note(NoteId::NonNegativeParameters));
}

TEST(BinderTest, FormulasKeepUsedDimensions) {
  KernelModel M = saxpyModel();
  M.UsesDimension = {{true, true, false}};
  KernelReport R = bindLaunch(M, saxpyLaunch(), {}, {});
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].first,
            "2*blockDim.y*gridDim.y*min(n, blockDim.x*gridDim.x)");
  EXPECT_TRUE(hasAssumption(R, unusedDims(true, false)));
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 2 * N);

  M.UsesDimension = {{true, false, true}};
  R = bindLaunch(M, saxpyLaunch(), {}, {});
  EXPECT_TRUE(hasAssumption(R, unusedDims(false, true)));

  M.UsesDimension = {{true, true, true}};
  R = bindLaunch(M, saxpyLaunch(), {}, {});
  EXPECT_NE(R.TotalFormulas[Metric::FlopsFp32].first.find("gridDim.z"),
            std::string::npos);
  EXPECT_FALSE(hasNoteId(R, NoteId::FormulasForUnusedDims));
}

TEST(BinderTest, UnusedDimensionsWithoutALaunchAreOne) {
  // No launch at all: the dimensions the kernel never reads are 1.
  LaunchSpec L;
  L.Kernel = "saxpy";
  KernelReport R = bindLaunch(saxpyModel(), L,
                              {{"n", Rational(N)},
                               {"gridDim.x", Rational(65536)},
                               {"blockDim.x", Rational(256)}},
                              {});
  EXPECT_TRUE(R.Unbound.empty());
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 2 * N);

  // A launch whose size in y is unknown is not guessed, used or not.
  LaunchSpec Site = saxpyLaunch();
  Site.Grid[1] = std::nullopt;
  R = bindLaunch(saxpyModel(), Site, {}, {});
  EXPECT_FALSE(R.Totals.has_value());
  EXPECT_EQ(R.Unbound, (std::set<std::string>{"gridDim.y"}));
}

TEST(BinderTest, NumbersUseTheLaunchEvenForUnusedDimensions) {
  // The formulas drop y, but a launch with gridDim.y = 3 still runs 3x.
  LaunchSpec L = saxpyLaunch();
  L.Grid[1] = Rational(3);
  KernelReport R = bindLaunch(saxpyModel(), L, {}, {});
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].first,
            "2*min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 3 * 2 * N);
}

TEST(BinderTest, UserBindingsOverrideTheLaunch) {
  Bindings User = {{"n", Rational(1000)}};
  KernelReport R = bindLaunch(saxpyModel(), saxpyLaunch(), User, {});
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 2000);
  EXPECT_EQ(exactTotal(R, Metric::DramBytes), 12000);
  // The launch is reported with the values the numbers use.
  EXPECT_EQ(R.Launch.Args.at("n"), Rational(1000));

  // Launch dimensions too: 2 blocks of 256 threads cover 512 elements.
  R = bindLaunch(saxpyModel(), saxpyLaunch(), {{"gridDim.x", Rational(2)}}, {});
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 1024);
  EXPECT_EQ(R.Launch.Grid[0], Rational(2));

  // And a value the launch does not have at all.
  LaunchSpec NoArgs = saxpyLaunch();
  NoArgs.Args.clear();
  R = bindLaunch(saxpyModel(), NoArgs, User, {});
  EXPECT_TRUE(R.Unbound.empty());
  EXPECT_EQ(exactTotal(R, Metric::GlobalStores), 1000);
}

TEST(BinderTest, MissingArgumentLeavesTotalsUnbound) {
  LaunchSpec L = saxpyLaunch();
  L.Args.clear();
  const GpuSpec &L40S = gpu("L40S");
  KernelReport R = bindLaunch(saxpyModel(), L, {}, {&L40S});
  EXPECT_FALSE(R.Totals.has_value());
  EXPECT_EQ(R.Unbound, std::set<std::string>{"n"});
  EXPECT_TRUE(R.Verdicts.empty());
  ASSERT_EQ(countFindings(R, "rl-unbound"), 1u);
  const Finding *F = findFinding(R, "rl-unbound");
  EXPECT_EQ(F->Level, Severity::Note);
  EXPECT_NE(findingText(*F).find("'saxpy' has unbound symbols: n;"),
            std::string::npos)
      << findingText(*F);
  EXPECT_NE(findingText(*F).find("--bind"), std::string::npos)
      << findingText(*F);
  EXPECT_EQ(F->Loc.File, "saxpy.cu");
  EXPECT_EQ(F->Loc.Line, 3u);
  EXPECT_EQ(F->Loc.Column, 17u);
  // The formulas are still there.
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].first,
            "2*min(n, blockDim.x*gridDim.x)");
}

TEST(BinderTest, EveryUnboundSymbolIsListed) {
  LaunchSpec L = saxpyLaunch();
  L.Args.clear();
  L.Grid[0] = std::nullopt;
  KernelReport R = bindLaunch(saxpyModel(), L, {}, {});
  EXPECT_EQ(R.Unbound, (std::set<std::string>{"gridDim.x", "n"}));
  const Finding *F = findFinding(R, "rl-unbound");
  ASSERT_NE(F, nullptr);
  EXPECT_NE(findingText(*F).find("unbound symbols: gridDim.x, n;"),
            std::string::npos)
      << findingText(*F);
}

TEST(BinderTest, RangeModelGivesRangesAndTwoRooflines) {
  // One or two FLOPs per active thread, depending on the data.
  KernelModel M = saxpyModel();
  M.Total.Low.Flops[unsigned(Precision::FP32)] = activeThreads();
  M.RangeReasons = {verbatimNote("data-dependent branch")};
  const GpuSpec &L40S = gpu("L40S");
  KernelReport R = bindLaunch(M, saxpyLaunch(), {}, {&L40S});
  ASSERT_TRUE(R.Totals.has_value());
  BoundValue Flops = R.Totals->get(Metric::FlopsFp32);
  ASSERT_TRUE(Flops.has_value());
  EXPECT_FALSE(Flops->isExact());
  EXPECT_EQ(Flops->Low, N);
  EXPECT_EQ(Flops->High, 2 * N);
  BoundValue All = R.Totals->get(Metric::Flops);
  ASSERT_TRUE(All.has_value());
  EXPECT_EQ(All->Low, N);
  EXPECT_EQ(All->High, 2 * N);
  EXPECT_EQ(exactTotal(R, Metric::DramBytes), 12 * N);
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].first,
            "min(n, blockDim.x*gridDim.x)");
  EXPECT_EQ(R.TotalFormulas[Metric::FlopsFp32].second,
            "2*min(n, blockDim.x*gridDim.x)");

  ASSERT_EQ(R.Verdicts.size(), 1u);
  const GpuVerdict &V = R.Verdicts[0];
  EXPECT_DOUBLE_EQ(V.Low.TotalFlops, N);
  EXPECT_DOUBLE_EQ(V.High.TotalFlops, 2 * N);
  EXPECT_NEAR(V.Low.Intensity, 1.0 / 12, 1e-12);
  EXPECT_NEAR(V.High.Intensity, 1.0 / 6, 1e-12);
  EXPECT_NEAR(V.Low.ComputeTime * 2, V.High.ComputeTime, 1e-18);
  EXPECT_DOUBLE_EQ(V.Low.MemoryTime, V.High.MemoryTime);
  EXPECT_EQ(V.Low.Verdict, Level::Dram);
  EXPECT_EQ(V.High.Verdict, Level::Dram);
}

TEST(BinderTest, RangeEndsAreOrdered) {
  // A model whose "low" formula is larger for this launch still gives
  // Low <= High.
  KernelModel M = saxpyModel();
  M.Total.Low.IntOps = sym("n");
  M.Total.High.IntOps = Expr(5);
  KernelReport R = bindLaunch(M, saxpyLaunch(), {}, {});
  ASSERT_TRUE(R.Totals.has_value());
  BoundValue Ops = R.Totals->get(Metric::IntOps);
  ASSERT_TRUE(Ops.has_value());
  EXPECT_EQ(Ops->Low, 5);
  EXPECT_EQ(Ops->High, N);
}

TEST(BinderTest, FloatAndPointerArgumentsBindNothing) {
  KernelModel M = saxpyModel();
  // Only to observe whether "a" got a value: a formula that mentions it.
  M.Total.Low.IntOps = M.Total.High.IntOps = sym("a") * 2;
  LaunchSpec L = saxpyLaunch();
  L.Args["a"] = Rational(3);
  L.Args["x"] = Rational(4096);
  Bindings B = launchBindings(M, L);
  EXPECT_EQ(B.count("a"), 0u);
  EXPECT_EQ(B.count("x"), 0u);
  EXPECT_EQ(B.count("n"), 1u);
  KernelReport R = bindLaunch(M, L, {}, {});
  EXPECT_EQ(R.Unbound, std::set<std::string>{"a"});
  EXPECT_FALSE(R.Totals.has_value());
}

TEST(BinderTest, ArgumentsOfUnknownParametersBindNothing) {
  KernelModel M = saxpyModel();
  M.Total.Low.IntOps = M.Total.High.IntOps = sym("m");
  LaunchSpec L = saxpyLaunch();
  L.Args["m"] = Rational(10);
  KernelReport R = bindLaunch(M, L, {}, {});
  EXPECT_EQ(R.Unbound, std::set<std::string>{"m"});
  // A user binding does bind it.
  R = bindLaunch(M, L, {{"m", Rational(10)}}, {});
  EXPECT_EQ(exactTotal(R, Metric::IntOps), 10);
}

TEST(BinderTest, ThreadIndexLeftInAFormulaIsAveragedOverABlock) {
  // No closed form over the threads and lanes of a warp that differ: the
  // formula thread by thread over one block of 256, 4 * 127.5 on average.
  KernelModel M = saxpyModel();
  M.Total.Low.GlobalLoadBytes = M.Total.High.GlobalLoadBytes =
      sym("threadIdx.x") * 4;
  KernelReport R = bindLaunch(M, saxpyLaunch(), {}, {&gpu("L40S")});
  ASSERT_TRUE(R.Totals.has_value());
  BoundValue V = R.Totals->get(Metric::GlobalLoadBytes);
  ASSERT_TRUE(V.has_value());
  EXPECT_DOUBLE_EQ(V->High, 510.0);
  EXPECT_EQ(countFindings(R, "rl-unsupported"), 0u);
  EXPECT_TRUE(hasNoteId(R, NoteId::TripsAveragedOverThreads));
}

TEST(BinderTest, BlockIndexLeftInAFormulaIsUnsupported) {
  KernelModel M = saxpyModel();
  M.Total.Low.GlobalLoadBytes = M.Total.High.GlobalLoadBytes =
      sym("blockIdx.x") * sym("threadIdx.x") * 4;
  KernelReport R = bindLaunch(M, saxpyLaunch(), {}, {&gpu("L40S")});
  // Not something a user can bind.
  EXPECT_TRUE(R.Unbound.empty());
  EXPECT_EQ(countFindings(R, "rl-unbound"), 0u);
  // That quantity (and the DRAM bytes built on it) has no number; the
  // others keep theirs, and without DRAM bytes there is no verdict.
  ASSERT_TRUE(R.Totals.has_value());
  EXPECT_FALSE(R.Totals->get(Metric::GlobalLoadBytes).has_value());
  EXPECT_FALSE(R.Totals->get(Metric::DramBytes).has_value());
  EXPECT_EQ(exactTotal(R, Metric::FlopsFp32), 33554432);
  EXPECT_TRUE(R.Verdicts.empty());
  const Finding *F = findFinding(R, "rl-unsupported");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Level, Severity::Warning);
  EXPECT_NE(findingText(*F).find("blockIdx.x"), std::string::npos)
      << findingText(*F);
}

TEST(BinderTest, OverflowIsAFinding) {
  KernelModel M = saxpyModel();
  M.Total.Low.IntOps = M.Total.High.IntOps = sym("n") * sym("n") * sym("n");
  LaunchSpec L = saxpyLaunch();
  L.Args["n"] = Rational(int64_t(1) << 62);
  KernelReport R = bindLaunch(M, L, {}, {});
  ASSERT_TRUE(R.Totals.has_value());
  EXPECT_FALSE(R.Totals->get(Metric::IntOps).has_value());
  EXPECT_TRUE(R.Unbound.empty());
  const Finding *F = findFinding(R, "rl-overflow");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Level, Severity::Warning);
  EXPECT_NE(findingText(*F).find("'int_ops'"), std::string::npos)
      << findingText(*F);
}

// An exact quantity is one number: one overflow finding per key, not one
// for each end of the range.
TEST(BinderTest, OneOverflowFindingPerQuantity) {
  KernelModel M = saxpyModel();
  M.Total.Low.IntOps = M.Total.High.IntOps = sym("n") * sym("n") * sym("n");
  LaunchSpec L = saxpyLaunch();
  L.Args["n"] = Rational(int64_t(1) << 62);
  KernelReport R = bindLaunch(M, L, {}, {});
  EXPECT_EQ(countFindings(R, "rl-overflow"), 1u);
}

// A launch under which a formula has no value (here a division by a zero
// block size) must say why the report shows no numbers.
TEST(BinderTest, DomainErrorIsExplained) {
  KernelModel M = saxpyModel();
  M.Total.Low.IntOps = M.Total.High.IntOps =
      Expr::floorDiv(sym("n"), sym("blockDim.x"));
  LaunchSpec L = saxpyLaunch();
  L.Block[0] = Rational(0);
  KernelReport R = bindLaunch(M, L, {}, {});
  EXPECT_FALSE(R.Totals.has_value());
  EXPECT_TRUE(R.Unbound.empty());
  EXPECT_FALSE(R.Findings.empty());
}

} // namespace

namespace {

// CUDA rejects the launch (cudaErrorInvalidConfiguration): an error and no
// numbers, not a prediction of a kernel that never runs.
TEST(BinderTest, LaunchCudaRejectsIsAnErrorWithoutPrediction) {
  KernelModel M = saxpyModel();
  const GpuSpec &H100 = gpu("H100");
  for (auto [Grid, Block] : {std::pair{std::array<int64_t, 3>{1, 1, 1},
                                       std::array<int64_t, 3>{2048, 1, 1}},
                             {{1, 1, 1}, {32, 32, 2}},
                             {{1, 1, 1}, {1, 1, 128}},
                             {{int64_t(1) << 31, 1, 1}, {256, 1, 1}},
                             {{1, 65536, 1}, {256, 1, 1}}}) {
    LaunchSpec L = saxpyLaunch();
    for (unsigned D = 0; D < 3; ++D) {
      L.Grid[D] = Rational(Grid[D]);
      L.Block[D] = Rational(Block[D]);
    }
    KernelReport R = bindLaunch(M, L, {}, {&H100});
    const Finding *F = findFinding(R, "rl-invalid-launch");
    ASSERT_NE(F, nullptr) << Block[0] << "x" << Block[1] << "x" << Block[2];
    EXPECT_EQ(F->Level, Severity::Error);
    EXPECT_FALSE(R.Totals.has_value());
    EXPECT_TRUE(R.Verdicts.empty());
  }
  // The largest launch CUDA accepts is predicted as usual.
  LaunchSpec L = saxpyLaunch();
  L.Grid = {Rational(2147483647), Rational(1), Rational(1)};
  L.Block = {Rational(1024), Rational(1), Rational(1)};
  KernelReport R = bindLaunch(M, L, {}, {&H100});
  EXPECT_EQ(findFinding(R, "rl-invalid-launch"), nullptr);
  EXPECT_TRUE(R.Totals.has_value());
  EXPECT_EQ(R.Verdicts.size(), 1u);
  // --bind blockDim.x=2048 is checked like the launch's own value.
  KernelReport B =
      bindLaunch(M, saxpyLaunch(), {{"blockDim.x", Rational(2048)}}, {&H100});
  EXPECT_NE(findFinding(B, "rl-invalid-launch"), nullptr);
}

} // namespace

// --bind smem=BYTES answers the launch's note that its dynamic shared memory
// is not known (by its id, either form), and keeps the others.
TEST(BinderTest, BindingSmemDropsTheLaunchsSmemNotes) {
  LaunchSpec L = saxpyLaunch();
  L.DynamicSmem.reset();
  Note Grid = note(NoteId::LaunchDimUnknown, {{"dim", "grid.y"}},
                   {note(NoteId::HostNameIsParameter, {{"name", "rows"}})});
  L.Notes = {note(NoteId::LaunchSmemUnknown, {},
                  {note(NoteId::HostNameIsParameter, {{"name", "bytes"}})}),
             Grid,
             note(NoteId::LaunchConfigSmemUnknown,
                  {{"field", "dynamicSmemBytes"}, {"node", 0.0}})};
  KernelReport R = bindLaunch(saxpyModel(), L, {{"smem", Rational(4096)}}, {});
  EXPECT_EQ(R.Launch.DynamicSmem, Rational(4096));
  EXPECT_EQ(R.Launch.Notes, std::vector<Note>{Grid});
  // Without the binding the notes stay.
  R = bindLaunch(saxpyModel(), L, {}, {});
  EXPECT_EQ(R.Launch.Notes, L.Notes);
}
