//===- Analysis.cpp -------------------------------------------------------===//
#include "analyzer/pipeline/Analysis.h"
#include "analyzer/driver/CompileDbFiles.h"
#include "analyzer/driver/InputFile.h"
#include "analyzer/models/ArgumentEnvelope.h"
#include "analyzer/models/Binder.h"
#include "analyzer/models/ContextSum.h"
#include "analyzer/models/Crossover.h"
#include "analyzer/models/FusionChains.h"
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/pipeline/AnalysisResources.h"
#include "analyzer/pipeline/DeviceProperties.h"
#include "analyzer/pipeline/HostOccupancy.h"
#include "analyzer/pipeline/ProgramTotals.h"
#include "analyzer/report/CheckFilter.h"
#include "analyzer/report/FindingGate.h"
#include "analyzer/report/ReportFinisher.h"
#include "analyzer/report/ReportWriter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace rla {
namespace {

std::string baseName(const std::string &KernelName) {
  return KernelName.substr(0, KernelName.find('<'));
}

AnalysisResult inputError(std::string Message) {
  AnalysisResult R;
  R.Exit = ExitInputError;
  R.Error = std::move(Message);
  return R;
}

bool isCudaSourceName(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cu" || Ext == ".cuh";
}

} // namespace

bool isHostSourceName(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c++" ||
         Ext == ".C" || Ext == ".c";
}

namespace {

/// The build compiles File as CUDA: its compile_commands.json entry says
/// `-x cuda` (a `.cu.cc` file a distcc build needs, compiled by clang).
bool compiledAsCuda(const std::string &File, const std::string &DbDir) {
  std::vector<std::string> Cuda;
  std::string Error;
  if (DbDir.empty() || !listCudaSources(DbDir, Cuda, Error))
    return false;
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return llvm::is_contained(Cuda, Abs.str().str());
}

bool forcesCudaLanguage(const std::vector<std::string> &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && Args[I + 1] == "cuda")
      return true;
  for (const std::string &A : Args)
    if (A == "-xcuda")
      return true;
  return false;
}

} // namespace

bool prepareParse(const AnalysisRequest &Req,
                  const std::vector<const GpuSpec *> &Gpus, ParseOptions &Parse,
                  std::string &Error) {
  Parse = Req.Parse;
  if (!Parse.NoCudaHeaders) {
    Parse.CudaPath = findCudaToolkit(Parse.CudaPath, Error);
    if (Parse.CudaPath.empty())
      return false;
  }

  // Host code that asks the runtime about the GPU sees the first one asked
  // for.
  if (Parse.HostRun.DeviceProperties.empty() && !Gpus.empty()) {
    ArchitectureTable Archs;
    std::string ArchError;
    const ArchitectureLimits *Limits =
        Archs.loadDefault(ArchError)
            ? Archs.find(Gpus.front()->ComputeMajor, Gpus.front()->ComputeMinor)
            : nullptr;
    Parse.HostRun.DeviceProperties = deviceProperties(*Gpus.front(), Limits);
    Parse.HostRun.DeviceName = Gpus.front()->Name;
  }

  for (const auto &[Name, Value] : Req.Binds)
    Parse.HostRun.Binds.emplace(Name, Value);
  // cudaOccupancy* in host code: answered for the first GPU.
  if (!Gpus.empty() && !Parse.HostRun.OccupancyFor) {
    std::optional<Note> WhyNot;
    Parse.HostRun.OccupancyFor =
        hostOccupancy(Req, Parse, *Gpus.front(), WhyNot);
    if (WhyNot)
      Parse.HostRun.NoOccupancy = *WhyNot;
  }
  return true;
}

