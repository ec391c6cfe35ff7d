//===- NoteWordingsWalkerRanges.cpp - Why the walker's count is a range ---===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string secondModularCondition(const NoteValues &) {
  return "two modular conditions on one thread index: the second is not "
         "counted";
}

std::string strideLoopInGuard(const NoteValues &V) {
  return "stride loop at " + V.str("loop") +
         " inside a guard on the same index: counted per thread";
}

std::string threadGateNotSummed(const NoteValues &) {
  return "a condition on the thread index that is no interval of it could "
         "not be summed over the threads there: from none to all of them";
}

std::string restAfterEarlyExit(const NoteValues &V) {
  return "code after the early exit at " + V.str("at") + " runs only where " +
         V.str("cond") +
         (V.flag("data_dependent")
              ? " is false, which depends on data"
              : " is false, a condition the model does not count exactly");
}

std::string branchNotExact(const NoteValues &V) {
  std::string On = V.str("cond");
  if (V.flag("part_given"))
    On = V.str("part").empty() ? "a condition" : "`" + V.str("part") + "`";
  return (V.flag("conditional") ? "conditional expression at " : "branch at ") +
         V.str("at") + " on " + On +
         (V.flag("data_dependent")
              ? " depends on data"
              : " has a form the model does not count exactly (not an "
                "interval of one thread index)");
}

std::string loopMayExitEarly(const NoteValues &V) {
  return "loop at " + V.str("loop") + " may exit early (" + V.joinedParts() +
         ")";
}

std::string loopBreaksOrReturns(const NoteValues &) { return "break/return"; }

std::string switchCaseOnData(const NoteValues &V) {
  return "switch at " + V.str("at") + " on " + V.str("cond") +
         ": the case taken depends on data";
}

} // namespace notewording
} // namespace rla
