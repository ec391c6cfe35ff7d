//===- GpuDatabase.h - Loads data/gpus.json ---------------------*- C++ -*-===//
#ifndef RLA_HW_GPUDATABASE_H
#define RLA_HW_GPUDATABASE_H

#include "analyzer/hw/GpuSpec.h"

#include <string>
#include <vector>

namespace rla {

/// All GPUs the tool knows, read from a versioned JSON data file.
class GpuDatabase {
public:
  /// Parses the file; on failure returns false and sets Error (never throws).
  bool loadFile(const std::string &Path, std::string &Error);
  bool loadString(const std::string &Json, std::string &Error);
  /// loadFile(defaultPath()).
  bool loadDefault(std::string &Error);

  /// Case-insensitive lookup by name, full name or alias; ignores spaces, '-'
  /// and '_' ("h100", "H100-SXM", "rtx 5090", "NVIDIA H200" as nvidia-smi
  /// prints it). nullptr when unknown.
  const GpuSpec *find(const std::string &NameOrAlias) const;
  const std::vector<GpuSpec> &all() const { return Gpus; }
  /// "L4, L40S, T4, ..." for error messages.
  std::string knownNames() const;
  /// The database's default GPU (the "default" key of the file).
  const std::string &defaultName() const { return Default; }
  int schemaVersion() const { return SchemaVersion; }

  /// data/gpus.json next to the installed tool or in the source tree:
  /// $RL_ANALYZE_DATA_DIR/gpus.json if set, else
  /// <exe dir>/../share/rl-analyze/gpus.json if it exists, else the source
  /// tree's data/gpus.json.
  static std::string defaultPath();
  /// Lets defaultPath() find the installed copy; pass main's argv[0].
  static void setExecutablePath(const std::string &Argv0);
  /// The schema versions this loader reads.
  static constexpr int SupportedSchemaVersion = 1;

private:
  std::vector<GpuSpec> Gpus;
  std::string Default;
  int SchemaVersion = 0;
};

} // namespace rla

#endif // RLA_HW_GPUDATABASE_H
