//===- LaunchOptions.h - --bind, --launch and launch files ------*- C++ -*-===//
///
/// \file
/// Turns what users write about launches into LaunchSpecs and bindings:
///   --bind n=1<<24
///   --launch 'saxpy:grid=65536,block=256,smem=0,n=16777216,a=2.0'
///   --launches launches.json   (the launch file contract of DESIGN.md)
/// Every function reports a message naming the bad text and what was
/// expected; none throws.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_LAUNCHOPTIONS_H
#define RLA_DRIVER_LAUNCHOPTIONS_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/LaunchSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// A name a value can be bound to: a C identifier, optionally dotted
/// ("n", "blockDim.x").
bool isValidBindingName(llvm::StringRef Name);

/// threadIdx and blockIdx (or a field of them): never bindable, and the
/// reason, worded after the name.
bool isThreadIndex(llvm::StringRef Name);
extern const char *const ThreadIndexBindError;

/// "NAME=VALUE" with VALUE a constant expression (see ValueParser.h).
bool parseBinding(llvm::StringRef Text, std::string &Name, Rational &Value,
                  std::string &Error);

/// "KERNEL:key=value,...". KERNEL ends at the last ':' that is not part of
/// '::', so "ns::k:grid=1,block=32" and "scale<float>:grid=4,block=256" work.
/// grid and block are required, each "X", "XxY" or "XxYxZ" (missing
/// dimensions are 1); smem defaults to 0; any other key binds a scalar
/// argument. Out is replaced only on success.
bool parseLaunchOption(llvm::StringRef Text, LaunchSpec &Out,
                       std::string &Error);

/// Reads a launch file: a JSON array of {"case", "kernel", "grid", "block",
/// "smem", "args"} objects. grid/block are a number, an array of 1-3, or a
/// string in --launch syntax ("64x64"); every value may be a number or a
/// string holding a constant expression. A missing case is named
/// "KERNEL#INDEX" (0-based, like the "entry N" of error messages). Appends to
/// Out only when the whole file is valid.
bool parseLaunchFile(const std::string &Path, std::vector<LaunchSpec> &Out,
                     std::string &Error);

// JSON helpers shared with ProjectConfig.

/// Parses the file at Path; Error holds the parser's line and column.
bool readJsonFile(const std::string &Path, nlohmann::ordered_json &Out,
                  std::string &Error);

/// A JSON number (exact for what was typed: 0.1 is 1/10) or a string with a
/// constant expression.
std::optional<Rational> valueFromJson(const nlohmann::ordered_json &V,
                                      std::string &Error);

/// Fails on the first key of Object not in Allowed, suggesting the nearest
/// allowed key, so that typos do not pass silently.
bool checkKnownKeys(const nlohmann::ordered_json &Object,
                    llvm::ArrayRef<llvm::StringRef> Allowed,
                    std::string &Error);

} // namespace rla

#endif // RLA_DRIVER_LAUNCHOPTIONS_H
