//===- MemoryModel.cpp ----------------------------------------------------===//
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/AffineAccess.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/L1Reuse.h"
#include "analyzer/models/MemoryModelSites.h"
#include "analyzer/models/WarpAddresses.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rla {
namespace {

/// Share of the L2 that still holds dirty lines when a kernel that streams
/// more data than L2 ends. On an H200, 12 to 20 MB of the 60 MiB remained
/// after the streaming kernels of docs/accuracy/foundation.md.
constexpr double RetainedDirtyShare = 0.3;
/// The code of the empty kernel behind a GPU's launch_dram (EXIT and a
/// branch to itself, padded: a 256-byte .text section on sm_90). A larger
/// kernel's cold launch fetches the rest of its code too: the fit half of
/// the real-code benchmark's small launches (lud_diagonal's 10 KB of code
/// among them) read launch_dram plus their .text beyond these bytes.
constexpr double EmptyKernelCodeBytes = 256;
/// A read whose sectors exceed its footprint by less than this is streamed.
constexpr double StreamingSlack = 1.1;

/// The first K blocks in launch order (blockIdx.x fastest), rounded up to
/// whole rows and planes of the grid once K spans them.
BlockWindow consecutiveBlocks(int64_t K, const LaunchShape &Shape) {
  BlockWindow W;
  const int64_t X = Shape.Grid[0], XY = Shape.Grid[0] * Shape.Grid[1];
  K = std::max<int64_t>(K, 1);
  if (K <= X)
    W.Count = {K, 1, 1};
  else if (K <= XY)
    W.Count = {X, (K + X - 1) / X, 1};
  else
    W.Count = {X, Shape.Grid[1], std::min(Shape.Grid[2], (K + XY - 1) / XY)};
  return W;
}

struct Group {
  std::string Name;
  bool Shared = false;
  std::vector<const AccessSite *> Sites;
};

/// Every load of the group goes through data (no address the model has):
/// each lane's own sector, as scatteredSectorBytes (MemoryModelSites.cpp)
/// counts it.
bool gathersOnly(const Group &G) {
  bool Any = false;
  for (const AccessSite *S : G.Sites)
    if (S->Kind == AccessKind::Load) {
      if (S->ByteOffset || S->MaxDistinct)
        return false;
      Any = true;
    }
  return Any;
}

/// Footprint of the sites of Kinds under Window; nullopt if one is not
/// affine.
std::optional<FootprintResult>
footprintFor(const Group &G, const Bindings &Values, const LaunchShape &Shape,
             const BlockWindow &Window, std::initializer_list<AccessKind> Kinds,
             int64_t Unit = 1) {
  std::vector<AffineAccess> Bound;
  for (const AccessSite *S : G.Sites)
    if (std::find(Kinds.begin(), Kinds.end(), S->Kind) != Kinds.end()) {
      Bound.push_back(bindAccess(*S, Values, Shape, Window));
      if (!Bound.back().Affine && !Bound.back().Hull)
        return std::nullopt;
    }
  std::vector<const AffineAccess *> Ptrs;
  for (const AffineAccess &A : Bound)
    Ptrs.push_back(&A);
  FootprintResult R =
      Unit > 1 ? sectorFootprintOf(Ptrs, Unit) : footprintOf(Ptrs);
  // An access range that is empty for these values (a guard no index
  // passes, `i + blockSize < n` with a small n) has no bytes, never a
  // negative count.
  R.Bytes = std::max(0.0, R.Bytes);
  R.ExtentBytes = std::max<int64_t>(0, R.ExtentBytes);
  return R;
}

/// DRAM and L2 move whole sectors: the data sets that decide their traffic
/// are counted in sectors.
constexpr int64_t InSectors = SectorBytes;

/// The sectors of Kinds that the blocks of Window touch, at most the sum
/// over its rows (planes, blocks) taken one by one: a union of many
/// pieces that the footprint gives up on as one hull does not make a
/// window's data larger than its parts.
std::optional<double> windowFootprint(const Group &G, const Bindings &Values,
                                      const LaunchShape &Shape,
                                      const BlockWindow &Window,
                                      std::initializer_list<AccessKind> Kinds) {
  auto F = footprintFor(G, Values, Shape, Window, Kinds, InSectors);
  if (!F)
    return std::nullopt;
  const auto &C = Window.Count;
  BlockWindow Part = Window;
  double Parts = 1;
  if (C[2] > 1) {
    Part.Count[2] = 1;
    Parts = double(C[2]);
  } else if (C[1] > 1) {
    Part.Count[1] = 1;
    Parts = double(C[1]);
  } else if (C[0] > 1) {
    Part.Count[0] = 1;
    Parts = double(C[0]);
  }
  if (Parts > 1)
    if (auto P = footprintFor(G, Values, Shape, Part, Kinds, InSectors))
      return std::min(F->Bytes, Parts * P->Bytes);
  return F->Bytes;
}

/// The sectors of G's loads read from DRAM when a block finds in L2 only
/// what the Window blocks launched just before it touched. A block brings
/// the data that the window before it lacks: within a row of the grid, the
/// step from a window of Window blocks to Window + 1; once the window spans
/// rows (planes), the step by one row (plane). The first window of each row
/// (plane) is counted whole. nullopt when an access is not affine.
std::optional<double> slidingReads(const Group &G, const Bindings &Values,
                                   const LaunchShape &Shape,
                                   const LaunchShape &Order, int64_t Window) {
  const int64_t X = Order.Grid[0], Y = Order.Grid[1], Z = Order.Grid[2];
  auto loads = [&](int64_t CX, int64_t CY, int64_t CZ) {
    BlockWindow W;
    W.Count = {CX, CY, CZ};
    return windowFootprint(G, Values, Shape, W, {AccessKind::Load});
  };
  std::optional<double> First, Next, One, Two;
  double Steps = 0, Repeats = 1;
  if (Window >= X * Y * Z) {
    First = Next = One = Two = loads(X, Y, Z);
  } else if (Window < X) {
    First = loads(Window, 1, 1);
    Next = loads(Window + 1, 1, 1);
    One = loads(1, 1, 1);
    Two = loads(2, 1, 1);
    Steps = double(X - Window);
    Repeats = double(Y * Z);
  } else if (Window < X * Y) {
    int64_t Rows = Window / X;
    First = loads(X, Rows, 1);
    Next = loads(X, Rows + 1, 1);
    One = loads(X, 1, 1);
    Two = loads(X, 2, 1);
    Steps = double(Y - Rows);
    Repeats = double(Z);
  } else {
    int64_t Planes = Window / (X * Y);
    First = loads(X, Y, Planes);
    Next = loads(X, Y, Planes + 1);
    One = loads(X, Y, 1);
    Two = loads(X, Y, 2);
    Steps = double(Z - Planes);
  }
  if (!First || !Next || !One || !Two)
    return std::nullopt;
  // What one more block (row, plane) adds: at most what it adds next to its
  // neighbour alone (a footprint that is a bound makes the other larger).
  double Step = std::max(0.0, std::min(*Next - *First, *Two - *One));
  return Repeats * (*First + Steps * Step);
}

/// The blocks in the order they run. A block-stride loop (`for (tile =
/// blockIdx.x; tile < T; tile += gridDim.x)`, a persistent kernel) makes
/// each iteration a block of its own: the sites' block ranges then reach
/// past the grid, to T tiles in x, and the grid's blocks run them in steps
/// of gridDim tiles, all of a step at once.
LaunchShape blocksInOrder(const KernelModel &Model, const Bindings &Values,
                          const LaunchShape &Shape) {
  LaunchShape Order = Shape;
  for (const AccessSite &S : Model.Accesses)
    for (unsigned D = 0; D < 3; ++D) {
      auto Hi = evalIndex(S.Block[D].Hi, Values);
      if (!S.Shared && Hi && *Hi > Order.Grid[D] && *Hi < (int64_t(1) << 40))
        Order.Grid[D] = *Hi;
    }
  return Order;
}

/// Each global array's DRAM reads go to its load sites, its writes to its
/// store and atomic sites, in proportion to the bytes each site moves.
void shareDramOverSites(MemoryEstimate &M) {
  for (const ArrayTraffic &T : M.Arrays) {
    if (T.Shared)
      continue;
    double Loads = 0, Writes = 0;
    for (const SiteTraffic &S : M.Sites)
      if (!S.Shared && S.Array == T.Name)
        (S.Kind == AccessKind::Load ? Loads : Writes) +=
            S.Kind == AccessKind::Atomic ? S.RequestedBytes : S.MovedBytes;
    for (SiteTraffic &S : M.Sites) {
      if (S.Shared || S.Array != T.Name)
        continue;
      double Own =
          S.Kind == AccessKind::Atomic ? S.RequestedBytes : S.MovedBytes;
      if (S.Kind == AccessKind::Load)
        S.DramBytes = Loads > 0 ? T.DramReadBytes * Own / Loads : 0;
      else
        S.DramBytes = Writes > 0 ? T.DramWriteBytes * Own / Writes : 0;
    }
  }
}

/// The accesses of each array, in the order the kernel first names the
/// array: every rule below prices an array as the union of its accesses,
/// and a global pointer and a __shared__ variable of one name are two.
std::vector<Group> groupByArray(const KernelModel &Model) {
  std::vector<Group> Groups;
  for (const AccessSite &S : Model.Accesses) {
    auto It = std::find_if(Groups.begin(), Groups.end(), [&](const Group &G) {
      return G.Name == S.Array && G.Shared == S.Shared;
    });
    if (It == Groups.end()) {
      Groups.push_back({S.Array, S.Shared, {}});
      It = std::prev(Groups.end());
    }
    It->Sites.push_back(&S);
  }
  return Groups;
}

/// A global array's distinct bytes over the launch, the compulsory DRAM
/// traffic; left unset when an access has no address the model can bound.
void setFootprint(const SiteLaunch &L, const Group &G, ArrayTraffic &T) {
  if (auto F = footprintFor(
          G, L.Values, L.Shape, {},
          {AccessKind::Load, AccessKind::Store, AccessKind::Atomic})) {
    // Hulls bound the distinct bytes; so do the bytes requested.
    T.FootprintBytes =
        std::min(F->Bytes, T.ReadBytes + T.WriteBytes + T.AtomicBytes);
    T.ExtentBytes = double(F->ExtentBytes);
    T.FootprintExact = F->Exact;
    T.FootprintCounted = F->Rule;
    T.FootprintSectorsAsBox = F->SectorsAsBox;
  }
}

/// Sector bytes of a buffer of Bytes bytes: cudaMalloc starts each on a
/// 256-byte boundary.
double wholeUnits(double Bytes, double Unit) {
  return std::ceil(Bytes / Unit) * Unit;
}

/// An array never touches more than the buffer the program allocated for
/// it: where the addresses give no footprint (a gather through an index
/// array) or one beyond the buffer, the buffer's bytes bound it.
void boundByAllocation(const SiteLaunch &L, ArrayTraffic &T) {
  auto It = L.Allocated.Bytes.find(T.Name);
  if (It == L.Allocated.Bytes.end())
    return;
  const double Buffer = It->second;
  T.AllocatedBytes = Buffer;
  if (T.FootprintBytes && *T.FootprintBytes <= Buffer)
    return;
  // Without a footprint the launch's data is taken as its sectors, as the
  // L2 fit takes it (l2Fit).
  T.FootprintBytes = std::min(
      Buffer,
      T.FootprintBytes.value_or(T.LoadSectorBytes + T.StoreSectorBytes));
  T.FootprintExact = false;
  T.FootprintCounted = FootprintRule::BoundAllocated;
  T.FootprintSectorsAsBox = false;
}

/// The launch's global data as the L2 holds it, and what an L2 miss brings
/// from DRAM: what decides, for every array, whether its re-reads hit L2.
struct L2Fit {
  double Footprint = 0; ///< distinct bytes of the global arrays
  /// What the data takes of L2, in whole sectors: an array written one
  /// float in eight fills eight times its bytes.
  double SectorFootprint = 0;
  /// Per array (M.Arrays order; unset for shared arrays and accesses not
  /// bound): the sectors of its loads, and of its stores and atomics.
  std::vector<std::optional<FootprintResult>> LoadSectors, StoreSectors;
  double L2 = 0;               ///< the GPU's L2 bytes; 0: unknown
  int64_t Fetch = SectorBytes; ///< bytes an L2 miss brings from DRAM
  bool Fits = false;           ///< SectorFootprint fits in a known L2
};

L2Fit l2Fit(const SiteLaunch &L, const std::vector<Group> &Groups,
            const std::vector<ArrayTraffic> &Arrays) {
  L2Fit F;
  for (const ArrayTraffic &T : Arrays)
    if (!T.Shared)
      F.Footprint +=
          T.FootprintBytes.value_or(T.LoadSectorBytes + T.StoreSectorBytes);
  F.LoadSectors.resize(Arrays.size());
  F.StoreSectors.resize(Arrays.size());
  for (size_t I = 0; I < Arrays.size(); ++I) {
    const ArrayTraffic &T = Arrays[I];
    if (T.Shared)
      continue;
    F.LoadSectors[I] = footprintFor(Groups[I], L.Values, L.Shape, {},
                                    {AccessKind::Load}, InSectors);
    F.StoreSectors[I] =
        footprintFor(Groups[I], L.Values, L.Shape, {},
                     {AccessKind::Store, AccessKind::Atomic}, InSectors);
    double Own = T.FootprintBytes.value_or(T.LoadSectorBytes +
                                           T.StoreSectorBytes);
    if (F.LoadSectors[I])
      Own = std::max(Own, F.LoadSectors[I]->Bytes);
    if (F.StoreSectors[I])
      Own = std::max(Own, F.StoreSectors[I]->Bytes);
    if (T.AllocatedBytes)
      Own = std::min(Own, wholeUnits(*T.AllocatedBytes, SectorBytes));
    F.SectorFootprint += Own;
  }
  const GpuSpec &Gpu = L.Gpu;
  F.L2 = Gpu.L2Bytes ? Gpu.L2Bytes->Value : 0;
  F.Fetch =
      Gpu.DramFetchBytes
          ? std::max<int64_t>(SectorBytes, int64_t(Gpu.DramFetchBytes->Value))
          : SectorBytes;
  F.Fits = F.L2 > 0 && F.SectorFootprint <= F.L2;
  return F;
}

/// Blocks start in launch order as others finish: a block's data is still
/// in L2 for a later block only if what the blocks launched between them
/// touch fits in L2. The longest run of consecutive blocks whose data fits
/// is the re-use window; re-use farther apart misses. The search binds
/// every access many times, so it runs only when an array is re-read with
/// data beyond the L2, and once.
class ReuseWindow {
public:
  ReuseWindow(const SiteLaunch &L, const LaunchShape &Order,
              const std::vector<Group> &Groups,
              const std::vector<ArrayTraffic> &Arrays, double L2Bytes)
      : L(L), Order(Order), Groups(Groups), Arrays(Arrays), L2Bytes(L2Bytes),
        LaunchBlocks(double(Order.blocks())) {}

