//===- OccupancyWhatIf.h - Occupancy without a source file ------*- C++ -*-===//
///
/// \file
/// `rl-analyze occupancy`: given a GPU, registers per thread and shared
/// memory, the occupancy of one block size, or of every block size with the
/// best one (cudaOccMaxPotentialOccupancyBlockSize).
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_OCCUPANCYWHATIF_H
#define RLA_MODELS_OCCUPANCYWHATIF_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/Note.h"
#include "analyzer/models/Occupancy.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

struct WhatIfQuery {
  const GpuSpec *Gpu = nullptr;
  const ArchitectureLimits *Arch = nullptr;
  KernelResourceUse Use;
  uint64_t DynamicSmemBytes = 0;
  std::optional<unsigned> BlockSize; ///< the one block size asked about
  bool Sweep = false;                ///< every multiple of the warp size
};

struct WhatIfAnswer {
  std::optional<OccupancyResult> Single;
  /// Block sizes of the sweep that can run, smallest first.
  std::vector<OccupancyResult> Sweep;
  std::optional<BestBlockSize> Best;
};

/// False with Error set when the asked block size cannot run (too many
/// registers, too much shared memory, too large a block).
bool answerWhatIf(const WhatIfQuery &Q, WhatIfAnswer &Out, Note &Error);

} // namespace rla

#endif // RLA_MODELS_OCCUPANCYWHATIF_H
