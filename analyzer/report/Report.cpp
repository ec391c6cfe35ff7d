//===- Report.cpp ---------------------------------------------------------===//
#include "analyzer/report/Report.h"

namespace rla {

BoundValue BoundTotals::get(const std::string &Key) const {
  auto It = Values.find(Key);
  if (It == Values.end())
    return std::nullopt;
  return It->second;
}

} // namespace rla
