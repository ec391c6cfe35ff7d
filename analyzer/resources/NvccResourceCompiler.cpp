//===- NvccResourceCompiler.cpp -------------------------------------------===//
#include "analyzer/resources/NvccResourceCompiler.h"
#include "analyzer/resources/ResourceCache.h"
#include "analyzer/support/FileDependencies.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

namespace rla {
namespace {

std::string absoluteIn(const std::string &Dir, llvm::StringRef Path) {
  if (Dir.empty() || llvm::sys::path::is_absolute(Path))
    return Path.str();
  llvm::SmallString<256> Abs(Dir);
  llvm::sys::path::append(Abs, Path);
  return std::string(Abs);
}

/// The program's name without its folder ("nvcc", "nvdisasm").
std::string toolName(const std::string &Path) {
  return std::string(llvm::sys::path::filename(Path));
}

/// Why a program gave no output: no temporary file for it, or it did not
/// run (SystemError: the system's words, may be empty).
struct RunFailure {
  bool NoTemporaryFile = false;
  std::string SystemError;
};

Note runFailureNote(const RunFailure &F, const std::string &Tool) {
  if (F.NoTemporaryFile)
    return note(NoteId::NoTemporaryOutputFile, {{"tool", Tool}});
  return note(NoteId::ToolkitProgramNotRun,
              {{"tool", Tool}, {"error", F.SystemError}});
}

/// Runs Args with stdout and stderr in one temporary file; returns its text.
std::optional<std::string> runCapturing(const std::vector<std::string> &Args,
                                        unsigned Timeout, int &Status,
                                        RunFailure &Failed) {
  llvm::SmallString<128> Log;
  if (llvm::sys::fs::createTemporaryFile("rla-ptxas", "log", Log)) {
    Failed.NoTemporaryFile = true;
    return std::nullopt;
  }
  std::vector<llvm::StringRef> Argv(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), Log.str(),
                                                Log.str()};
  std::string ExecError;
  Status = llvm::sys::ExecuteAndWait(Args.front(), Argv, std::nullopt,
                                     Redirects, Timeout, 0, &ExecError);
  auto Buffer = llvm::MemoryBuffer::getFile(Log);
  llvm::sys::fs::remove(Log);
  if (Status < 0) {
    Failed.SystemError = ExecError;
    return std::nullopt;
  }
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

std::string nvccVersion(const std::string &Nvcc) {
  int Status = 0;
  RunFailure Failed;
  auto Text = runCapturing({Nvcc, "--version"}, 60, Status, Failed);
  return Text && Status == 0 ? *Text : "";
}

/// The last few lines of a failed compile, for the reason shown to users.
std::string tail(const std::string &Text) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Text).trim().split(Lines, '\n');
  std::string Out;
  size_t First = Lines.size() > 3 ? Lines.size() - 3 : 0;
  for (size_t I = First; I < Lines.size(); ++I)
    Out += (Out.empty() ? "" : " | ") + Lines[I].trim().str();
  return Out;
}

/// Whether a header nvcc read belongs to the toolkit or the system: the nvcc
/// version and the host compiler stand for those, so they are not hashed.
bool isToolchainHeader(llvm::StringRef Path, llvm::StringRef ToolkitRoot) {
  return (!ToolkitRoot.empty() && Path.starts_with(ToolkitRoot)) ||
         Path.starts_with("/usr/include/") || Path.starts_with("/usr/lib/");
}

