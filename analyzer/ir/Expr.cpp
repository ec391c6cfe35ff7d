//===- Expr.cpp - Canonical symbolic expressions --------------------------===//
///
/// \file
/// Construction, arithmetic, ordering and the simplifying constructors of
/// Expr. Every public constructor returns a canonical form: constants are
/// folded and the simplifications documented in Expr.h are applied here, so
/// that the rest of the analyzer can rely on structural equality.
//===----------------------------------------------------------------------===//
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/ExprNode.h"

#include <algorithm>

namespace rla {

namespace {

using I128 = __int128;

const std::shared_ptr<const ExprNode> &zeroNode() {
  static const std::shared_ptr<const ExprNode> Zero =
      std::make_shared<const ExprNode>(TermMap());
  return Zero;
}

/// Adds C * M to T, dropping a coefficient that cancels to zero (unless it
/// carries an overflow, which evaluation must still report).
void addTerm(TermMap &T, const Monomial &M, const Rational &C) {
  auto It = T.find(M);
  if (It == T.end()) {
    if (!C.isZero() || C.overflowed())
      T.emplace(M, C);
    return;
  }
  It->second = It->second + C;
  if (It->second.isZero() && !It->second.overflowed())
    T.erase(It);
}

Monomial multiplyMonomials(const Monomial &A, const Monomial &B) {
  Monomial R;
  R.reserve(A.size() + B.size());
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    int C = compareAtoms(*A[I].A, *B[J].A);
    if (C < 0) {
      R.push_back(A[I++]);
    } else if (C > 0) {
      R.push_back(B[J++]);
    } else {
      R.push_back({A[I].A, A[I].Power + B[J].Power});
      ++I;
      ++J;
    }
  }
  R.insert(R.end(), A.begin() + I, A.end());
  R.insert(R.end(), B.begin() + J, B.end());
  return R;
}

Expr scale(const Expr &E, const Rational &C) {
  if (C.isZero() && !C.overflowed())
    return Expr();
  TermMap T;
  for (const auto &[M, Coef] : ExprBuilder::terms(E))
    addTerm(T, M, Coef * C);
  return ExprBuilder::fromTerms(std::move(T));
}

Expr makeAtom(AtomKind Kind, std::vector<Expr> Operands) {
  auto A = std::make_shared<Atom>();
  A->Kind = Kind;
  A->Operands = std::move(Operands);
  return ExprBuilder::fromAtom(std::move(A));
}

/// The atom when E is exactly one atom to the first power, coefficient 1.
const Atom *asSingleAtom(const Expr &E) {
  const TermMap &T = ExprBuilder::terms(E);
  if (T.size() != 1)
    return nullptr;
  const auto &[M, C] = *T.begin();
  if (M.size() != 1 || M[0].Power != 1 || C != Rational(1))
    return nullptr;
  return M[0].A.get();
}

/// Folds an atom whose operands are all constants; nullopt keeps the atom
/// (its value is undefined or does not fit, which evaluation reports).
std::optional<Expr> foldConstants(AtomKind Kind,
                                  const std::vector<Expr> &Operands) {
  std::vector<Rational> Values;
  for (const Expr &E : Operands) {
    std::optional<Rational> V = E.asConstant();
    if (!V)
      return std::nullopt;
    Values.push_back(*V);
  }
  bool DomainError = false, Overflow = false;
  std::optional<Rational> R = foldAtom(Kind, Values, DomainError, Overflow);
  if (!R || DomainError || Overflow)
    return std::nullopt;
  return Expr(*R);
}

/// A positive integer constant divisor, or 0 when B is not one.
I128 positiveIntegerConstant(const Expr &B) {
  std::optional<Rational> C = B.asConstant();
  if (!C || !C->isInteger() || C->overflowed() || C->num() <= 0)
    return 0;
  return C->num();
}

/// Splits P == C * Q + R coefficient-wise with truncated division, so that
/// |coefficients of R| < C and R keeps the signs of P. Only valid when P is
/// integer-valued (integer coefficients, integer atoms); returns false
/// otherwise.
bool splitByConstant(const Expr &P, I128 C, Expr &Q, Expr &R) {
  if (!isIntegerValued(P))
    return false;
  TermMap QT, RT;
  for (const auto &[M, Coef] : ExprBuilder::terms(P)) {
    I128 N = Coef.num();
    addTerm(QT, M, Rational(N / C, 1));
    addTerm(RT, M, Rational(N % C, 1));
  }
  Q = ExprBuilder::fromTerms(std::move(QT));
  R = ExprBuilder::fromTerms(std::move(RT));
  return true;
}

enum class Rounding { Floor, Ceil };

Expr divide(const Expr &A, const Expr &B, Rounding Mode) {
  AtomKind Kind =
      Mode == Rounding::Floor ? AtomKind::FloorDiv : AtomKind::CeilDiv;
  if (std::optional<Expr> F = foldConstants(Kind, {A, B}))
    return *F;
  if (A.isZero())
    return Expr();
  std::optional<Rational> CB = B.asConstant();
  if (!CB || CB->isZero() || !CB->isInteger() || CB->overflowed())
    return makeAtom(Kind, {A, B});
  if (CB->isNegative()) // floor(A / -c) == floor(-A / c), likewise ceil.
    return divide(-A, Expr(-*CB), Mode);
  I128 C = CB->num();
  Expr Q, Body = A;
  if (splitByConstant(A, C, Q, Body)) {
    if (Body.isZero())
      return Q;
    if (std::optional<Expr> F = foldConstants(Kind, {Body, B}))
      return Q + *F;
  }
  // A remainder's quotient by its own modulus: 0 <= x mod c < c, so
  // floor((x mod c) / c) == 0 and ceil(-(x mod c) / c) == 0 (the trips of
  // `for (k = lane; k < 32 * n; k += 32)` beyond n).
  if (const Atom *Inner = asSingleAtom(Mode == Rounding::Floor ? Body : -Body))
    if (Inner->Kind == AtomKind::Mod && Inner->Operands[1] == B)
      return Q;
  // floor(floor(x / b) / c) == floor(x / (b * c)) for positive integers b, c
  // and any real x; likewise ceil.
  if (const Atom *Inner = asSingleAtom(Body)) {
    if (Inner->Kind == Kind) {
      I128 InnerC = positiveIntegerConstant(Inner->Operands[1]);
      I128 Product;
      if (InnerC != 0 && !__builtin_mul_overflow(InnerC, C, &Product))
        return Q +
               makeAtom(Kind, {Inner->Operands[0], Expr(Rational(Product, 1))});
    }
  }
  return Q + makeAtom(Kind, {Body, B});
}

/// Order of min/max operands: non-constants by degree, then by printed form,
/// constants last, so `min(n, blockDim.x*gridDim.x)` and `max(n - 1, 0)`.
bool operandLess(const Expr &A, const Expr &B) {
  auto Degree = [](const Expr &E) {
    unsigned D = 0;
    for (const auto &Term : ExprBuilder::terms(E))
      D = std::max(D, monomialDegree(Term.first));
    return D;
  };
  bool CA = A.isConstant(), CBConst = B.isConstant();
  if (CA != CBConst)
    return CBConst;
  unsigned DA = Degree(A), DB = Degree(B);
  if (DA != DB)
    return DA < DB;
  std::string SA = A.str(), SB = B.str();
  if (SA != SB)
    return SA < SB;
  return compareExprs(A, B) < 0;
}

Expr minMax(const Expr &A, const Expr &B, bool IsMin) {
  AtomKind Kind = IsMin ? AtomKind::Min : AtomKind::Max;
  if (std::optional<Expr> F = foldConstants(Kind, {A, B}))
    return *F;
  if (A == B)
    return A;
  Expr D = B - A;
  if (D.isProvablyNonNegative())
    return IsMin ? A : B;
  if ((-D).isProvablyNonNegative())
    return IsMin ? B : A;
  if (operandLess(B, A))
    return makeAtom(Kind, {B, A});
  return makeAtom(Kind, {A, B});
}

/// X when A is pow2(X) for a provably non-negative integer X.
std::optional<Expr> pow2Exponent(const Expr &A) {
  const Atom *P = asSingleAtom(A);
  if (!P || P->Kind != AtomKind::Pow2)
    return std::nullopt;
  const Expr &X = P->Operands[0];
  if (!X.isProvablyNonNegative() || !isIntegerValued(X))
    return std::nullopt;
  return X;
}

bool atomNonNegative(const Atom &A) {
  switch (A.Kind) {
  case AtomKind::Symbol:
  case AtomKind::Log2Ceil:
  case AtomKind::Popcount: // Defined only for A >= 0, where it is >= 0.
  case AtomKind::Pow2:
    return true;
  case AtomKind::FloorDiv:
  case AtomKind::CeilDiv:
  case AtomKind::Min:
    return A.Operands[0].isProvablyNonNegative() &&
           A.Operands[1].isProvablyNonNegative();
  case AtomKind::Mod: // In [0, B) for B > 0, whatever the sign of A.
    return A.Operands[1].isProvablyNonNegative();
  case AtomKind::Max:
    return A.Operands[0].isProvablyNonNegative() ||
           A.Operands[1].isProvablyNonNegative();
  case AtomKind::Log2Floor: // -1 at 0, so only when A >= 1.
    return (A.Operands[0] - 1).isProvablyNonNegative();
  case AtomKind::Sum: // empty or non-negative terms
    return A.Operands[2].isProvablyNonNegative();
  }
  return false;
}

bool atomIntegerValued(const Atom &A) {
  switch (A.Kind) {
  case AtomKind::Mod:
  case AtomKind::Min:
  case AtomKind::Max:
    return isIntegerValued(A.Operands[0]) && isIntegerValued(A.Operands[1]);
  case AtomKind::Sum:
    return isIntegerValued(A.Operands[2]);
  default:
    return true;
  }
}

int compareRationals(const Rational &A, const Rational &B) {
  // An overflowed coefficient holds no value: it equals only another one.
  if (A.overflowed() != B.overflowed())
    return A.overflowed() ? 1 : -1;
  if (A.num() != B.num())
    return A.num() < B.num() ? -1 : 1;
  if (A.den() != B.den())
    return A.den() < B.den() ? -1 : 1;
  return 0;
}

} // namespace

