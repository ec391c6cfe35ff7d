//===- HumanUnits.cpp -----------------------------------------------------===//
#include "analyzer/support/HumanUnits.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace rla {

namespace {

/// Beyond 2^53 a double no longer holds every integer, so digit grouping
/// would print digits the value does not have.
constexpr double MaxExactInteger = 9007199254740992.0;

std::string nonFinite(double V) {
  if (std::isnan(V))
    return "nan";
  return V > 0 ? "inf" : "-inf";
}

/// Decimal exponent of A > 0 after rounding to Digits significant digits,
/// so that 999.7 counts as 1000 (exponent 3) and picks the next unit. The
/// integer mantissa guards against log10 and pow being off by an ulp.
int roundedExponent(double A, unsigned Digits, double &Rounded) {
  int E = static_cast<int>(std::floor(std::log10(A)));
  int D = static_cast<int>(Digits);
  double Mantissa = std::round(A / std::pow(10.0, E - D + 1));
  if (Mantissa >= std::pow(10.0, D)) {
    ++E;
    Mantissa = std::round(A / std::pow(10.0, E - D + 1));
  } else if (Mantissa < std::pow(10.0, D - 1)) {
    --E;
    Mantissa = std::round(A / std::pow(10.0, E - D + 1));
  }
  Rounded = Mantissa * std::pow(10.0, E - D + 1);
  return E;
}

bool isWhole(double V) { return V == std::floor(V); }

} // namespace

std::string formatFixed(double V, int Decimals) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*f", Decimals < 0 ? 0 : Decimals, V);
  return Buf;
}

std::string formatSignificant(double V, unsigned Digits) {
  if (!std::isfinite(V))
    return nonFinite(V);
  if (V == 0)
    return "0";
  if (Digits == 0)
    Digits = 1;
  double A = std::fabs(V);
  std::string Sign = V < 0 ? "-" : "";
  if (A < 1e-4) {
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "%.*e", static_cast<int>(Digits) - 1, A);
    return Sign + Buf;
  }
  double Rounded;
  int E = roundedExponent(A, Digits, Rounded);
  return Sign + formatFixed(Rounded, static_cast<int>(Digits) - 1 - E);
}

std::string formatSi(double V, const std::string &Unit) {
  std::string Space = Unit.empty() ? "" : " ";
  if (!std::isfinite(V))
    return nonFinite(V) + Space + Unit;
  double A = std::fabs(V);
  std::string Sign = V < 0 ? "-" : "";
  if (A < 1000) {
    std::string Num = isWhole(A) ? formatFixed(A, 0) : formatSignificant(A);
    return Sign + Num + Space + Unit;
  }
  static const char *Prefixes[] = {"", "K", "M", "G", "T", "P", "E"};
  double Rounded;
  int E = roundedExponent(A, 3, Rounded);
  int Index = E / 3;
  if (Index > 6)
    Index = 6;
  double Mantissa = Rounded / std::pow(10.0, 3 * Index);
  std::string Num = formatFixed(Mantissa, 2 - (E - 3 * Index));
  return Sign + Num + Space + Prefixes[Index] + Unit;
}

std::string formatGrouped(double V) {
  if (!std::isfinite(V) || !isWhole(V) || std::fabs(V) >= MaxExactInteger)
    return formatSi(V);
  std::string Digits = std::to_string(static_cast<int64_t>(std::fabs(V)));
  std::string Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I != 0 && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return (V < 0 ? "-" : "") + Out;
}

std::string formatDuration(double Seconds) {
  if (!std::isfinite(Seconds))
    return nonFinite(Seconds);
  if (Seconds == 0)
    return "0 s";
  double A = std::fabs(Seconds);
  double Rounded;
  int E = roundedExponent(A, 3, Rounded);
  // Thousands steps from ns to s: exponent -9 .. -7 is ns, -6 .. -4 is us.
  static const char *Units[] = {"ns", "us", "ms", "s"};
  int Step = E < -9 ? 0 : E >= 0 ? 3 : (E + 9) / 3;
  double Mantissa = A / std::pow(10.0, 3 * Step - 9);
  return (Seconds < 0 ? "-" : "") + formatSignificant(Mantissa) + " " +
         Units[Step];
}

std::string formatRange(double Low, double High,
                        const std::function<std::string(double)> &Format) {
  if (Low == High)
    return Format(Low);
  return Format(Low) + " .. " + Format(High);
}

std::string formatSpan(double A, double B,
                       const std::function<std::string(double)> &Format) {
  return formatRange(std::min(A, B), std::max(A, B), Format);
}

} // namespace rla
