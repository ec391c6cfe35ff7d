//===- RequestSettings.h - Options of the plugin and server ---*- C++ -*-===//
//-*-===//
///
/// \file
/// What the compiler plugin and the language server are told (GPUs, bound
/// values, launches), turned into an AnalysisRequest for one file with the
/// project's .rl-analyze.json applied under it, the way the CLI does.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_REQUESTSETTINGS_H
#define RLA_PIPELINE_REQUESTSETTINGS_H

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
};

/// One "name=value" option of the plugin or the language server ("gpu=H100",
/// "bind=n=1<<20", "launch=k:grid=1,block=32", "launches=FILE",
/// "checks=-*,rl-uncoalesced", "no-config", "no-resources"); false with
/// Error set for a bad one.
bool applySettingOption(llvm::StringRef Option, RequestSettings &Settings,
                        std::string &Error);

/// The request for File: GPUs, binds and launches from Settings, with the
/// project config's as defaults; the config's compiler flags go to
/// ConfigFlags (the plugin ignores them: the build already has its flags).
/// False with Error set when the config or a launch file is bad.
bool buildRequest(const RequestSettings &Settings, const std::string &File,
                  AnalysisRequest &Req, std::vector<std::string> &ConfigFlags,
                  std::string &Error);

} // namespace rla

#endif // RLA_PIPELINE_REQUESTSETTINGS_H
