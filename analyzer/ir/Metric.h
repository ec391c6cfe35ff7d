//===- Metric.h - The launch-wide quantities a report gives -----*- C++ -*-===//
///
/// \file
/// Every number a launch's totals carry, as a type: the counts of a
/// CostVector (FLOPs by precision, tensor FLOPs, bytes, ...) and what the
/// memory model derives from them (DRAM, L2, L1, footprint). Stages write
/// and renderers read them by this enum; metricKey() is the one place
/// that names them, as the JSON report does.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_METRIC_H
#define RLA_IR_METRIC_H

#include <array>
#include <optional>
#include <string_view>

namespace rla {

enum class Precision;       // KernelModel.h
enum class TensorPrecision; // KernelModel.h

enum class Metric : unsigned char {
  // CUDA-core FLOPs, in Precision order, then their sum.
  FlopsFp16,
  FlopsBf16,
  FlopsFp32,
  FlopsFp64,
  Flops,
  // Tensor-core FLOPs, in TensorPrecision order, then their sum.
  TensorFlopsFp16,
  TensorFlopsFp16Acc16,
  TensorFlopsBf16,
  TensorFlopsTf32,
  TensorFlopsFp8,
  TensorFlopsInt8,
  TensorFlopsInt4,
  TensorFlopsFp4,
  TensorFlopsFp64,
  TensorFlopsB1,
  TensorFlops,
  // The scalar counts of a CostVector (CostVector::scalarFields()).
  SfuOps,
  IntOps,
  CompareOps,
  GlobalLoads,
  GlobalLoadBytes,
  GlobalStores,
  GlobalStoreBytes,
  SharedLoadBytes,
  SharedStoreBytes,
  AtomicOps,
  AtomicBytes,
  Barriers,
  HardwareFlops,
  TextureFetches,
  /// What the source requests; the memory model replaces it with what
  /// reaches DRAM.
  DramBytes,
  // Written by the memory model.
  FootprintBytes,
  DramReadBytes,
  DramWriteBytes,
  DramDeferredWriteBytes,
  /// A cold launch's reads of its own code and constants: not part of
  /// DramBytes (the algorithm's traffic, which intensity is of).
  DramLaunchBytes,
  /// What a profiler's DRAM counters read during the kernel with caches
  /// flushed: DramBytes less the deferred writes plus DramLaunchBytes.
  DramKernelBytes,
  GlobalSectorBytes,
  SharedWavefrontBytes,
  L2Bytes,
  L1Bytes,
  /// The footprint in whole sectors: what DRAM reads at least once, and,
  /// where it fits in L2, about at most (FootprintBytes counts bytes).
  FootprintSectorBytes,
};
constexpr unsigned NumMetrics = unsigned(Metric::FootprintSectorBytes) + 1;

/// The report's name of Q: "flops_fp32", "global_load_bytes", "l2_bytes".
const char *metricKey(Metric Q);
/// The inverse of metricKey.
std::optional<Metric> metricFromKey(std::string_view Key);

/// The CUDA-core FLOPs of precision P.
Metric flopsMetric(Precision P);
/// The tensor-core FLOPs of input precision P.
Metric tensorFlopsMetric(TensorPrecision P);

/// Every quantity, in enum order.
const std::array<Metric, NumMetrics> &allMetrics();

} // namespace rla

#endif // RLA_IR_METRIC_H
