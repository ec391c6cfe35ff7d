//===- LibraryCallCost.cpp ------------------------------------------------===//
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/models/MemoryModel.h"
#include "analyzer/models/Roofline.h"

#include <algorithm>
#include <cmath>

namespace rla {

namespace {

/// A cuBLAS level-1 operation: the vectors of n elements it reads and
/// writes, its FLOPs per element on real and on complex elements, and its
/// launches: a reduction to one value ends in a one-block launch that sums
/// the first one's partial results.
struct VectorOp {
  const char *Name;
  unsigned Read, Written;
  unsigned Distinct; ///< vectors touched: a written one may be read too
  double RealFlops, ComplexFlops;
  unsigned Launches;
};

constexpr VectorOp VectorOps[] = {
    {"axpy", 2, 1, 2, 2, 8, 1}, {"dot", 2, 0, 2, 2, 8, 2},
    {"dotu", 2, 0, 2, 2, 8, 2}, {"dotc", 2, 0, 2, 2, 8, 2},
    {"copy", 1, 1, 2, 0, 0, 1}, {"swap", 2, 2, 2, 0, 0, 1},
    {"scal", 1, 1, 1, 1, 6, 1}, {"rscal", 1, 1, 1, 1, 2, 1},
    {"nrm2", 1, 0, 1, 2, 4, 2}, {"asum", 1, 0, 1, 1, 2, 2},
    {"amax", 1, 0, 1, 0, 0, 2}, {"amin", 1, 0, 1, 0, 0, 2},
};

/// FLOPs and DRAM bytes of a call that runs kernels; nullopt where a size
/// is not known.
struct Work {
  double Flops = 0, Read = 0, Written = 0;
  double Footprint = 0; ///< distinct bytes touched
  unsigned Launches = 1;
};

std::optional<Work> workOf(const LibraryCall &C) {
  auto val = [](const std::optional<Rational> &V) { return V->toDouble(); };
  double E = C.InputBytes;
  // A strided vector brings a sector's worth of bytes per element at most.
  double VectorElement =
      C.Stride ? std::min(std::abs(val(C.Stride)) * E, std::max(E, 32.0)) : E;
  VectorElement = std::max(VectorElement, E);
  Work W;
  switch (C.What) {
  case LibraryCall::Gemm: {
    if (!C.M || !C.N || !C.K)
      return std::nullopt;
    double M = val(C.M), N = val(C.N), K = val(C.K);
    W.Flops = 2 * M * N * K;
    W.Read = (M * K + K * N) * C.InputBytes + M * N * C.OutputBytes;
    W.Written = M * N * C.OutputBytes;
    W.Footprint = W.Read;
    return W;
  }
  case LibraryCall::Vector: {
    const VectorOp *Op = nullptr;
    for (const VectorOp &O : VectorOps)
      if (C.Operation == O.Name)
        Op = &O;
    if (!Op || !C.N)
      return std::nullopt;
    double N = val(C.N);
    W.Flops = N * (C.Complex ? Op->ComplexFlops : Op->RealFlops);
    W.Read = Op->Read * N * VectorElement;
    W.Written = Op->Written * N * VectorElement;
    W.Footprint = Op->Distinct * N * VectorElement;
    W.Launches = Op->Launches;
    return W;
  }
  case LibraryCall::Gemv: {
    if (!C.M || !C.N)
      return std::nullopt;
    double M = val(C.M), N = val(C.N);
    double X = C.Transposed ? M : N, Y = C.Transposed ? N : M;
    W.Flops = (C.Complex ? 8 : 2) * M * N;
    // y is read as well (beta is not evaluated), as a GEMM's C is.
    W.Read = M * N * E + (X + Y) * VectorElement;
    W.Written = Y * VectorElement;
    W.Footprint = W.Read;
    return W;
  }
  case LibraryCall::SparseMv: {
    if (!C.M || !C.N || !C.Nnz)
      return std::nullopt;
    double M = val(C.M), N = val(C.N), Nnz = val(C.Nnz);
    W.Flops = 2 * Nnz;
    // cuSPARSE partitions the rows in a launch of its own first.
    W.Launches = 2;
    W.Read = (M + 1) * C.IndexBytes + Nnz * (C.IndexBytes + E) + (N + M) * E;
    W.Written = M * E;
    W.Footprint = W.Read;
    return W;
  }
  case LibraryCall::Copy:
  case LibraryCall::Fill:
    break;
  }
  return std::nullopt;
}

/// The CUDA-core or tensor peak the call runs at, and its roof's name.
const SourcedValue *peakOf(const LibraryCall &Call, const GpuSpec &Gpu,
                           std::string &Roof) {
  if (Call.Tensor)
    if (auto P = tensorPrecisionFromName(Call.Precision))
      if (const SourcedValue *Peak = tensorPeak(Gpu, *P)) {
        Roof = "tensor " + Call.Precision;
        return Peak;
      }
  for (unsigned I = 0; I < NumPrecisions; ++I)
    if (Call.Precision == precisionName(static_cast<Precision>(I)))
      if (const SourcedValue *Peak = Gpu.peakFlops(static_cast<Precision>(I))) {
        Roof = Call.Precision;
        return Peak;
      }
  return nullptr;
}

} // namespace

LibraryCallCost priceLibraryCall(const LibraryCall &Call, const GpuSpec &Gpu,
                                 double LaunchFloor) {
  LibraryCallCost C;
  C.Gpu = &Gpu;
  double Bandwidth = Gpu.DramBandwidth ? Gpu.DramBandwidth->Value : 0;
  if (Call.What != LibraryCall::Copy && Call.What != LibraryCall::Fill) {
    std::optional<Work> W = workOf(Call);
    if (!W) {
      C.Why = note(NoteId::LibrarySizesUnknown);
      return C;
    }
    C.Flops = W->Flops;
    C.Bytes = W->Read + W->Written;
    C.ReadBytes = W->Read;
    C.WrittenBytes = W->Written;
    if (Gpu.L2Bytes)
      C.DeferredWriteBytes = deferredWriteBytes(
          W->Written, W->Footprint <= Gpu.L2Bytes->Value, Gpu.L2Bytes->Value);
    const SourcedValue *Peak = peakOf(Call, Gpu, C.Roof);
    if ((!Peak && W->Flops > 0) || Bandwidth <= 0) {
      C.Roof.clear();
      C.Why = note(NoteId::LibraryNoRoof,
                   {{"precision", Call.Precision}, {"gpu", Gpu.Name}});
      return C;
    }
    double Compute = Peak ? W->Flops / Peak->Value : 0;
    // The DRAM streams as kernels reach them, where they were measured.
    double Memory =
        Gpu.dramTime(W->Read, W->Written).value_or(*C.Bytes / Bandwidth);
    C.Launches = W->Launches;
    C.LaunchFloor = LaunchFloor * W->Launches;
    C.Time = C.LaunchFloor + std::max(Compute, Memory);
    C.Bound = C.LaunchFloor > std::max(Compute, Memory) ? "launch"
              : Compute >= Memory                       ? "compute"
                                                        : "dram";
    return C;
  }
  if (!Call.Bytes) {
    C.Why = note(NoteId::LibraryBytesUnknown);
    return C;
  }
  double Bytes = Call.Bytes->toDouble();
  if (Call.What == LibraryCall::Fill || Call.Direction == "device-to-device") {
    // A fill writes its bytes; a device copy reads and writes them.
    C.Bytes = Call.What == LibraryCall::Fill ? Bytes : 2 * Bytes;
    if (Bandwidth <= 0) {
      C.Why = note(NoteId::LibraryNoDramBandwidth, {{"gpu", Gpu.Name}});
      return C;
    }
    C.Time = *C.Bytes / Bandwidth;
    C.Bound = "dram";
    return C;
  }
  C.Bytes = Bytes;
  if (Call.Direction == "host-to-host") {
    C.Why = note(NoteId::HostToHostCopy);
    return C;
  }
  C.Bound = "host-link";
  if (!Gpu.HostLinkBandwidth || Gpu.HostLinkBandwidth->Value <= 0) {
    C.Why = note(NoteId::NoHostLinkBandwidth, {{"gpu", Gpu.Name}});
    return C;
  }
  // "default" and "unknown" directions are taken as crossing the link too.
  C.Time = Bytes / Gpu.HostLinkBandwidth->Value;
  return C;
}

} // namespace rla
