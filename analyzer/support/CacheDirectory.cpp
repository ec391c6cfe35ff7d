//===- CacheDirectory.cpp -------------------------------------------------===//
#include "analyzer/support/CacheDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace rla {

std::string defaultCacheDirectory() {
  if (const char *Env = std::getenv("RL_ANALYZE_CACHE_DIR"); Env && *Env)
    return Env;
  llvm::SmallString<256> Path;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg) {
    Path = Xdg;
  } else if (const char *Home = std::getenv("HOME"); Home && *Home) {
    Path = Home;
    llvm::sys::path::append(Path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(Path, "rl-analyze");
  return std::string(Path);
}

} // namespace rla
