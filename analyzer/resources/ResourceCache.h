//===- ResourceCache.h - ptxas reports kept between runs --------*- C++ -*-===//
///
/// \file
/// Compiling the device code costs seconds; an unchanged file should not pay
/// it twice. An entry is found by a hash of the file, the flags, the
/// architecture and the nvcc version; what it holds (NvccResourceCompiler)
/// names the headers the compile read, so that it stands only while they do.
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_RESOURCECACHE_H
#define RLA_RESOURCES_RESOURCECACHE_H

#include <optional>
#include <string>
#include <vector>

namespace rla {

class ResourceCache {
public:
  /// Dir empty: defaultCacheDirectory().
  explicit ResourceCache(std::string Dir = "");

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

} // namespace rla

#endif // RLA_RESOURCES_RESOURCECACHE_H
