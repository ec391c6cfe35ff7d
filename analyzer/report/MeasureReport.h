//===- MeasureReport.h - Predictions beside measurements --------*- C++ -*-===//
///
/// \file
/// What `rl-analyze measure` found: the usual Report (one kernel entry per
/// distinct traced launch configuration) plus, entry by entry, what was
/// measured and how far the model was off. Rendered as text, as the JSON
/// report with a "measured" block in each kernel entry, and as an SVG
/// roofline.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_MEASUREREPORT_H
#define RLA_REPORT_MEASUREREPORT_H

#include "analyzer/ir/Note.h"
#include "analyzer/measure/Comparison.h"
#include "analyzer/report/Report.h"
#include "analyzer/report/RooflineSvg.h"

#include <memory>

namespace rla {

struct MeasureReport {
  Report R; ///< R.Kernels[i] is the prediction for Entries[i]
  struct Entry {
    LaunchGroup Group;
    LaunchComparison Cmp;
  };
  std::vector<Entry> Entries;
  std::optional<TraceDevice> Device; ///< as the runtime reported it
  /// "database" or "runtime properties" (unknown GPU).
  std::string GpuSource;
  /// A spec derived from the device when the database lacks it; R.Gpus
  /// points into it.
  std::shared_ptr<GpuSpec> DerivedGpu;
  /// Every configuration of one kernel of one program together.
  struct KernelTotal {
    std::string Program, Kernel;
    unsigned Launches = 0, Configurations = 0;
    /// Sums over every launch; unset when a launch has no time or no
    /// prediction.
    std::optional<double> MeasuredS, PredictedS;
  };
  std::vector<KernelTotal> Totals;
  bool HaveCounters = false;
  /// Why counters are missing, ncu's own errors, unknown kernels, ...;
  /// worded by report/NoteText.h.
  std::vector<Note> Notes;
};

std::string renderMeasureText(const MeasureReport &M);
/// renderJson's report, with "measurement" at the top level and "measured"
/// in each kernel entry (docs/json-format.md).
std::string renderMeasureJson(const MeasureReport &M);
/// Predicted and measured point per entry, ceilings of the report's GPU.
RooflinePlot measureRoofline(const MeasureReport &M);

} // namespace rla

#endif // RLA_REPORT_MEASUREREPORT_H
