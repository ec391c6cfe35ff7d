//===- Comparison.cpp -----------------------------------------------------===//
#include "analyzer/measure/Comparison.h"
#include "analyzer/measure/ArgDecoder.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rla {
namespace {

std::optional<double> median(std::vector<double> V) {
  if (V.empty())
    return std::nullopt;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

std::string groupKey(const std::string &Program, const std::string &Mangled,
                     const LaunchSpec &S) {
  std::ostringstream K;
  K << Program << '\n' << Mangled;
  for (unsigned D = 0; D < 3; ++D)
    K << ' ' << S.Grid[D]->str() << ' ' << S.Block[D]->str();
  K << ' ' << S.DynamicSmem->str();
  for (const auto &[Name, V] : S.Args)
    K << ' ' << Name << '=' << V.str();
  return K.str();
}

std::optional<double> medianOf(const std::vector<const NcuLaunch *> &Rows,
                               std::optional<double> (NcuLaunch::*Get)()
                                   const) {
  std::vector<double> V;
  for (const NcuLaunch *R : Rows)
    if (auto X = (R->*Get)())
      V.push_back(*X);
  return V.size() == Rows.size() ? median(V) : std::nullopt;
}

std::optional<double> medianOfFlops(const std::vector<const NcuLaunch *> &Rows,
                                    char P) {
  std::vector<double> V;
  for (const NcuLaunch *R : Rows)
    if (auto X = R->flops(P))
      V.push_back(*X);
  return V.size() == Rows.size() ? median(V) : std::nullopt;
}

std::optional<double> bound(const BoundTotals &T, Metric Key, bool High) {
  if (auto V = T.get(Key))
    return High ? V->High : V->Low;
  return std::nullopt;
}

/// The DRAM bytes a profiler sees while the kernel runs: the memory model's
/// total less the writes still dirty in L2 when the kernel ends, plus the
/// launch's reads of its own code and constants.
std::optional<double> dramDuringKernel(const BoundTotals &T, bool High) {
  if (auto Kernel = bound(T, Metric::DramKernelBytes, High))
    return Kernel;
  std::optional<double> All = bound(T, Metric::DramBytes, High);
  if (!All)
    return std::nullopt;
  return *All - bound(T, Metric::DramDeferredWriteBytes, High).value_or(0);
}

/// The FLOPs Nsight Compute counts: the source's, plus the HFMA2.MMA
/// register moves the compiled code issues (its fp16 counter takes them
/// for FMAs) on the first GPU the report prices.
std::optional<double> countedFlops(const KernelReport &R, bool High) {
  std::optional<double> Flops = bound(*R.Totals, Metric::HardwareFlops, High);
  if (Flops && !R.Verdicts.empty() && R.Verdicts[0].Issue)
    *Flops += R.Verdicts[0].Issue->Mix.ConstantMoveFlops;
  return Flops;
}

} // namespace

std::optional<double> LaunchGroup::medianNs() const {
  return median(DurationsNs);
}

GroupedTrace
groupLaunches(const Trace &T,
              const std::map<std::string, const KernelModel *> &Models) {
  GroupedTrace Out;
  std::map<std::string, size_t> Index;
  for (const TraceLaunch &L : T.Launches) {
    auto M = Models.find(L.Kernel);
    if (M == Models.end()) {
      ++Out.Unknown[L.Kernel];
      continue;
    }
    LaunchSpec Spec = launchFromTrace(*M->second, L);
    std::string Key = groupKey(L.Program, L.Kernel, Spec);
    auto [It, New] = Index.try_emplace(Key, Out.Groups.size());
    if (New) {
      LaunchGroup G;
      G.Program = L.Program;
      G.Mangled = L.Kernel;
      G.Model = M->second;
      G.Spec = std::move(Spec);
      G.First = L;
      Out.Groups.push_back(std::move(G));
    }
    LaunchGroup &G = Out.Groups[It->second];
    ++G.Count;
    if (L.DurationNs)
      G.DurationsNs.push_back(*L.DurationNs);
  }
  return Out;
}

void attachCounters(GroupedTrace &G, const Trace &T, const NcuResults &Ncu) {
  // The traced launches of each (program, kernel), in launch order, as the
  // index of the group each belongs to.
  std::map<std::pair<std::string, std::string>,
           std::vector<std::pair<uint64_t, size_t>>>
      Order;
  std::map<std::string, size_t> ShapeKey; // first group of a shape
  auto shape = [](const std::string &P, const std::string &K,
                  const std::array<uint64_t, 3> &Gr,
                  const std::array<uint64_t, 3> &Bl) {
    std::ostringstream S;
    S << P << '\n' << K;
    for (unsigned D = 0; D < 3; ++D)
      S << ' ' << Gr[D] << ' ' << Bl[D];
    return S.str();
  };
  for (size_t I = 0; I < G.Groups.size(); ++I) {
    const LaunchGroup &Gr = G.Groups[I];
    ShapeKey.try_emplace(
        shape(Gr.Program, Gr.Mangled, Gr.First.Grid, Gr.First.Block), I);
  }
  // A group keeps only its first launch: walk the trace again to put every
  // launch, in order, under its group.
  for (const TraceLaunch &L : T.Launches) {
    for (size_t I = 0; I < G.Groups.size(); ++I) {
      const LaunchGroup &Gr = G.Groups[I];
      if (Gr.Program != L.Program || Gr.Mangled != L.Kernel)
        continue;
      LaunchSpec S = launchFromTrace(*Gr.Model, L);
      if (groupKey(L.Program, L.Kernel, S) ==
          groupKey(Gr.Program, Gr.Mangled, Gr.Spec)) {
        Order[{L.Program, L.Kernel}].push_back({L.Correlation, I});
        break;
      }
    }
  }
  for (auto &[Key, List] : Order)
    std::stable_sort(List.begin(), List.end(),
                     [](auto &A, auto &B) { return A.first < B.first; });

  std::map<std::pair<std::string, std::string>, size_t> Seen;
  std::vector<std::vector<const NcuLaunch *>> Rows(G.Groups.size());
  for (const NcuLaunch &Row : Ncu.Launches) {
    // A CSV of one program has no "# program:" line: it belongs to the
    // program that launched this kernel.
    NcuLaunch R = Row;
    if (R.Program.empty())
      for (const LaunchGroup &Gr : G.Groups)
        if (Gr.Mangled == R.Kernel) {
          R.Program = Gr.Program;
          break;
        }
    auto Key = std::make_pair(R.Program, R.Kernel);
    size_t Nth = Seen[Key]++;
    auto O = Order.find(Key);
    std::optional<size_t> Target;
    if (O != Order.end() && Nth < O->second.size()) {
      const LaunchGroup &Gr = G.Groups[O->second[Nth].second];
      if (Gr.First.Grid == R.Grid && Gr.First.Block == R.Block)
        Target = O->second[Nth].second;
    }
    if (!Target) {
      auto S = ShapeKey.find(shape(R.Program, R.Kernel, R.Grid, R.Block));
      if (S != ShapeKey.end())
        Target = S->second;
    }
    if (Target)
      Rows[*Target].push_back(&Row);
  }
  for (size_t I = 0; I < G.Groups.size(); ++I) {
    LaunchGroup &Gr = G.Groups[I];
    const auto &R = Rows[I];
    Gr.NcuRows = R.size();
    if (R.empty())
      continue;
    Gr.NcuFlops = medianOf(R, &NcuLaunch::totalFlops);
    Gr.NcuFlopsFp32 = medianOfFlops(R, 'f');
    Gr.NcuFlopsFp64 = medianOfFlops(R, 'd');
    Gr.NcuFlopsFp16 = medianOfFlops(R, 'h');
    Gr.NcuDramBytes = medianOf(R, &NcuLaunch::dramBytes);
    Gr.NcuTimeNs = medianOf(R, &NcuLaunch::durationNs);
    Gr.NcuActiveBlocksPerSm = medianOf(R, &NcuLaunch::activeBlocksPerSm);
  }
}

QuantityCheck checkQuantity(std::optional<double> Low,
                            std::optional<double> High,
                            std::optional<double> Measured) {
  QuantityCheck C{Low, High, Measured, std::nullopt};
  if (!Low || !High || !Measured)
    return C;
  double M = *Measured;
  if (M >= *Low && M <= *High) {
    C.Error = 0.0;
    return C;
  }
  double Nearer = M < *Low ? *Low : *High;
  if (M == 0)
    return C; // no relative error against nothing
  C.Error = (Nearer - M) / M;
  return C;
}

LaunchComparison compareLaunch(const LaunchGroup &G, const KernelReport &R,
                               const GpuSpec &Gpu, const TraceDevice *Device) {
  LaunchComparison C;
  std::optional<double> Measured;
  if (auto M = G.medianNs())
    Measured = *M * 1e-9;
  else if (G.NcuTimeNs)
    Measured = *G.NcuTimeNs * 1e-9;
  std::optional<double> TLow, THigh;
  if (!R.Verdicts.empty() && R.Totals) {
    TLow = R.Verdicts[0].Low.PredictedTime;
    THigh = R.Verdicts[0].High.PredictedTime;
  }
  C.TimeS = checkQuantity(TLow, THigh, Measured);
  if (TLow && Measured && *TLow > 0)
    C.TimeOverLowerBound = *Measured / *TLow;

  std::array<double, NumPrecisions> Flops{};
  double Bytes = 0;
  bool HaveFlops = false, HaveBytes = false;
  if (R.Totals) {
    C.Flops = checkQuantity(countedFlops(R, false), countedFlops(R, true),
                            G.NcuFlops);
    C.DramBytes =
        checkQuantity(dramDuringKernel(*R.Totals, false),
                      dramDuringKernel(*R.Totals, true), G.NcuDramBytes);
  }
  if (G.NcuFlops && G.NcuDramBytes) {
    Flops[static_cast<int>(Precision::FP32)] = G.NcuFlopsFp32.value_or(0);
    Flops[static_cast<int>(Precision::FP64)] = G.NcuFlopsFp64.value_or(0);
    Flops[static_cast<int>(Precision::FP16)] = G.NcuFlopsFp16.value_or(0);
    Bytes = *G.NcuDramBytes;
    HaveFlops = HaveBytes = true;
    C.AchievedFrom = "ncu counters";
  } else if (R.Totals) {
    HaveFlops = true;
    for (unsigned P = 0; P < NumPrecisions; ++P)
      if (auto V = bound(*R.Totals, flopsMetric(Precision(P)), true))
        Flops[P] = *V;
      else
        HaveFlops = false;
    if (auto V = bound(*R.Totals, Metric::DramBytes, true)) {
      Bytes = *V;
      HaveBytes = true;
    }
    C.AchievedFrom = "model counts";
  }
  if (Measured && *Measured > 0 && HaveFlops && HaveBytes) {
    double Total = 0;
    for (double F : Flops)
      Total += F;
    C.AchievedFlopsPerS = Total / *Measured;
    C.AchievedBytesPerS = Bytes / *Measured;
    if (Bytes > 0)
      C.MeasuredIntensity = Total / Bytes;
    RooflineInput In;
    In.Flops = Flops;
    In.DramBytes = Bytes;
    RooflineResult Roof = evaluateRoofline(In, Gpu);
    if (Roof.PredictedTime > 0)
      C.FractionOfRoof = Roof.PredictedTime / *Measured;
  }

  std::optional<double> Blocks;
  if (G.First.ActiveBlocksPerSm >= 0)
    Blocks = G.First.ActiveBlocksPerSm;
  else if (G.NcuActiveBlocksPerSm)
    Blocks = G.NcuActiveBlocksPerSm;
  if (Blocks) {
    C.ActiveBlocksPerSm = Blocks;
    double Threads =
        double(G.First.Block[0]) * G.First.Block[1] * G.First.Block[2];
    double Warps = *Blocks * std::ceil(Threads / 32);
    C.ActiveWarpsPerSm = Warps;
    if (Device && Device->MaxThreadsPerSm > 0)
      C.Occupancy = Warps / (Device->MaxThreadsPerSm / 32.0);
  }
  return C;
}

void withPredictedOccupancy(LaunchComparison &C, double ActiveBlocksPerSm) {
  C.PredictedActiveBlocksPerSm = ActiveBlocksPerSm;
}

} // namespace rla
