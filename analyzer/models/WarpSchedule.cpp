//===- WarpSchedule.cpp ---------------------------------------------------===//
#include "analyzer/models/WarpSchedule.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace rla {
namespace {

/// The latency behind the scoreboard an instruction of this kind sets.
double latencyOf(const SassInstruction &I, const SassLatencies &L) {
  llvm::StringRef B = I.base();
  if (B == "LDG" || B == "LD" || B == "LDL" || B == "LDGSTS")
    return L.Global;
  if (B == "LDS" || B == "LDSM" || B == "ATOMS")
    return L.Shared;
  if (B == "LDC" || B == "ULDC")
    return L.Constant;
  if (B == "MUFU" || B == "I2F" || B == "F2I" || B == "F2F" || B == "I2I" ||
      B == "FRND" || B == "POPC" || B == "FLO" || B == "BREV")
    return L.Special;
  if (B.starts_with("D"))
    return L.Fp64;
  if (B.ends_with("MMA"))
    return L.Tensor;
  if (B == "ATOM" || B == "ATOMG" || B == "RED" || B == "REDG")
    return L.Atomic;
  return L.Shuffle; // SHFL, S2R, S2UR, VOTE and other MIO round trips
}

struct WarpState {
  double Now = 0;
  std::array<double, 6> Ready{};
};

/// Walks [First, End) from State; returns the cycles it took.
double walk(const std::vector<SassInstruction> &Code, size_t First, size_t End,
            const SassLatencies &L, WarpState &State) {
  double Start = State.Now;
  for (size_t I = First; I < End; ++I) {
    SassInstruction::Schedule S = *Code[I].schedule();
    for (unsigned B = 0; B < 6; ++B)
      if (S.WaitMask & (1u << B))
        State.Now = std::max(State.Now, State.Ready[B]);
    if (S.WriteBarrier < 6)
      State.Ready[S.WriteBarrier] = State.Now + latencyOf(Code[I], L);
    // A source read (a store's data) is released once the unit has it.
    if (S.ReadBarrier < 6)
      State.Ready[S.ReadBarrier] = State.Now + 2;
    State.Now += std::max(1u, S.Stall);
    if (Code[I].base() == "BAR")
      State.Now += L.Barrier;
  }
  return State.Now - Start;
}

} // namespace

std::vector<double>
blockCycles(const std::vector<SassInstruction> &Code,
            const std::vector<std::pair<size_t, size_t>> &Blocks,
            const std::vector<int> &LoopOf, const SassLatencies &L) {
  for (const SassInstruction &I : Code)
    if (!I.schedule())
      return {};
  std::vector<double> Cycles(Blocks.size(), 0);
  WarpState State;
  for (size_t B = 0; B < Blocks.size();) {
    if (LoopOf[B] < 0) {
      Cycles[B] = walk(Code, Blocks[B].first, Blocks[B].second, L, State);
      ++B;
      continue;
    }
    // A loop's blocks: twice, the second pass in the steady state.
    size_t End = B;
    while (End < Blocks.size() && LoopOf[End] >= 0)
      ++End;
    for (unsigned Pass = 0; Pass < 2; ++Pass)
      for (size_t X = B; X < End; ++X)
        Cycles[X] = walk(Code, Blocks[X].first, Blocks[X].second, L, State);
    B = End;
  }
  return Cycles;
}

} // namespace rla
