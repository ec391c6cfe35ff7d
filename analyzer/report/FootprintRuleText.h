//===- FootprintRuleText.h - How a footprint was counted -------*- C++ -*-===//
///
/// \file
/// The words of the JSON's `footprint_rule`: the memory model records how
/// it counted an array's distinct bytes as a FootprintRule; this is the one
/// place that says it.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_FOOTPRINTRULETEXT_H
#define RLA_REPORT_FOOTPRINTRULETEXT_H

#include "analyzer/models/Footprint.h"

#include <string>

namespace rla {

/// "contiguous", "bound (min of points and hull)", ...; SectorsAsBox adds
/// ", in sectors as its box".
std::string footprintRuleText(FootprintRule Rule, bool SectorsAsBox);

} // namespace rla

#endif // RLA_REPORT_FOOTPRINTRULETEXT_H
