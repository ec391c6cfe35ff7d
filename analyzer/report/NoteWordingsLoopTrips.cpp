//===- NoteWordingsLoopTrips.cpp - Why a loop's trip count is not derived -===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string tripRangeFor(const NoteValues &) {
  return "a range-based for loop";
}

std::string tripBodyChangesDecrementedCounter(const NoteValues &) {
  return "its body changes the counter its test decrements";
}

std::string tripStartUnknown(const NoteValues &) {
  return "its start value is not known from parameters and indices";
}

std::string tripHalvingTestNotAbove(const NoteValues &) {
  return "a halving loop whose condition is not `> bound`";
}

std::string tripDoublingTestNotBelow(const NoteValues &) {
  return "a doubling loop whose condition is not `< bound`";
}

std::string tripStepZero(const NoteValues &) { return "its step is zero"; }

std::string tripEqualityTest(const NoteValues &) {
  return "its condition is an equality";
}

std::string tripStepsAway(const NoteValues &) {
  return "it steps away from its bound";
}

std::string tripTestNotComparison(const NoteValues &) {
  return "its condition is not a comparison";
}

std::string tripTestNoSteppedVariable(const NoteValues &) {
  return "its condition does not compare a variable the loop advances by a "
         "fixed step";
}

std::string tripTestFloatingPoint(const NoteValues &) {
  return "its condition compares floating-point values";
}

std::string tripBodyChangesVariable(const NoteValues &) {
  return "its body changes the induction variable";
}

std::string tripIncrementNotStep(const NoteValues &) {
  return "its increment is not a constant step, a halving or a doubling";
}

std::string tripBoundChanges(const NoteValues &) {
  return "its bound changes inside the loop";
}

std::string tripBoundUnknown(const NoteValues &) {
  return "its bound is not known from parameters and indices";
}

std::string tripFloatCounterNotStepped(const NoteValues &) {
  return "a floating-point counter that does not step by a constant";
}

std::string tripDoWhileHalvesOrDoubles(const NoteValues &) {
  return "a do-while loop that halves or doubles";
}

std::string tripStepUnknown(const NoteValues &) {
  return "its step is not known from parameters and indices";
}

std::string tripNoConjunctCounted(const NoteValues &V) {
  return "no part of its && condition is counted: " + V.joinedParts();
}

std::string tripNoExitTestCounted(const NoteValues &V) {
  return "its condition always holds and no part of its exit tests is "
         "counted: " +
         V.joinedParts();
}

std::string tripStrideExitNotFirst(const NoteValues &) {
  return "a stride loop whose exit test is not the first thing its body does";
}

std::string stopsEarlyConjunct(const NoteValues &V) {
  return "a part of its && condition is not counted: " + V.joinedParts();
}

std::string stopsEarlyExitInBody(const NoteValues &) {
  return "it leaves through an exit test in its body";
}

} // namespace notewording
} // namespace rla
