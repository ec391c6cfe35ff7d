//===- L1Reuse.cpp --------------------------------------------------------===//
#include "analyzer/models/L1Reuse.h"
#include "analyzer/models/Footprint.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/WarpAddresses.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rla {
namespace {

/// Samples of a carrying loop's range: enough to follow a working set that
/// grows with the loop variable, few enough to stay cheap.
constexpr int64_t MaxSamples = 16;
/// Blocks one SM holds at most (Volta to Blackwell; Turing has 16).
constexpr int64_t MaxBlocksPerSm = 32;

std::optional<int64_t> evalInt(const Expr &E, const Bindings &Values) {
  EvalResult R = E.evaluate(Values);
  if (!R.ok() || !R.Value->isInteger())
    return std::nullopt;
  return static_cast<int64_t>(R.Value->num());
}

/// The innermost enclosing loop whose variable the address does not depend
/// on, with a loop inside it that the address does depend on.
std::optional<size_t> carryingLoop(const AccessSite &S) {
  if (!S.ByteOffset)
    return std::nullopt;
  for (size_t K = S.Loops.size(); K-- > 0;) {
    if (S.ByteOffset->dependsOn(S.Loops[K].Symbol))
      continue;
    for (size_t J = K + 1; J < S.Loops.size(); ++J)
      if (S.ByteOffset->dependsOn(S.Loops[J].Symbol))
        return K;
  }
  return std::nullopt;
}

bool insideLoop(const AccessSite &S, const std::string &Symbol) {
  return std::any_of(S.Loops.begin(), S.Loops.end(),
                     [&](const LoopIndex &L) { return L.Symbol == Symbol; });
}

/// Distinct sector bytes one block touches in one iteration of the loop
/// Symbol (bound in Values), over the global accesses inside it.
std::optional<double> workingSet(const std::vector<AccessSite> &Accesses,
                                 const std::string &Symbol,
                                 const Bindings &Values,
                                 const LaunchShape &Shape) {
  BlockWindow One;
  One.Count = {1, 1, 1};
  std::map<std::string, std::vector<AffineAccess>> ByArray;
  for (const AccessSite &S : Accesses) {
    if (S.Shared || !insideLoop(S, Symbol))
      continue;
    AffineAccess A = bindAccess(S, Values, Shape, One);
    if (!A.Affine && !A.Hull)
      return std::nullopt;
    ByArray[S.Array].push_back(std::move(A));
  }
  double Bytes = 0;
  for (const auto &[Array, Bound] : ByArray) {
    std::vector<const AffineAccess *> Ptrs;
    for (const AffineAccess &A : Bound)
      Ptrs.push_back(&A);
    Bytes += sectorFootprintOf(Ptrs, SectorBytes).Bytes;
  }
  return Bytes;
}

} // namespace

std::optional<L1Capacity> l1Capacity(const GpuSpec &Gpu,
                                     const LaunchShape &Shape,
                                     double SharedBytesPerBlock) {
  if (!Gpu.L1SharedBytesPerSm || !Gpu.SmCount || Gpu.SmCount->Value <= 0)
    return std::nullopt;
  L1Capacity C;
  C.L1SharedBytes = Gpu.L1SharedBytesPerSm->Value;
  C.SharedBytesPerBlock = SharedBytesPerBlock;
  const int64_t Sms = int64_t(Gpu.SmCount->Value);
  const int64_t Threads = std::max<int64_t>(1, Shape.threadsPerBlock());
  int64_t PerSm = (Shape.blocks() + Sms - 1) / Sms;
  PerSm = std::min({PerSm, std::max<int64_t>(1, maxThreadsPerSm(Gpu) / Threads),
                    MaxBlocksPerSm});
  if (SharedBytesPerBlock > 0)
    PerSm = std::min(PerSm, std::max<int64_t>(1, int64_t(C.L1SharedBytes /
                                                         SharedBytesPerBlock)));
  C.ResidentBlocks = std::max<int64_t>(1, PerSm);
  C.BytesPerBlock = std::max(0.0, C.L1SharedBytes - double(C.ResidentBlocks) *
                                                        SharedBytesPerBlock) /
                    double(C.ResidentBlocks);
  return C;
}

std::optional<L1Spill> l1Spill(const AccessSite &Site,
                               const std::vector<AccessSite> &Accesses,
                               const Bindings &Values, const LaunchShape &Shape,
                               const L1Capacity &Capacity) {
  if (Site.Shared || Site.Kind != AccessKind::Load)
    return std::nullopt;
  std::optional<size_t> K = carryingLoop(Site);
  if (!K)
    return std::nullopt;
  // Loops around the carrying one are held at their middle.
  Bindings Fixed = Values;
  for (size_t J = 0; J < *K; ++J) {
    auto Lo = evalInt(Site.Loops[J].Range.Lo, Fixed);
    auto Hi = evalInt(Site.Loops[J].Range.Hi, Fixed);
    if (!Lo || !Hi || *Hi <= *Lo)
      return std::nullopt;
    Fixed[Site.Loops[J].Symbol] = Rational(*Lo + (*Hi - 1 - *Lo) / 2);
  }
  const LoopIndex &Carrier = Site.Loops[*K];
  auto Lo = evalInt(Carrier.Range.Lo, Fixed);
  auto Hi = evalInt(Carrier.Range.Hi, Fixed);
  if (!Lo || !Hi || *Hi - *Lo < 2)
    return std::nullopt;
  const int64_t Count = *Hi - *Lo;
  const int64_t Samples = std::min(MaxSamples, Count);
  L1Spill Out;
  Out.Loop = Expr::symbol(Carrier.Symbol).str();
  double Weight = 0, Missed = 0;
  for (int64_t M = 0; M < Samples; ++M) {
    Bindings At = Fixed;
    At[Carrier.Symbol] = Rational(*Lo + ((2 * M + 1) * Count) / (2 * Samples));
    auto Set = workingSet(Accesses, Carrier.Symbol, At, Shape);
    if (!Set)
      return std::nullopt;
    // The site's executions in this iteration: the trips of the loops
    // inside the carrier (a trip that depends on the thread counts 1).
    double Runs = 1;
    for (size_t J = *K + 1; J < Site.Loops.size(); ++J) {
      auto L = evalInt(Site.Loops[J].Range.Lo, At);
      auto H = evalInt(Site.Loops[J].Range.Hi, At);
      if (L && H)
        Runs *= double(std::max<int64_t>(0, *H - *L));
    }
    Weight += Runs;
    if (*Set > Capacity.BytesPerBlock)
      Missed += Runs;
    Out.WorkingSetBytes = std::max(Out.WorkingSetBytes, *Set);
  }
  if (Weight <= 0)
    return std::nullopt;
  Out.MissShare = Missed / Weight;
  return Out;
}

} // namespace rla
