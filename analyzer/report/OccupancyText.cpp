//===- OccupancyText.cpp --------------------------------------------------===//
#include "analyzer/report/OccupancyText.h"
#include "analyzer/report/NoteText.h"

#include <cmath>

namespace rla {

std::string occupancyResultText(const OccupancyResult &R) {
  std::string Limits;
  for (const std::string &L : R.Limiting)
    Limits += (Limits.empty() ? "" : "+") + L;
  return std::to_string(R.ActiveBlocksPerSm) + " blocks, " +
         std::to_string(R.ActiveWarpsPerSm) + "/" +
         std::to_string(R.MaxWarpsPerSm) + " warps (" +
         std::to_string(static_cast<int>(std::lround(R.Occupancy * 100))) +
         "%), limited by " + (Limits.empty() ? "nothing" : Limits);
}

std::string occupancySummary(const KernelReport &K) {
  std::string Out;
  std::string LastUnknown;
  for (const OccupancyOnGpu &O : K.Occupancies) {
    std::string Part = O.Gpu ? O.Gpu->Name + " " : "";
    if (O.Resources)
      Part += std::to_string(O.Resources->Registers) + " regs, " +
              std::to_string(O.Resources->StaticSmemBytes) + " B smem";
    if (O.Result) {
      Part += ": " + occupancyResultText(*O.Result);
    } else {
      // The same reason for every GPU is said once.
      std::string Unknown = noteText(O.Unknown);
      if (Unknown == LastUnknown && !O.Resources)
        continue;
      Part +=
          std::string(O.Resources ? ": " : "") + "unknown (" + Unknown + ")";
      LastUnknown = Unknown;
    }
    Out += (Out.empty() ? "" : "; ") + Part;
  }
  return Out;
}

} // namespace rla
