//===- LibraryCallCost.h - A library operation on one GPU -------*- C++ -*-===//
///
/// \file
/// Prices a LibraryCall with the roofline: a GEMM is 2*m*n*k FLOPs on the
/// roof of its precision (the tensor peak where cuBLAS uses tensor cores)
/// against its compulsory traffic (A and B read, C read and written); a
/// level-1 vector operation, a GEMV and a CSR SpMV are their BLAS FLOPs on
/// the CUDA cores against the vectors and the matrix each reads and writes
/// once. Each of these launches kernels, so it takes the launch floor on
/// top of its work, as a kernel does, once per launch: a reduction (dot,
/// nrm2, asum, amax) and a cuSPARSE SpMV (partition, then product) launch
/// twice. A device-to-device copy reads and
/// writes its bytes, a fill writes them, both at DRAM bandwidth. A copy to
/// or from the host crosses the host link at the database's one-direction
/// host-link bandwidth (unknown without one).
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_LIBRARYCALLCOST_H
#define RLA_MODELS_LIBRARYCALLCOST_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/LibraryCall.h"
#include "analyzer/ir/Note.h"

#include <optional>
#include <string>

namespace rla {

struct LibraryCallCost {
  const GpuSpec *Gpu = nullptr;
  std::optional<double> Flops; ///< GEMM
  std::optional<double> Bytes; ///< DRAM bytes (or host-link bytes)
  /// The DRAM bytes read and written, where the call is priced by them.
  std::optional<double> ReadBytes, WrittenBytes;
  /// Of WrittenBytes, what is still dirty in L2 when the call ends (as a
  /// kernel's, MemoryModel.h); unset where the L2's size is not known.
  std::optional<double> DeferredWriteBytes;
  /// The kernels the call launches, each of which takes the floor.
  unsigned Launches = 0;
  double LaunchFloor = 0;      ///< s, all launches', included in Time
  std::string Roof;            ///< "tensor bf16", "fp32"
  std::optional<double> Time;  ///< s; unset when unknown (Why)
  std::string Bound;           ///< "compute", "dram", "host-link", "launch"
  std::optional<Note> Why;     ///< why Time is unknown
};

/// LaunchFloor: what an empty kernel takes on Gpu (LaunchCost.h), added to
/// the calls that launch kernels; 0 where it is not known.
LibraryCallCost priceLibraryCall(const LibraryCall &Call, const GpuSpec &Gpu,
                                 double LaunchFloor = 0);

} // namespace rla

#endif // RLA_MODELS_LIBRARYCALLCOST_H
