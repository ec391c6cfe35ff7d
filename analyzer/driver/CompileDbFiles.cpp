//===- CompileDbFiles.cpp -------------------------------------------------===//
#include "analyzer/driver/CompileDbFiles.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rla {

namespace {

bool isCudaName(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cu" || Ext == ".cuh";
}

/// `-x cu` / `-x cuda` (clang) or `-x=cu` / `--x cu` spellings (nvcc).
bool forcesCuda(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    llvm::StringRef Lang;
    if ((A == "-x" || A == "--x") && I + 1 < Args.size())
      Lang = Args[I + 1];
    else if (A.consume_front("-x") || A.consume_front("--x="))
      Lang = A.ltrim("=");
    if (Lang == "cu" || Lang == "cuda")
      return true;
  }
  return false;
}

/// The "arguments" array, or "command" split as a shell would (as clang's
/// JSONCompilationDatabase reads it).
std::vector<std::string> argumentsOf(const nlohmann::json &Entry) {
  std::vector<std::string> Args;
  if (Entry.contains("arguments") && Entry["arguments"].is_array()) {
    for (const auto &A : Entry["arguments"])
      if (A.is_string())
        Args.push_back(A.get<std::string>());
  } else if (Entry.contains("command") && Entry["command"].is_string()) {
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 32> Parts;
    llvm::cl::TokenizeGNUCommandLine(
        Entry["command"].get_ref<const std::string &>(), Saver, Parts);
    Args.assign(Parts.begin(), Parts.end());
  }
  return Args;
}

} // namespace

bool listCudaSources(const std::string &Dir, std::vector<std::string> &Files,
                     std::string &Error, std::vector<std::string> *HostFiles) {
  llvm::SmallString<256> DbFile(Dir);
  llvm::sys::path::append(DbFile, "compile_commands.json");
  auto Buffer = llvm::MemoryBuffer::getFile(DbFile);
  if (!Buffer) {
    Error = "no compile_commands.json in '" + Dir + "' (-p)";
    return false;
  }
  if (std::string Deep = jsonTooDeep((*Buffer)->getBuffer()); !Deep.empty()) {
    Error = "cannot read '" + DbFile.str().str() + "': " + Deep;
    return false;
  }
  nlohmann::json Db =
      nlohmann::json::parse((*Buffer)->getBuffer(), nullptr, false);
  if (Db.is_discarded() || !Db.is_array()) {
    Error = "cannot read '" + DbFile.str().str() +
            "': expected a JSON array of compile commands";
    return false;
  }
  for (const auto &Entry : Db) {
    if (!Entry.is_object() || !Entry.contains("file") ||
        !Entry["file"].is_string()) {
      Error = "cannot read '" + DbFile.str().str() +
              "': an entry has no \"file\" string";
      return false;
    }
    llvm::SmallString<256> Path(Entry["file"].get<std::string>());
    if (llvm::sys::path::is_relative(Path) && Entry.contains("directory") &&
        Entry["directory"].is_string()) {
      llvm::SmallString<256> Base(Entry["directory"].get<std::string>());
      llvm::sys::path::append(Base, Path);
      Path = Base;
    }
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    std::string Name = Path.str().str();
    if (!isCudaName(Path) && !forcesCuda(argumentsOf(Entry))) {
      llvm::StringRef Ext = llvm::sys::path::extension(Path);
      if (HostFiles &&
          (Ext == ".c" || Ext == ".cc" || Ext == ".cpp" || Ext == ".cxx" ||
           Ext == ".c++" || Ext == ".C") &&
          std::find(HostFiles->begin(), HostFiles->end(), Name) ==
              HostFiles->end())
        HostFiles->push_back(Name);
      continue;
    }
    if (std::find(Files.begin(), Files.end(), Name) == Files.end())
      Files.push_back(Name);
  }
  return true;
}

} // namespace rla
