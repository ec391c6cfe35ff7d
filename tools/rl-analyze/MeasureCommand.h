//===- MeasureCommand.h - `rl-analyze measure` ------------------*- C++ -*-===//
#ifndef RLA_TOOLS_MEASURECOMMAND_H
#define RLA_TOOLS_MEASURECOMMAND_H

#include "analyzer/hw/GpuDatabase.h"

#include <string>
#include <vector>

namespace rla {

/// True when the command line named the `measure` subcommand.
bool measureCommandSelected();

/// Runs it. AfterDashes is everything after the first "--": nvcc flags, then
/// after a second "--" the program's arguments.
int runMeasureCommand(const std::vector<std::string> &AfterDashes,
                      const GpuDatabase &Db, const char *Argv0);

} // namespace rla

#endif // RLA_TOOLS_MEASURECOMMAND_H
