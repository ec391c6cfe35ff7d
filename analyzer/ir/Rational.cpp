//===- Rational.cpp - Exact rationals over 128-bit integers ---------------===//
///
/// \file
/// Every operation checks for 128-bit overflow and records it in the result
/// (sticky) instead of wrapping, so a count that does not fit is reported
/// rather than silently wrong. An overflowed result holds 0 as its value.
//===----------------------------------------------------------------------===//
#include "analyzer/ir/Expr.h"

#include <algorithm>
#include <cmath>

namespace rla {

namespace {

using I128 = __int128;
using U128 = unsigned __int128;

constexpr I128 I128Max = static_cast<I128>(~static_cast<U128>(0) >> 1);

U128 magnitude(I128 V) {
  // Negating in unsigned arithmetic is defined even for the minimum value.
  return V < 0 ? static_cast<U128>(0) - static_cast<U128>(V)
               : static_cast<U128>(V);
}

U128 gcdU(U128 A, U128 B) {
  // Integers are most values: gcd with 1 needs no 128-bit division.
  if (A == 1 || B == 1)
    return 1;
  // Operands that fit in 64 bits divide in hardware.
  if ((A >> 64) == 0 && (B >> 64) == 0) {
    uint64_t X = static_cast<uint64_t>(A), Y = static_cast<uint64_t>(B);
    while (Y != 0) {
      uint64_t T = X % Y;
      X = Y;
      Y = T;
    }
    return X;
  }
  while (B != 0) {
    U128 T = A % B;
    A = B;
    B = T;
  }
  return A;
}

std::string magnitudeString(U128 V) {
  if (V == 0)
    return "0";
  std::string Digits;
  while (V != 0) {
    Digits.push_back(static_cast<char>('0' + static_cast<int>(V % 10)));
    V /= 10;
  }
  std::reverse(Digits.begin(), Digits.end());
  return Digits;
}

std::string int128String(I128 V) {
  return (V < 0 ? "-" : "") + magnitudeString(magnitude(V));
}

/// Exact three-way comparison of N1/D1 and N2/D2 (D1, D2 > 0) that never
/// overflows: cross-multiplies when it fits, otherwise compares integer parts
/// and recurses on the reciprocals of the fractional parts (Euclid's steps).
int compareFractions(I128 N1, I128 D1, I128 N2, I128 D2) {
  I128 L, R;
  if (!__builtin_mul_overflow(N1, D2, &L) &&
      !__builtin_mul_overflow(N2, D1, &R))
    return L < R ? -1 : (L > R ? 1 : 0);
  I128 Q1 = N1 / D1, R1 = N1 % D1;
  if (R1 < 0) {
    --Q1;
    R1 += D1;
  }
  I128 Q2 = N2 / D2, R2 = N2 % D2;
  if (R2 < 0) {
    --Q2;
    R2 += D2;
  }
  if (Q1 != Q2)
    return Q1 < Q2 ? -1 : 1;
  if (R1 == 0 || R2 == 0)
    return R1 == R2 ? 0 : (R1 == 0 ? -1 : 1);
  // R1/D1 < R2/D2  <=>  D2/R2 < D1/R1.
  return compareFractions(D2, R2, D1, R1);
}

} // namespace

Rational::Rational(I128 N, I128 D) {
  if (D == 0) {
    Overflow = true;
    return;
  }
  bool Negative = (N < 0) != (D < 0);
  U128 UN = magnitude(N), UD = magnitude(D);
  if (UD != 1) {
    U128 G = gcdU(UN, UD);
    UN /= G;
    UD /= G;
  }
  // The minimum value has no positive counterpart, so the bound depends on
  // the sign.
  U128 NumLimit = static_cast<U128>(I128Max) + (Negative ? 1 : 0);
  if (UN > NumLimit || UD > static_cast<U128>(I128Max)) {
    Overflow = true;
    return;
  }
  Num = Negative ? static_cast<I128>(static_cast<U128>(0) - UN)
                 : static_cast<I128>(UN);
  Den = static_cast<I128>(UD);
}

double Rational::toDouble() const {
  return static_cast<double>(Num) / static_cast<double>(Den);
}

I128 Rational::floor() const {
  I128 Q = Num / Den;
  if (Num % Den != 0 && Num < 0)
    --Q;
  return Q;
}

I128 Rational::ceil() const {
  I128 Q = Num / Den;
  if (Num % Den != 0 && Num > 0)
    ++Q;
  return Q;
}

std::string Rational::str() const {
  // The value of an overflowed result is 0; printing it would be a lie.
  if (Overflow)
    return "overflow";
  if (Den == 1)
    return int128String(Num);
  return int128String(Num) + "/" + int128String(Den);
}

Rational operator+(const Rational &A, const Rational &B) {
  // Scaling by Den / gcd keeps intermediates as small as possible.
  I128 G = static_cast<I128>(
      gcdU(static_cast<U128>(A.Den), static_cast<U128>(B.Den)));
  I128 X, Y, N, D;
  I128 AD = G == 1 ? A.Den : A.Den / G, BD = G == 1 ? B.Den : B.Den / G;
  bool Failed = __builtin_mul_overflow(A.Num, BD, &X) ||
                __builtin_mul_overflow(B.Num, AD, &Y) ||
                __builtin_add_overflow(X, Y, &N) ||
                __builtin_mul_overflow(AD, B.Den, &D);
  Rational R;
  if (!Failed)
    R = Rational(N, D);
  R.Overflow |= Failed || A.Overflow || B.Overflow;
  return R;
}

Rational operator-(const Rational &A, const Rational &B) { return A + (-B); }

Rational operator*(const Rational &A, const Rational &B) {
  // Cross-cancel first so that products of normalized values rarely overflow.
  I128 G1 = static_cast<I128>(gcdU(magnitude(A.Num), static_cast<U128>(B.Den)));
  I128 G2 = static_cast<I128>(gcdU(magnitude(B.Num), static_cast<U128>(A.Den)));
  I128 N, D;
  auto div = [](I128 V, I128 G) { return G == 1 ? V : V / G; };
  bool Failed = __builtin_mul_overflow(div(A.Num, G1), div(B.Num, G2), &N) ||
                __builtin_mul_overflow(div(A.Den, G2), div(B.Den, G1), &D);
  Rational R;
  if (!Failed)
    R = Rational(N, D);
  R.Overflow |= Failed || A.Overflow || B.Overflow;
  return R;
}

Rational operator/(const Rational &A, const Rational &B) {
  if (B.Num == 0) {
    Rational R;
    R.Overflow = true;
    return R;
  }
  Rational Reciprocal(B.Den, B.Num);
  Reciprocal.Overflow |= B.Overflow;
  return A * Reciprocal;
}

Rational Rational::operator-() const {
  Rational R;
  if (__builtin_sub_overflow(static_cast<I128>(0), Num, &R.Num)) {
    R.Num = 0;
    R.Overflow = true;
  } else {
    R.Den = Den;
  }
  R.Overflow |= Overflow;
  return R;
}

bool operator==(const Rational &A, const Rational &B) {
  return A.Num == B.Num && A.Den == B.Den;
}

bool operator<(const Rational &A, const Rational &B) {
  return compareFractions(A.Num, A.Den, B.Num, B.Den) < 0;
}

std::optional<Rational> rationalFromDouble(double V) {
  if (!std::isfinite(V))
    return std::nullopt;
  if (V == 0)
    return Rational(0);
  int Exp = 0;
  double Mant = std::frexp(V, &Exp); // V = Mant * 2^Exp, 0.5 <= |Mant| < 1
  // 53 significant bits as an integer: V = M * 2^(Exp - 53).
  __int128 M = static_cast<__int128>(std::ldexp(Mant, 53));
  int Shift = Exp - 53;
  while (Shift < 0 && M % 2 == 0) {
    M /= 2;
    ++Shift;
  }
  if (Shift > 70 || Shift < -120)
    return std::nullopt;
  __int128 One = 1;
  if (Shift >= 0)
    return Rational(M * (One << Shift), 1);
  return Rational(M, One << (-Shift));
}

} // namespace rla
