//===- MeasureCommand.cpp - `rl-analyze measure` --------------------------===//
///
/// \file
/// Three ways in (docs/measure.md): recorded files (--trace, --ncu-csv), the
/// user's program built and run here under the CUPTI tracer, or a launch file
/// turned into a timing harness. The last two need nvcc and a GPU; the
/// comparison itself is measureFromTrace.
//===----------------------------------------------------------------------===//
#include "MeasureCommand.h"
#include "analyzer/driver/InputFile.h"

#include "analyzer/driver/LaunchOptions.h"
#include "analyzer/driver/ValueParser.h"
#include "analyzer/measure/Harness.h"
#include "analyzer/pipeline/Measure.h"
#include "analyzer/pipeline/RequestSettings.h"
#include "analyzer/report/JsonRenderer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>

#include <nlohmann/json.hpp>

extern char **environ;

using namespace llvm;

namespace rla {
namespace {

cl::SubCommand Measure(
    "measure",
    "run kernels on this machine's GPU (or read recorded runs) and compare "
    "them with the predictions. Three forms:\n"
    "    rl-analyze measure app.cu [--counters] [-- nvcc flags [-- args]]\n"
    "        build and run the program under the CUPTI tracer (GPU needed)\n"
    "    rl-analyze measure app.cu --launches L.json [--counters]\n"
    "        time a generated harness of the launch file's cases (GPU needed)\n"
    "    rl-analyze measure app.cu --trace T.jsonl [--ncu-csv N.csv]\n"
    "        compare a recorded run, on any machine (docs/measure.md)");
cl::OptionCategory Cat("rl-analyze measure options");

cl::opt<std::string> Input(cl::Positional, cl::desc("<file.cu>"),
                           cl::sub(Measure), cl::cat(Cat));
cl::opt<std::string> TraceFile("trace",
                               cl::desc("Recorded trace (JSON lines) to read "
                                        "instead of running"),
                               cl::value_desc("file"), cl::sub(Measure),
                               cl::cat(Cat));
cl::opt<std::string> NcuCsv("ncu-csv",
                            cl::desc("Recorded ncu --csv --page raw output"),
                            cl::value_desc("file"), cl::sub(Measure),
                            cl::cat(Cat));
cl::opt<std::string> Program("program",
                             cl::desc("Only this program's launches of the "
                                      "trace"),
                             cl::value_desc("name"), cl::sub(Measure),
                             cl::cat(Cat));
cl::opt<bool> Counters("counters",
                       cl::desc("Also read FLOPs and DRAM bytes with Nsight "
                                "Compute (ncu)"),
                       cl::sub(Measure), cl::cat(Cat));
cl::opt<std::string> Launches("launches",
                              cl::desc("Launch file: time these launches in a "
                                       "generated harness"),
                              cl::value_desc("file"), cl::sub(Measure),
                              cl::cat(Cat));
cl::opt<std::string> EmitHarness("emit-harness",
                                 cl::desc("Write the harness for --launches "
                                          "to this file and stop"),
                                 cl::value_desc("file.cu"), cl::sub(Measure),
                                 cl::cat(Cat));
cl::list<std::string> BufferBytes("buffer-bytes",
                                  cl::desc("Size of a pointer argument's "
                                           "buffer in the harness"),
                                  cl::value_desc("name=bytes"),
                                  cl::sub(Measure), cl::cat(Cat));
cl::opt<unsigned> Repeats("repeats",
                          cl::desc("Timed launches per harness case (>= 20)"),
                          cl::init(20), cl::sub(Measure), cl::cat(Cat));
cl::opt<bool> NoConfig("no-config",
                       cl::desc("Ignore .rl-analyze.json (its bound values "
                                "and compiler flags apply otherwise)"),
                       cl::sub(Measure), cl::cat(Cat));
cl::list<std::string> Gpu("gpu",
                          cl::desc("Predict for this GPU instead of the "
                                   "detected one"),
                          cl::value_desc("name"), cl::sub(Measure),
                          cl::cat(Cat));
enum class Fmt { Text, Json };
cl::opt<Fmt> Format("format", cl::desc("Output format"),
                    cl::values(clEnumValN(Fmt::Text, "text", "readable"),
                               clEnumValN(Fmt::Json, "json",
                                          "JSON report with `measured`")),
                    cl::init(Fmt::Text), cl::sub(Measure), cl::cat(Cat));
cl::opt<std::string> Svg("svg", cl::desc("Write a roofline plot (SVG)"),
                         cl::value_desc("file.svg"), cl::sub(Measure),
                         cl::cat(Cat));
cl::opt<std::string> WorkDir("keep",
                             cl::desc("Keep the build, trace and counters in "
                                      "this directory"),
                             cl::value_desc("dir"), cl::sub(Measure),
                             cl::cat(Cat));
cl::opt<std::string> Nvcc("nvcc", cl::desc("nvcc to build with"),
                          cl::value_desc("path"), cl::sub(Measure),
                          cl::cat(Cat));
cl::opt<std::string> Tracer("tracer",
                            cl::desc("librla-tracer.so (default: next to "
                                     "rl-analyze, or $RLA_TRACER)"),
                            cl::value_desc("path"), cl::sub(Measure),
                            cl::cat(Cat));
cl::opt<std::string> CudaPathOpt("cuda-path", cl::desc("CUDA toolkit root"),
                                 cl::value_desc("dir"), cl::sub(Measure),
                                 cl::cat(Cat));
cl::opt<bool> NoCudaHeaders("no-cuda-headers",
                            cl::desc("Parse without the CUDA headers"),
                            cl::sub(Measure), cl::cat(Cat));

int fail(const std::string &Message) {
  errs() << "rl-analyze measure: error: " << Message << "\n";
  return ExitInputError;
}

/// Progress on a terminal only: pipes and logs stay clean.
void progress(const std::string &Step) {
  if (sys::Process::StandardErrIsDisplayed())
    errs() << "[measure] " << Step << "\n";
}

std::string toolPath(const std::string &Given, const char *Name) {
  if (!Given.empty())
    return Given;
  if (auto P = sys::findProgramByName(Name))
    return *P;
  std::string Cuda =
      CudaPathOpt.empty() ? std::string("/usr/local/cuda") : CudaPathOpt;
  if (auto P = sys::findProgramByName(Name, {Cuda + "/bin"}))
    return *P;
  return "";
}

std::string tracerPath(const char *Argv0) {
  if (!Tracer.empty())
    return Tracer;
  if (const char *E = std::getenv("RLA_TRACER"))
    return E;
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&tracerPath);
  SmallString<256> Dir(sys::path::parent_path(Exe));
  for (const char *Rel : {"../../lib", "../lib", "."}) {
    SmallString<256> P(Dir);
    sys::path::append(P, Rel, "librla-tracer.so");
    if (sys::fs::exists(P))
      return std::string(P);
  }
  return "";
}

/// Runs Args with extra environment; its output goes to LogFile.
int runLogged(const std::vector<std::string> &Args,
              const std::vector<std::string> &ExtraEnv,
              const std::string &LogFile, std::string &Error) {
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::optional<std::vector<StringRef>> Env;
  std::vector<std::string> Storage;
  if (!ExtraEnv.empty()) {
    for (char **E = environ; *E; ++E)
      Storage.emplace_back(*E);
    Storage.insert(Storage.end(), ExtraEnv.begin(), ExtraEnv.end());
    Env.emplace(Storage.begin(), Storage.end());
  }
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(LogFile),
                                          StringRef(LogFile)};
  return sys::ExecuteAndWait(Args[0], Refs, Env, Redirects, 0, 0, &Error);
}

