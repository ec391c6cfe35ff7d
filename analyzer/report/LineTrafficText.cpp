//===- LineTrafficText.cpp ------------------------------------------------===//
#include "analyzer/report/LineTrafficText.h"
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>

namespace rla {

std::vector<LineTraffic> lineTraffic(const KernelReport &K) {
  std::vector<LineTraffic> Out;
  if (!K.Memory || !K.Memory->Available)
    return Out;
  const MemoryEstimate &M = *K.Memory;
  for (const SiteTraffic &S : M.Sites) {
    if (!S.Loc.valid())
      continue;
    auto It = std::find_if(Out.begin(), Out.end(), [&](const LineTraffic &L) {
      return L.File == S.Loc.File && L.Line == S.Loc.Line;
    });
    if (It == Out.end()) {
      Out.push_back({S.Loc.File, S.Loc.Line});
      It = std::prev(Out.end());
    }
    if (S.Shared)
      It->SharedBytes += S.RequestedBytes;
    else if (S.Kind == AccessKind::Load)
      It->LoadBytes += S.RequestedBytes;
    else
      It->StoreBytes += S.RequestedBytes;
    if (!S.Shared)
      It->Sectors += S.MovedBytes / 32;
    It->DramBytes += S.DramBytes;
    if (std::find(It->Arrays.begin(), It->Arrays.end(), S.Array) ==
        It->Arrays.end())
      It->Arrays.push_back(S.Array);
  }
  for (LineTraffic &L : Out)
    L.DramShare = M.DramBytes > 0 ? L.DramBytes / M.DramBytes : 0;
  std::sort(Out.begin(), Out.end(),
            [](const LineTraffic &A, const LineTraffic &B) {
              return A.File != B.File ? A.File < B.File : A.Line < B.Line;
            });
  return Out;
}

std::string lineTrafficText(const KernelReport &K) {
  std::vector<LineTraffic> Lines = lineTraffic(K);
  if (Lines.empty())
    return "";
  auto Bytes = [](double X) {
    return X > 0 ? formatSi(X, "B") : std::string("-");
  };
  std::vector<std::vector<std::string>> Rows = {{"line", "arrays", "load",
                                                 "store", "sectors", "shared",
                                                 "DRAM", "of DRAM"}};
  for (const LineTraffic &L : Lines) {
    std::string Arrays;
    for (const std::string &A : L.Arrays)
      Arrays += (Arrays.empty() ? "" : ",") + A;
    // The kernel's own file by its name alone: the rows stay narrow.
    std::string File = L.File;
    if (File == K.Model.Location.File && File.rfind('/') != std::string::npos)
      File = File.substr(File.rfind('/') + 1);
    Rows.push_back({File + ":" + std::to_string(L.Line), Arrays,
                    Bytes(L.LoadBytes), Bytes(L.StoreBytes),
                    L.Sectors > 0 ? formatSi(L.Sectors) : std::string("-"),
                    Bytes(L.SharedBytes), Bytes(L.DramBytes),
                    std::to_string(std::llround(100 * L.DramShare)) + "%"});
  }
  std::vector<size_t> Widths(Rows.front().size(), 0);
  for (const auto &Row : Rows)
    for (size_t C = 0; C < Row.size(); ++C)
      Widths[C] = std::max(Widths[C], Row[C].size());
  std::string GpuName = K.Verdicts.empty() || !K.Verdicts[0].Gpu
                            ? std::string()
                            : " on " + K.Verdicts[0].Gpu->Name;
  std::string Out = "  lines      traffic by source line" + GpuName + "\n";
  for (const auto &Row : Rows) {
    std::string Line = "    ";
    for (size_t C = 0; C < Row.size(); ++C) {
      // Names left-aligned, numbers right-aligned.
      const std::string &Cell = Row[C];
      std::string Pad(Widths[C] - Cell.size(), ' ');
      Line += C < 2 ? Cell + Pad : Pad + Cell;
      if (C + 1 < Row.size())
        Line += "  ";
    }
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    Out += Line + "\n";
  }
  return Out;
}

} // namespace rla
