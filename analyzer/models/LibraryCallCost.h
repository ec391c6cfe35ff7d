//===- LibraryCallCost.h - A library operation on one GPU -------*- C++ -*-===//
///
/// \file
/// Prices a LibraryCall with the roofline: a GEMM is 2*m*n*k FLOPs on the
/// roof of its precision (the tensor peak where cuBLAS uses tensor cores)
/// against its compulsory traffic (A and B read, C read and written); a
/// device-to-device copy reads and writes its bytes, a fill writes them,
/// both at DRAM bandwidth. A copy to or from the host crosses the host link
/// at the database's one-direction host-link bandwidth (unknown without
/// one).
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
  std::string Roof;            ///< "tensor bf16", "fp32"
  std::optional<double> Time;  ///< s; unset when unknown (Why)
  std::string Bound;           ///< "compute", "dram", "host-link"
  std::optional<Note> Why;     ///< why Time is unknown
};

LibraryCallCost priceLibraryCall(const LibraryCall &Call, const GpuSpec &Gpu);

} // namespace rla

#endif // RLA_MODELS_LIBRARYCALLCOST_H
