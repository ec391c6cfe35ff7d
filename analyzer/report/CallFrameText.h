//===- CallFrameText.h - The calls that lead to a launch, worded -*- C++
//-*-===//
///
/// \file
/// One frame of a launch's call chain as the reports show it: `main`,
/// `gemmCuda(ni=512, nj=512)`, `step (called back by 'qsort' at f.cu:12)`.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_CALLFRAMETEXT_H
#define RLA_REPORT_CALLFRAMETEXT_H

#include "analyzer/ir/LaunchSpec.h"

#include <string>
#include <vector>

namespace rla {

std::string callFrameText(const CallFrame &F);

/// Every frame of a chain, outermost first.
std::vector<std::string> callChainText(const std::vector<CallFrame> &Chain);

} // namespace rla

#endif // RLA_REPORT_CALLFRAMETEXT_H
