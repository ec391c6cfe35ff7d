//===- Crossover.cpp ------------------------------------------------------===//
#include "analyzer/models/Crossover.h"
#include "analyzer/models/Binder.h"
#include "analyzer/models/LaunchReport.h"

#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace rla {

std::string RoofChoice::label() const {
  return (Tensor ? "tensor " : "") + Name;
}

unsigned precisionBits(const std::string &Name) {
  if (Name == "fp64")
    return 64;
  if (Name == "fp32" || Name == "tf32")
    return 32;
  if (Name == "fp16" || Name == "bf16" || Name == "fp16_acc16")
    return 16;
  if (Name == "fp8" || Name == "int8")
    return 8;
  if (Name == "fp4" || Name == "int4")
    return 4;
  if (Name == "b1")
    return 1;
  return 0;
}

std::optional<RoofChoice> roofFor(const GpuSpec &Gpu, const std::string &Name) {
  if (!Gpu.DramBandwidth || Gpu.DramBandwidth->Value <= 0)
    return std::nullopt;
  RoofChoice R;
  R.Name = Name;
  R.Bits = precisionBits(Name);
  if (auto P = tensorPrecisionFromName(Name))
    if (const SourcedValue *V = tensorPeak(Gpu, *P)) {
      R.Tensor = true;
      R.PeakFlops = V->Value;
    }
  if (!R.Tensor)
    for (unsigned I = 0; I < NumPrecisions; ++I)
      if (Name == precisionName(static_cast<Precision>(I)))
        if (const SourcedValue *V = Gpu.peakFlops(static_cast<Precision>(I)))
          R.PeakFlops = V->Value;
  if (R.PeakFlops <= 0 || R.Bits == 0)
    return std::nullopt;
  R.Ridge = R.PeakFlops / Gpu.DramBandwidth->Value;
  return R;
}

std::optional<RoofChoice> ownRoof(const GpuSpec &Gpu,
                                  const RooflineResult &Verdict) {
  if (Verdict.PeakFlops <= 0 || Verdict.Bandwidth <= 0)
    return std::nullopt;
  RoofChoice R;
  R.Tensor = Verdict.DominantTensor.has_value();
  R.Name = R.Tensor ? tensorPrecisionName(*Verdict.DominantTensor)
                    : precisionName(Verdict.DominantPrecision);
  if (R.Name == "fp16_acc16")
    R.Name = "fp16";
  R.Bits = precisionBits(R.Name);
  R.PeakFlops = Verdict.PeakFlops;
  R.Ridge = Verdict.RidgePoint;
  return R;
}

namespace {

/// One evaluation of the model at a value of the symbol.
struct Trial {
  bool Ok = false;
  double Dram = 0, Compulsory = 0; ///< intensities, FLOP/B
  RooflineResult Verdict;
  /// The compulsory traffic by array, for the data stored in another width.
  std::vector<std::pair<double, unsigned>> Arrays;
};

std::string valueText(int64_t V) { return std::to_string(V); }

/// The first crossing of Pred (false -> true, or true -> false) over the
/// values tried, refined by bisection.
CrossoverPoint findCrossing(const std::function<const Trial &(int64_t)> &At,
                            const std::vector<int64_t> &Tried,
                            const std::function<bool(const Trial &)> &Pred) {
  CrossoverPoint P;
  if (Tried.empty()) {
    P.How = CrossoverPoint::Unknown;
    P.Why = note(NoteId::CrossoverNotEvaluated);
    return P;
  }
  P.Limit = Tried.back();
  bool First = Pred(At(Tried.front()));
  for (size_t I = 1; I < Tried.size(); ++I) {
    if (Pred(At(Tried[I])) == First)
      continue;
    // Bisect in (Tried[I-1], Tried[I]]: the first value whose answer differs.
    int64_t Lo = Tried[I - 1], Hi = Tried[I];
    while (Hi - Lo > 1) {
      int64_t Mid = Lo + (Hi - Lo) / 2;
      const Trial &T = At(Mid);
      if (!T.Ok)
        break;
      (Pred(T) == First ? Lo : Hi) = Mid;
    }
    P.How = First ? CrossoverPoint::Below : CrossoverPoint::At;
    P.Value = Hi;
    return P;
  }
  P.How = First ? CrossoverPoint::Always : CrossoverPoint::Never;
  return P;
}

/// Each global array's DRAM bytes with the width of its elements (its
/// pointer's element type; 0 for a vector or unknown type).
std::vector<std::pair<double, unsigned>> arrayWidths(const KernelReport &K) {
  std::vector<std::pair<double, unsigned>> Out;
  if (!K.Memory)
    return Out;
  for (const ArrayTraffic &A : K.Memory->Arrays) {
    if (A.Shared || A.DramBytes <= 0)
      continue;
    unsigned Bits = 0;
    if (const KernelParam *P = K.Model.findParam(A.Name))
      if (P->PointeeBytes == 1 || P->PointeeBytes == 2 ||
          P->PointeeBytes == 4 || P->PointeeBytes == 8)
        Bits = 8 * P->PointeeBytes;
    Out.emplace_back(A.DramBytes, Bits);
  }
  return Out;
}

/// The factor on DRAM bytes when every array is stored in TargetBits-wide
/// elements: each array's share scales by TargetBits over its own width
/// (ComputeBits where that is unknown). Without per-array traffic, all
/// bytes scale from ComputeBits.
double storedByteScale(const std::vector<std::pair<double, unsigned>> &Arrays,
                       unsigned TargetBits, unsigned ComputeBits) {
  double Total = 0, Scaled = 0;
  for (const auto &[Bytes, Bits] : Arrays) {
    Total += Bytes;
    Scaled += Bytes * double(TargetBits) / double(Bits ? Bits : ComputeBits);
  }
  if (Total <= 0)
    return double(TargetBits) / double(ComputeBits);
  return Scaled / Total;
}

} // namespace

