//===- MemoryModelSites.cpp -----------------------------------------------===//
#include "analyzer/models/MemoryModelSites.h"
#include "analyzer/models/AffineAccess.h"
#include "analyzer/models/AtomicTime.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/WarpAddresses.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace rla {
namespace {

/// Updates per address above which atomics are reported as contended.
constexpr double ContendedUpdates = 64;
/// ... when the launch issues at least this many in all.
constexpr double ContendedTotal = 65536;
/// A store request on more lines than this costs the L2 per sector and per
/// line (scripts/device/scatter_rates.sh: 4 lines ran at DRAM speed, 8 did
/// not).
constexpr double ScatteredStoreMinLines = 4;

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

/// One access under the launch, as each pricing rule below reads it.
struct SiteRun {
  const AffineAccess &A;
  const AccessSite &S;
  size_t Index;     ///< into KernelModel::Accesses
  double Runs;      ///< executions over the launch
  double Requested; ///< Runs x the access's bytes
  bool Ideal;       ///< priced at its IdealBytes (SiteLaunch::IdealSite)
};

/// The bank conflicts of a shared tile whose lines lie StrideBytes apart:
/// the hardware moves a fragment 16 bytes of a line at a time (ldmatrix's
/// 8x8 rows of 16-bit elements), eight lines to a 128-byte wavefront, so
/// lines whose 16 bytes fall on the same banks take wavefronts of their
/// own. A row of 144 halves (288 bytes, 32 mod 128) puts lines 0 and 4 on
/// the same banks: 2 wavefronts where 1 would do.
double tileBankConflicts(int64_t StrideBytes) {
  if (StrideBytes <= 0)
    return 1;
  constexpr int64_t Piece = 16;
  std::array<int, Banks> Count{};
  for (int64_t Row = 0; Row < LineBytes / Piece; ++Row)
    for (int64_t Byte = 0; Byte < Piece; Byte += BankBytes)
      ++Count[((Row * StrideBytes + Byte) / BankBytes) % Banks];
  return *std::max_element(Count.begin(), Count.end());
}

/// A warp's fragment of a tile moves whole lines, whatever its lanes'
/// addresses: a line of fewer than 32 bytes still costs its sector; a
/// shared tile's lines take the wavefronts their stride gives them
/// (tileBankConflicts).
void priceTileSite(const SiteRun &R, SiteTraffic &Site, ArrayTraffic &T,
                   MemoryEstimate &M) {
  const AccessSite &S = R.S;
  double Lines = double(S.TileLineBytes);
  double PerLine = std::ceil(Lines / SectorBytes) * SectorBytes;
  Site.MovedBytes = Site.IdealBytes =
      S.Shared ? R.Requested : R.Requested * PerLine / Lines;
  if (S.Shared && R.A.Affine && !S.Loops.empty())
    for (const AffineTerm &Term : R.A.Terms)
      if (Term.Var == S.Loops.back().Symbol)
        Site.MovedBytes *= tileBankConflicts(Term.Stride);
  Site.L1Bytes = R.Ideal ? Site.IdealBytes : Site.MovedBytes;
  if (S.Shared)
    M.SharedWavefrontBytes += Site.L1Bytes;
  else
    (S.Kind == AccessKind::Load ? T.LoadSectorBytes : T.StoreSectorBytes) +=
        R.Requested * PerLine / Lines;
}

/// A shared access whose banks the model follows, by its affine address or
/// lane by lane (a sampled one): its wavefronts at the widths the compiled
/// code uses. An affine one that takes at least twice its ideal wavefronts
/// carries rl-bank-conflict, with the padding that removes the conflict
/// where there is one.
void priceBankedSite(const SiteLaunch &L, const SiteRun &R, CompiledWidth Width,
                     SiteTraffic &Site, MemoryEstimate &M) {
  const AccessSite &S = R.S;
  SharedCost C = sharedCost(R.A, L.Shape, R.Runs, Width);
  Site.MovedBytes = C.Moved;
  Site.IdealBytes = C.Ideal;
  Site.L1Bytes = R.Ideal ? Site.IdealBytes : Site.MovedBytes;
  M.SharedWavefrontBytes += Site.L1Bytes;
  if (!R.A.Affine)
    return;
  Site.Improvable = C.Moved >= 2 * C.Ideal && R.Runs > 0;
  if (Site.Improvable)
    M.Findings.push_back(
        dataFinding("rl-bank-conflict", Severity::Warning, locOf(S),
                    {{"access", accessKindName(S.Kind)},
                     {"array", S.Array},
                     {"wavefronts", C.Request.Wavefronts},
                     {"ideal_wavefronts", C.Request.IdealWavefronts},
                     {"lane_stride_bytes", double(R.A.LaneStride[0])}},
                    paddingFix(S, L.Values, L.Shape)));
}

/// An access whose address the model does not have: a shared one is taken
/// as free of bank conflicts; a global load or store moves its requested
/// bytes, or, through data (`x[idx[i]]`), each lane its own sectors; a
/// global atomic reaches L2 as ArrayTraffic::AtomicBytes, not as sectors.
/// The sectors of a global access whose address is its lane pattern
/// (AccessSite::LaneOffset) shifted by a value the block reads from memory:
/// each request moves the pattern's sectors and, the shift being unknown,
/// at most one more; never more than one per lane. None when the pattern
/// is not affine under the launch.
std::optional<double> shiftedSectorBytes(const SiteLaunch &L,
                                         const SiteRun &R) {
  // Block 0 stands for every block: what depends on blockIdx alone
  // (`(blockIdx.x - (blockIdx.x & mask)) * 128`) is part of the shift.
  AccessSite Pattern = R.S;
  std::map<std::string, Expr> BlockZero{{"blockIdx.x", Expr(0)},
                                        {"blockIdx.y", Expr(0)},
                                        {"blockIdx.z", Expr(0)}};
  // A block swizzle's unknowns are the shift; where each moves the address
  // by whole sectors, the shift keeps the pattern's alignment.
  bool Aligned = R.S.BlockShift;
  for (const std::string &Symbol : R.S.LaneOffset->symbols()) {
    if (Symbol.rfind(BlockValuePrefix, 0) != 0)
      continue;
    BlockZero[Symbol] = Expr(0);
    auto Coefficients = R.S.LaneOffset->coefficientsIn(Symbol);
    std::optional<Rational> Step;
    if (Coefficients && Coefficients->size() == 2)
      Step = (*Coefficients)[1].evaluate(L.Values).Value;
    Aligned = Aligned && Step && Step->isInteger() &&
              Step->num() % int64_t(SectorBytes) == 0;
  }
  Pattern.ByteOffset = R.S.LaneOffset->substitute(BlockZero);
  Pattern.LaneOffset.reset();
  AffineAccess P = bindAccess(Pattern, L.Values, L.Shape);
  if (!P.Affine)
    return std::nullopt;
  WarpCost C = warpCost(P, L.Shape);
  if (C.Lanes <= 0)
    return std::nullopt;
  double Requests = R.Runs / C.Lanes;
  return std::min(Requests * (C.Sectors + (Aligned ? 0 : 1)) * SectorBytes,
                  scatteredSectorBytes(R.S, R.Runs));
}

void priceUnboundSite(const SiteLaunch &L, const SiteRun &R, SiteTraffic &Site,
                      ArrayTraffic &T, MemoryEstimate &M,
                      SiteCaveats &Caveats) {
  const AccessSite &S = R.S;
  if (S.Shared || S.Kind != AccessKind::Atomic)
    Site.MovedBytes = Site.IdealBytes = R.Requested;
  if (!S.Shared && S.Kind != AccessKind::Atomic) {
    std::optional<double> Shifted;
    if (!S.ByteOffset && S.LaneOffset)
      Shifted = shiftedSectorBytes(L, R);
    if (Shifted) {
      Site.MovedBytes = Site.IdealBytes = *Shifted;
      (S.AtomicCursor ? Caveats.Cursor
       : S.BlockShift ? Caveats.Swizzled
                      : Caveats.Shifted) = true;
    } else if (!S.ByteOffset) {
      // A gather or scatter through data (`x[idx[i]]`): each lane its
      // own sectors, as scattered indices do.
      Site.MovedBytes = Site.IdealBytes = scatteredSectorBytes(S, R.Runs);
      Caveats.Gathered = true;
    } else {
      Caveats.Fallback = true;
    }
    (S.Kind == AccessKind::Load ? T.LoadSectorBytes : T.StoreSectorBytes) +=
        Site.MovedBytes;
    Site.L1Bytes = Site.MovedBytes;
  }
  if (S.Shared) {
    M.SharedWavefrontBytes += R.Requested;
    Site.L1Bytes = R.Requested;
  }
}

/// A store request spread over more than 4 lines is served by the L2
/// a sector and a line at a time (measured: GpuSpec::ScatteredStore;
/// on 4 lines or fewer it costs its bytes); loads are not, as L1
/// gathers their sectors.
void addScatteredStore(const GpuSpec &Gpu, const WarpCost &C, double Requests,
                       const SiteTraffic &Site, MemoryEstimate &M) {
  if (Gpu.ScatteredStore && C.Lines > ScatteredStoreMinLines) {
    M.ScatteredStores.Seconds +=
        Requests * (C.Sectors * Gpu.ScatteredStore->PerSector.Value +
                    C.Lines * Gpu.ScatteredStore->PerLine.Value);
    M.ScatteredStores.SectorBytes += Site.MovedBytes;
    M.ScatteredStores.Requests += Requests;
  }
}

/// A global load or store with a bound address: the sectors and lines of
/// each warp's request (WarpAddresses.h), which are what L2 and L1 serve;
/// one that takes more than twice its ideal sectors carries rl-uncoalesced.
void priceGlobalSite(const SiteLaunch &L, const SiteRun &R, SiteTraffic &Site,
                     ArrayTraffic &T, MemoryEstimate &M) {
  const AccessSite &S = R.S;
  WarpCost C = warpCost(R.A, L.Shape);
  double Requests = C.Lanes > 0 ? R.Runs / C.Lanes : 0;
  Site.MovedBytes = Requests * C.Sectors * SectorBytes;
  Site.IdealBytes = Requests * C.IdealSectors * SectorBytes;
  // L1 serves a request a line per cycle: what that costs beyond its
  // sectors (fragments and data-dependent addresses count sectors).
  double Lines =
      R.Ideal ? std::ceil(C.IdealSectors * SectorBytes / double(LineBytes))
              : C.Lines;
  M.GlobalWavefrontBytes +=
      Requests * (Lines * LineBytes -
                  (R.Ideal ? C.IdealSectors : C.Sectors) * SectorBytes);
  Site.L1Bytes = Requests * Lines * LineBytes;
  (S.Kind == AccessKind::Load ? T.LoadSectorBytes : T.StoreSectorBytes) +=
      R.Ideal ? Site.IdealBytes : Site.MovedBytes;
  if (S.Kind == AccessKind::Store && !R.Ideal)
    addScatteredStore(L.Gpu, C, Requests, Site, M);
  Site.Improvable =
      C.Sectors > 2 * C.IdealSectors && C.Sectors > 1 && R.Runs > 0;
  if (Site.Improvable)
    M.Findings.push_back(
        dataFinding("rl-uncoalesced", Severity::Warning, locOf(S),
                    {{"access", accessKindName(S.Kind)},
                     {"array", S.Array},
                     {"sectors_per_request", C.Sectors},
                     {"requested_bytes", C.UniqueBytes},
                     {"efficiency", C.efficiency()},
                     {"lane_stride_bytes", double(R.A.LaneStride[0])}}));
}

/// Records what one access requests, then prices what it moves by the rule
/// that fits what the model knows of its address.
void priceSite(const SiteLaunch &L, const AffineAccess &A,
               const std::vector<CompiledWidth> &Widths, ArrayTraffic &T,
               MemoryEstimate &M, SiteCaveats &Caveats) {
  const AccessSite &S = *A.Site;
  const double Runs = A.Executions.value_or(0);
  const size_t Index = size_t(&S - L.Model.Accesses.data());
  const SiteRun R{
      A, S, Index, Runs, Runs * S.Bytes, L.IdealSite && *L.IdealSite == Index};
  M.Sites.push_back({Index, S.Array, S.Shared, S.Kind, locOf(S), R.Requested, 0,
                     0, 0, false});
  SiteTraffic &Site = M.Sites.back();
  (S.Kind == AccessKind::Load    ? T.ReadBytes
   : S.Kind == AccessKind::Store ? T.WriteBytes
                                 : T.AtomicBytes) += R.Requested;
  if (S.TileLineBytes)
    priceTileSite(R, Site, T, M);
  else if (!A.Affine && A.Sampled)
    // Shared lanes sampled one by one: their banks, not an assumption.
    priceBankedSite(L, R, Widths[Index], Site, M);
  else if (!A.Affine)
    priceUnboundSite(L, R, Site, T, M, Caveats);
  else if (S.Shared)
    priceBankedSite(L, R, Widths[Index], Site, M);
  else if (S.Kind != AccessKind::Atomic)
    priceGlobalSite(L, R, Site, T, M);
}

/// The distinct addresses an atomic's updates fall on over the launch: an
/// affine address's footprint in elements; a bin chosen by data, the
/// subscript's range or the array's size; a shared array's once per block.
/// Nothing when none of these is known.
std::optional<double> atomicAddresses(const AffineAccess &A, double Blocks) {
  const AccessSite &S = *A.Site;
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
  return Addresses;
}

/// Atomic contention: updates per distinct address. Every global atomic
/// goes to M.GlobalAtomics, which the GPU's atomic rate prices; one with
/// many updates per address carries rl-atomic-contention and its time.
void priceAtomic(const SiteLaunch &L, const AffineAccess &A, double Blocks,
                 double Clock, MemoryEstimate &M) {
  const AccessSite &S = *A.Site;
  if (S.Kind != AccessKind::Atomic || !A.Executions || *A.Executions <= 0)
    return;
  std::optional<double> Addresses = atomicAddresses(A, Blocks);
  if (!Addresses || *Addresses <= 0)
    return;
  double PerAddress = *A.Executions / *Addresses;
  bool LaneDistinct = A.Affine && A.LaneStride[0] != 0;
  if (!S.Shared)
    M.GlobalAtomics.push_back(
        {*A.Executions, *Addresses, LaneDistinct, S.FloatAtomic});
  if (PerAddress < ContendedUpdates || *A.Executions < ContendedTotal)
    return;
  // Global atomics at the GPU's measured rate (AtomicTime.h); shared
  // ones are served in the SM and not timed.
  std::optional<double> SiteTime =
      S.Shared ? std::nullopt
               : atomicSiteTime(L.Gpu, *A.Executions, *Addresses, LaneDistinct,
                                S.FloatAtomic);
  FindingData Data = {{"array", S.Array},
                      {"updates", *A.Executions},
                      {"addresses", *Addresses},
                      {"addresses_exact", double(A.Affine)},
                      {"per_address", PerAddress}};
  // The time: at the GPU's measured rate (in the prediction), else
  // serialized at one update per clock (not in it).
  if (SiteTime) {
    Data["site_seconds"] = *SiteTime;
    Data["gpu"] = L.Gpu.Name;
    Data["lane_distinct"] = double(LaneDistinct);
  } else if (Clock > 0) {
    Data["serialized_seconds"] = PerAddress / Clock;
  }
  M.Findings.push_back(dataFinding("rl-atomic-contention", Severity::Warning,
                                   locOf(S), std::move(Data)));
}

} // namespace

