//===- RooflineCeilings.h - Every roof of a GPU, for a plot -----*- C++ -*-===//
///
/// \file
/// The ceilings a roofline picture draws for one GPU: each CUDA-core peak by
/// precision and each dense tensor-core peak the database lists (peaks of
/// one value share a line: "fp16, bf16 134 TFLOP/s"), and the L1, L2 and
/// DRAM bandwidths it gives.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_ROOFLINECEILINGS_H
#define RLA_REPORT_ROOFLINECEILINGS_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/report/RooflineSvg.h"

#include <string>
#include <vector>

namespace rla {

/// Compute ceilings of Gpu, highest first.
std::vector<RoofCeiling> computeCeilings(const GpuSpec &Gpu);
/// Memory ceilings of Gpu: L1, L2, DRAM, those with a bandwidth.
std::vector<RoofCeiling> memoryCeilings(const GpuSpec &Gpu);

} // namespace rla

#endif // RLA_REPORT_ROOFLINECEILINGS_H
