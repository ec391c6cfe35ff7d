//===- GpuTerms.cpp -------------------------------------------------------===//
#include "analyzer/report/GpuTerms.h"

namespace rla {

const char *provenanceName(Provenance P) {
  switch (P) {
  case Provenance::Measured:
    return "measured";
  case Provenance::Sourced:
    return "sourced";
  case Provenance::Derived:
    return "derived";
  case Provenance::Assumed:
    return "assumed";
  case Provenance::Unverified:
    return "unverified";
  }
  return "";
}

std::vector<GpuTerm> gpuTerms(const GpuSpec &G) {
  auto Opt = [](const std::optional<SourcedValue> &V) {
    return V ? &*V : nullptr;
  };
  std::vector<GpuTerm> Out = {
      {"sm_count", "SM count", Opt(G.SmCount),
       "no instruction issue, special-function or launch-dispatch time"},
      {"boost_clock", "boost clock", Opt(G.BoostClockHz),
       "no instruction issue or launch-dispatch time"},
      {"texture_throughput", "texture fetch rate", Opt(G.TextureThroughput),
       "texture fetches are not timed"},
      {"peak_flops.fp32", "fp32 peak", G.peakFlops(Precision::FP32),
       "no compute roof (the GPU is refused)"},
      {"peak_flops.fp64", "fp64 peak", G.peakFlops(Precision::FP64),
       "fp64 FLOPs have no roof: such launches are not decided"},
      {"dram_bandwidth", "DRAM bandwidth", Opt(G.DramBandwidth),
       "no memory roof (the GPU is refused)"},
      {"dram_sustained", "DRAM streams", Opt(G.DramReadBandwidth),
       "the datasheet DRAM bandwidth, which kernels do not reach (times "
       "shorter than measured)"},
      {"l2_bandwidth", "L2 bandwidth", Opt(G.L2Bandwidth),
       "the L2 level is not timed: L2-bound launches are called DRAM- or "
       "L1-bound"},
      {"l1_bandwidth", "L1 bandwidth", Opt(G.L1Bandwidth),
       "the L1 level is not timed"},
      {"l2_cache", "L2 size", Opt(G.L2Bytes),
       "every re-read across blocks goes to DRAM"},
      {"dram_latency", "DRAM latency", Opt(G.DramLatency),
       "the architecture table's assumed latency (data/architectures.json)"},
      {"atomic_interval", "atomic rates",
       G.AtomicIntervals.empty() ? nullptr
                                 : &G.AtomicIntervals.front().Interval,
       "atomics are not timed"},
      {"scattered_store", "scattered stores",
       G.ScatteredStore ? &G.ScatteredStore->PerSector : nullptr,
       "scattered stores cost their sector bytes at the L2 bandwidth"},
      {"host_link_bandwidth", "host link", Opt(G.HostLinkBandwidth),
       "copies to and from host memory are not timed"},
      {"launch_floor", "launch floor", Opt(G.LaunchFloor),
       "the architecture's floor (data/architectures.json, the H200's "
       "measurement)"},
      {"launch_dram", "launch DRAM reads", Opt(G.LaunchDramBytes),
       "a cold launch's reads of its own code and constants are not "
       "counted"},
  };
  return Out;
}

} // namespace rla
