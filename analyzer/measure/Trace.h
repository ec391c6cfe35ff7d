//===- Trace.h - Launch records written by the tracer or a harness -*- C++
//-*-===//
///
/// \file
/// The trace is JSON lines (docs/measure.md): "device" records describe a GPU
/// as the runtime reported it, "launch" records one kernel launch each with
/// its configuration, timing and raw argument bytes. Both the CUPTI tracer
/// (tools/tracer) and generated harnesses write it; this reads it back.
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_TRACE_H
#define RLA_MEASURE_TRACE_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// A GPU as cuDeviceGetAttribute described it (-1: not reported).
struct TraceDevice {
  int Ordinal = 0;
  std::string Program; ///< the traced executable's name
  std::string Name;    ///< "NVIDIA H200"
  int CcMajor = 0, CcMinor = 0;
  int64_t SmCount = -1, SmClockKHz = -1, MemClockKHz = -1, MemBusBits = -1;
  int64_t L2Bytes = -1, GlobalMemBytes = -1, MaxThreadsPerSm = -1;
  int64_t MaxBlocksPerSm = -1, RegsPerSm = -1, SmemPerSm = -1;
  std::string Source; ///< "tracer" or "harness"
};

/// One argument's bytes as passed to the launch.
struct TraceArg {
  uint64_t Offset = 0;
  std::vector<uint8_t> Bytes;
};

struct TraceLaunch {
  std::string Program; ///< from the device record that precedes it
  int Device = 0;
  std::string Kernel; ///< mangled name
  std::array<uint64_t, 3> Grid{{1, 1, 1}}, Block{{1, 1, 1}};
  uint64_t DynamicSmem = 0;
  uint64_t Stream = 0;
  /// Launch order within its program (CUPTI's correlation id).
  uint64_t Correlation = 0;
  /// Kernel duration on the GPU; unset when no timing came.
  std::optional<double> DurationNs;
  int Registers = -1, StaticSmem = -1, LocalBytes = -1;
  int ActiveBlocksPerSm = -1; ///< the driver's occupancy for this launch
  std::vector<TraceArg> Args;
  bool HasArgs = false; ///< false when the tracer could not read them
  unsigned Line = 0;    ///< in the trace file, for messages
};

struct Trace {
  std::vector<TraceDevice> Devices;
  std::vector<TraceLaunch> Launches;
  /// Devices[i] for a launch (by program and ordinal); nullptr if none.
  const TraceDevice *deviceOf(const TraceLaunch &L) const;
};

/// Parses trace text; false with Error ("line 3: ...") on malformed input.
bool parseTrace(const std::string &Text, Trace &Out, std::string &Error);
bool readTraceFile(const std::string &Path, Trace &Out, std::string &Error);

} // namespace rla

#endif // RLA_MEASURE_TRACE_H
