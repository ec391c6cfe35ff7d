//===- ScanFormat.cpp -----------------------------------------------------===//
#include "analyzer/support/ScanFormat.h"

#include <cctype>
#include <cstdlib>

namespace rla {
namespace {

bool isSpace(char C) { return std::isspace(static_cast<unsigned char>(C)); }
bool isDigit(char C) { return std::isdigit(static_cast<unsigned char>(C)); }

/// The base of an integer conversion, 0 when C is not one.
int integerBase(char C) {
  switch (C) {
  case 'd':
  case 'u':
    return 10;
  case 'i':
    return 0; // as strtol: 0x.. hex, 0.. octal
  case 'o':
    return 8;
  case 'x':
  case 'X':
    return 16;
  default:
    return -1;
  }
}

bool isRealConversion(char C) {
  switch (C) {
  case 'f':
  case 'F':
  case 'e':
  case 'E':
  case 'g':
  case 'G':
  case 'a':
  case 'A':
    return true;
  default:
    return false;
  }
}

} // namespace

std::optional<ScanResult> scanFormat(const std::string &Input,
                                     const std::string &Format) {
  ScanResult R;
  size_t In = 0, F = 0;
  bool Converted = false; // a conversion has completed (EOF rule)
  auto skipInputSpace = [&] {
    while (In < Input.size() && isSpace(Input[In]))
      ++In;
  };
  auto inputFailure = [&] {
    if (!Converted)
      R.Returned = -1;
    return R;
  };
  while (F < Format.size()) {
    char C = Format[F];
    if (isSpace(C)) {
      while (F < Format.size() && isSpace(Format[F]))
        ++F;
      skipInputSpace();
      continue;
    }
    if (C != '%' || (F + 1 < Format.size() && Format[F + 1] == '%')) {
      // A literal character (or %%) must match the input.
      if (C == '%') {
        ++F;
        skipInputSpace();
      }
      if (In >= Input.size())
        return inputFailure();
      if (Input[In] != C)
        return R;
      ++In;
      ++F;
      continue;
    }
    ++F; // past '%'
    bool Suppress = F < Format.size() && Format[F] == '*';
    if (Suppress)
      ++F;
    size_t Width = 0;
    while (F < Format.size() && isDigit(Format[F]))
      Width = Width * 10 + size_t(Format[F++] - '0');
    if (F < Format.size() && Format[F] == '$')
      return std::nullopt; // positional arguments
    while (F < Format.size() &&
           std::string("hljztLq").find(Format[F]) != std::string::npos)
      ++F;
    if (F >= Format.size())
      return std::nullopt;
    char Conv = Format[F++];
    if (Conv == 'n') {
      if (!Suppress) {
        ScannedValue V;
        V.Int = int64_t(In);
        R.Values.push_back(V);
      }
      continue;
    }
    int Base = integerBase(Conv);
    bool Real = isRealConversion(Conv);
    if (Base < 0 && !Real && Conv != 's')
      return std::nullopt; // %c, %[, %p and the like
    skipInputSpace();
    if (In >= Input.size())
      return inputFailure();
    std::string Field = Input.substr(In, Width ? Width : std::string::npos);
    ScannedValue V;
    size_t Used = 0;
    if (Conv == 's') {
      while (Used < Field.size() && !isSpace(Field[Used]))
        ++Used;
      V.ValueKind = ScannedValue::Kind::Text;
      V.Str = Field.substr(0, Used);
    } else if (Real) {
      char *End = nullptr;
      V.ValueKind = ScannedValue::Kind::Real;
      V.Real = std::strtod(Field.c_str(), &End);
      Used = size_t(End - Field.c_str());
    } else {
      char *End = nullptr;
      V.ValueKind = ScannedValue::Kind::Integer;
      if (Conv == 'd' || Conv == 'i')
        V.Int = std::strtoll(Field.c_str(), &End, Base);
      else
        V.Int = int64_t(std::strtoull(Field.c_str(), &End, Base));
      Used = size_t(End - Field.c_str());
    }
    if (Used == 0)
      return R; // matching failure: the assignments so far
    In += Used;
    Converted = true;
    if (!Suppress) {
      R.Values.push_back(V);
      ++R.Returned;
    }
  }
  return R;
}

} // namespace rla