std::vector<CompiledWidth>
sharedSiteWidths(const SiteLaunch &L,
                 const SharedWidthsByLine &CompiledWidths) {
  std::vector<CompiledWidth> Widths(L.Model.Accesses.size());
  if (CompiledWidths.empty())
    return Widths;
  std::vector<AffineAccess> SharedSites;
  for (const AccessSite &S : L.Model.Accesses)
    if (S.Shared)
      SharedSites.push_back(bindAccess(S, L.Values, L.Shape));
  for (const AffineAccess &A : SharedSites)
    Widths[size_t(A.Site - L.Model.Accesses.data())] =
        compiledSharedWidth(CompiledWidths, A, SharedSites);
  return Widths;
}

bool priceArraySites(const SiteLaunch &L,
                     const std::vector<const AccessSite *> &Sites,
                     const std::vector<CompiledWidth> &Widths, ArrayTraffic &T,
                     MemoryEstimate &M, SiteCaveats &Caveats) {
  std::vector<AffineAccess> Bound;
  for (const AccessSite *S : Sites) {
    Bound.push_back(bindAccess(*S, L.Values, L.Shape));
    // An access count that overflowed is not 0 bytes: without it there
    // is no estimate (the binder then reports the overflow).
    if (Bound.back().ExecutionsFailed)
      return false;
  }
  for (const AffineAccess &A : Bound)
    priceSite(L, A, Widths, T, M, Caveats);
  const double Blocks = double(L.Shape.blocks());
  const double Clock = L.Gpu.BoostClockHz ? L.Gpu.BoostClockHz->Value : 0;
  for (const AffineAccess &A : Bound)
    priceAtomic(L, A, Blocks, Clock, M);
  return true;
}

} // namespace rla
