//===- ListingRenderer.h - Listings and --explain ---------------*- C++ -*-===//
///
/// \file
/// The text of the listing options: each GPU of the database with its
/// peaks (the default one marked), each finding ID with what it means, and
/// one ID explained at length.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LISTINGRENDERER_H
#define RLA_REPORT_LISTINGRENDERER_H

#include "analyzer/hw/GpuDatabase.h"

#include <string>
#include <vector>

namespace rla {

/// One line per GPU: name, full name, architecture, FP32/FP16/FP64 peaks,
/// DRAM bandwidth and L2 size; the database's default marked.
/// Only the GPUs named (in that order; each name known to Db) when Only is
/// not empty.
std::string renderGpuList(const GpuDatabase &Db,
                           const std::vector<std::string> &Only = {});

/// One entry per finding ID: the ID, its level and its one-line summary.
std::string renderDiagnosticList();

/// --explain ID: what the finding means, why it matters, how to fix it and
/// an example, wrapped to 80 columns. Id must be a registered ID.
std::string renderExplanation(const std::string &Id);

} // namespace rla

#endif // RLA_REPORT_LISTINGRENDERER_H
