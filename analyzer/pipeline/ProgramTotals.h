//===- ProgramTotals.h - Whole-program sums over counted launches -*- C++
//-*-===//
///
/// \file
/// Sums each entry's work and predicted time times its launch count, for
/// the entries the host run reached, so a time-step loop of 100 launches
/// weighs 100 times one launch.
//===----------------------------------------------------------------------===//
#ifndef RLA_PIPELINE_PROGRAMTOTALS_H
#define RLA_PIPELINE_PROGRAMTOTALS_H

#include "analyzer/report/Report.h"

namespace rla {

ProgramTotals programTotals(const Report &R);

/// Adds one entry to P (a report with Gpus GPUs), as programTotals does.
void addToProgram(ProgramTotals &P, const KernelReport &K, size_t Gpus);

} // namespace rla

#endif // RLA_PIPELINE_PROGRAMTOTALS_H
