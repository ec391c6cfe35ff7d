//===- AnalysisResources.cpp ----------------------------------------------===//
#include "analyzer/pipeline/AnalysisResources.h"
#include "analyzer/resources/NvccResourceCompiler.h"

namespace rla {

ResourceOptions
resourceOptions(const AnalysisRequest &Req, const ParseOptions &Parse,
                const std::vector<std::string> &ParseCommandLine,
                const std::vector<std::string> &NvccCodeFlags, const Report &R,
                const ArchitectureTable *Archs, const std::string &ArchsError) {
  ResourceOptions O;
  O.Archs = Archs;
  O.ArchsError = ArchsError;
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
  ResourceCompileRequest C;
  C.Nvcc = Nvcc;
  if (!Nvcc.empty()) {
    std::string Error;
    C.Disassembler = findDisassembler(Parse.CudaPath, Error);
  }
  C.File = Parse.File;
  C.Flags = ParseCommandLine;
  C.CodeFlags = NvccCodeFlags;
  C.CacheDir = Req.ResourceCacheDir;
  C.UseCache = !Req.NoResourceCache;
  C.ParseDependencies = R.Dependencies;
  C.ParseAbsentIncludes = R.AbsentIncludes;
  O.Compile = [C](const std::string &Arch, PtxasReport &Out,
                  std::string &Error) mutable {
    C.Arch = Arch;
    ResourceCompileResult Got = compileForResources(C);
    if (!Got.Ok) {
      Error = Got.Error;
      return false;
    }
    Out = std::move(Got.Ptxas);
    return true;
  };
  return O;
}

} // namespace rla