std::string readFile(const std::string &Path) {
  std::ifstream F(Path);
  return std::string(std::istreambuf_iterator<char>(F), {});
}

const char *const NcuMetrics =
    "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum,"
    "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum,"
    "dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,"
    "launch__occupancy_limit_blocks,launch__occupancy_limit_registers,"
    "launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps";

/// The analysis side of a measurement, through the same settings resolver
/// as every front end: the project config's bound values and compiler
/// flags apply. Its GPUs and launch file do not: the GPU is the one the
/// program ran on (or --gpu), the launches those of the run or --launches.
bool analysisRequest(const std::vector<std::string> &Flags,
                     AnalysisRequest &Req, std::string &Error) {
  RequestSettings S;
  S.UseConfig = !NoConfig;
  std::vector<std::string> ConfigFlags;
  if (!buildRequest(S, Input, Req, ConfigFlags, Error))
    return false;
  Req.GpuNames.assign(Gpu.begin(), Gpu.end());
  Req.Launches.clear();
  Req.Parse.CudaPath = CudaPathOpt;
  Req.Parse.CudaArch = "sm_90";
  Req.Parse.NoCudaHeaders = NoCudaHeaders;
  Req.Parse.ExtraArgs = ConfigFlags;
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(), Flags.begin(),
                             Flags.end());
  return true;
}

/// Target as a path relative to the directory From (both absolute).
std::string relativePath(const std::string &From, const std::string &Target) {
  SmallVector<StringRef, 16> A, B;
  for (auto I = sys::path::begin(From), E = sys::path::end(From); I != E; ++I)
    A.push_back(*I);
  for (auto I = sys::path::begin(Target), E = sys::path::end(Target); I != E;
       ++I)
    B.push_back(*I);
  size_t Common = 0;
  while (Common < A.size() && Common < B.size() && A[Common] == B[Common])
    ++Common;
  SmallString<256> R;
  for (size_t I = Common; I < A.size(); ++I)
    sys::path::append(R, "..");
  for (size_t I = Common; I < B.size(); ++I)
    sys::path::append(R, B[I]);
  return std::string(R);
}