  /// The window's blocks.
  int64_t blocks() {
    if (Blocks)
      return Blocks;
    int64_t Lo = 1, Hi = int64_t(LaunchBlocks);
    while (Lo < Hi) {
      int64_t Mid = Lo + (Hi - Lo + 1) / 2;
      if (dataOf(Mid) <= L2Bytes)
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    Data = dataOf(Lo);
    return Blocks = Lo;
  }
  /// What the window's blocks touch, once blocks() has searched.
  double data() const { return Data; }

private:
  /// The sectors the first K blocks touch; an array the model cannot
  /// bound counts as a whole L2.
  double dataOf(int64_t K) const {
    double Set = 0;
    for (size_t I = 0; I < Arrays.size(); ++I)
      if (!Arrays[I].Shared) {
        auto F = windowFootprint(
            Groups[I], L.Values, L.Shape, consecutiveBlocks(K, Order),
            {AccessKind::Load, AccessKind::Store, AccessKind::Atomic});
        Set += F ? *F : L2Bytes;
      }
    return Set;
  }

  const SiteLaunch &L;
  const LaunchShape &Order;
  const std::vector<Group> &Groups;
  const std::vector<ArrayTraffic> &Arrays;
  const double L2Bytes, LaunchBlocks;
  int64_t Blocks = 0;
  double Data = 0;
};

/// L1: what each block may keep there, after the shared memory of the
/// blocks resident beside it (its static arrays, each once, and the
/// launch's dynamic shared memory).
std::optional<L1Capacity> blockL1(const SiteLaunch &L,
                                  double DynamicSharedBytes) {
  std::map<std::string, double> SharedArrays;
  for (const AccessSite &S : L.Model.Accesses)
    if (S.Shared)
      SharedArrays[S.Array] = double(S.ArrayBytes);
  double SharedPerBlock = DynamicSharedBytes;
  for (const auto &[Name, Bytes] : SharedArrays)
    SharedPerBlock += Bytes;
  return l1Capacity(L.Gpu, L.Shape, SharedPerBlock);
}

/// What each global array's L2 and DRAM traffic is decided from, beside
/// the array itself.
struct ArrayLevels {
  const SiteLaunch &L;
  const std::vector<Group> &Groups; ///< in M.Arrays order
  CacheState State;
  const L2Fit &Fit;
  const std::optional<L1Capacity> &L1; ///< one block's share
  ReuseWindow &Window;
  const LaunchShape &Order; ///< blocksInOrder
  double Blocks;            ///< Order's
};

/// Why the arrays move what they do, gathered array by array and said in
/// the estimate's assumptions.
struct LevelReasons {
  std::vector<Note> Dram; ///< each array's DRAM reads
  std::vector<Note> L1;   ///< loads whose re-reads miss L1
};

/// Sectors the launch leaves partly written are read from DRAM to be
/// merged when L2 evicts them (measured on the H200: 31 of 32 bytes per
/// sector); an array the launch also reads has them in L2 already, and
/// data that fits in L2 is evicted after the launch. Written: the array's
/// written sectors.
double mergeReads(const SiteLaunch &L, const Group &G, const ArrayTraffic &T,
                  const std::optional<FootprintResult> &Stores, bool Fits,
                  double Written) {
  double MergeReads = 0;
  if (Stores && !Fits && T.LoadSectorBytes <= 0)
    if (auto StoreBytes =
            footprintFor(G, L.Values, L.Shape, {},
                         {AccessKind::Store, AccessKind::Atomic})) {
      int64_t Element = SectorBytes;
      for (const AccessSite *S : G.Sites)
        if (S->Kind != AccessKind::Load)
          Element = std::min<int64_t>(Element, S->Bytes);
      // A partly written sector lacks at most 32 - Element bytes: at
      // least this many such sectors.
      if (Element < SectorBytes && StoreBytes->Bytes < Written)
        MergeReads =
            std::min(Written, SectorBytes * (Written - StoreBytes->Bytes) /
                                  double(SectorBytes - Element));
    }
  return MergeReads;
}

/// What the misses of G's loads bring from DRAM: whole fetch units (a
/// sector pair on Hopper), so a read that takes one sector of each pair
/// costs both. LoadFoot: the loads' sectors.
double loadFetch(const SiteLaunch &L, const Group &G,
                 const std::optional<FootprintResult> &Loads, double LoadFoot,
                 int64_t Fetch) {
  double LoadFetch = LoadFoot;
  if (Fetch > SectorBytes && Loads)
    if (auto F =
            footprintFor(G, L.Values, L.Shape, {}, {AccessKind::Load}, Fetch))
      LoadFetch = std::max(LoadFoot, F->Bytes);
  // Loads through data (`x[idx[i]]`, a pointer chase) each take their
  // own sector, hence their own fetch unit: a random gather on the H200
  // moved 53.6 bytes from DRAM per 4-byte lane (ladders7's gather_by_index
  // over a 67 MB table, some of it hit in the 50 MB L2), not 32.
  if (Fetch > SectorBytes && !Loads && gathersOnly(G))
    LoadFetch = LoadFoot * double(Fetch) / SectorBytes;
  return LoadFetch;
}

/// The bytes of T's loads that go to L2 again because a loop carries
/// their re-read over more data than the block's share of L1 holds
/// (L1Reuse.h); each such load is said in L1Reasons.
double l1Spilled(const SiteLaunch &L, const ArrayTraffic &T,
                 const std::vector<SiteTraffic> &Sites, const L1Capacity &L1,
                 std::vector<Note> &L1Reasons) {
  double Spilled = 0;
  for (const SiteTraffic &ST : Sites) {
    if (ST.Shared || ST.Array != T.Name || ST.Kind != AccessKind::Load)
      continue;
    auto Spill = l1Spill(L.Model.Accesses[ST.Site], L.Model.Accesses, L.Values,
                         L.Shape, L1);
    if (!Spill || Spill->MissShare <= 0)
      continue;
    Spilled += Spill->MissShare * ST.MovedBytes;
    L1Reasons.push_back(
        note(NoteId::LoadMissesL1, {{"array", T.Name},
                                    {"line", double(ST.Loc.Line)},
                                    {"loop", Spill->Loop},
                                    {"working_set", Spill->WorkingSetBytes},
                                    {"miss_share", Spill->MissShare}}));
  }
  return Spilled;
}

/// L2: a block's re-reads of its own data hit L1, so each block fetches
/// its footprint once; but a re-read that a loop carries over more data
/// than the block's share of L1 holds goes to L2 again.
double l2Loads(const ArrayLevels &C, const Group &G, const ArrayTraffic &T,
               const std::vector<SiteTraffic> &Sites, double LoadFoot,
               std::vector<Note> &L1Reasons) {
  double L2Loads = T.LoadSectorBytes;
  if (T.LoadSectorBytes > 0) {
    double Spilled = C.L1 ? l1Spilled(C.L, T, Sites, *C.L1, L1Reasons) : 0;
    BlockWindow One;
    One.Count = {1, 1, 1};
    auto BlockFoot = footprintFor(G, C.L.Values, C.L.Shape, One,
                                  {AccessKind::Load}, InSectors);
    if (BlockFoot)
      L2Loads = std::min(
          L2Loads, std::max(LoadFoot, C.Blocks * BlockFoot->Bytes) + Spilled);
  }
  return L2Loads;
}

/// slidingReads over the blocks in their order. The steps of a block-stride
/// loop run all their tiles at once: when a step's data exceeds the L2 (the
/// window is shorter than a step), a tile re-reads in L2 only what its own
/// step brought, so each step reads as the first step does.
std::optional<double> orderedReads(const ArrayLevels &C, const Group &G) {
  const LaunchShape &Shape = C.L.Shape;
  const int64_t Step = Shape.blocks(), Window = C.Window.blocks();
  const bool OneDim = C.Order.Grid[1] == 1 && C.Order.Grid[2] == 1;
  if (C.Order.blocks() <= Step || Window >= Step || !OneDim)
    return slidingReads(G, C.L.Values, Shape, C.Order, Window);
  LaunchShape First = C.Order;
  First.Grid[0] = Step;
  auto Reads = slidingReads(G, C.L.Values, Shape, First, Window);
  if (!Reads)
    return std::nullopt;
  return *Reads * double(C.Order.blocks()) / double(Step);
}

/// The L2 rule for an array's DRAM reads: with the launch's data in L2,
/// none when warm and its fetch units once when cold; beyond the L2, a
/// stream reads each sector once and a re-read misses what lies farther
/// apart than the re-use window. Why: the rule applied, for the
/// assumptions (its "array" and "read" are the caller's to add); unset when
/// the array has no loads.
double dramReads(const ArrayLevels &C, const Group &G, const ArrayTraffic &T,
                 double LoadFoot, double LoadFetch, std::optional<Note> &Why) {
  if (T.LoadSectorBytes <= 0)
    return 0;
  if (C.Fit.Fits && C.State == CacheState::Warm) {
    Why = note(NoteId::ArrayInL2FromBefore);
    return 0;
  }
  if (C.Fit.Fits) {
    Why = note(NoteId::ArrayReadOnce);
    return LoadFetch;
  }
  if (T.LoadSectorBytes <= StreamingSlack * LoadFoot) {
    Why = note(NoteId::ArrayStreamed);
    return std::max(T.LoadSectorBytes, LoadFetch);
  }
  std::optional<double> Sliding = orderedReads(C, G);
  Why = note(NoteId::ArrayRereadBeyondL2,
             {{"window_blocks", double(C.Window.blocks())},
              {"window_bytes", C.Window.data()}});
  return std::min(T.LoadSectorBytes,
                  std::max(LoadFoot, Sliding.value_or(T.LoadSectorBytes)));
}

/// Global array I's L2 traffic and DRAM reads and writes, into its entry
/// of M.Arrays and M's totals.
void priceArrayLevels(const ArrayLevels &C, size_t I, MemoryEstimate &M,
                      LevelReasons &Reasons) {
  ArrayTraffic &T = M.Arrays[I];
  const Group &G = C.Groups[I];
  M.GlobalSectorBytes += T.LoadSectorBytes + T.StoreSectorBytes;
  // Zero-copy host memory: every sector a request moves crosses the host
  // link; none of it is DRAM's.
  if (C.L.Allocated.HostMemory.count(T.Name)) {
    T.HostLinkReadBytes = T.LoadSectorBytes + T.AtomicBytes;
    T.HostLinkWriteBytes = T.StoreSectorBytes + T.AtomicBytes;
    M.HostLinkReadBytes += T.HostLinkReadBytes;
    M.HostLinkWriteBytes += T.HostLinkWriteBytes;
    Reasons.Dram.push_back(
        note(NoteId::ArrayInHostMemory, {{"array", T.Name},
                                         {"read", T.HostLinkReadBytes},
                                         {"written", T.HostLinkWriteBytes}}));
    M.L2Bytes += T.LoadSectorBytes + T.StoreSectorBytes + T.AtomicBytes;
    return;
  }
  const std::optional<FootprintResult> &Loads = C.Fit.LoadSectors[I];
  const std::optional<FootprintResult> &Stores = C.Fit.StoreSectors[I];
  double Written = Stores ? Stores->Bytes : T.StoreSectorBytes;
  // Writes without a footprint (a scatter) still merge in L2 into at most
  // the buffer's sectors while the data stays there.
  if (!Stores && T.AllocatedBytes && C.Fit.Fits)
    Written = std::min(Written, wholeUnits(*T.AllocatedBytes, SectorBytes));
  double MergeReads = mergeReads(C.L, G, T, Stores, C.Fit.Fits, Written);
  double LoadFoot = Loads ? Loads->Bytes : T.LoadSectorBytes;
  double LoadFetch = loadFetch(C.L, G, Loads, LoadFoot, C.Fit.Fetch);
  // Misses never bring more than the buffer, each fetch unit once, while
  // the data stays in L2.
  std::optional<double> Buffer;
  if (T.AllocatedBytes && C.Fit.Fits) {
    Buffer = wholeUnits(*T.AllocatedBytes, double(C.Fit.Fetch));
    LoadFoot = std::min(LoadFoot, wholeUnits(*T.AllocatedBytes, SectorBytes));
    LoadFetch = std::min(LoadFetch, *Buffer);
  }
  double L2Loads = l2Loads(C, G, T, M.Sites, LoadFoot, Reasons.L1);
  std::optional<Note> Why;
  double Read = dramReads(C, G, T, LoadFoot, LoadFetch, Why);
  // Every fetch from DRAM is an L2 miss of a request that reached L2:
  // never more than the L2 loads, each brought in as a whole fetch unit.
  Read = std::min(Read, L2Loads * double(C.Fit.Fetch) / SectorBytes);
  if (MergeReads > 0) {
    Read += MergeReads;
    Reasons.Dram.push_back(
        note(NoteId::ArrayMergeReads,
             {{"array", T.Name}, {"merge_bytes", MergeReads}}));
  }
  Read = std::max(0.0, Read);
  T.DramBytes = Read + Written;
  T.DramReadBytes = Read;
  T.DramWriteBytes = Written;
  M.DramReadBytes += Read;
  M.DramWriteBytes += Written;
  if (Why) {
    Why->Data["array"] = T.Name;
    Why->Data["read"] = Read;
    if (Buffer && Read >= *Buffer)
      Why->Data["buffer"] = *T.AllocatedBytes;
    Reasons.Dram.push_back(std::move(*Why));
  }
  M.L2Bytes += L2Loads + T.StoreSectorBytes + T.AtomicBytes;
}

/// The launch's totals once every array is priced: L1 serves the global
/// requests' lines and the shared wavefronts, each site gets its array's
/// share of DRAM, and the DRAM bytes that are not the arrays' own (the
/// launch's code, the writes still dirty in L2 at the end) are set apart.
void finishLevels(MemoryEstimate &M, const GpuSpec &Gpu, CacheState State,
                  const L2Fit &Fit) {
  M.GlobalWavefrontBytes += M.GlobalSectorBytes;
  M.L1Bytes = M.GlobalWavefrontBytes + M.SharedWavefrontBytes;
  shareDramOverSites(M);
  // With caches flushed a launch first reads its own code and constants
  // (an empty kernel reads 2.5 KB on an H100): small launches are mostly
  // this, large ones never notice it. Warm, the code is still in L2.
  if (Gpu.LaunchDramBytes && State == CacheState::Cold)
    M.LaunchDramBytes =
        Gpu.LaunchDramBytes->Value +
        std::max(0.0, M.Compiled.CodeBytes - EmptyKernelCodeBytes);
  // L2 is write-back: what was written last is still in L2 at the end.
  M.DeferredWriteBytes = deferredWriteBytes(M.DramWriteBytes, Fit.Fits, Fit.L2);
  M.DramBytes = M.DramReadBytes + M.DramWriteBytes;
}

/// The DRAM assumption: the footprint against the L2, the fetch unit, the
/// launch's own reads, the deferred writes, and why each array reads what
/// it does (Reasons).
Note dramAssumption(const MemoryEstimate &M, const GpuSpec &Gpu,
                    const L2Fit &Fit, std::vector<Note> Reasons) {
  return note(NoteId::MemoryDram,
              {{"footprint", Fit.Footprint},
               {"sector_footprint", Fit.SectorFootprint},
               {"l2", Fit.L2},
               {"fits", double(Fit.Fits)},
               {"fetch", double(Fit.Fetch)},
               {"gpu", Gpu.Name},
               {"launch_dram", M.LaunchDramBytes},
               {"code", M.Compiled.CodeBytes},
               {"deferred_writes", M.DeferredWriteBytes}},
              std::move(Reasons));
}

/// The sector and L2 assumptions, and the L1 one when a load's re-reads
/// miss L1 (L1Reasons): the block's share of L1 they were judged against.
void addCacheAssumptions(MemoryEstimate &M, const GpuSpec &Gpu,
                         const std::optional<L1Capacity> &L1,
                         std::vector<Note> L1Reasons) {
  M.Assumptions.push_back(
      note(NoteId::MemorySectors,
           {{"gpu", Gpu.Name}, {"l1_known", double(bool(L1))}}));
  if (!L1 || L1Reasons.empty())
    return;
  M.Assumptions.push_back(
      note(NoteId::MemoryL1Share,
           {{"l1_shared", L1->L1SharedBytes},
            {"gpu", Gpu.Name},
            {"carveout_from_table", double(L1->CarveoutFromTable)},
            {"carveout", L1->CarveoutBytes},
            {"shared_per_block", L1->SharedBytesPerBlock},
            {"resident_blocks", double(L1->ResidentBlocks)},
            {"per_block", L1->BytesPerBlock}},
           std::move(L1Reasons)));
}

/// The assumptions that hold only for some launches: scattered stores'
/// L2 time, accesses priced without an address (Caveats), and a warm
/// cache that the data does not fit.
void addCaveatAssumptions(MemoryEstimate &M, const GpuSpec &Gpu,
                          CacheState State, const L2Fit &Fit,
                          const SiteCaveats &Caveats) {
  if (M.ScatteredStores.Requests > 0)
    M.Assumptions.push_back(
        note(NoteId::ScatteredStoresL2,
             {{"requests", M.ScatteredStores.Requests},
              {"per_sector", Gpu.ScatteredStore->PerSector.Value},
              {"per_line", Gpu.ScatteredStore->PerLine.Value},
              {"gpu", Gpu.Name},
              {"source", Gpu.ScatteredStore->PerSector.Source}}));
  if (Caveats.Fallback)
    M.Assumptions.push_back(note(NoteId::UnboundAddresses));
  if (Caveats.Shifted)
    M.Assumptions.push_back(note(NoteId::ShiftedByBlockData));
  if (Caveats.Cursor)
    M.Assumptions.push_back(note(NoteId::AtomicCursorSlots));
  if (Caveats.Swizzled)
    M.Assumptions.push_back(note(NoteId::BlockSwizzleShift));
  if (Caveats.Gathered)
    M.Assumptions.push_back(
        note(NoteId::GatheredAccesses,
             {{"fetch", Fit.Fetch > SectorBytes ? double(Fit.Fetch) : 0.0}}));
  if (State == CacheState::Warm && !Fit.Fits && M.DramReadBytes > 0)
    M.Assumptions.push_back(note(NoteId::WarmDataEvicted));
}

/// A byte count below zero means an access range the model took as
/// non-empty is empty for these values: the estimate does not hold, and
/// the launch falls back to the bytes its accesses request.
bool hasNegativeBytes(const MemoryEstimate &M) {
  for (double Bytes : {M.FootprintBytes, M.GlobalSectorBytes, M.DramBytes,
                       M.DramReadBytes, M.DramWriteBytes, M.L2Bytes,
                       M.L1Bytes})
    if (Bytes < 0)
      return true;
  return false;
}

} // namespace

double deferredWriteBytes(double WriteBytes, bool FootprintFits,
                          double L2Bytes) {
  return FootprintFits
             ? WriteBytes
             : std::min(WriteBytes, std::floor(RetainedDirtyShare * L2Bytes));
}

int64_t maxThreadsPerSm(const GpuSpec &Gpu) {
  unsigned CC = Gpu.ComputeMajor * 10 + Gpu.ComputeMinor;
  if (CC == 75)
    return 1024;
  if (CC == 86 || CC == 87 || CC == 89 || CC >= 120)
    return 1536;
  return 2048;
}

MemoryEstimate estimateMemory(const KernelModel &Model, const Bindings &Values,
                              const GpuSpec &Gpu, CacheState State,
                              double DynamicSharedBytes,
                              const CompiledKernel &Compiled,
                              const ArrayAllocations &Allocated) {
  return estimateMemory(Model, Values, Gpu, std::nullopt, State,
                        DynamicSharedBytes, Compiled, Allocated);
}

/// A kernel whose source moves no byte (no loads, stores, atomics or
/// texture fetches in any thread) and hides none in code the walker could
/// not read: its traffic is the launch's own reads. Bytes counted without
/// access sites stay unestimated.
static bool movesNoMemory(const KernelModel &Model) {
  for (const Finding &F : Model.Findings)
    if (F.Id == "rl-opaque-call" || F.Id == "rl-inline-asm" ||
        F.Id == "rl-unsupported" || F.Id == "rl-recursion")
      return false;
  const CostVector &C = Model.PerThread.High;
  for (const Expr *E :
       {&C.GlobalLoadBytes, &C.GlobalStoreBytes, &C.SharedLoadBytes,
        &C.SharedStoreBytes, &C.AtomicBytes, &C.TextureFetches})
    if (!E->isZero())
      return false;
  return true;
}

MemoryEstimate estimateMemory(const KernelModel &Model, const Bindings &Values,
                              const GpuSpec &Gpu,
                              std::optional<size_t> IdealSite, CacheState State,
                              double DynamicSharedBytes,
                              const CompiledKernel &Compiled,
                              const ArrayAllocations &Allocated) {
  MemoryEstimate M;
  M.State = State;
  M.DynamicSharedBytes = DynamicSharedBytes;
  M.Compiled = Compiled;
  M.Allocated = Allocated;
  auto Shape = launchShape(Values);
  if (!Shape || (Model.Accesses.empty() && !movesNoMemory(Model)))
    return M;
  M.Available = true;

  // What each access moves through L1 and to L2 (MemoryModelSites.h).
  const SiteLaunch L{Model, Values, Gpu, *Shape, IdealSite, Allocated};
  const std::vector<Group> Groups = groupByArray(Model);
  const std::vector<CompiledWidth> Widths =
      sharedSiteWidths(L, Compiled.SharedWidths);
  SiteCaveats Caveats;
  for (const Group &G : Groups) {
    ArrayTraffic T;
    T.Name = G.Name;
    T.Shared = G.Shared;
    if (!priceArraySites(L, G.Sites, Widths, T, M, Caveats))
      return MemoryEstimate();
    if (!G.Shared) {
      setFootprint(L, G, T);
      boundByAllocation(L, T);
    }
    M.Arrays.push_back(T);
  }

  // DRAM and L2 for the global arrays.
  const L2Fit Fit = l2Fit(L, Groups, M.Arrays);
  // Zero-copy host memory takes L2 but is no DRAM's compulsory traffic.
  M.FootprintBytes = Fit.Footprint;
  M.SectorFootprintBytes = Fit.SectorFootprint;
  for (const ArrayTraffic &T : M.Arrays)
    if (!T.Shared && Allocated.HostMemory.count(T.Name))
      M.FootprintBytes -=
          T.FootprintBytes.value_or(T.LoadSectorBytes + T.StoreSectorBytes);
  const LaunchShape Order = blocksInOrder(Model, Values, *Shape);
  ReuseWindow Window(L, Order, Groups, M.Arrays, Fit.L2);
  const std::optional<L1Capacity> L1 = blockL1(L, DynamicSharedBytes);
  const ArrayLevels Levels{L,  Groups, State, Fit,
                           L1, Window, Order, double(Order.blocks())};
  LevelReasons Reasons;
  for (size_t I = 0; I < M.Arrays.size(); ++I)
    if (!M.Arrays[I].Shared)
      priceArrayLevels(Levels, I, M, Reasons);
  finishLevels(M, Gpu, State, Fit);

  M.Assumptions.push_back(dramAssumption(M, Gpu, Fit, std::move(Reasons.Dram)));
  addCacheAssumptions(M, Gpu, L1, std::move(Reasons.L1));
  addCaveatAssumptions(M, Gpu, State, Fit, Caveats);
  if (hasNegativeBytes(M))
    M.Available = false;
  return M;
}

} // namespace rla
