//===- BindStage.cpp - The launch's values, checked -----------------------===//
///
/// \file
/// Every symbol's value (a project config's, then the launch's, then
/// --bind), the launch as the numbers use it, and the findings about values
/// that the model or CUDA cannot take.
//===----------------------------------------------------------------------===//
#include "analyzer/models/Binder.h"
#include "analyzer/models/LaunchLimits.h"
#include "analyzer/models/LaunchStage.h"

#include "llvm/ADT/STLExtras.h"

namespace rla {
namespace {

class BindStage : public LaunchStage {
public:
  const char *name() const override { return "bind"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    const KernelModel &Model = C.Model;
    R.Model = Model;
    R.Launch = C.Launch;
    C.Values = C.Defaults;
    Bindings FromLaunch = launchBindings(Model, C.Launch);
    for (const auto &[Name, Value] : FromLaunch)
      C.Values[Name] = Value;
    // Who gave a symbol its value: an error about it is bad input (exit 2)
    // when the user did, a failed run (exit 1) when the program's code did.
    auto GivenBy = [&](const std::string &Name) -> std::string {
      if (C.UserBindings.count(Name))
        return "--bind";
      if (FromLaunch.count(Name))
        switch (C.Launch.Source) {
        case LaunchSource::Cli:
          return "--launch";
        case LaunchSource::LaunchFile:
          return "launch file";
        case LaunchSource::Trace:
          return "trace";
        case LaunchSource::LaunchSite:
        case LaunchSource::None:
          return "program";
        }
      if (C.Defaults.count(Name))
        return "project config";
      return "program";
    };
    for (const auto &[Name, Value] : C.UserBindings)
      C.Values[Name] = Value;
    // A pointer the kernel tests for null that nothing decides is taken as
    // a buffer, as most launches pass one, and said so.
    for (const std::string &P : Model.NullTestedPointers)
      if (!C.Values.count(P)) {
        C.Values[P] = Rational(1);
        R.Model.Assumptions.push_back(
            note(NoteId::PointerTakenAsBuffer, {{"pointer", P}}));
      }
    // A loop count the walker could not derive asks to be bound; once this
    // launch binds it, the request is answered (the assumption line keeps
    // the loop and its symbol, and the report shows the value).
    llvm::erase_if(R.Model.Findings, [&](const Finding &F) {
      auto It = F.Data.find("symbol");
      return F.Id == "rl-unknown-trip-count" && It != F.Data.end() &&
             std::holds_alternative<std::string>(It->second) &&
             C.Values.count(std::get<std::string>(It->second));
    });
    // --bind smem=BYTES: the launch's dynamic shared memory per block,
    // where the host code's value is not followed (a kernel parameter of
    // that name takes the value instead).
    if (auto Smem = C.UserBindings.find("smem");
        Smem != C.UserBindings.end() && !Model.findParam("smem")) {
      R.Launch.DynamicSmem = Smem->second;
      llvm::erase_if(R.Launch.Notes, [](const Note &N) {
        return N.Id == NoteId::LaunchSmemUnknown ||
               N.Id == NoteId::LaunchConfigSmemUnknown;
      });
    }
    // The report shows the values the numbers use.
    for (const auto &[Name, Value] : C.Values)
      if (const KernelParam *P = Model.findParam(Name);
          P && P->ParamKind == KernelParam::Integer)
        R.Launch.Args[Name] = Value;
    for (unsigned D = 0; D < 3; ++D) {
      auto G = C.Values.find(dimSymbol("gridDim", D));
      if (G != C.Values.end())
        R.Launch.Grid[D] = G->second;
      auto B = C.Values.find(dimSymbol("blockDim", D));
      if (B != C.Values.end())
        R.Launch.Block[D] = B->second;
    }
    // A block size the kernel's indexing was written for, checked against
    // the launch: Fits says whether the launched size is one it handles,
    // Key names the kind of assumption (assumed size, tile, group width).
    auto checkBlockDims = [&](const std::map<std::string, Rational> &Assumed,
                              const char *Key, auto Fits) {
      for (const auto &[Dim, Size] : Assumed) {
        auto It = C.Values.find(Dim);
        if (It != C.Values.end() && !Fits(Size, It->second))
          R.Findings.push_back(dataFinding("rl-block-size-mismatch",
                                           Severity::Warning, C.where(),
                                           {{"kernel", Model.Name},
                                            {"dimension", Dim},
                                            {Key, Size.str()},
                                            {"launched", It->second.str()}}));
      }
    };
    checkBlockDims(Model.AssumedBlockDims, "assumed",
                   [](const Rational &Size, const Rational &Launched) {
                     return Launched == Size;
                   });
    checkBlockDims(Model.StrideTiles, "tile",
                   [](const Rational &Tile, const Rational &Launched) {
                     return !(Tile < Launched);
                   });
    checkBlockDims(Model.BlockDimMultiples, "group",
                   [](const Rational &Width, const Rational &Launched) {
                     return (Launched / Width).isInteger();
                   });
    // Launch arguments that name no parameter are most likely typos.
    for (const auto &[Name, Value] : C.Launch.Args)
      if (!Model.findParam(Name.substr(0, Name.find('.'))))
        R.Findings.push_back(
            dataFinding("rl-unknown-argument", Severity::Warning, C.where(),
                        {{"argument", Name}, {"kernel", Model.Name}}));
    // The model assumes sizes are non-negative integers; say so when a
    // value breaks that rather than print negative FLOPs.
    for (const auto &[Name, Value] : C.Values) {
      const KernelParam *P = Model.findParam(Name);
      bool IsDim =
          Name.rfind("gridDim.", 0) == 0 || Name.rfind("blockDim.", 0) == 0;
      if (!IsDim && !(P && P->ParamKind == KernelParam::Integer))
        continue;
      if (Value.isNegative() || !Value.isInteger() ||
          (IsDim && Value.isZero())) {
        C.Invalid = true;
        R.Findings.push_back(dataFinding(
            "rl-invalid-binding", Severity::Error, C.where(),
            {{"symbol", Name},
             {"value", Value.str()},
             {"needs", IsDim ? "positive integer" : "non-negative integer"},
             {"given_by", GivenBy(Name)}}));
      }
    }
    // A launch CUDA rejects runs nothing: an error, and no numbers for it.
    if (std::string Why = launchLimitViolations(R.Launch.Grid, R.Launch.Block);
        !Why.empty()) {
      C.Invalid = true;
      std::string By = "program";
      for (const char *Dim : {"gridDim", "blockDim"})
        for (unsigned D = 0; D < 3 && By == "program"; ++D)
          By = GivenBy(dimSymbol(Dim, D));
      R.Findings.push_back(dataFinding(
          "rl-invalid-launch", Severity::Error, C.where(),
          {{"kernel", Model.Name}, {"violations", Why}, {"given_by", By}}));
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeBindStage() {
  return std::make_unique<BindStage>();
}

} // namespace rla
