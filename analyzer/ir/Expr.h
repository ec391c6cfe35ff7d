//===- Expr.h - Symbolic integer expressions --------------------*- C++ -*-===//
///
/// \file
/// Exact symbolic expressions over kernel parameters, launch dimensions,
/// thread coordinates and loop variables. Every count the analyzer makes is an
/// Expr until a launch binds its symbols; evaluation is exact (rationals over
/// 128-bit integers), so no count overflows 32 bits silently.
///
/// Canonical form: a polynomial with rational coefficients whose "atoms" are
/// symbols or non-polynomial nodes (floor/ceil division, mod, min, max, log2,
/// popcount, pow2). Two Exprs built from equal polynomials compare equal.
///
/// Every symbol is assumed to be a non-negative integer (sizes, indices and
/// launch dimensions are); the simplifier uses that to drop max(0, x) and to
/// decide min/max where the difference has a provable sign.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_EXPR_H
#define RLA_IR_EXPR_H

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {

/// An exact rational number, always normalized (den > 0, gcd(num, den) == 1).
class Rational {
public:
  Rational() = default;
  Rational(int64_t Value) : Num(Value) {}
  /// Normalizes; Den must not be zero.
  Rational(__int128 Num, __int128 Den);

  __int128 num() const { return Num; }
  __int128 den() const { return Den; }
  bool isInteger() const { return Den == 1; }
  bool isZero() const { return Num == 0; }
  bool isNegative() const { return Num < 0; }
  double toDouble() const;
  /// floor(this); exact.
  __int128 floor() const;
  __int128 ceil() const;
  std::string str() const; ///< "3", "-1/2"; "overflow" when overflowed

  // Arithmetic sets Overflow (sticky, in the result) instead of wrapping.
  friend Rational operator+(const Rational &A, const Rational &B);
  friend Rational operator-(const Rational &A, const Rational &B);
  friend Rational operator*(const Rational &A, const Rational &B);
  friend Rational operator/(const Rational &A, const Rational &B);
  Rational operator-() const;
  friend bool operator==(const Rational &A, const Rational &B);
  friend bool operator!=(const Rational &A, const Rational &B) {
    return !(A == B);
  }
  friend bool operator<(const Rational &A, const Rational &B);
  friend bool operator<=(const Rational &A, const Rational &B) {
    return !(B < A);
  }
  bool overflowed() const { return Overflow; }

private:
  __int128 Num = 0;
  __int128 Den = 1;
  bool Overflow = false;
};

/// The exact value of a finite double (every double is a dyadic rational);
/// nullopt for NaN, infinities and values beyond 128-bit fractions.
std::optional<Rational> rationalFromDouble(double V);

/// Values for symbols, by name ("n", "blockDim.x", "gridDim.y", ...).
using Bindings = std::map<std::string, Rational>;

/// The outcome of evaluating an Expr under Bindings.
struct EvalResult {
  std::optional<Rational> Value; ///< set when every symbol was bound
  std::set<std::string> Unbound; ///< symbols that had no value
  bool Overflow = false;         ///< a 128-bit intermediate overflowed
  bool DomainError = false;      ///< division by zero and the like
  /// Sums without a closed form needed more than Expr::MaxSumTerms terms
  /// (DomainError is set too): the value is left unknown.
  bool OverBudget = false;
  bool ok() const { return Value.has_value() && !Overflow && !DomainError; }
};

class ExprNode;
struct ModForm;
struct DivForm;

/// A symbolic expression with value semantics (cheap to copy: shared,
/// immutable nodes). Default-constructed Expr is the constant 0.
class Expr {
public:
  Expr();
  Expr(int64_t Value); // NOLINT: implicit on purpose, `E * 2` reads well.
  Expr(const Rational &Value);

  static Expr symbol(const std::string &Name);
  /// floor(A / B) (C's integer division for non-negative operands).
  static Expr floorDiv(const Expr &A, const Expr &B);
  static Expr ceilDiv(const Expr &A, const Expr &B);
  /// A - B * floor(A / B).
  static Expr mod(const Expr &A, const Expr &B);
  static Expr min(const Expr &A, const Expr &B);
  static Expr max(const Expr &A, const Expr &B);
  /// floor(log2(A)) for A >= 1; -1 for A <= 0 (so log2Floor(s) + 1 is the
  /// trip count of `for (; s > 0; s >>= 1)` for every s >= 0).
  static Expr log2Floor(const Expr &A);
  /// ceil(log2(A)) for A >= 1; 0 for A <= 1.
  static Expr log2Ceil(const Expr &A);
  /// Number of one bits of A (A >= 0). Sum_{k>=0} floor(s / 2^k) == 2s -
  /// popcount(s).
  static Expr popcount(const Expr &A);
  /// 2^A for integer A >= 0.
  static Expr pow2(const Expr &A);
  /// sum_{Var = Lo}^{Hi - 1} Body: a closed form when Body is a polynomial
  /// in Var (sumOver), else an atom evaluated term by term once bound (so
  /// loops whose costs have no closed form still get exact numbers).
  static Expr sum(const std::string &Var, const Expr &Lo, const Expr &Hi,
                  const Expr &Body);
  /// Largest number of terms one evaluate() adds up over all its sum atoms
  /// (nested ones multiply): past it the value is undefined, never a hang.
  static constexpr int64_t MaxSumTerms = int64_t(1) << 20;
  /// Highest degree of a polynomial body that sums have a closed form for:
  /// a loop nest 8 deep whose bounds are the enclosing indices (a
  /// triangular nest) stays a polynomial.
  static constexpr unsigned MaxSumDegree = 8;

  friend Expr operator+(const Expr &A, const Expr &B);
  friend Expr operator-(const Expr &A, const Expr &B);
  friend Expr operator*(const Expr &A, const Expr &B);
  Expr operator-() const;
  Expr &operator+=(const Expr &B) { return *this = *this + B; }
  Expr &operator*=(const Expr &B) { return *this = *this * B; }
  /// Structural equality of canonical forms.
  friend bool operator==(const Expr &A, const Expr &B);
  friend bool operator!=(const Expr &A, const Expr &B) { return !(A == B); }
  /// A total order on canonical forms (for use as map keys).
  friend bool operator<(const Expr &A, const Expr &B);

  bool isZero() const;
  std::optional<Rational> asConstant() const;
  bool isConstant() const { return asConstant().has_value(); }
  /// The name when this is exactly one symbol.
  std::optional<std::string> asSymbol() const;

  /// When this is `A % B + K` (one mod atom with coefficient 1, K a
  /// constant), its parts: {A, B, K}; a B that is not a constant is in
  /// SymbolicDivisor.
  std::optional<ModForm> asModPlusConstant() const;
  /// `Dividend % Divisor + Rest` for any Rest (a loop variable, a
  /// parameter) beside the one remainder: ModForm::Rest holds it.
  std::optional<ModForm> asModPlus() const;

  /// Constant divisors c > 1 of the floor divisions and remainders whose
  /// dividend is exactly Symbol (`threadIdx.x / 32`, `threadIdx.x % 32`,
  /// `threadIdx.x >> 5`, `threadIdx.x & 31`), smallest first.
  std::vector<int64_t> divisorsOf(const std::string &Symbol) const;

  /// The same value with Symbol written in two digits, Symbol == C * Hi + Lo
  /// with 0 <= Lo < C: floor(Symbol / C) becomes Hi and Symbol % C becomes
  /// Lo (likewise for multiples and divisors of C), so that an index
  /// decomposed into warp and lane, or row and column of a 1D block, is
  /// affine in the two digits.
  Expr splitIndex(const std::string &Symbol, int64_t C, const std::string &Hi,
                  const std::string &Lo) const;

  /// When this is `Coef * floor(A / B) + Rest` with one floor-division atom
  /// of constant divisor B at power 1 and a constant Coef, its parts (Rest
  /// free of that atom).
  std::optional<DivForm> asFloorDivPlus() const;

  /// All symbols appearing anywhere (also inside atoms).
  std::set<std::string> symbols() const;
  bool dependsOn(const std::string &Symbol) const;

  /// Replaces every occurrence of Symbol by Value and re-simplifies.
  Expr substitute(const std::string &Symbol, const Expr &Value) const;
  Expr substitute(const std::map<std::string, Expr> &Values) const;

  /// When this is a polynomial in Symbol (Symbol does not occur inside a
  /// non-polynomial atom), the coefficients c0, c1, ... with
  /// this == sum_k c_k * Symbol^k; the c_k do not depend on Symbol.
  std::optional<std::vector<Expr>>
  coefficientsIn(const std::string &Symbol) const;

  /// Closed form of sum_{Symbol = Lo}^{Hi - 1} this, for polynomials of
  /// degree <= MaxSumDegree in Symbol (Faulhaber). The result is exact for
  /// Hi >= Lo and is the polynomial extension otherwise (callers clamp trip
  /// counts).
  std::optional<Expr> sumOver(const std::string &Symbol, const Expr &Lo,
                              const Expr &Hi) const;

  /// True when the value is >= 0 for every non-negative integer value of
  /// every symbol (a sufficient test: all coefficients of the polynomial are
  /// >= 0 and every atom is non-negative). False means "not proven".
  bool isProvablyNonNegative() const;

  /// A stronger sufficient test: atoms that appear linearly are first
  /// replaced by a bound in the direction that can only lower the value
  /// (floor(a/c) <= a/c under a minus sign, min(a, b) <= a, ...), so that
  /// `x - x/2 >= 0` is proven.
  bool isProvablyNonNegativeRelaxed() const;

  /// The same expression with every min/max (and clamp) decided the way it
  /// evaluates under Values, where both operands are bound: the formula that
  /// holds for one launch (`2*N*min(N, blockDim.x*gridDim.x)^2` becomes
  /// `2*N^3` when the grid covers N). Other atoms and symbols stay.
  Expr resolveMinMax(const Bindings &Values) const;

  /// The same value with each remainder `a % m` (m a positive constant)
  /// whose dividend stays in [0, m) written as the dividend: Range gives
  /// an expression's lowest and highest values over the indices, when it
  /// knows them (`(32 * threadIdx.x + k) & 8191` with threadIdx.x < 256
  /// and k < 16 is the sum itself, affine again).
  Expr dropExactRemainders(
      const std::function<std::optional<std::pair<int64_t, int64_t>>(
          const Expr &)> &Range) const;

  /// Exact evaluation. Unbound symbols are listed, never guessed.
  EvalResult evaluate(const Bindings &Values) const;

  /// Readable form: "2*n", "2*N^3", "N^2 + 3*N", "(n^2 - n)/2",
  /// "min(n, blockDim.x*gridDim.x)", "(n + 255)/256", "log2floor(s) + 1".
  std::string str() const;

  const ExprNode *node() const { return Node.get(); }

private:
  explicit Expr(std::shared_ptr<const ExprNode> N) : Node(std::move(N)) {}
  std::shared_ptr<const ExprNode> Node;
  friend class ExprNode;
  friend struct ExprBuilder;
};

/// `Dividend % Divisor + Offset`, see Expr::asModPlusConstant.
struct ModForm {
  Expr Dividend;
  Rational Divisor; ///< 0 when the divisor is not a constant
  Rational Offset;
  /// The divisor when it is not a constant (`tid % (2 * s)`).
  std::optional<Expr> SymbolicDivisor;
  /// asModPlus: everything beside the remainder (Offset stays 0).
  Expr Rest;
};

/// `Coef * floor(Dividend / Divisor) + Rest`, see Expr::asFloorDivPlus.
struct DivForm {
  Expr Dividend;
  Rational Divisor;
  Rational Coef;
  Expr Rest;
};

/// A quantity the source does not decide exactly: [Low, High] with the reason.
/// Low == High (structurally) means exact.
struct ExprRange {
  Expr Low;
  Expr High;
  ExprRange() = default;
  ExprRange(const Expr &Exact) : Low(Exact), High(Exact) {} // NOLINT
  ExprRange(const Expr &Low, const Expr &High) : Low(Low), High(High) {}
  bool isExact() const { return Low == High; }
  friend ExprRange operator+(const ExprRange &A, const ExprRange &B) {
    return {A.Low + B.Low, A.High + B.High};
  }
  /// Scales both ends by a non-negative factor.
  ExprRange scaled(const Expr &NonNegativeFactor) const {
    return {Low * NonNegativeFactor, High * NonNegativeFactor};
  }
};

} // namespace rla

#endif // RLA_IR_EXPR_H
