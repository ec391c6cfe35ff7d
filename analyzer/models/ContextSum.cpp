//===- ContextSum.cpp -----------------------------------------------------===//
#include "analyzer/models/ContextSum.h"

namespace rla {
namespace {

/// Why a bound context still has no sum: its launch's first note, else its
/// symbols.
Note unboundReason(const KernelReport &C) {
  if (!C.Launch.Notes.empty())
    return C.Launch.Notes.front();
  if (C.Unbound.empty())
    return note(NoteId::TotalsDidNotEvaluate);
  std::string Symbols;
  for (const std::string &S : C.Unbound)
    Symbols += (Symbols.empty() ? "" : " ") + S;
  return note(NoteId::ContextSymbolsUnbound, {{"symbols", Symbols}});
}

bool sameConfiguration(const LaunchSpec &A, const LaunchSpec &B) {
  return A.Grid == B.Grid && A.Block == B.Block &&
         A.DynamicSmem == B.DynamicSmem;
}

/// Counts C under its launch configuration: a new one keeps C's totals and
/// verdicts (the first context of that shape), a known one adds its count.
void addByLaunch(ContextSum &Sum, const LaunchSpec &Spec, double N,
                 const KernelReport &C) {
  for (ContextLaunch &L : Sum.ByLaunch)
    if (sameConfiguration(L.Launch, Spec)) {
      L.Launches += N;
      return;
    }
  if (Sum.ByLaunch.size() >= MaxContextLaunches) {
    ++Sum.ContextLaunchesDropped;
    return;
  }
  Sum.ByLaunch.push_back({Spec, N, C.Totals, C.Verdicts});
}

void widen(NumberRange &R, double Value, bool First) {
  R.Low = First ? Value : std::min(R.Low, Value);
  R.High = First ? Value : std::max(R.High, Value);
}

} // namespace

void sumContexts(KernelReport &K, const KernelModel &Model,
                 const Bindings &UserBindings,
                 const std::vector<const GpuSpec *> &Gpus,
                 const Bindings &Defaults, KernelResources *Resources,
                 CacheState Cache) {
  const std::vector<LaunchSpec> &Contexts = K.Launch.Contexts;
  if (Contexts.empty())
    return;
  ContextSum Sum;
  Sum.Gpus = Gpus;
  Sum.Time.assign(Gpus.size(), NumberRange{});
  Sum.LaunchTime.assign(Gpus.size(), NumberRange{});
  if (Contexts.size() > MaxSummedContexts) {
    Sum.Contexts = Contexts.size();
    Sum.Unbound = Contexts.size();
    Sum.Why = note(NoteId::TooManyContexts,
                   {{"max_contexts", double(MaxSummedContexts)}});
    K.Sum = std::move(Sum);
    return;
  }
  for (const LaunchSpec &Spec : Contexts) {
    if (Spec.LaunchCount && Spec.LaunchCount->isZero())
      continue; // a context the program does not run
    ++Sum.Contexts;
    KernelReport C = bindLaunch(Model, Spec, UserBindings, Gpus, Defaults,
                                Resources, &K, Cache);
    BoundValue Flops = C.Totals ? C.Totals->get(Metric::Flops) : std::nullopt;
    BoundValue Dram =
        C.Totals ? C.Totals->get(Metric::DramBytes) : std::nullopt;
    if (!Spec.LaunchCount || !Flops || !Dram ||
        C.Verdicts.size() != Gpus.size()) {
      if (!Sum.Unbound++)
        Sum.Why = Spec.LaunchCount ? unboundReason(C)
                                   : note(NoteId::LaunchCountUnknown);
      continue;
    }
    bool First = Sum.Launches == 0;
    double N = Spec.LaunchCount->toDouble();
    addByLaunch(Sum, Spec, N, C);
    Sum.Launches += N;
    Sum.Flops.Low += N * Flops->Low;
    Sum.Flops.High += N * Flops->High;
    Sum.DramBytes.Low += N * Dram->Low;
    Sum.DramBytes.High += N * Dram->High;
    for (size_t G = 0; G < Gpus.size(); ++G) {
      Sum.Time[G].Low += N * C.Verdicts[G].Low.PredictedTime;
      Sum.Time[G].High += N * C.Verdicts[G].High.PredictedTime;
      widen(Sum.LaunchTime[G], C.Verdicts[G].High.PredictedTime, First);
    }
  }
  // The entry's own symbols are unbound only because they vary: say so.
  if (Sum.complete())
    for (Finding &F : K.Findings)
      if (F.Id == "rl-unbound")
        F.Data["summed_contexts"] = double(Sum.Contexts);
  K.Sum = std::move(Sum);
}

} // namespace rla
