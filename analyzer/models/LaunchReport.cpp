//===- LaunchReport.cpp ---------------------------------------------------===//
#include "analyzer/models/LaunchReport.h"

namespace rla {

BoundValue BoundTotals::get(const std::string &Key) const {
  auto It = Values.find(Key);
  if (It == Values.end())
    return std::nullopt;
  return It->second;
}

} // namespace rla
