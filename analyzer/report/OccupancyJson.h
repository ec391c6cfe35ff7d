//===- OccupancyJson.h - Occupancy objects of the JSON report ---*- C++ -*-===//
#ifndef RLA_REPORT_OCCUPANCYJSON_H
#define RLA_REPORT_OCCUPANCYJSON_H

#include "analyzer/report/Report.h"

#include <nlohmann/json.hpp>

namespace rla {

/// The "occupancy" object of docs/json-format.md: every key always present,
/// null where unknown, "unknown_reason" saying why.
nlohmann::ordered_json occupancyJson(const OccupancyOnGpu &O);
/// The object of an OccupancyResult alone (the what-if calculator).
nlohmann::ordered_json occupancyResultJson(const OccupancyResult &R);

} // namespace rla

#endif // RLA_REPORT_OCCUPANCYJSON_H
