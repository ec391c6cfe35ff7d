//===- AstExtraction.h - From a parsed AST to a ParsedFile ------*- C++ -*-===//
///
/// \file
/// The "AST -> ParsedFile" step on its own, so that it runs wherever an
/// ASTContext already exists: our own ClangTool parse, a compiler plugin
/// inside an ordinary build, or the language server's warm ASTUnit.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_ASTEXTRACTION_H
#define RLA_FRONTEND_ASTEXTRACTION_H

#include "analyzer/frontend/CudaParser.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"

#include <memory>

namespace rla {

/// Kernels and launches of a translation unit into Out. Does nothing when
/// the compile has errors: the AST may be incomplete, and clang has said why.
void extractFromAST(clang::ASTContext &Ctx, ParsedFile &Out);

/// Preprocessor callbacks that add one rl-host-branch remark to Out at the
/// first non-system conditional on __CUDA_ARCH__.
std::unique_ptr<clang::PPCallbacks>
createArchConditionWatcher(const clang::SourceManager &SM,
                           const clang::LangOptions &LO, ParsedFile &Out);

/// The same remark, found by lexing the main file of SM again. For ASTs
/// built where no callbacks could be attached (the language server's
/// ASTUnit); sees only the main file.
void scanMainFileArchConditions(const clang::SourceManager &SM,
                                const clang::LangOptions &LO, ParsedFile &Out);

} // namespace rla

#endif // RLA_FRONTEND_ASTEXTRACTION_H
