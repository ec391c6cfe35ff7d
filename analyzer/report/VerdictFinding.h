//===- VerdictFinding.h - The roofline verdict as a finding -----*- C++ -*-===//
///
/// \file
/// A bound launch's verdict carries an ID too (rl-memory-bound,
/// rl-compute-bound), so that it can be suppressed in source and named by
/// --fail-on like any other finding.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_VERDICTFINDING_H
#define RLA_REPORT_VERDICTFINDING_H

#include "analyzer/report/Report.h"

#include <optional>

namespace rla {

/// The verdict on the first GPU as a remark at the kernel's name; nothing
/// when the launch is unbound or the verdict undecided.
std::optional<Finding> verdictFinding(const KernelReport &K);

} // namespace rla

#endif // RLA_REPORT_VERDICTFINDING_H
