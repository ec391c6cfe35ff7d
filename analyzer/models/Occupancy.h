//===- Occupancy.h - Resident blocks and warps per SM -----------*- C++ -*-===//
///
/// \file
/// Occupancy of one launch on one architecture, computed by NVIDIA's own
/// calculator (cuda_occupancy.h, host-only) so that the allocation rules are
/// NVIDIA's and not a copy of them: the kernel's registers and static shared
/// memory (from ptxas), the launch's block size and dynamic shared memory,
/// and the SM limits of data/architectures.json.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_OCCUPANCY_H
#define RLA_MODELS_OCCUPANCY_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/ir/Note.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// What the occupancy depends on in the compiled kernel.
struct KernelResourceUse {
  unsigned Registers = 0;       ///< per thread, as ptxas reports them
  uint64_t StaticSmemBytes = 0; ///< __shared__ arrays of fixed size
  unsigned Barriers = 0;        ///< named barriers (0 when not reported)
  /// __launch_bounds__ / maxThreadsPerBlock of the compiled function; 0 for
  /// the architecture's limit.
  unsigned MaxThreadsPerBlock = 0;
};

struct OccupancyResult {
  unsigned RegistersPerThread = 0;          ///< as reported by ptxas
  unsigned AllocatedRegistersPerThread = 0; ///< after allocation rounding
  uint64_t StaticSmemBytes = 0;
  uint64_t DynamicSmemBytes = 0;
  unsigned BlockSize = 0;
  unsigned ActiveBlocksPerSm = 0;
  unsigned ActiveWarpsPerSm = 0;
  unsigned MaxWarpsPerSm = 0;
  double Occupancy = 0; ///< ActiveWarpsPerSm / MaxWarpsPerSm, 0..1
  /// What stops one more block: "warps", "registers", "shared_memory",
  /// "blocks", "barriers" (cuda_occupancy.h's limiting factors).
  std::vector<std::string> Limiting;
  /// Blocks per SM each resource alone would allow (0 when unlimited).
  unsigned BlockLimitWarps = 0, BlockLimitRegisters = 0,
           BlockLimitSharedMemory = 0, BlockLimitBlocks = 0;
};

/// Computes the occupancy; nullopt with Error set when the launch cannot run
/// at all (block too large, too much shared memory, too many registers).
std::optional<OccupancyResult>
computeOccupancy(const ArchitectureLimits &Arch, const KernelResourceUse &Use,
                 unsigned BlockSize, uint64_t DynamicSmemBytes, Note &Error);

/// The block size with the highest occupancy for Use
/// (cudaOccMaxPotentialOccupancyBlockSize: the largest such block).
struct BestBlockSize {
  unsigned BlockSize = 0;
  unsigned MinGridSize = 0; ///< blocks that fill every SM once
};
std::optional<BestBlockSize> bestBlockSize(const ArchitectureLimits &Arch,
                                           unsigned SmCount,
                                           const KernelResourceUse &Use,
                                           uint64_t DynamicSmemBytes,
                                           Note &Error);

/// The largest block the kernel can be launched with
/// (cudaFuncAttributes::maxThreadsPerBlock): its __launch_bounds__ or the
/// architecture's limit, less where one block's registers would not fit;
/// 0 when no block of one warp runs.
unsigned maxThreadsPerBlock(const ArchitectureLimits &Arch,
                            const KernelResourceUse &Use);

} // namespace rla

#endif // RLA_MODELS_OCCUPANCY_H
