//===- Roofline.h - Compute vs memory bound verdict -------------*- C++ -*-===//
///
/// \file
/// The classic roofline: time = max(compute time, memory time), where compute
/// time sums each precision's FLOPs over that precision's peak and memory time
/// is DRAM bytes over DRAM bandwidth. Plain numbers in, plain numbers out.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_ROOFLINE_H
#define RLA_MODELS_ROOFLINE_H

#include "analyzer/hw/GpuSpec.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// Concrete launch totals the roofline needs.
struct RooflineInput {
  std::array<double, NumPrecisions> Flops{}; ///< by Precision
  double DramBytes = 0;
};

enum class Bound { Memory, Compute, Unknown };
const char *boundName(Bound B); ///< "memory", "compute", "unknown"

struct RooflineResult {
  double TotalFlops = 0;
  double Intensity = 0; ///< FLOP per DRAM byte (inf when no bytes)
  Precision DominantPrecision = Precision::FP32; ///< most FLOPs (fp32 if none)
  double PeakFlops = 0;       ///< of the dominant precision, FLOP/s
  double Bandwidth = 0;       ///< bytes/s
  double RidgePoint = 0;      ///< PeakFlops / Bandwidth, FLOP/B
  double AttainableFlops = 0; ///< min(peak, intensity * bandwidth), FLOP/s
  double ComputeTime = 0;     ///< s, summed over precisions
  double MemoryTime = 0;      ///< s
  double PredictedTime = 0;   ///< max of the two
  Bound Verdict = Bound::Unknown;
  /// Missing data that made a term unknown ("no fp64 peak for T4").
  std::vector<std::string> Notes;
};

/// Classifies one launch on one GPU.
RooflineResult evaluateRoofline(const RooflineInput &In, const GpuSpec &Gpu);

} // namespace rla

#endif // RLA_MODELS_ROOFLINE_H
