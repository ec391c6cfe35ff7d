//===- ScanFormat.h - sscanf on a known string ------------------*- C++ -*-===//
///
/// \file
/// What `sscanf(text, format, ...)` assigns when both strings are known:
/// programs parse their command line with it (`sscanf(argv[2], "%d", &n)`).
/// Plain C++, so the host evaluator can follow such programs and the
/// conversions can be tested without a compiler.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_SCANFORMAT_H
#define RLA_SUPPORT_SCANFORMAT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// One assigned value, in the order of the format's conversions.
struct ScannedValue {
  enum class Kind { Integer, Real, Text } ValueKind = Kind::Integer;
  int64_t Int = 0;
  double Real = 0;
  std::string Str;
};

struct ScanResult {
  /// sscanf's return value: the assignments made, or -1 (EOF) when the
  /// input ended before the first conversion.
  int Returned = 0;
  std::vector<ScannedValue> Values;
};

/// Runs the format over Input as the C library does for the conversions
/// d i u o x X f F e E g G a A s n and %%, with widths, `*` and length
/// modifiers. nullopt for what it does not model (%c, %[, %p, positional
/// arguments): the caller then treats the call as unknown.
std::optional<ScanResult> scanFormat(const std::string &Input,
                                     const std::string &Format);

} // namespace rla

#endif // RLA_SUPPORT_SCANFORMAT_H
