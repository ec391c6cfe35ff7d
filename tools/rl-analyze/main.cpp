//===- main.cpp - rl-analyze command line ---------------------------------===//
///
/// \file
/// `rl-analyze kernel.cu [options] [-- compiler flags]`: options in, Report
/// out. Everything else lives in the analyzer libraries.
//===----------------------------------------------------------------------===//
#include "MeasureCommand.h"
#include "OccupancyCommand.h"
#include "analyzer/driver/CacheContext.h"
#include "analyzer/driver/CompileDbFiles.h"
#include "analyzer/driver/LaunchOptions.h"
#include "analyzer/driver/ProjectConfig.h"
#include "analyzer/driver/ResultCache.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/lsp/LanguageServer.h"
#include "analyzer/models/Crossover.h"
#include "analyzer/pipeline/Analysis.h"
#include "analyzer/pipeline/ProjectRun.h"
#include "analyzer/pipeline/RequestSettings.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/GpuListJson.h"
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/ListingRenderer.h"
#include "analyzer/report/TextRenderer.h"
#include "analyzer/support/CacheDirectory.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;
using namespace rla;

namespace {

cl::OptionCategory Category("rl-analyze options");

cl::list<std::string> Inputs(cl::Positional,
                             cl::desc("<file.cu>... [-- compiler flags]"),
                             cl::cat(Category));
cl::list<std::string> GpuNames("gpu", cl::CommaSeparated,
                               cl::desc("GPU(s) to predict for, e.g. "
                                        "--gpu=L40S,H100 (default: the "
                                        "database default or the config)"),
                               cl::value_desc("name"), cl::cat(Category));
enum class Format { Text, Json, Diagnostics, Sarif };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "readable table (default)"),
               clEnumValN(Format::Json, "json",
                          "JSON report (docs/json-format.md)"),
               clEnumValN(Format::Diagnostics, "diagnostics",
                          "clang-style file:line:col diagnostics"),
               clEnumValN(Format::Sarif, "sarif",
                          "SARIF 2.1.0 log (code scanning, editors)")),
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
cl::opt<std::string> ProgramArgs(
    "args",
    cl::desc("Arguments the program runs with, for the host code that sizes "
             "its launches (argv[1..]), e.g. --args \"4096 10\"; without it "
             "the program runs without arguments"),
    cl::value_desc("words"), cl::cat(Category));
cl::list<std::string>
    ProgramEnv("env",
               cl::desc("An environment variable the program's getenv sees"),
               cl::value_desc("NAME=VALUE"), cl::cat(Category));
cl::opt<bool> NoCudaHeaders("no-cuda-headers",
                            cl::desc("Parse without the CUDA headers "
                                     "(-nocudainc); supply your own stubs"),
                            cl::cat(Category));
cl::opt<bool> Strict("strict",
                     cl::desc("Exit 2 on any clang error (by default the "
                              "kernels without one are analysed)"),
                     cl::cat(Category));
cl::opt<bool> CompilerWarnings(
    "compiler-warnings",
    cl::desc("Print clang's warnings and errors on the input (quiet by "
             "default; errors become [rl-frontend-error] findings)"),
    cl::cat(Category));
cl::list<std::string>
    ExtraArgs("extra-arg", cl::desc("Extra compiler argument (repeatable)"),
              cl::cat(Category));
