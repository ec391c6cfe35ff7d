//===- CacheContext.h - What besides a file decides its result --*- C++ -*-===//
///
/// \file
/// The part of every result-cache key that is not the file itself: the
/// binary, the options that change a result, and the contents of the files
/// those options name. Options that only change what is printed or gated
/// (-j, --format, --fail-on, the baseline and cache options) are left out,
/// so that they share entries.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_CACHECONTEXT_H
#define RLA_DRIVER_CACHECONTEXT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace rla {

struct CacheContextInputs {
  std::string ToolIdentity;               ///< toolIdentity()
  std::vector<std::string> Options;       ///< argv[1..], before any "--"
  std::vector<std::string> CompilerFlags; ///< after "--"
  std::vector<std::string> Inputs;        ///< the file names (left out)
  std::vector<std::string> GpuNames;      ///< of the loaded database
  /// Files whose content decides results: GPU database, project config,
  /// launch file, compile_commands.json (empty entries are skipped).
  std::vector<std::string> ContentFiles;
  std::string WorkingDirectory;
  std::string CudaPathEnv; ///< $CUDA_PATH
};

std::string cacheContext(const CacheContextInputs &In);

/// Identifies the running binary (version, path, size, modification time),
/// so that a rebuilt tool never reads its predecessor's entries.
std::string toolIdentity(const char *Argv0, void *MainAddr);

/// "5%" or "0.05" as a fraction; false for anything else or a negative value.
bool parseTolerance(llvm::StringRef Text, double &Out);

} // namespace rla

#endif // RLA_DRIVER_CACHECONTEXT_H
