//===- RlAnalyzePlugin.cpp - rl-analyze as a clang plugin -----------------===//
///
/// \file
/// `clang++ -x cuda -fplugin=rl-analyze-plugin.so kernel.cu` reports the
/// same findings as `rl-analyze kernel.cu --format=diagnostics`, during the
/// ordinary compile (so distributed builds run the analysis too). Clang runs
/// one host job and one device job per GPU architecture; only the host job
/// reports, so each finding appears once.
///
/// Options: -Xclang -plugin-arg-rl-analyze -Xclang gpu=H100 (also bind=,
/// launch=, launches=, gpu-db=, checks=, verdicts, no-config,
/// no-resources, sarif; see docs/plugin.md). The findings are reported by
/// default; the roofline remark of each launch only with `verdicts`.
//===----------------------------------------------------------------------===//
#include "FindingEmitter.h"

#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/pipeline/RequestSettings.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/SarifRenderer.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"

#include <nlohmann/json.hpp>

using namespace clang;

namespace rla {
namespace {

struct PluginOptions {
  PluginOptions() {
    // A build log wants problems: the roofline verdict of every launch is
    // opt-in (plugin argument `verdicts`), the findings are on.
    Settings.DefaultChecks = "-rl-memory-bound,-rl-compute-bound";
  }
  RequestSettings Settings;
  std::string GpuDbPath;
  /// -Wno-rl-... switches given as plugin arguments, without "-W".
  std::vector<std::string> WarningFlags;
  /// Also print the file's SARIF log on stdout: a distributed build brings
  /// back a worker's stdout and stderr with the object, never its files.
  bool Sarif = false;
};

class AnalysisConsumer : public ASTConsumer {
public:
  /// Options is copied: clang destroys the plugin action right after it
  /// has made its consumer.
  AnalysisConsumer(CompilerInstance &CI, PluginOptions Options)
      : CI(CI), Options(std::move(Options)) {
    // rl-host-branch comes from the preprocessor, as in the CLI.
    CI.getPreprocessor().addPPCallbacks(createArchConditionWatcher(
        CI.getSourceManager(), CI.getLangOpts(), Parsed));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // as the CLI: a file with errors is not analysed
    extractFromAST(Ctx, Parsed);

    SourceManager &SM = CI.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    std::string File = Main ? Main->getName().str() : "";

    std::string Error;
    AnalysisRequest Req;
    std::vector<std::string> ConfigFlags; // the build has its own flags
    GpuDatabase Db;
    std::vector<const GpuSpec *> Gpus;
    bool Loaded = Options.GpuDbPath.empty()
                      ? Db.loadDefault(Error)
                      : Db.loadFile(Options.GpuDbPath, Error);
    if (!Loaded)
      Error = "cannot load the GPU database: " + Error;
    else if (!buildRequest(Options.Settings, File, Req, ConfigFlags, Error) ||
             !resolveGpus(Req.GpuNames, Db, Gpus, Error))
      Loaded = false;
    if (!Loaded) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "rl-analyze: %0"))
          << Error;
      return;
    }
    AnalysisResult Result =
        reportFromParsed(Req, Req.Parse, Gpus, std::move(Parsed));
    if (Result.Exit == ExitInputError) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "rl-analyze: %0"))
          << Result.Error;
      return;
    }
    FindingEmitter(CI, Options.WarningFlags).emit(collectDiagnostics(Result.R));
    if (Options.Sarif)
      llvm::outs() << renderSarif(
          {nlohmann::ordered_json::parse(renderJson(Result.R))}, RLA_VERSION);
  }

private:
  CompilerInstance &CI;
  const PluginOptions Options;
  ParsedFile Parsed;
};

class RlAnalyzeAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // The device jobs see the same kernels; the host job alone reports.
    const LangOptions &LO = CI.getLangOpts();
    if (!LO.CUDA || LO.CUDAIsDevice)
      return std::make_unique<ASTConsumer>();
    return std::make_unique<AnalysisConsumer>(CI, Options);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      std::string Error;
      llvm::StringRef A = Arg;
      if (A.consume_front("-W")) {
        Options.WarningFlags.push_back(A.str());
        continue;
      }
      if (A.consume_front("gpu-db=")) {
        Options.GpuDbPath = A.str();
        continue;
      }
      if (A == "sarif") {
        Options.Sarif = true;
        continue;
      }
      if (A == "verdicts") {
        Options.Settings.Checks +=
            (Options.Settings.Checks.empty() ? "" : ",") +
            std::string("rl-memory-bound,rl-compute-bound");
        continue;
      }
      if (A == "help") {
        llvm::errs() << "rl-analyze plugin options (each with -Xclang "
                        "-plugin-arg-rl-analyze -Xclang OPTION):\n"
                        "  gpu=NAME[,NAME]  GPUs to predict for\n"
                        "  bind=NAME=VALUE  bind a symbol\n"
                        "  launch=KERNEL:grid=..,block=..  a launch\n"
                        "  launches=FILE    a launch file\n"
                        "  gpu-db=FILE      the GPU database\n"
                        "  checks=GLOBS     findings to report, as --checks\n"
                        "  verdicts         also the roofline remark of each "
                        "launch\n"
                        "  no-config        ignore .rl-analyze.json\n"
                        "  no-resources     no nvcc compile (no occupancy)\n"
                        "  sarif            also the file's SARIF log on "
                        "stdout\n"
                        "  -Wno-ID, -Werror=ID, -Wno-rl-analyze  as the "
                        "compiler's -W options, without its unknown-option "
                        "warning\n";
        continue;
      }
      if (!applySettingOption(A, Options.Settings, Error)) {
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                   "rl-analyze plugin: %0"))
            << Error;
        return false;
      }
    }
    return true;
  }

  /// After the compile's own action, so that the build is unchanged.
  ActionType getActionType() override { return AddAfterMainAction; }

private:
  PluginOptions Options;
};

} // namespace
} // namespace rla

static clang::FrontendPluginRegistry::Add<rla::RlAnalyzeAction>
    Registration("rl-analyze", "static cost analysis of CUDA kernels");
