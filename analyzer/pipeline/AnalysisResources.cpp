//===- AnalysisResources.cpp ----------------------------------------------===//
#include "analyzer/pipeline/AnalysisResources.h"
#include "analyzer/resources/NvccResourceCompiler.h"
#include "analyzer/resources/OccupancyStage.h"

namespace rla {

void attachResources(const AnalysisRequest &Req, const ParseOptions &Parse,
                     const std::vector<std::string> &ParseCommandLine,
                     Report &R) {
  OccupancyStageOptions O;
  ArchitectureTable Archs;
  if (Archs.loadDefault(O.ArchsError))
    O.Archs = &Archs;
  std::string Nvcc;
  if (Req.NoResources) {
    O.Disabled = "resources were not computed (--no-resources)";
  } else if (Parse.NoCudaHeaders) {
    O.Disabled = "resources were not computed: the file was parsed without "
                 "the CUDA toolkit (--no-cuda-headers)";
  } else {
    std::string Error;
    Nvcc = findNvcc(Parse.CudaPath, Error);
    if (Nvcc.empty())
      O.Disabled = "registers and shared memory need nvcc: " + Error;
  }
  O.Compile = [&](const std::string &Arch, PtxasReport &Out,
                  std::string &Error) {
    ResourceCompileRequest C;
    C.Nvcc = Nvcc;
    C.File = Parse.File;
    C.Flags = ParseCommandLine;
    C.Arch = Arch;
    C.CacheDir = Req.ResourceCacheDir;
    C.UseCache = !Req.NoResourceCache;
    C.ParseDependencies = R.Dependencies;
    C.ParseAbsentIncludes = R.AbsentIncludes;
    ResourceCompileResult Got = compileForResources(C);
    if (!Got.Ok) {
      Error = Got.Error;
      return false;
    }
    Out = std::move(Got.Ptxas);
    return true;
  };
  attachOccupancy(R, O);
}

} // namespace rla