AnalysisResult analyze(const AnalysisRequest &Req, const GpuDatabase &Db,
                       ReportWriter *Stream) {
  // GPUs first: a typo should not cost a parse.
  std::vector<const GpuSpec *> Gpus;
  std::vector<std::string> Names = Req.GpuNames;
  if (Names.empty())
    Names.push_back(Db.defaultName());
  for (const std::string &Name : Names) {
    const GpuSpec *G = Db.find(Name);
    if (!G)
      return inputError("unknown GPU '" + Name +
                        "'; known GPUs: " + Db.knownNames());
    // A GPU named twice (an alias and its name) is predicted once.
    if (std::find(Gpus.begin(), Gpus.end(), G) == Gpus.end())
      Gpus.push_back(G);
  }

  const std::string &File = Req.Parse.File;
  if (!llvm::sys::fs::exists(File))
    return inputError("no such file: '" + File + "'");
  if (llvm::sys::fs::is_directory(File))
    return inputError("'" + File + "' is a directory, not a CUDA source");
  if (std::string Error = checkRegularInput(File); !Error.empty())
    return inputError(Error);
  if (!isCudaSourceName(File) && !forcesCudaLanguage(Req.Parse.ExtraArgs) &&
      !compiledAsCuda(File, Req.Parse.CompileDbDir))
    return inputError("'" + File +
                      "' is not a CUDA source (expected a .cu or .cuh file; "
                      "pass `-- -x cuda` to analyse it anyway)");

  ParseOptions Parse;
  std::string PrepareError;
  if (!prepareParse(Req, Gpus, Parse, PrepareError))
    return inputError(PrepareError);

  // Each architecture asked for, for kernels whose bodies depend on it.
  for (const GpuSpec *G : Gpus)
    if (std::find(Parse.DeviceArchs.begin(), Parse.DeviceArchs.end(),
                  G->smArch()) == Parse.DeviceArchs.end())
      Parse.DeviceArchs.push_back(G->smArch());

  ParsedFile Parsed;
  std::string ParseError;
  if (!parseCudaFile(Parse, Parsed, ParseError))
    return inputError(ParseError);
  llvm::raw_ostream &ClangOut =
      Parse.DiagnosticStream ? *Parse.DiagnosticStream : llvm::errs();
  bool AnyAnalysed = false;
  for (const KernelModel &K : Parsed.Kernels)
    AnyAnalysed |= !K.NotAnalysed;
  bool Reject = Parsed.ErrorCount > 0 &&
                (Req.Strict || !AnyAnalysed || Parsed.UnplacedErrors > 0);
  if (Parse.ShowCompilerOutput || Reject)
    ClangOut << Parsed.CompilerOutput;
  if (Reject)
    return inputError(
        "'" + File + "' has " + std::to_string(Parsed.ErrorCount) +
        (Parsed.ErrorCount == 1 ? " error" : " errors") + " (above); " +
        (Req.Strict                  ? "not analysed (--strict)"
         : Parsed.UnplacedErrors > 0 ? "not analysed"
         : Parsed.Kernels.empty()
             ? "no kernel could be read"
             : "not analysed: every kernel's code has one"));
  return reportFromParsed(Req, Parse, Gpus, std::move(Parsed), Stream);
}

/// --solve and --precision: the crossover size and the what-if.
static void askQuestions(const AnalysisRequest &Req,
                         const std::vector<const GpuSpec *> &Gpus,
                         KernelReport &K) {
  if (!Req.SolveSymbol.empty())
    for (const GpuSpec *G : Gpus)
      K.Crossovers.push_back(solveCrossover(K, Req.Binds, Req.DefaultBinds, *G,
                                            Req.SolveSymbol, Req.Precision));
  else if (!Req.Precision.empty())
    K.WhatIf = whatIfPrecision(K, Req.Precision);
}

