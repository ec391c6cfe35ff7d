//===- ProjectRun.cpp -----------------------------------------------------===//
#include "analyzer/pipeline/ProjectRun.h"
#include "analyzer/driver/InputFile.h"
#include "analyzer/driver/ResultCache.h"
#include "analyzer/frontend/ProgramLinker.h"
#include "analyzer/report/Baseline.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/FindingGate.h"
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/ReportRoofline.h"
#include "analyzer/report/ReportWriter.h"
#include "analyzer/report/SarifRenderer.h"
#include "analyzer/report/TextRenderer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <mutex>

namespace rla {

namespace {

using Json = nlohmann::ordered_json;

struct FileRun {
  std::string File;
  /// The file's launches as the program of all files given reaches them,
  /// and what they depend on (part of the cache key).
  std::shared_ptr<const std::vector<LaunchSpec>> ProgramLaunches;
  std::string ProgramDigest;
  FileOutputs Outputs;
  std::string Error; ///< set when Outputs.Exit == ExitInputError
  bool Cached = false;
  bool Streamed = false; ///< printed while computed (streams())
  double Seconds = 0;
  Json Report; ///< parsed Outputs.Json (null on error)
};

/// Whether the run reads whole reports back (the summary across files,
/// SARIF, the gates, a multi-file JSON document).
bool needsReports(const RunOptions &O) {
  return O.Multi || O.Output == OutputKind::Sarif || !O.FailOn.empty() ||
         !O.Baseline.empty() || !O.WriteBaseline.empty() || !O.Svg.empty();
}

/// Which forms of a file's report the run prints or reads.
struct NeededForms {
  bool Json, Text, TextColor, Diagnostics;
};
NeededForms neededForms(const RunOptions &O) {
  bool Text = O.Output == OutputKind::Text;
  return {O.Output == OutputKind::Json || needsReports(O), Text && !O.Color,
          Text && O.Color, O.Output == OutputKind::Diagnostics};
}

/// Whether Outputs (from the cache) hold every form the run needs.
bool hasForms(const FileOutputs &Outputs, const NeededForms &N) {
  return (!N.Json || Outputs.Json) && (!N.Text || Outputs.Text) &&
         (!N.TextColor || Outputs.TextColor) &&
         (!N.Diagnostics || Outputs.Diagnostics);
}

/// The outputs of one file: only the forms the run prints or reads (a
/// launch file of 100,000 cases makes each of them hundreds of megabytes);
/// the cache keeps the same ones, under a key that has the options.
FileOutputs analyseFile(const AnalysisRequest &Req, const GpuDatabase &Db,
                        const RunOptions &O, std::string &Error) {
  AnalysisResult Result = analyze(Req, Db);
  FileOutputs Out;
  Out.Exit = Result.Exit;
  Out.ErrorFindings = Result.ErrorFindings;
  Out.InputErrorFindings = Result.InputErrorFindings;
  if (Result.Exit == ExitInputError) {
    Error = Result.Error;
    return Out;
  }
  Out.Dependencies = Result.R.Dependencies;
  Out.AbsentIncludes = Result.R.AbsentIncludes;
  NeededForms N = neededForms(O);
  if (N.Json)
    Out.Json = renderJson(Result.R);
  if (N.Text)
    Out.Text = renderText(Result.R, false, O.Verbose, O.Lines);
  if (N.TextColor)
    Out.TextColor = renderText(Result.R, true, O.Verbose, O.Lines);
  if (N.Diagnostics)
    Out.Diagnostics = renderDiagnostics(Result.R);
  return Out;
}

/// Whether the run writes the file's report while it is computed: one file
/// printed in the format asked for, with a launch file of at least
/// O.StreamLaunches cases (a report entry holds ~20 KB). A streamed report
/// is not kept in the result cache.
bool streams(const AnalysisRequest &Req, const RunOptions &O) {
  return !needsReports(O) && O.Output != OutputKind::Sarif &&
         Req.Launches.size() >= O.StreamLaunches;
}

/// The file's report written to Out as its entries are bound.
FileOutputs streamFile(const AnalysisRequest &Req, const GpuDatabase &Db,
                       const RunOptions &O, llvm::raw_ostream &Out,
                       std::string &Error) {
  std::unique_ptr<ReportWriter> W =
      O.Output == OutputKind::Json ? makeJsonWriter(Out)
      : O.Output == OutputKind::Diagnostics
          ? makeDiagnosticsWriter(Out)
          : makeTextWriter(Out, O.Color, O.Verbose, O.Lines);
  AnalysisResult Result = analyze(Req, Db, W.get());
  FileOutputs Outputs;
  Outputs.Exit = Result.Exit;
  Outputs.ErrorFindings = Result.ErrorFindings;
  Outputs.InputErrorFindings = Result.InputErrorFindings;
  if (Result.Exit == ExitInputError)
    Error = Result.Error;
  return Outputs;
}

void runOne(FileRun &Run, const AnalysisRequest &Template, const RunOptions &O,
            const GpuDatabase &Db, const ResultCache *Cache,
            std::mutex &ErrLock, llvm::raw_ostream &Out,
            llvm::raw_ostream &Err) {
  auto Start = std::chrono::steady_clock::now();
  AnalysisRequest Req = Template;
  Req.Parse.File = Run.File;
  Req.Parse.HostRun.ProgramLaunches = Run.ProgramLaunches;
  // Before the cache hashes it: reading a FIFO would block.
  if (std::string Error = checkRegularInput(Run.File); !Error.empty()) {
    Run.Outputs.Exit = ExitInputError;
    Run.Error = Error;
    return;
  }
  if (streams(Req, O)) {
    Run.Outputs = streamFile(Req, Db, O, Out, Run.Error);
    Run.Streamed = true;
    if (O.Verbose)
      Err << "rl-analyze: " << Run.File << ": " << Req.Launches.size()
          << " launch cases: report written as computed, not cached\n";
    return;
  }
  std::string Key;
  // A valid entry without a form this run needs (the options that pick
  // the format are not in the key): analysed again, and the entry then
  // keeps the forms of both runs.
  std::optional<FileOutputs> Partial;
  if (Cache) {
    Key = Cache->key(Run.File, O.CacheContext + Run.ProgramDigest);
    if (std::optional<FileOutputs> Hit = Cache->lookup(Key)) {
      if (hasForms(*Hit, neededForms(O))) {
        Run.Outputs = std::move(*Hit);
        Run.Cached = true;
      } else {
        Partial = std::move(Hit);
      }
    }
  }
  if (!Run.Cached) {
    // In parallel runs clang's diagnostics of one file are printed whole.
    std::string ClangOutput;
    llvm::raw_string_ostream ClangStream(ClangOutput);
    if (O.Jobs > 1)
      Req.Parse.DiagnosticStream = &ClangStream;
    Run.Outputs = analyseFile(Req, Db, O, Run.Error);
    if (Partial && Partial->Exit == Run.Outputs.Exit)
      for (auto [Old, New] :
           {std::pair{&Partial->Json, &Run.Outputs.Json},
            {&Partial->Text, &Run.Outputs.Text},
            {&Partial->TextColor, &Run.Outputs.TextColor},
            {&Partial->Diagnostics, &Run.Outputs.Diagnostics}})
        if (!*New)
          *New = std::move(*Old);
    if (!ClangOutput.empty()) {
      std::lock_guard<std::mutex> Lock(ErrLock);
      Err << ClangOutput;
    }
    std::string CacheError;
    if (Cache && Run.Outputs.Exit != ExitInputError &&
        !Cache->store(Key, Run.Outputs, CacheError)) {
      std::lock_guard<std::mutex> Lock(ErrLock);
      Err << "rl-analyze: warning: " << CacheError << "\n";
    }
  }
  if (Run.Outputs.Exit != ExitInputError && needsReports(O))
    Run.Report = Json::parse(*Run.Outputs.Json, nullptr, false);
  Run.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (O.Verbose) {
    std::lock_guard<std::mutex> Lock(ErrLock);
    Err << "rl-analyze: " << Run.File << ": "
        << (Run.Cached ? "served from cache" : "analysed") << "\n";
  }
}

size_t countKernels(const Json &Report, const char *Bound) {
  size_t N = 0;
  if (Report.is_object() && Report.contains("kernels"))
    for (const Json &K : Report["kernels"])
      if (!Bound || K.value("bound", "") == Bound)
        ++N;
  return N;
}

std::string pad(std::string S, size_t Width) {
  if (S.size() < Width)
    S += std::string(Width - S.size(), ' ');
  return S;
}

void printSummaryTable(const std::vector<FileRun> &Runs, double Seconds,
                       llvm::raw_ostream &Out) {
  size_t Width = 4;
  for (const FileRun &R : Runs)
    Width = std::max(Width, R.File.size());
  // The memory side by level, as the per-file summaries count it.
  Out << pad("file", Width)
      << "  kernels  dram  l2  l1  latency  atomics  launch  compute  findings"
         "  source\n";
  size_t Kernels = 0, Cached = 0, Failed = 0;
  for (const FileRun &R : Runs) {
    Out << pad(R.File, Width) << "  ";
    if (R.Outputs.Exit == ExitInputError) {
      Out << "error: " << R.Error << "\n";
      ++Failed;
      continue;
    }
    size_t Findings = 0;
    for (const ReportFinding &F : reportFindings(R.Report))
      Findings += !F.Suppressed && F.F.Id != "rl-memory-bound" &&
                  F.F.Id != "rl-compute-bound";
    Kernels += countKernels(R.Report, nullptr);
    Cached += R.Cached;
    Out << pad(std::to_string(countKernels(R.Report, nullptr)), 7) << "  "
        << pad(std::to_string(countKernels(R.Report, levelName(Level::Dram))),
               4)
        << "  "
        << pad(std::to_string(countKernels(R.Report, levelName(Level::L2))), 2)
        << "  "
        << pad(std::to_string(countKernels(R.Report, levelName(Level::L1))), 2)
        << "  "
        << pad(std::to_string(
                   countKernels(R.Report, levelName(Level::Latency))),
               7)
        << "  "
        << pad(std::to_string(
                   countKernels(R.Report, levelName(Level::Atomics))),
               7)
        << "  "
        << pad(std::to_string(countKernels(R.Report, levelName(Level::Launch))),
               6)
        << "  "
        << pad(std::to_string(
                   countKernels(R.Report, levelName(Level::Compute))),
               7)
        << "  " << pad(std::to_string(Findings), 8) << "  "
        << (R.Cached ? "cache" : "analysed") << "\n";
  }
  char Time[32];
  std::snprintf(Time, sizeof(Time), "%.2f", Seconds);
  Out << "total: " << Runs.size() << (Runs.size() == 1 ? " file (" : " files (")
      << Cached << " from cache"
      << (Failed ? ", " + std::to_string(Failed) + " failed" : "") << "), "
      << Kernels << " kernel launches, " << Time << " s\n";
}

void printOutputs(const std::vector<FileRun> &Runs, const RunOptions &O,
                  double Seconds, llvm::raw_ostream &Out,
                  llvm::raw_ostream &Err) {
  if (O.Output == OutputKind::Sarif) {
    std::vector<Json> Reports;
    for (const FileRun &R : Runs)
      if (R.Outputs.Exit != ExitInputError)
        Reports.push_back(R.Report);
    Out << renderSarif(Reports, RLA_VERSION);
  } else if (O.Output == OutputKind::Json && O.Multi) {
    Json J = Json::object();
    J["tool"] = "rl-analyze";
    J["version"] = RLA_VERSION;
    Json Files = Json::array();
    size_t Cached = 0, Failed = 0;
    for (const FileRun &R : Runs) {
      Json F = Json::object();
      F["file"] = R.File;
      F["cached"] = R.Cached;
      F["exit"] = R.Outputs.Exit;
      F["error"] = R.Error.empty() ? Json(nullptr) : Json(R.Error);
      F["report"] = R.Report;
      Files.push_back(F);
      Cached += R.Cached;
      Failed += R.Outputs.Exit == ExitInputError;
    }
    J["files"] = Files;
    J["summary"] = {{"files", Runs.size()},
                    {"cached", Cached},
                    {"failed", Failed},
                    {"seconds", Seconds}};
    Out << J.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  } else {
    for (const FileRun &R : Runs) {
      if (R.Outputs.Exit == ExitInputError || R.Streamed)
        continue;
      if (O.Multi && O.Output == OutputKind::Text)
        Out << "== " << R.File << (R.Cached ? " (cached)" : "") << " ==\n";
      switch (O.Output) {
      case OutputKind::Json:
        Out << *R.Outputs.Json;
        break;
      case OutputKind::Diagnostics:
        Out << *R.Outputs.Diagnostics;
        break;
      default:
        Out << *(O.Color ? R.Outputs.TextColor : R.Outputs.Text);
        if (O.Multi)
          Out << "\n";
        break;
      }
    }
    if (O.Multi && O.Output == OutputKind::Text)
      printSummaryTable(Runs, Seconds, Out);
  }
  for (const FileRun &R : Runs)
    if (R.Outputs.Exit == ExitInputError)
      Err << "rl-analyze: error: " << R.Error << "\n";
}

std::string located(const Finding &F) {
  std::string S;
  if (!F.Loc.File.empty()) {
    S = F.Loc.File + ":";
    if (F.Loc.valid())
      S +=
          std::to_string(F.Loc.Line) + ":" + std::to_string(F.Loc.Column) + ":";
    S += " ";
  }
  return S + severityName(F.Level) + ": " + F.Message + " [" + F.Id + "]";
}

/// Several files: their host code runs as one program (ProgramLinker.h),
/// each analysis then takes its launches from that run.
void linkRuns(const AnalysisRequest &Template, const GpuDatabase &Db,
              const std::vector<std::string> &Analysed,
              const std::vector<std::string> &Host, unsigned Jobs,
              std::vector<FileRun> &Runs) {
  std::vector<const GpuSpec *> Gpus;
  std::string Error;
  if (!resolveGpus(Template.GpuNames, Db, Gpus, Error))
    return; // each file's analysis reports it
  std::vector<ParseOptions> Parses;
  for (const std::vector<std::string> *List : {&Analysed, &Host})
    for (const std::string &File : *List) {
      if (!checkRegularInput(File).empty() || !llvm::sys::fs::exists(File))
        continue; // reported by the file's own analysis (or, for host
                  // files, nothing to run)
      AnalysisRequest Req = Template;
      Req.Parse.File = File;
      ParseOptions Parse;
      if (!prepareParse(Req, Gpus, Parse, Error))
        return;
      Parses.push_back(std::move(Parse));
    }
  LinkedProgram Program = linkProgram(Parses, Jobs);
  for (size_t P = 0; P < Parses.size(); ++P)
    for (FileRun &R : Runs)
      if (R.File == Parses[P].File && Program.Launches[P]) {
        R.ProgramLaunches = Program.Launches[P];
        // Every file's launches: a change to one can change them all.
        for (const std::string &D : Program.Digests)
          R.ProgramDigest += D;
      }
}

} // namespace

int runAnalyses(const AnalysisRequest &Template, const RunOptions &O,
                const GpuDatabase &Db, llvm::raw_ostream &Out,
                llvm::raw_ostream &Err) {
  FailOnRule Rule;
  std::string Error;
  if (!parseFailOn(O.FailOn, Rule, Error)) {
    Err << "rl-analyze: error: " << Error << "\n";
    return ExitInputError;
  }
  std::vector<BaselineEntry> Before;
  if (!O.Baseline.empty() && !loadBaseline(O.Baseline, Before, Error)) {
    Err << "rl-analyze: error: --baseline: " << Error << "\n";
    return ExitInputError;
  }

  std::optional<ResultCache> Cache;
  if (!O.CacheDir.empty())
    Cache.emplace(O.CacheDir);
  auto Start = std::chrono::steady_clock::now();
  // C/C++ files given with CUDA files hold host code only: they run with
  // the others and have no report of their own.
  std::vector<std::string> Analysed, Host;
  for (const std::string &F : O.Files)
    (O.Files.size() > 1 && isHostSourceName(F) ? Host : Analysed).push_back(F);
  if (Analysed.empty()) {
    Err << "rl-analyze: error: no CUDA source among the inputs (C and C++ "
           "files are host code run with the .cu files given)\n";
    return ExitInputError;
  }
  std::vector<FileRun> Runs(Analysed.size());
  for (size_t I = 0; I < Analysed.size(); ++I)
    Runs[I].File = Analysed[I];
  if (O.Files.size() > 1)
    linkRuns(Template, Db, Analysed, Host, O.Jobs, Runs);
  std::mutex ErrLock;
  unsigned Jobs = std::max(1u, std::min<unsigned>(O.Jobs, Runs.size()));
  if (Jobs == 1) {
    for (FileRun &R : Runs)
      runOne(R, Template, O, Db, Cache ? &*Cache : nullptr, ErrLock, Out, Err);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (FileRun &R : Runs)
      Pool.async([&, Run = &R] {
        runOne(*Run, Template, O, Db, Cache ? &*Cache : nullptr, ErrLock, Out,
               Err);
      });
    Pool.wait();
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  printOutputs(Runs, O, Seconds, Out, Err);
  Out.flush();
  if (!O.Svg.empty()) {
    std::vector<const GpuSpec *> Gpus;
    if (!resolveGpus(Template.GpuNames, Db, Gpus, Error)) {
      Err << "rl-analyze: error: --svg: " << Error << "\n";
      return ExitInputError;
    }
    std::vector<Json> Reports;
    for (const FileRun &R : Runs)
      if (R.Outputs.Exit != ExitInputError)
        Reports.push_back(R.Report);
    std::error_code EC;
    llvm::raw_fd_ostream Svg(O.Svg, EC);
    if (EC) {
      Err << "rl-analyze: error: --svg: cannot write " << O.Svg << ": "
          << EC.message() << "\n";
      return ExitInputError;
    }
    Svg << renderRooflineSvg(reportRooflines(Reports, Gpus));
  }

  int Exit = ExitOk;
  for (const FileRun &R : Runs)
    if (R.Outputs.Exit == ExitInputError)
      Exit = ExitInputError;
    else if (R.Outputs.Exit == ExitGateFailed && Exit == ExitOk)
      Exit = ExitGateFailed;

  // --fail-on: the chosen findings that are not suppressed.
  size_t Failing = 0;
  if (!O.FailOn.empty())
    for (const FileRun &R : Runs) {
      if (R.Outputs.Exit == ExitInputError)
        continue;
      for (const Finding &F : failingFindings(R.Report, Rule)) {
        Err << located(F) << " (--fail-on)\n";
        ++Failing;
      }
    }
  if (Failing) {
    Err << "rl-analyze: gate failed: " << Failing
        << (Failing == 1 ? " finding" : " findings") << " named by --fail-on\n";
    Exit = std::max<int>(Exit, ExitGateFailed);
  }

  // Error findings fail the run on their own: bad input (a value the user
  // gave) with 2, the program's own launches with 1.
  size_t Errors = 0, InputErrors = 0;
  for (const FileRun &R : Runs)
    if (R.Outputs.Exit != ExitInputError) {
      Errors += R.Outputs.ErrorFindings;
      InputErrors += R.Outputs.InputErrorFindings;
    }
  if (Errors) {
    Err << "rl-analyze: " << Errors
        << (Errors == 1 ? " error finding" : " error findings");
    if (InputErrors)
      Err << " (" << InputErrors << " about values given on the command line, "
          << "in a launch file or in the project config)";
    Err << "\n";
    Exit = std::max<int>(Exit, InputErrors ? ExitInputError : ExitGateFailed);
  }

  // Baselines: entries of every analysed file.
  if (!O.Baseline.empty() || !O.WriteBaseline.empty()) {
    auto EntriesFor = [&](const std::string &BaselinePath) {
      std::vector<BaselineEntry> Entries;
      for (const FileRun &R : Runs)
        if (R.Outputs.Exit != ExitInputError) {
          auto E =
              baselineEntries(R.Report, baselineFileKey(R.File, BaselinePath));
          Entries.insert(Entries.end(), E.begin(), E.end());
        }
      return Entries;
    };
    if (!O.Baseline.empty()) {
      BaselineComparison C =
          compareToBaseline(Before, EntriesFor(O.Baseline), O.Tolerance,
                            O.BaselineNew, O.FailOnNewFindings);
      for (const Finding &F : C.Regressions)
        Err << located(F) << "\n";
      size_t NewFailing = 0;
      for (const Finding &F : C.NotCompared) {
        Err << located(F) << "\n";
        NewFailing += F.Level == Severity::Error;
      }
      if (!C.Regressions.empty() || NewFailing) {
        Err << "rl-analyze: gate failed: " << C.Regressions.size()
            << (C.Regressions.size() == 1 ? " regression" : " regressions")
            << (O.FailOnNewFindings ? " or new findings" : "");
        if (NewFailing)
          Err << " and " << NewFailing << " new "
              << (NewFailing == 1 ? "launch" : "launches")
              << " (--baseline-new=fail)";
        Err << " against the baseline " << O.Baseline << "\n";
        Exit = std::max<int>(Exit, ExitGateFailed);
      }
    }
    if (!O.WriteBaseline.empty()) {
      if (!writeBaseline(O.WriteBaseline, EntriesFor(O.WriteBaseline),
                         RLA_VERSION, Error)) {
        Err << "rl-analyze: error: " << Error << "\n";
        return ExitInputError;
      }
    }
  }
  return Exit;
}

} // namespace rla
