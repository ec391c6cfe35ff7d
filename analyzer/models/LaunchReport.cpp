//===- LaunchReport.cpp ---------------------------------------------------===//
#include "analyzer/models/LaunchReport.h"

namespace rla {

BoundValue BoundTotals::get(const std::string &Key) const {
  auto It = Values.find(Key);
  if (It == Values.end())
    return std::nullopt;
  return It->second;
}

std::pair<std::string, std::string> &
FormulaTable::operator[](const std::string &Key) {
  if (!Shared)
    Shared = std::make_shared<Map>();
  else if (Shared.use_count() > 1)
    Shared = std::make_shared<Map>(*Shared);
  return (*Shared)[Key];
}

const FormulaTable::Map &FormulaTable::map() const {
  static const Map Empty;
  return Shared ? *Shared : Empty;
}

} // namespace rla