//===----------------------------------------------------------------------===//
// Internal helpers shared with the other Expr implementation files.
//===----------------------------------------------------------------------===//

Expr ExprBuilder::fromTerms(TermMap Terms) {
  if (Terms.empty())
    return Expr();
  return Expr(std::make_shared<const ExprNode>(std::move(Terms)));
}

Expr ExprBuilder::fromAtom(AtomRef A) {
  TermMap T;
  T.emplace(Monomial{Factor{std::move(A), 1}}, Rational(1));
  return fromTerms(std::move(T));
}

Expr ExprBuilder::rebuild(AtomKind Kind, const std::vector<Expr> &Ops) {
  switch (Kind) {
  case AtomKind::Symbol:
    break;
  case AtomKind::FloorDiv:
    return Expr::floorDiv(Ops[0], Ops[1]);
  case AtomKind::CeilDiv:
    return Expr::ceilDiv(Ops[0], Ops[1]);
  case AtomKind::Mod:
    return Expr::mod(Ops[0], Ops[1]);
  case AtomKind::Min:
    return Expr::min(Ops[0], Ops[1]);
  case AtomKind::Max:
    return Expr::max(Ops[0], Ops[1]);
  case AtomKind::Log2Floor:
    return Expr::log2Floor(Ops[0]);
  case AtomKind::Log2Ceil:
    return Expr::log2Ceil(Ops[0]);
  case AtomKind::Popcount:
    return Expr::popcount(Ops[0]);
  case AtomKind::Pow2:
    return Expr::pow2(Ops[0]);
  case AtomKind::Sum:
    break; // needs its bound variable: see substitute()
  }
  return Expr();
}

