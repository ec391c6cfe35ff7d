//===- ReportRoofline.cpp -------------------------------------------------===//
#include "analyzer/report/ReportRoofline.h"
#include "analyzer/report/RooflineCeilings.h"

namespace rla {
namespace {

using Json = nlohmann::ordered_json;

/// A number of the report, or the high end of a {low, high} range (the end
/// the verdict states); unset for null or anything else.
std::optional<double> high(const Json &J) {
  if (J.is_number())
    return J.get<double>();
  if (J.is_object() && J.contains("high") && J["high"].is_number())
    return J["high"].get<double>();
  return std::nullopt;
}

/// "saxpy", "saxpy [large]" or "saxpy @60" for a kernel with several
/// launch sites.
std::string pointLabel(const Json &K, bool SeveralLaunches) {
  std::string L = K.value("name", std::string("?"));
  if (K.contains("case") && K["case"].is_string())
    return L + " [" + K["case"].get<std::string>() + "]";
  if (SeveralLaunches && K.contains("launch") && K["launch"].is_object()) {
    const Json &Site = K["launch"].value("site", Json());
    if (Site.is_object() && Site.contains("line") && Site["line"].is_number())
      L += " @" + std::to_string(Site["line"].get<long>());
  }
  return L;
}

} // namespace

std::vector<RooflinePlot>
reportRooflines(const std::vector<Json> &Reports,
                const std::vector<const GpuSpec *> &Gpus) {
  std::vector<RooflinePlot> Plots;
  for (const GpuSpec *G : Gpus) {
    if (!G)
      continue;
    RooflinePlot P;
    P.Title = "Roofline: " + G->FullName + " (predicted)";
    P.Compute = computeCeilings(*G);
    P.Memory = memoryCeilings(*G);
    for (const Json &R : Reports) {
      if (!R.is_object() || !R.contains("kernels") || !R["kernels"].is_array())
        continue;
      const Json &Kernels = R["kernels"];
      for (const Json &K : Kernels) {
        size_t SameName = 0;
        for (const Json &O : Kernels)
          SameName += O.value("name", "") == K.value("name", "");
        if (!K.contains("verdicts") || !K["verdicts"].is_array())
          continue;
        std::optional<double> Flops;
        if (K.contains("totals") && K["totals"].is_object() &&
            K["totals"].contains("flops"))
          Flops = high(K["totals"]["flops"]);
        for (const Json &V : K["verdicts"]) {
          if (!V.is_object() || V.value("gpu", "") != G->Name)
            continue;
          std::optional<double> I = high(V.value("intensity", Json()));
          std::optional<double> T = high(V.value("predicted_time_s", Json()));
          if (!Flops || !I || !T || *T <= 0)
            continue;
          P.Points.push_back(
              {pointLabel(K, SameName > 1), false, *I, *Flops / *T});
        }
      }
    }
    Plots.push_back(std::move(P));
  }
  return Plots;
}

} // namespace rla
