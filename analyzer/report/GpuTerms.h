//===- GpuTerms.h - Each GPU's time-model terms and their provenance -*- C++ -*-===//
///
/// \file
/// The numbers of a GPU the predicted time uses, each with where it comes
/// from, and for each one the database lacks, what the prediction does
/// instead: `--list-gpus` (text and JSON) shows them, so that no term
/// falls back silently.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_GPUTERMS_H
#define RLA_REPORT_GPUTERMS_H

#include "analyzer/hw/GpuSpec.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

struct GpuTerm {
  std::string Key;   ///< "dram_latency", as the data file names it
  std::string Label; ///< "DRAM latency"
  /// The value, null when the database has none.
  const SourcedValue *Value = nullptr;
  /// Without Value: what the prediction uses instead.
  std::string Instead;
};

/// Every time-model term of G, in a fixed order.
std::vector<GpuTerm> gpuTerms(const GpuSpec &G);

/// "measured", "sourced", "derived", "assumed", "unverified".
const char *provenanceName(Provenance P);

} // namespace rla

#endif // RLA_REPORT_GPUTERMS_H
