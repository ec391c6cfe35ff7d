//===- QuestionsText.cpp --------------------------------------------------===//
#include "analyzer/report/QuestionsText.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/support/HumanUnits.h"

namespace rla {
namespace {

using Json = nlohmann::ordered_json;

const char *kindName(CrossoverPoint::Kind K) {
  switch (K) {
  case CrossoverPoint::At:
    return "at";
  case CrossoverPoint::Below:
    return "below";
  case CrossoverPoint::Always:
    return "always";
  case CrossoverPoint::Never:
    return "never";
  case CrossoverPoint::Unknown:
    return "unknown";
  }
  return "unknown";
}

Json pointJson(const CrossoverPoint &P) {
  Json J = Json::object();
  J["answer"] = kindName(P.How);
  J["value"] = P.How == CrossoverPoint::At || P.How == CrossoverPoint::Below
                   ? Json(P.Value)
                   : Json(nullptr);
  J["largest_value_tried"] = P.Limit ? Json(P.Limit) : Json(nullptr);
  J["reason"] = P.Why ? Json(noteText(*P.Why)) : Json(nullptr);
  return J;
}

Json roofJson(const RoofChoice &R) {
  Json J = Json::object();
  J["roof"] = R.label();
  J["peak_flops"] = R.PeakFlops;
  J["ridge_point"] = R.Ridge;
  return J;
}

} // namespace

std::string crossoverPointText(const std::string &Symbol,
                               const CrossoverPoint &P) {
  switch (P.How) {
  case CrossoverPoint::At:
    return "compute-bound when " + Symbol + " ≥ ~" + std::to_string(P.Value);
  case CrossoverPoint::Below:
    return "compute-bound only when " + Symbol + " < ~" +
           std::to_string(P.Value);
  case CrossoverPoint::Always:
    return "always compute-bound (" + Symbol + " from 1 to " +
           std::to_string(P.Limit) + ")";
  case CrossoverPoint::Never:
    return "never compute-bound (" + Symbol + " from 1 to " +
           std::to_string(P.Limit) + ")";
  case CrossoverPoint::Unknown:
    return "unknown: " + (P.Why ? noteText(*P.Why) : std::string());
  }
  return "unknown";
}

std::string questionsText(const KernelReport &K) {
  std::string Out;
  for (const CrossoverResult &C : K.Crossovers) {
    std::string Gpu = C.Gpu ? C.Gpu->Name : "?";
    Out += "  crossover  " + Gpu + ": ";
    if (C.Compulsory.How == CrossoverPoint::Unknown && C.Roof.PeakFlops <= 0) {
      Out += crossoverPointText(C.Symbol, C.Compulsory) + "\n";
      continue;
    }
    Out += crossoverPointText(C.Symbol, C.Compulsory) + " (" + C.Roof.label() +
           " roof, ridge " + formatSignificant(C.Roof.Ridge, 4) +
           " FLOP/B; each byte moved once)";
    Out += "; with " + Gpu + "'s L2: " + crossoverPointText(C.Symbol, C.Dram);
    if (C.Stored)
      Out += "; data stored as " + C.Roof.Name + " (bytes x" +
             formatSignificant(C.ByteScale) +
             "): " + crossoverPointText(C.Symbol, *C.Stored);
    Out += "\n";
    for (const std::string &A : noteTexts(C.Assumptions))
      Out += "    assumed: " + A + "\n";
  }
  if (K.WhatIf) {
    const WhatIfResult &W = *K.WhatIf;
    Out += "  what-if    " + std::string(W.Gpu ? W.Gpu->Name : "?") +
           ", data as " + W.Target.Name + " (bytes x" +
           formatSignificant(W.ByteScale) + "): intensity " +
           formatSignificant(W.Intensity) + " -> " +
           formatSignificant(W.TargetIntensity) + " FLOP/B, ridge " +
           formatSignificant(W.Current.Ridge) + " (" + W.Current.label() +
           ") -> " + formatSignificant(W.Target.Ridge) + " (" +
           W.Target.label() + "), " + verdictName(W.Verdict) + "-bound -> " +
           verdictName(W.TargetVerdict) + "-bound, " +
           formatDuration(W.PredictedTime) + " -> " +
           formatDuration(W.TargetTime) + "\n";
  }
  return Out;
}

Json crossoverJson(const KernelReport &K) {
  Json List = Json::array();
  for (const CrossoverResult &C : K.Crossovers) {
    Json J = Json::object();
    J["gpu"] = C.Gpu ? Json(C.Gpu->Name) : Json(nullptr);
    J["symbol"] = C.Symbol;
    J["roof"] = C.Roof.PeakFlops > 0 ? roofJson(C.Roof) : Json(nullptr);
    J["compulsory"] = pointJson(C.Compulsory);
    J["dram"] = pointJson(C.Dram);
    J["stored_as_roof_precision"] =
        C.Stored ? pointJson(*C.Stored) : Json(nullptr);
    J["byte_scale"] = C.ByteScale;
    J["assumptions"] = noteTexts(C.Assumptions);
    List.push_back(J);
  }
  return List;
}

Json whatIfJson(const KernelReport &K) {
  if (!K.WhatIf)
    return Json(nullptr);
  const WhatIfResult &W = *K.WhatIf;
  Json J = Json::object();
  J["gpu"] = W.Gpu ? Json(W.Gpu->Name) : Json(nullptr);
  J["current"] = roofJson(W.Current);
  J["target"] = roofJson(W.Target);
  J["byte_scale"] = W.ByteScale;
  J["intensity"] = W.Intensity;
  J["target_intensity"] = W.TargetIntensity;
  J["bound"] = verdictName(W.Verdict);
  J["target_bound"] = verdictName(W.TargetVerdict);
  J["predicted_time_s"] = W.PredictedTime;
  J["target_time_s"] = W.TargetTime;
  return J;
}

} // namespace rla
