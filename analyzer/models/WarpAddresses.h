//===- WarpAddresses.h - Coalescing and bank conflicts of a warp -*- C++
//-*-===//
///
/// \file
/// What one warp's request costs the memory system. Lanes are numbered as
/// the hardware does (threadIdx.x fastest, then .y, .z), so a 2D block with
/// blockDim.x < 32 spreads a warp over several rows. Addresses are computed
/// exactly for a few sample warps (different blocks, loop iterations and
/// warps of the block) and averaged; arrays are assumed to start on a
/// 256-byte boundary, as cudaMalloc guarantees.
///  - Global: distinct 32-byte sectors per request (what L1 asks of L2) and
///    distinct 128-byte lines (the L1 wavefronts it takes).
///  - Shared: wavefronts per request over 32 banks of 4 bytes; lanes
///    reading one word share it (broadcast). Wider accesses are served a
///    half-warp (64-bit) or quarter-warp (128-bit) at a time.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_WARPADDRESSES_H
#define RLA_MODELS_WARPADDRESSES_H

#include "analyzer/models/AffineAccess.h"

namespace rla {

constexpr int64_t SectorBytes = 32;
constexpr int64_t LineBytes = 128;
/// Shared memory: 32 banks of 4 bytes, one 128-byte wavefront a clock.
constexpr int64_t Banks = 32, BankBytes = 4;

struct WarpCost {
  double Lanes = 32;       ///< active lanes per request
  double UniqueBytes = 0;  ///< distinct bytes one request needs
  double Sectors = 0;      ///< global: 32-byte sectors per request
  double IdealSectors = 0; ///< ceil(UniqueBytes / 32), the coalesced best
  /// Global: distinct 128-byte lines per request; L1 serves one line of a
  /// request per cycle, so this is the request's L1 wavefronts.
  double Lines = 0;
  double Wavefronts = 0;   ///< shared: passes through the banks
  double IdealWavefronts = 0;
  /// UniqueBytes / (Sectors * 32): the share of moved bytes that is used.
  double efficiency() const {
    return Sectors > 0 ? UniqueBytes / (Sectors * SectorBytes) : 1;
  }
};

/// Cost of one request of an affine access, averaged over sample warps.
/// VectorBytes, when not 0: the compiled code accesses the site's elements
/// that many bytes at a time (scalar shared loads nvcc merged into LDS.128),
/// each lane from its address rounded down to that boundary.
WarpCost warpCost(const AffineAccess &A, const LaunchShape &Shape,
                  unsigned VectorBytes = 0);

} // namespace rla

#endif // RLA_MODELS_WARPADDRESSES_H
