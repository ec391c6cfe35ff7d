//===- LibraryCallExtractor.h - Library operations in host code -*- C++ -*-===//
///
/// \file
/// Finds the cuBLAS GEMMs (cublasSgemm, cublasDgemm, cublasHgemm,
/// cublasGemmEx, cublasLtMatmul), level-1 routines (cublasSaxpy,
/// cublasDdot, cublasScnrm2, cublasIsamax, ...) and GEMVs, cuSPARSE's CSR
/// SpMV (sized by the cusparseCreateCsr of its matrix) and the CUDA runtime
/// copies and fills
/// (cudaMemcpy, cudaMemcpyAsync, cudaMemset, cudaMemsetAsync) of the host
/// code, with the sizes the host evaluator can give them, so a program's
/// list of GPU work is complete.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H
#define RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H

#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/ir/LibraryCall.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace rla {

/// RunArguments, when given: what the host run passed to each call
/// (HostRun::LibraryArguments), for arguments the call's own expressions do
/// not give a number (a size computed from atoi(argv[1]) under --args).
std::vector<LibraryCall> extractLibraryCalls(
    clang::ASTContext &Ctx,
    const std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
        *RunArguments = nullptr);

} // namespace rla

#endif // RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H
