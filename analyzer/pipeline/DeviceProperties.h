//===- DeviceProperties.h - cudaDeviceProp of a GPU of the database -*- C++
//-*-===//
///
/// \file
/// The cudaDeviceProp fields host code reads to size its launches
/// (multiProcessorCount, maxThreadsPerBlock, sharedMemPerBlock, ...), as the
/// runtime would report them on a GPU of the database.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_DEVICEPROPERTIES_H
#define RLA_PIPELINE_DEVICEPROPERTIES_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/Expr.h"

#include <map>
#include <string>

namespace rla {

/// Fields by name, array fields as "maxGridSize[1]"; Limits may be null
/// (then only the GPU's own fields).
std::map<std::string, Rational>
deviceProperties(const GpuSpec &G, const ArchitectureLimits *Limits);

} // namespace rla

#endif // RLA_PIPELINE_DEVICEPROPERTIES_H
