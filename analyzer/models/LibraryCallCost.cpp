//===- LibraryCallCost.cpp ------------------------------------------------===//
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/models/Roofline.h"

#include <algorithm>

namespace rla {

LibraryCallCost priceLibraryCall(const LibraryCall &Call, const GpuSpec &Gpu) {
  LibraryCallCost C;
  C.Gpu = &Gpu;
  double Bandwidth = Gpu.DramBandwidth ? Gpu.DramBandwidth->Value : 0;
  if (Call.What == LibraryCall::Gemm) {
    if (!Call.M || !Call.N || !Call.K) {
      C.Why = note(NoteId::LibrarySizesUnknown);
      return C;
    }
    double M = Call.M->toDouble(), N = Call.N->toDouble(),
           K = Call.K->toDouble();
    C.Flops = 2 * M * N * K;
    C.Bytes = (M * K + K * N) * Call.InputBytes + 2 * M * N * Call.OutputBytes;
    const SourcedValue *Peak = nullptr;
    if (Call.Tensor)
      if (auto P = tensorPrecisionFromName(Call.Precision)) {
        Peak = tensorPeak(Gpu, *P);
        if (Peak)
          C.Roof = "tensor " + Call.Precision;
      }
    if (!Peak)
      for (unsigned I = 0; I < NumPrecisions; ++I)
        if (Call.Precision == precisionName(static_cast<Precision>(I)))
          if ((Peak = Gpu.peakFlops(static_cast<Precision>(I))))
            C.Roof = Call.Precision;
    if (!Peak || Bandwidth <= 0) {
      C.Why = note(NoteId::LibraryNoRoof,
                   {{"precision", Call.Precision}, {"gpu", Gpu.Name}});
      return C;
    }
    double Compute = *C.Flops / Peak->Value, Memory = *C.Bytes / Bandwidth;
    C.Time = std::max(Compute, Memory);
    C.Bound = Compute >= Memory ? "compute" : "dram";
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
