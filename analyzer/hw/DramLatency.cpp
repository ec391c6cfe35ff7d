//===- DramLatency.cpp ----------------------------------------------------===//
#include "analyzer/hw/DramLatency.h"

namespace rla {

DramLatency dramLatencyOf(const GpuSpec &Gpu, const ArchitectureTable &Table) {
  DramLatency L;
  if (Gpu.DramLatency && Gpu.DramLatency->Value > 0) {
    L.Seconds = Gpu.DramLatency->Value;
    L.Source = Gpu.DramLatency->Source;
    return L;
  }
  L.Seconds = Table.assumedDramLatencyNs() / 1e9;
  L.Source = Table.dramLatencySource();
  L.Assumed = true;
  return L;
}

} // namespace rla