AnalysisResult reportFromParsed(const AnalysisRequest &Req,
                                const ParseOptions &Parse,
                                const std::vector<const GpuSpec *> &Gpus,
                                ParsedFile Parsed, ReportWriter *Stream) {
  const std::string &File = Req.Parse.File;
  // Show the input's path as the user wrote it, not clang's absolute form.
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  auto relabel = [&](SourceLoc &L) {
    if (L.File == Absolute.str())
      L.File = File;
  };
  for (KernelModel &K : Parsed.Kernels) {
    relabel(K.Location);
    for (Finding &F : K.Findings)
      relabel(F.Loc);
    for (AccessSite &A : K.Accesses) {
      if (A.File == Absolute.str())
        A.File = File;
      if (A.Padding && A.Padding->File == Absolute.str())
        A.Padding->File = File;
    }
  }
  for (LaunchSpec &L : Parsed.Launches)
    relabel(L.Site);
  for (Finding &F : Parsed.Findings)
    relabel(F.Loc);

  AnalysisResult Result;
  Report &R = Result.R;
  R.Version = RLA_VERSION;
  R.InputFile = File;
  R.Gpus = Gpus;
  R.Findings = Parsed.Findings;
  for (Finding &F : Parsed.CompilerErrors) {
    relabel(F.Loc);
    R.Findings.push_back(F);
  }
  R.Dependencies = Parsed.Dependencies;
  R.AbsentIncludes = Parsed.AbsentIncludes;
  ArchitectureTable Archs;
  std::string ArchsError;
  bool HaveArchs = Archs.loadDefault(ArchsError);
  // Library operations: listed with their cost, no source to analyse. Those
  // that launch kernels take a launch's floor, as a kernel does.
  for (LibraryCall &Call : Parsed.LibraryCalls) {
    relabel(Call.Location);
    LibraryCallReport L{Call, {}};
    for (const GpuSpec *G : Gpus) {
      const ArchitectureLimits *A =
          HaveArchs ? Archs.find(G->ComputeMajor, G->ComputeMinor) : nullptr;
      double Floor = G->LaunchFloor ? G->LaunchFloor->Value
                     : A            ? A->Launch.FloorSeconds
                                    : 0;
      L.ByGpu.push_back(priceLibraryCall(Call, *G, Floor));
    }
    R.LibraryCalls.push_back(std::move(L));
  }
  // Kernels with a clang error in their code are listed, not counted.
  std::vector<KernelModel> Analysable;
  for (KernelModel &K : Parsed.Kernels) {
    if (!K.NotAnalysed) {
      Analysable.push_back(std::move(K));
      continue;
    }
    relabel(K.NotAnalysed->Loc);
    R.NotAnalysed.push_back({K.Name, K.Location, K.NotAnalysed->Message});
    R.Findings.push_back(*K.NotAnalysed);
  }
  Parsed.Kernels = std::move(Analysable);
  if (Parsed.Kernels.empty() && R.NotAnalysed.empty()) {
    R.Findings.push_back(dataFinding("rl-no-kernels", Severity::Note,
                                     SourceLoc{File, 0, 0}, {{"file", File}}));
    ReportFinisher Finish(R, Req.Checks);
    Finish.fileFindings(R.Findings);
    Finish.done();
    if (Stream)
      writeReport(R, *Stream);
    return Result;
  }

  // Which launches each kernel gets: explicit ones replace its sites.
  // Pointers into Req and Parsed: a launch file's cases are not copied.
  std::vector<std::vector<const LaunchSpec *>> PerKernel(Parsed.Kernels.size());
  std::vector<bool> Explicit(Parsed.Kernels.size(), false);
  for (const LaunchSpec &L : Req.Launches) {
    std::vector<size_t> Matches;
    for (size_t I = 0; I < Parsed.Kernels.size(); ++I)
      if (Parsed.Kernels[I].Name == L.Kernel)
        Matches.push_back(I);
    if (Matches.empty())
      for (size_t I = 0; I < Parsed.Kernels.size(); ++I)
        if (baseName(Parsed.Kernels[I].Name) == L.Kernel)
          Matches.push_back(I);
    if (Matches.empty()) {
      std::string Known;
      for (const KernelModel &K : Parsed.Kernels)
        Known += (Known.empty() ? "" : ", ") + K.Name;
      return inputError("no kernel named '" + L.Kernel + "' in '" + File +
                        "'; its kernels: " + Known);
    }
    for (size_t I : Matches) {
      PerKernel[I].push_back(&L);
      Explicit[I] = true;
    }
  }
  for (const LaunchSpec &Site : Parsed.Launches)
    for (size_t I = 0; I < Parsed.Kernels.size(); ++I)
      if (!Explicit[I] && Parsed.Kernels[I].Name == Site.Kernel)
        PerKernel[I].push_back(&Site);

  // A --bind that names nothing of this file is most likely a typo.
  for (const auto &[Name, Value] : Req.Binds) {
    bool Known = Name.rfind("gridDim.", 0) == 0 ||
                 Name.rfind("blockDim.", 0) == 0 || Name == "smem";
    for (const KernelModel &K : Parsed.Kernels) {
      Known |= K.findParam(Name) != nullptr;
      // Symbols of the counts themselves, such as a loop's trips_L12.
      for (const auto &[Field, Member] : CostVector::scalarFields())
        Known |= (K.Total.High.*Member).dependsOn(Name);
    }
    if (!Known)
      R.Findings.push_back(dataFinding("rl-unknown-argument", Severity::Warning,
                                       SourceLoc{File, 0, 0},
                                       {{"bind", Name}}));
  }

  // Registers and shared memory for the occupancy stages: nvcc, once per
  // architecture, when a launch first needs them.
  KernelResources Resources(
      resourceOptions(Req, Parse, Parsed.CommandLine, Parsed.NvccCodeFlags, R,
                      HaveArchs ? &Archs : nullptr, ArchsError),
      Gpus);
  // File findings known before binding are final now: a streamed report
  // writes them first.
  ReportFinisher Finish(R, Req.Checks);
  Finish.fileFindings(R.Findings);
  R.Program.Time.assign(Gpus.size(), NumberRange{});
  if (Stream) {
    Stream->begin(R);
  } else {
    size_t Entries = 0;
    for (const std::vector<const LaunchSpec *> &Launches : PerKernel)
      Entries += std::max<size_t>(Launches.size(), 1);
    R.Kernels.reserve(Entries);
  }
  // Launch-site entries of a streamed report, for the fusion chains.
  std::vector<KernelReport> Sequenced;
  for (size_t I = 0; I < Parsed.Kernels.size(); ++I) {
    const KernelModel &Model = Parsed.Kernels[I];
    // A body read for some architectures only is predicted on their GPUs.
    std::vector<const GpuSpec *> ModelGpus;
    for (const GpuSpec *G : Gpus)
      if (Model.Archs.empty() ||
          std::find(Model.Archs.begin(), Model.Archs.end(), G->smArch()) !=
              Model.Archs.end())
        ModelGpus.push_back(G);
    LaunchSpec None;
    if (PerKernel[I].empty()) {
      None.Kernel = Model.Name;
      // A launch in a host statement clang could not parse is lost with
      // the statement: say so rather than that there is none.
      const Finding *HostError = nullptr;
      for (const Finding &E : Parsed.CompilerErrors)
        if (!HostError && E.Loc.Line > 0)
          HostError = &E;
      None.Notes.push_back(
          HostError
              ? note(NoteId::NoLaunchReadable,
                     {{"kernel", Model.Name}, {"at", HostError->Loc.str()}})
              : note(NoteId::NoLaunchInFile, {{"kernel", Model.Name}}));
      PerKernel[I].push_back(&None);
    }
    // The kernel's first launch: later ones reuse what it computed.
    std::optional<KernelReport> First;
    for (const LaunchSpec *L : PerKernel[I]) {
      KernelReport K =
          bindLaunch(Model, *L, Req.Binds, ModelGpus, Req.DefaultBinds,
                     &Resources, First ? &*First : nullptr, Req.Cache);
      envelopeUnknownArguments(K, Model, Req.Binds, ModelGpus, Req.DefaultBinds,
                               &Resources, Req.Cache);
      sumContexts(K, Model, Req.Binds, ModelGpus, Req.DefaultBinds, &Resources,
                  Req.Cache);
      askQuestions(Req, ModelGpus, K);
      if (!First)
        First = K;
      Finish.kernel(K);
      for (const Finding &F : K.Findings)
        if (F.Level == Severity::Error) {
          ++Result.ErrorFindings;
          Result.InputErrorFindings += isInputError(F);
        }
      addToProgram(R.Program, K, Gpus.size());
      if (!Stream) {
        R.Kernels.push_back(std::move(K));
        continue;
      }
      if (K.Launch.Source == LaunchSource::LaunchSite &&
          !K.Launch.HostFunction.empty())
        Sequenced.push_back(K);
      Stream->entry(R, K);
    }
  }
  // Launches in sequence that hand buffers to each other through DRAM.
  std::vector<Finding> Fusion = fusionFindings(Stream ? Sequenced : R.Kernels);
  Finish.fileFindings(Fusion);
  Finish.done();
  R.Findings.insert(R.Findings.end(), Fusion.begin(), Fusion.end());
  Result.Parse = Parse;
  Result.ParseCommandLine = Parsed.CommandLine;
  Result.ParseNvccCodeFlags = Parsed.NvccCodeFlags;
  if (Stream)
    Stream->end(R);
  return Result;
}

bool resolveGpus(const std::vector<std::string> &Names, const GpuDatabase &Db,
                 std::vector<const GpuSpec *> &Gpus, std::string &Error) {
  Gpus.clear();
  for (const std::string &Name : Names) {
    const GpuSpec *G = Db.find(Name);
    if (!G) {
      Error = "unknown GPU '" + Name + "'; known GPUs: " + Db.knownNames();
      return false;
    }
    if (std::find(Gpus.begin(), Gpus.end(), G) == Gpus.end())
      Gpus.push_back(G);
  }
  if (Names.empty())
    Gpus.push_back(Db.find(Db.defaultName()));
  if (!Gpus.back())
    Error = "the GPU database has no default GPU";
  return Gpus.back() != nullptr;
}

} // namespace rla
