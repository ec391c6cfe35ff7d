//===- Analysis.h - The one entry point every front end calls ---*- C++ -*-===//
///
/// \file
/// Parse, extract, bind, predict: from a file and options to a Report. The
/// CLI (and later the plugin and the language server) are thin wrappers.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_ANALYSIS_H
#define RLA_PIPELINE_ANALYSIS_H

#include "analyzer/frontend/CudaParser.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/report/Report.h"
#include "analyzer/report/ReportWriter.h"

#include <string>
#include <vector>

namespace rla {

/// Exit codes (docs/cli.md): analysed, a gate failed, bad input or usage.
enum ExitCode { ExitOk = 0, ExitGateFailed = 1, ExitInputError = 2 };

struct AnalysisRequest {
  ParseOptions Parse;
  /// Names or aliases; empty means the database default.
  std::vector<std::string> GpuNames;
  /// Launches from --launch and --launches; they replace the launch sites of
  /// the kernels they name.
  std::vector<LaunchSpec> Launches;
  /// --bind values (override launches) and config values (launches
  /// override them).
  Bindings Binds;
  Bindings DefaultBinds;
  /// Resources and occupancy (docs/occupancy.md): skip compiling with
  /// nvcc, or skip only its cache; CacheDir empty for the default.
  bool NoResources = false;
  /// Any clang error makes the file an input error (--strict); by default
  /// the kernels without one are analysed.
  bool Strict = false;
  bool NoResourceCache = false;
  std::string ResourceCacheDir;
  /// --checks: the finding IDs to report (all by default).
  CheckFilter Checks;
  /// --solve: the symbol whose crossover size each kernel reports; and
  /// --precision: the roof (and data format) the questions are asked in.
  std::string SolveSymbol;
  std::string Precision;
  /// --cache-state: what the L2 holds when each launch starts.
  CacheState Cache = CacheState::Cold;
};

struct AnalysisResult {
  int Exit = ExitOk;
  /// Active error-level findings of the report's launches, and of them
  /// those about a value the user gave (--bind, --launch, a launch file,
  /// the project config): the run fails with 1, or 2 for the user's.
  int ErrorFindings = 0, InputErrorFindings = 0;
  std::string Error; ///< set when Exit == ExitInputError
  Report R;
  /// The parse as it ran (toolkit resolved) and its command line, for steps
  /// that bind further launches of the same file (measure).
  ParseOptions Parse;
  std::vector<std::string> ParseCommandLine;
  std::vector<std::string> ParseNvccCodeFlags; ///< ParsedFile::NvccCodeFlags
};

/// Runs the whole analysis. Gpus must outlive the result (the report points
/// into it).
/// With Stream, each launch entry goes to it as it is bound and is not kept
/// (Report::Kernels stays empty; a launch file of 100,000 cases runs in the
/// memory of one); on success Stream has received the whole report, on an
/// input error nothing.
AnalysisResult analyze(const AnalysisRequest &Request, const GpuDatabase &Gpus,
                       ReportWriter *Stream = nullptr);

/// The "ParsedFile -> Report" half of analyze(), for front ends that parse
/// on their own (the compiler plugin, the language server). Parsed must come
/// from a compile without errors; Req.Parse.File names the input as it
/// should appear in the report. Parse: the options the file was parsed
/// with (toolkit resolved).
AnalysisResult reportFromParsed(const AnalysisRequest &Request,
                                const ParseOptions &Parse,
                                const std::vector<const GpuSpec *> &Gpus,
                                ParsedFile Parsed,
                                ReportWriter *Stream = nullptr);

/// The parse analyze() runs for Req: the toolkit resolved, the first GPU's
/// device properties and the --bind values given to the host run. False
/// with Error set when no toolkit is found.
bool prepareParse(const AnalysisRequest &Req,
                  const std::vector<const GpuSpec *> &Gpus, ParseOptions &Parse,
                  std::string &Error);

/// A C or C++ file (.cpp, .cc, .cxx, .c): given with CUDA files, its host
/// code runs with theirs (ProgramLinker.h); it has no kernels of its own.
bool isHostSourceName(llvm::StringRef File);

/// The GPUs of Names (the database default when empty); false with Error
/// set for an unknown name.
bool resolveGpus(const std::vector<std::string> &Names, const GpuDatabase &Db,
                 std::vector<const GpuSpec *> &Gpus, std::string &Error);

} // namespace rla

#endif // RLA_PIPELINE_ANALYSIS_H