int render(MeasureResult &Result) {
  if (Result.Exit == ExitInputError)
    return fail(Result.Error);
  if (!Svg.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(Svg, EC);
    if (EC)
      return fail("cannot write '" + Svg + "': " + EC.message());
    OS << renderRooflineSvg(measureRoofline(Result.M));
  }
  if (Format == Fmt::Json)
    outs() << renderMeasureJson(Result.M);
  else
    outs() << renderMeasureText(Result.M);
  return ExitOk;
}

} // namespace

bool measureCommandSelected() { return static_cast<bool>(Measure); }

int runMeasureCommand(const std::vector<std::string> &AfterDashes,
                      const GpuDatabase &Db, const char *Argv0) {
  if (Input.empty())
    return fail("no input file; usage: rl-analyze measure FILE.cu "
                "[--trace FILE [--ncu-csv FILE]] [-- nvcc flags [-- program "
                "args]]");
  if (std::string Error = checkRegularInput(Input); !Error.empty())
    return fail(Error);
  std::vector<std::string> NvccFlags, ProgramArgs;
  bool InArgs = false;
  for (const std::string &A : AfterDashes) {
    if (A == "--" && !InArgs) {
      InArgs = true;
      continue;
    }
    (InArgs ? ProgramArgs : NvccFlags).push_back(A);
  }
  std::map<std::string, uint64_t> Overrides;
  for (const std::string &B : BufferBytes) {
    size_t Eq = B.find('=');
    std::string Err;
    std::optional<Rational> V;
    if (Eq != std::string::npos)
      V = parseValue(StringRef(B).substr(Eq + 1), Err);
    if (Eq == std::string::npos || !V || !V->isInteger() || V->isNegative())
      return fail("--buffer-bytes '" + B +
                  "': expected NAME=BYTES (a non-negative integer)");
    Overrides[B.substr(0, Eq)] = static_cast<uint64_t>(V->num());
  }

  MeasureRequest Req;
  std::string SettingsError;
  if (!analysisRequest(NvccFlags, Req.Analysis, SettingsError))
    return fail(SettingsError);
  Req.NcuCsvFile = NcuCsv;
  Req.Program = Program;
  if (!TraceFile.empty()) {
    Req.TraceFile = TraceFile;
    MeasureResult R = measureFromTrace(Req, Db);
    return render(R);
  }

  // Harness source for a launch file.
  std::string HarnessSource;
  if (!Launches.empty()) {
    AnalysisRequest A = Req.Analysis;
    std::string Err;
    if (!parseLaunchFile(Launches, A.Launches, Err))
      return fail(Err);
    AnalysisResult R = analyze(A, Db);
    if (R.Exit == ExitInputError)
      return fail(R.Error);
    std::vector<KernelReport> Chosen;
    std::vector<std::map<std::string, uint64_t>> ModelBytes;
    // The memory model's per-array sizes, where the report has them.
    nlohmann::json Full = nlohmann::json::parse(renderJson(R.R));
    for (size_t I = 0; I < R.R.Kernels.size(); ++I)
      if (R.R.Kernels[I].Launch.Source == LaunchSource::LaunchFile) {
        Chosen.push_back(R.R.Kernels[I]);
        ModelBytes.push_back(
            I < Full["kernels"].size()
                ? arrayBytesFromReport(Full["kernels"][I].dump())
                : std::map<std::string, uint64_t>{});
      }
    SmallString<256> Abs(Input);
    sys::fs::make_absolute(Abs);
    HarnessOptions O;
    O.IncludePath = std::string(Abs);
    // An emitted harness includes the file relative to itself, so it can be
    // committed and built on another machine.
    if (!EmitHarness.empty()) {
      SmallString<256> Out(EmitHarness);
      sys::fs::make_absolute(Out);
      O.IncludePath =
          relativePath(std::string(sys::path::parent_path(Out)), O.IncludePath);
    }
    O.Program = sys::path::stem(Input).str() + "_harness";
    O.Repeats = Repeats;
    O.BufferOverrides = Overrides;
    O.ModelBytes = std::move(ModelBytes);
    if (!generateHarness(Chosen, O, HarnessSource, Err))
      return fail(Err);
    if (!EmitHarness.empty()) {
      std::error_code EC;
      raw_fd_ostream OS(EmitHarness, EC);
      if (EC)
        return fail("cannot write '" + EmitHarness + "': " + EC.message());
      OS << HarnessSource;
      return ExitOk;
    }
  } else if (!EmitHarness.empty()) {
    return fail("--emit-harness needs --launches");
  }

  // Build and run here: this needs nvcc and a GPU. Without NVIDIA's
  // driver the program would only fail with "CUDA driver version is
  // insufficient"; say what works instead.
  // (/dev/dxg is the GPU of WSL.)
  if (!sys::fs::exists("/dev/nvidiactl") && !sys::fs::exists("/dev/nvidia0") &&
      !sys::fs::exists("/dev/dxg"))
    return fail("no NVIDIA GPU driver on this machine (no /dev/nvidiactl), "
                "so nothing can run here. Run this on a machine "
                "with a GPU, or compare a run recorded there: --trace "
                "T.jsonl [--ncu-csv N.csv] (docs/measure.md)");
  std::string NvccPath = toolPath(Nvcc, "nvcc");
  if (NvccPath.empty())
    return fail("nvcc not found (pass --nvcc, or --trace to read a recorded "
                "run)");
  SmallString<256> Dir;
  if (!WorkDir.empty()) {
    Dir = WorkDir;
    sys::fs::create_directories(Dir);
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("rla-measure", Dir)) {
    return fail("cannot create a work directory: " + EC.message());
  }
  std::string D(Dir);
  std::string Source = Input;
  if (!HarnessSource.empty()) {
    Source = D + "/harness.cu";
    std::ofstream(Source) << HarnessSource;
  }
  std::string Exe = D + "/app", Log = D + "/build.log";
  std::vector<std::string> Build = {
      NvccPath, "-O3", "-arch=native", "-Xptxas", "-v", "-o", Exe, Source};
  Build.insert(Build.end(), NvccFlags.begin(), NvccFlags.end());
  progress("building " + Source + " with nvcc");
  std::string Err;
  if (runLogged(Build, {}, Log, Err) != 0)
    return fail("nvcc failed (" + Log + "):\n" + readFile(Log) + Err);

  std::string TracePath = D + "/trace.jsonl";
  sys::fs::remove(TracePath);
  std::vector<std::string> Run = {Exe};
  Run.insert(Run.end(), ProgramArgs.begin(), ProgramArgs.end());
  std::vector<std::string> Env = {"RLA_TRACE_FILE=" + TracePath,
                                  "RLA_TRACE_PROGRAM=" +
                                      sys::path::stem(Input).str()};
  if (HarnessSource.empty()) {
    std::string T = tracerPath(Argv0);
    if (T.empty())
      return fail("librla-tracer.so not found (pass --tracer or set "
                  "RLA_TRACER)");
    Env.push_back("CUDA_INJECTION64_PATH=" + T);
  }
  progress("running " + Exe +
           (HarnessSource.empty() ? " under the tracer" : " (harness)"));
  std::string RunLog = D + "/run.log";
  int RC = runLogged(Run, Env, RunLog, Err);
  if (RC != 0)
    return fail("the program failed (exit " + std::to_string(RC) + ", " +
                RunLog + "):\n" + readFile(RunLog) + Err);

  if (Counters) {
    std::string Ncu = toolPath("", "ncu");
    std::string CsvPath = D + "/ncu.csv";
    if (Ncu.empty()) {
      errs() << "rl-analyze measure: ncu not found; comparing times only\n";
    } else {
      progress("profiling with ncu (replays every kernel)");
      std::vector<std::string> Prof = {Ncu,
                                       "--clock-control",
                                       "none",
                                       "--cache-control",
                                       "all",
                                       "--replay-mode",
                                       "kernel",
                                       "--csv",
                                       "--page",
                                       "raw",
                                       "--print-units",
                                       "base",
                                       "--print-kernel-base",
                                       "mangled",
                                       "--metrics",
                                       NcuMetrics,
                                       "--log-file",
                                       CsvPath,
                                       Exe};
      Prof.insert(Prof.end(), ProgramArgs.begin(), ProgramArgs.end());
      int NRC =
          runLogged(Prof, {"RLA_TRACE_FILE=/dev/null"}, D + "/ncu.log", Err);
      if (NRC != 0 || !sys::fs::exists(CsvPath))
        errs() << "rl-analyze measure: ncu could not read counters (exit "
               << NRC << ", see " << D << "/ncu.log); comparing times only\n";
      else
        Req.NcuCsvFile = CsvPath;
    }
  }
  progress("comparing with the predictions");
  Req.TraceFile = TracePath;
  MeasureResult R = measureFromTrace(Req, Db);
  if (!WorkDir.empty() || R.Exit != ExitOk)
    errs() << "rl-analyze measure: build, trace and counters are in " << D
           << "\n";
  else
    sys::fs::remove_directories(D);
  return render(R);
}

} // namespace rla
