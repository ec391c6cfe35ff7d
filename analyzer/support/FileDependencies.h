//===- FileDependencies.h - When a cached result still stands ---*- C++ -*-===//
///
/// \file
/// Both caches (finished reports and ptxas reports) keep an entry only while
/// the files the compile read are unchanged and no header has appeared where
/// an `#include` would now find it first. This is that record, its JSON form
/// in an entry, and the check.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_FILEDEPENDENCIES_H
#define RLA_SUPPORT_FILEDEPENDENCIES_H

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace rla {

/// Hex hash of a file's bytes; empty when it cannot be read.
std::string hashFileContent(const std::string &Path);

struct FileDependencies {
  std::vector<std::string> Files;  ///< read by the compile, besides the input
  std::vector<std::string> Absent; ///< searched and not found

  /// {"files": [{"path", "hash"}...], "absent": [...]}, hashing Files now;
  /// false when one cannot be read (such a result is not worth keeping).
  bool toJson(nlohmann::json &Out) const;
  /// Whether Recorded (toJson's output) still describes the disk: every
  /// file has its hash and every absent path is still absent. Fills Files
  /// and Absent from it. Any other shape is false.
  bool stillValid(const nlohmann::json &Recorded);
};

/// The files of a make-style dependency file (`nvcc -MD -MF`): the
/// prerequisites of its rules, backslash-newlines and escaped spaces undone.
std::vector<std::string> parseMakeDependencies(const std::string &Text);

} // namespace rla

#endif // RLA_SUPPORT_FILEDEPENDENCIES_H
