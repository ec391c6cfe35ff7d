//===- DramLatency.h - The loaded DRAM latency of one GPU -------*- C++ -*-===//
///
/// \file
/// One latency per GPU for every Little's-law use (the [rl-low-occupancy]
/// check and the latency term of the predicted time): the GPU's own
/// `dram_latency` from gpus.json when it has one, else the architecture
/// table's assumed value.
//===----------------------------------------------------------------------===//
#ifndef RLA_HW_DRAMLATENCY_H
#define RLA_HW_DRAMLATENCY_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuSpec.h"

#include <string>

namespace rla {

struct DramLatency {
  double Seconds = 0; ///< 0 when neither the GPU nor the table has one
  std::string Source;
  /// True for the table's fallback (an assumption, not a per-GPU value).
  bool Assumed = false;
};

DramLatency dramLatencyOf(const GpuSpec &Gpu, const ArchitectureTable &Table);

} // namespace rla

#endif // RLA_HW_DRAMLATENCY_H
