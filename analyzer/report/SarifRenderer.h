//===- SarifRenderer.h - SARIF 2.1.0 log for code scanning ------*- C++ -*-===//
///
/// \file
/// One SARIF 2.1.0 log (one run) for any number of analysed files, read from
/// their JSON reports: a rule per finding ID of the registry (description,
/// help, default level) and a result per finding with its location. Findings
/// silenced in source are kept with an "inSource" suppression, as SARIF
/// viewers expect.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_SARIFRENDERER_H
#define RLA_REPORT_SARIFRENDERER_H

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace rla {

std::string renderSarif(const std::vector<nlohmann::ordered_json> &Reports,
                        const std::string &ToolVersion);

/// A file path as a SARIF artifact URI: relative paths stay relative
/// (percent-encoded), absolute ones become file:// URIs.
std::string sarifUri(const std::string &Path);

} // namespace rla

#endif // RLA_REPORT_SARIFRENDERER_H
