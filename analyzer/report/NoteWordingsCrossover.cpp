//===- NoteWordingsCrossover.cpp - Why a crossover is unknown -------------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string crossoverNotEvaluated(const NoteValues &) {
  return "the model could not be evaluated at any value";
}

std::string crossoverNotEvaluatedFor(const NoteValues &V) {
  return "the model could not be evaluated for " + V.str("symbol") +
         " (bind the launch and every other symbol)";
}

std::string crossoverNoRoof(const NoteValues &V) {
  const std::string Precision = V.str("precision");
  return "no " + (Precision.empty() ? std::string("roof") : Precision) +
         " peak or DRAM bandwidth for " + V.str("gpu");
}

} // namespace notewording
} // namespace rla
