//===- LimitersText.h - "L2 77.9 us (1.18x L1), L1 66.2 us, ..." -*- C++
//-*-===//
///
/// \file
/// One launch's limiters on one GPU in words: each level's time, longest
/// first, with how far the winner is ahead of the runner-up, so that a user
/// sees how much one change can buy before another level takes over.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LIMITERSTEXT_H
#define RLA_REPORT_LIMITERSTEXT_H

#include "analyzer/models/Roofline.h"

#include <string>

namespace rla {

/// "L2 77.9 us (1.18x L1), L1 66.2 us, latency 52.8 us, DRAM 33.8 us,
/// compute 11.6 us" for the high end of R; "" when it has no verdict.
std::string limitersText(const RooflineResult &R);

} // namespace rla

#endif // RLA_REPORT_LIMITERSTEXT_H
