//===- JsonRenderer.h - The Report as the documented JSON -------*- C++ -*-===//
///
/// \file
/// Renders a Report in the stable JSON format of docs/json-format.md, the
/// contract scripts, CI gates and the measurement side read.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_JSONRENDERER_H
#define RLA_REPORT_JSONRENDERER_H

#include "analyzer/report/Report.h"

#include <string>

namespace rla {

/// Pretty-printed (2-space indent) JSON text, ending in a newline.
std::string renderJson(const Report &R);

} // namespace rla

#endif // RLA_REPORT_JSONRENDERER_H
