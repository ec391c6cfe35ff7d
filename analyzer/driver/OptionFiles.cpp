//===- OptionFiles.cpp ----------------------------------------------------===//
#include "analyzer/driver/OptionFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace rla {

namespace {

/// Options files may name options files; a cycle stops here.
constexpr unsigned MaxNesting = 16;

/// The files of an options-file argument, or false when Args[I] is none.
/// Consumes a separate value.
bool matchOptionsFile(const std::vector<std::string> &Args, size_t &I,
                      llvm::StringRef &Files) {
  llvm::StringRef A = Args[I];
  if (A == "--options-file" || A == "-optf") {
    Files = I + 1 < Args.size() ? llvm::StringRef(Args[++I]) : "";
    return true;
  }
  if (!A.consume_front("--options-file=") && !A.consume_front("-optf="))
    return false;
  Files = A;
  return true;
}

} // namespace

bool expandOptionFiles(std::vector<std::string> &Args,
                       llvm::StringRef Directory, std::string &Error) {
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  // Each round turns the options files in sight into `@file` arguments,
  // which LLVM's expansion reads (with the @files inside them); options
  // files named inside those are read in the next round.
  for (unsigned Round = 0;; ++Round) {
    llvm::SmallVector<const char *, 64> Argv;
    bool Found = false;
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef Files;
      if (!matchOptionsFile(Args, I, Files)) {
        Argv.push_back(Saver.save(Args[I]).data());
        continue;
      }
      llvm::SmallVector<llvm::StringRef, 2> Names;
      Files.split(Names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
      for (llvm::StringRef Name : Names) {
        llvm::SmallString<256> Path(Name);
        if (Directory.empty())
          llvm::sys::fs::make_absolute(Path);
        else
          llvm::sys::path::make_absolute(Directory, Path);
        if (!llvm::sys::fs::is_regular_file(Path)) {
          Error = "cannot read the options file '" + Path.str().str() +
                  "' (--options-file)";
          return false;
        }
        Argv.push_back(Saver.save("@" + Path).data());
        Found = true;
      }
    }
    if (Found && Round == MaxNesting) {
      Error = "options files nest more than " + std::to_string(MaxNesting) +
              " deep (does one include itself?)";
      return false;
    }
    llvm::cl::ExpansionContext Expansion(Alloc,
                                         llvm::cl::TokenizeGNUCommandLine);
    Expansion.setCurrentDir(Directory);
    if (llvm::Error E = Expansion.expandResponseFiles(Argv)) {
      Error = llvm::toString(std::move(E));
      return false;
    }
    Args.assign(Argv.begin(), Argv.end());
    if (!Found)
      return true;
  }
}

} // namespace rla
