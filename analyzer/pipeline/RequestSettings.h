//===- RequestSettings.h - What every front end is told ---------*- C++ -*-===//
///
/// \file
/// What the command line, the compiler plugin, the language server and
/// measure are told (GPUs, bound values, launches, checks), turned into an
/// AnalysisRequest for one file with the project's .rl-analyze.json applied
/// under it.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_REQUESTSETTINGS_H
#define RLA_PIPELINE_REQUESTSETTINGS_H

#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/pipeline/Analysis.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace rla {

struct RequestSettings {
  std::vector<std::string> GpuNames;
  Bindings Binds;
  std::vector<LaunchSpec> Launches; ///< from --launch / launch=
  std::string LaunchFile;           ///< from --launches / launches=
  bool UseConfig = true;            ///< look for .rl-analyze.json
  bool NoResources = false;         ///< skip nvcc (no occupancy)
  /// checks= globs (CheckFilter.h), applied after the config's; the
  /// plugin starts them with its own defaults.
  std::string Checks;
  /// Globs applied before the config's and Checks (the plugin's defaults).
  std::string DefaultChecks;
  /// cache-state=cold|warm (MemoryModel.h).
  CacheState Cache = CacheState::Cold;
};

/// One "name=value" option of the plugin or the language server ("gpu=H100",
/// "bind=n=1<<20", "launch=k:grid=1,block=32", "launches=FILE",
/// "checks=-*,rl-uncoalesced", "cache-state=warm", "no-config",
/// "no-resources"); false with
/// Error set for a bad one.
bool applySettingOption(llvm::StringRef Option, RequestSettings &Settings,
                        std::string &Error);

/// The request for File: GPUs, binds and launches from Settings, with the
/// project config's as defaults; the config's compiler flags go to
/// ConfigFlags (the plugin ignores them: the build already has its flags).
/// False with Error set when the config or a launch file is bad, or (given
/// Db) when the config names a GPU Db does not know. The one place every
/// front end (CLI, language server, plugin, measure) turns its settings and
/// the project config into a request.
/// The files a request was read from, for cache keys.
struct RequestFiles {
  std::string ConfigPath; ///< the .rl-analyze.json used; empty for none
  std::string LaunchFile; ///< the launch file read; empty for none
};

bool buildRequest(const RequestSettings &Settings, const std::string &File,
                  AnalysisRequest &Req, std::vector<std::string> &ConfigFlags,
                  std::string &Error, const GpuDatabase *Db = nullptr,
                  RequestFiles *Files = nullptr);

} // namespace rla

#endif // RLA_PIPELINE_REQUESTSETTINGS_H
