//===- ExprNode.h - Canonical form behind rla::Expr -------------*- C++ -*-===//
///
/// \file
/// Internal to analyzer/ir: the representation of an Expr. An Expr is a
/// polynomial with rational coefficients, a map from Monomial to coefficient.
/// A Monomial is a list of (atom, power > 0) sorted by the atom order, and an
/// atom is a symbol or a non-polynomial node whose operands are canonical
/// Exprs. Keeping these sorted maps canonical is what makes structural
/// equality of Exprs meaningful.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_EXPRNODE_H
#define RLA_IR_EXPRNODE_H

#include "analyzer/ir/Expr.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace rla {

/// The kinds of atoms. The enumerator order is part of the canonical order:
/// symbols come first so that products print as `n*log2floor(s)`.
enum class AtomKind : uint8_t {
  Symbol,
  FloorDiv,
  CeilDiv,
  Mod,
  Min,
  Max,
  Log2Floor,
  Log2Ceil,
  Popcount,
  Pow2,
  Sum, ///< Name: the bound variable; Operands: {Lo, Hi, Body}.
};

struct Atom {
  AtomKind Kind = AtomKind::Symbol;
  std::string Name;           ///< Symbol, and Sum's bound variable.
  std::vector<Expr> Operands; ///< Everything but Symbol.
};
using AtomRef = std::shared_ptr<const Atom>;

struct Factor {
  AtomRef A;
  unsigned Power = 1;
};
using Monomial = std::vector<Factor>;

/// Three-way structural comparisons; together they form a total order.
int compareAtoms(const Atom &A, const Atom &B);
int compareMonomials(const Monomial &A, const Monomial &B);
int compareExprs(const Expr &A, const Expr &B);

struct MonomialLess {
  bool operator()(const Monomial &A, const Monomial &B) const {
    return compareMonomials(A, B) < 0;
  }
};
using TermMap = std::map<Monomial, Rational, MonomialLess>;

class ExprNode {
public:
  explicit ExprNode(TermMap T) : Terms(std::move(T)) {}
  /// Never holds a zero coefficient; the empty map is the constant 0.
  const TermMap Terms;
};

/// Access to Expr internals for the implementation files.
struct ExprBuilder {
  static Expr fromTerms(TermMap Terms);
  static Expr fromAtom(AtomRef A);
  /// Builds an atom of Kind from Operands through the simplifying
  /// constructors (Expr::floorDiv, ...).
  static Expr rebuild(AtomKind Kind, const std::vector<Expr> &Operands);
  static const TermMap &terms(const Expr &E) { return E.Node->Terms; }
};

/// Whether the atom prints in infix form (`a/b`, `a % b`, `2^(a)`) and so
/// needs parentheses inside a product.
bool isInfixAtom(AtomKind Kind);

/// Total degree of a monomial (every atom counts 1 per power).
unsigned monomialDegree(const Monomial &M);

/// Whether every value of E is an integer for integer symbol values (a
/// sufficient test).
bool isIntegerValued(const Expr &E);

/// Computes the value of an atom from constant operand values. Returns
/// nullopt and sets DomainError / Overflow when the value is undefined or
/// does not fit; the same rules serve folding and evaluation.
std::optional<Rational> foldAtom(AtomKind Kind,
                                 const std::vector<Rational> &Operands,
                                 bool &DomainError, bool &Overflow);

std::string atomString(const Atom &A);

} // namespace rla

#endif // RLA_IR_EXPRNODE_H