/// The user files behind a compile: what nvcc's dependency output lists
/// (the input and toolchain headers left out) and what the parse read.
FileDependencies dependenciesOf(const ResourceCompileRequest &R,
                                const std::string &MakeDeps) {
  llvm::SmallString<256> Root(llvm::sys::path::parent_path(R.Nvcc));
  llvm::sys::path::append(Root, "..");
  llvm::sys::fs::make_absolute(Root);
  llvm::sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Input(R.File);
  llvm::sys::fs::make_absolute(Input);
  llvm::sys::path::remove_dots(Input, true);
  FileDependencies Deps{R.ParseDependencies, R.ParseAbsentIncludes};
  for (const std::string &Listed : parseMakeDependencies(MakeDeps)) {
    llvm::SmallString<256> Path(Listed);
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (Path == Input || isToolchainHeader(Path, Root.str().str() + "/"))
      continue;
    if (std::find(Deps.Files.begin(), Deps.Files.end(), Path.str()) ==
        Deps.Files.end())
      Deps.Files.push_back(Path.str().str());
  }
  return Deps;
}

/// Why a compile has no disassembly, as the cache keeps it.
struct SassFailure {
  enum Kind {
    None,
    NoDisassembler,
    Failed,
    NotRun,
    NoTemporaryFile
  } What = None;
  int Exit = 0;
  std::string Output; ///< nvdisasm's last lines, or the system's error
};

/// What a compile printed: ptxas's report, the disassembly (or why none).
struct CompileTexts {
  std::string Ptxas, Sass;
  SassFailure SassMissing;
};

nlohmann::json toJson(const SassFailure &F) {
  return {{"kind", int(F.What)}, {"exit", F.Exit}, {"output", F.Output}};
}

std::optional<SassFailure> sassFailureOf(const nlohmann::json &J) {
  if (!J.is_object() || !J.contains("kind") || !J["kind"].is_number_integer() ||
      !J.contains("exit") || !J["exit"].is_number_integer() ||
      !J.contains("output") || !J["output"].is_string())
    return std::nullopt;
  int Kind = J["kind"].get<int>();
  if (Kind < SassFailure::None || Kind > SassFailure::NoTemporaryFile)
    return std::nullopt;
  return SassFailure{SassFailure::Kind(Kind), J["exit"].get<int>(),
                     J["output"].get<std::string>()};
}

/// The statement a report keeps for F; blank when there is a listing.
Note sassWhy(const SassFailure &F, const SassListing &Sass) {
  switch (F.What) {
  case SassFailure::NoDisassembler:
    return note(NoteId::NoDisassembler);
  case SassFailure::Failed:
    return note(NoteId::DisassemblerFailed,
                {{"exit", double(F.Exit)}, {"output", F.Output}});
  case SassFailure::NotRun:
  case SassFailure::NoTemporaryFile:
    return note(
        NoteId::DisassemblerFailed, {},
        {runFailureNote({F.What == SassFailure::NoTemporaryFile, F.Output},
                        "nvdisasm")});
  case SassFailure::None:
    break;
  }
  return Sass.Functions.empty() ? note(NoteId::DisassemblyEmpty) : Note();
}

/// The texts of a cache entry whose recorded files are unchanged.
std::optional<CompileTexts> validEntry(const std::string &Stored) {
  nlohmann::json Entry = nlohmann::json::parse(Stored, nullptr, false);
  if (!Entry.is_object() || !Entry.contains("dependencies") ||
      !Entry.contains("ptxas") || !Entry["ptxas"].is_string() ||
      !Entry.contains("sass") || !Entry["sass"].is_string() ||
      !Entry.contains("sass_failure"))
    return std::nullopt;
  std::optional<SassFailure> Missing = sassFailureOf(Entry["sass_failure"]);
  FileDependencies Recorded;
  if (!Missing || !Recorded.stillValid(Entry["dependencies"]))
    return std::nullopt;
  return CompileTexts{Entry["ptxas"].get<std::string>(),
                      Entry["sass"].get<std::string>(), *Missing};
}

/// The report of a compile from its texts.
PtxasReport reportOf(const CompileTexts &T) {
  PtxasReport P = parsePtxasOutput(T.Ptxas);
  P.Sass = parseSassListing(T.Sass);
  P.SassWhy = sassWhy(T.SassMissing, P.Sass);
  return P;
}

