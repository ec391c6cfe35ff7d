//===- ReportFixtures.h - Hand-built Reports for renderer tests -*- C++ -*-===//
///
/// \file
/// Reports assembled field by field, so the renderer tests need neither the
/// front end nor the models: a bound saxpy, the same kernel with no launch,
/// and a data-dependent kernel whose totals are ranges.
//===----------------------------------------------------------------------===//
#ifndef RLA_TEST_UNIT_REPORTFIXTURES_H
#define RLA_TEST_UNIT_REPORTFIXTURES_H

#include "analyzer/models/LaunchStage.h"
#include "analyzer/report/Report.h"

#include <algorithm>

namespace rla::fixtures {

/// Runs the launch stages Names, in order, on every kernel of R as the
/// pipeline would with resources O (the stages before them are the
/// fixture's: its totals and verdicts).
inline void runStages(Report &R, const ResourceOptions &O,
                      std::initializer_list<const char *> Names) {
  KernelResources Resources(O, R.Gpus);
  for (KernelReport &K : R.Kernels) {
    KernelModel Model = K.Model;
    LaunchSpec Launch = K.Launch;
    LaunchContext C(Model, Launch, R.Gpus);
    C.Resources = &Resources;
    for (const char *Name : Names)
      launchStage(Name)->run(C, K);
  }
}

inline SourcedValue sourced(double V) {
  SourcedValue S;
  S.Value = V;
  S.Source = "datasheet";
  return S;
}

inline GpuSpec l40s() {
  GpuSpec G;
  G.Name = "L40S";
  G.FullName = "NVIDIA L40S";
  G.ComputeMajor = 8;
  G.ComputeMinor = 9;
  G.PeakFlops[unsigned(Precision::FP32)] = sourced(91.6e12);
  G.PeakFlops[unsigned(Precision::FP16)] = sourced(91.6e12);
  G.DramBandwidth = sourced(864e9);
  G.L2Bytes = sourced(100663296);
  return G;
}

inline GpuSpec h100() {
  GpuSpec G;
  G.Name = "H100 SXM";
  G.FullName = "NVIDIA H100 SXM5";
  G.ComputeMajor = 9;
  G.ComputeMinor = 0;
  G.PeakFlops[unsigned(Precision::FP32)] = sourced(67e12);
  G.PeakFlops[unsigned(Precision::FP64)] = sourced(34e12);
  G.DramBandwidth = sourced(3.35e12);
  return G;
}

/// A roofline result as the model would give it for these totals.
inline RooflineResult roofline(double Flops, double Bytes, double Peak,
                               double Bandwidth) {
  RooflineResult R;
  R.TotalFlops = Flops;
  R.Intensity = Flops / Bytes;
  R.PeakFlops = Peak;
  R.Bandwidth = Bandwidth;
  R.RidgePoint = Peak / Bandwidth;
  R.AttainableFlops = std::min(Peak, R.Intensity * Bandwidth);
  R.ComputeTime = Flops / Peak;
  R.MemoryTime = Bytes / Bandwidth;
  R.PredictedTime = std::max(R.ComputeTime, R.MemoryTime);
  R.Verdict = R.ComputeTime >= R.MemoryTime ? Level::Compute : Level::Dram;
  return R;
}

inline KernelModel saxpyModel() {
  KernelModel M;
  M.Name = "saxpy";
  M.MangledName = "_Z5saxpyifPKfPf";
  M.Location = {"saxpy.cu", 12, 17};
  M.Params = {{"n", "int", KernelParam::Integer, 0},
              {"a", "float", KernelParam::Floating, 0},
              {"x", "const float *", KernelParam::Pointer, 4},
              {"y", "float *", KernelParam::Pointer, 4}};
  M.Assumptions = {verbatimNote("size parameters are >= 0")};
  return M;
}

inline void setFormula(FormulaTable &Map, Metric Key, const std::string &Text) {
  Map[Key] = {Text, Text};
}

constexpr double N = 16777216; // 2^24

/// saxpy over n = 2^24 launched at a site with 65536 x 256 threads, on
/// L40S and H100 SXM.
inline Report boundSaxpy(const GpuSpec &First, const GpuSpec &Second) {
  KernelReport K;
  K.Model = saxpyModel();
  K.Launch.Kernel = "saxpy";
  K.Launch.Source = LaunchSource::LaunchSite;
  K.Launch.Site = {"saxpy.cu", 40, 3};
  K.Launch.Grid = {Rational(65536), Rational(1), Rational(1)};
  K.Launch.Block = {Rational(256), Rational(1), Rational(1)};
  K.Launch.DynamicSmem = Rational(0);
  K.Launch.Args = {{"n", Rational(16777216)}, {"a", Rational(5, 2)}};

  const char *Min = "min(n, blockDim.x*gridDim.x)";
  setFormula(K.TotalFormulas, Metric::Flops, std::string("2*") + Min);
  setFormula(K.TotalFormulas, Metric::FlopsFp32, std::string("2*") + Min);
  setFormula(K.TotalFormulas, Metric::DramBytes, std::string("12*") + Min);
  setFormula(K.PerThreadFormulas, Metric::Flops, "2");
  setFormula(K.PerThreadFormulas, Metric::GlobalLoadBytes, "8");

  BoundTotals T;
  auto Set = [&](Metric Q, double V) { T.set(Q, {V, V}); };
  Set(Metric::Flops, 2 * N);
  Set(Metric::FlopsFp16, 0);
  Set(Metric::FlopsBf16, 0);
  Set(Metric::FlopsFp32, 2 * N);
  Set(Metric::FlopsFp64, 0);
  Set(Metric::SfuOps, 0);
  Set(Metric::IntOps, 3 * N);
  Set(Metric::CompareOps, N);
  Set(Metric::GlobalLoads, 2 * N);
  Set(Metric::GlobalLoadBytes, 8 * N);
  Set(Metric::GlobalStores, N);
  Set(Metric::GlobalStoreBytes, 4 * N);
  Set(Metric::SharedLoadBytes, 0);
  Set(Metric::SharedStoreBytes, 0);
  Set(Metric::AtomicOps, 0);
  Set(Metric::AtomicBytes, 0);
  Set(Metric::Barriers, 0);
  Set(Metric::DramBytes, 12 * N);
  K.Totals = T;

  for (const GpuSpec *G : {&First, &Second}) {
    RooflineResult R =
        roofline(2 * N, 12 * N, G->PeakFlops[unsigned(Precision::FP32)]->Value,
                 G->DramBandwidth->Value);
    K.Verdicts.push_back({G, R, R});
  }
  K.Assumptions = {verbatimNote("size parameters are >= 0"),
                   verbatimNote("every load misses L2")};
  K.Findings = {{"rl-example",
                 Severity::Warning,
                 "something to look at",
                 {"saxpy.cu", 14, 5}}};

  Report Rep;
  Rep.Version = "0.1.0";
  Rep.InputFile = "saxpy.cu";
  Rep.Gpus = {&First, &Second};
  Rep.Kernels.push_back(K);
  return Rep;
}

/// saxpy with no launch: formulas only.
inline KernelReport unboundSaxpy(const GpuSpec &Gpu) {
  KernelReport K;
  K.Model = saxpyModel();
  K.Launch.Kernel = "saxpy";
  K.Launch.Source = LaunchSource::None;
  const char *Min = "min(n, blockDim.x*gridDim.x)";
  setFormula(K.TotalFormulas, Metric::Flops, std::string("2*") + Min);
  setFormula(K.TotalFormulas, Metric::DramBytes, std::string("12*") + Min);
  setFormula(K.TotalFormulas, Metric::GlobalLoadBytes, std::string("8*") + Min);
  setFormula(K.TotalFormulas, Metric::GlobalStoreBytes,
             std::string("4*") + Min);
  setFormula(K.PerThreadFormulas, Metric::Flops, "2");
  K.Unbound = {"n", "gridDim.x", "blockDim.x"};
  // Whatever the struct holds, an unbound launch must not show numbers.
  K.Verdicts.push_back({&Gpu, RooflineResult(), RooflineResult()});
  return K;
}

/// A data-dependent filter over n = 2^24: between half and all elements
/// pass, so FLOPs and stores are ranges.
inline KernelReport rangeFilter(const GpuSpec &Gpu) {
  KernelReport K;
  K.Model.Name = "filter";
  K.Model.MangledName = "_Z6filteriPKfPf";
  K.Model.Location = {"filter.cu", 5, 17};
  K.Model.RangeReasons = {
      verbatimNote("if (x[i] > 0) at filter.cu:8: taken 0..all times")};
  K.Launch.Kernel = "filter";
  K.Launch.CaseName = "filter_big";
  K.Launch.Source = LaunchSource::LaunchFile;
  K.Launch.Grid = {Rational(65536), Rational(1), Rational(1)};
  K.Launch.Block = {Rational(256), Rational(1), Rational(1)};
  K.Launch.DynamicSmem = Rational(0);
  K.Launch.Args = {{"n", Rational(16777216)}};
  K.TotalFormulas[Metric::Flops] = {"n", "4*n"};
  K.PerThreadFormulas[Metric::Flops] = {"1", "4"};

  BoundTotals T;
  T.set(Metric::Flops, {N, 4 * N});
  T.set(Metric::FlopsFp32, {N, 4 * N});
  T.set(Metric::GlobalLoadBytes, {4 * N, 4 * N});
  T.set(Metric::GlobalStoreBytes, {0, 4 * N});
  T.set(Metric::DramBytes, {4 * N, 8 * N});
  K.Totals = T;
  GpuVerdict V{
      &Gpu,
      roofline(N, 4 * N, Gpu.PeakFlops[unsigned(Precision::FP32)]->Value,
               Gpu.DramBandwidth->Value),
      roofline(4 * N, 8 * N, Gpu.PeakFlops[unsigned(Precision::FP32)]->Value,
               Gpu.DramBandwidth->Value)};
  K.Verdicts.push_back(V);
  K.Findings = {{"rl-data-dependent",
                 Severity::Warning,
                 "branch on loaded data; counts are a range",
                 {"filter.cu", 8, 9}}};
  return K;
}

} // namespace rla::fixtures

#endif // RLA_TEST_UNIT_REPORTFIXTURES_H
