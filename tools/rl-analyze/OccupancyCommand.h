//===- OccupancyCommand.h - `rl-analyze occupancy` --------------*- C++ -*-===//
#ifndef RLA_TOOLS_OCCUPANCYCOMMAND_H
#define RLA_TOOLS_OCCUPANCYCOMMAND_H

#include "analyzer/hw/GpuDatabase.h"

namespace rla {

/// True when the command line named the `occupancy` subcommand.
bool occupancyCommandRequested();
/// Runs it; returns the exit code (0, or 2 on bad input).
int runOccupancyCommand(const GpuDatabase &Db);

} // namespace rla

#endif // RLA_TOOLS_OCCUPANCYCOMMAND_H
