//===- NvccResourceCompiler.cpp -------------------------------------------===//
#include "analyzer/resources/NvccResourceCompiler.h"
#include "analyzer/resources/ResourceCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

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

/// Runs Args with stdout and stderr in one temporary file; returns its text.
std::optional<std::string> runCapturing(const std::vector<std::string> &Args,
                                        unsigned Timeout, int &Status,
                                        std::string &Error) {
  llvm::SmallString<128> Log;
  if (llvm::sys::fs::createTemporaryFile("rla-ptxas", "log", Log)) {
    Error = "cannot create a temporary file for nvcc's output";
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
    Error = ExecError.empty() ? "nvcc could not be run" : ExecError;
    return std::nullopt;
  }
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

std::string nvccVersion(const std::string &Nvcc) {
  int Status = 0;
  std::string Error;
  auto Text = runCapturing({Nvcc, "--version"}, 60, Status, Error);
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

std::string findNvcc(const std::string &CudaPath, std::string &Error) {
  if (!CudaPath.empty()) {
    llvm::SmallString<256> Path(CudaPath);
    llvm::sys::path::append(Path, "bin", "nvcc");
    if (llvm::sys::fs::can_execute(Path))
      return std::string(Path);
  }
  if (auto OnPath = llvm::sys::findProgramByName("nvcc"))
    return *OnPath;
  Error = "nvcc not found" +
          (CudaPath.empty() ? std::string() : " in " + CudaPath + "/bin") +
          " nor on PATH";
  return "";
}

ResourceCompileResult compileForResources(const ResourceCompileRequest &R) {
  ResourceCompileResult Result;
  std::vector<std::string> Flags = nvccFlagsFromParseFlags(R.Flags);
  llvm::SmallString<128> Cubin;
  if (llvm::sys::fs::createTemporaryFile("rl-analyze", "cubin", Cubin)) {
    Result.Error = "cannot create a temporary file for the cubin";
    return Result;
  }
  // -cubin compiles the device side only: no host compiler, no link.
  std::vector<std::string> Args = {R.Nvcc, "-cubin", "-arch=" + R.Arch,
                                   "-Xptxas", "-v"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  // "-x cu": a .cuh (or a file forced to CUDA with `-x cuda`) compiles too.
  Args.insert(Args.end(), {"-o", std::string(Cubin), "-x", "cu", R.File});
  Result.CommandLine = Args;

  ResourceCache Cache(R.CacheDir);
  std::string Key;
  if (R.UseCache) {
    std::vector<std::string> IncludeDirs;
    for (const std::string &F : Flags)
      if (llvm::StringRef(F).starts_with("-I"))
        IncludeDirs.push_back(F.substr(2));
    std::vector<std::string> Parts = {"rl-analyze resources v1", R.Arch,
                                      nvccVersion(R.Nvcc), R.Nvcc};
    Parts.insert(Parts.end(), Flags.begin(), Flags.end());
    for (auto &[Path, Text] : readLocalSources(R.File, IncludeDirs)) {
      Parts.push_back(Path);
      Parts.push_back(Text);
    }
    Key = ResourceCache::keyOf(Parts);
    if (auto Hit = Cache.load(Key)) {
      llvm::sys::fs::remove(Cubin);
      Result.Ok = true;
      Result.FromCache = true;
      Result.Ptxas = parsePtxasOutput(*Hit);
      return Result;
    }
  }

  int Status = 0;
  auto Output = runCapturing(Args, R.TimeoutSeconds, Status, Result.Error);
  llvm::sys::fs::remove(Cubin);
  if (!Output)
    return Result;
  if (Status != 0) {
    Result.Error = "nvcc -arch=" + R.Arch + " failed (exit " +
                   std::to_string(Status) + "): " + tail(*Output);
    return Result;
  }
  Result.Ok = true;
  Result.Ptxas = parsePtxasOutput(*Output);
  if (R.UseCache)
    Cache.store(Key, *Output);
  return Result;
}

} // namespace rla
