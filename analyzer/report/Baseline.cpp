//===- Baseline.cpp -------------------------------------------------------===//
#include "analyzer/report/Baseline.h"
#include "analyzer/report/ReportFindings.h"
#include "analyzer/support/HumanUnits.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace rla {

namespace {

using Json = nlohmann::ordered_json;

/// A number, or the high end of a {low, high} range (the end the verdict
/// states); nullopt for null or anything else.
std::optional<double> valueOf(const Json &J) {
  if (J.is_number())
    return J.get<double>();
  if (J.is_object() && J.contains("high") && J["high"].is_number())
    return J["high"].get<double>();
  return std::nullopt;
}

std::optional<double> member(const Json &J, const char *Key) {
  if (!J.is_object() || !J.contains(Key))
    return std::nullopt;
  return valueOf(J[Key]);
}

std::string dims(const Json &A) {
  std::string S;
  if (!A.is_array())
    return "?";
  for (const Json &D : A) {
    S += S.empty() ? "" : ",";
    std::optional<double> V = valueOf(D);
    if (!V)
      S += "?";
    else if (*V == std::floor(*V) && std::fabs(*V) < 9.0e15)
      S += std::to_string(static_cast<long long>(*V));
    else
      S += formatSignificant(*V, 6);
  }
  return S;
}

std::string str(const Json &J, const char *Key) {
  return J.is_object() && J.contains(Key) && J[Key].is_string()
             ? J[Key].get<std::string>()
             : "";
}

/// Worse levels rank higher; unknown is not ranked.
int boundRank(const std::string &B) {
  static const std::map<std::string, int> Rank = {
      {"compute", 0},
      {"l1", 1},
      {"l2", 2},
      {"dram", 3},
      {"memory", 3}, // baselines written before the cache
                     // levels
      {"latency", 4}};
  auto It = Rank.find(B);
  return It == Rank.end() ? -1 : It->second;
}

/// Whole numbers as integers (as the JSON report writes them).
Json optionalNumber(const std::optional<double> &V) {
  if (!V || !std::isfinite(*V))
    return nullptr;
  if (*V == std::floor(*V) && std::fabs(*V) < 9007199254740992.0)
    return static_cast<int64_t>(*V);
  return *V;
}

/// formatSignificant without trailing zeros: "5", "33.3".
std::string trimmed(double V) {
  std::string S = formatSignificant(V, 3);
  if (S.find('.') != std::string::npos && S.find('e') == std::string::npos) {
    S.erase(S.find_last_not_of('0') + 1);
    if (S.back() == '.')
      S.pop_back();
  }
  return S;
}

std::string percent(double From, double To) {
  double Change = (To - From) / From * 100;
  return (Change >= 0 ? "+" : "") + trimmed(Change) + "%";
}

/// What is wrong with a baseline entry's fields, or "" when nothing is.
std::string badField(const Json &K) {
  for (const char *Key :
       {"file", "kernel", "case", "launch", "site", "gpu", "bound"})
    if (K.contains(Key) && !K[Key].is_string() && !K[Key].is_null())
      return "\"" + std::string(Key) + "\" must be a string";
  if (K.contains("line") && !K["line"].is_number_unsigned())
    return "\"line\" must be a non-negative integer";
  for (const char *Key : {"intensity", "predicted_time_s", "dram_bytes",
                          "footprint_bytes", "occupancy"})
    if (K.contains(Key) && !K[Key].is_null() && !valueOf(K[Key]))
      return "\"" + std::string(Key) + "\" must be a number or null";
  if (K.contains("limiters_s") && !K["limiters_s"].is_null()) {
    if (!K["limiters_s"].is_object())
      return "\"limiters_s\" must be an object";
    for (const auto &[Level, Seconds] : K["limiters_s"].items())
      if (!Seconds.is_number())
        return "\"limiters_s\"." + Level + " must be a number";
  }
  return "";
}

/// "; L2 17.3 us -> 77.9 us": the limiter whose time grew the most, for a
/// grown predicted time; "" without limiters on both sides.
std::string grownLimiter(const BaselineEntry &B, const BaselineEntry &N) {
  std::string Name;
  double Growth = 0, From = 0, To = 0;
  for (const auto &[Level, Now] : N.Limiters) {
    double Before = 0;
    for (const auto &[L, T] : B.Limiters)
      if (L == Level)
        Before = T;
    if (Now - Before > Growth) {
      Growth = Now - Before;
      Name = Level;
      From = Before;
      To = Now;
    }
  }
  if (Name.empty() || B.Limiters.empty())
    return "";
  return "; " + Name + " " + formatDuration(From) + " -> " + formatDuration(To);
}

/// A non-negative integer field, 0 when absent or of another type.
unsigned unsignedField(const Json &J, const char *Key) {
  return J.is_object() && J.contains(Key) && J[Key].is_number_unsigned()
             ? J[Key].get<unsigned>()
             : 0;
}

} // namespace

