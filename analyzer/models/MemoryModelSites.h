//===- MemoryModelSites.h - What each access of an array moves --*- C++ -*-===//
///
/// \file
/// The per-access part of the memory model (MemoryModel.h): what each access
/// of one array requests and moves through L1 and to L2 under one launch
/// (32-byte sectors of a global request, wavefronts of a shared one), and the
/// findings one access carries on its own (rl-uncoalesced, rl-bank-conflict,
/// rl-atomic-contention). MemoryModel.cpp sums the arrays and decides what
/// reaches DRAM; it needs no more of an access than this gives.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_MEMORYMODELSITES_H
#define RLA_MODELS_MEMORYMODELSITES_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/SharedAccessWidths.h"

#include <cstddef>
#include <map>
#include <optional>
#include <vector>

namespace rla {

/// The launch every access is priced under, as estimateMemory got it.
struct SiteLaunch {
  const KernelModel &Model;
  const Bindings &Values;
  const GpuSpec &Gpu;
  const LaunchShape &Shape;
  /// The access (an index into Model.Accesses) priced at its IdealBytes.
  std::optional<size_t> IdealSite;
  /// The buffers' sizes behind pointer parameters, by name.
  const ArrayAllocations &Allocated;
};

/// Accesses priced by an assumption rather than by their addresses: each
/// kind adds its sentence to the estimate's assumptions.
struct SiteCaveats {
  /// A global address the model cannot bound: its requested bytes count as
  /// its sectors.
  bool Fallback = false;
  /// A global address through data (a gather or a scatter): each lane
  /// moves its own sectors.
  bool Gathered = false;
  /// A global address shifted by a value the whole block reads from memory
  /// (a segment's start): its lanes' sectors, one more per request.
  bool Shifted = false;
  /// Stores at slots an atomic counter hands out: dense, in lane order.
  bool Cursor = false;
  /// A tile the block chose by a value the model does not have (a block
  /// swizzle): its lanes' sectors at an unknown shift.
  bool Swizzled = false;
};

/// How the compiled code accesses each shared site of L.Model, by index
/// into Model.Accesses (a line's other sites decide which of them got the
/// vector instructions); every entry as written when CompiledWidths is
/// empty.
std::vector<CompiledWidth>
sharedSiteWidths(const SiteLaunch &L, const SharedWidthsByLine &CompiledWidths);

/// Prices Sites, the accesses of one array, under L: each one's entry in
/// M.Sites, the bytes it adds to T and to M's L1 totals, M's scattered
/// stores and global atomics, and the findings of single accesses. Widths:
/// sharedSiteWidths(L, ...). False when an access's count overflows or is
/// undefined for this launch: there is then no estimate.
bool priceArraySites(const SiteLaunch &L,
                     const std::vector<const AccessSite *> &Sites,
                     const std::vector<CompiledWidth> &Widths, ArrayTraffic &T,
                     MemoryEstimate &M, SiteCaveats &Caveats);

} // namespace rla

#endif // RLA_MODELS_MEMORYMODELSITES_H
