//===- ExprFixtures.h - Expressions for model tests ------------*- C++ -*-===//
///
/// \file
/// Shorthands for building the symbolic expressions the models take.
//===----------------------------------------------------------------------===//
#ifndef RLA_TEST_UNIT_EXPRFIXTURES_H
#define RLA_TEST_UNIT_EXPRFIXTURES_H

#include "analyzer/ir/Expr.h"

#include <string>

namespace rla::fixtures {

/// A symbol: a kernel parameter, a launch dimension or a trip count.
inline Expr sym(const std::string &Name) { return Expr::symbol(Name); }

} // namespace rla::fixtures

#endif // RLA_TEST_UNIT_EXPRFIXTURES_H
