//===- AnalysisResources.h - The occupancy step of analyze() ----*- C++ -*-===//
#ifndef RLA_PIPELINE_ANALYSISRESOURCES_H
#define RLA_PIPELINE_ANALYSISRESOURCES_H

#include "analyzer/pipeline/Analysis.h"

namespace rla {

/// Compiles the device side with nvcc when a real toolkit is in use (once
/// per architecture, cached) and fills every kernel report's occupancy;
/// otherwise marks occupancy unknown with the reason.
void attachResources(const AnalysisRequest &Req, const ParseOptions &Parse,
                     const std::vector<std::string> &ParseCommandLine,
                     Report &R);

} // namespace rla

#endif // RLA_PIPELINE_ANALYSISRESOURCES_H
