//===- LaunchExtractor.h - Host <<<...>>> sites to LaunchSpecs --*- C++ -*-===//
///
/// \file
/// Finds every kernel launch in host code of the main file and its
/// non-system headers and evaluates its configuration and scalar arguments
/// as far as the source decides them.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_LAUNCHEXTRACTOR_H
#define RLA_FRONTEND_LAUNCHEXTRACTOR_H

#include "analyzer/ir/LaunchSpec.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace rla {

std::vector<LaunchSpec> extractLaunches(clang::ASTContext &Ctx);

/// The same over the given top-level declarations only (see
/// extractKernelsFrom).
std::vector<LaunchSpec>
extractLaunchesFrom(clang::ASTContext &Ctx,
                    llvm::ArrayRef<clang::Decl *> TopLevel);

} // namespace rla

#endif // RLA_FRONTEND_LAUNCHEXTRACTOR_H
