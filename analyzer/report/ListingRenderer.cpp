//===- ListingRenderer.cpp ------------------------------------------------===//
#include "analyzer/report/ListingRenderer.h"
#include "analyzer/report/DiagnosticExplanations.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/support/HumanUnits.h"

#include <sstream>

namespace rla {
namespace {

std::string peak(const GpuSpec &G, Precision P) {
  const SourcedValue *V = G.peakFlops(P);
  return std::string(precisionName(P)) + " " +
         (V ? formatSi(V->Value, "FLOP/s") : "?");
}

/// Text wrapped at word boundaries to Width columns, each line indented.
std::string wrapped(const std::string &Text, size_t Indent, size_t Width = 80) {
  std::istringstream Words(Text);
  std::string Out, Line, Word;
  while (Words >> Word) {
    if (!Line.empty() && Indent + Line.size() + 1 + Word.size() > Width) {
      Out += std::string(Indent, ' ') + Line + "\n";
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word;
  }
  if (!Line.empty())
    Out += std::string(Indent, ' ') + Line + "\n";
  return Out;
}

} // namespace

std::string renderGpuList(const GpuDatabase &Db) {
  std::ostringstream OS;
  for (const GpuSpec &G : Db.all()) {
    OS << G.Name << (G.Name == Db.defaultName() ? "  [default]" : "") << "  ("
       << G.FullName << ", " << G.smArch() << ")  " << peak(G, Precision::FP32)
       << ", " << peak(G, Precision::FP16) << ", " << peak(G, Precision::FP64)
       << ", DRAM "
       << (G.DramBandwidth ? formatSi(G.DramBandwidth->Value, "B/s") : "?")
       << ", L2 " << (G.L2Bytes ? formatSi(G.L2Bytes->Value, "B") : "?")
       << "\n";
  }
  OS << "Peaks are non-tensor (CUDA-core) FLOP/s, an FMA counting 2; each "
        "number's source is in the database (docs/gpus.md). A kernel's ridge "
        "point on a GPU is its peak over its DRAM bandwidth: the FLOP/B a "
        "kernel needs to be compute-bound there.\n";
  return OS.str();
}

std::string renderDiagnosticList() {
  std::ostringstream OS;
  for (const DiagnosticInfo &D : diagnosticRegistry())
    OS << D.Id << "  " << severityName(D.DefaultLevel)
       << (D.Planned ? "  (planned)" : "") << "\n    " << D.Summary << "\n";
  return OS.str();
}

std::string renderExplanation(const std::string &Id) {
  const DiagnosticInfo *D = findDiagnostic(Id);
  if (!D)
    return "";
  const DiagnosticExplanation *E = findExplanation(Id);
  std::ostringstream OS;
  OS << D->Id << "  (" << severityName(D->DefaultLevel)
     << (D->Planned ? ", planned" : "") << ")\n\nWhat it means\n"
     << wrapped(D->Summary, 2);
  if (E)
    OS << "\nWhy it matters\n" << wrapped(E->Why, 2);
  OS << "\nHow to fix\n" << wrapped(D->Help, 2);
  if (E) {
    OS << "\nExample\n";
    std::istringstream Lines(E->Example);
    for (std::string L; std::getline(Lines, L);)
      OS << "    " << L << "\n";
  }
  OS << "\nSilence it in the source with `// rl-analyze: ignore[" << D->Id
     << "]`,\nor turn it off with --checks=-" << D->Id
     << ".\nMore: docs/diagnostics.md#" << D->Id << "\n";
  return OS.str();
}

} // namespace rla
