//===- Comparison.h - Measured launches beside their predictions -*- C++
//-*-===//
///
/// \file
/// Groups traced launches by distinct configuration (kernel, grid, block,
/// dynamic shared memory, scalar arguments), attaches Nsight Compute's
/// counters to them, and compares each group's measurement with the model's
/// prediction for that launch. Plain numbers; renderers only format them.
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_COMPARISON_H
#define RLA_MEASURE_COMPARISON_H

#include "analyzer/measure/NcuCsv.h"
#include "analyzer/measure/Trace.h"
#include "analyzer/models/LaunchReport.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// Launches of one kernel with one configuration.
struct LaunchGroup {
  std::string Program;
  std::string Mangled;
  const KernelModel *Model = nullptr;
  LaunchSpec Spec;                 ///< what the binder gets
  TraceLaunch First;               ///< the group's first launch, as recorded
  std::vector<double> DurationsNs; ///< every timed launch
  unsigned Count = 0;
  /// Counters of the matching ncu rows (median over them); unset when ncu
  /// did not profile this group or could not read the counter.
  unsigned NcuRows = 0;
  std::optional<double> NcuFlops, NcuFlopsFp32, NcuFlopsFp64, NcuFlopsFp16;
  std::optional<double> NcuDramBytes, NcuTimeNs, NcuActiveBlocksPerSm;

  std::optional<double> medianNs() const;
};

struct GroupedTrace {
  std::vector<LaunchGroup> Groups;
  /// Kernels in the trace the static model does not know (library kernels,
  /// another file's): name -> launch count.
  std::map<std::string, unsigned> Unknown;
};

/// Groups Trace's launches; Models maps mangled names to kernel models.
GroupedTrace
groupLaunches(const Trace &T,
              const std::map<std::string, const KernelModel *> &Models);

/// Pairs ncu rows with groups: per program and kernel, the i-th profiled
/// launch with the i-th traced one (ncu replays launches in program order);
/// a row whose grid/block disagree goes to the first group of that shape.
void attachCounters(GroupedTrace &G, const Trace &T, const NcuResults &Ncu);

/// A predicted [low, high] against a measurement.
struct QuantityCheck {
  std::optional<double> PredictedLow, PredictedHigh, Measured;
  /// (prediction - measured) / measured, 0 when the measurement lies in the
  /// predicted range, else from the nearer end; unset without both sides.
  std::optional<double> Error;
};
QuantityCheck checkQuantity(std::optional<double> Low,
                            std::optional<double> High,
                            std::optional<double> Measured);

struct LaunchComparison {
  QuantityCheck TimeS;     ///< roofline time vs median measured time
  QuantityCheck Flops;     ///< hardware FLOPs vs ncu fadd+fmul+2*ffma (+d, h)
  QuantityCheck DramBytes; ///< dram_bytes vs dram__bytes_read+write
  /// measured / predicted lower bound of the time.
  std::optional<double> TimeOverLowerBound;
  std::optional<double> AchievedBytesPerS, AchievedFlopsPerS;
  std::string AchievedFrom; ///< "ncu counters" or "model counts"
  /// The roofline time of the achieved work over the measured time (1 = on
  /// the roof).
  std::optional<double> FractionOfRoof;
  std::optional<double> MeasuredIntensity; ///< FLOP per DRAM byte
  /// Occupancy the runtime reports (active blocks per SM), from the trace or
  /// ncu; warps and fraction follow from the block size.
  std::optional<double> ActiveBlocksPerSm, ActiveWarpsPerSm, Occupancy;
  /// The occupancy model's active blocks per SM for this launch, where the
  /// report has one (see withPredictedOccupancy).
  std::optional<double> PredictedActiveBlocksPerSm;
};

/// Records the occupancy model's prediction beside the runtime's.
void withPredictedOccupancy(LaunchComparison &C, double ActiveBlocksPerSm);

LaunchComparison compareLaunch(const LaunchGroup &G, const KernelReport &R,
                               const GpuSpec &Gpu, const TraceDevice *Device);

} // namespace rla

#endif // RLA_MEASURE_COMPARISON_H
