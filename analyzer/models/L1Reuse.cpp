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

using I128 = __int128;

/// Samples of a carrying loop's range: enough to follow a working set that
/// grows with the loop variable, few enough to stay cheap.
constexpr int64_t MaxSamples = 16;
/// Blocks one SM holds at most (Volta to Blackwell; Turing has 16).
constexpr int64_t MaxBlocksPerSm = 32;

/// The shared-memory carveouts of an SM, KiB (CUDA C++ Programming Guide,
/// the shared memory section of each compute capability); empty when not
/// known.
std::vector<int> carveoutsKiB(const GpuSpec &Gpu) {
  unsigned CC = Gpu.ComputeMajor * 10 + Gpu.ComputeMinor;
  if (CC == 90)
    return {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
  if (CC == 80 || CC == 87)
    return {0, 8, 16, 32, 64, 100, 132, 164};
  if (CC == 86 || CC == 89)
    return {0, 8, 16, 32, 64, 100};
  return {};
}

/// Shared memory the system keeps per block (compute capability 8.0 on).
constexpr double ReservedSharedPerBlock = 1024;

/// The coefficient of Symbol in the address under Values: 0 when it does
/// not appear, nothing when the address is not affine in it.
std::optional<Rational> coefficient(const Expr &Address,
                                    const std::string &Symbol,
                                    const Bindings &Values) {
  auto C = Address.coefficientsIn(Symbol);
  if (!C || C->size() > 2)
    return std::nullopt;
  if (C->size() < 2)
    return Rational(0);
  EvalResult R = (*C)[1].evaluate(Values);
  if (!R.ok())
    return std::nullopt;
  return *R.Value;
}

/// Values with the loops of S before Last held at their middles (each
/// range evaluated with the ones outside it held); nothing when a range
/// does not evaluate.
std::optional<Bindings> holdLoops(const AccessSite &S, size_t Last,
                                  const Bindings &Values) {
  Bindings Held = Values;
  for (size_t J = 0; J < Last; ++J) {
    auto Lo = evalIndex(S.Loops[J].Range.Lo, Held);
    auto Hi = evalIndex(S.Loops[J].Range.Hi, Held);
    if (!Lo || !Hi || *Hi <= *Lo)
      return std::nullopt;
    Held[S.Loops[J].Symbol] = Rational(*Lo + (*Hi - 1 - *Lo) / 2);
  }
  return Held;
}

/// The innermost enclosing loop K whose next iteration reads addresses
/// this one read: the address does not move with it while a loop inside
/// it moves the address (`X[j]` in `for (i) for (j < i)`), or it moves by
/// m steps of an inner loop that takes more than m steps (`X[j]` in
/// `for (i) for (j = i + 1; j < n; ++j)`, where the front end counts j
/// from 0 and the address reads `X[j + i + 1]`). Not when the shift is a
/// whole inner range or more (`U[i * n + j]`: a new row each i).
std::optional<size_t> carryingLoop(const AccessSite &S,
                                   const Bindings &Values) {
  if (!S.ByteOffset)
    return std::nullopt;
  for (size_t K = S.Loops.size(); K-- > 0;) {
    auto Outer = coefficient(*S.ByteOffset, S.Loops[K].Symbol, Values);
    if (!Outer)
      continue;
    auto Held = holdLoops(S, K, Values);
    for (size_t J = K + 1; J < S.Loops.size(); ++J) {
      auto Inner = coefficient(*S.ByteOffset, S.Loops[J].Symbol, Values);
      if (!Inner || Inner->isZero())
        continue;
      if (Outer->isZero())
        return K;
      Rational Steps = *Outer / *Inner;
      if (!Held || !Steps.isInteger())
        continue;
      // The most steps the inner loop takes, at either end of the range.
      const LoopIndex &L = S.Loops[K];
      auto Lo = evalIndex(L.Range.Lo, *Held), Hi = evalIndex(L.Range.Hi, *Held);
      if (!Lo || !Hi || *Hi <= *Lo)
        continue;
      int64_t Most = 0;
      for (int64_t V : {*Lo, *Hi - 1}) {
        Bindings At = *Held;
        At[L.Symbol] = Rational(V);
        for (size_t I = K + 1; I < J; ++I)
          if (auto M = evalIndex(S.Loops[I].Range.Lo, At))
            At[S.Loops[I].Symbol] = Rational(*M);
        auto TLo = evalIndex(S.Loops[J].Range.Lo, At);
        auto THi = evalIndex(S.Loops[J].Range.Hi, At);
        if (TLo && THi)
          Most = std::max(Most, *THi - *TLo);
      }
      I128 Shift = Steps.num() < 0 ? -Steps.num() : Steps.num();
      if (Shift < Most)
        return K;
    }
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
  C.CarveoutBytes = double(C.ResidentBlocks) * SharedBytesPerBlock;
  std::vector<int> Carveouts = carveoutsKiB(Gpu);
  if (SharedBytesPerBlock > 0 && !Carveouts.empty()) {
    // Sized for the blocks the thread, block and shared-memory limits
    // allow, not for this launch's grid.
    const double PerBlock = SharedBytesPerBlock + ReservedSharedPerBlock;
    int64_t Allowed = std::min<int64_t>(
        {MaxBlocksPerSm, std::max<int64_t>(1, maxThreadsPerSm(Gpu) / Threads),
         std::max<int64_t>(1, int64_t(Carveouts.back() * 1024.0 / PerBlock))});
    double Need =
        double(Allowed) * (SharedBytesPerBlock + ReservedSharedPerBlock);
    C.CarveoutBytes = Carveouts.back() * 1024.0;
    for (int KiB : Carveouts)
      if (KiB * 1024.0 >= Need) {
        C.CarveoutBytes = KiB * 1024.0;
        break;
      }
    C.CarveoutFromTable = true;
  }
  C.BytesPerBlock = std::max(0.0, C.L1SharedBytes - C.CarveoutBytes) /
                    double(C.ResidentBlocks);
  return C;
}

std::optional<L1Spill> l1Spill(const AccessSite &Site,
                               const std::vector<AccessSite> &Accesses,
                               const Bindings &Values, const LaunchShape &Shape,
                               const L1Capacity &Capacity) {
  if (Site.Shared || Site.Kind != AccessKind::Load)
    return std::nullopt;
  std::optional<size_t> K = carryingLoop(Site, Values);
  if (!K)
    return std::nullopt;
  // Loops around the carrying one are held at their middle.
  std::optional<Bindings> Held = holdLoops(Site, *K, Values);
  if (!Held)
    return std::nullopt;
  const Bindings &Fixed = *Held;
  const LoopIndex &Carrier = Site.Loops[*K];
  auto Lo = evalIndex(Carrier.Range.Lo, Fixed);
  auto Hi = evalIndex(Carrier.Range.Hi, Fixed);
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
      auto L = evalIndex(Site.Loops[J].Range.Lo, At);
      auto H = evalIndex(Site.Loops[J].Range.Hi, At);
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
