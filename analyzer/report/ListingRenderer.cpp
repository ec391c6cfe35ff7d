//===- ListingRenderer.cpp ------------------------------------------------===//
#include "analyzer/report/ListingRenderer.h"
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/HumanUnits.h"

#include <sstream>

namespace rla {
namespace {

std::string peak(const GpuSpec &G, Precision P) {
  const SourcedValue *V = G.peakFlops(P);
  return std::string(precisionName(P)) + " " +
         (V ? formatSi(V->Value, "FLOP/s") : "?");
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

} // namespace rla
