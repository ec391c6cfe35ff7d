//===- JsonDepth.h - How deeply a JSON text nests ---------------*- C++ -*-===//
///
/// \file
/// Recursive-descent JSON parsers (llvm::json among them) use one stack frame
/// per nesting level, so 50,000 '[' overflow the stack. A reader of untrusted
/// text measures the depth first, in one pass without recursion, and rejects
/// what is deeper than any real document of its kind.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_JSONDEPTH_H
#define RLA_SUPPORT_JSONDEPTH_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace rla {

/// The deepest nesting of arrays and objects in Text read as JSON: brackets
/// inside strings do not count. Text need not be valid JSON.
size_t jsonNestingDepth(llvm::StringRef Text);

/// Deeper than any input file of the tool's (launch file, config, baseline,
/// GPU database, trace line, cache entry, compile_commands.json) gets.
/// nlohmann::json copies and compares nested values recursively, so a file
/// nested 20,000 deep would overflow the stack after it was parsed.
constexpr size_t MaxFileJsonDepth = 256;

/// "" when Text nests at most MaxFileJsonDepth deep, else the message that
/// says so ("nested N levels deep; at most 256 are read").
std::string jsonTooDeep(llvm::StringRef Text);

} // namespace rla

#endif // RLA_SUPPORT_JSONDEPTH_H
