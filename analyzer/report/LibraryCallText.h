//===- LibraryCallText.h - Library operations in the reports ----*- C++ -*-===//
///
/// \file
/// The cuBLAS GEMMs, copies and fills of the host code, as text lines and as
/// the JSON report's "library_calls".
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LIBRARYCALLTEXT_H
#define RLA_REPORT_LIBRARYCALLTEXT_H

#include "analyzer/report/Report.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rla {

/// One block per call, each line ending in a newline; empty without calls.
std::string libraryCallsText(const Report &R);

nlohmann::ordered_json libraryCallsJson(const Report &R);

} // namespace rla

#endif // RLA_REPORT_LIBRARYCALLTEXT_H
