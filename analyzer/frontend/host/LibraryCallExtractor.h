//===- LibraryCallExtractor.h - Library operations in host code -*- C++ -*-===//
///
/// \file
/// Finds the cuBLAS GEMMs (cublasSgemm, cublasDgemm, cublasHgemm,
/// cublasGemmEx, cublasLtMatmul) and the CUDA runtime copies and fills
/// (cudaMemcpy, cudaMemcpyAsync, cudaMemset, cudaMemsetAsync) of the host
/// code, with the sizes the host evaluator can give them, so a program's
/// list of GPU work is complete.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H
#define RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H

#include "analyzer/ir/LibraryCall.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace rla {

std::vector<LibraryCall> extractLibraryCalls(clang::ASTContext &Ctx);

} // namespace rla

#endif // RLA_FRONTEND_HOST_LIBRARYCALLEXTRACTOR_H
