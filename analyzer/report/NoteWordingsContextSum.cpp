//===- NoteWordingsContextSum.cpp - Why a merged entry has no sum ---------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string tooManyContexts(const NoteValues &V) {
  return "more than " + V.whole("max_contexts") +
         " calling contexts are not bound one by one";
}

std::string launchCountUnknown(const NoteValues &) {
  return "how often it runs is not known";
}

std::string contextSymbolsUnbound(const NoteValues &V) {
  return "unbound symbols: " + V.str("symbols");
}

std::string totalsDidNotEvaluate(const NoteValues &) {
  return "its totals did not evaluate";
}

} // namespace notewording
} // namespace rla
