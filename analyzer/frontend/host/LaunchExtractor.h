//===- LaunchExtractor.h - Host <<<...>>> sites to LaunchSpecs --*- C++ -*-===//
///
/// \file
/// Finds every kernel launch in host code of the main file and its
/// non-system headers and evaluates its configuration and scalar arguments
/// as far as the source decides them.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_LAUNCHEXTRACTOR_H
#define RLA_FRONTEND_HOST_LAUNCHEXTRACTOR_H

#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/ir/LaunchSpec.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace rla {

/// Sites the host run from `main` reaches come once per distinct calling
/// context (HostInterpreter.h); the others are evaluated in their function.
/// LibraryArguments, when given, receives what the run passed to the
/// library calls it priced (HostRun::LibraryArguments).
std::vector<LaunchSpec>
extractLaunches(clang::ASTContext &Ctx, const HostRunOptions &Options = {},
                std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
                    *LibraryArguments = nullptr);

/// The same over the given top-level declarations only (see
/// extractKernelsFrom).
std::vector<LaunchSpec> extractLaunchesFrom(
    clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> TopLevel,
    const HostRunOptions &Options = {},
    std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
        *LibraryArguments = nullptr);

/// The launch sites of one unit: as Run reached them (a run of several
/// units, interpretProgram), the others evaluated in their function.
std::vector<LaunchSpec> launchesOfUnit(clang::ASTContext &Ctx,
                                       llvm::ArrayRef<clang::Decl *> TopLevel,
                                       const HostRun &Run);

} // namespace rla

#endif // RLA_FRONTEND_HOST_LAUNCHEXTRACTOR_H
