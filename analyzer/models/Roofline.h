//===- Roofline.h - Compute vs memory bound verdict -------------*- C++ -*-===//
///
/// \file
/// The classic roofline: time = max(compute time, memory time), where compute
/// time sums each precision's FLOPs over that precision's peak (CUDA-core
/// FLOPs over the CUDA-core peaks, tensor-core FLOPs over the dense tensor
/// peaks) and memory time is DRAM bytes over DRAM bandwidth. The ridge point
/// is the roof of the precision with the most FLOPs. Plain numbers in, plain
/// numbers out.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_ROOFLINE_H
#define RLA_MODELS_ROOFLINE_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/Note.h"
#include "analyzer/models/Limiter.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// Concrete launch totals the roofline needs.
struct RooflineInput {
  std::array<double, NumPrecisions> Flops{};             ///< by Precision
  std::array<double, NumTensorPrecisions> TensorFlops{}; ///< by precision
  double DramBytes = 0;
  /// Of DramBytes, read and written (the memory model's split); negative
  /// when not modelled.
  double DramReadBytes = -1, DramWriteBytes = -1;
  /// Traffic at the L2 and L1/shared levels; negative when not modelled.
  double L2Bytes = -1, L1Bytes = -1;
  /// The busiest SM's blocks over the average SM's, ceil(b / SMs) / (b /
  /// SMs): L1 and shared memory are an SM's own, so a grid of 32 blocks on
  /// 132 SMs moves its L1 bytes through 32 of them.
  double SmWaveFactor = 1;
  /// Of L2Bytes, the sectors of stores whose requests spread over more
  /// than 4 lines, and the time the L2 takes to serve them (measured per sector
  /// and per line): they cost that time, not their bytes at the bandwidth.
  double L2ScatteredStoreBytes = 0, L2ScatteredStoreTime = 0;
  /// Special-function (MUFU) operations: sin, cos, exp, log, rsqrt, ...
  double SfuOps = 0;
  /// Texture and surface fetches (tex2D, surf2Dread, ...).
  double TextureFetches = 0;
  /// Zero-copy host memory's traffic over the host link, each direction.
  double HostLinkReadBytes = 0, HostLinkWriteBytes = 0;
  /// Global atomic sites: updates, distinct addresses, and whether a
  /// warp's lanes update distinct addresses.
  struct AtomicSite {
    double Updates = 0, Addresses = 0;
    bool LaneDistinct = false;
    bool Float = false; ///< on floating-point values
  };
  std::vector<AtomicSite> GlobalAtomics;
};

struct RooflineResult {
  double TotalFlops = 0;  ///< CUDA-core and tensor FLOPs
  double TensorFlops = 0; ///< of which tensor-core
  double Intensity = 0;   ///< FLOP per DRAM byte (inf when no bytes)
  Precision DominantPrecision = Precision::FP32; ///< most FLOPs (fp32 if none)
  /// Set when the precision with the most FLOPs is a tensor-core one: the
  /// roof (PeakFlops, RidgePoint) is then that tensor peak.
  std::optional<TensorPrecision> DominantTensor;
  /// "fp32", "tensor bf16": the roof PeakFlops is.
  std::string RoofName = "fp32";
  double PeakFlops = 0;       ///< of the dominant precision, FLOP/s
  double Bandwidth = 0;       ///< bytes/s
  double RidgePoint = 0;      ///< PeakFlops / Bandwidth, FLOP/B
  double AttainableFlops = 0; ///< min(peak, intensity * bandwidth), FLOP/s
  double ComputeTime = 0;     ///< s, summed over precisions
  double MemoryTime = 0;      ///< s
  /// MemoryTime is at the GPU's measured stream rates (read, write, copy)
  /// rather than its datasheet bandwidth.
  bool SustainedDram = false;
  double DramBytes = 0;     ///< the DRAM traffic MemoryTime is for
  double PredictedTime = 0; ///< max of compute and every level's time
  /// The cache levels: FLOP per byte, bandwidth (0 when unknown) and time.
  double IntensityL2 = 0, IntensityL1 = 0;
  double L2Bandwidth = 0, L1Bandwidth = 0;
  double L2Time = 0, L1Time = 0;
  bool L2Known = false, L1Known = false;       ///< the level has a time
  bool L2Modelled = false, L1Modelled = false; ///< the level has bytes
  /// The latency (Little's law) term, set once occupancy is known
  /// (applyLatencyBound); LatencyKnown false: no term.
  bool LatencyKnown = false;
  double LatencyBandwidth = 0;       ///< bytes/s the resident warps sustain
  double LatencyTime = 0;            ///< s: DramBytes / LatencyBandwidth
  double LatencySeconds = 0;         ///< the loaded DRAM latency used
  double InFlightBytesPerThread = 0; ///< bytes one thread keeps in flight
  double ConcurrentWarps = 0;        ///< warps resident on the GPU at once
  /// The special-function pipe: SfuOps over the GPU's MUFU throughput.
  /// The compute time is the larger of the FLOP time and this; RoofName is
  /// "sfu" when this is the larger.
  double SfuTime = 0;
  /// The texture units: TextureFetches over the GPU's fetch rate, on the
  /// busiest SM. The L1 time is the larger of the L1 bytes' time and this;
  /// TextureBound when this is the larger.
  double TextureTime = 0;
  bool TextureBound = false;
  /// Zero-copy host memory over the host link (each direction at the
  /// link's rate, the slower one counts); the memory time is the larger of
  /// DRAM's and this.
  double HostLinkTime = 0;
  /// The SASS issue model (IssueTime.h): the launch's warp instructions
  /// through the issue slots and pipes of the busiest SM (the compute time
  /// is the larger of the FLOP time and IssueThroughputTime), and the
  /// warps' own latency (a latency term beside Little's law's).
  /// IssueLimiter names the longest ("issue", "math", "warp-latency", ...).
  bool IssueKnown = false;
  double IssueTime = 0;
  std::string IssueLimiter;
  /// Its parts, for what-ifs: the compute time of the FLOPs alone, the
  /// issue of the instructions (slots and pipes), and the warps' own
  /// latency, which more resident warps shorten down to one round
  /// (WarpLatencyFloor).
  double FlopComputeTime = 0, IssueThroughputTime = 0;
  double WarpLatencyTime = 0, WarpLatencyFloor = 0;
  /// Global atomics at the GPU's measured update rate for their number of
  /// distinct addresses (few addresses serialize): the sum over sites.
  bool AtomicKnown = false;
  double AtomicTime = 0;
  double AtomicUpdates = 0;
  double AtomicAddresses = 0; ///< of the site that takes the longest
  /// What the launch costs beyond its work (LaunchCostStage): the time the
  /// block scheduler needs to hand out every block (a limiter beside the
  /// others) and the fixed floor every launch takes, added to the largest
  /// limiter's time.
  bool LaunchKnown = false;
  double DispatchTime = 0;
  double LaunchFloor = 0;
  /// False when a peak or the bandwidth a term needs is missing (Notes).
  bool ComputeKnown = true, MemoryKnown = true;
  /// The level that bounds the launch (chooseLimiter on limiterTerms):
  /// Dram is the DRAM level; Latency is DRAM traffic the resident warps
  /// cannot keep in flight fast enough (LatencyBound.h); Launch is the block
  /// scheduler handing out more blocks than the work keeps it waiting for.
  /// Unset: unknown.
  std::optional<Level> Verdict;
  /// Missing data that made a term unknown (no fp64 peak for the T4).
  std::vector<Note> Notes;
};

