//===- ListingRenderer.cpp ------------------------------------------------===//
#include "analyzer/report/ListingRenderer.h"
#include "analyzer/report/DiagnosticExplanations.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/GpuTerms.h"
#include "analyzer/support/HumanUnits.h"

#include "llvm/ADT/STLExtras.h"

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

/// A cache size as datasheets print it: binary units (NVIDIA's "40 MB"
/// L2 is 40 MiB), decimal only when it is not a whole number of KiB.
std::string cacheSize(double Bytes) {
  for (auto [Scale, Unit] : {std::pair{1048576.0, "MiB"}, {1024.0, "KiB"}})
    if (Bytes >= Scale && Bytes / Scale == double(int64_t(Bytes / Scale)))
      return std::to_string(int64_t(Bytes / Scale)) + " " + Unit;
  return formatSi(Bytes, "B");
}

/// Per GPU: its time-model terms grouped by where each comes from, and
/// what the prediction does for each one it lacks.
std::string termLines(const GpuSpec &G) {
  std::string Groups[5], Missing;
  for (const GpuTerm &T : gpuTerms(G)) {
    if (!T.Value) {
      Missing += (Missing.empty() ? "" : "; ") + T.Label + ": " + T.Instead;
      continue;
    }
    std::string &Group = Groups[static_cast<int>(provenanceOf(*T.Value))];
    Group += (Group.empty() ? "" : ", ") + T.Label;
  }
  std::string Line;
  for (Provenance P : {Provenance::Measured, Provenance::Sourced,
                       Provenance::Derived, Provenance::Assumed,
                       Provenance::Unverified})
    if (!Groups[static_cast<int>(P)].empty())
      Line += std::string(Line.empty() ? "" : "; ") + provenanceName(P) +
              ": " + Groups[static_cast<int>(P)];
  std::string Out = wrapped(Line, 4, 100);
  if (!Missing.empty())
    Out += wrapped("missing: " + Missing, 4, 100);
  return Out;
}

} // namespace

std::string renderGpuList(const GpuDatabase &Db,
                          const std::vector<std::string> &Only) {
  std::ostringstream OS;
  for (const GpuSpec &G : Db.all()) {
    if (!Only.empty() && llvm::none_of(Only, [&](const std::string &N) {
          return Db.find(N) == &G;
        }))
      continue;
    OS << G.Name << (G.Name == Db.defaultName() ? "  [default]" : "") << "  ("
       << G.FullName << ", " << G.smArch() << ")  " << peak(G, Precision::FP32)
       << ", " << peak(G, Precision::FP16) << ", " << peak(G, Precision::FP64)
       << ", DRAM "
       << (G.DramBandwidth ? formatSi(G.DramBandwidth->Value, "B/s") : "?")
       << ", L2 " << (G.L2Bytes ? cacheSize(G.L2Bytes->Value) : "?") << "\n"
       << termLines(G);
  }
  OS << "Peaks are non-tensor (CUDA-core) FLOP/s, an FMA counting 2; each "
        "number's source is in the database (docs/gpus.md); under each GPU, "
        "the terms of the predicted time by where they come from (measured "
        "on that GPU, sourced from a document, derived by a stated rule, "
        "assumed from another GPU) and what a prediction does for a term "
        "the GPU lacks. A kernel's ridge "
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
