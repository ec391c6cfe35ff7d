//===- HostCompiler.cpp ---------------------------------------------------===//
#include "analyzer/driver/HostCompiler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <map>
#include <mutex>
#include <optional>

namespace rla {
namespace {

/// The folders listed between GCC's (and clang's) "#include <...> search
/// starts here:" and "End of search list." lines.
std::vector<std::string> parseSearchList(llvm::StringRef Text) {
  std::vector<std::string> Dirs;
  bool In = false;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Line.starts_with("#include <...> search starts here:")) {
      In = true;
      continue;
    }
    if (Line.starts_with("End of search list."))
      break;
    if (!In)
      continue;
    llvm::StringRef Dir = Line.trim();
    // Framework folders (macOS) carry a suffix; nothing to include there.
    if (Dir.consume_back(" (framework directory)"))
      continue;
    if (!Dir.empty())
      Dirs.push_back(Dir.str());
  }
  return Dirs;
}

std::vector<std::string> askCompiler(const std::string &Compiler) {
  llvm::ErrorOr<std::string> Exe = llvm::sys::findProgramByName(Compiler);
  if (!Exe)
    return {};
  llvm::SmallString<128> Output;
  if (llvm::sys::fs::createTemporaryFile("rla-host-cc", "txt", Output))
    return {};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Output), llvm::StringRef(Output)};
  std::vector<llvm::StringRef> Argv = {*Exe, "-E", "-x", "c++", "-v", "-"};
  int Status = llvm::sys::ExecuteAndWait(*Exe, Argv, std::nullopt, Redirects,
                                         /*SecondsToWait=*/20);
  std::vector<std::string> Dirs;
  if (Status == 0)
    if (auto Buffer = llvm::MemoryBuffer::getFile(Output))
      Dirs = parseSearchList((*Buffer)->getBuffer());
  llvm::sys::fs::remove(Output);
  return Dirs;
}

} // namespace

std::vector<std::string> hostCompilerIncludeDirs(const std::string &Compiler) {
  static std::mutex Lock;
  static std::map<std::string, std::vector<std::string>> Asked;
  std::string Name = Compiler.empty() ? "g++" : Compiler;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Asked.find(Name);
  if (It == Asked.end())
    It = Asked.emplace(Name, askCompiler(Name)).first;
  return It->second;
}

} // namespace rla
