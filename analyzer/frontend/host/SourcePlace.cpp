//===- SourcePlace.cpp ----------------------------------------------------===//
#include "analyzer/frontend/host/SourcePlace.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace rla {

std::string sourcePlace(const clang::SourceManager &SM,
                        clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getSpellingLoc(Loc));
  if (!P.isValid())
    return "?";
  llvm::SmallString<256> Path(P.getFilename());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str() + ":" + std::to_string(P.getLine()) + ":" +
         std::to_string(P.getColumn());
}

} // namespace rla
