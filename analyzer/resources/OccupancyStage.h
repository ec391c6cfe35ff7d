//===- OccupancyStage.h - Resources and occupancy into the report -*- C++
//-*-===//
///
/// \file
/// After the cost model has bound each launch: compiles the file once per
/// architecture of the GPUs asked for, maps ptxas's functions to the
/// kernels, computes each launch's occupancy on each GPU and adds the
/// [rl-spills] and [rl-low-occupancy] diagnostics.
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_OCCUPANCYSTAGE_H
#define RLA_RESOURCES_OCCUPANCYSTAGE_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/report/Report.h"
#include "analyzer/resources/PtxasOutputParser.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace rla {

struct OccupancyStageOptions {
  /// Set when resources cannot be had at all ("--no-resources", "no nvcc",
  /// "the parse used stub headers"); every occupancy is then unknown with it.
  std::string Disabled;
  const ArchitectureTable *Archs = nullptr; ///< null: ArchsError says why
  std::string ArchsError;
  /// Compiles for one architecture ("sm_89"); returns false with Error set
  /// when it cannot.
  std::function<bool(const std::string &Arch, PtxasReport &Out,
                     std::string &Error)>
      Compile;
};

/// Fills R.Kernels[*].Occupancies (one per R.Gpus) and their findings.
void attachOccupancy(Report &R, const OccupancyStageOptions &O);

/// The ptxas entry for Model: by mangled name, else by demangled name, else
/// by base name when exactly one entry has it. nullptr when none matches.
const PtxasFunction *findKernelResources(const PtxasReport &P,
                                         const std::string &Arch,
                                         const std::string &MangledName,
                                         const std::string &Name);

} // namespace rla

#endif // RLA_RESOURCES_OCCUPANCYSTAGE_H