std::string BaselineEntry::key() const {
  return File + "\n" + Kernel + "\n" + Case + "\n" + Site + "\n" + Gpu;
}

std::string BaselineEntry::launchKey() const {
  return File + "\n" + Kernel + "\n" + Case + "\n" + Launch + "\n" + Gpu;
}

std::vector<BaselineEntry> baselineEntries(const Json &Report,
                                           const std::string &FileKey) {
  std::vector<BaselineEntry> Out;
  if (!Report.is_object() || !Report.contains("kernels") ||
      !Report["kernels"].is_array())
    return Out;
  std::map<std::string, unsigned> SiteUses;
  for (const Json &K : Report["kernels"]) {
    if (!K.is_object())
      continue;
    BaselineEntry Base;
    Base.File = FileKey;
    Base.Kernel = str(K, "name");
    Base.Case = str(K, "case");
    const Json *Launch = K.contains("launch") && K["launch"].is_object()
                             ? &K["launch"]
                             : nullptr;
    if (Launch)
      Base.Launch = "grid=" + dims(Launch->value("grid", Json())) +
                    " block=" + dims(Launch->value("block", Json()));
    // The launch's identity survives edits that move lines: the host
    // function it is in (the n-th launch of the kernel there), or the case.
    if (!Base.Case.empty())
      Base.Site = "case " + Base.Case;
    else if (Launch && Launch->contains("host_function") &&
             (*Launch)["host_function"].is_string())
      Base.Site = "in " + (*Launch)["host_function"].get<std::string>();
    else
      Base.Site = "none";
    // A function can launch a kernel several times (or in a loop over
    // block sizes): the n-th one.
    Base.Site +=
        " #" + std::to_string(++SiteUses[Base.Kernel + "\n" + Base.Site]);
    if (K.contains("location") && K["location"].is_object()) {
      const Json &L = K["location"];
      Base.Location.File = str(L, "file");
      Base.Location.Line = unsignedField(L, "line");
      Base.Location.Column = unsignedField(L, "column");
    }
    if (K.contains("totals")) {
      Base.DramBytes = member(K["totals"], "dram_bytes");
      Base.FootprintBytes = member(K["totals"], "footprint_bytes");
    }
    if (K.contains("occupancy"))
      Base.Occupancy = K["occupancy"].is_object()
                           ? member(K["occupancy"], "occupancy")
                           : valueOf(K["occupancy"]);
    std::set<std::string> Ids;
    if (K.contains("diagnostics") && K["diagnostics"].is_array())
      for (const Json &D : K["diagnostics"])
        if (std::string Id = str(D, "id"); !Id.empty())
          Ids.insert(Id);
    Base.FindingIds = std::vector<std::string>(Ids.begin(), Ids.end());
    if (!K.contains("verdicts") || !K["verdicts"].is_array())
      continue;
    for (const Json &V : K["verdicts"]) {
      BaselineEntry E = Base;
      E.Gpu = str(V, "gpu");
      E.Bound = str(V, "bound");
      E.Intensity = member(V, "intensity");
      E.PredictedTime = member(V, "predicted_time_s");
      E.Limiters = verdictLimiters(V);
      Out.push_back(E);
    }
  }
  return Out;
}

std::string baselineFileKey(const std::string &File,
                            const std::string &BaselinePath) {
  llvm::SmallString<256> Abs(File), Dir(BaselinePath);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  llvm::sys::path::remove_dots(Dir, true);
  llvm::StringRef Rel(Abs);
  std::string Prefix = Dir.str().str() + "/";
  if (Rel.consume_front(Prefix))
    return Rel.str();
  return Abs.str().str();
}

