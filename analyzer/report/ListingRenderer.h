//===- ListingRenderer.h - --list-gpus and --list-diagnostics ---*- C++ -*-===//
///
/// \file
/// The text of the two listing options: each GPU of the database with its
/// peaks (the default one marked), and each finding ID with what it means.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_LISTINGRENDERER_H
#define RLA_REPORT_LISTINGRENDERER_H

#include "analyzer/hw/GpuDatabase.h"

#include <string>

namespace rla {

/// One line per GPU: name, full name, architecture, FP32/FP16/FP64 peaks,
/// DRAM bandwidth and L2 size; the database's default marked.
std::string renderGpuList(const GpuDatabase &Db);

/// One entry per finding ID: the ID, its level and its one-line summary.
std::string renderDiagnosticList();

} // namespace rla

#endif // RLA_REPORT_LISTINGRENDERER_H
