//===- GpuSpec.h - One GPU's published and measured limits ------*- C++ -*-===//
///
/// \file
/// Typed view of one entry of data/gpus.json. Units are in the field names
/// (SI: FLOP/s, byte/s, bytes). Every number carries the source it came from.
//===----------------------------------------------------------------------===//
#ifndef RLA_HW_GPUSPEC_H
#define RLA_HW_GPUSPEC_H

#include "analyzer/ir/KernelModel.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// A number with where it came from ("NVIDIA L40S datasheet", "derived: ...",
/// "measured: ...", or "unverified").
struct SourcedValue {
  double Value = 0;
  std::string Source;
  /// A ceiling measured on real hardware, in the same SI unit as Value. Models
  /// use Value (the datasheet) unless the caller opts in via
  /// GpuSpec::withMeasured(), so predictions stay comparable across machines.
  std::optional<double> Measured = std::nullopt;
  std::string MeasuredSource = {};

  /// True when Source starts with "unverified": no document backs the number.
  bool isUnverified() const;
};

/// Where a number comes from, read off its source: measured on this GPU,
/// given by a document (datasheet, whitepaper, study), derived from other
/// numbers by a stated rule, assumed (carried over from another GPU), or
/// backed by nothing.
enum class Provenance { Measured, Sourced, Derived, Assumed, Unverified };
Provenance provenanceOf(const SourcedValue &V);

/// What a number in the data file measures; each accepts its own units.
enum class Quantity { Count, Frequency, FlopRate, ByteRate, Bytes, Duration };
const char *quantityName(Quantity Q); ///< "a FLOP rate", "a size", ...

/// Factor turning a value in Unit into SI for Q ("TB/s" -> 1e12 byte/s,
/// "MiB" -> 1048576 bytes). Units are case-sensitive because "MB" and "Mb"
/// differ. nullopt when Unit is unknown or measures another quantity.
std::optional<double> unitScale(const std::string &Unit, Quantity Q);
/// The units Q accepts, "GB/s, TB/s", for error messages.
std::string acceptedUnits(Quantity Q);

struct GpuSpec {
  std::string Name;                 ///< "L40S"
  std::string FullName;             ///< "NVIDIA L40S"
  std::vector<std::string> Aliases; ///< lower-case alternatives: "l40s"
  std::string Architecture;         ///< "Ada Lovelace"
  unsigned ComputeMajor = 0, ComputeMinor = 0;
  std::optional<SourcedValue> SmCount;
  std::optional<SourcedValue> BoostClockHz;
  /// Peak non-tensor FLOP/s by Precision (CUDA cores; an FMA is 2 FLOPs).
  std::array<std::optional<SourcedValue>, NumPrecisions> PeakFlops;
  /// Dense tensor-core FLOP/s, keyed "fp16", "bf16", "tf32", "fp8", "fp4",
  /// "fp64".
  std::vector<std::pair<std::string, SourcedValue>> TensorFlops;
  std::optional<SourcedValue> DramBandwidth; ///< bytes/s
  std::optional<SourcedValue> DramBytes;     ///< capacity
  std::optional<SourcedValue> L2Bytes;
  /// One SM's combined L1 data cache and shared memory: what the L1 holds
  /// is this less the shared memory of the blocks resident on the SM.
  std::optional<SourcedValue> L1SharedBytesPerSm;
  /// Bytes an L2 miss brings from DRAM (a sector pair on Hopper); unset:
  /// one 32-byte sector.
  std::optional<SourcedValue> DramFetchBytes;
  /// Aggregate L2 -> SM and L1/shared bandwidths, bytes/s (the ceilings of
  /// the hierarchical roofline).
  std::optional<SourcedValue> L2Bandwidth, L1Bandwidth;
  /// Loaded DRAM latency, seconds (Little's law); unset: the architecture
  /// table's assumed value applies (see DramLatency.h).
  std::optional<SourcedValue> DramLatency;
  /// Host link (PCIe) bandwidth in one direction, bytes/s: what a copy to
  /// or from host memory crosses.
  std::optional<SourcedValue> HostLinkBandwidth;
  /// An empty kernel's duration on this GPU, seconds, where it was measured
  /// on it; unset: the architecture's (data/architectures.json 'launch').
  std::optional<SourcedValue> LaunchFloor;
  /// Bytes a launch reads from DRAM of its own with caches flushed (its
  /// code, constants and parameters): what an empty kernel reads.
  std::optional<SourcedValue> LaunchDramBytes;
  /// DRAM streams as kernels reach them (measured): reading only, writing
  /// only, and copying (as many bytes read as written), bytes/s. With all
  /// three, a launch's DRAM time is read/R + written/W + min(read,
  /// written) x the turnaround the copy shows (dramTime()).
  std::optional<SourcedValue> DramReadBandwidth, DramWriteBandwidth,
      DramCopyBandwidth;
  /// Seconds for Read bytes read and Written bytes written from DRAM at the
  /// measured stream rates; nullopt without them.
  std::optional<double> dramTime(double Read, double Written) const;
  /// Special-function (MUFU) results per second: SMs x 16 per clock x the
  /// boost clock (every compute capability the database holds).
  std::optional<SourcedValue> SfuThroughput;
  /// Texture fetches per second: SMs x 4 texture units x the boost clock.
  std::optional<SourcedValue> TextureThroughput;
  /// Global atomics: seconds per update (all SMs together) when the updates
  /// fall on a given number of distinct addresses, ascending by addresses
  /// (measured; empty: atomics are not timed). Few addresses serialize.
  struct AtomicRate {
    double Addresses = 0;
    SourcedValue Interval; ///< seconds per update
  };
  std::vector<AtomicRate> AtomicIntervals;
  /// Seconds per update of one float address (atomicAdd(float *)), one
  /// lane or many: the float units do not combine them.
  std::optional<SourcedValue> FloatAtomicInterval;
  /// Seconds per update for atomics on Addresses distinct addresses,
  /// interpolated log-log between the measured points (clamped at the
  /// ends); nullopt when none are measured.
  std::optional<double> atomicInterval(double Addresses) const;
  /// The same for warps whose lanes update distinct addresses of a few hot
  /// ones (slot[i % K]): a warp's updates go out as one request, and the
  /// requests to the same lines queue at their L2 slice.
  std::vector<AtomicRate> LaneDistinctAtomicIntervals;
  std::optional<double> laneDistinctAtomicInterval(double Addresses) const;
  /// What a global store request spread over more than 4 lines costs the
  /// L2 (measured): seconds per sector and per 128-byte line it touches.
  /// Unset: such stores cost their sector bytes at the L2 bandwidth.
  struct ScatteredStoreCost {
    SourcedValue PerSector, PerLine;
  };
  std::optional<ScatteredStoreCost> ScatteredStore;
  /// Free-text caveats from the data file (conflicting sources, variants).
  std::vector<std::string> Notes;

  /// "sm_89"
  std::string smArch() const;
  /// Non-tensor peak of P, nullptr when the data file has none.
  const SourcedValue *peakFlops(Precision P) const;
  /// Dense tensor-core peak for Kind ("bf16", "fp8", ...), nullptr if none.
  const SourcedValue *tensorFlops(const std::string &Kind) const;
  /// A copy whose numbers use their measured ceiling where one exists.
  GpuSpec withMeasured() const;
};

} // namespace rla

#endif // RLA_HW_GPUSPEC_H
