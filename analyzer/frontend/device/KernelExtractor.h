//===- KernelExtractor.h - __global__ functions to KernelModels -*- C++ -*-===//
///
/// \file
/// Finds every __global__ kernel of a translation unit (each instantiation of
/// a kernel template separately) outside system headers and builds its
/// KernelModel with the CostWalker.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_KERNELEXTRACTOR_H
#define RLA_FRONTEND_DEVICE_KERNELEXTRACTOR_H

#include "analyzer/ir/KernelModel.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace rla {

/// One error clang reported (DiagnosticCollector.h), as the kernel extractor
/// needs it (valid while its AST lives).
struct SourceError {
  clang::SourceLocation Loc;
  Finding Where; ///< rl-frontend-error with clang's message and position
};

/// Kernel name as users write it: "saxpy", "scale<float>", "ns::k<32>".
std::string kernelDisplayName(const clang::FunctionDecl *FD);
/// The kernel's linker name, as ptxas reports it ("_Z5saxpyifPfS_").
std::string mangledName(clang::ASTContext &Ctx, const clang::FunctionDecl *FD);

/// All kernels defined in the main file and its non-system headers.
/// Uninstantiated kernel templates are reported in Findings. A kernel whose
/// code (or a function it calls) holds one of Errors is not walked: its
/// NotAnalysed says why.
std::vector<KernelModel>
extractKernels(clang::ASTContext &Ctx, std::vector<Finding> &Findings,
               llvm::ArrayRef<SourceError> Errors = {});

/// The same, for a TU whose top-level declarations are known (an ASTUnit
/// with a precompiled preamble): traverses only TopLevel, so that the
/// declarations of system headers are not all loaded from the preamble.
/// TopLevel must hold every declaration outside system headers.
std::vector<KernelModel> extractKernelsFrom(
    clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> TopLevel,
    std::vector<Finding> &Findings, llvm::ArrayRef<SourceError> Errors = {});

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_KERNELEXTRACTOR_H
