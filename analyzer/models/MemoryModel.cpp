//===- MemoryModel.cpp ----------------------------------------------------===//
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/AffineAccess.h"
#include "analyzer/models/AtomicTime.h"
#include "analyzer/models/ByteText.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/L1Reuse.h"
#include "analyzer/models/WarpAddresses.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace rla {
namespace {

/// Updates per address above which atomics are reported as contended.
constexpr double ContendedUpdates = 64;
/// ... when the launch issues at least this many in all.
constexpr double ContendedTotal = 65536;
/// Share of the L2 that still holds dirty lines when a kernel that streams
/// more data than L2 ends. On an H200, 12 to 20 MB of the 60 MiB remained
/// after the streaming kernels of docs/accuracy/foundation.md.
constexpr double RetainedDirtyShare = 0.3;
/// A read whose sectors exceed its footprint by less than this is streamed.
constexpr double StreamingSlack = 1.1;

std::string fixed(double V, int Digits = 1) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

SourceLoc locOf(const AccessSite &S) {
  SourceLoc L;
  L.File = S.File;
  L.Line = S.Line;
  L.Column = S.Column;
  return L;
}

/// Sector bytes of Runs executions of a global access whose address depends
/// on data: every lane its own sectors, unless the subscript reaches fewer
/// elements than a warp has lanes (a bin of a small table), whose sectors
/// a request then covers at most.
double scatteredSectorBytes(const AccessSite &S, double Runs) {
  double PerLane = std::ceil(double(S.Bytes) / SectorBytes) * SectorBytes;
  if (S.MaxDistinct) {
    double Table =
        std::ceil(double(S.MaxDistinct) * S.Bytes / SectorBytes) * SectorBytes;
    return Runs / 32 * std::min(32 * PerLane, Table);
  }
  return Runs * PerLane;
}

/// The edit `[32]` -> `[33]` of the shared array's innermost extent, when
/// the access with one element more per row is free of bank conflicts
/// under this launch; nothing when padding would not remove the conflict
/// (a stride padding cannot break, or an address the model cannot follow).
std::vector<FixIt> paddingFix(const AccessSite &S, const Bindings &Values,
                              const LaunchShape &Shape) {
  if (!S.Padding)
    return {};
  AccessSite Padded = S;
  Padded.ByteOffset = S.Padding->ByteOffset;
  Padded.ArrayBytes = S.Padding->ArrayBytes;
  Padded.Padding.reset();
  AffineAccess A = bindAccess(Padded, Values, Shape);
  if (!A.Affine)
    return {};
  WarpCost C = warpCost(A, Shape);
  if (C.Wavefronts >= 2 * C.IdealWavefronts)
    return {};
  FixIt F;
  F.Loc = SourceLoc{S.Padding->File, S.Padding->Line, S.Padding->Column};
  F.Length = S.Padding->Length;
  F.Original = S.Padding->Written;
  F.Replacement = std::to_string(S.Padding->Extent + 1);
  return {F};
}

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
/// each lane's own sector, as scatteredSectorBytes counts it.
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

/// A store request on more lines than this costs the L2 per sector and per
/// line (scripts/device/scatter_rates.sh: 4 lines ran at DRAM speed, 8 did
/// not).
constexpr double ScatteredStoreMinLines = 4;

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
                                   const LaunchShape &Shape, int64_t Window) {
  const int64_t X = Shape.Grid[0], Y = Shape.Grid[1], Z = Shape.Grid[2];
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

/// Each global array's DRAM reads go to its load sites, its writes to its
/// store and atomic sites, in proportion to the bytes each site moves.
/// A shared site's wavefronts over the launch, in bytes (128 a wavefront),
/// with the part the compiler merged into wider accesses priced at their
/// width; Request: the per-request cost of the larger part.
struct SharedCost {
  double Moved = 0, Ideal = 0;
  WarpCost Request;
};

SharedCost sharedCost(const AffineAccess &A, const LaunchShape &Shape,
                      double Runs, CompiledWidth Width) {
  SharedCost Out;
  auto add = [&](unsigned VectorBytes, double Share) {
    if (Share <= 0)
      return;
    WarpCost C = warpCost(A, Shape, VectorBytes);
    double Elements = VectorBytes ? double(VectorBytes) / A.Site->Bytes : 1;
    double Requests = C.Lanes > 0 ? Runs * Share / Elements / C.Lanes : 0;
    Out.Moved += Requests * C.Wavefronts * LineBytes;
    Out.Ideal += Requests * C.IdealWavefronts * LineBytes;
    if (Share >= 0.5)
      Out.Request = C;
  };
  add(0, 1 - Width.Share);
  add(Width.Width, Width.Share);
  return Out;
}

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

} // namespace

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
                              const SharedWidthsByLine &CompiledWidths) {
  return estimateMemory(Model, Values, Gpu, std::nullopt, State,
                        DynamicSharedBytes, CompiledWidths);
}

