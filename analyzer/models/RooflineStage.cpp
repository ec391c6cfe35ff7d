//===- RooflineStage.cpp - Compute and memory-level times per GPU ---------===//
///
/// \file
/// The roofline terms of the launch on each GPU (Roofline.h): compute time
/// per precision, DRAM, L2 and L1 times. The verdict comes later, once
/// every term is known (VerdictStage.cpp).
//===----------------------------------------------------------------------===//
#include "analyzer/models/BlockImbalance.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

namespace rla {
namespace {

RooflineInput rooflineInput(const BoundTotals &T, bool High) {
  RooflineInput In;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    if (auto V = T.get(flopsMetric(Precision(P))))
      In.Flops[P] = High ? V->High : V->Low;
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    if (auto V = T.get(tensorFlopsMetric(TensorPrecision(P))))
      In.TensorFlops[P] = High ? V->High : V->Low;
  if (auto V = T.get(Metric::DramBytes))
    In.DramBytes = High ? V->High : V->Low;
  if (auto V = T.get(Metric::SfuOps))
    In.SfuOps = High ? V->High : V->Low;
  if (auto V = T.get(Metric::TextureFetches))
    In.TextureFetches = High ? V->High : V->Low;
  return In;
}

/// The memory model's traffic (DRAM, L2, L1) as roofline input.
void addMemoryLevels(RooflineInput &In, const MemoryEstimate &M) {
  In.DramBytes = M.DramBytes;
  In.DramReadBytes = M.DramReadBytes;
  In.DramWriteBytes = M.DramWriteBytes;
  In.L2Bytes = M.L2Bytes;
  In.L1Bytes = M.L1Bytes;
  In.HostLinkReadBytes = M.HostLinkReadBytes;
  In.HostLinkWriteBytes = M.HostLinkWriteBytes;
  In.L2ScatteredStoreBytes = M.ScatteredStores.SectorBytes;
  In.L2ScatteredStoreTime = M.ScatteredStores.Seconds;
  for (const MemoryEstimate::AtomicSite &A : M.GlobalAtomics)
    In.GlobalAtomics.push_back(
        {A.Updates, A.Addresses, A.LaneDistinct, A.Float});
}

class RooflineStage : public LaunchStage {
public:
  const char *name() const override { return "roofline"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    if (!R.Unbound.empty()) {
      std::string List;
      for (const std::string &S : R.Unbound)
        List += (List.empty() ? "" : ", ") + S;
      R.Findings.push_back(
          dataFinding("rl-unbound", Severity::Note, C.Model.Location,
                      {{"kernel", C.Model.Name}, {"symbols", List}}));
      return;
    }
    // Quantities that failed (an overflow, a sum too long) stay out of the
    // totals; the others are still reported, and the roofline needs only
    // the FLOPs by precision and the DRAM bytes.
    const BoundTotals &Totals = C.Totals;
    bool Ready = Totals.has(Metric::DramBytes);
    for (unsigned P = 0; P < NumPrecisions; ++P)
      Ready &= Totals.has(flopsMetric(Precision(P)));
    for (unsigned P = 0; P < NumTensorPrecisions; ++P)
      Ready &= Totals.has(tensorFlopsMetric(TensorPrecision(P)));
    if (!Ready || C.Invalid)
      return;
    std::optional<double> Blocks = launchBlocks(R);
    BlockWeights Weights =
        Blocks ? weighBlocks(C.Model, C.Values, R.Launch, BlockWork::Memory)
               : BlockWeights();
    for (size_t I = 0; I < C.Gpus.size(); ++I) {
      GpuVerdict V;
      V.Gpu = C.Gpus[I];
      RooflineInput Low = rooflineInput(Totals, false);
      RooflineInput High = rooflineInput(Totals, true);
      if (I < C.MemoryByGpu.size()) {
        addMemoryLevels(Low, C.MemoryByGpu[I]);
        addMemoryLevels(High, C.MemoryByGpu[I]);
      }
      if (Blocks && V.Gpu->SmCount)
        Low.SmWaveFactor = High.SmWaveFactor =
            busiestSmFactor(*Blocks, V.Gpu->SmCount->Value, Weights);
      V.Low = rooflineTerms(Low, *V.Gpu);
      V.High = rooflineTerms(High, *V.Gpu);
      // A level the launch moves bytes through but the GPU has no
      // bandwidth for is not timed: said where the verdict is.
      if (High.L2Bytes > 0 && !V.Gpu->L2Bandwidth)
        R.Assumptions.push_back(
            note(NoteId::NoL2Bandwidth, {{"gpu", V.Gpu->Name}}));
      R.Verdicts.push_back(V);
      C.HighInputs.push_back(High);
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeRooflineStage() {
  return std::make_unique<RooflineStage>();
}

} // namespace rla
