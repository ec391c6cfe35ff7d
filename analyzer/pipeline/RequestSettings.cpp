//===- RequestSettings.cpp ------------------------------------------------===//
#include "analyzer/pipeline/RequestSettings.h"
#include "analyzer/driver/LaunchOptions.h"
#include "analyzer/driver/ProjectConfig.h"
#include "analyzer/report/CheckFilter.h"

#include "llvm/ADT/StringExtras.h"

namespace rla {

bool applySettingOption(llvm::StringRef Option, RequestSettings &S,
                        std::string &Error) {
  auto [Key, Value] = Option.split('=');
  Key = Key.trim();
  if (Key == "no-config" && !Option.contains('=')) {
    S.UseConfig = false;
    return true;
  }
  if (Key == "no-resources" && !Option.contains('=')) {
    S.NoResources = true;
    return true;
  }
  if (!Option.contains('=') || Value.empty()) {
    Error = "expected NAME=VALUE, got '" + Option.str() + "'";
    return false;
  }
  if (Key == "gpu") {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Value.split(Names, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef N : Names)
      S.GpuNames.push_back(N.trim().str());
    return true;
  }
  if (Key == "bind") {
    std::string Name;
    Rational R;
    if (!parseBinding(Value, Name, R, Error)) {
      Error = "bind: " + Error;
      return false;
    }
    S.Binds[Name] = R;
    return true;
  }
  if (Key == "launch") {
    LaunchSpec Spec;
    if (!parseLaunchOption(Value, Spec, Error)) {
      Error = "launch: " + Error;
      return false;
    }
    S.Launches.push_back(std::move(Spec));
    return true;
  }
  if (Key == "launches") {
    S.LaunchFile = Value.str();
    return true;
  }
  if (Key == "checks") {
    CheckFilter Probe; // a bad glob is an error now, not at the first file
    if (!Probe.append(Value, Error)) {
      Error = "checks" + Error.substr(std::string("--checks").size());
      return false;
    }
    S.Checks += (S.Checks.empty() ? "" : ",") + Value.str();
    return true;
  }
  if (Key == "cache-state") {
    if (Value != "cold" && Value != "warm") {
      Error = "cache-state: expected cold or warm, got '" + Value.str() + "'";
      return false;
    }
    S.Cache = Value == "warm" ? CacheState::Warm : CacheState::Cold;
    return true;
  }
  Error = "unknown option '" + Key.str() +
          "' (known: gpu=, bind=, launch=, launches=, checks=, cache-state=, "
          "no-config, no-resources)";
  return false;
}

bool buildRequest(const RequestSettings &S, const std::string &File,
                  AnalysisRequest &Req, std::vector<std::string> &ConfigFlags,
                  std::string &Error, const GpuDatabase *Db,
                  RequestFiles *Files) {
  ProjectConfig Config;
  bool HaveConfig = false;
  if (S.UseConfig)
    if (auto Path = findProjectConfig(File)) {
      if (!loadProjectConfig(*Path, Config, Error))
        return false;
      HaveConfig = true;
    }
  Req.Parse.File = File;
  Req.NoResources = S.NoResources;
  Req.Cache = S.Cache;
  Req.GpuNames = S.GpuNames;
  Req.Binds = S.Binds;
  ConfigFlags.clear();
  if (HaveConfig) {
    ConfigFlags = Config.Flags;
    for (const auto &[Name, Value] : Config.Binds)
      Req.DefaultBinds[Name] = Value;
    if (Req.GpuNames.empty()) {
      if (Db)
        for (const std::string &Name : Config.Gpus)
          if (!Db->find(Name)) {
            Error = Config.Path + ": unknown GPU '" + Name +
                    "'; known GPUs: " + Db->knownNames();
            return false;
          }
      Req.GpuNames = Config.Gpus;
    }
  }
  Req.Checks = CheckFilter();
  if (!Req.Checks.append(S.DefaultChecks, Error))
    return false;
  if (HaveConfig && !Req.Checks.append(Config.Checks, Error)) {
    Error = Config.Path + ": checks: " + Error;
    return false;
  }
  if (!Req.Checks.append(S.Checks, Error))
    return false;
  std::string Launches = S.LaunchFile;
  if (Launches.empty() && HaveConfig)
    Launches = Config.LaunchFile;
  if (Files)
    *Files = RequestFiles{HaveConfig ? Config.Path : "", Launches};
  Req.Launches.clear();
  if (!Launches.empty() && !parseLaunchFile(Launches, Req.Launches, Error)) {
    if (S.LaunchFile.empty())
      Error = Config.Path + ": launches: " + Error;
    return false;
  }
  Req.Launches.insert(Req.Launches.end(), S.Launches.begin(), S.Launches.end());
  return true;
}

} // namespace rla
