//===- LaunchSpecBuilder.h - One launch site to a LaunchSpec ----*- C++ -*-===//
///
/// \file
/// Turns a <<<...>>> site into a LaunchSpec with whatever evaluates host
/// values there: the per-function HostEvaluator for a site seen on its own,
/// or the host interpreter's state when it reaches the site running the
/// program from `main`.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_LAUNCHSPECBUILDER_H
#define RLA_FRONTEND_LAUNCHSPECBUILDER_H

#include "analyzer/ir/LaunchSpec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <array>
#include <map>
#include <optional>
#include <string>

namespace rla {

/// Host values at one launch site.
class LaunchValues {
public:
  virtual ~LaunchValues() = default;
  /// A scalar; on failure Why names the culprit.
  virtual std::optional<Rational> scalar(const clang::Expr *E,
                                         std::string &Why) = 0;
  /// The three components of a dim3 (or an integer converted to one).
  virtual std::array<std::optional<Rational>, 3> dim3(const clang::Expr *E,
                                                      std::string &Why) = 0;
  /// The known integer fields of a struct argument ("cfg.n").
  virtual void fields(const clang::Expr *E, const std::string &Prefix,
                      std::map<std::string, Rational> &Out) = 0;
};

/// The launch at Call, in host function Host (null at file scope), with its
/// configuration and scalar arguments as Values gives them.
LaunchSpec buildLaunchSpec(const clang::ASTContext &Ctx,
                           const clang::CUDAKernelCallExpr *Call,
                           const clang::FunctionDecl *Host,
                           LaunchValues &Values);

} // namespace rla

#endif // RLA_FRONTEND_LAUNCHSPECBUILDER_H
