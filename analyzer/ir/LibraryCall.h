//===- LibraryCall.h - A host-side library operation ------------*- C++ -*-===//
///
/// \file
/// A cuBLAS GEMM or a CUDA runtime copy / fill that host code calls: work
/// the program does on the GPU without a kernel in the source. The front end
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
  enum Kind { Gemm, Copy, Fill } What = Gemm;
  std::string Name;         ///< "cublasSgemm", "cudaMemcpy", ...
  SourceLoc Location;       ///< of the call
  std::string HostFunction; ///< the function the call is in
  /// Gemm: C (m x n) = A (m x k) * B (k x n); unset where not evaluated.
  std::optional<Rational> M, N, K;
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