CrossoverResult solveCrossover(const KernelReport &Base, const Bindings &Binds,
                               const Bindings &Defaults, const GpuSpec &Gpu,
                               const std::string &Symbol,
                               const std::string &Precision) {
  CrossoverResult R;
  R.Gpu = &Gpu;
  R.Symbol = Symbol;
  const KernelModel &Model = Base.Model;
  const LaunchSpec &Launch = Base.Launch;

  // The value the launch gives the symbol, and the grid dimensions that
  // cover it (grid.d == ceil(value / block.d)): those follow the symbol.
  Bindings Values = Defaults;
  for (const auto &[Name, V] : launchBindings(Model, Launch))
    Values[Name] = V;
  for (const auto &[Name, V] : Binds)
    Values[Name] = V;
  std::vector<std::pair<std::string, Rational>> Follow;
  if (auto It = Values.find(Symbol); It != Values.end()) {
    Rational S0 = It->second;
    for (unsigned D = 0; D < 3; ++D) {
      auto G = Values.find(dimSymbol("gridDim", D));
      auto B = Values.find(dimSymbol("blockDim", D));
      if (G == Values.end() || B == Values.end() || B->second.isZero() ||
          !G->second.isInteger() || Rational(S0 / B->second).ceil() == 1)
        continue;
      if (Rational((S0 / B->second).ceil(), 1) == G->second) {
        Follow.emplace_back(dimSymbol("gridDim", D), B->second);
        R.Assumptions.push_back(
            note(NoteId::GridFollowsCeil, {{"grid", dimSymbol("gridDim", D)},
                                           {"symbol", Symbol},
                                           {"block", B->second.str()},
                                           {"launched", G->second.str()},
                                           {"value", S0.str()}}));
      }
    }
  }

  // A grid the launch writes over the kernel's arguments (a host wrapper's
  // `(n + 15) / 16`, unknown only because n is): kept to that expression.
  std::vector<std::pair<std::string, Expr>> FollowExprs;
  for (unsigned D = 0; D < 3; ++D) {
    const std::optional<Expr> &G = Launch.GridExprs[D];
    if (Launch.Grid[D] || !G || Values.count(dimSymbol("gridDim", D)))
      continue;
    FollowExprs.emplace_back(dimSymbol("gridDim", D), *G);
    R.Assumptions.push_back(
        note(NoteId::GridFollowsExpression, {{"grid", dimSymbol("gridDim", D)},
                                             {"symbol", Symbol},
                                             {"expression", G->str()}}));
  }

  // The GPU with an unbounded L2: every byte moves once.
  GpuSpec Ideal = Gpu;
  Ideal.L2Bytes = SourcedValue{std::numeric_limits<double>::max() / 4,
                               "compulsory traffic"};
  // The ideal GPU first: the report keeps the first GPU's per-array traffic.
  std::vector<const GpuSpec *> Gpus = {&Ideal, &Gpu};
  std::map<int64_t, Trial> Memo;
  auto At = [&](int64_t V) -> const Trial & {
    auto It = Memo.find(V);
    if (It != Memo.end())
      return It->second;
    Bindings B = Binds;
    B[Symbol] = Rational(V);
    for (const auto &[Dim, Block] : Follow)
      B[Dim] = Rational(Rational(Rational(V) / Block).ceil(), 1);
    for (const auto &[Dim, G] : FollowExprs) {
      Bindings At = Values;
      for (const auto &[Name, X] : B)
        At[Name] = X;
      EvalResult E = G.evaluate(At);
      if (E.Value && E.Value->isInteger())
        B[Dim] = *E.Value;
    }
    KernelReport K = bindLaunch(Model, Launch, B, Gpus, Defaults);
    Trial T;
    if (K.Verdicts.size() == 2 && K.Verdicts[1].High.TotalFlops > 0) {
      T.Ok = true;
      T.Verdict = K.Verdicts[1].High;
      T.Dram = K.Verdicts[1].High.Intensity;
      T.Compulsory = K.Verdicts[0].High.Intensity;
      T.Arrays = arrayWidths(K);
    }
    return Memo.emplace(V, T).first->second;
  };

  // Powers of two until the model stops answering (a launch CUDA rejects,
  // an overflow) or 2^40.
  std::vector<int64_t> Tried;
  for (int K = 0; K <= 40; ++K) {
    int64_t V = int64_t(1) << K;
    if (At(V).Ok)
      Tried.push_back(V);
    else if (!Tried.empty())
      break;
  }
  // The roof: the one asked for, or the kernel's own.
  std::optional<RoofChoice> Roof;
  std::optional<RoofChoice> Own;
  if (!Tried.empty())
    Own = ownRoof(Gpu, At(Tried.back()).Verdict);
  Roof = Precision.empty() ? Own : roofFor(Gpu, Precision);
  if (!Roof) {
    R.Compulsory.How = R.Dram.How = CrossoverPoint::Unknown;
    R.Compulsory.Why = R.Dram.Why =
        Tried.empty()
            ? note(NoteId::CrossoverNotEvaluatedFor, {{"symbol", Symbol}})
            : note(NoteId::CrossoverNoRoof,
                   {{"precision", Precision}, {"gpu", Gpu.Name}});
    return R;
  }
  R.Roof = *Roof;
  double Ridge = Roof->Ridge;
  R.Compulsory = findCrossing(
      At, Tried, [&](const Trial &T) { return T.Compulsory >= Ridge; });
  R.Dram =
      findCrossing(At, Tried, [&](const Trial &T) { return T.Dram >= Ridge; });
  if (!Precision.empty() && Own && Own->Bits) {
    // The factor at the launch asked about, for the report; each value
    // tried scales by its own mix of arrays.
    R.ByteScale = storedByteScale(arrayWidths(Base), Roof->Bits, Own->Bits);
    unsigned RoofBits = Roof->Bits, OwnBits = Own->Bits;
    if (std::abs(R.ByteScale - 1) > 1e-9)
      R.Stored = findCrossing(At, Tried, [&](const Trial &T) {
        return T.Compulsory / storedByteScale(T.Arrays, RoofBits, OwnBits) >=
               Ridge;
      });
  }
  return R;
}

