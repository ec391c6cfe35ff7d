//===- GpuListJson.h - --list-gpus --format=json ----------------*- C++ -*-===//
///
/// \file
/// Every GPU of the database as JSON: its CUDA-core and dense tensor-core
/// peaks with their sources, DRAM bandwidth, and the ridge point of each
/// roof (peak / DRAM bandwidth), for scripts that compare GPUs.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_GPULISTJSON_H
#define RLA_REPORT_GPULISTJSON_H

#include "analyzer/hw/GpuDatabase.h"

#include <string>
#include <vector>

namespace rla {

/// {"default": NAME, "gpus": [{name, ..., peak_flops, tensor_flops,
/// ridge_points: {fp32, ..., tensor: {bf16, ...}}}]}, pretty-printed.
/// Only the GPUs named (in that order; each name known to Db) when Only is
/// not empty.
std::string renderGpuListJson(const GpuDatabase &Db,
                           const std::vector<std::string> &Only = {});

} // namespace rla

#endif // RLA_REPORT_GPULISTJSON_H
