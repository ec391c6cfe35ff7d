//===- Metric.cpp -------------------------------------------------------===//
#include "analyzer/ir/Metric.h"
#include "analyzer/ir/KernelModel.h"

namespace rla {

namespace {

constexpr const char *Keys[NumMetrics] = {
    "flops_fp16",
    "flops_bf16",
    "flops_fp32",
    "flops_fp64",
    "flops",
    "tensor_flops_fp16",
    "tensor_flops_fp16_acc16",
    "tensor_flops_bf16",
    "tensor_flops_tf32",
    "tensor_flops_fp8",
    "tensor_flops_int8",
    "tensor_flops_int4",
    "tensor_flops_fp4",
    "tensor_flops_fp64",
    "tensor_flops_b1",
    "tensor_flops",
    "sfu_ops",
    "int_ops",
    "compare_ops",
    "global_loads",
    "global_load_bytes",
    "global_stores",
    "global_store_bytes",
    "shared_load_bytes",
    "shared_store_bytes",
    "atomic_ops",
    "atomic_bytes",
    "barriers",
    "hardware_flops",
    "texture_fetches",
    "dram_bytes",
    "footprint_bytes",
    "dram_read_bytes",
    "dram_write_bytes",
    "dram_deferred_write_bytes",
    "dram_launch_bytes",
    "dram_kernel_bytes",
    "global_sector_bytes",
    "shared_wavefront_bytes",
    "l2_bytes",
    "l1_bytes",
    "footprint_sector_bytes",
};

static_assert(unsigned(Metric::Flops) == NumPrecisions,
              "one FLOPs quantity per Precision, in its order");
static_assert(unsigned(Metric::TensorFlops) -
                      unsigned(Metric::TensorFlopsFp16) ==
                  NumTensorPrecisions,
              "one tensor FLOPs quantity per TensorPrecision, in its order");

} // namespace

const char *metricKey(Metric Q) { return Keys[unsigned(Q)]; }

std::optional<Metric> metricFromKey(std::string_view Key) {
  for (unsigned I = 0; I < NumMetrics; ++I)
    if (Key == Keys[I])
      return Metric(I);
  return std::nullopt;
}

Metric flopsMetric(Precision P) {
  return Metric(unsigned(Metric::FlopsFp16) + unsigned(P));
}

Metric tensorFlopsMetric(TensorPrecision P) {
  return Metric(unsigned(Metric::TensorFlopsFp16) + unsigned(P));
}

const std::array<Metric, NumMetrics> &allMetrics() {
  static const std::array<Metric, NumMetrics> All = [] {
    std::array<Metric, NumMetrics> A{};
    for (unsigned I = 0; I < NumMetrics; ++I)
      A[I] = Metric(I);
    return A;
  }();
  return All;
}

} // namespace rla
