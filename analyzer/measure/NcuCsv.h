//===- NcuCsv.h - Nsight Compute counters per kernel launch -----*- C++ -*-===//
///
/// \file
/// Reads `ncu --csv --page raw --print-units base` output: one header row, one
/// units row, one row per profiled launch. Several programs' outputs may be
/// concatenated, each preceded by a line "# program: NAME" (what
/// scripts/device/measure_suite.sh writes). ==PROF== / ==WARNING== lines are
/// skipped; "==ERROR==" lines are kept as the program's errors.
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_NCUCSV_H
#define RLA_MEASURE_NCUCSV_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rla {

struct NcuLaunch {
  std::string Program; ///< from "# program:", empty when absent
  std::string Kernel;  ///< as printed ("Kernel Name"), mangled with
                       ///< --print-kernel-base mangled
  std::array<uint64_t, 3> Grid{{0, 0, 0}}, Block{{0, 0, 0}};
  /// Metric name -> value in base units (commas and units removed).
  std::map<std::string, double> Metrics;

  std::optional<double> metric(const std::string &Name) const;
  /// fadd + fmul + 2*ffma of one precision ('f', 'd' or 'h'); unset when
  /// a counter is missing.
  std::optional<double> flops(char Precision) const;
  /// All three precisions together.
  std::optional<double> totalFlops() const;
  /// dram__bytes_read.sum + dram__bytes_write.sum.
  std::optional<double> dramBytes() const;
  std::optional<double> durationNs() const; ///< gpu__time_duration.sum
  /// Theoretical active blocks per SM: the least launch__occupancy_limit_*.
  std::optional<double> activeBlocksPerSm() const;
};

struct NcuResults {
  std::vector<NcuLaunch> Launches;
  /// Lines ncu printed as errors ("==ERROR== ..."), by program: counters it
  /// could not read are reported, not invented.
  std::map<std::string, std::vector<std::string>> Errors;
};

bool parseNcuCsv(const std::string &Text, NcuResults &Out, std::string &Error);
bool readNcuCsvFile(const std::string &Path, NcuResults &Out,
                    std::string &Error);

} // namespace rla

#endif // RLA_MEASURE_NCUCSV_H