bool loadBaseline(const std::string &Path, std::vector<BaselineEntry> &Out,
                  std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read baseline '" + Path + "'";
    return false;
  }
  if (std::string Deep = jsonTooDeep((*Buffer)->getBuffer()); !Deep.empty()) {
    Error = "'" + Path + "': " + Deep;
    return false;
  }
  Json J = Json::parse((*Buffer)->getBuffer(), nullptr, false);
  if (J.is_discarded() || !J.is_object() ||
      str(J, "format") != "rl-analyze-baseline") {
    Error = "'" + Path + "' is not an rl-analyze baseline (docs/baseline.md)";
    return false;
  }
  if (!J.contains("version") || !J["version"].is_number_integer() ||
      J["version"].get<int>() > BaselineVersion) {
    Error = "'" + Path + "': unsupported baseline version (this tool reads " +
            std::to_string(BaselineVersion) + ")";
    return false;
  }
  if (!J.contains("kernels") || !J["kernels"].is_array()) {
    Error = "'" + Path + "': \"kernels\" must be an array";
    return false;
  }
  size_t Index = 0;
  for (const Json &K : J["kernels"]) {
    ++Index;
    if (!K.is_object()) {
      Error = "'" + Path + "': every kernel entry must be an object";
      return false;
    }
    if (std::string Bad = badField(K); !Bad.empty()) {
      Error =
          "'" + Path + "': kernel entry " + std::to_string(Index) + ": " + Bad;
      return false;
    }
    BaselineEntry E;
    E.File = str(K, "file");
    E.Kernel = str(K, "kernel");
    E.Case = str(K, "case");
    E.Launch = str(K, "launch");
    E.Site = str(K, "site");
    E.Gpu = str(K, "gpu");
    E.Bound = str(K, "bound");
    E.Location.File = E.File;
    E.Location.Line = unsignedField(K, "line");
    E.Intensity = member(K, "intensity");
    E.PredictedTime = member(K, "predicted_time_s");
    E.DramBytes = member(K, "dram_bytes");
    E.FootprintBytes = member(K, "footprint_bytes");
    E.Occupancy = member(K, "occupancy");
    if (K.contains("limiters_s") && K["limiters_s"].is_object())
      for (const auto &[Level, Seconds] : K["limiters_s"].items())
        E.Limiters.push_back({Level, Seconds.get<double>()});
    if (K.contains("findings") && K["findings"].is_array()) {
      std::vector<std::string> Ids;
      for (const Json &Id : K["findings"])
        if (Id.is_string())
          Ids.push_back(Id.get<std::string>());
      E.FindingIds = Ids;
    }
    Out.push_back(E);
  }
  return true;
}

bool writeBaseline(const std::string &Path,
                   const std::vector<BaselineEntry> &Entries,
                   const std::string &ToolVersion, std::string &Error) {
  std::vector<BaselineEntry> All;
  std::set<std::string> Files;
  for (const BaselineEntry &E : Entries)
    Files.insert(E.File);
  std::vector<BaselineEntry> Old;
  std::string Ignored;
  if (llvm::sys::fs::exists(Path) && loadBaseline(Path, Old, Ignored))
    for (const BaselineEntry &E : Old)
      if (!Files.count(E.File))
        All.push_back(E);
  All.insert(All.end(), Entries.begin(), Entries.end());

  Json J = Json::object();
  J["format"] = "rl-analyze-baseline";
  J["version"] = BaselineVersion;
  J["tool_version"] = ToolVersion;
  Json Kernels = Json::array();
  for (const BaselineEntry &E : All) {
    Json K = Json::object();
    K["file"] = E.File;
    K["line"] = E.Location.Line;
    K["kernel"] = E.Kernel;
    K["case"] = E.Case.empty() ? Json(nullptr) : Json(E.Case);
    K["launch"] = E.Launch;
    K["site"] = E.Site;
    K["gpu"] = E.Gpu;
    K["bound"] = E.Bound;
    K["intensity"] = optionalNumber(E.Intensity);
    K["predicted_time_s"] = optionalNumber(E.PredictedTime);
    K["dram_bytes"] = optionalNumber(E.DramBytes);
    K["footprint_bytes"] = optionalNumber(E.FootprintBytes);
    K["occupancy"] = optionalNumber(E.Occupancy);
    if (!E.Limiters.empty()) {
      Json Limiters = Json::object();
      for (const auto &[Level, Seconds] : E.Limiters)
        Limiters[Level] = Seconds;
      K["limiters_s"] = Limiters;
    }
    if (E.FindingIds)
      K["findings"] = *E.FindingIds;
    Kernels.push_back(K);
  }
  J["kernels"] = Kernels;
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    Error = "cannot write baseline '" + Path + "': " + EC.message();
    return false;
  }
  OS << J.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  return true;
}

