//===- ByteSize.cpp -------------------------------------------------------===//
#include "analyzer/driver/ByteSize.h"

#include <limits>

namespace rla {

std::optional<uint64_t> parseByteSize(llvm::StringRef Text,
                                      std::string &Error) {
  llvm::StringRef S = Text.trim();
  size_t Digits = 0;
  while (Digits < S.size() && S[Digits] >= '0' && S[Digits] <= '9')
    ++Digits;
  uint64_t Value = 0;
  if (Digits == 0 || S.take_front(Digits).getAsInteger(10, Value)) {
    Error = "'" + Text.str() + "' is not a byte count (e.g. 0, 49152, 48K)";
    return std::nullopt;
  }
  llvm::StringRef Suffix = S.drop_front(Digits).trim();
  uint64_t Scale = 1;
  if (Suffix.empty() || Suffix.equals_insensitive("b"))
    Scale = 1;
  else if (Suffix.equals_insensitive("k") || Suffix.equals_insensitive("kb") ||
           Suffix.equals_insensitive("kib"))
    Scale = 1024;
  else if (Suffix.equals_insensitive("m") || Suffix.equals_insensitive("mb") ||
           Suffix.equals_insensitive("mib"))
    Scale = 1024 * 1024;
  else {
    Error = "'" + Text.str() + "': unknown unit '" + Suffix.str() +
            "' (use bytes, K or M)";
    return std::nullopt;
  }
  if (Value > std::numeric_limits<uint64_t>::max() / Scale) {
    Error = "'" + Text.str() + "' is too large";
    return std::nullopt;
  }
  return Value * Scale;
}

} // namespace rla
