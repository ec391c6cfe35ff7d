//===- RooflineCeilings.cpp -----------------------------------------------===//
#include "analyzer/report/RooflineCeilings.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>

namespace rla {

std::vector<RoofCeiling> computeCeilings(const GpuSpec &Gpu) {
  // Peaks by value, with the names that run at it, in the database's order.
  std::vector<std::pair<double, std::vector<std::string>>> Roofs;
  auto add = [&](double Value, const std::string &Name) {
    if (Value <= 0)
      return;
    for (auto &[V, Names] : Roofs)
      if (V == Value) {
        Names.push_back(Name);
        return;
      }
    Roofs.push_back({Value, {Name}});
  };
  for (unsigned I = 0; I < NumPrecisions; ++I)
    if (const SourcedValue *V = Gpu.peakFlops(static_cast<Precision>(I)))
      add(V->Value, precisionName(static_cast<Precision>(I)));
  for (const auto &[Kind, V] : Gpu.TensorFlops)
    add(V.Value, "tensor " + Kind);
  std::stable_sort(
      Roofs.begin(), Roofs.end(),
      [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<RoofCeiling> Out;
  for (const auto &[Value, Names] : Roofs) {
    std::string Label;
    for (const std::string &N : Names)
      Label += (Label.empty() ? "" : ", ") + N;
    Out.push_back({Label + " " + formatSi(Value, "FLOP/s"), Value});
  }
  return Out;
}

std::vector<RoofCeiling> memoryCeilings(const GpuSpec &Gpu) {
  std::vector<RoofCeiling> Out;
  for (auto [Name, Bw] : {std::pair{"L1", &Gpu.L1Bandwidth},
                          {"L2", &Gpu.L2Bandwidth},
                          {"DRAM", &Gpu.DramBandwidth}})
    if (*Bw && (*Bw)->Value > 0)
      Out.push_back({std::string(Name) + " " + formatSi((*Bw)->Value, "B/s"),
                     (*Bw)->Value});
  return Out;
}

} // namespace rla