MemoryEstimate estimateMemory(const KernelModel &Model, const Bindings &Values,
                              const GpuSpec &Gpu,
                              std::optional<size_t> IdealSite, CacheState State,
                              double DynamicSharedBytes,
                              const SharedWidthsByLine &CompiledWidths) {
  MemoryEstimate M;
  M.State = State;
  M.DynamicSharedBytes = DynamicSharedBytes;
  M.CompiledWidths = CompiledWidths;
  auto Shape = launchShape(Values);
  if (!Shape || Model.Accesses.empty())
    return M;
  M.Available = true;

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

  const double Blocks = double(Shape->blocks());
  const double Clock = Gpu.BoostClockHz ? Gpu.BoostClockHz->Value : 0;
  bool Fallback = false, Gathered = false;
  // How the compiled code accesses each shared site (its line's other
  // sites decide who got the vector instructions).
  std::vector<CompiledWidth> Widths(Model.Accesses.size());
  if (!CompiledWidths.empty()) {
    std::vector<AffineAccess> SharedSites;
    for (const AccessSite &S : Model.Accesses)
      if (S.Shared)
        SharedSites.push_back(bindAccess(S, Values, *Shape));
    for (const AffineAccess &A : SharedSites)
      Widths[size_t(A.Site - Model.Accesses.data())] =
          compiledSharedWidth(CompiledWidths, A, SharedSites);
  }

  for (const Group &G : Groups) {
    ArrayTraffic T;
    T.Name = G.Name;
    T.Shared = G.Shared;
    std::vector<AffineAccess> Bound;
    for (const AccessSite *S : G.Sites) {
      Bound.push_back(bindAccess(*S, Values, *Shape));
      // An access count that overflowed is not 0 bytes: without it there
      // is no estimate (the binder then reports the overflow).
      if (Bound.back().ExecutionsFailed)
        return MemoryEstimate();
    }
    for (const AffineAccess &A : Bound) {
      const AccessSite &S = *A.Site;
      double Runs = A.Executions.value_or(0);
      double Requested = Runs * S.Bytes;
      const size_t Index = size_t(&S - Model.Accesses.data());
      M.Sites.push_back({Index, S.Array, S.Shared, S.Kind, locOf(S), Requested,
                         0, 0, 0, false});
      SiteTraffic &Site = M.Sites.back();
      const bool Ideal = IdealSite && *IdealSite == Index;
      (S.Kind == AccessKind::Load    ? T.ReadBytes
       : S.Kind == AccessKind::Store ? T.WriteBytes
                                     : T.AtomicBytes) += Requested;
      if (S.TileLineBytes) {
        // A warp's fragment moves whole lines: a line of fewer than 32
        // bytes still costs its sector; shared tiles are taken as free of
        // bank conflicts (what the fragment layouts are designed for).
        double Lines = double(S.TileLineBytes);
        double PerLine = std::ceil(Lines / SectorBytes) * SectorBytes;
        Site.MovedBytes = Site.IdealBytes =
            S.Shared ? Requested : Requested * PerLine / Lines;
        Site.L1Bytes = Site.MovedBytes;
        if (S.Shared)
          M.SharedWavefrontBytes += Requested;
        else
          (S.Kind == AccessKind::Load ? T.LoadSectorBytes
                                      : T.StoreSectorBytes) +=
              Requested * PerLine / Lines;
        continue;
      }
      if (!A.Affine && A.Sampled) {
        // Shared lanes sampled one by one: their banks, not an assumption.
        SharedCost C = sharedCost(A, *Shape, Runs, Widths[Index]);
        Site.MovedBytes = C.Moved;
        Site.IdealBytes = C.Ideal;
        Site.L1Bytes = Ideal ? Site.IdealBytes : Site.MovedBytes;
        M.SharedWavefrontBytes += Site.L1Bytes;
        continue;
      }
      if (!A.Affine) {
        if (S.Shared || S.Kind != AccessKind::Atomic)
          Site.MovedBytes = Site.IdealBytes = Requested;
        if (!S.Shared && S.Kind != AccessKind::Atomic) {
          if (!S.ByteOffset) {
            // A gather or scatter through data (`x[idx[i]]`): each lane its
            // own sectors, as scattered indices do.
            Site.MovedBytes = Site.IdealBytes = scatteredSectorBytes(S, Runs);
            Gathered = true;
          } else {
            Fallback = true;
          }
          (S.Kind == AccessKind::Load ? T.LoadSectorBytes
                                      : T.StoreSectorBytes) += Site.MovedBytes;
          Site.L1Bytes = Site.MovedBytes;
        }
        if (S.Shared) {
          M.SharedWavefrontBytes += Requested;
          Site.L1Bytes = Requested;
        }
        continue;
      }
      if (S.Shared) {
        SharedCost C = sharedCost(A, *Shape, Runs, Widths[Index]);
        Site.MovedBytes = C.Moved;
        Site.IdealBytes = C.Ideal;
        Site.L1Bytes = Ideal ? Site.IdealBytes : Site.MovedBytes;
        M.SharedWavefrontBytes += Site.L1Bytes;
        Site.Improvable = C.Moved >= 2 * C.Ideal && Runs > 0;
        if (Site.Improvable)
          M.Findings.push_back(
              dataFinding("rl-bank-conflict", Severity::Warning, locOf(S),
                          {{"access", accessKindName(S.Kind)},
                           {"array", S.Array},
                           {"wavefronts", C.Request.Wavefronts},
                           {"ideal_wavefronts", C.Request.IdealWavefronts},
                           {"lane_stride_bytes", double(A.LaneStride[0])}},
                          paddingFix(S, Values, *Shape)));
        continue;
      }
      if (S.Kind == AccessKind::Atomic)
        continue;
      WarpCost C = warpCost(A, *Shape);
      double Requests = C.Lanes > 0 ? Runs / C.Lanes : 0;
      Site.MovedBytes = Requests * C.Sectors * SectorBytes;
      Site.IdealBytes = Requests * C.IdealSectors * SectorBytes;
      // L1 serves a request a line per cycle: what that costs beyond its
      // sectors (fragments and data-dependent addresses count sectors).
      double Lines =
          Ideal ? std::ceil(C.IdealSectors * SectorBytes / double(LineBytes))
                : C.Lines;
      M.GlobalWavefrontBytes +=
          Requests * (Lines * LineBytes -
                      (Ideal ? C.IdealSectors : C.Sectors) * SectorBytes);
      Site.L1Bytes = Requests * Lines * LineBytes;
      (S.Kind == AccessKind::Load ? T.LoadSectorBytes : T.StoreSectorBytes) +=
          Ideal ? Site.IdealBytes : Site.MovedBytes;
      // A store request spread over more than 4 lines is served by the L2
      // a sector and a line at a time (measured: GpuSpec::ScatteredStore;
      // on 4 lines or fewer it costs its bytes); loads are not, as L1
      // gathers their sectors.
      if (S.Kind == AccessKind::Store && !Ideal && Gpu.ScatteredStore &&
          C.Lines > ScatteredStoreMinLines) {
        M.ScatteredStores.Seconds +=
            Requests * (C.Sectors * Gpu.ScatteredStore->PerSector.Value +
                        C.Lines * Gpu.ScatteredStore->PerLine.Value);
        M.ScatteredStores.SectorBytes += Site.MovedBytes;
        M.ScatteredStores.Requests += Requests;
      }
      Site.Improvable =
          C.Sectors > 2 * C.IdealSectors && C.Sectors > 1 && Runs > 0;
      if (Site.Improvable)
        M.Findings.push_back(
            dataFinding("rl-uncoalesced", Severity::Warning, locOf(S),
                        {{"access", accessKindName(S.Kind)},
                         {"array", S.Array},
                         {"sectors_per_request", C.Sectors},
                         {"requested_bytes", C.UniqueBytes},
                         {"efficiency", C.efficiency()},
                         {"lane_stride_bytes", double(A.LaneStride[0])}}));
    }

    // Atomic contention: updates per distinct address.
    for (const AffineAccess &A : Bound) {
      const AccessSite &S = *A.Site;
      if (S.Kind != AccessKind::Atomic || !A.Executions || *A.Executions <= 0)
        continue;
      std::optional<double> Addresses;
      if (A.Affine) {
        FootprintResult F = footprintOf({&A});
        Addresses = F.Bytes / S.Bytes;
        if (S.Shared)
          *Addresses *= Blocks; // each block has its own copy
      } else if (S.MaxDistinct || (S.Shared && S.ArrayBytes)) {
        // A bin chosen by data: the subscript's range, or the array's size.
        double Most = S.MaxDistinct ? double(S.MaxDistinct) : 0;
        if (S.Shared && S.ArrayBytes)
          Most = Most > 0 ? std::min(Most, double(S.ArrayBytes / S.Bytes))
                          : double(S.ArrayBytes / S.Bytes);
        Addresses = Most * (S.Shared ? Blocks : 1);
      }
      if (!Addresses || *Addresses <= 0)
        continue;
      double PerAddress = *A.Executions / *Addresses;
      bool LaneDistinct = A.Affine && A.LaneStride[0] != 0;
      if (!S.Shared)
        M.GlobalAtomics.push_back(
            {*A.Executions, *Addresses, LaneDistinct, S.FloatAtomic});
      if (PerAddress < ContendedUpdates || *A.Executions < ContendedTotal)
        continue;
      // Global atomics at the GPU's measured rate (AtomicTime.h); shared
      // ones are served in the SM and not timed.
      std::optional<double> SiteTime =
          S.Shared ? std::nullopt
                   : atomicSiteTime(Gpu, *A.Executions, *Addresses,
                                    LaneDistinct, S.FloatAtomic);
      FindingData Data = {{"array", S.Array},
                          {"updates", *A.Executions},
                          {"addresses", *Addresses},
                          {"addresses_exact", double(A.Affine)},
                          {"per_address", PerAddress}};
      // The time: at the GPU's measured rate (in the prediction), else
      // serialized at one update per clock (not in it).
      if (SiteTime) {
        Data["site_seconds"] = *SiteTime;
        Data["gpu"] = Gpu.Name;
        Data["lane_distinct"] = double(LaneDistinct);
      } else if (Clock > 0) {
        Data["serialized_seconds"] = PerAddress / Clock;
      }
      M.Findings.push_back(dataFinding("rl-atomic-contention",
                                       Severity::Warning, locOf(S),
                                       std::move(Data)));
    }

    if (!G.Shared) {
      if (auto F = footprintFor(
              G, Values, *Shape, {},
              {AccessKind::Load, AccessKind::Store, AccessKind::Atomic})) {
        // Hulls bound the distinct bytes; so do the bytes requested.
        T.FootprintBytes =
            std::min(F->Bytes, T.ReadBytes + T.WriteBytes + T.AtomicBytes);
        T.ExtentBytes = double(F->ExtentBytes);
        T.FootprintExact = F->Exact;
        T.FootprintRule = F->Rule;
      }
    }
    M.Arrays.push_back(T);
  }

  // DRAM and L2 for the global arrays.
  double Footprint = 0;
  for (const ArrayTraffic &T : M.Arrays)
    if (!T.Shared)
      Footprint +=
          T.FootprintBytes.value_or(T.LoadSectorBytes + T.StoreSectorBytes);
  M.FootprintBytes = Footprint;
  // What the launch's data takes of L2 is whole sectors: an array written
  // one float in eight fills eight times its bytes.
  std::vector<std::optional<FootprintResult>> LoadSectors(M.Arrays.size()),
      StoreSectors(M.Arrays.size());
  double SectorFootprint = 0;
  for (size_t I = 0; I < M.Arrays.size(); ++I) {
    const ArrayTraffic &T = M.Arrays[I];
    if (T.Shared)
      continue;
    LoadSectors[I] = footprintFor(Groups[I], Values, *Shape, {},
                                  {AccessKind::Load}, InSectors);
    StoreSectors[I] =
        footprintFor(Groups[I], Values, *Shape, {},
                     {AccessKind::Store, AccessKind::Atomic}, InSectors);
    double Own = T.FootprintBytes.value_or(T.LoadSectorBytes +
                                           T.StoreSectorBytes);
    if (LoadSectors[I])
      Own = std::max(Own, LoadSectors[I]->Bytes);
    if (StoreSectors[I])
      Own = std::max(Own, StoreSectors[I]->Bytes);
    SectorFootprint += Own;
  }
  const double L2 = Gpu.L2Bytes ? Gpu.L2Bytes->Value : 0;
  const int64_t Fetch =
      Gpu.DramFetchBytes
          ? std::max<int64_t>(SectorBytes, int64_t(Gpu.DramFetchBytes->Value))
          : SectorBytes;
  const bool Fits = L2 > 0 && SectorFootprint <= L2;
  BlockWindow One;
  One.Count = {1, 1, 1};
  // Blocks start in launch order as others finish: a block's data is still
  // in L2 for a later block only if what the blocks launched between them
  // touch fits in L2. The longest run of consecutive blocks whose data fits
  // is the re-use window; re-use farther apart misses.
  auto windowSet = [&](int64_t K) {
    double Set = 0;
    for (size_t I = 0; I < M.Arrays.size(); ++I)
      if (!M.Arrays[I].Shared) {
        auto F = windowFootprint(
            Groups[I], Values, *Shape, consecutiveBlocks(K, *Shape),
            {AccessKind::Load, AccessKind::Store, AccessKind::Atomic});
        Set += F ? *F : L2;
      }
    return Set;
  };
  // Searched for only when an array is re-read with data beyond the L2.
  int64_t ReuseWindow = 0;
  double WindowData = 0;
  auto reuseWindow = [&] {
    if (ReuseWindow)
      return ReuseWindow;
    int64_t Lo = 1, Hi = int64_t(Blocks);
    while (Lo < Hi) {
      int64_t Mid = Lo + (Hi - Lo + 1) / 2;
      if (windowSet(Mid) <= L2)
        Lo = Mid;
      else
        Hi = Mid - 1;
    }
    WindowData = windowSet(Lo);
    return ReuseWindow = Lo;
  };
  // L1: what each block may keep there, after the shared memory of the
  // blocks resident beside it.
  std::map<std::string, double> SharedArrays;
  for (const AccessSite &S : Model.Accesses)
    if (S.Shared)
      SharedArrays[S.Array] = double(S.ArrayBytes);
  double SharedPerBlock = DynamicSharedBytes;
  for (const auto &[Name, Bytes] : SharedArrays)
    SharedPerBlock += Bytes;
  const std::optional<L1Capacity> L1 = l1Capacity(Gpu, *Shape, SharedPerBlock);
  std::vector<std::string> Reasons, L1Reasons;
  for (size_t I = 0; I < M.Arrays.size(); ++I) {
    ArrayTraffic &T = M.Arrays[I];
    if (T.Shared)
      continue;
    const Group &G = Groups[I];
    M.GlobalSectorBytes += T.LoadSectorBytes + T.StoreSectorBytes;
    const std::optional<FootprintResult> &Loads = LoadSectors[I];
    const std::optional<FootprintResult> &Stores = StoreSectors[I];
    double Written = Stores ? Stores->Bytes : T.StoreSectorBytes;
    // Sectors the launch leaves partly written are read from DRAM to be
    // merged when L2 evicts them (measured on the H200: 31 of 32 bytes per
    // sector); an array the launch also reads has them in L2 already, and
    // data that fits in L2 is evicted after the launch.
    double MergeReads = 0;
    if (Stores && !Fits && T.LoadSectorBytes <= 0)
      if (auto StoreBytes = footprintFor(
              G, Values, *Shape, {}, {AccessKind::Store, AccessKind::Atomic})) {
        int64_t Element = SectorBytes;
        for (const AccessSite *S : G.Sites)
          if (S->Kind != AccessKind::Load)
            Element = std::min<int64_t>(Element, S->Bytes);
        // A partly written sector lacks at most 32 - Element bytes: at
        // least this many such sectors.
        if (Element < SectorBytes && StoreBytes->Bytes < Written)
          MergeReads = std::min(
              Written, SectorBytes * (Written - StoreBytes->Bytes) /
                           double(SectorBytes - Element));
      }
    double LoadFoot = Loads ? Loads->Bytes : T.LoadSectorBytes;
    // What misses bring from DRAM: whole fetch units (a sector pair on
    // Hopper), so a read that takes one sector of each pair costs both.
    double LoadFetch = LoadFoot;
    if (Fetch > SectorBytes && Loads)
      if (auto F =
              footprintFor(G, Values, *Shape, {}, {AccessKind::Load}, Fetch))
        LoadFetch = std::max(LoadFoot, F->Bytes);
    // Loads through data (`x[idx[i]]`, a pointer chase) each take their
    // own sector, hence their own fetch unit: a random gather on the H200
    // moved 53.6 bytes from DRAM per 4-byte lane (ladders7's gather_by_index
    // over a 67 MB table, some of it hit in the 50 MB L2), not 32.
    if (Fetch > SectorBytes && !Loads && gathersOnly(G))
      LoadFetch = LoadFoot * double(Fetch) / SectorBytes;
    // L2: a block's re-reads of its own data hit L1, so each block fetches
    // its footprint once; but a re-read that a loop carries over more data
    // than the block's share of L1 holds (L1Reuse.h) goes to L2 again.
    double L2Loads = T.LoadSectorBytes;
    if (T.LoadSectorBytes > 0) {
      double Spilled = 0;
      if (L1)
        for (const SiteTraffic &ST : M.Sites) {
          if (ST.Shared || ST.Array != T.Name || ST.Kind != AccessKind::Load)
            continue;
          auto Spill = l1Spill(Model.Accesses[ST.Site], Model.Accesses, Values,
                               *Shape, *L1);
          if (!Spill || Spill->MissShare <= 0)
            continue;
          Spilled += Spill->MissShare * ST.MovedBytes;
          L1Reasons.push_back(
              "'" + T.Name + "' at line " + std::to_string(ST.Loc.Line) +
              " is read again each iteration of loop '" + Spill->Loop +
              "', with up to " + bytesText(Spill->WorkingSetBytes) +
              " of one block's data in between: " +
              fixed(100 * Spill->MissShare, 0) +
              "% of its reads miss L1 and go to L2");
        }
      auto BlockFoot =
          footprintFor(G, Values, *Shape, One, {AccessKind::Load}, InSectors);
      if (BlockFoot)
        L2Loads = std::min(
            L2Loads, std::max(LoadFoot, Blocks * BlockFoot->Bytes) + Spilled);
    }
    double Read = 0;
    std::string Why;
    if (T.LoadSectorBytes <= 0) {
      Read = 0;
    } else if (Fits && State == CacheState::Warm) {
      Read = 0;
      Why = "in L2 from the launch before (warm cache; the launch's data "
            "fits in L2)";
    } else if (Fits) {
      Read = LoadFetch;
      Why = "read once (the launch's data fits in L2)";
    } else if (T.LoadSectorBytes <= StreamingSlack * LoadFoot) {
      Read = std::max(T.LoadSectorBytes, LoadFetch);
      Why = "streamed: each sector read once";
    } else {
      std::optional<double> Sliding =
          slidingReads(G, Values, *Shape, reuseWindow());
      Read = std::min(T.LoadSectorBytes,
                      std::max(LoadFoot, Sliding.value_or(T.LoadSectorBytes)));
      Why = "re-read, data exceeds L2: re-use among " +
            fixed(double(ReuseWindow), 0) +
            " consecutive blocks (whose data, " + bytesText(WindowData) +
            ", fits in L2) hits it, farther re-use does not";
    }
    // Every fetch from DRAM is an L2 miss of a request that reached L2:
    // never more than the L2 loads, each brought in as a whole fetch unit.
    Read = std::min(Read, L2Loads * double(Fetch) / SectorBytes);
    if (MergeReads > 0) {
      Read += MergeReads;
      Reasons.push_back("'" + T.Name + "' leaves sectors partly written: " +
                        bytesText(MergeReads) +
                        " read back from DRAM to merge them (at least " +
                        fixed(MergeReads / SectorBytes, 0) +
                        " sectors; the rest of each is not written)");
    }
    Read = std::max(0.0, Read);
    T.DramBytes = Read + Written;
    T.DramReadBytes = Read;
    T.DramWriteBytes = Written;
    M.DramReadBytes += Read;
    M.DramWriteBytes += Written;
    if (!Why.empty())
      Reasons.push_back("'" + T.Name + "' " + Why + ": " + bytesText(Read) +
                        " read");

    M.L2Bytes += L2Loads + T.StoreSectorBytes + T.AtomicBytes;
  }
  M.GlobalWavefrontBytes += M.GlobalSectorBytes;
  M.L1Bytes = M.GlobalWavefrontBytes + M.SharedWavefrontBytes;
  shareDramOverSites(M);
  // With caches flushed a launch first reads its own code and constants
  // (an empty kernel reads 2.5 KB on an H100): small launches are mostly
  // this, large ones never notice it. Warm, the code is still in L2.
  if (Gpu.LaunchDramBytes && State == CacheState::Cold)
    M.LaunchDramBytes = Gpu.LaunchDramBytes->Value;
  // L2 is write-back: what was written last is still in L2 at the end.
  M.DeferredWriteBytes =
      Fits ? M.DramWriteBytes
           : std::min(M.DramWriteBytes, std::floor(RetainedDirtyShare * L2));
  M.DramBytes = M.DramReadBytes + M.DramWriteBytes;

  M.Assumptions.push_back(
      "DRAM bytes: footprint " + bytesText(Footprint) +
      (SectorFootprint > 1.01 * Footprint
           ? " (" + bytesText(SectorFootprint) + " of whole sectors)"
           : std::string()) +
      (L2 > 0 ? (Fits ? " fits in " : " exceeds ") + Gpu.Name + "'s L2 (" +
                    bytesText(L2) + ")"
              : std::string(" (no L2 size for ") + Gpu.Name + ")") +
      (Fetch > SectorBytes
           ? "; an L2 miss brings " + fixed(double(Fetch), 0) +
                 " bytes from DRAM (" + Gpu.Name +
                 "), so a read that takes one sector of each such unit "
                 "moves both"
           : std::string()) +
      (M.LaunchDramBytes > 0
           ? "; the launch also reads " + bytesText(M.LaunchDramBytes) +
                 " of its own code and constants (" + Gpu.Name +
                 "'s launch_dram), which a profiler counts and the "
                 "DRAM bytes leave out"
           : std::string()) +
      "; writes count once (" + bytesText(M.DeferredWriteBytes) +
      " of them stay dirty in L2 when the kernel ends and reach DRAM after "
      "it: " +
      (Fits ? "all of them" : "30% of the L2") + "); " +
      (Reasons.empty() ? std::string("no global reads") : [&] {
        std::string J;
        for (const std::string &R : Reasons)
          J += (J.empty() ? "" : "; ") + R;
        return J;
      }()));
  M.Assumptions.push_back(
      "sectors: arrays start on a 256-byte boundary; every lane of a warp "
      "that passes the thread-index guards is active; L2 bytes: each block "
      "fetches the data it reads once (its re-reads hit L1" +
      std::string(
          L1 ? ""
             : "; " + Gpu.Name +
                   " has no L1 size, so every re-read is taken to hit") +
      "); stores and "
      "atomics reach L2 as issued");
  if (L1 && !L1Reasons.empty()) {
    std::string J;
    for (const std::string &R : L1Reasons)
      J += (J.empty() ? "" : "; ") + R;
    M.Assumptions.push_back(
        "L1: " + bytesText(L1->L1SharedBytes) + " per SM on " + Gpu.Name +
        " less " +
        (L1->CarveoutFromTable
             ? "the shared-memory carveout (" + bytesText(L1->CarveoutBytes) +
                   ": the driver's for as many blocks of " +
                   bytesText(L1->SharedBytesPerBlock) + " as the SM can hold)"
             : "shared memory (" + bytesText(L1->SharedBytesPerBlock) +
                   " per block)") +
        ", shared by " + std::to_string(L1->ResidentBlocks) +
        " resident block" + (L1->ResidentBlocks == 1 ? "" : "s") +
        " (the launch's blocks per SM, within the SM's thread limit; "
        "registers may allow fewer): " +
        bytesText(L1->BytesPerBlock) + " per block; " + J);
  }
  if (M.ScatteredStores.Requests > 0)
    M.Assumptions.push_back(
        "L2: " + fixed(M.ScatteredStores.Requests, 0) +
        " store requests spread over more than 4 lines take " +
        fixed(Gpu.ScatteredStore->PerSector.Value * 1e12, 2) +
        " ps per sector and " +
        fixed(Gpu.ScatteredStore->PerLine.Value * 1e12, 2) +
        " ps per 128-byte line on " + Gpu.Name + " (" +
        Gpu.ScatteredStore->PerSector.Source + ")");
  if (Fallback)
    M.Assumptions.push_back("accesses whose address the model cannot bound "
                            "count their requested bytes as sector traffic");
  if (Gathered)
    M.Assumptions.push_back(
        "accesses whose address depends on data (a gather or scatter through "
        "an index array) are taken as scattered: each lane moves its own "
        "32-byte sectors, each read from DRAM once" +
        (Fetch > SectorBytes
             ? " as a whole " + fixed(double(Fetch), 0) + "-byte fetch unit"
             : std::string()) +
        "; sorted or clustered indices move less");
  if (State == CacheState::Warm && !Fits && M.DramReadBytes > 0)
    M.Assumptions.push_back(
        "warm cache: the data exceeds the L2, so what the launch before left "
        "there is evicted before this launch reads it again; reads are "
        "counted as from a cold cache");
  // A byte count below zero means an access range the model took as
  // non-empty is empty for these values: the estimate does not hold, and
  // the launch falls back to the bytes its accesses request.
  for (double Bytes : {M.FootprintBytes, M.GlobalSectorBytes, M.DramBytes,
                       M.DramReadBytes, M.DramWriteBytes, M.L2Bytes,
                       M.L1Bytes})
    if (Bytes < 0)
      M.Available = false;
  return M;
}

} // namespace rla
