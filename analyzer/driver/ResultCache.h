//===- ResultCache.h - Outputs of unchanged files, from disk ----*- C++ -*-===//
///
/// \file
/// A directory of finished analyses. An entry is found by a key over the
/// tool's identity, the options, the file's path and its content; it then
/// stands only while every non-system file the parse read (recorded in the
/// entry with a hash of its content) is unchanged and no header has been
/// created where an `#include` would now find it first. Entries are written to
/// a temporary name and renamed, so parallel runs never read half an entry.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_RESULTCACHE_H
#define RLA_DRIVER_RESULTCACHE_H

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// What one file's analysis printed: the forms the run asked for (a
/// form not rendered is unset; the cache key has the options that decide
/// them).
struct FileOutputs {
  int Exit = 0;
  /// Active error-level findings of the report, and of them those about a
  /// value the user gave (they decide the run's exit code).
  int ErrorFindings = 0, InputErrorFindings = 0;
  std::optional<std::string> Json, Text, TextColor, Diagnostics;
  /// Non-system files besides the input that the result depends on.
  std::vector<std::string> Dependencies;
  /// Include paths searched before a header was found: the entry stands
  /// only while none of them exists.
  std::vector<std::string> AbsentIncludes;
};

class ResultCache {
public:
  /// Dir is created on the first store.
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The entry key for File under Context (tool identity + options);
  /// empty when File cannot be read.
  std::string key(const std::string &File, const std::string &Context) const;
  /// The stored outputs when every recorded dependency is unchanged and the
  /// entry is whole (isUsableReport); nullopt for anything else.
  std::optional<FileOutputs> lookup(const std::string &Key) const;
  /// Stores Outputs; returns false (and sets Error) when it cannot write.
  bool store(const std::string &Key, const FileOutputs &Outputs,
             std::string &Error) const;
  const std::string &directory() const { return Dir; }

private:
  std::string Dir;
};

/// Whether stored outputs can be served: an exit code a stored analysis can
/// have (0 or 1), some output, non-empty text where text was rendered, and
/// where JSON was, a report with the fields every reader needs (tool,
/// kernels, each kernel's name).
bool isUsableReport(const FileOutputs &Outputs);

} // namespace rla

#endif // RLA_DRIVER_RESULTCACHE_H
