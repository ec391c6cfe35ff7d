//===- IssueText.h - The issue model in words --------------------*- C++
//-*-===//
///
/// \file
/// The text report's `issue` line for one GPU: the launch's warp
/// instructions, the time the busiest SM takes to issue them and which
/// pipe or the issue slots set it, and the mix by pipe.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_ISSUETEXT_H
#define RLA_REPORT_ISSUETEXT_H

#include "analyzer/models/LaunchReport.h"

#include <string>

namespace rla {

/// "260 M warp instructions in 249 us (issue slots at 4 per SM per clock;
/// alu 41%, fma 22%, ...)"; empty when V has no issue estimate.
std::string issueText(const GpuVerdict &V);

/// Whether the issue of the compiled instructions, not the FLOPs at their
/// peak, sets R's compute time.
bool issueSetsCompute(const RooflineResult &R);

} // namespace rla

#endif // RLA_REPORT_ISSUETEXT_H
