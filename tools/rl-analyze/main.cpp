//===- main.cpp - rl-analyze command line ---------------------------------===//
///
/// \file
/// `rl-analyze kernel.cu [options] [-- compiler flags]`: options in, Report
/// out. Everything else lives in the analyzer libraries.
//===----------------------------------------------------------------------===//
#include "analyzer/driver/LaunchOptions.h"
#include "analyzer/driver/ProjectConfig.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/lsp/LanguageServer.h"
#include "analyzer/pipeline/Analysis.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/TextRenderer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace rla;

namespace {

cl::OptionCategory Category("rl-analyze options");

cl::opt<std::string> Input(cl::Positional,
                           cl::desc("<file.cu> [-- compiler flags]"),
                           cl::cat(Category));
cl::list<std::string> GpuNames("gpu", cl::CommaSeparated,
                               cl::desc("GPU(s) to predict for, e.g. "
                                        "--gpu=L40S,H100 (default: the "
                                        "database default or the config)"),
                               cl::value_desc("name"), cl::cat(Category));
enum class Format { Text, Json, Diagnostics };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "readable table (default)"),
               clEnumValN(Format::Json, "json",
                          "JSON report (docs/json-format.md)"),
               clEnumValN(Format::Diagnostics, "diagnostics",
                          "clang-style file:line:col diagnostics")),
    cl::init(Format::Text), cl::cat(Category));
cl::list<std::string>
    LaunchOpts("launch",
               cl::desc("Launch configuration, e.g. "
                        "'saxpy:grid=65536,block=256,smem=0,n=1<<24'"),
               cl::value_desc("kernel:key=value,..."), cl::cat(Category));
cl::list<std::string> BindOpts("bind",
                               cl::desc("Bind a symbol, e.g. --bind n=1<<24"),
                               cl::value_desc("name=value"), cl::cat(Category));
