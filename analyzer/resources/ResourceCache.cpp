//===- ResourceCache.cpp --------------------------------------------------===//
#include "analyzer/resources/ResourceCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <set>

namespace rla {

ResourceCache::ResourceCache(std::string D)
    : Dir(D.empty() ? defaultDirectory() : std::move(D)) {}

std::string ResourceCache::defaultDirectory() {
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

std::string ResourceCache::keyOf(const std::vector<std::string> &Parts) {
  llvm::SHA1 Hash;
  for (const std::string &P : Parts) {
    std::string Length = std::to_string(P.size()) + ":";
    Hash.update(Length);
    Hash.update(P);
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

std::string ResourceCache::pathOf(const std::string &Key) const {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Key + ".ptxas");
  return std::string(Path);
}

std::optional<std::string> ResourceCache::load(const std::string &Key) const {
  if (Dir.empty())
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(pathOf(Key));
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

void ResourceCache::store(const std::string &Key,
                          const std::string &Text) const {
  if (Dir.empty() || llvm::sys::fs::create_directories(Dir))
    return;
  // Write aside, then rename: a concurrent reader never sees half a file.
  llvm::SmallString<256> Temp;
  int FD = -1;
  if (llvm::sys::fs::createUniqueFile(pathOf(Key) + ".%%%%%%", FD, Temp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return;
    }
  }
  if (llvm::sys::fs::rename(Temp, pathOf(Key)))
    llvm::sys::fs::remove(Temp);
}

namespace {

/// The names of `#include "..."` lines (not <...>).
std::vector<std::string> quotedIncludes(llvm::StringRef Text) {
  std::vector<std::string> Names;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("\""))
      continue;
    size_t Close = Line.find('"');
    if (Close != llvm::StringRef::npos)
      Names.push_back(Line.take_front(Close).str());
  }
  return Names;
}

} // namespace

std::vector<std::pair<std::string, std::string>>
readLocalSources(const std::string &File,
                 const std::vector<std::string> &IncludeDirs) {
  std::vector<std::pair<std::string, std::string>> Out;
  std::set<std::string> Seen;
  std::vector<std::string> Work = {File};
  while (!Work.empty()) {
    std::string Path = Work.back();
    Work.pop_back();
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Path, Real) ||
        !Seen.insert(Real.str().str()).second)
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(Real);
    if (!Buffer)
      continue;
    std::string Text = (*Buffer)->getBuffer().str();
    llvm::StringRef Here = llvm::sys::path::parent_path(Real);
    for (const std::string &Name : quotedIncludes(Text)) {
      std::vector<std::string> Candidates = {(Here + "/" + Name).str()};
      for (const std::string &D : IncludeDirs)
        Candidates.push_back(D + "/" + Name);
      for (const std::string &C : Candidates)
        if (llvm::sys::fs::is_regular_file(C)) {
          Work.push_back(C);
          break;
        }
    }
    Out.emplace_back(Real.str().str(), std::move(Text));
  }
  return Out;
}

} // namespace rla
