//===- WhatIfRenderer.h - Output of `rl-analyze occupancy` ------*- C++ -*-===//
#ifndef RLA_REPORT_WHATIFRENDERER_H
#define RLA_REPORT_WHATIFRENDERER_H

#include "analyzer/models/OccupancyWhatIf.h"

#include <string>

namespace rla {

std::string renderWhatIfText(const WhatIfQuery &Q, const WhatIfAnswer &A);
/// Documented in docs/occupancy.md.
std::string renderWhatIfJson(const WhatIfQuery &Q, const WhatIfAnswer &A);

} // namespace rla

#endif // RLA_REPORT_WHATIFRENDERER_H
