//===- LibraryCall.h - A host-side library operation ------------*- C++ -*-===//
///
/// \file
/// A cuBLAS GEMM, level-1 vector operation or GEMV, a cuSPARSE CSR SpMV, or
/// a CUDA runtime copy / fill that host code calls: work the program does on
/// the GPU without a kernel in the source. The front end
/// fills it with the sizes it can evaluate; models/LibraryCallCost prices it
/// on each GPU. Clang-free.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_LIBRARYCALL_H
#define RLA_IR_LIBRARYCALL_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/Note.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

struct LibraryCall {
  enum Kind { Gemm, Copy, Fill, Vector, Gemv, SparseMv } What = Gemm;
  std::string Name;         ///< "cublasSgemm", "cudaMemcpy", ...
  /// Vector: the BLAS operation, "axpy", "dot", "nrm2", ... ("rscal": a
  /// complex vector scaled by a real, Csscal).
  std::string Operation;
  SourceLoc Location;       ///< of the call
  std::string HostFunction; ///< the function the call is in
  /// Gemm: C (m x n) = A (m x k) * B (k x n); unset where not evaluated.
  /// Vector: N elements. Gemv, SparseMv: A is M x N; SparseMv: Nnz stored
  /// entries, each with an index of IndexBytes.
  std::optional<Rational> M, N, K, Nnz;
  unsigned IndexBytes = 4;
  /// Vector, Gemv: complex elements (InputBytes holds both parts).
  bool Complex = false;
  /// Gemv: op(A) is A transposed (x has M elements, y N).
  bool Transposed = false;
  /// Vector, Gemv: the largest |inc| of the call's vectors; unset where one
  /// is not known (taken as 1, with a note).
  std::optional<Rational> Stride;
  /// Gemm: the precision it computes in ("fp32", "tf32", "fp16", "bf16",
  /// "int8", "fp64") and whether cuBLAS runs it on tensor cores.
  std::string Precision = "fp32";
  bool Tensor = false;
  unsigned InputBytes = 4, OutputBytes = 4; ///< per element of A/B and C
  /// Copy / Fill: the bytes moved; where they go.
  std::optional<Rational> Bytes;
  /// "host-to-device", "device-to-host", "device-to-device",
  /// "host-to-host", "default" (cudaMemcpyDefault), "unknown"; Fill: "device".
  std::string Direction;
  /// Why a value is missing, and what was assumed; worded by
  /// report/NoteText.h.
  std::vector<Note> Notes;
};

} // namespace rla

#endif // RLA_IR_LIBRARYCALL_H