cl::opt<std::string> GpuDbPath("gpu-db", cl::desc("GPU database file"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> NoConfig("no-config",
                       cl::desc("Do not look for .rl-analyze.json"),
                       cl::cat(Category));
cl::opt<std::string>
    Solve("solve",
          cl::desc("Print, per kernel and GPU, the value of SYMBOL (a kernel "
                   "parameter such as N) at which the kernel becomes "
                   "compute-bound"),
          cl::value_desc("SYMBOL"), cl::cat(Category));
cl::opt<std::string> PrecisionOpt(
    "precision",
    cl::desc("Ask --solve against this precision's roof (tensor where the GPU "
             "has one: fp16, bf16, tf32, fp8, int8, fp4, fp64, fp32); without "
             "--solve, show each launch as if its data were stored in it"),
    cl::value_desc("X"), cl::cat(Category));
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

cl::opt<std::string> CacheStateOpt(
    "cache-state",
    cl::desc("What the L2 holds when a launch starts: cold (default, as "
             "Nsight Compute flushes it) or warm (a launch in a loop: the "
             "data is still there when it fits)"),
    cl::value_desc("cold|warm"), cl::cat(Category));

cl::opt<bool> NoResources(
    "no-resources",
    cl::desc("Do not compile the device code with nvcc for registers and "
             "shared memory (occupancy is then unknown)"),
    cl::cat(Category));
cl::opt<bool> NoResourceCache(
    "no-resource-cache",
    cl::desc("Compile with nvcc even when the cache has the result"),
    cl::cat(Category));
cl::opt<std::string> ResourceCacheDir(
    "resource-cache-dir",
    cl::desc("Cache of ptxas reports (default: $RL_ANALYZE_CACHE_DIR, "
             "$XDG_CACHE_HOME/rl-analyze or ~/.cache/rl-analyze)"),
    cl::value_desc("dir"), cl::cat(Category));
// Developer-loop options: whole projects, the cache and the gates.
cl::opt<bool> AllEntries("all",
                         cl::desc("Analyse every CUDA entry of "
                                  "compile_commands.json (-p) even when "
                                  "files are given"),
                         cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Analyse N files in parallel"), cl::Prefix,
                       cl::value_desc("N"), cl::init(1), cl::cat(Category));
cl::opt<std::string>
    CacheDir("cache-dir",
             cl::desc("Result cache directory (default for whole-project "
                      "runs: $RL_ANALYZE_CACHE_DIR, $XDG_CACHE_HOME/rl-analyze "
                      "or ~/.cache/rl-analyze)"),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache", cl::desc("Do not read or write the cache"),
                      cl::cat(Category));
cl::opt<bool> Lines("lines",
                    cl::desc("Under each launch, a table of the source lines "
                             "that access global or shared memory: bytes "
                             "loaded and stored, 32-byte sectors, share of "
                             "the launch's DRAM traffic"),
                    cl::cat(Category));
cl::opt<std::string>
    SvgFile("svg",
            cl::desc("Write a roofline picture (SVG) of the report: every "
                     "ceiling of each --gpu and each launch as a point"),
            cl::value_desc("file.svg"), cl::cat(Category));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Print each launch's assumptions (assumes: "
                               "lines) and say for each file whether it was "
                               "analysed or served from the cache"),
                      cl::cat(Category));