/// nvdisasm's listing of Cubin with line numbers and inlining (-gi) and the
/// encodings (-hex), whose control bits are the compiler's schedule.
void disassemble(const ResourceCompileRequest &R, const std::string &Cubin,
                 CompileTexts &Out) {
  if (R.Disassembler.empty()) {
    Out.SassMissing.What = SassFailure::NoDisassembler;
    return;
  }
  int Status = 0;
  RunFailure Failed;
  auto Text = runCapturing({R.Disassembler, "-gi", "-c", "-hex", Cubin},
                           R.TimeoutSeconds, Status, Failed);
  if (!Text) {
    Out.SassMissing = {Failed.NoTemporaryFile ? SassFailure::NoTemporaryFile
                                              : SassFailure::NotRun,
                       0, Failed.SystemError};
    return;
  }
  if (Status != 0) {
    Out.SassMissing = {SassFailure::Failed, Status, tail(*Text)};
    return;
  }
  Out.Sass = std::move(*Text);
}

} // namespace

std::vector<std::string>
nvccFlagsFromParseFlags(const std::vector<std::string> &Flags) {
  std::string WorkDir;
  for (const std::string &F : Flags)
    if (llvm::StringRef(F).starts_with("-working-directory="))
      WorkDir = F.substr(std::string("-working-directory=").size());
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef F = Flags[I];
    bool HasNext = I + 1 < Flags.size();
    if (F.starts_with("-I") && F.size() > 2) {
      Out.push_back("-I" + absoluteIn(WorkDir, F.drop_front(2)));
    } else if (F == "-I" && HasNext) {
      Out.push_back("-I" + absoluteIn(WorkDir, Flags[++I]));
    } else if (F == "-isystem" && HasNext) {
      Out.push_back("-isystem");
      Out.push_back(absoluteIn(WorkDir, Flags[++I]));
    } else if ((F.starts_with("-D") || F.starts_with("-U")) && F.size() > 2) {
      Out.push_back(F.str());
    } else if ((F == "-D" || F == "-U") && HasNext) {
      Out.push_back(F.str() + Flags[++I]);
    } else if (F.starts_with("-std=")) {
      Out.push_back(F.str());
    } else if (F == "-include" && HasNext) {
      Out.push_back("-include");
      Out.push_back(absoluteIn(WorkDir, Flags[++I]));
    }
  }
  return Out;
}

namespace {

/// Program Name in CudaPath/bin, else on PATH.
std::string findToolkitProgram(const std::string &Name,
                               const std::string &CudaPath, Note &Why) {
  if (!CudaPath.empty()) {
    llvm::SmallString<256> Path(CudaPath);
    llvm::sys::path::append(Path, "bin", Name);
    if (llvm::sys::fs::can_execute(Path))
      return std::string(Path);
  }
  if (auto OnPath = llvm::sys::findProgramByName(Name))
    return *OnPath;
  Why = note(NoteId::ToolkitProgramNotFound,
             {{"tool", Name}, {"cuda_path", CudaPath}});
  return "";
}

} // namespace

std::string findNvcc(const std::string &CudaPath, Note &Why) {
  return findToolkitProgram("nvcc", CudaPath, Why);
}

std::string findDisassembler(const std::string &CudaPath, Note &Why) {
  return findToolkitProgram("nvdisasm", CudaPath, Why);
}

