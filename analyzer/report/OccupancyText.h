//===- OccupancyText.h - The occupancy line of the text report --*- C++ -*-===//
#ifndef RLA_REPORT_OCCUPANCYTEXT_H
#define RLA_REPORT_OCCUPANCYTEXT_H

#include "analyzer/report/Report.h"

#include <string>

namespace rla {

/// "L40S 64 regs, 0 B smem: 3 blocks, 24/48 warps (50%), limited by
/// registers; H200 ..." or "unknown (why)"; empty when the report has no
/// occupancy at all.
std::string occupancySummary(const KernelReport &K);

/// One result as the what-if calculator prints it.
std::string occupancyResultText(const OccupancyResult &R);

} // namespace rla

#endif // RLA_REPORT_OCCUPANCYTEXT_H
