//===- ResourceCache.cpp --------------------------------------------------===//
#include "analyzer/resources/ResourceCache.h"
#include "analyzer/support/CacheDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace rla {

ResourceCache::ResourceCache(std::string D)
    : Dir(D.empty() ? defaultCacheDirectory() : std::move(D)) {}

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

} // namespace rla
