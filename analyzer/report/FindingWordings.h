//===- FindingWordings.h - The words for each model finding's data -*- C++
//-*-===//
///
/// \file
/// One function per finding ID that models report as data: the message a
/// user reads. The finding registry (DiagnosticIds.cpp) names each ID's.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_FINDINGWORDINGS_H
#define RLA_REPORT_FINDINGWORDINGS_H

#include "analyzer/report/FindingValues.h"

#include <string>

namespace rla {
namespace wording {

std::string atomicContention(const FindingValues &V);
std::string bankConflict(const FindingValues &V);
std::string blockSizeMismatch(const FindingValues &V);
std::string divergentBranch(const FindingValues &V);
std::string fusion(const FindingValues &V);
std::string invalidBinding(const FindingValues &V);
std::string invalidLaunch(const FindingValues &V);
std::string lowOccupancy(const FindingValues &V);
std::string noKernels(const FindingValues &V);
std::string noWork(const FindingValues &V);
std::string overflow(const FindingValues &V);
std::string spills(const FindingValues &V);
std::string tailWave(const FindingValues &V);
std::string missingTerm(const FindingValues &V);
std::string threadDependent(const FindingValues &V);
std::string unbound(const FindingValues &V);
std::string uncoalesced(const FindingValues &V);
std::string undefinedTotal(const FindingValues &V);
std::string unknownArgument(const FindingValues &V);

} // namespace wording
} // namespace rla

#endif // RLA_REPORT_FINDINGWORDINGS_H