ResourceCompileResult compileForResources(const ResourceCompileRequest &R) {
  ResourceCompileResult Result;
  std::vector<std::string> Flags = nvccFlagsFromParseFlags(R.Flags);
  Flags.insert(Flags.end(), R.CodeFlags.begin(), R.CodeFlags.end());
  llvm::SmallString<128> Cubin;
  if (llvm::sys::fs::createTemporaryFile("rl-analyze", "cubin", Cubin)) {
    Result.Why = note(NoteId::NoTemporaryCubinFile);
    return Result;
  }
  // -cubin compiles the device side only: no host compiler, no link.
  std::vector<std::string> Args = {
      R.Nvcc, "-cubin", "-lineinfo", "-arch=" + R.Arch, "-Xptxas", "-v"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  // "-x cu": a .cuh (or a file forced to CUDA with `-x cuda`) compiles too.
  Args.insert(Args.end(), {"-o", std::string(Cubin), "-x", "cu", R.File});
  Result.CommandLine = Args;

  ResourceCache Cache(R.CacheDir);
  std::string Key;
  auto Source = llvm::MemoryBuffer::getFile(R.File);
  if (R.UseCache && Source) {
    llvm::SmallString<256> Input(R.File);
    llvm::sys::fs::make_absolute(Input);
    std::vector<std::string> Parts = {
        "rl-analyze resources v4", R.Arch,
        nvccVersion(R.Nvcc),       R.Nvcc,
        Input.str().str(),         (*Source)->getBuffer().str()};
    Parts.insert(Parts.end(), Flags.begin(), Flags.end());
    Key = ResourceCache::keyOf(Parts);
    if (auto Stored = Cache.load(Key))
      if (auto Hit = validEntry(*Stored)) {
        llvm::sys::fs::remove(Cubin);
        Result.Ok = true;
        Result.FromCache = true;
        Result.Ptxas = reportOf(*Hit);
        return Result;
      }
  }

  // nvcc says which headers it read, for the cache entry.
  llvm::SmallString<128> DepFile;
  std::vector<std::string> Run = Args;
  if (!Key.empty() &&
      !llvm::sys::fs::createTemporaryFile("rl-analyze", "d", DepFile))
    Run.insert(Run.begin() + 1, {"-MD", "-MF", std::string(DepFile)});
  int Status = 0;
  RunFailure Failed;
  auto Output = runCapturing(Run, R.TimeoutSeconds, Status, Failed);
  // A kernel that launches kernels (dynamic parallelism) compiles only in
  // separate compilation mode, as its project builds it (-rdc=true).
  if (Output && Status != 0 &&
      Output->find("requires separate compilation mode") != std::string::npos) {
    auto Rdc = [](std::vector<std::string> &V) {
      V.insert(std::find(V.begin(), V.end(), "-cubin") + 1, "-rdc=true");
    };
    Rdc(Run);
    Rdc(Args);
    Result.CommandLine = Args;
    Output = runCapturing(Run, R.TimeoutSeconds, Status, Failed);
  }
  CompileTexts Texts;
  if (Output && Status == 0)
    disassemble(R, std::string(Cubin), Texts);
  llvm::sys::fs::remove(Cubin);
  std::string MakeDeps;
  if (!DepFile.empty()) {
    if (auto Buffer = llvm::MemoryBuffer::getFile(DepFile))
      MakeDeps = (*Buffer)->getBuffer().str();
    llvm::sys::fs::remove(DepFile);
  }
  if (!Output) {
    Result.Why = runFailureNote(Failed, toolName(R.Nvcc));
    return Result;
  }
  if (Status != 0) {
    Result.Why = note(NoteId::NvccCompileFailed, {{"arch", R.Arch},
                                                  {"exit", double(Status)},
                                                  {"output", tail(*Output)}});
    return Result;
  }
  Result.Ok = true;
  Texts.Ptxas = *Output;
  Result.Ptxas = reportOf(Texts);
  nlohmann::json Entry = {{"ptxas", Texts.Ptxas},
                          {"sass", Texts.Sass},
                          {"sass_failure", toJson(Texts.SassMissing)}};
  // Without nvcc's list the entry could outlive a header edit: not stored.
  if (!Key.empty() && !MakeDeps.empty() &&
      dependenciesOf(R, MakeDeps).toJson(Entry["dependencies"]))
    Cache.store(Key, Entry.dump(-1, ' ', false,
                                nlohmann::json::error_handler_t::replace));
  return Result;
}

} // namespace rla
