//===- ProjectConfig.cpp - Per-project defaults (.rl-analyze.json) --------===//
#include "analyzer/driver/ProjectConfig.h"
#include "analyzer/driver/LaunchOptions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace rla {

using nlohmann::ordered_json;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

constexpr const char *ConfigFileName = ".rl-analyze.json";

bool searchDisabled() {
  const char *V = std::getenv("RL_ANALYZE_NO_CONFIG_SEARCH");
  return V && *V && llvm::StringRef(V) != "0";
}

std::string resolveAgainst(llvm::StringRef Dir, llvm::StringRef P) {
  if (P.empty() || path::is_absolute(P))
    return P.str();
  llvm::SmallString<256> Result(Dir);
  path::append(Result, P);
  path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

/// Clang options whose value is a path, joined (-Iinc) or separate (-I inc).
const llvm::StringRef PathOptions[] = {"-isystem", "-iquote", "-idirafter",
                                       "-include", "-I"};

std::vector<std::string> resolveFlagPaths(const std::vector<std::string> &In,
                                          llvm::StringRef Dir) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < In.size(); ++I) {
    llvm::StringRef Flag = In[I];
    auto Opt = llvm::find_if(
        PathOptions, [&](llvm::StringRef O) { return Flag.starts_with(O); });
    if (Opt == std::end(PathOptions)) {
      Out.push_back(Flag.str());
    } else if (Flag == *Opt) {
      Out.push_back(Flag.str());
      if (I + 1 < In.size())
        Out.push_back(resolveAgainst(Dir, In[++I]));
    } else if (Flag.drop_front(Opt->size()).starts_with("=")) {
      Out.push_back(Flag.str()); // -I=dir is sysroot-relative: leave it.
    } else {
      Out.push_back(Opt->str() +
                    resolveAgainst(Dir, Flag.drop_front(Opt->size())));
    }
  }
  return Out;
}

bool readGpus(const ordered_json &V, std::vector<std::string> &Out,
              std::string &Error) {
  const char *Expected =
      "\"gpu\" must be a GPU name or a non-empty array of names";
  if (V.is_string() && !V.get_ref<const std::string &>().empty()) {
    Out = {V.get<std::string>()};
    return true;
  }
  if (!V.is_array() || V.empty()) {
    Error = Expected;
    return false;
  }
  for (size_t I = 0; I < V.size(); ++I) {
    if (!V[I].is_string() || V[I].get_ref<const std::string &>().empty()) {
      Error =
          std::string(Expected) + "; element " + std::to_string(I) + " is not";
      return false;
    }
    Out.push_back(V[I].get<std::string>());
  }
  return true;
}

bool readBinds(const ordered_json &V,
               std::vector<std::pair<std::string, Rational>> &Out,
               std::string &Error) {
  if (!V.is_object()) {
    Error = "\"bind\" must be an object of name to value";
    return false;
  }
  for (const auto &[Name, Value] : V.items()) {
    std::string Where = "\"bind\".\"" + Name + "\"";
    if (!isValidBindingName(Name)) {
      Error = Where + ": not a name (expected an identifier such as n)";
      return false;
    }
    if (isThreadIndex(Name)) {
      Error = Where + ": " + Name + " " + ThreadIndexBindError;
      return false;
    }
    std::string Detail;
    std::optional<Rational> R = valueFromJson(Value, Detail);
    if (!R) {
      Error = Where + ": " + Detail;
      return false;
    }
    Out.emplace_back(Name, *R);
  }
  return true;
}

bool readFlags(const ordered_json &V, std::vector<std::string> &Out,
               std::string &Error) {
  if (!V.is_array()) {
    Error = "\"flags\" must be an array of strings";
    return false;
  }
  for (size_t I = 0; I < V.size(); ++I) {
    if (!V[I].is_string()) {
      Error = "\"flags\"[" + std::to_string(I) + "] must be a string, found " +
              V[I].type_name();
      return false;
    }
    Out.push_back(V[I].get<std::string>());
  }
  return true;
}

} // namespace

std::optional<std::string> findProjectConfig(llvm::StringRef InputFile) {
  if (searchDisabled())
    return std::nullopt;
  llvm::SmallString<256> Dir(InputFile);
  if (fs::make_absolute(Dir))
    return std::nullopt;
  path::remove_dots(Dir, /*remove_dot_dot=*/true);
  if (!fs::is_directory(Dir))
    path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    path::append(Candidate, ConfigFileName);
    if (fs::is_regular_file(Candidate))
      return std::string(Candidate);
    std::string Parent = path::parent_path(Dir).str();
    if (Parent == Dir.str())
      break;
    Dir = Parent;
  }
  return std::nullopt;
}

bool loadProjectConfig(const std::string &Path, ProjectConfig &Out,
                       std::string &Error) {
  ordered_json Root;
  if (!readJsonFile(Path, Root, Error))
    return false;
  if (!Root.is_object()) {
    Error = Path + ": expected a JSON object, found " + Root.type_name();
    return false;
  }
  static const llvm::StringRef Keys[] = {"gpu", "bind", "flags", "launches",
                                         "checks"};
  std::string Detail;
  if (!checkKnownKeys(Root, Keys, Detail)) {
    Error = Path + ": " + Detail;
    return false;
  }

  llvm::SmallString<256> Dir(Path);
  fs::make_absolute(Dir);
  path::remove_filename(Dir);

  ProjectConfig Config;
  Config.Path = Path;
  bool Ok = true;
  if (auto It = Root.find("gpu"); Ok && It != Root.end())
    Ok = readGpus(*It, Config.Gpus, Detail);
  if (auto It = Root.find("bind"); Ok && It != Root.end())
    Ok = readBinds(*It, Config.Binds, Detail);
  if (auto It = Root.find("flags"); Ok && It != Root.end()) {
    std::vector<std::string> Flags;
    Ok = readFlags(*It, Flags, Detail);
    Config.Flags = resolveFlagPaths(Flags, Dir);
  }
  if (auto It = Root.find("launches"); Ok && It != Root.end()) {
    if (!It->is_string() || It->get_ref<const std::string &>().empty()) {
      Detail = "\"launches\" must be the path of a launch file";
      Ok = false;
    } else {
      Config.LaunchFile =
          resolveAgainst(Dir, It->get_ref<const std::string &>());
    }
  }
  if (auto It = Root.find("checks"); Ok && It != Root.end()) {
    if (!It->is_string()) {
      Detail = "\"checks\" must be a string of globs such as "
               "\"-rl-host-branch\"";
      Ok = false;
    } else {
      Config.Checks = It->get<std::string>();
    }
  }
  if (!Ok) {
    Error = Path + ": " + Detail;
    return false;
  }
  Out = std::move(Config);
  return true;
}

} // namespace rla
