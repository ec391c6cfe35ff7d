//===- FindingData.h - The values a finding or a note is about --*- C++ -*-===//
///
/// \file
/// Findings (KernelModel.h) and notes (Note.h) give what they found as named
/// values, and report/ words them.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_FINDINGDATA_H
#define RLA_IR_FINDINGDATA_H

#include <map>
#include <string>
#include <variant>

namespace rla {

/// A value a finding is about: a number, or a name (an array, a kernel, a
/// symbol, a formula).
using FindingValue = std::variant<double, std::string>;
/// A finding's values by name ("array", "sectors_per_request").
using FindingData = std::map<std::string, FindingValue>;

} // namespace rla

#endif // RLA_IR_FINDINGDATA_H