cl::opt<std::string>
    LaunchFile("launches",
               cl::desc("Launch file (JSON array, docs/launch-file.md)"),
               cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> BuildPath("p",
                               cl::desc("Directory with compile_commands.json"),
                               cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> CudaPath("cuda-path",
                              cl::desc("CUDA toolkit root (default: $CUDA_PATH "
                                       "or /usr/local/cuda)"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string>
    CudaArch("cuda-gpu-arch",
             cl::desc("Architecture for the parse (default sm_90)"),
             cl::init("sm_90"), cl::cat(Category));
cl::opt<bool> NoCudaHeaders("no-cuda-headers",
                            cl::desc("Parse without the CUDA headers "
                                     "(-nocudainc); supply your own stubs"),
                            cl::cat(Category));
cl::list<std::string>
    ExtraArgs("extra-arg", cl::desc("Extra compiler argument (repeatable)"),
              cl::cat(Category));
cl::opt<std::string> GpuDbPath("gpu-db", cl::desc("GPU database file"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> NoConfig("no-config",
                       cl::desc("Do not look for .rl-analyze.json"),
                       cl::cat(Category));
cl::opt<bool> ListGpus("list-gpus", cl::desc("List the known GPUs and exit"),
                       cl::cat(Category));
cl::opt<unsigned> LspDebounceMs(
    "lsp-debounce-ms",
    cl::desc("rl-analyze lsp: quiet time after an edit before re-analysis"),
    cl::init(200), cl::cat(Category));
cl::opt<cl::boolOrDefault> Color(
    "colors",
    cl::desc("Colour the text output (default: when stdout is a terminal)"),
    cl::cat(Category));

int usageError(const std::string &Message) {
  errs() << "rl-analyze: error: " << Message << "\n";
  return ExitInputError;
}

/// Splits argv at the first "--": what follows goes to the compiler.
std::vector<std::string> splitCompilerFlags(int &Argc, const char **Argv) {
  std::vector<std::string> Flags;
  for (int I = 1; I < Argc; ++I) {
    if (std::strcmp(Argv[I], "--") == 0) {
      for (int J = I + 1; J < Argc; ++J)
        Flags.emplace_back(Argv[J]);
      Argc = I;
      break;
    }
  }
  return Flags;
}

/// `rl-analyze lsp`: the options that apply to every document.
int runLanguageServerFromOptions(const GpuDatabase &Db,
                                 const std::vector<std::string> &Flags) {
  if (!Input.empty())
    return usageError("rl-analyze lsp takes no input file (the editor "
                      "opens documents)");
  LanguageServerOptions Options;
  Options.Parse.CompileDbDir = BuildPath;
  Options.Parse.CudaPath = CudaPath;
  Options.Parse.CudaArch = CudaArch;
  Options.Parse.NoCudaHeaders = NoCudaHeaders;
  Options.Parse.ExtraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  Options.Parse.ExtraArgs.insert(Options.Parse.ExtraArgs.end(), Flags.begin(),
                                 Flags.end());
  Options.DebounceMs = LspDebounceMs;
  RequestSettings &S = Options.Settings;
  S.UseConfig = !NoConfig;
  S.LaunchFile = LaunchFile;
  std::string Error;
  for (const std::string &Name : GpuNames) {
    if (!Db.find(Name))
      return usageError("unknown GPU '" + Name +
                        "'; known GPUs: " + Db.knownNames());
    S.GpuNames.push_back(Name);
  }
  for (const std::string &B : BindOpts)
    if (!applySettingOption("bind=" + B, S, Error))
      return usageError("--" + Error);
  for (const std::string &L : LaunchOpts)
    if (!applySettingOption("launch=" + L, S, Error))
      return usageError("--" + Error);
  return runLanguageServer(Options, Db, stdin, stdout);
}

} // namespace

int main(int Argc, const char **Argv) {
  std::vector<std::string> CompilerFlags = splitCompilerFlags(Argc, Argv);
  // `rl-analyze lsp [options]`: the language server on stdin/stdout.
  bool LanguageServer = Argc > 1 && std::strcmp(Argv[1], "lsp") == 0;
  if (LanguageServer) {
    for (int I = 1; I + 1 < Argc; ++I)
      Argv[I] = Argv[I + 1];
    --Argc;
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "rl-analyze " << RLA_VERSION << "\n"; });
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "static cost analyzer for CUDA kernels: FLOPs, bytes, arithmetic "
          "intensity and a roofline verdict per kernel launch\n",
          &errs()))
    return ExitInputError;
  GpuDatabase::setExecutablePath(Argv[0]);

  GpuDatabase Db;
  std::string Error;
  bool Loaded =
      GpuDbPath.empty() ? Db.loadDefault(Error) : Db.loadFile(GpuDbPath, Error);
  if (!Loaded)
    return usageError("cannot load the GPU database: " + Error);
  if (ListGpus) {
    for (const GpuSpec &G : Db.all())
      outs() << G.Name << "  (" << G.FullName << ", sm_" << G.ComputeMajor
             << G.ComputeMinor << ")\n";
    return ExitOk;
  }
  if (LanguageServer)
    return runLanguageServerFromOptions(Db, CompilerFlags);
  if (Input.empty())
    return usageError("no input file; usage: rl-analyze FILE.cu [options] "
                      "[-- compiler flags] (see --help)");

  AnalysisRequest Req;
  Req.Parse.File = Input;
  Req.Parse.CompileDbDir = BuildPath;
  Req.Parse.CudaPath = CudaPath;
  Req.Parse.CudaArch = CudaArch;
  Req.Parse.NoCudaHeaders = NoCudaHeaders;

  // The project config gives team defaults; the command line wins.
  ProjectConfig Config;
  bool HaveConfig = false;
  if (!NoConfig)
    if (auto Path = findProjectConfig(Input)) {
      if (!loadProjectConfig(*Path, Config, Error))
        return usageError(Error);
      HaveConfig = true;
    }
  if (HaveConfig) {
    Req.Parse.ExtraArgs = Config.Flags;
    for (const auto &[Name, Value] : Config.Binds)
      Req.DefaultBinds[Name] = Value;
  }
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(), ExtraArgs.begin(),
                             ExtraArgs.end());
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(), CompilerFlags.begin(),
                             CompilerFlags.end());
  Req.GpuNames.assign(GpuNames.begin(), GpuNames.end());
  if (Req.GpuNames.empty() && HaveConfig) {
    for (const std::string &Name : Config.Gpus)
      if (!Db.find(Name))
        return usageError(Config.Path + ": unknown GPU '" + Name +
                          "'; known GPUs: " + Db.knownNames());
    Req.GpuNames = Config.Gpus;
  }

  for (const std::string &B : BindOpts) {
    std::string Name;
    Rational Value;
    if (!parseBinding(B, Name, Value, Error))
      return usageError("--bind: " + Error);
    Req.Binds[Name] = Value;
  }
  std::string Launches = LaunchFile;
  if (Launches.empty() && HaveConfig)
    Launches = Config.LaunchFile;
  if (!Launches.empty() && !parseLaunchFile(Launches, Req.Launches, Error))
    return usageError(LaunchFile.empty() ? Config.Path + ": launches: " + Error
                                         : Error);
  for (const std::string &L : LaunchOpts) {
    LaunchSpec Spec;
    if (!parseLaunchOption(L, Spec, Error))
      return usageError("--launch: " + Error);
    Req.Launches.push_back(std::move(Spec));
  }

  AnalysisResult Result = analyze(Req, Db);
  if (Result.Exit == ExitInputError)
    return usageError(Result.Error);

  switch (OutputFormat) {
  case Format::Json:
    outs() << renderJson(Result.R);
    break;
  case Format::Diagnostics:
    outs() << renderDiagnostics(Result.R);
    break;
  case Format::Text: {
    bool UseColor =
        Color == cl::BOU_TRUE ||
        (Color == cl::BOU_UNSET && sys::Process::StandardOutIsDisplayed());
    outs() << renderText(Result.R, UseColor);
    break;
  }
  }
  return Result.Exit;
}
