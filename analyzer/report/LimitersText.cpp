//===- LimitersText.cpp ---------------------------------------------------===//
#include "analyzer/report/LimitersText.h"
#include "analyzer/models/BoundLevel.h"
#include "analyzer/support/HumanUnits.h"

namespace rla {

namespace {

std::string shownName(Level L) {
  switch (L) {
  case Level::Dram:
    return "DRAM";
  case Level::L2:
    return "L2";
  case Level::L1:
    return "L1";
  default:
    return levelName(L);
  }
}

} // namespace

std::string limitersText(const RooflineResult &R) {
  if (R.Verdict == std::nullopt)
    return "";
  std::vector<LevelTime> Times = levelTimes(R);
  std::string Out;
  for (size_t I = 0; I < Times.size(); ++I) {
    Out += (I ? ", " : "") + shownName(Times[I].At) + " " +
           formatDuration(Times[I].Seconds);
    if (I == 0)
      if (std::optional<double> M = boundMargin(R))
        Out +=
            " (" + formatSignificant(*M) + "x " + shownName(Times[1].At) + ")";
  }
  return Out;
}

} // namespace rla
