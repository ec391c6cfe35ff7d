//===- MemoryModel.h - Bytes at each level of the memory system -*- C++ -*-===//
///
/// \file
/// Puts the access models together for one launch on one GPU:
///  - per array: footprint (distinct bytes, the compulsory DRAM traffic),
///    requested bytes, 32-byte sector traffic after coalescing;
///  - L1 level: global sectors plus shared-memory wavefronts x 128 bytes;
///  - L2 level: global sectors, less the re-reads one block serves from L1:
///    all of them, but those a loop carries over more data than the block's
///    share of L1 holds (L1Reuse.h);
///  - DRAM: footprint when the launch's data fits in L2; sector traffic when
///    an array is streamed; for re-read arrays that do not fit, a layer
///    condition over waves of resident blocks: re-use inside a wave of
///    concurrently running blocks hits L2, re-use across waves does not.
/// Findings: uncoalesced accesses, shared bank conflicts, atomic contention.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_MEMORYMODEL_H
#define RLA_MODELS_MEMORYMODEL_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/SharedAccessWidths.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {

/// What the L2 holds when the launch starts. Cold (the default) matches
/// Nsight Compute's cache flush before each profiled launch; Warm is a
/// launch of a loop (benchmarks, training steps): what the launch reads and
/// writes is still in L2 from the one before, when it fits there.
enum class CacheState { Cold, Warm };

/// One array (pointer parameter or __shared__ variable) under one launch.
struct ArrayTraffic {
  std::string Name;
  bool Shared = false;
  double ReadBytes = 0, WriteBytes = 0, AtomicBytes = 0; ///< requested
  /// Distinct bytes touched; unset when an access is not affine.
  std::optional<double> FootprintBytes;
  std::optional<double> ExtentBytes; ///< highest byte touched + 1
  bool FootprintExact = true;
  /// How the footprint was counted; unset without one.
  std::optional<FootprintRule> FootprintCounted;
  bool FootprintSectorsAsBox = false;
  /// The buffer the program allocated behind the array, where the launch
  /// knows it (LaunchSpec::AllocatedBytes): a bound on the footprint.
  std::optional<double> AllocatedBytes;
  double LoadSectorBytes = 0, StoreSectorBytes = 0; ///< global only
  double DramBytes = 0; ///< this array's share of the DRAM estimate
  /// Host memory (ArrayAllocations::HostMemory): the sectors its requests
  /// move over the host link, read and written; its DRAM bytes are 0.
  double HostLinkReadBytes = 0, HostLinkWriteBytes = 0;
  double DramReadBytes = 0, DramWriteBytes = 0; ///< DramBytes, split
};

/// One access site of the source under one launch: what it requests, what
/// it moves, and what it would move at its best (coalesced, free of bank
/// conflicts), so that a report can attribute traffic to source lines and
/// price the fix of one access.
struct SiteTraffic {
  size_t Site = 0; ///< index into KernelModel::Accesses
  std::string Array;
  bool Shared = false;
  AccessKind Kind = AccessKind::Load;
  SourceLoc Loc;
  double RequestedBytes = 0;
  /// Global: 32-byte sector traffic between L1 and L2; shared: wavefronts
  /// x 128 bytes.
  double MovedBytes = 0;
  /// MovedBytes with the access coalesced (global) or free of bank
  /// conflicts (shared); equal to MovedBytes when the model has no address.
  double IdealBytes = 0;
  /// The array's DRAM reads (loads) or writes (stores, atomics), shared out
  /// over its sites by their sector traffic.
  double DramBytes = 0;
  /// The site carries an rl-uncoalesced or rl-bank-conflict finding.
  bool Improvable = false;
  /// What the site takes of L1, wavefronts x 128 bytes: a global request's
  /// distinct lines, a shared one's bank passes (as the totals count it).
  double L1Bytes = 0;
};

/// What the program allocated behind pointer parameters, by name.
struct ArrayAllocations {
  /// The buffer's bytes (LaunchSpec::AllocatedBytes).
  std::map<std::string, double> Bytes;
  /// Page-locked host memory mapped into the device (zero-copy,
  /// LaunchSpec::HostMemoryArgs): its traffic crosses the host link, not
  /// DRAM.
  std::set<std::string> HostMemory;
};

/// What the compiled kernel tells the memory model; empty without it
/// (--no-resources, or an architecture nvcc cannot build).
struct CompiledKernel {
  /// The shared accesses' widths per source line as compiled.
  SharedWidthsByLine SharedWidths;
  /// The kernel's machine code: a cold launch fetches it from DRAM.
  double CodeBytes = 0;
};

