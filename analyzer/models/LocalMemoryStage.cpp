//===- LocalMemoryStage.cpp - Spills and local arrays, priced -------------===//
///
/// \file
/// The issue stage counted the compiled code's local loads and stores
/// (InstructionMix::LocalLoadBytes); their traffic through L1, L2 and DRAM
/// (LocalMemory.h) joins the launch's before the verdict: each level's
/// bytes and time grow by it.
//===----------------------------------------------------------------------===//
#include "analyzer/models/L1Reuse.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/LocalMemory.h"
#include "analyzer/models/OccupancyStages.h"

#include <cmath>
#include <limits>

namespace rla {
namespace {

/// Flops over Bytes + Added, from the intensity Flops / Bytes.
double withMoreBytes(double Flops, double Intensity, double Added) {
  double Bytes =
      Intensity > 0 && std::isfinite(Intensity) ? Flops / Intensity : 0;
  if (Bytes + Added <= 0)
    return Flops > 0 ? std::numeric_limits<double>::infinity() : 0;
  return Flops / (Bytes + Added);
}

void addLocalTraffic(LaunchContext &C, KernelReport &K,
                     const OccupancyOnGpu &Occ) {
  const GpuSpec &G = *Occ.Gpu;
  GpuVerdict *V = verdictOn(K, G);
  if (!V || !V->Issue || !Occ.Result || !Occ.Resources || !G.SmCount)
    return;
  const InstructionMix &Mix = V->Issue->Mix;
  if (Mix.LocalLoadBytes + Mix.LocalStoreBytes <= 0)
    return;
  const OccupancyResult &O = *Occ.Result;
  LocalMemoryInput In;
  In.LoadBytes = Mix.LocalLoadBytes;
  In.StoreBytes = Mix.LocalStoreBytes;
  In.FrameBytes = double(Occ.Resources->StackFrameBytes);
  In.ResidentThreadsPerSm = double(O.ActiveBlocksPerSm) * O.BlockSize;
  In.Sms = G.SmCount->Value;
  double SharedPerBlock = double(O.StaticSmemBytes + O.DynamicSmemBytes);
  if (std::optional<LaunchShape> Shape = launchShape(C.Values))
    if (std::optional<L1Capacity> L1 = l1Capacity(G, *Shape, SharedPerBlock))
      In.L1BytesPerSm = std::max(0.0, L1->L1SharedBytes - L1->CarveoutBytes);
  In.L2Bytes = G.L2Bytes ? G.L2Bytes->Value : 0;
  In.DataBytes = K.Memory && K.Memory->Available ? K.Memory->FootprintBytes : 0;
  LocalMemoryTraffic T = localMemoryTraffic(In);
  V->Local = T;

  Note Said = note(NoteId::LocalMemoryTraffic,
                   {{"gpu", G.Name},
                    {"loaded", T.LoadBytes},
                    {"stored", T.StoreBytes},
                    {"frame", In.FrameBytes},
                    {"threads_per_sm", In.ResidentThreadsPerSm},
                    {"l1_bytes_per_sm", In.L1BytesPerSm},
                    {"l1_hits", T.L1HitShare},
                    {"l2_bytes", T.L2Bytes},
                    {"l2_hits", T.L2HitShare},
                    {"dram_bytes", T.dramBytes()}});
  std::optional<double> DramTime =
      G.dramTime(T.DramReadBytes, T.DramWriteBytes);
  for (RooflineResult *R : {&V->Low, &V->High}) {
    if (R->L1Known && R->L1Bandwidth > 0) {
      R->L1Time += T.l1Bytes() / R->L1Bandwidth;
      R->IntensityL1 =
          withMoreBytes(R->TotalFlops, R->IntensityL1, T.l1Bytes());
    }
    if (R->L2Known && R->L2Bandwidth > 0) {
      R->L2Time += T.L2Bytes / R->L2Bandwidth;
      R->IntensityL2 = withMoreBytes(R->TotalFlops, R->IntensityL2, T.L2Bytes);
    }
    if (R->MemoryKnown && T.dramBytes() > 0) {
      R->MemoryTime += R->SustainedDram && DramTime ? *DramTime
                       : R->Bandwidth > 0 ? T.dramBytes() / R->Bandwidth
                                          : 0;
      R->Intensity = withMoreBytes(R->TotalFlops, R->Intensity, T.dramBytes());
      R->DramBytes += T.dramBytes();
    }
    R->Notes.push_back(Said);
  }
}

class LocalMemoryStage : public LaunchStage {
public:
  const char *name() const override { return "local-memory"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    forEachComputedOccupancy(
        C, R,
        [&](const OccupancyOnGpu &Occ, const ArchitectureLimits &,
            const ArchitectureTable &) { addLocalTraffic(C, R, Occ); });
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeLocalMemoryStage() {
  return std::make_unique<LocalMemoryStage>();
}

} // namespace rla