int compareAtoms(const Atom &A, const Atom &B) {
  if (&A == &B)
    return 0;
  if (A.Kind != B.Kind)
    return A.Kind < B.Kind ? -1 : 1;
  if (A.Kind == AtomKind::Symbol || A.Kind == AtomKind::Sum)
    if (int C = A.Name.compare(B.Name))
      return C < 0 ? -1 : 1;
  if (A.Operands.size() != B.Operands.size())
    return A.Operands.size() < B.Operands.size() ? -1 : 1;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (int C = compareExprs(A.Operands[I], B.Operands[I]))
      return C;
  return 0;
}

int compareMonomials(const Monomial &A, const Monomial &B) {
  size_t N = std::min(A.size(), B.size());
  for (size_t I = 0; I < N; ++I) {
    if (int C = compareAtoms(*A[I].A, *B[I].A))
      return C;
    if (A[I].Power != B[I].Power)
      return A[I].Power < B[I].Power ? -1 : 1;
  }
  if (A.size() != B.size())
    return A.size() < B.size() ? -1 : 1;
  return 0;
}

int compareExprs(const Expr &A, const Expr &B) {
  if (A.node() == B.node())
    return 0;
  const TermMap &TA = ExprBuilder::terms(A), &TB = ExprBuilder::terms(B);
  auto IA = TA.begin(), IB = TB.begin();
  for (; IA != TA.end() && IB != TB.end(); ++IA, ++IB) {
    if (int C = compareMonomials(IA->first, IB->first))
      return C;
    if (int C = compareRationals(IA->second, IB->second))
      return C;
  }
  if (IA != TA.end())
    return 1;
  if (IB != TB.end())
    return -1;
  return 0;
}

