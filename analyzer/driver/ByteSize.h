//===- ByteSize.h - "40K", "48KiB", "1024" as byte counts -------*- C++ -*-===//
#ifndef RLA_DRIVER_BYTESIZE_H
#define RLA_DRIVER_BYTESIZE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rla {

/// A byte count: digits, optionally followed by K, KB, KiB, M, MB or MiB.
/// Suffixes are binary (K = 1024), as CUDA's documentation counts shared
/// memory ("48 KB" = 49152 bytes). nullopt with Error set otherwise.
std::optional<uint64_t> parseByteSize(llvm::StringRef Text, std::string &Error);

} // namespace rla

#endif // RLA_DRIVER_BYTESIZE_H
