//===- HostOccupancy.h - Occupancy answers for host code --------*- C++ -*-===//
///
/// \file
/// Host code that sizes its launches with the runtime's occupancy calculator
/// (`cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, kernel)`,
/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`) gets the answer the
/// runtime would give on the first --gpu: the kernel's registers and static
/// shared memory from compiling the file with nvcc (once, through the
/// resource cache), and NVIDIA's calculator (models/Occupancy.h). The front
/// end asks through its OccupancyOracle interface, which this implements.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_HOSTOCCUPANCY_H
#define RLA_PIPELINE_HOSTOCCUPANCY_H

#include "analyzer/frontend/host/OccupancyOracle.h"
#include "analyzer/hw/GpuSpec.h"
#include "analyzer/pipeline/Analysis.h"

#include <memory>
#include <optional>

namespace rla {

/// The oracle the parse asks for its flags' calculator (the front end's
/// interface, frontend/host/OccupancyOracle.h, implemented here); null with
/// WhyNot set when occupancy cannot be computed (--no-resources, no nvcc,
/// unknown architecture).
std::shared_ptr<const OccupancyOracle>
hostOccupancy(const AnalysisRequest &Req, const ParseOptions &Parse,
              const GpuSpec &Gpu, std::optional<Note> &WhyNot);

} // namespace rla

#endif // RLA_PIPELINE_HOSTOCCUPANCY_H
