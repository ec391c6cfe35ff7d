//===- FootprintRuleText.cpp ----------------------------------------------===//
#include "analyzer/report/FootprintRuleText.h"

namespace rla {
namespace {

const char *ruleWords(FootprintRule Rule) {
  switch (Rule) {
  case FootprintRule::Empty:
    return "empty";
  case FootprintRule::Contiguous:
    return "contiguous";
  case FootprintRule::NestedStrides:
    return "nested strides";
  case FootprintRule::UnionOfIntervals:
    return "union of intervals";
  case FootprintRule::Enumerated:
    return "enumerated";
  case FootprintRule::BoundPointsOrHull:
    return "bound (min of points and hull)";
  case FootprintRule::BoundSummedPointsOrHull:
    return "bound (min of summed points and hull)";
  case FootprintRule::BoundPartialLoop:
    return "bound (a loop that takes only part of its range)";
  case FootprintRule::OnePerIteration:
    return "one element per iteration (a loop range shaped by the thread)";
  case FootprintRule::BoundAllocated:
    return "bound (the buffer the program allocated)";
  }
  return "";
}

} // namespace

std::string footprintRuleText(FootprintRule Rule, bool SectorsAsBox) {
  std::string Words = ruleWords(Rule);
  if (SectorsAsBox)
    Words += ", in sectors as its box";
  return Words;
}

} // namespace rla
