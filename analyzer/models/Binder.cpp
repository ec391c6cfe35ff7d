//===- Binder.cpp ---------------------------------------------------------===//
#include "analyzer/models/Binder.h"
#include "analyzer/models/LaunchLimits.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/NextStep.h"

#include <algorithm>

namespace rla {
namespace {

const char *const FlopKeys[NumPrecisions] = {"flops_fp16", "flops_bf16",
                                             "flops_fp32", "flops_fp64"};

/// Every quantity of a CostVector by its report key, plus the derived ones.
std::vector<std::pair<std::string, Expr>> namedFields(const CostVector &V) {
  std::vector<std::pair<std::string, Expr>> Out;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    Out.emplace_back(FlopKeys[P], V.Flops[P]);
  Out.emplace_back("flops", V.totalFlops());
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    Out.emplace_back(tensorFlopKey(static_cast<TensorPrecision>(P)),
                     V.TensorFlops[P]);
  Out.emplace_back("tensor_flops", V.totalTensorFlops());
  for (const auto &[Name, Field] : CostVector::scalarFields())
    Out.emplace_back(Name, V.*Field);
  // Without a cache model, DRAM traffic is what the source requests.
  Out.emplace_back("dram_bytes", V.GlobalLoadBytes + V.GlobalStoreBytes);
  return Out;
}

bool isThreadCoordinate(const std::string &S) {
  return S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0 ||
         S.rfind("$", 0) == 0;
}

RooflineInput rooflineInput(const BoundTotals &T, bool High) {
  RooflineInput In;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    if (auto V = T.get(FlopKeys[P]))
      In.Flops[P] = High ? V->High : V->Low;
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    if (auto V = T.get(tensorFlopKey(static_cast<TensorPrecision>(P))))
      In.TensorFlops[P] = High ? V->High : V->Low;
  if (auto V = T.get("dram_bytes"))
    In.DramBytes = High ? V->High : V->Low;
  return In;
}

/// The memory model's traffic (DRAM, L2, L1) as roofline input.
void addMemoryLevels(RooflineInput &In, const MemoryEstimate &M) {
  In.DramBytes = M.DramBytes;
  In.L2Bytes = M.L2Bytes;
  In.L1Bytes = M.L1Bytes;
}

} // namespace

std::string tensorFlopKey(TensorPrecision P) {
  return std::string("tensor_flops_") + tensorPrecisionName(P);
}

Bindings launchBindings(const KernelModel &Model, const LaunchSpec &Launch) {
  Bindings B;
  for (unsigned D = 0; D < 3; ++D) {
    if (Launch.Grid[D])
      B[dimSymbol("gridDim", D)] = *Launch.Grid[D];
    if (Launch.Block[D])
      B[dimSymbol("blockDim", D)] = *Launch.Block[D];
  }
  for (const auto &[Name, Value] : Launch.Args) {
    // "cfg.n": an integer field of a struct parameter.
    std::string Param = Name.substr(0, Name.find('.'));
    if (const KernelParam *P = Model.findParam(Param);
        P && (P->ParamKind == KernelParam::Integer ||
              (P->ParamKind == KernelParam::Other && Param != Name)))
      B[Name] = Value;
  }
  return B;
}

KernelReport bindLaunch(const KernelModel &Model, const LaunchSpec &Launch,
                        const Bindings &UserBindings,
                        const std::vector<const GpuSpec *> &Gpus,
                        const Bindings &Defaults) {
  KernelReport R;
  R.Model = Model;
  R.Launch = Launch;
  Bindings Values = Defaults;
  for (const auto &[Name, Value] : launchBindings(Model, Launch))
    Values[Name] = Value;
  for (const auto &[Name, Value] : UserBindings)
    Values[Name] = Value;
  // The report shows the values the numbers use.
  for (const auto &[Name, Value] : Values)
    if (const KernelParam *P = Model.findParam(Name);
        P && P->ParamKind == KernelParam::Integer)
      R.Launch.Args[Name] = Value;
  for (unsigned D = 0; D < 3; ++D) {
    auto G = Values.find(dimSymbol("gridDim", D));
    if (G != Values.end())
      R.Launch.Grid[D] = G->second;
    auto B = Values.find(dimSymbol("blockDim", D));
    if (B != Values.end())
      R.Launch.Block[D] = B->second;
  }
  for (const auto &[Dim, Size] : Model.AssumedBlockDims) {
    auto It = Values.find(Dim);
    if (It != Values.end() && It->second != Size)
      R.Findings.push_back(Finding{
          "rl-block-size-mismatch", Severity::Warning,
          "'" + Model.Name + "' is written for " + Dim + " == " + Size.str() +
              " (a block-size constant in its indices) but this "
              "launch has " +
              Dim + " = " + It->second.str() + "; the counts assume the former",
          Launch.Site.valid() ? Launch.Site : Model.Location});
  }
  // Launch arguments that name no parameter are most likely typos.
  for (const auto &[Name, Value] : Launch.Args)
    if (!Model.findParam(Name.substr(0, Name.find('.'))))
      R.Findings.push_back(
          Finding{"rl-unknown-argument", Severity::Warning,
                  "launch argument '" + Name + "' is not a parameter of '" +
                      Model.Name + "'",
                  Launch.Site.valid() ? Launch.Site : Model.Location});
  // The model assumes sizes are non-negative integers; say so when a value
  // breaks that rather than print negative FLOPs.
  bool InvalidValue = false;
  for (const auto &[Name, Value] : Values) {
    const KernelParam *P = Model.findParam(Name);
    bool IsDim =
        Name.rfind("gridDim.", 0) == 0 || Name.rfind("blockDim.", 0) == 0;
    if (!IsDim && !(P && P->ParamKind == KernelParam::Integer))
      continue;
    if (Value.isNegative() || !Value.isInteger() || (IsDim && Value.isZero())) {
      InvalidValue = true;
      R.Findings.push_back(Finding{
          "rl-invalid-binding", Severity::Error,
          "'" + Name + "' = " + Value.str() + ": the model needs " +
              (IsDim ? "a positive integer" : "a non-negative integer") +
              " here",
          Launch.Site.valid() ? Launch.Site : Model.Location});
    }
  }

  // A launch CUDA rejects runs nothing: an error, and no numbers for it.
  if (std::string Why = launchLimitViolations(R.Launch.Grid, R.Launch.Block);
      !Why.empty()) {
    InvalidValue = true;
    R.Findings.push_back(
        Finding{"rl-invalid-launch", Severity::Error,
                "CUDA rejects this launch of '" + Model.Name + "' (" + Why +
                    "): it fails with cudaErrorInvalidConfiguration and runs "
                    "nothing, so nothing is predicted",
                Launch.Site.valid() ? Launch.Site : Model.Location});
  }

  auto Low = namedFields(Model.Total.Low);
  auto High = namedFields(Model.Total.High);
  auto PerLow = namedFields(Model.PerThread.Low);
  auto PerHigh = namedFields(Model.PerThread.High);
  // Formulas read better without the dimensions the kernel never uses; the
  // numbers below still use the launch's real values.
  std::map<std::string, Expr> Unused;
  for (unsigned D = 1; D < 3; ++D)
    if (!Model.UsesDimension[D]) {
      Unused[dimSymbol("gridDim", D)] = Expr(1);
      Unused[dimSymbol("blockDim", D)] = Expr(1);
    }
  auto shown = [&](const Expr &E) { return E.substitute(Unused).str(); };

  // Without any launch, an unused dimension is 1; a launch whose size in it
  // is unknown stays unbound (its note says why).
  if (Launch.Source == LaunchSource::None)
    for (const auto &[Symbol, One] : Unused)
      Values.emplace(Symbol, Rational(1));
  BoundTotals Totals;
  for (size_t I = 0; I < Low.size(); ++I) {
    const std::string &Key = Low[I].first;
    R.TotalFormulas[Key] = {shown(Low[I].second), shown(High[I].second)};
    R.PerThreadFormulas[Key] = {shown(PerLow[I].second),
                                shown(PerHigh[I].second)};
    EvalResult L = Low[I].second.evaluate(Values);
    // An exact count is evaluated once (a sum added term by term is costly).
    EvalResult H =
        High[I].second == Low[I].second ? L : High[I].second.evaluate(Values);
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
      R.Findings.push_back(Finding{
          "rl-overflow", Severity::Warning,
          "'" + Key + "' does not fit in 128-bit arithmetic", Model.Location});
    else if (OverBudget)
      R.Findings.push_back(
          Finding{"rl-undefined", Severity::Warning,
                  "'" + Key +
                      "' is not evaluated for this launch: its loops have no "
                      "closed form and need more than " +
                      std::to_string(Expr::MaxSumTerms) +
                      " terms added one by one (" + Low[I].second.str() + ")",
                  Model.Location});
    else if (DomainError)
      R.Findings.push_back(Finding{
          "rl-undefined", Severity::Warning,
          "'" + Key + "' is undefined for this launch (" + Low[I].second.str() +
              ": a division by zero, or a loop too long to sum term by term)",
          Model.Location});
    if (!L.ok() || !H.ok())
      continue;
    double LowValue = L.Value->toDouble(), HighValue = H.Value->toDouble();
    Totals.Values[Key] = NumberRange{std::min(LowValue, HighValue),
                                     std::max(LowValue, HighValue)};
  }
  for (const auto &[Key, Formulas] : R.TotalFormulas)
    for (const std::string *F : {&Formulas.first, &Formulas.second})
      if (F->find("threadIdx.") != std::string::npos ||
          F->find("blockIdx.") != std::string::npos) {
        R.Findings.push_back(
            Finding{"rl-unsupported", Severity::Warning,
                    "'" + Key + "' still depends on the thread index (" + *F +
                        "): a construct the model does not sum over threads",
                    Model.Location});
      }

  R.Assumptions = Model.Assumptions;
  if (!Unused.empty())
    R.Assumptions.push_back(
        std::string("formulas are shown for ") +
        (Model.UsesDimension[1] ? "" : "gridDim.y = blockDim.y = 1") +
        (!Model.UsesDimension[1] && !Model.UsesDimension[2] ? ", " : "") +
        (Model.UsesDimension[2] ? "" : "gridDim.z = blockDim.z = 1") +
        " (dimensions the kernel does not use)");
  // The memory model needs every launch symbol; without it DRAM bytes stay
  // the requested bytes.
  std::vector<MemoryEstimate> Memory;
  if (R.Unbound.empty() && !InvalidValue)
    for (const GpuSpec *Gpu : Gpus) {
      Memory.push_back(estimateMemory(Model, Values, *Gpu));
      if (!Memory.back().Available) {
        Memory.clear();
        break;
      }
    }
  if (Memory.empty()) {
    R.Assumptions.push_back("DRAM bytes = every global load and store the "
                            "source issues (no cache model: the launch is "
                            "not bound)");
  } else {
    const MemoryEstimate &First = Memory.front();
    R.Memory = First;
    Totals.Values["dram_bytes"] = {First.DramBytes, First.DramBytes};
    Totals.Values["footprint_bytes"] = {First.FootprintBytes,
                                        First.FootprintBytes};
    Totals.Values["dram_read_bytes"] = {First.DramReadBytes,
                                        First.DramReadBytes};
    Totals.Values["dram_write_bytes"] = {First.DramWriteBytes,
                                         First.DramWriteBytes};
    Totals.Values["dram_deferred_write_bytes"] = {First.DeferredWriteBytes,
                                                  First.DeferredWriteBytes};
    Totals.Values["global_sector_bytes"] = {First.GlobalSectorBytes,
                                            First.GlobalSectorBytes};
    Totals.Values["shared_wavefront_bytes"] = {First.SharedWavefrontBytes,
                                               First.SharedWavefrontBytes};
    Totals.Values["l2_bytes"] = {First.L2Bytes, First.L2Bytes};
    Totals.Values["l1_bytes"] = {First.L1Bytes, First.L1Bytes};
    for (const std::string &A : First.Assumptions)
      R.Assumptions.push_back(A);
    for (const Finding &F : First.Findings)
      R.Findings.push_back(F);
  }

  // Quantities that failed (an overflow, a sum too long) stay out of the
  // totals; the others are still reported, and the verdict needs only the
  // FLOPs by precision and the DRAM bytes.
  bool RooflineReady = true;
  for (const char *Key : FlopKeys)
    RooflineReady &= Totals.Values.count(Key) != 0;
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    RooflineReady &= Totals.Values.count(
                         tensorFlopKey(static_cast<TensorPrecision>(P))) != 0;
  RooflineReady &= Totals.Values.count("dram_bytes") != 0;
  if (R.Unbound.empty() && !InvalidValue) {
    R.Totals = Totals;
    for (size_t I = 0; I < Low.size(); ++I)
      if (Totals.Values.count(Low[I].first))
        R.LaunchFormulas[Low[I].first] = {
            shown(Low[I].second.resolveMinMax(Values)),
            shown(High[I].second.resolveMinMax(Values))};
  }
  if (RooflineReady && R.Unbound.empty() && !InvalidValue) {
    for (size_t I = 0; I < Gpus.size(); ++I) {
      const GpuSpec *Gpu = Gpus[I];
      GpuVerdict V;
      V.Gpu = Gpu;
      RooflineInput Low = rooflineInput(Totals, false);
      RooflineInput High = rooflineInput(Totals, true);
      if (I < Memory.size()) {
        addMemoryLevels(Low, Memory[I]);
        addMemoryLevels(High, Memory[I]);
      }
      V.Low = evaluateRoofline(Low, *Gpu);
      V.High = evaluateRoofline(High, *Gpu);
      if (I < Memory.size())
        V.Fixes = priceSiteFixes(Model, Values, *Gpu, Memory[I], High);
      R.Verdicts.push_back(V);
    }
  } else if (!R.Unbound.empty()) {
    std::string List;
    for (const std::string &S : R.Unbound)
      List += (List.empty() ? "" : ", ") + S;
    R.Findings.push_back(
        Finding{"rl-unbound", Severity::Note,
                "'" + Model.Name + "' has unbound symbols: " + List +
                    "; bind them with --launch '" + Model.Name +
                    ":grid=...,block=...' and --bind NAME=VALUE",
                Model.Location});
  }
  return R;
}

} // namespace rla
