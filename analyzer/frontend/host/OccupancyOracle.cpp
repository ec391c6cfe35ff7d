//===- OccupancyOracle.cpp ------------------------------------------------===//
#include "analyzer/frontend/host/OccupancyOracle.h"

namespace rla {

OccupancyCalculator::~OccupancyCalculator() = default;
OccupancyOracle::~OccupancyOracle() = default;

} // namespace rla
