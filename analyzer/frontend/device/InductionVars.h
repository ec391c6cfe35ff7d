//===- InductionVars.h - Variables a loop advances by a fixed step -*- C++
//-*-===//
///
/// \file
/// Finds the basic induction variables of a loop: integers and pointers that
/// every iteration changes exactly once, by an amount the loop does not
/// change (`a += aStep, b += bStep` in a for increment, `A += BK;` as a
/// statement of the body, `++i` at the end of a while body). Their value in
/// iteration t is then start + t * step, so addresses through bumped
/// pointers and the trip counts of loops that advance several variables are
/// counted exactly instead of being lost.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_INDUCTIONVARS_H
#define RLA_FRONTEND_DEVICE_INDUCTIONVARS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <vector>

namespace rla {

struct InductionStep {
  const clang::ValueDecl *Var = nullptr;
  const clang::Expr *Write = nullptr; ///< the update expression
  /// The amount added each iteration; nullptr for ++/-- (then Constant).
  const clang::Expr *Amount = nullptr;
  /// The pointee type Amount counts in where the pointer is stepped through
  /// a cast of itself (`p = (int4 *)((half *)p + n)`: halves); null when it
  /// counts the variable's own pointee.
  clang::QualType AmountUnit;
  bool Negate = false;  ///< the amount is subtracted
  int64_t Constant = 1; ///< ++ (1) or -- (-1), when Amount is null
  /// Where the update is: the for increment (runs after the body and after
  /// a continue) or a statement of the body.
  bool InIncrement = false;
};

/// The basic induction variables of a loop with body Body and increment Inc
/// (null for while loops). A variable qualifies when its only update is one
/// additive statement of the body's top level or of the increment, its
/// address is not taken, and its step reads no variable the loop assigns.
/// An update in the body is skipped by a `continue`, so a body with one
/// yields none from the body.
std::vector<InductionStep> findInductionVars(const clang::Stmt *Body,
                                             const clang::Expr *Inc);

/// Whether S has a `continue` of the loop it is the body of (not one of a
/// nested loop): then statements after it do not run in every iteration.
bool containsContinue(const clang::Stmt *S);

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_INDUCTIONVARS_H