/// The latency side of R: Little's law on its DRAM bytes and, where the
/// issue model ran, its warps' own latency; 0 when neither is known.
double latencyTime(const RooflineResult &R);
/// Whether R has a latency term at all.
bool latencyKnown(const RooflineResult &R);

/// Every term of one launch on one GPU: compute, DRAM, L2 and L1 times and
/// intensities; no verdict yet (PredictedTime 0, Verdict Unknown).
RooflineResult rooflineTerms(const RooflineInput &In, const GpuSpec &Gpu);

/// R's terms as the verdict weighs them: compute, DRAM (when the launch
/// moves DRAM bytes), L2 and L1 (when they take time), latency, atomics and
/// the blocks' dispatch where known, the launch floor; undecidable when a
/// side of the roofline is missing or no term takes any time (no FLOPs, no
/// bytes, no instructions and no launch costs known). A launch that does no
/// counted work but whose launch costs are known is decided: at least the
/// floor.
LimiterTerms limiterTerms(const RooflineResult &R);

/// The verdict, decided once from every term R has (the latency term too,
/// when applyLatencyBound set it): Verdict and PredictedTime from
/// chooseLimiter(limiterTerms(R)).
void decideVerdict(RooflineResult &R);

/// rooflineTerms then decideVerdict: a launch classified on its own, for
/// callers outside the launch stages (measure's comparison, tests).
RooflineResult evaluateRoofline(const RooflineInput &In, const GpuSpec &Gpu);

/// The dense tensor peak P runs at on Gpu, nullptr when the database has
/// none. fp16 with an fp16 accumulator uses "fp16_acc16" where the GPU
/// lists it (GeForce parts run it at twice the fp32-accumulate rate), else
/// "fp16"; fp16 with fp32 accumulate falls back to "fp16_acc16" (an upper
/// bound) when only that is listed, with StandIn set.
const SourcedValue *tensorPeak(const GpuSpec &Gpu, TensorPrecision P,
                               bool *StandIn = nullptr);

/// One roof of a GPU and the intensity a kernel needs to reach it.
struct RidgePoint {
  std::string Precision; ///< "fp32", "bf16", "fp16_acc16", ...
  bool Tensor = false;   ///< a dense tensor-core peak
  double PeakFlops = 0;  ///< FLOP/s (integer formats: operations/s)
  double Ridge = 0;      ///< PeakFlops / DRAM bandwidth, FLOP/B
};
/// Every roof the database lists for Gpu: CUDA-core peaks by Precision,
/// then tensor peaks in the database's order. Empty without a DRAM
/// bandwidth.
std::vector<RidgePoint> ridgePoints(const GpuSpec &Gpu);

} // namespace rla

#endif // RLA_MODELS_ROOFLINE_H
