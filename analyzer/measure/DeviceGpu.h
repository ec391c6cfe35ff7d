//===- DeviceGpu.h - The GPU a trace ran on, as a GpuSpec -------*- C++ -*-===//
///
/// \file
/// Finds the database entry for the device the runtime reported; for a GPU
/// the database does not know, derives a GpuSpec from the reported properties
/// (SMs, clocks, memory bus), marking every number "derived: runtime
/// properties" so the report says where it came from.
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_DEVICEGPU_H
#define RLA_MEASURE_DEVICEGPU_H

#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/measure/Trace.h"

#include <optional>

namespace rla {

/// The database entry whose name, full name or alias matches the device's
/// name ("NVIDIA H200" -> H200); nullptr when none does.
const GpuSpec *findDeviceGpu(const GpuDatabase &Db, const TraceDevice &D);

/// A spec from the device's own properties: DRAM bandwidth = 2 x memory
/// clock x bus width (double data rate), FP32 peak = SMs x FP32 lanes per SM
/// for its compute capability x 2 x SM clock, FP64 from the architecture's
/// FP64:FP32 ratio. nullopt when the record lacks SMs or clocks.
std::optional<GpuSpec> gpuFromDevice(const TraceDevice &D);

} // namespace rla

#endif // RLA_MEASURE_DEVICEGPU_H
