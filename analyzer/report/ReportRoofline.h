//===- ReportRoofline.h - The roofline picture of any report ----*- C++ -*-===//
///
/// \file
/// `--svg FILE`: one plot per GPU asked for, with every ceiling of that GPU
/// and each launch of the reports as a predicted point (FLOP per DRAM byte,
/// FLOPs over the predicted time). Built from the JSON reports, so that a
/// report served from the cache draws the same picture.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_REPORTROOFLINE_H
#define RLA_REPORT_REPORTROOFLINE_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/report/RooflineSvg.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace rla {

/// One plot per entry of Gpus; Reports are documents of renderJson.
std::vector<RooflinePlot>
reportRooflines(const std::vector<nlohmann::ordered_json> &Reports,
                const std::vector<const GpuSpec *> &Gpus);

} // namespace rla

#endif // RLA_REPORT_REPORTROOFLINE_H
