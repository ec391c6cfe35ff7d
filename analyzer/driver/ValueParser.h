//===- ValueParser.h - Constant value expressions from users ----*- C++ -*-===//
///
/// \file
/// Parses the values users type for launch dimensions and scalar arguments
/// (--bind, --launch, launch files, project config): "16777216", "1<<24",
/// "(1<<20)*4", "0x100", "4096*4096", "1e8", "0.5", "-1".
///
/// Grammar (C precedence, lowest first):
///   value   := shift
///   shift   := sum (('<<' | '>>') sum)*
///   sum     := product (('+' | '-') product)*
///   product := unary (('*' | '/' | '%') unary)*
///   unary   := ('-' | '+') unary | '(' value ')' | number
///   number  := decimal | 0x hex | 0b binary | decimal float (2.0, .5, 1e8)
/// Digit separators (16'777'216, 16_777_216) and C suffixes (u, l, f) are
/// accepted. Leading zeros do not mean octal: users type values, not C.
///
/// Integer operands follow C: '/' truncates toward zero, '%' and shifts need
/// integers. Once a decimal float takes part, '/' is exact ("1.0/3" is 1/3).
/// Every intermediate result must fit in 64 bits (numerator and denominator),
/// as a kernel's scalar argument does.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_VALUEPARSER_H
#define RLA_DRIVER_VALUEPARSER_H

#include "analyzer/ir/Expr.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace rla {

/// The exact value of Text, or nullopt with Error naming the offending text,
/// its column (1-based) and what was expected there.
std::optional<Rational> parseValue(llvm::StringRef Text, std::string &Error);

} // namespace rla

#endif // RLA_DRIVER_VALUEPARSER_H