std::optional<WhatIfResult> whatIfPrecision(const KernelReport &Base,
                                            const std::string &Precision) {
  if (Base.Verdicts.empty() || !Base.Verdicts.front().Gpu)
    return std::nullopt;
  const GpuVerdict &V = Base.Verdicts.front();
  const RooflineResult &Hi = V.High;
  auto Own = ownRoof(*V.Gpu, Hi);
  auto Target = roofFor(*V.Gpu, Precision);
  if (!Own || !Target || Hi.TotalFlops <= 0)
    return std::nullopt;
  WhatIfResult W;
  W.Gpu = V.Gpu;
  W.Current = *Own;
  W.Target = *Target;
  W.ByteScale = storedByteScale(arrayWidths(Base), Target->Bits, Own->Bits);
  W.Intensity = Hi.Intensity;
  W.TargetIntensity = Hi.Intensity / W.ByteScale;
  W.Verdict = Hi.Verdict;
  // Every level's bytes scale with the element; the FLOPs run at the
  // target's roof.
  double S = W.ByteScale;
  // The launch's own terms, its FLOPs at the target's roof and every
  // level's bytes scaled; atomics (per update), the blocks' dispatch (per
  // block) and the floor every launch takes do not change with the type.
  LimiterTerms T = limiterTerms(Hi);
  T.Decidable = true;
  T[Level::Compute] = Hi.TotalFlops / Target->PeakFlops;
  for (Level L : {Level::Dram, Level::L2, Level::L1, Level::Latency})
    if (T[L])
      *T[L] *= S;
  W.PredictedTime = Hi.PredictedTime;
  Limiter After = chooseLimiter(T);
  W.TargetTime = After.Seconds;
  W.TargetVerdict = After.At;
  return W;
}

} // namespace rla
