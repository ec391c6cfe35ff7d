//===- AtomicTime.h - Global atomics at the GPU's measured rate -*- C++ -*-===//
///
/// \file
/// The time one global atomic site takes, from the GPU's measured update
/// rates (GpuSpec::AtomicIntervals, by number of distinct addresses). The
/// rates were measured with random lanes over few addresses; lanes on
/// distinct addresses (an address that moves with threadIdx.x) are one
/// request per warp, at the GPU's lane-distinct rates where measured
/// (GpuSpec::LaneDistinctAtomicIntervals: the requests to a few hot lines
/// queue at their L2 slices), else the uncontended rate or one address's
/// updates one after another, whichever is longer. The roofline's atomics
/// term and the contention finding both use it.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_ATOMICTIME_H
#define RLA_MODELS_ATOMICTIME_H

#include "analyzer/hw/GpuSpec.h"

#include <optional>

namespace rla {

/// Seconds for Updates atomics on Addresses distinct addresses; nullopt when
/// the GPU has no measured rate.
/// Float: updates of floating-point values, whose updates of one address go
/// one after another at the GPU's float interval where it is measured.
std::optional<double> atomicSiteTime(const GpuSpec &Gpu, double Updates,
                                     double Addresses, bool LaneDistinct,
                                     bool Float = false);

} // namespace rla

#endif // RLA_MODELS_ATOMICTIME_H
