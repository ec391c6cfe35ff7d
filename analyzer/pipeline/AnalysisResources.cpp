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
    O.Disabled = note(NoteId::ResourcesOff);
  } else if (Parse.NoCudaHeaders) {
    O.Disabled = note(NoteId::ResourcesWithoutToolkit);
  } else {
    Note Why;
    Nvcc = findNvcc(Parse.CudaPath, Why);
    if (Nvcc.empty())
      O.Disabled = note(NoteId::ResourcesNeedNvcc, {}, {Why});
  }
  ResourceCompileRequest C;
  C.Nvcc = Nvcc;
  if (!Nvcc.empty()) {
    Note Why; // no disassembler: the compile's SassWhy says so
    C.Disassembler = findDisassembler(Parse.CudaPath, Why);
  }
  C.File = Parse.File;
  C.Flags = ParseCommandLine;
  C.CodeFlags = NvccCodeFlags;
  C.CacheDir = Req.ResourceCacheDir;
  C.UseCache = !Req.NoResourceCache;
  C.ParseDependencies = R.Dependencies;
  C.ParseAbsentIncludes = R.AbsentIncludes;
  O.Compile = [C](const std::string &Arch, PtxasReport &Out,
                  Note &Why) mutable {
    C.Arch = Arch;
    ResourceCompileResult Got = compileForResources(C);
    if (!Got.Ok) {
      Why = Got.Why;
      return false;
    }
    Out = std::move(Got.Ptxas);
    return true;
  };
  return O;
}

} // namespace rla
