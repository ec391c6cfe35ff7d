//===- ProgramLinker.h - Several files run as one program -------*- C++ -*-===//
///
/// \file
/// The files of one program given together (`rl-analyze app.cu runner.cu`,
/// or a compile database's entries): each is parsed host-side and kept
/// alive, then the host code runs from `main` across all of them, so that
/// a launch wrapper in runner.cu called from main in app.cu (or in a .cpp
/// file) is bound with the values main passes. Each file then gets its own
/// launches, which its analysis uses instead of running its host code
/// alone.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_PROGRAMLINKER_H
#define RLA_FRONTEND_PROGRAMLINKER_H

#include "analyzer/frontend/CudaParser.h"

#include <memory>
#include <string>
#include <vector>

namespace rla {

struct LinkedProgram {
  /// Per file, in the order given: its launches as the program reaches
  /// them; null for a file that could not be parsed (its own analysis
  /// says why).
  std::vector<std::shared_ptr<const std::vector<LaunchSpec>>> Launches;
  /// Per file: what its launches depend on, for the result cache key (the
  /// same file gives other launches when another file changes).
  std::vector<std::string> Digests;
};

/// Parses Files (Jobs at a time) and runs their host code together.
LinkedProgram linkProgram(const std::vector<ParseOptions> &Files,
                          unsigned Jobs);

/// The text of a launch's values, for digests and tests.
std::string launchDigest(const LaunchSpec &L);

} // namespace rla

#endif // RLA_FRONTEND_PROGRAMLINKER_H
