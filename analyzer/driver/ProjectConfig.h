//===- ProjectConfig.h - Per-project defaults -------------------*- C++ -*-===//
///
/// \file
/// A project keeps its defaults in .rl-analyze.json next to its sources, so
/// that a pre-commit hook or an editor runs `rl-analyze kernel.cu` without
/// repeating them:
///   {"gpu": "L40S" | ["L40S", "H100"],
///    "bind": {"n": 16777216, "N": "1<<12"},
///    "flags": ["-DTILE=32", "-Iinclude"],
///    "launches": "relative/path.json",
///    "checks": "-rl-host-branch"}    (globs as --checks, before its own)
/// Relative paths (launches, and the directories of -I, -isystem, -iquote,
/// -idirafter, -include) are resolved against the config file's directory,
/// so the result does not depend on where the tool runs.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_PROJECTCONFIG_H
#define RLA_DRIVER_PROJECTCONFIG_H

#include "analyzer/ir/Expr.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rla {

struct ProjectConfig {
  std::string Path; ///< the config file itself
  std::vector<std::string> Gpus;
  std::vector<std::pair<std::string, Rational>> Binds; ///< in file order
  std::vector<std::string> Flags;
  std::string LaunchFile; ///< absolute or relative to the working directory
  std::string Checks;     ///< --checks globs, applied before the CLI's
};

/// The nearest .rl-analyze.json in the input file's directory or above
/// (up to the filesystem root). RL_ANALYZE_NO_CONFIG_SEARCH=1 turns the
/// search off, for hermetic tests.
std::optional<std::string> findProjectConfig(llvm::StringRef InputFile);

/// Reads and checks a config file; unknown keys are errors so that typos do
/// not pass silently. Out is replaced only on success.
bool loadProjectConfig(const std::string &Path, ProjectConfig &Out,
                       std::string &Error);

} // namespace rla

#endif // RLA_DRIVER_PROJECTCONFIG_H
