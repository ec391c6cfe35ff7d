//===- TotalsStage.cpp - Every count of the launch, evaluated -------------===//
///
/// \file
/// The kernel's per-thread and launch-wide formulas (FLOPs by precision,
/// bytes, accesses, ...) evaluated exactly at the launch's values. What
/// does not evaluate stays out of the totals with its reason: a symbol
/// still unbound, an overflow, a sum too long.
//===----------------------------------------------------------------------===//
#include "analyzer/models/Binder.h"
#include "analyzer/models/LaunchEnumeration.h"
#include "analyzer/models/LaunchStage.h"

#include <algorithm>
#include <map>
#include <optional>

namespace rla {
namespace {

/// Every quantity of a CostVector, plus the derived ones.
std::vector<std::pair<Metric, Expr>> namedFields(const CostVector &V) {
  std::vector<std::pair<Metric, Expr>> Out;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    Out.emplace_back(flopsMetric(Precision(P)), V.Flops[P]);
  Out.emplace_back(Metric::Flops, V.totalFlops());
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    Out.emplace_back(tensorFlopsMetric(TensorPrecision(P)), V.TensorFlops[P]);
  Out.emplace_back(Metric::TensorFlops, V.totalTensorFlops());
  for (const auto &[Q, Field] : CostVector::scalarFields())
    Out.emplace_back(Q, V.*Field);
  // Without a cache model, DRAM traffic is what the source requests.
  Out.emplace_back(Metric::DramBytes, V.GlobalLoadBytes + V.GlobalStoreBytes);
  return Out;
}

bool isThreadCoordinate(const std::string &S) {
  return S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0 ||
         S.rfind("$", 0) == 0;
}

/// Whether E failed only for thread coordinates left in its formula.
bool onlyThreadsUnbound(const EvalResult &E) {
  if (E.ok())
    return true;
  if (E.Unbound.empty())
    return false;
  for (const std::string &S : E.Unbound)
    if (!isThreadCoordinate(S) || S.rfind("$", 0) == 0)
      return false;
  return true;
}

class TotalsStage : public LaunchStage {
public:
  const char *name() const override { return "totals"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    const KernelModel &Model = C.Model;
    C.Low = namedFields(Model.Total.Low);
    C.High = namedFields(Model.Total.High);
    std::vector<std::pair<Metric, Expr>> PerLow, PerHigh;
    if (!C.Earlier) {
      PerLow = namedFields(Model.PerThread.Low);
      PerHigh = namedFields(Model.PerThread.High);
    }
    // Formulas read better without the dimensions the kernel never uses;
    // the numbers still use the launch's real values.
    for (unsigned D = 1; D < 3; ++D)
      if (!Model.UsesDimension[D]) {
        C.UnusedDimensions[dimSymbol("gridDim", D)] = Expr(1);
        C.UnusedDimensions[dimSymbol("blockDim", D)] = Expr(1);
      }
    // Without any launch, an unused dimension is 1; a launch whose size in
    // it is unknown stays unbound (its note says why).
    if (C.Launch.Source == LaunchSource::None)
      for (const auto &[Symbol, One] : C.UnusedDimensions)
        C.Values.emplace(Symbol, Rational(1));

    if (C.Earlier) {
      R.TotalFormulas = C.Earlier->TotalFormulas;
      R.PerThreadFormulas = C.Earlier->PerThreadFormulas;
    }
    // Formulas built apart are often one formula ("flops" sums the
    // precisions, "High" is often "Low"): matched by their text, which
    // prints every term (Expr's == does not tell an overflow term apart).
    std::vector<std::pair<std::string, EvalResult>> Done;
    auto evaluated = [&](const Expr &E) {
      if (E.isConstant())
        return E.evaluate(C.Values);
      std::string Text = E.str();
      bool Overflow = Text.find("overflow") != std::string::npos;
      if (!Overflow)
        for (const auto &[Seen, Result] : Done)
          if (Seen == Text)
            return Result;
      EvalResult R = E.evaluate(C.Values);
      if (!Overflow)
        Done.emplace_back(std::move(Text), R);
      return R;
    };
    // Means warp by warp are costly: each formula once.
    std::map<std::string, std::optional<double>> Means;
    auto warpMean = [&](const Expr &F) {
      std::string Text = F.str();
      auto It = Means.find(Text);
      if (It == Means.end())
        It = Means.emplace(Text, meanOverLaunchWarps(F, C.Values, R.Launch))
                 .first;
      return It->second;
    };
    std::map<std::string, std::optional<double>> ThreadMeans;
    auto threadMean = [&](const Expr &F) {
      std::string Text = F.str();
      auto It = ThreadMeans.find(Text);
      if (It == ThreadMeans.end())
        It = ThreadMeans
                 .emplace(Text, meanOverBlockThreads(F, C.Values, R.Launch))
                 .first;
      return It->second;
    };
    std::vector<std::string> Averaged, ThreadAveraged;
    for (size_t I = 0; I < C.Low.size(); ++I) {
      Metric Q = C.Low[I].first;
      const std::string Key = metricKey(Q);
      const Expr &Low = C.Low[I].second, &High = C.High[I].second;
      if (!C.Earlier) {
        R.TotalFormulas[Q] = {C.shown(Low), C.shown(High)};
        R.PerThreadFormulas[Q] = {C.shown(PerLow[I].second),
                                  C.shown(PerHigh[I].second)};
      }
      // A formula is evaluated once per launch (a sum added term by term is
      // costly, and "flops" is often "flops_fp32", "High" often "Low").
      EvalResult L = evaluated(Low);
      EvalResult H = evaluated(High);
      bool Overflow = false, DomainError = false, OverBudget = false;
      for (const EvalResult *E : {&L, &H}) {
        for (const std::string &S : E->Unbound)
          if (!isThreadCoordinate(S))
            R.Unbound.insert(S);
        Overflow |= E->Overflow;
        DomainError |= E->DomainError;
        OverBudget |= E->OverBudget;
      }
      if (Overflow)
        R.Findings.push_back(dataFinding("rl-overflow", Severity::Warning,
                                         Model.Location, {{"metric", Key}}));
      else if (OverBudget)
        R.Findings.push_back(
            dataFinding("rl-undefined", Severity::Warning, Model.Location,
                        {{"metric", Key},
                         {"formula", Low.str()},
                         {"term_budget", double(Expr::MaxSumTerms)}}));
      else if (DomainError)
        R.Findings.push_back(
            dataFinding("rl-undefined", Severity::Warning, Model.Location,
                        {{"metric", Key}, {"formula", Low.str()}}));
      std::optional<double> LowValue, HighValue;
      if (L.ok() && H.ok()) {
        LowValue = L.Value->toDouble();
        HighValue = H.Value->toDouble();
      } else if (!Overflow && !DomainError && !OverBudget &&
                 onlyThreadsUnbound(L) && onlyThreadsUnbound(H)) {
        // No closed form over the threads, but a trip count the lanes of a
        // warp share: the formula's mean over the launch's warps.
        LowValue = warpMean(Low);
        HighValue = warpMean(High);
        if (LowValue && HighValue) {
          Averaged.push_back(Key);
        } else {
          // Lanes of one warp that differ: the formula thread by thread
          // over one block (each thread's count stands for the launch).
          LowValue = threadMean(Low);
          HighValue = threadMean(High);
          if (LowValue && HighValue)
            ThreadAveraged.push_back(Key);
        }
      }
      if (!LowValue || !HighValue)
        continue;
      // A count below zero is not a count: the formula does not hold for
      // these values (a guard range the model took as non-empty). The
      // quantity is left without a number and said to be, never shown.
      if (*LowValue < 0 || *HighValue < 0) {
        R.Findings.push_back(dataFinding(
            "rl-undefined", Severity::Warning, Model.Location,
            {{"metric", Key},
             {"formula", Low.str()},
             {"negative", std::min(*LowValue, *HighValue)}}));
        continue;
      }
      C.Totals.set(Q, NumberRange{std::min(*LowValue, *HighValue),
                                  std::max(*LowValue, *HighValue)});
    }
    // A formula averaged over the warps has its number (and an assumption
    // line below), not a warning.
    for (const auto &[Q, Formulas] : R.TotalFormulas)
      for (const std::string *F : {&Formulas.first, &Formulas.second})
        if ((F->find("threadIdx.") != std::string::npos ||
             F->find("blockIdx.") != std::string::npos) &&
            std::find(Averaged.begin(), Averaged.end(), metricKey(Q)) ==
                Averaged.end() &&
            std::find(ThreadAveraged.begin(), ThreadAveraged.end(),
                      metricKey(Q)) == ThreadAveraged.end())
          R.Findings.push_back(dataFinding(
              "rl-unsupported", Severity::Warning, Model.Location,
              {{"metric", std::string(metricKey(Q))}, {"thread_formula", *F}}));

    R.Assumptions = Model.Assumptions;
    if (!Averaged.empty()) {
      std::string Names;
      for (const std::string &K : Averaged)
        Names += (Names.empty() ? "" : ", ") + K;
      R.Assumptions.push_back(
          note(NoteId::TripsAveragedOverWarps, {{"metrics", Names}}));
    }
    if (!ThreadAveraged.empty()) {
      std::string Names;
      for (const std::string &K : ThreadAveraged)
        Names += (Names.empty() ? "" : ", ") + K;
      R.Assumptions.push_back(
          note(NoteId::TripsAveragedOverThreads, {{"metrics", Names}}));
    }
    if (!C.UnusedDimensions.empty())
      R.Assumptions.push_back(
          note(NoteId::FormulasForUnusedDims,
               {{"uses_y", double(Model.UsesDimension[1])},
                {"uses_z", double(Model.UsesDimension[2])}}));
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeTotalsStage() {
  return std::make_unique<TotalsStage>();
}

} // namespace rla
