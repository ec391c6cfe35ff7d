//===- ReportRoofline.cpp -------------------------------------------------===//
#include "analyzer/report/ReportRoofline.h"
#include "analyzer/report/RooflineCeilings.h"

#include <cmath>

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
    int Group = 0;
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
        // Every FLOP: the tensor cores' too.
        std::optional<double> Flops;
        const Json &Totals = K.value("totals", Json());
        if (Totals.is_object() && Totals.contains("flops")) {
          Flops = high(Totals["flops"]);
          if (Flops && Totals.contains("tensor_flops_total"))
            if (std::optional<double> T = high(Totals["tensor_flops_total"]))
              *Flops += *T;
        }
        for (const Json &V : K["verdicts"]) {
          if (!V.is_object() || V.value("gpu", "") != G->Name)
            continue;
          std::optional<double> T = high(V.value("predicted_time_s", Json()));
          if (!Flops || !T || *T <= 0)
            continue;
          std::string Bound = V.value("bound", "");
          std::string Label = pointLabel(K, SameName > 1);
          // The launch at each level: its intensity there (its bandwidth
          // there without FLOPs), the verdict's level filled.
          const struct {
            const char *Level, *Intensity, *Bytes;
            bool Verdict;
          } Levels[] = {{"DRAM", "intensity", "dram_bytes",
                         Bound != "l2" && Bound != "l1"},
                        {"L2", "intensity_l2", "l2_bytes", Bound == "l2"},
                        {"L1", "intensity_l1", "l1_bytes", Bound == "l1"}};
          for (const auto &L : Levels) {
            RoofPoint Pt;
            Pt.Label = Label;
            Pt.Level = L.Level;
            Pt.Group = Group;
            Pt.Verdict = L.Verdict;
            if (*Flops > 0) {
              std::optional<double> I = high(V.value(L.Intensity, Json()));
              if (!I || *I <= 0 || std::isinf(*I))
                continue;
              Pt.Intensity = *I;
              Pt.FlopsPerS = *Flops / *T;
            } else {
              std::optional<double> B = Totals.contains(L.Bytes)
                                            ? high(Totals[L.Bytes])
                                            : std::nullopt;
              if (!B || *B <= 0)
                continue;
              Pt.BytesPerS = *B / *T;
            }
            P.Points.push_back(Pt);
          }
          ++Group;
        }
      }
    }
    Plots.push_back(std::move(P));
  }
  return Plots;
}

} // namespace rla
