//===- ExprPrint.cpp - Readable, deterministic printing of Expr -----------===//
///
/// \file
/// Terms print by descending total degree, then plain symbols before other
/// atoms, then by name; the constant comes last ("N^2 + 3*N + 2"). Rational
/// coefficients print over a common denominator ("(n^2 - n)/2"). Infix atoms
/// (`a/b`, `a % b`, `2^(a)`) are parenthesized wherever C precedence would
/// otherwise misread them, e.g. `4*(n/256)`.
//===----------------------------------------------------------------------===//
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/ExprNode.h"

#include <algorithm>

namespace rla {

namespace {

using I128 = __int128;

/// True when E prints as one token or call, so it needs no parentheses as an
/// operand of `/` or `%`.
bool isPrimary(const Expr &E) {
  if (std::optional<Rational> C = E.asConstant())
    return C->isInteger() && !C->isNegative();
  const TermMap &T = ExprBuilder::terms(E);
  if (T.size() != 1)
    return false;
  const auto &[M, Coef] = *T.begin();
  return Coef == Rational(1) && M.size() == 1 && M[0].Power == 1 &&
         !isInfixAtom(M[0].A->Kind);
}

std::string operandString(const Expr &E) {
  std::string S = E.str();
  return isPrimary(E) ? S : "(" + S + ")";
}

std::string call(const char *Name, const std::vector<Expr> &Ops) {
  std::string S = std::string(Name) + "(";
  for (size_t I = 0; I < Ops.size(); ++I)
    S += (I ? ", " : "") + Ops[I].str();
  return S + ")";
}

std::string monomialString(const Monomial &M, bool Grouped) {
  std::string S;
  for (const Factor &F : M) {
    if (!S.empty())
      S += "*";
    std::string A = atomString(*F.A);
    if (isInfixAtom(F.A->Kind) && (Grouped || M.size() > 1 || F.Power > 1))
      A = "(" + A + ")";
    S += A;
    if (F.Power > 1)
      S += "^" + std::to_string(F.Power);
  }
  return S;
}

struct PrintTerm {
  const Monomial *M;
  Rational Coef;
  std::string Key; ///< The monomial alone, for ordering.
  unsigned Degree;
  unsigned NonSymbols;
};

bool printsBefore(const PrintTerm &A, const PrintTerm &B) {
  if (A.Degree != B.Degree)
    return A.Degree > B.Degree;
  if (A.NonSymbols != B.NonSymbols)
    return A.NonSymbols < B.NonSymbols;
  return A.Key < B.Key;
}

/// Prints a sum of terms. Coefficients are integers unless the common
/// denominator did not fit, in which case they print parenthesized.
std::string sumString(const std::vector<PrintTerm> &Terms) {
  std::string S;
  for (const PrintTerm &T : Terms) {
    bool Negative = T.Coef.isNegative();
    Rational Magnitude = Negative ? -T.Coef : T.Coef;
    if (S.empty())
      S = Negative ? "-" : "";
    else
      S += Negative ? " - " : " + ";
    if (T.M->empty()) {
      S += Magnitude.str();
      continue;
    }
    bool One = Magnitude == Rational(1);
    if (!One)
      S += Magnitude.isInteger() ? Magnitude.str() + "*"
                                 : "(" + Magnitude.str() + ")*";
    // A leading minus must not be read as part of an infix atom's operand.
    S += monomialString(*T.M, !One || (Negative && &T == &Terms.front()));
  }
  return S;
}

/// lcm of every coefficient's denominator, or 0 when it does not fit.
I128 commonDenominator(const TermMap &Terms) {
  I128 D = 1;
  for (const auto &Term : Terms) {
    I128 A = D, B = Term.second.den();
    while (B != 0) {
      I128 T = A % B;
      A = B;
      B = T;
    }
    if (__builtin_mul_overflow(D / A, Term.second.den(), &D))
      return 0;
  }
  return D;
}

} // namespace

/// Loop variables are named "$k#3" (and sum variables "%g", "$k#3'")
/// inside the analyzer; users wrote "k".
std::string displayName(const std::string &Name) {
  if (Name.empty() || (Name[0] != '$' && Name[0] != '%'))
    return Name;
  return Name.substr(1, Name.find('#') == std::string::npos
                            ? Name.find('\'') - 1
                            : Name.find('#') - 1);
}

std::string atomString(const Atom &A) {
  const std::vector<Expr> &Ops = A.Operands;
  switch (A.Kind) {
  case AtomKind::Symbol:
    return displayName(A.Name);
  case AtomKind::FloorDiv:
    return operandString(Ops[0]) + "/" + operandString(Ops[1]);
  case AtomKind::CeilDiv:
    return call("ceildiv", Ops);
  case AtomKind::Mod:
    return operandString(Ops[0]) + " % " + operandString(Ops[1]);
  case AtomKind::Min:
    return call("min", Ops);
  case AtomKind::Max:
    return call("max", Ops);
  case AtomKind::Log2Floor:
    return call("log2floor", Ops);
  case AtomKind::Log2Ceil:
    return call("log2ceil", Ops);
  case AtomKind::Popcount:
    return call("popcount", Ops);
  case AtomKind::Pow2:
    return "2^(" + Ops[0].str() + ")";
  case AtomKind::Sum:
    return "sum(" + displayName(A.Name) + " = " + Ops[0].str() + " .. " +
           (Ops[1] - Expr(1)).str() + ", " + Ops[2].str() + ")";
  }
  return "?";
}

std::string Expr::str() const {
  if (std::optional<Rational> C = asConstant())
    return C->str();
  const TermMap &Terms = Node->Terms;
  I128 Den = commonDenominator(Terms);
  Rational Scale = Den != 0 ? Rational(Den, 1) : Rational(1);

  std::vector<PrintTerm> Sorted;
  bool HasInfix = false;
  for (const auto &[M, C] : Terms) {
    unsigned NonSymbols = 0;
    for (const Factor &F : M) {
      NonSymbols += F.A->Kind != AtomKind::Symbol;
      HasInfix |= isInfixAtom(F.A->Kind);
    }
    Sorted.push_back({&M, C * Scale, monomialString(M, false),
                      monomialDegree(M), NonSymbols});
  }
  std::stable_sort(Sorted.begin(), Sorted.end(), printsBefore);
  std::string S = sumString(Sorted);
  if (Den == 0 || Den == 1)
    return S;
  std::string DenStr = Rational(Den, 1).str();
  if (Sorted.size() == 1 && !HasInfix)
    return S + "/" + DenStr;
  return "(" + S + ")/" + DenStr;
}

} // namespace rla
