//===- HumanUnits.h - Numbers the way people read them ----------*- C++ -*-===//
///
/// \file
/// Formatting helpers shared by the human-facing renderers (text, clang
/// diagnostics) and the models' finding messages: three significant digits,
/// SI prefixes, time units and digit grouping. Machine formats (JSON, SARIF)
/// print raw numbers instead.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_HUMANUNITS_H
#define RLA_SUPPORT_HUMANUNITS_H

#include <functional>
#include <string>

namespace rla {

/// V with Digits significant digits: "0.167", "20.0", "106", "1.50e-06"
/// (exponent form only for magnitudes below 1e-4). "inf"/"nan" pass through.
std::string formatSignificant(double V, unsigned Digits = 3);

/// V with Decimals digits after the point: "32.0", "12.5" ("%.*f").
std::string formatFixed(double V, int Decimals);

/// A count with an SI prefix and 3 significant digits: "33.6M", "144 G" +
/// Unit ("144 GFLOP/s"). Whole numbers below 1000 print as integers ("512").
std::string formatSi(double V, const std::string &Unit = "");

/// A whole number with thousands separators ("33,554,432"); values that are
/// not whole or too large to be exact in a double fall back to formatSi.
std::string formatGrouped(double V);

/// Seconds in the nearest unit: "366 ns", "233 us", "1.50 ms", "2.00 s".
std::string formatDuration(double Seconds);

/// "a" when Low == High, else "a .. b", each end formatted by Format.
std::string formatRange(double Low, double High,
                        const std::function<std::string(double)> &Format);

/// formatRange with the ends in increasing order (a roofline's low end is
/// not always the smaller number, e.g. for intensity).
std::string formatSpan(double A, double B,
                       const std::function<std::string(double)> &Format);

} // namespace rla

#endif // RLA_SUPPORT_HUMANUNITS_H
