//===- WarpSchedule.cpp ---------------------------------------------------===//
#include "analyzer/models/WarpSchedule.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>

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

bool isGlobalLoad(const SassInstruction &I) {
  llvm::StringRef B = I.base();
  return B == "LDG" || B == "LD" || B == "LDGSTS";
}

struct WarpState {
  double Now = 0;
  std::array<double, 6> Ready{};
  /// Global loads each scoreboard guards since it was last waited on.
  std::array<unsigned, 6> Loads{};
  /// When the last shared-memory store is visible to the block: a barrier
  /// completes only after it.
  double SharedStored = 0;
};

/// Walks [First, End) from State; returns the cycles it took. With BarAt,
/// also the cycles into the walk at which each barrier is passed.
double walk(const std::vector<SassInstruction> &Code, size_t First, size_t End,
            const SassLatencies &L, WarpState &State,
            std::vector<double> *BarAt) {
  double Start = State.Now;
  if (BarAt)
    BarAt->clear();
  for (size_t I = First; I < End; ++I) {
    SassInstruction::Schedule S = *Code[I].schedule();
    for (unsigned B = 0; B < 6; ++B)
      if (S.WaitMask & (1u << B)) {
        State.Now = std::max(State.Now, State.Ready[B]);
        State.Loads[B] = 0;
      }
    if (S.WriteBarrier < 6) {
      double Latency = latencyOf(Code[I], L);
      if (isGlobalLoad(Code[I]) && L.L1Hit > 0)
        Latency = L.slowestGlobal(++State.Loads[S.WriteBarrier]);
      State.Ready[S.WriteBarrier] = std::max(
          State.Loads[S.WriteBarrier] > 1 ? State.Ready[S.WriteBarrier] : 0.0,
          State.Now + Latency);
    }
    // A source read (a store's data) is released once the unit has it.
    if (S.ReadBarrier < 6)
      State.Ready[S.ReadBarrier] = State.Now + 2;
    State.Now += std::max(1u, S.Stall);
    llvm::StringRef Base = Code[I].base();
    if (Base == "STS" || Base == "ATOMS")
      State.SharedStored = State.Now + L.Shared;
    if (Base == "BAR") {
      State.Now = std::max(State.Now, State.SharedStored) + L.Barrier;
      if (BarAt)
        BarAt->push_back(State.Now - Start);
    }
  }
  return State.Now - Start;
}

} // namespace

double SassLatencies::slowestGlobal(unsigned K) const {
  // The slowest of K is at least an L2 hit unless all hit L1, and a DRAM
  // access unless none goes there.
  double AllL1 = std::pow(1 - ToL2, double(K));
  double NoDram = std::pow(1 - ToDram, double(K));
  return L1Hit + (1 - AllL1) * (L2Hit - L1Hit) + (1 - NoDram) * (Dram - L2Hit);
}

std::vector<double>
blockCycles(const std::vector<SassInstruction> &Code,
            const std::vector<std::pair<size_t, size_t>> &Blocks,
            const std::vector<int> &LoopOf, const SassLatencies &L,
            std::vector<std::vector<double>> *BarrierCycles,
            const std::vector<bool> *Side) {
  for (const SassInstruction &I : Code)
    if (!I.schedule())
      return {};
  std::vector<double> Cycles(Blocks.size(), 0);
  if (BarrierCycles)
    BarrierCycles->assign(Blocks.size(), {});
  auto barsOf = [&](size_t B) {
    return BarrierCycles ? &(*BarrierCycles)[B] : nullptr;
  };
  WarpState State;
  for (size_t B = 0; B < Blocks.size();) {
    if (LoopOf[B] < 0) {
      // A branch only some warps take costs them its own cycles; the warps
      // that skip it do not wait for what it issued.
      WarpState Branch = State;
      bool Aside = Side && (*Side)[B];
      Cycles[B] = walk(Code, Blocks[B].first, Blocks[B].second, L,
                       Aside ? Branch : State, barsOf(B));
      ++B;
      continue;
    }
    // A loop's blocks: twice, the second pass in the steady state.
    size_t End = B;
    while (End < Blocks.size() && LoopOf[End] >= 0)
      ++End;
    for (unsigned Pass = 0; Pass < 2; ++Pass)
      for (size_t X = B; X < End; ++X)
        Cycles[X] =
            walk(Code, Blocks[X].first, Blocks[X].second, L, State, barsOf(X));
    B = End;
  }
  return Cycles;
}

} // namespace rla
