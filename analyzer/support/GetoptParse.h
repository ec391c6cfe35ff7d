//===- GetoptParse.h - getopt and getopt_long on a known argv ---*- C++ -*-===//
///
/// \file
/// What `getopt`/`getopt_long` return, call after call, for a known argv:
/// programs read their sizes with them (`-s 256`, `--size=256`). GNU's rules:
/// options may follow operands, which end up after the options (argv is
/// permuted); `+` at the start of the option string stops at the first
/// operand; `--` ends the options. Plain C++, so that the host interpreter
/// can follow such loops and the rules can be tested without a compiler.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_GETOPTPARSE_H
#define RLA_SUPPORT_GETOPTPARSE_H

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// One entry of getopt_long's `struct option` table.
struct LongOption {
  std::string Name;
  int HasArg = 0;        ///< no_argument 0, required_argument 1, optional 2
  bool SetsFlag = false; ///< `flag` is not null: getopt_long returns 0
  int Val = 0;
};

/// One call's result: the option character (or Val of a long option, 0 when
/// it sets a flag, '?' for an unknown option or a missing argument).
struct ParsedOption {
  int Returned = 0;
  std::optional<std::string> Arg; ///< optarg
  int LongIndex = -1;             ///< the long option's entry, if one
};

struct ParsedCommandLine {
  std::vector<ParsedOption> Options; ///< in the order the calls return them
  std::vector<std::string> Argv;     ///< argv once getopt has returned -1
  int Optind = 1;                    ///< optind then: the first operand
};

/// Argv includes argv[0].
ParsedCommandLine parseCommandLine(const std::vector<std::string> &Argv,
                                   const std::string &ShortOptions,
                                   const std::vector<LongOption> &Long);

} // namespace rla

#endif // RLA_SUPPORT_GETOPTPARSE_H
