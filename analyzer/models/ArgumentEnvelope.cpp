//===- ArgumentEnvelope.cpp -----------------------------------------------===//
#include "analyzer/models/ArgumentEnvelope.h"

#include <algorithm>

namespace rla {
namespace {

/// Every count of a cost vector.
std::vector<const Expr *> countsOf(const CostVector &V) {
  std::vector<const Expr *> Out;
  for (const Expr &E : V.Flops)
    Out.push_back(&E);
  for (const Expr &E : V.TensorFlops)
    Out.push_back(&E);
  for (const auto &[Q, Field] : CostVector::scalarFields())
    Out.push_back(&(V.*Field));
  return Out;
}

/// The note that Symbol is spanned: with the front end's reason why the
/// launch does not know it (its LaunchArgumentUnknown note), where it gave
/// one.
Note spannedNote(const LaunchSpec &L, const std::string &Symbol,
                 int64_t Saturation) {
  FindingData Data{{"symbol", Symbol}, {"saturation", double(Saturation)}};
  std::vector<Note> Why;
  for (const Note &N : L.Notes) {
    auto Argument = N.Data.find("argument");
    if (N.Id != NoteId::LaunchArgumentUnknown || Argument == N.Data.end() ||
        Argument->second != FindingValue(Symbol))
      continue;
    Data["given"] = 1.0;
    Why = N.Parts;
    break;
  }
  return note(NoteId::ArgumentSpanned, std::move(Data), std::move(Why));
}

} // namespace

std::optional<int64_t> saturationPoint(const KernelModel &Model,
                                       const std::string &Symbol) {
  std::vector<const Expr *> Counts = countsOf(Model.Total.Low);
  for (const Expr *E : countsOf(Model.Total.High))
    Counts.push_back(E);
  std::vector<const Expr *> Depending;
  for (const Expr *E : Counts)
    if (E->dependsOn(Symbol))
      Depending.push_back(E);
  // Symbol = c + t for any t >= 0: no count may depend on t.
  const std::string Above = "rla.above";
  for (int64_t C = 1; C <= MaxSaturationPoint; C *= 2)
    if (std::none_of(Depending.begin(), Depending.end(), [&](const Expr *E) {
          return E->substitute(Symbol, Expr(C) + Expr::symbol(Above))
              .dependsOn(Above);
        }))
      return C;
  return std::nullopt;
}

void envelopeUnknownArguments(KernelReport &K, const KernelModel &Model,
                              const Bindings &UserBindings,
                              const std::vector<const GpuSpec *> &Gpus,
                              const Bindings &Defaults,
                              KernelResources *Resources, CacheState Cache) {
  if (K.Unbound.empty() || !K.Launch.Contexts.empty() || Gpus.empty())
    return;
  std::vector<std::pair<std::string, int64_t>> Unknown;
  int64_t Launches = 1;
  for (const std::string &S : K.Unbound) {
    const KernelParam *P = Model.findParam(S);
    if (!P || P->ParamKind != KernelParam::Integer)
      return;
    std::optional<int64_t> C = saturationPoint(Model, S);
    if (!C || (Launches *= *C + 1) > MaxEnvelopeLaunches)
      return;
    Unknown.emplace_back(S, *C);
  }
  // Every combination of values, the first argument counting fastest.
  std::vector<KernelReport> Variants;
  std::vector<int64_t> Values(Unknown.size(), 0);
  for (int64_t N = 0; N < Launches; ++N) {
    LaunchSpec L = K.Launch;
    for (size_t I = 0; I < Unknown.size(); ++I)
      L.Args[Unknown[I].first] = Rational(Values[I]);
    Variants.push_back(bindLaunch(Model, L, UserBindings, Gpus, Defaults,
                                  Resources, &K, Cache));
    const KernelReport &V = Variants.back();
    if (!V.Unbound.empty() || !V.Totals || V.Verdicts.size() != Gpus.size())
      return;
    for (size_t I = 0; I < Values.size() && ++Values[I] > Unknown[I].second;
         ++I)
      Values[I] = 0;
  }
  auto Slowest = std::max_element(Variants.begin(), Variants.end(),
                                  [](const auto &A, const auto &B) {
                                    return A.Verdicts[0].High.PredictedTime <
                                           B.Verdicts[0].High.PredictedTime;
                                  });
  KernelReport Out = std::move(*Slowest);
  for (unsigned Q = 0; Q < NumMetrics; ++Q) {
    std::optional<NumberRange> Span;
    for (const KernelReport &V : Variants) {
      BoundValue Value = &V == &*Slowest ? Out.Totals->get(Metric(Q))
                                         : V.Totals->get(Metric(Q));
      if (!Value) {
        Span.reset();
        break;
      }
      Span = Span ? NumberRange{std::min(Span->Low, Value->Low),
                                std::max(Span->High, Value->High)}
                  : *Value;
    }
    if (Span)
      Out.Totals->set(Metric(Q), *Span);
  }
  for (size_t G = 0; G < Gpus.size(); ++G)
    for (const KernelReport &V : Variants) {
      if (&V == &*Slowest)
        continue;
      if (V.Verdicts[G].Low.PredictedTime < Out.Verdicts[G].Low.PredictedTime)
        Out.Verdicts[G].Low = V.Verdicts[G].Low;
      if (Out.Verdicts[G].High.PredictedTime < V.Verdicts[G].High.PredictedTime)
        Out.Verdicts[G].High = V.Verdicts[G].High;
    }
  Out.Launch = K.Launch;
  // The formulas as they hold for every value, not as one launch decided
  // their min and max.
  Out.LaunchFormulas = K.LaunchFormulas;
  for (const auto &[Symbol, C] : Unknown)
    Out.Model.RangeReasons.push_back(spannedNote(K.Launch, Symbol, C));
  K = std::move(Out);
}

} // namespace rla
