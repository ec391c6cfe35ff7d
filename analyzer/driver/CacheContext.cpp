//===- CacheContext.cpp ---------------------------------------------------===//
#include "analyzer/driver/CacheContext.h"
#include "analyzer/support/FileDependencies.h"

#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace rla {

namespace {

/// Options that change what is printed or gated, not a file's result.
const char *const Presentation[] = {
    "j",        "verbose",       "cache-dir",
    "no-cache", "fail-on",       "baseline",
    "format",   "colors",        "baseline-tolerance",
    "all",      "write-baseline"};
/// Of those, the ones that take no value.
const char *const Flags[] = {"verbose", "no-cache", "all", "colors"};

bool isIn(llvm::StringRef Name, llvm::ArrayRef<const char *> List) {
  return std::any_of(List.begin(), List.end(),
                     [&](const char *P) { return Name == P; });
}

} // namespace

std::string cacheContext(const CacheContextInputs &In) {
  std::string Context = In.ToolIdentity;
  const std::vector<std::string> &Args = In.Options;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (std::find(In.Inputs.begin(), In.Inputs.end(), Arg) != In.Inputs.end())
      continue;
    llvm::StringRef Name = Arg.ltrim('-').split('=').first;
    bool JoinedJobs = Name.starts_with("j") && Name.size() > 1 &&
                      Name.drop_front().ltrim("0123456789").empty();
    if (Arg.starts_with("-") && (JoinedJobs || isIn(Name, Presentation))) {
      // A value given as the next argument goes too.
      if (!JoinedJobs && !Arg.contains('=') && !isIn(Name, Flags) &&
          I + 1 < Args.size() && !llvm::StringRef(Args[I + 1]).starts_with("-"))
        ++I;
      continue;
    }
    Context += "\narg " + Arg.str();
  }
  for (const std::string &Flag : In.CompilerFlags)
    Context += "\nflag " + Flag;
  for (const std::string &Name : In.GpuNames)
    Context += "\ngpu " + Name;
  for (const std::string &File : In.ContentFiles)
    if (!File.empty())
      Context += "\nfile " + File + " " + hashFileContent(File);
  // Relative paths in the options are relative to it.
  Context += "\ncwd " + In.WorkingDirectory;
  Context += "\nCUDA_PATH=" + In.CudaPathEnv;
  return Context;
}

std::string toolIdentity(const char *Argv0, void *MainAddr) {
  std::string Path = llvm::sys::fs::getMainExecutable(Argv0, MainAddr);
  llvm::sys::fs::file_status Status;
  std::string Id = std::string("rl-analyze ") + RLA_VERSION + " " + Path;
  if (!llvm::sys::fs::status(Path, Status))
    Id += " " + std::to_string(Status.getSize()) + " " +
          std::to_string(
              Status.getLastModificationTime().time_since_epoch().count());
  return Id;
}

bool parseTolerance(llvm::StringRef Text, double &Out) {
  bool Percent = Text.consume_back("%");
  double V;
  if (Text.trim().getAsDouble(V) || V < 0)
    return false;
  Out = Percent ? V / 100 : V;
  return true;
}

} // namespace rla
