//===- FindingGate.cpp ----------------------------------------------------===//
#include "analyzer/report/FindingGate.h"
#include "analyzer/report/DiagnosticIds.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rla {

bool parseFailOn(const std::vector<std::string> &Items, FailOnRule &Rule,
                 std::string &Error) {
  for (const std::string &Item : Items) {
    Severity Level;
    if (Item == "*")
      Rule.Any = true;
    else if (parseSeverity(Item, Level))
      Rule.MinLevel = Rule.MinLevel ? std::min(*Rule.MinLevel, Level) : Level;
    else if (findDiagnostic(Item))
      Rule.Ids.push_back(Item);
    else {
      Error = "--fail-on: unknown finding ID or level '" + Item +
              "' (see --list-diagnostics; levels: remark, note, warning, "
              "error)";
      return false;
    }
  }
  return true;
}

std::vector<Finding> failingFindings(const nlohmann::ordered_json &Report,
                                     const FailOnRule &Rule) {
  std::vector<Finding> Out;
  for (const ReportFinding &RF : reportFindings(Report)) {
    if (RF.Suppressed)
      continue;
    const Finding &F = RF.F;
    bool Named =
        Rule.Any ||
        std::find(Rule.Ids.begin(), Rule.Ids.end(), F.Id) != Rule.Ids.end() ||
        (Rule.MinLevel && F.Level >= *Rule.MinLevel);
    if (Named)
      Out.push_back(F);
  }
  return Out;
}

bool isInputError(const Finding &F) {
  auto It = F.Data.find("given_by");
  return It != F.Data.end() &&
         std::holds_alternative<std::string>(It->second) &&
         std::get<std::string>(It->second) != "program";
}

} // namespace rla
