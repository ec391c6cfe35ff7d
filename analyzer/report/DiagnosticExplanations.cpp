//===- DiagnosticExplanations.cpp -----------------------------------------===//
#include "analyzer/report/DiagnosticExplanations.h"

namespace rla {

const DiagnosticExplanation *findExplanation(const std::string &Id) {
  const DiagnosticInfo *D = findDiagnostic(Id);
  return D && !D->Why.empty() ? D : nullptr;
}

} // namespace rla