cl::list<std::string>
    FailOn("fail-on", cl::CommaSeparated,
           cl::desc("Exit 1 when one of these findings is reported: IDs, "
                    "'*', or a level (remark, note, warning, error)"),
           cl::value_desc("ID,..."), cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Exit 1 when a kernel regresses against this baseline"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    WriteBaselineFile("write-baseline",
                      cl::desc("Record this run's per-kernel predictions"),
                      cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> BaselineTolerance(
    "baseline-tolerance",
    cl::desc("How much worse a kernel may get before --baseline fails "
             "(default 5%)"),
    cl::value_desc("percent"), cl::init("5%"), cl::cat(Category));
cl::opt<unsigned> StreamLaunches(
    "stream-launches",
    cl::desc("Write the report as it is computed (and do not cache it) for "
             "a launch file of at least this many cases (default 1000)"),
    cl::value_desc("N"), cl::init(1000), cl::cat(Category));
cl::opt<NewLaunchPolicy> BaselineNew(
    "baseline-new",
    cl::desc("What --baseline does with a launch the baseline lacks"),
    cl::values(clEnumValN(NewLaunchPolicy::Fail, "fail", "fail the gate"),
               clEnumValN(NewLaunchPolicy::Warn, "warn",
                          "name it as not compared (default)"),
               clEnumValN(NewLaunchPolicy::Ignore, "ignore", "say nothing")),
    cl::init(NewLaunchPolicy::Warn), cl::cat(Category));
cl::opt<bool> FailOnNew(
    "fail-on-new",
    cl::desc("With --baseline: fail when a kernel has a finding its baseline "
             "entry has not"),
    cl::cat(Category));
cl::opt<bool> ListDiagnostics("list-diagnostics",
                              cl::desc("List the finding IDs and exit"),
                              cl::cat(Category));
cl::list<std::string> Checks(
    "checks",
    cl::desc(
        "Findings to report, as clang-tidy's -checks: globs, '-' "
        "turns off, the last match wins, e.g. --checks='-*,rl-uncoalesced'"),
    cl::value_desc("globs"), cl::cat(Category));
cl::opt<std::string>
    Explain("explain",
            cl::desc("What a finding ID means, why it matters, how to fix it, "
                     "with an example, and exit"),
            cl::value_desc("ID"), cl::cat(Category));

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
/// What the command line says about GPUs, values, launches and checks, in
/// the form every front end hands to buildRequest (RequestSettings.h).
bool settingsFromCommandLine(const GpuDatabase &Db, RequestSettings &S,
                             std::string &Error) {
  S.UseConfig = !NoConfig;
  S.NoResources = NoResources;
  S.LaunchFile = LaunchFile;
  for (const std::string &Name : GpuNames) {
    if (!Db.find(Name)) {
      Error = "unknown GPU '" + Name + "'; known GPUs: " + Db.knownNames();
      return false;
    }
    S.GpuNames.push_back(Name);
  }
  auto apply = [&](const char *Key, const std::string &Value) {
    if (applySettingOption(std::string(Key) + "=" + Value, S, Error))
      return true;
    Error = "--" + Error;
    return false;
  };
  for (const std::string &B : BindOpts)
    if (!apply("bind", B))
      return false;
  for (const std::string &L : LaunchOpts)
    if (!apply("launch", L))
      return false;
  for (const std::string &C : Checks)
    if (!apply("checks", C))
      return false;
  if (CacheStateOpt.getNumOccurrences() && !apply("cache-state", CacheStateOpt))
    return false;
  return true;
}

int runLanguageServerFromOptions(const GpuDatabase &Db,
                                 const std::vector<std::string> &Flags) {
  if (!Inputs.empty())
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
  std::string Error;
  if (!settingsFromCommandLine(Db, Options.Settings, Error))
    return usageError(Error);
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
          "intensity and a roofline verdict per kernel launch\n\n"
          "  rl-analyze lsp [options]   the language server for editors, on "
          "stdin/stdout (docs/ide.md)\n\n"
          "  The table per launch: bound (the level that sets the time: "
          "compute, dram, l2, l1 or latency), predicted time, intensity "
          "(FLOP per byte at that level) and ridge (the GPU's peak FLOP/s "
          "over that level's bandwidth: below it the launch waits on memory, "
          "above it on compute), then each level's time and the share of its "
          "peak the launch reaches (docs/cli.md#reading-the-table).\n",
          &errs()))
    return ExitInputError;
  GpuDatabase::setExecutablePath(Argv[0]);

  GpuDatabase Db;
  std::string Error;
  bool Loaded =
      GpuDbPath.empty() ? Db.loadDefault(Error) : Db.loadFile(GpuDbPath, Error);
  if (!Loaded)
    return usageError("cannot load the GPU database: " + Error);
  if (measureCommandSelected())
    return runMeasureCommand(CompilerFlags, Db, Argv[0]);
  if (occupancyCommandRequested())
    return runOccupancyCommand(Db);
  if (ListGpus) {
    // --gpu narrows the list to the GPUs it names.
    std::vector<std::string> Only(GpuNames.begin(), GpuNames.end());
    for (const std::string &Name : Only)
      if (!Db.find(Name))
        return usageError("unknown GPU '" + Name +
                          "'; known GPUs: " + Db.knownNames());
    outs() << (OutputFormat == Format::Json ? renderGpuListJson(Db, Only)
                                            : renderGpuList(Db, Only));
    return ExitOk;
  }
  if (LanguageServer)
    return runLanguageServerFromOptions(Db, CompilerFlags);
  if (ListDiagnostics) {
    outs() << renderDiagnosticList();
    return ExitOk;
  }
  if (!Explain.empty()) {
    if (!findDiagnostic(Explain))
      return usageError("--explain: unknown finding ID '" + Explain +
                        "' (see --list-diagnostics)");
    outs() << renderExplanation(Explain);
    return ExitOk;
  }
  std::vector<std::string> Files(Inputs.begin(), Inputs.end());
  if (AllEntries && BuildPath.empty())
    return usageError("--all needs -p DIR (the directory of "
                      "compile_commands.json)");
  bool Project = !BuildPath.empty() && (Files.empty() || AllEntries);
  if (Project) {
    Files.clear();
    std::vector<std::string> HostFiles;
    if (!listCudaSources(BuildPath, Files, Error, &HostFiles))
      return usageError(Error);
    if (Files.empty())
      return usageError("no CUDA sources in " + BuildPath +
                        "/compile_commands.json");
    // The build's C and C++ files run with the CUDA files as one program.
    Files.insert(Files.end(), HostFiles.begin(), HostFiles.end());
  }
  std::string Input = Files.empty() ? "" : Files.front();
  if (Input.empty())
    return usageError("no input file; usage: rl-analyze FILE.cu [options] "
                      "[-- compiler flags] (see --help)");

  AnalysisRequest Req;
  Req.Parse.File = Input;
  Req.Parse.CompileDbDir = BuildPath;
  Req.Parse.CudaPath = CudaPath;
  Req.Parse.CudaArch = CudaArch;
  Req.Parse.NoCudaHeaders = NoCudaHeaders;
  Req.Parse.ShowCompilerOutput = CompilerWarnings;
  if (ProgramArgs.getNumOccurrences()) {
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 8> Words;
    llvm::cl::TokenizeGNUCommandLine(ProgramArgs, Saver, Words);
    Req.Parse.HostRun.Args.emplace(Words.begin(), Words.end());
  }
  for (const std::string &Entry : ProgramEnv) {
    auto [Name, Value] = llvm::StringRef(Entry).split('=');
    if (Name.empty() || !llvm::StringRef(Entry).contains('='))
      return usageError("--env " + Entry + ": expected NAME=VALUE");
    Req.Parse.HostRun.Env[Name.str()] = Value.str();
  }
  Req.Strict = Strict;
  Req.NoResources = NoResources;
  Req.NoResourceCache = NoResourceCache;
  Req.ResourceCacheDir = ResourceCacheDir;
  Req.SolveSymbol = Solve;
  Req.Precision = PrecisionOpt;
  if (!Req.Precision.empty() && precisionBits(Req.Precision) == 0)
    return usageError("--precision: unknown precision '" + Req.Precision +
                      "'; expected one of fp64, fp32, tf32, fp16, bf16, "
                      "fp8, int8, fp4, int4");

  // The project config gives team defaults; the command line wins.
  RequestSettings Settings;
  if (!settingsFromCommandLine(Db, Settings, Error))
    return usageError(Error);
  std::vector<std::string> ConfigFlags;
  RequestFiles ReadFrom;
  if (!buildRequest(Settings, Input, Req, ConfigFlags, Error, &Db, &ReadFrom))
    return usageError(Error);
  Req.Parse.ExtraArgs = ConfigFlags;
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(), ExtraArgs.begin(),
                             ExtraArgs.end());
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(), CompilerFlags.begin(),
                             CompilerFlags.end());

  RunOptions Run;
  Run.Files = Files;
  Run.Multi = Project || Files.size() > 1;
  Run.Output = OutputFormat == Format::Json          ? OutputKind::Json
               : OutputFormat == Format::Diagnostics ? OutputKind::Diagnostics
               : OutputFormat == Format::Sarif       ? OutputKind::Sarif
                                                     : OutputKind::Text;
  Run.Color = Color == cl::BOU_TRUE || (Color == cl::BOU_UNSET &&
                                        sys::Process::StandardOutIsDisplayed());
  Run.Jobs = Jobs;
  Run.Verbose = Verbose;
  Run.Lines = Lines;
  Run.Svg = SvgFile;
  if (!NoCache)
    Run.CacheDir = !CacheDir.empty() ? CacheDir
                   : Project         ? defaultCacheDirectory()
                                     : "";
  CacheContextInputs Context;
  static int Anchor;
  Context.ToolIdentity = toolIdentity(Argv[0], &Anchor);
  Context.Options.assign(Argv + 1, Argv + Argc);
  Context.CompilerFlags = CompilerFlags;
  Context.Inputs.assign(Inputs.begin(), Inputs.end());
  for (const GpuSpec &G : Db.all())
    Context.GpuNames.push_back(G.Name + " " + G.FullName);
  Context.ContentFiles = {
      GpuDbPath.empty() ? GpuDatabase::defaultPath() : GpuDbPath,
      ReadFrom.ConfigPath, ReadFrom.LaunchFile,
      BuildPath.empty() ? "" : BuildPath + "/compile_commands.json"};
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    Context.WorkingDirectory = Cwd.str().str();
  if (const char *Cuda = std::getenv("CUDA_PATH"))
    Context.CudaPathEnv = Cuda;
  Run.CacheContext = cacheContext(Context);
  Run.FailOn.assign(FailOn.begin(), FailOn.end());
  Run.Baseline = BaselineFile;
  Run.WriteBaseline = WriteBaselineFile;
  Run.BaselineNew = BaselineNew;
  Run.FailOnNewFindings = FailOnNew;
  Run.StreamLaunches = StreamLaunches;
  if (!parseTolerance(BaselineTolerance, Run.Tolerance))
    return usageError("--baseline-tolerance: expected a percentage such as "
                      "5% or a fraction such as 0.05, got '" +
                      BaselineTolerance + "'");
  return runAnalyses(Req, Run, Db, outs(), errs());
}
