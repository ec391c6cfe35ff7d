//===- HostEvaluator.h - Constant values at a host launch site --*- C++ -*-===//
///
/// \file
/// Evaluates the host-side expressions of a launch (grid, block, shared
/// memory, scalar arguments) to numbers, following local variables to their
/// initialisers, dim3 constructors, macros (already expanded), const and
/// constexpr values and small `return expr;` helper functions. What cannot
/// be evaluated comes back with the reason (a Note), to tell the user what
/// to bind.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTEVALUATOR_H
#define RLA_FRONTEND_HOST_HOSTEVALUATOR_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/Note.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {

class HostEvaluator {
public:
  /// Function is the host function that contains the launch; Point is the
  /// launch, where a variable assigned in straight-line code before it is
  /// taken at its last assignment (`int n; n = 1 << 20;`, `grid.x = ...`).
  HostEvaluator(const clang::ASTContext &Ctx,
                const clang::FunctionDecl *Function,
                clang::SourceLocation Point = clang::SourceLocation());

  /// The value of a scalar expression; on failure Why names the culprit.
  std::optional<Rational> evaluate(const clang::Expr *E, Note &Why);

  /// The integer fields of a struct argument ("cfg.n" -> 4096) as far as its
  /// constructor's member initialisers or its aggregate initialiser decide
  /// them; fields it cannot evaluate are left out.
  void evaluateFields(const clang::Expr *E, const std::string &Prefix,
                      std::map<std::string, Rational> &Out);

  /// The three components of a dim3 (or of an integer converted to dim3).
  std::array<std::optional<Rational>, 3> evaluateDim3(const clang::Expr *E,
                                                      Note &Why);

private:
  std::optional<Rational> evaluateImpl(const clang::Expr *E, Note &Why,
                                       unsigned Depth);
  std::array<std::optional<Rational>, 3>
  evaluateDim3Impl(const clang::Expr *E, Note &Why, unsigned Depth);
  std::optional<Rational> evaluateVariable(const clang::VarDecl *V, Note &Why,
                                           unsigned Depth);
  std::optional<Rational> evaluateCall(const clang::CallExpr *Call, Note &Why,
                                       unsigned Depth);
  bool isModified(const clang::VarDecl *V) const;
  /// The writes of V in the top-level statements of Function's body before
  /// Point, in order; false (Why set) when a write could reach the launch
  /// another way (in a branch or loop, through a pointer, in the statement
  /// around the launch).
  bool straightLineWrites(const clang::VarDecl *V,
                          std::vector<const clang::Expr *> &Writes,
                          Note &Why) const;
  void evaluateFieldsImpl(const clang::Expr *E, const std::string &Prefix,
                          std::map<std::string, Rational> &Out, unsigned Depth);

  const clang::ASTContext &Ctx;
  const clang::FunctionDecl *Function;
  clang::SourceLocation Point;
  std::set<const clang::ValueDecl *> Modified;
  /// Parameters of inlined helper functions.
  std::map<const clang::ValueDecl *, Rational> Params;
};

} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTEVALUATOR_H