BaselineComparison compareToBaseline(const std::vector<BaselineEntry> &Before,
                                     const std::vector<BaselineEntry> &Now,
                                     double Tolerance, NewLaunchPolicy New,
                                     bool FailOnNewFindings) {
  std::map<std::string, const BaselineEntry *> BySite, ByLaunch;
  for (const BaselineEntry &E : Before) {
    if (!E.Site.empty())
      BySite[E.key()] = &E;
    ByLaunch[E.launchKey()] = &E;
  }
  BaselineComparison Result;
  std::vector<Finding> &Out = Result.Regressions;
  for (const BaselineEntry &N : Now) {
    std::string Who =
        N.Kernel + (N.Case.empty() ? "" : " [" + N.Case + "]") + " on " + N.Gpu;
    auto It = BySite.find(N.key());
    const BaselineEntry *Match = It == BySite.end() ? nullptr : It->second;
    if (!Match) {
      // A baseline written before sites were recorded.
      auto L = ByLaunch.find(N.launchKey());
      if (L != ByLaunch.end() && L->second->Site.empty())
        Match = L->second;
    }
    if (!Match) {
      if (New != NewLaunchPolicy::Ignore)
        Result.NotCompared.push_back(Finding{
            "rl-baseline-new",
            New == NewLaunchPolicy::Fail ? Severity::Error : Severity::Warning,
            Who + " (" + N.Launch + "): not in the baseline, not compared",
            N.Location});
      continue;
    }
    const BaselineEntry &B = *Match;
    if (!N.PredictedTime && !N.DramBytes && !N.Intensity) {
      Result.NotCompared.push_back(
          Finding{"rl-baseline-new", Severity::Note,
                  Who + ": not compared: the launch is not bound, so it has no "
                        "numbers",
                  N.Location});
      continue;
    }
    // A changed launch is named with each regression it brings.
    std::string Changed = B.Launch != N.Launch && !B.Launch.empty()
                              ? " (launch " + B.Launch + " -> " + N.Launch + ")"
                              : "";
    auto Report = [&](const std::string &What) {
      Out.push_back(Finding{"rl-baseline-regression", Severity::Error,
                            Who + ": " + What + Changed, N.Location});
    };
    if (FailOnNewFindings && B.FindingIds && N.FindingIds)
      for (const std::string &Id : *N.FindingIds)
        if (!std::binary_search(B.FindingIds->begin(), B.FindingIds->end(), Id))
          Out.push_back(Finding{"rl-baseline-new-finding", Severity::Error,
                                Who + ": new finding [" + Id +
                                    "] (--fail-on-new)" + Changed,
                                N.Location});
    std::string Tol = trimmed(Tolerance * 100) + "%";
    int RB = boundRank(B.Bound), RN = boundRank(N.Bound);
    if (RB >= 0 && RN > RB)
      Report("bound changed from " + B.Bound + " to " + N.Bound);
    if (B.Intensity && N.Intensity && *B.Intensity > 0 &&
        std::isfinite(*B.Intensity) &&
        *N.Intensity < *B.Intensity * (1 - Tolerance))
      Report("DRAM intensity dropped from " + formatSignificant(*B.Intensity) +
             " to " + formatSignificant(*N.Intensity) + " FLOP/B (" +
             percent(*B.Intensity, *N.Intensity) + ", tolerance " + Tol + ")");
    if (B.Occupancy && N.Occupancy && *B.Occupancy > 0 &&
        *N.Occupancy < *B.Occupancy * (1 - Tolerance))
      Report("occupancy dropped from " + formatSignificant(*B.Occupancy) +
             " to " + formatSignificant(*N.Occupancy) + " (" +
             percent(*B.Occupancy, *N.Occupancy) + ", tolerance " + Tol + ")");
    if (B.PredictedTime && N.PredictedTime && *B.PredictedTime > 0 &&
        *N.PredictedTime > *B.PredictedTime * (1 + Tolerance))
      Report("predicted time grew from " + formatDuration(*B.PredictedTime) +
             " to " + formatDuration(*N.PredictedTime) + " (" +
             percent(*B.PredictedTime, *N.PredictedTime) + ", tolerance " +
             Tol + ")" + grownLimiter(B, N));
    if (B.DramBytes && N.DramBytes && *B.DramBytes > 0 &&
        *N.DramBytes > *B.DramBytes * (1 + Tolerance))
      Report("DRAM bytes grew from " + formatSi(*B.DramBytes, "B") + " to " +
             formatSi(*N.DramBytes, "B") + " (" +
             percent(*B.DramBytes, *N.DramBytes) + ", tolerance " + Tol + ")");
  }
  return Result;
}

} // namespace rla
