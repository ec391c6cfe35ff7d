//===- ArchitectureLimits.h - Per-compute-capability SM limits --*- C++ -*-===//
///
/// \file
/// Typed view of data/architectures.json: what one SM of a compute capability
/// can hold (warps, blocks, registers, shared memory), as cuda_occupancy.h
/// needs it. GPUs in data/gpus.json find theirs by compute capability.
//===----------------------------------------------------------------------===//
#ifndef RLA_HW_ARCHITECTURELIMITS_H
#define RLA_HW_ARCHITECTURELIMITS_H

#include <cstdint>
#include <string>
#include <vector>

namespace rla {

/// Warp instructions one SM completes per clock, by the pipe that executes
/// them: the CUDA C++ Programming Guide's throughput table (results per
/// clock per SM) over 32 lanes. Issue 0: the entry has none.
struct IssueRates {
  double Issue = 0;    ///< dispatch: one per scheduler (4 per SM)
  double Fma = 0;      ///< FP32 add/mul/fma
  double FmaHeavy = 0; ///< integer multiply-add (IMAD), on half the FMA units
  double Alu = 0;      ///< integer add, logic, shifts, compares
  double Fp64 = 0;
  double Xu = 0;      ///< transcendentals, conversions, popc
  double Lsu = 0;     ///< memory instructions handed to the MIO
  double Shuffle = 0; ///< warp shuffles
  /// Barriers (BAR) through the MIO beside the LSU's requests; 0: not
  /// measured, a barrier costs one issue slot.
  double Barrier = 0;
  /// A warp's MMA instructions through the tensor pipe (HMMA, IMMA of
  /// every shape; DMMA apart); 0: not measured, no tensor-pipe term.
  double Tensor = 0, TensorFp64 = 0;
  std::string Source;
  bool known() const { return Issue > 0; }
};

/// Cycles from an instruction's issue until its result is ready, for the
/// units whose results a scoreboard guards; Shared 0: the entry has none.
struct UnitLatencies {
  double L1 = 0, L2 = 0; ///< a global load that hits L1, L2
  double Dram = 0;       ///< one that goes to DRAM, with the GPU busy
  /// One that goes to DRAM with nothing else in flight, and the sectors in
  /// flight GPU-wide when Dram was measured: between the two the queue in
  /// front of DRAM grows with the requests (0: Dram throughout).
  double DramUnloaded = 0, DramLoadedSectors = 0;
  double Shared = 0;     ///< LDS
  double Constant = 0;   ///< LDC
  double Special = 0;    ///< MUFU and the other XU operations
  double Shuffle = 0;    ///< SHFL and other round trips through the MIO
  double Fp64 = 0;       ///< DFMA
  double Tensor = 0;     ///< HMMA
  double Barrier = 0;    ///< __syncthreads in a block of 256 threads
  /// What each warp of a block adds to (takes from) Barrier above 8 warps.
  double BarrierPerWarp = 0;
  std::string Source;
  bool known() const { return Shared > 0; }
  /// A DRAM access's latency with SectorsInFlight 32-byte sectors requested
  /// GPU-wide: from DramUnloaded (nothing else in flight) to Dram as the
  /// sectors grow to DramLoadedSectors, linearly in between (the queue in
  /// front of DRAM grows with the requests in it); Dram when either end is
  /// unknown.
  double dramWith(double SectorsInFlight) const;
};

/// What a launch costs beyond its work (scripts/device/launch_floor.cu):
/// a fixed time from the launch reaching the GPU to its end (an empty
/// kernel's duration), the SM cycles the block scheduler needs per block
/// it hands each SM, and the shortest life of a block on an SM (which
/// bounds the rate when few blocks fit at once). FloorSeconds 0: unknown.
struct LaunchCosts {
  double FloorSeconds = 0;
  double BlockCycles = 0;
  double BlockLifetimeCycles = 0;
  std::string Source;
  bool known() const { return FloorSeconds > 0; }
};

struct ArchitectureLimits {
  unsigned ComputeMajor = 0, ComputeMinor = 0;
  std::string Name; ///< "Hopper"
  unsigned WarpSize = 32;
  unsigned MaxWarpsPerSm = 0, MaxThreadsPerSm = 0, MaxBlocksPerSm = 0;
  unsigned MaxThreadsPerBlock = 0;
  unsigned RegistersPerSm = 0, RegistersPerBlock = 0;
  unsigned MaxRegistersPerThread = 0;
  uint64_t SharedMemoryPerSm = 0;            ///< bytes, the largest carveout
  uint64_t SharedMemoryPerBlock = 0;         ///< bytes without opt-in
  uint64_t SharedMemoryPerBlockOptin = 0;    ///< bytes with opt-in
  uint64_t ReservedSharedMemoryPerBlock = 0; ///< bytes the driver keeps
  IssueRates Issue;
  UnitLatencies Latencies;
  LaunchCosts Launch;
  std::string Source;

  std::string computeCapability() const; ///< "9.0"
};

/// All architectures the tool knows, read from a versioned JSON file.
class ArchitectureTable {
public:
  /// Parses the file; on failure returns false and sets Error (never throws).
  bool loadFile(const std::string &Path, std::string &Error);
  bool loadString(const std::string &Json, std::string &Error);
  /// loadFile(defaultPath()).
  bool loadDefault(std::string &Error);

  /// nullptr when the table has no entry for Major.Minor.
  const ArchitectureLimits *find(unsigned Major, unsigned Minor) const;
  const std::vector<ArchitectureLimits> &all() const { return Archs; }
  /// Assumed loaded DRAM latency (ns) for the latency-hiding check.
  double assumedDramLatencyNs() const { return DramLatencyNs; }
  const std::string &dramLatencySource() const { return DramLatencySource; }

  /// architectures.json beside gpus.json (GpuDatabase::defaultPath()'s dir).
  static std::string defaultPath();
  static constexpr int SupportedSchemaVersion = 3;

private:
  std::vector<ArchitectureLimits> Archs;
  double DramLatencyNs = 0;
  std::string DramLatencySource;
};

} // namespace rla

#endif // RLA_HW_ARCHITECTURELIMITS_H