struct MemoryEstimate {
  bool Available = false;
  std::vector<ArrayTraffic> Arrays;
  double FootprintBytes = 0;    ///< global arrays, summed
  double GlobalSectorBytes = 0; ///< L1 -> L2 requests, loads + stores
  /// What global requests take of L1: wavefronts (distinct 128-byte lines
  /// per request) x 128 bytes; a request scattered over 32 lines costs 32
  /// cycles where its sectors alone would say 8.
  double GlobalWavefrontBytes = 0;
  double SharedWavefrontBytes = 0;
  /// The footprint in whole sectors (the L2 fit is judged on it).
  double SectorFootprintBytes = 0;
  /// DRAM traffic the launch causes: DramReadBytes + DramWriteBytes.
  double DramBytes = 0;
  double DramReadBytes = 0, DramWriteBytes = 0;
  /// Over the host link to zero-copy host memory, beside DRAM.
  double HostLinkReadBytes = 0, HostLinkWriteBytes = 0;
  /// Of DramWriteBytes, what is still dirty in L2 when the kernel ends: it
  /// reaches DRAM after the kernel, where counters read during the kernel
  /// do not see it.
  double DeferredWriteBytes = 0;
  /// What a cold launch reads of its own (code, constants, parameters),
  /// beside DramBytes: the GPU's measured launch_dram (an empty kernel's),
  /// plus the compiled code beyond the empty kernel's; 0 where unknown.
  double LaunchDramBytes = 0;
  double L2Bytes = 0; ///< traffic between L1 and L2
  double L1Bytes = 0; ///< traffic through L1/shared
  /// Stores whose requests spread over more than 4 lines: what the L2
  /// takes to serve them at the GPU's measured per-sector and per-line
  /// costs, and their sector bytes (part of L2Bytes), which that time
  /// replaces.
  struct ScatteredStoreTraffic {
    double Seconds = 0, SectorBytes = 0, Requests = 0;
  } ScatteredStores;
  /// Each global atomic site: its updates and the distinct addresses they
  /// fall on (what the GPU's atomic rate depends on).
  struct AtomicSite {
    double Updates = 0, Addresses = 0;
    /// The lanes of a warp update distinct addresses (an affine address
    /// that moves with threadIdx.x): one coalesced request, not the
    /// random-lane contention the measured rates are for.
    bool LaneDistinct = false;
    bool Float = false; ///< on floating-point values
  };
  std::vector<AtomicSite> GlobalAtomics;
  std::vector<Finding> Findings;
  std::vector<Note> Assumptions;       ///< worded by report/NoteText.h
  std::vector<SiteTraffic> Sites;      ///< in KernelModel::Accesses order
  CacheState State = CacheState::Cold; ///< what it was estimated under
  double DynamicSharedBytes = 0;       ///< ... and with this much per block
  /// ... and what the compiled kernel told it (empty: as written).
  CompiledKernel Compiled;
  /// ... and the buffers' sizes it knew.
  ArrayAllocations Allocated;
};

/// Estimates the traffic of one launch (Values binds every launch symbol) on
/// Gpu. Available is false when the launch shape is not bound, the model
/// recorded no accesses yet counts bytes or holds code the walker could not
/// read (a model built without the front end, an opaque call), or an
/// access's count overflows or is undefined for this launch. A kernel that
/// moves no memory has the launch's own reads alone.
/// DynamicSharedBytes: the launch's dynamic shared memory per block, which
/// with the static shared arrays takes from the L1 the blocks' re-reads
/// need. Compiled: the SASS's shared load and store widths per line
/// (SharedAccessWidths.h), which price merged scalar accesses as the
/// vector accesses they became, and the size of its code. Allocated: the
/// buffers' sizes, which bound each array's footprint where its addresses do
/// not (a gather).
MemoryEstimate estimateMemory(const KernelModel &Model, const Bindings &Values,
                              const GpuSpec &Gpu,
                              CacheState State = CacheState::Cold,
                              double DynamicSharedBytes = 0,
                              const CompiledKernel &Compiled = {},
                              const ArrayAllocations &Allocated = {});
/// The same launch with access IdealSite (an index into Model.Accesses)
/// moving its IdealBytes: the traffic once that one access is fixed.
MemoryEstimate estimateMemory(const KernelModel &Model, const Bindings &Values,
                              const GpuSpec &Gpu,
                              std::optional<size_t> IdealSite,
                              CacheState State = CacheState::Cold,
                              double DynamicSharedBytes = 0,
                              const CompiledKernel &Compiled = {},
                              const ArrayAllocations &Allocated = {});

/// Threads one SM keeps resident, by compute capability.
int64_t maxThreadsPerSm(const GpuSpec &Gpu);

/// Of WriteBytes written to DRAM, what is still dirty in an L2 of L2Bytes
/// when the launch ends: all of it where the footprint fits, else the share
/// of the L2 that stays dirty after a stream.
double deferredWriteBytes(double WriteBytes, bool FootprintFits,
                          double L2Bytes);

} // namespace rla

#endif // RLA_MODELS_MEMORYMODEL_H
