//===- ProgramTotals.cpp --------------------------------------------------===//
#include "analyzer/pipeline/ProgramTotals.h"

namespace rla {

/// A merged entry: its contexts' sum, or left out when some is unbound.
static void addSum(ProgramTotals &P, const ContextSum &S, size_t Gpus) {
  if (!S.complete() || S.Time.size() != Gpus) {
    ++P.Missing;
    return;
  }
  P.Launches += S.Launches;
  P.Flops.Low += S.Flops.Low;
  P.Flops.High += S.Flops.High;
  P.DramBytes.Low += S.DramBytes.Low;
  P.DramBytes.High += S.DramBytes.High;
  for (size_t G = 0; G < Gpus; ++G) {
    P.Time[G].Low += S.Time[G].Low;
    P.Time[G].High += S.Time[G].High;
  }
}

void addToProgram(ProgramTotals &P, const KernelReport &K, size_t Gpus) {
  if (P.Time.size() != Gpus)
    P.Time.assign(Gpus, NumberRange{});
  if (K.Launch.CallChain.empty())
    return; // not from the host run: no count to weigh it with
  P.Present = true;
  if (K.Sum) {
    addSum(P, *K.Sum, Gpus);
    return;
  }
  // Every FLOP: the tensor cores' too.
  BoundValue Flops = K.Totals ? allFlops(*K.Totals) : std::nullopt;
  BoundValue Dram = K.Totals ? K.Totals->get(Metric::DramBytes) : std::nullopt;
  if (!K.Launch.LaunchCount || !Flops || !Dram || K.Verdicts.size() != Gpus) {
    ++P.Missing;
    return;
  }
  double N = K.Launch.LaunchCount->toDouble();
  P.Launches += N;
  P.Flops.Low += N * Flops->Low;
  P.Flops.High += N * Flops->High;
  P.DramBytes.Low += N * Dram->Low;
  P.DramBytes.High += N * Dram->High;
  for (size_t G = 0; G < Gpus; ++G) {
    P.Time[G].Low += N * K.Verdicts[G].Low.PredictedTime;
    P.Time[G].High += N * K.Verdicts[G].High.PredictedTime;
  }
}

ProgramTotals programTotals(const Report &R) {
  ProgramTotals P;
  P.Time.assign(R.Gpus.size(), NumberRange{});
  for (const KernelReport &K : R.Kernels)
    addToProgram(P, K, R.Gpus.size());
  return P;
}

} // namespace rla
