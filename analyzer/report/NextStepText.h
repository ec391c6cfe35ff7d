//===- NextStepText.h - "next: coalesce ... -2.1 ms of 3.1 ms" --*- C++ -*-===//
///
/// \file
/// One line per launch that says what to change first: the fix the models
/// price as saving the most time on the GPUs asked for, with its saving;
/// when none saves anything, the level that bounds the launch and that the
/// launch is at its roof there.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_NEXTSTEPTEXT_H
#define RLA_REPORT_NEXTSTEPTEXT_H

#include "analyzer/report/Report.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// "coalesce the store of 'out' at kernels/transpose.cu:56:5": V's next
/// step (the NextStep stage's); "" for AtRoof.
std::string nextStepAction(const GpuVerdict &V);

/// The text after "next": the action and its saving per GPU, or the roof;
/// "" when K has no decided verdict.
std::string nextStepText(const KernelReport &K);

/// The launch's next step as a remark at the line to change
/// (`[rl-next-step]`, for diagnostics, the plugin and the language server);
/// none when it is at its roof on every GPU or not bound.
std::optional<Finding> nextStepFinding(const KernelReport &K);

} // namespace rla

#endif // RLA_REPORT_NEXTSTEPTEXT_H
