//===- NvccResourceCompiler.h - Registers and shared memory from nvcc -*- C++
//-*-===//
///
/// \file
/// Compiles the device side of one file for one architecture with
/// `nvcc -cubin -lineinfo -Xptxas -v`, parses what ptxas reports and
/// disassembles the cubin with its line table (`nvdisasm -gi -c`), through
/// the ResourceCache so that an unchanged file is not compiled again.
/// -lineinfo adds the line table only; the code is the same.
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_NVCCRESOURCECOMPILER_H
#define RLA_RESOURCES_NVCCRESOURCECOMPILER_H

#include "analyzer/ir/Note.h"
#include "analyzer/resources/PtxasOutputParser.h"

#include <string>
#include <vector>

namespace rla {

struct ResourceCompileRequest {
  std::string Nvcc; ///< path of nvcc
  /// Path of nvdisasm for the machine code; empty: none (the report's SassWhy
  /// says so).
  std::string Disassembler;
  std::string File;
  /// The input's own flags, in clang spelling (-I, -D, -U, -std=, -include,
  /// -isystem, -working-directory=); the others are not passed to nvcc.
  std::vector<std::string> Flags;
  /// nvcc options that change the device code, in nvcc spelling
  /// (--use_fast_math, -maxrregcount 64): passed as they are.
  std::vector<std::string> CodeFlags;
  std::string Arch;     ///< "sm_89"
  std::string CacheDir; ///< empty: defaultCacheDirectory()
  /// What the analysis's own parse read and searched (CudaParser), kept in
  /// the cache entry beside what nvcc reports reading (-MD).
  std::vector<std::string> ParseDependencies;
  std::vector<std::string> ParseAbsentIncludes;
  bool UseCache = true;
  unsigned TimeoutSeconds = 300;
};

struct ResourceCompileResult {
  bool Ok = false;
  Note Why; ///< why there are no resources (nvcc failed, ...)
  PtxasReport Ptxas;
  bool FromCache = false;
  std::vector<std::string> CommandLine; ///< as run (or as it would run)
};

/// The flags of Flags that nvcc understands, in nvcc spelling; relative
/// -I/-isystem paths made absolute against -working-directory=.
std::vector<std::string>
nvccFlagsFromParseFlags(const std::vector<std::string> &Flags);

ResourceCompileResult compileForResources(const ResourceCompileRequest &R);

/// nvcc next to the toolkit (CudaPath/bin/nvcc), else on PATH; empty with
/// Why set when there is none.
std::string findNvcc(const std::string &CudaPath, Note &Why);

/// nvdisasm the same way (CudaPath/bin, then PATH); empty with Why set.
std::string findDisassembler(const std::string &CudaPath, Note &Why);

} // namespace rla

#endif // RLA_RESOURCES_NVCCRESOURCECOMPILER_H
