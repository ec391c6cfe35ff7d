//===- Roofline.cpp - Compute vs memory bound verdict ---------------------===//
#include "analyzer/models/Roofline.h"
#include "analyzer/models/AtomicTime.h"

#include <algorithm>
#include <limits>

namespace rla {

namespace {

/// The peak that P's FLOPs run at: P's own, else FP32's as a stand-in
/// (StandIn set), else 0 when the GPU has neither.
double peakFor(Precision P, const GpuSpec &Gpu, bool &StandIn) {
  StandIn = false;
  if (const SourcedValue *Peak = Gpu.peakFlops(P))
    return Peak->Value;
  if (const SourcedValue *Fp32 = Gpu.peakFlops(Precision::FP32)) {
    StandIn = true;
    return Fp32->Value;
  }
  return 0;
}

} // namespace

const SourcedValue *tensorPeak(const GpuSpec &Gpu, TensorPrecision P,
                               bool *StandIn) {
  if (StandIn)
    *StandIn = false;
  if (P == TensorPrecision::FP16Acc16) {
    if (const SourcedValue *V = Gpu.tensorFlops("fp16_acc16"))
      return V;
    return Gpu.tensorFlops("fp16");
  }
  if (const SourcedValue *V = Gpu.tensorFlops(tensorPrecisionName(P)))
    return V;
  if (P == TensorPrecision::FP16)
    if (const SourcedValue *V = Gpu.tensorFlops("fp16_acc16")) {
      if (StandIn)
        *StandIn = true;
      return V;
    }
  return nullptr;
}

std::vector<RidgePoint> ridgePoints(const GpuSpec &Gpu) {
  std::vector<RidgePoint> Out;
  if (!Gpu.DramBandwidth || Gpu.DramBandwidth->Value <= 0)
    return Out;
  double Bandwidth = Gpu.DramBandwidth->Value;
  for (unsigned I = 0; I < NumPrecisions; ++I)
    if (const SourcedValue *V = Gpu.peakFlops(static_cast<Precision>(I)))
      Out.push_back({precisionName(static_cast<Precision>(I)), false, V->Value,
                     V->Value / Bandwidth});
  for (const auto &[Kind, V] : Gpu.TensorFlops)
    Out.push_back({Kind, true, V.Value, V.Value / Bandwidth});
  return Out;
}

RooflineResult rooflineTerms(const RooflineInput &In, const GpuSpec &Gpu) {
  RooflineResult R;
  bool &ComputeKnown = R.ComputeKnown;
  double DominantFlops = In.Flops[static_cast<unsigned>(Precision::FP32)];
  for (unsigned I = 0; I < NumPrecisions; ++I) {
    Precision P = static_cast<Precision>(I);
    double Flops = In.Flops[I];
    if (Flops <= 0)
      continue;
    R.TotalFlops += Flops;
    if (Flops > DominantFlops) {
      DominantFlops = Flops;
      R.DominantPrecision = P;
    }
    bool StandIn;
    double Peak = peakFor(P, Gpu, StandIn);
    if (Peak <= 0) {
      ComputeKnown = false;
      R.Notes.push_back(note(NoteId::NoPeak, {{"precision", precisionName(P)},
                                              {"gpu", Gpu.Name}}));
      continue;
    }
    if (StandIn)
      R.Notes.push_back(
          note(NoteId::Fp32PeakStandsIn,
               {{"precision", precisionName(P)}, {"gpu", Gpu.Name}}));
    R.ComputeTime += Flops / Peak;
  }

  bool StandIn;
  R.PeakFlops = peakFor(R.DominantPrecision, Gpu, StandIn);
  R.RoofName = precisionName(R.DominantPrecision);
  // Tensor-core FLOPs, each precision over its own dense peak.
  for (unsigned I = 0; I < NumTensorPrecisions; ++I) {
    TensorPrecision P = static_cast<TensorPrecision>(I);
    double Flops = In.TensorFlops[I];
    if (Flops <= 0)
      continue;
    R.TotalFlops += Flops;
    R.TensorFlops += Flops;
    bool Upper = false;
    const SourcedValue *Peak = tensorPeak(Gpu, P, &Upper);
    if (Flops > DominantFlops) {
      DominantFlops = Flops;
      R.DominantTensor = P;
      R.PeakFlops = Peak ? Peak->Value : 0;
      R.RoofName =
          std::string("tensor ") +
          (P == TensorPrecision::FP16Acc16 ? "fp16" : tensorPrecisionName(P));
    }
    if (!Peak || Peak->Value <= 0) {
      ComputeKnown = false;
      R.Notes.push_back(
          note(NoteId::NoTensorPeak,
               {{"precision", tensorPrecisionName(P)}, {"gpu", Gpu.Name}}));
      continue;
    }
    if (Upper)
      R.Notes.push_back(
          note(NoteId::Fp16AccumulatePeakStandsIn, {{"gpu", Gpu.Name}}));
    R.ComputeTime += Flops / Peak->Value;
  }
  // The special-function pipe runs beside the FMA pipes: the slower sets
  // the compute time.
  if (In.SfuOps > 0 && Gpu.SfuThroughput && Gpu.SfuThroughput->Value > 0) {
    R.SfuTime = In.SfuOps / Gpu.SfuThroughput->Value;
    if (R.SfuTime > R.ComputeTime && ComputeKnown) {
      R.ComputeTime = R.SfuTime;
      R.RoofName = "sfu";
    }
  }
  double Longest = 0;
  for (const RooflineInput::AtomicSite &A : In.GlobalAtomics) {
    std::optional<double> SiteTime =
        atomicSiteTime(Gpu, A.Updates, A.Addresses, A.LaneDistinct, A.Float);
    if (!SiteTime) {
      R.Notes.push_back(note(NoteId::NoAtomicRate, {{"gpu", Gpu.Name}}));
      break;
    }
    double Time = *SiteTime;
    R.AtomicKnown = true;
    R.AtomicTime += Time;
    R.AtomicUpdates += A.Updates;
    if (Time > Longest) {
      Longest = Time;
      R.AtomicAddresses = A.Addresses;
    }
  }
  R.Bandwidth = Gpu.DramBandwidth ? Gpu.DramBandwidth->Value : 0;
  R.DramBytes = In.DramBytes;
  R.MemoryKnown = R.Bandwidth > 0 || In.DramBytes <= 0;
  if (!R.MemoryKnown)
    R.Notes.push_back(
        note(NoteId::NoDramBandwidthForMemory, {{"gpu", Gpu.Name}}));
  if (R.Bandwidth > 0) {
    R.MemoryTime = In.DramBytes / R.Bandwidth;
    R.RidgePoint = R.PeakFlops / R.Bandwidth;
  }
  // The ridge stays at the datasheet bandwidth (the roofline's ceiling);
  // the time, where the GPU's streams are measured, at what kernels reach.
  if (In.DramReadBytes >= 0 && In.DramWriteBytes >= 0)
    if (std::optional<double> T =
            Gpu.dramTime(In.DramReadBytes, In.DramWriteBytes)) {
      R.MemoryTime = *T;
      R.SustainedDram = true;
    }

  if (In.HostLinkReadBytes > 0 || In.HostLinkWriteBytes > 0) {
    if (Gpu.HostLinkBandwidth && Gpu.HostLinkBandwidth->Value > 0) {
      R.HostLinkTime = std::max(In.HostLinkReadBytes, In.HostLinkWriteBytes) /
                       Gpu.HostLinkBandwidth->Value;
      R.MemoryTime = std::max(R.MemoryTime, R.HostLinkTime);
      R.Notes.push_back(
          note(NoteId::HostLinkTime, {{"gpu", Gpu.Name},
                                      {"read", In.HostLinkReadBytes},
                                      {"written", In.HostLinkWriteBytes},
                                      {"rate", Gpu.HostLinkBandwidth->Value},
                                      {"time", R.HostLinkTime}}));
    } else {
      R.Notes.push_back(note(NoteId::HostLinkNotTimed, {{"gpu", Gpu.Name}}));
    }
  }
  if (In.DramBytes > 0)
    R.Intensity = R.TotalFlops / In.DramBytes;
  else if (R.TotalFlops > 0)
    R.Intensity = std::numeric_limits<double>::infinity();
  // min() with an infinite intensity * bandwidth leaves the peak, as it should
  // for a kernel that moves no DRAM bytes.
  R.AttainableFlops = R.Bandwidth > 0
                          ? std::min(R.PeakFlops, R.Intensity * R.Bandwidth)
                          : R.PeakFlops;
  // The cache levels, each a ceiling of its own.
  auto level = [&](double Bytes, const std::optional<SourcedValue> &Bw,
                   double &Intensity, double &Bandwidth, double &Time) {
    if (Bytes < 0)
      return false;
    Intensity = Bytes > 0 ? R.TotalFlops / Bytes
                          : std::numeric_limits<double>::infinity();
    if (!Bw || Bw->Value <= 0)
      return false;
    Bandwidth = Bw->Value;
    Time = Bytes / Bandwidth;
    return true;
  };
  R.L2Modelled = In.L2Bytes >= 0;
  R.L1Modelled = In.L1Bytes >= 0;
  R.L2Known = level(In.L2Bytes, Gpu.L2Bandwidth, R.IntensityL2, R.L2Bandwidth,
                    R.L2Time);
  if (R.L2Known && In.L2ScatteredStoreTime > 0)
    R.L2Time += std::max(0.0, In.L2ScatteredStoreTime -
                                  In.L2ScatteredStoreBytes / R.L2Bandwidth);
  R.L1Known = level(In.L1Bytes, Gpu.L1Bandwidth, R.IntensityL1, R.L1Bandwidth,
                    R.L1Time);
  if (R.L1Known)
    R.L1Time *= std::max(1.0, In.SmWaveFactor);
  // Texture fetches go through L1/TEX at the texture units' rate, which a
  // fetch of a few bytes reaches long before the L1's bandwidth.
  if (In.TextureFetches > 0 && Gpu.TextureThroughput &&
      Gpu.TextureThroughput->Value > 0) {
    R.TextureTime = In.TextureFetches / Gpu.TextureThroughput->Value *
                    std::max(1.0, In.SmWaveFactor);
    if (R.TextureTime > R.L1Time) {
      R.L1Time = R.TextureTime;
      R.L1Known = true;
      R.TextureBound = true;
      R.Notes.push_back(note(NoteId::TextureUnitsSetL1Time,
                             {{"gpu", Gpu.Name},
                              {"fetches", In.TextureFetches},
                              {"rate", Gpu.TextureThroughput->Value}}));
    }
  }
  return R;
}

bool latencyKnown(const RooflineResult &R) {
  return R.LatencyKnown || (R.IssueKnown && R.WarpLatencyTime > 0);
}

double latencyTime(const RooflineResult &R) {
  double T = R.LatencyKnown ? R.LatencyTime : 0;
  if (R.IssueKnown)
    T = std::max(T, R.WarpLatencyTime);
  return T;
}

LimiterTerms limiterTerms(const RooflineResult &R) {
  LimiterTerms T;
  T[Level::Compute] = R.ComputeTime;
  if (R.DramBytes > 0 || R.HostLinkTime > 0)
    T[Level::Dram] = R.MemoryTime;
  if (R.L2Time > 0)
    T[Level::L2] = R.L2Time;
  if (R.L1Time > 0)
    T[Level::L1] = R.L1Time;
  if (latencyKnown(R))
    T[Level::Latency] = latencyTime(R);
  if (R.AtomicKnown)
    T[Level::Atomics] = R.AtomicTime;
  if (R.LaunchKnown) {
    T[Level::Launch] = R.DispatchTime;
    T.Floor = R.LaunchFloor;
  }
  // A launch is decided when both sides of the roofline are known and some
  // term takes time: its FLOPs or bytes, the issue or latency of its
  // instructions, shared-memory wavefronts, atomics, or only what the
  // launch itself costs (a kernel that does no counted work still takes
  // the floor and hands out its blocks).
  bool AnyTime = T.Floor > 0;
  for (const std::optional<double> &S : T.Seconds)
    AnyTime |= S && *S > 0;
  T.Decidable = R.ComputeKnown && R.MemoryKnown &&
                (R.TotalFlops > 0 || R.DramBytes > 0 || AnyTime);
  return T;
}

void decideVerdict(RooflineResult &R) {
  Limiter L = chooseLimiter(limiterTerms(R));
  R.Verdict = L.At;
  R.PredictedTime = L.Seconds;
}

RooflineResult evaluateRoofline(const RooflineInput &In, const GpuSpec &Gpu) {
  RooflineResult R = rooflineTerms(In, Gpu);
  decideVerdict(R);
  return R;
}

} // namespace rla
