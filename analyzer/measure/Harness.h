//===- Harness.h - A timing program for launch-file kernels -----*- C++ -*-===//
///
/// \file
/// For kernels without a `main`: from each launch of a launch file and the
/// kernel's model, emits one .cu that #includes the user's file (its own
/// `main`, if any, renamed away), allocates every pointer argument, fills it
/// with random non-zero data on the device, warms up, times each launch with
/// CUDA events, checks every CUDA call and cudaGetLastError after each
/// launch, and prints the trace format (docs/measure.md).
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_HARNESS_H
#define RLA_MEASURE_HARNESS_H

#include "analyzer/models/LaunchReport.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rla {

/// Bytes to allocate per pointer parameter of one launch, by this rule:
///  1. `--buffer-bytes NAME=SIZE` (Overrides) when given;
///  2. else the memory model's extent of that array for this launch
///     (ModelBytes, from the report's `arrays[]`) when it has one;
///  3. else the launch's requested global bytes (loads + stores + atomics,
///     the high end of a range): no array can touch more distinct bytes than
///     all the launch's accesses together, so this never under-allocates
///     what the model counts;
///  4. at least 256 bytes, rounded up to a multiple of 256.
/// false, with Error, when the totals are unbound and nothing else sizes it.
bool bufferBytes(const KernelReport &K,
                 const std::map<std::string, uint64_t> &Overrides,
                 std::map<std::string, uint64_t> &Out, std::string &Error,
                 const std::map<std::string, uint64_t> &ModelBytes = {});

/// Per-array sizes from a JSON kernel entry's `arrays[]` (objects with
/// `name` and `extent_bytes`, else `footprint_bytes`); empty when the report
/// has none.
std::map<std::string, uint64_t>
arrayBytesFromReport(const std::string &KernelJson);

struct HarnessOptions {
  std::string IncludePath; ///< the user's file as the #include spells it
  std::string Program;     ///< written as the trace's "program"
  unsigned Warmup = 3;
  unsigned Repeats = 20; ///< timed launches per case (at least 20)
  std::map<std::string, uint64_t> BufferOverrides;
  /// Per kernel entry (parallel to Kernels): the model's array sizes.
  std::vector<std::map<std::string, uint64_t>> ModelBytes;
};

/// The harness source for every entry of Kernels that has a complete launch
/// (grid, block and every scalar argument bound). false with Error when an
/// entry cannot be run.
bool generateHarness(const std::vector<KernelReport> &Kernels,
                     const HarnessOptions &Options, std::string &Source,
                     std::string &Error);

} // namespace rla

#endif // RLA_MEASURE_HARNESS_H