bool isInfixAtom(AtomKind Kind) {
  return Kind == AtomKind::FloorDiv || Kind == AtomKind::Mod ||
         Kind == AtomKind::Pow2;
}

unsigned monomialDegree(const Monomial &M) {
  unsigned D = 0;
  for (const Factor &F : M)
    D += F.Power;
  return D;
}

bool isIntegerValued(const Expr &E) {
  for (const auto &[M, C] : ExprBuilder::terms(E)) {
    if (!C.isInteger())
      return false;
    for (const Factor &F : M)
      if (!atomIntegerValued(*F.A))
        return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Expr
//===----------------------------------------------------------------------===//

Expr::Expr() : Node(zeroNode()) {}

Expr::Expr(int64_t Value) : Expr(Rational(Value)) {}

Expr::Expr(const Rational &Value) : Node(zeroNode()) {
  if (Value.isZero() && !Value.overflowed())
    return;
  TermMap T;
  T.emplace(Monomial(), Value);
  Node = std::make_shared<const ExprNode>(std::move(T));
}

Expr Expr::symbol(const std::string &Name) {
  auto A = std::make_shared<Atom>();
  A->Kind = AtomKind::Symbol;
  A->Name = Name;
  return ExprBuilder::fromAtom(std::move(A));
}

Expr Expr::floorDiv(const Expr &A, const Expr &B) {
  return divide(A, B, Rounding::Floor);
}

Expr Expr::ceilDiv(const Expr &A, const Expr &B) {
  return divide(A, B, Rounding::Ceil);
}

Expr Expr::mod(const Expr &A, const Expr &B) {
  if (std::optional<Expr> F = foldConstants(AtomKind::Mod, {A, B}))
    return *F;
  if (A.isZero())
    return Expr();
  std::optional<Rational> CB = B.asConstant();
  if (!CB || CB->isZero() || !CB->isInteger() || CB->overflowed())
    return makeAtom(AtomKind::Mod, {A, B});
  if (CB->isNegative()) // A mod -c == -((-A) mod c) for floored division.
    return -mod(-A, Expr(-*CB));
  Expr Q, R;
  if (!splitByConstant(A, CB->num(), Q, R))
    return makeAtom(AtomKind::Mod, {A, B});
  if (R.isZero())
    return Expr();
  if (std::optional<Expr> F = foldConstants(AtomKind::Mod, {R, B}))
    return *F;
  // (x mod c) mod c == x mod c.
  if (const Atom *Inner = asSingleAtom(R))
    if (Inner->Kind == AtomKind::Mod && Inner->Operands[1] == B)
      return R;
  return makeAtom(AtomKind::Mod, {R, B});
}

Expr Expr::min(const Expr &A, const Expr &B) { return minMax(A, B, true); }

Expr Expr::max(const Expr &A, const Expr &B) { return minMax(A, B, false); }

Expr Expr::log2Floor(const Expr &A) {
  if (std::optional<Expr> F = foldConstants(AtomKind::Log2Floor, {A}))
    return *F;
  if (std::optional<Expr> X = pow2Exponent(A))
    return *X;
  return makeAtom(AtomKind::Log2Floor, {A});
}

Expr Expr::log2Ceil(const Expr &A) {
  if (std::optional<Expr> F = foldConstants(AtomKind::Log2Ceil, {A}))
    return *F;
  if (std::optional<Expr> X = pow2Exponent(A))
    return *X;
  return makeAtom(AtomKind::Log2Ceil, {A});
}

Expr Expr::popcount(const Expr &A) {
  if (std::optional<Expr> F = foldConstants(AtomKind::Popcount, {A}))
    return *F;
  if (pow2Exponent(A))
    return Expr(1);
  return makeAtom(AtomKind::Popcount, {A});
}

Expr Expr::pow2(const Expr &A) {
  if (std::optional<Expr> F = foldConstants(AtomKind::Pow2, {A}))
    return *F;
  return makeAtom(AtomKind::Pow2, {A});
}

Expr operator+(const Expr &A, const Expr &B) {
  if (A.isZero())
    return B;
  if (B.isZero())
    return A;
  TermMap T = ExprBuilder::terms(A);
  for (const auto &[M, C] : ExprBuilder::terms(B))
    addTerm(T, M, C);
  return ExprBuilder::fromTerms(std::move(T));
}

Expr operator-(const Expr &A, const Expr &B) { return A + (-B); }

Expr operator*(const Expr &A, const Expr &B) {
  if (std::optional<Rational> C = A.asConstant())
    return scale(B, *C);
  if (std::optional<Rational> C = B.asConstant())
    return scale(A, *C);
  TermMap T;
  for (const auto &[MA, CA] : ExprBuilder::terms(A))
    for (const auto &[MB, CB] : ExprBuilder::terms(B))
      addTerm(T, multiplyMonomials(MA, MB), CA * CB);
  return ExprBuilder::fromTerms(std::move(T));
}

Expr Expr::operator-() const { return scale(*this, Rational(-1)); }

bool operator==(const Expr &A, const Expr &B) {
  return compareExprs(A, B) == 0;
}

bool operator<(const Expr &A, const Expr &B) { return compareExprs(A, B) < 0; }

bool Expr::isZero() const { return Node->Terms.empty(); }

std::optional<Rational> Expr::asConstant() const {
  const TermMap &T = Node->Terms;
  if (T.empty())
    return Rational(0);
  if (T.size() == 1 && T.begin()->first.empty())
    return T.begin()->second;
  return std::nullopt;
}

std::optional<std::string> Expr::asSymbol() const {
  const Atom *A = asSingleAtom(*this);
  if (!A || A->Kind != AtomKind::Symbol)
    return std::nullopt;
  return A->Name;
}

bool Expr::isProvablyNonNegative() const {
  for (const auto &[M, C] : Node->Terms) {
    if (C.isNegative() || C.overflowed())
      return false;
    for (const Factor &F : M)
      if (F.Power % 2 != 0 && !atomNonNegative(*F.A))
        return false;
  }
  return true;
}

} // namespace rla
