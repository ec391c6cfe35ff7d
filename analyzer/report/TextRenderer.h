//===- TextRenderer.h - The Report as a table for the terminal --*- C++ -*-===//
///
/// \file
/// The default output: one block per kernel launch that a CUDA engineer can
/// scan in seconds (totals, intensity, one roofline row per GPU), formulas
/// and what to bind where the launch is unknown, the kernel's findings once
/// after its launches, and a closing summary.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_TEXTRENDERER_H
#define RLA_REPORT_TEXTRENDERER_H

#include "analyzer/report/Report.h"

#include <string>

namespace rla {

/// Plain text; ANSI colors only when Color is true (a terminal asked for it).
/// A kernel's findings are printed once after its launches, each naming
/// the launches it applies to when not all; the `assumes:` lines only when
/// Verbose (the JSON report always has them).
/// Lines: under each launch, its traffic by source line (--lines).
std::string renderText(const Report &R, bool Color, bool Verbose = false,
                       bool Lines = false);

} // namespace rla

#endif // RLA_REPORT_TEXTRENDERER_H
