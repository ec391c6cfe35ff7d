//===- LineTrafficText.h - Bytes and sectors by source line -----*- C++ -*-===//
///
/// \file
/// `--lines`: where a launch's traffic comes from. One row per source line
/// that accesses memory: global bytes loaded and stored (as requested),
/// the 32-byte sectors they move, shared-memory bytes, and the line's share
/// of the launch's DRAM traffic (each array's DRAM reads shared out over its
/// load sites by sectors, its writes over its store sites), on the first
/// GPU of the report.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LINETRAFFICTEXT_H
#define RLA_REPORT_LINETRAFFICTEXT_H

#include "analyzer/report/Report.h"

#include <string>
#include <vector>

namespace rla {

/// One source line's traffic under one launch.
struct LineTraffic {
  std::string File;
  unsigned Line = 0;
  double LoadBytes = 0, StoreBytes = 0; ///< global, requested
  double Sectors = 0;                   ///< global 32-byte sectors moved
  double SharedBytes = 0;               ///< shared loads + stores, requested
  double DramBytes = 0;
  double DramShare = 0; ///< of the launch's DRAM bytes, 0..1
  std::vector<std::string> Arrays;
};

/// The lines of K's memory model, in file and line order; empty without one.
std::vector<LineTraffic> lineTraffic(const KernelReport &K);

/// The table (indented, with a header), "" when K has no memory model.
std::string lineTrafficText(const KernelReport &K);

} // namespace rla

#endif // RLA_REPORT_LINETRAFFICTEXT_H
