//===- ExprBounds.cpp - Sign proofs through bounded atoms -----------------===//
#include "analyzer/ir/ExprNode.h"

namespace rla {
namespace {

/// Candidate replacements for an atom standing alone in a monomial with a
/// coefficient of the given sign: each candidate is <= the atom (Lower) or
/// >= the atom (upper), valid for non-negative symbol values.
std::vector<Expr> atomBounds(const Atom &A, bool Lower) {
  std::vector<Expr> Out;
  auto positiveConstant = [](const Expr &E) {
    auto C = E.asConstant();
    return C && !C->isNegative() && !C->isZero();
  };
  switch (A.Kind) {
  case AtomKind::FloorDiv:
    // (a - c + 1)/c <= floor(a/c) <= a/c for integer a and c > 0.
    if (positiveConstant(A.Operands[1])) {
      Rational C = *A.Operands[1].asConstant();
      Expr Inv(Rational(1) / C);
      Out.push_back(Lower ? (A.Operands[0] - Expr(C) + Expr(1)) * Inv
                          : A.Operands[0] * Inv);
    }
    break;
  case AtomKind::CeilDiv:
    if (positiveConstant(A.Operands[1])) {
      Rational C = *A.Operands[1].asConstant();
      Expr Inv(Rational(1) / C);
      Out.push_back(Lower ? A.Operands[0] * Inv
                          : (A.Operands[0] + Expr(C) - Expr(1)) * Inv);
    }
    break;
  case AtomKind::Min:
    if (!Lower) {
      Out.push_back(A.Operands[0]);
      Out.push_back(A.Operands[1]);
    }
    break;
  case AtomKind::Max:
    if (Lower) {
      Out.push_back(A.Operands[0]);
      Out.push_back(A.Operands[1]);
    }
    break;
  case AtomKind::Mod:
    if (!Lower)
      Out.push_back(A.Operands[1] - Expr(1));
    else
      Out.push_back(Expr(0));
    break;
  default:
    break;
  }
  return Out;
}

bool provable(const Expr &E, unsigned Depth) {
  if (E.isProvablyNonNegative())
    return true;
  if (Depth == 0)
    return false;
  const TermMap &Terms = ExprBuilder::terms(E);
  for (const auto &[M, C] : Terms) {
    if (M.size() != 1 || M[0].Power != 1 || M[0].A->Kind == AtomKind::Symbol)
      continue;
    // E = C * atom + Rest; replace the atom by a bound that lowers E.
    Expr AtomExpr = ExprBuilder::fromAtom(M[0].A);
    Expr Rest = E - Expr(C) * AtomExpr;
    for (const Expr &Bound : atomBounds(*M[0].A, !C.isNegative()))
      if (provable(Rest + Expr(C) * Bound, Depth - 1))
        return true;
  }
  return false;
}

} // namespace

bool Expr::isProvablyNonNegativeRelaxed() const { return provable(*this, 4); }

} // namespace rla

namespace rla {

Expr Expr::sum(const std::string &Var, const Expr &Lo, const Expr &Hi,
               const Expr &Body) {
  if (!Body.dependsOn(Var))
    return Body * (Hi - Lo);
  if (std::optional<Expr> Closed = Body.sumOver(Var, Lo, Hi))
    return *Closed;
  // A constant factor of a one-term body goes outside: the same sum with
  // other coefficients (a loop's FLOPs, bytes and loads) is then one atom,
  // which an evaluation adds up once for all of them.
  const TermMap &Terms = ExprBuilder::terms(Body);
  if (Terms.size() == 1 && Terms.begin()->second != Rational(1) &&
      !Terms.begin()->second.isZero()) {
    TermMap Unit = Terms;
    Rational Factor = Unit.begin()->second;
    Unit.begin()->second = Rational(1);
    return Expr(Factor) *
           Expr::sum(Var, Lo, Hi, ExprBuilder::fromTerms(std::move(Unit)));
  }
  auto A = std::make_shared<Atom>();
  A->Kind = AtomKind::Sum;
  A->Name = Var;
  A->Operands = {Lo, Hi, Body};
  return ExprBuilder::fromAtom(std::move(A));
}

} // namespace rla
