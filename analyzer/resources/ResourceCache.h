//===- ResourceCache.h - ptxas reports kept between runs --------*- C++ -*-===//
///
/// \file
/// Compiling the device code costs seconds; an unchanged file should not pay
/// it twice. Entries are ptxas's own text, keyed by a hash of everything
/// that changes it: the file, the local headers it includes, the flags, the
/// architecture and the nvcc version.
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_RESOURCECACHE_H
#define RLA_RESOURCES_RESOURCECACHE_H

#include <optional>
#include <string>
#include <vector>

namespace rla {

class ResourceCache {
public:
  /// Dir empty: defaultDirectory().
  explicit ResourceCache(std::string Dir = "");

  /// $RL_ANALYZE_CACHE_DIR, else $XDG_CACHE_HOME/rl-analyze, else
  /// ~/.cache/rl-analyze; empty when none can be named.
  static std::string defaultDirectory();

  /// Hex SHA-1 of the parts, each length-prefixed so that no two lists of
  /// parts give the same input.
  static std::string keyOf(const std::vector<std::string> &Parts);

  std::optional<std::string> load(const std::string &Key) const;
  /// Best effort: a cache that cannot be written only costs time.
  void store(const std::string &Key, const std::string &Text) const;
  const std::string &directory() const { return Dir; }

private:
  std::string Dir;
  std::string pathOf(const std::string &Key) const;
};

/// The contents of File and, recursively, of every `#include "..."` it names
/// that resolves next to the including file or in IncludeDirs, as
/// (path, contents) pairs in a stable order. System headers (<...>) are not
/// read: the nvcc version stands for them.
std::vector<std::pair<std::string, std::string>>
readLocalSources(const std::string &File,
                 const std::vector<std::string> &IncludeDirs);

} // namespace rla

#endif // RLA_RESOURCES_RESOURCECACHE_H
