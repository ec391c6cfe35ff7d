//===- HostOccupancy.h - The occupancy calculator host code asks -*- C++
//-*-===//
///
/// \file
/// Host code that sizes its launches with the runtime's occupancy calculator
/// (`cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, kernel)`,
/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`) gets the answer the
/// runtime would give on the first --gpu: the kernel's registers and static
/// shared memory from compiling the file with nvcc (once, through the
/// resource cache), and NVIDIA's calculator (models/Occupancy.h).
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_HOSTOCCUPANCY_H
#define RLA_PIPELINE_HOSTOCCUPANCY_H

#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/hw/GpuSpec.h"
#include "analyzer/pipeline/Analysis.h"

#include <string>

namespace rla {

/// The builder the parse applies to its flags; unset with WhyNot set when
/// occupancy cannot be computed (--no-resources, no nvcc, unknown
/// architecture).
std::function<OccupancyOracle(const std::vector<std::string> &,
                              const std::vector<std::string> &)>
hostOccupancy(const AnalysisRequest &Req, const ParseOptions &Parse,
              const GpuSpec &Gpu, std::string &WhyNot);

} // namespace rla

#endif // RLA_PIPELINE_HOSTOCCUPANCY_H
