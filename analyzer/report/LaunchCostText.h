//===- LaunchCostText.h - "65,536 blocks handed out in 39.4 us" -*- C++ -*-===//
///
/// \file
/// What a launch costs beyond its work on one GPU, in words (LaunchCost.h):
/// the time the block scheduler takes to hand out its blocks and the floor
/// every launch takes.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LAUNCHCOSTTEXT_H
#define RLA_REPORT_LAUNCHCOSTTEXT_H

#include "analyzer/models/LaunchReport.h"

#include <string>

namespace rla {

/// "65,536 blocks handed out in 39.4 us (496 per SM at 157 cycles each),
/// plus 1.50 us every launch takes"; "" without an estimate.
std::string launchCostText(const GpuVerdict &V);

} // namespace rla

#endif // RLA_REPORT_LAUNCHCOSTTEXT_H
