//===- AnalysisResources.h - The compiled file, for occupancy ---*- C++ -*-===//
#ifndef RLA_PIPELINE_ANALYSISRESOURCES_H
#define RLA_PIPELINE_ANALYSISRESOURCES_H

#include "analyzer/models/KernelResources.h"
#include "analyzer/pipeline/Analysis.h"

namespace rla {

/// How the launch stages get registers and shared memory: nvcc on the
/// parsed file with its flags, once per architecture and cached, when a
/// real toolkit is in use; otherwise Disabled says why. Archs: the
/// architecture limits (null with ArchsError). R: the report so far (the
/// files its parse read key the cache). NvccCodeFlags: nvcc options that
/// change the device code (ParsedFile::NvccCodeFlags), passed to nvcc.
ResourceOptions
resourceOptions(const AnalysisRequest &Req, const ParseOptions &Parse,
                const std::vector<std::string> &ParseCommandLine,
                const std::vector<std::string> &NvccCodeFlags, const Report &R,
                const ArchitectureTable *Archs, const std::string &ArchsError);

} // namespace rla

#endif // RLA_PIPELINE_ANALYSISRESOURCES_H
