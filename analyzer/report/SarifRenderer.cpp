//===- SarifRenderer.cpp --------------------------------------------------===//
#include "analyzer/report/SarifRenderer.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/ReportFindings.h"

#include <nlohmann/json.hpp>

#include <map>

namespace rla {

namespace {

using Json = nlohmann::ordered_json;

const char *SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
const char *HelpPage = "docs/diagnostics.md";

/// SARIF knows error, warning and note; remarks are notes.
const char *sarifLevel(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
  case Severity::Remark:
    break;
  }
  return "note";
}

Json rule(const DiagnosticInfo &D) {
  Json R = Json::object();
  R["id"] = D.Id;
  R["shortDescription"] = {{"text", D.Summary}};
  R["fullDescription"] = {{"text", D.Summary}};
  R["help"] = {{"text", D.Help},
               {"markdown", D.Help + "\n\nSee " + std::string(HelpPage) + "#" +
                                D.Id + "."}};
  R["defaultConfiguration"] = {{"level", sarifLevel(D.DefaultLevel)}};
  return R;
}

Json sarifLocation(const SourceLoc &L) {
  Json Physical = Json::object();
  Physical["artifactLocation"] = {{"uri", sarifUri(L.File)}};
  if (L.valid()) {
    Json Region = Json::object();
    Region["startLine"] = L.Line;
    if (L.Column > 0)
      Region["startColumn"] = L.Column;
    Physical["region"] = Region;
  }
  return {{"physicalLocation", Physical}};
}

/// SARIF's fix: each edit replaces a region of one line by new text.
Json fix(const Finding &F) {
  Json Changes = Json::array();
  for (const FixIt &X : F.Fixes) {
    Json Region = {{"startLine", X.Loc.Line},
                   {"startColumn", X.Loc.Column},
                   {"endLine", X.Loc.Line},
                   {"endColumn", X.Loc.Column + X.Length}};
    Json Replacement = {{"deletedRegion", Region},
                        {"insertedContent", {{"text", X.Replacement}}}};
    Changes.push_back({{"artifactLocation", {{"uri", sarifUri(X.Loc.File)}}},
                       {"replacements", Json::array({Replacement})}});
  }
  std::string Text;
  for (const FixIt &X : F.Fixes)
    Text += (Text.empty() ? "" : "; ") + std::string("replace '") + X.Original +
            "' with '" + X.Replacement + "'";
  return {{"description", {{"text", Text}}}, {"artifactChanges", Changes}};
}

bool unreserved(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '-' || C == '.' || C == '_' ||
         C == '~' || C == '/';
}

} // namespace

std::string sarifUri(const std::string &Path) {
  static const char *Hex = "0123456789ABCDEF";
  std::string Out = Path.size() && Path[0] == '/' ? "file://" : "";
  for (char C : Path) {
    if (unreserved(C)) {
      Out += C;
      continue;
    }
    unsigned char U = static_cast<unsigned char>(C);
    Out += '%';
    Out += Hex[U >> 4];
    Out += Hex[U & 15];
  }
  return Out;
}

std::string renderSarif(const std::vector<Json> &Reports,
                        const std::string &ToolVersion) {
  Json Rules = Json::array();
  std::map<std::string, size_t> RuleIndex;
  for (const DiagnosticInfo &D : diagnosticRegistry()) {
    RuleIndex[D.Id] = Rules.size();
    Rules.push_back(rule(D));
  }

  Json Results = Json::array();
  for (const Json &Report : Reports)
    for (const ReportFinding &RF : reportFindings(Report)) {
      const Finding &F = RF.F;
      std::string Id = F.Id.empty() ? "rl-unknown" : F.Id;
      if (!RuleIndex.count(Id)) {
        // An ID the registry does not list still gets a rule.
        RuleIndex[Id] = Rules.size();
        DiagnosticInfo Unlisted{Id, F.Level, "Finding " + Id + ".",
                                "See the message."};
        Rules.push_back(rule(Unlisted));
      }
      Json R = Json::object();
      R["ruleId"] = Id;
      R["ruleIndex"] = RuleIndex[Id];
      R["level"] = sarifLevel(F.Level);
      R["message"] = {{"text", F.Message.empty() ? Id : F.Message}};
      Json Locations = Json::array();
      if (!F.Loc.File.empty())
        Locations.push_back(sarifLocation(F.Loc));
      R["locations"] = Locations;
      // The source lines behind a verdict, with the traffic each moves.
      if (!RF.Related.empty()) {
        Json Related = Json::array();
        for (size_t I = 0; I < RF.Related.size(); ++I) {
          Json L = sarifLocation(RF.Related[I].Loc);
          L["id"] = I;
          L["message"] = {{"text", RF.Related[I].Message}};
          Related.push_back(L);
        }
        R["relatedLocations"] = Related;
      }
      // A verdict's numbers, for tools that rank or chart launches.
      if (RF.Numbers) {
        Json Limiters = Json::object();
        for (const auto &[Level, Seconds] : RF.Numbers->Limiters)
          Limiters[Level] = Seconds;
        R["properties"] = {{"gpu", RF.Numbers->Gpu},
                           {"bound", RF.Numbers->Bound},
                           {"predicted_time_s", RF.Numbers->PredictedTime},
                           {"limiters_s", Limiters},
                           {"margin", RF.Numbers->Margin
                                          ? Json(*RF.Numbers->Margin)
                                          : Json(nullptr)}};
      }
      if (!F.Fixes.empty())
        R["fixes"] = Json::array({fix(F)});
      if (RF.Suppressed)
        R["suppressions"] = Json::array({{{"kind", "inSource"}}});
      Results.push_back(R);
    }

  Json Driver = Json::object();
  Driver["name"] = "rl-analyze";
  Driver["version"] = ToolVersion;
  Driver["semanticVersion"] = ToolVersion;
  Driver["rules"] = Rules;
  Json Run = Json::object();
  Run["tool"] = {{"driver", Driver}};
  Run["columnKind"] = "unicodeCodePoints";
  Run["results"] = Results;
  Json Log = Json::object();
  Log["$schema"] = SchemaUri;
  Log["version"] = "2.1.0";
  Log["runs"] = Json::array({Run});
  return Log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace rla
