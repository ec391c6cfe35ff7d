//===- QuestionsText.h - --solve and --precision in the reports -*- C++ -*-===//
///
/// \file
/// The crossover size and the what-if as text lines and as JSON, from the
/// results of models/Crossover.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_QUESTIONSTEXT_H
#define RLA_REPORT_QUESTIONSTEXT_H

#include "analyzer/report/Report.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rla {

/// "compute-bound when N ≥ ~2362": the answer of one crossover point.
std::string crossoverPointText(const std::string &Symbol,
                               const CrossoverPoint &P);

/// The "crossover" and "what-if" lines of a kernel (empty when not asked),
/// each ending in a newline.
std::string questionsText(const KernelReport &K);

/// {"crossover": [...]} and {"what_if": {...}} members for a kernel entry.
nlohmann::ordered_json crossoverJson(const KernelReport &K);
nlohmann::ordered_json whatIfJson(const KernelReport &K);

} // namespace rla

#endif // RLA_REPORT_QUESTIONSTEXT_H
