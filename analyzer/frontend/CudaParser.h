//===- CudaParser.h - Runs Clang on one CUDA file ---------------*- C++ -*-===//
///
/// \file
/// Parses a .cu file with Clang in CUDA mode (the host-side job, which sees
/// kernel bodies and launch sites alike) and extracts kernels and launches.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_CUDAPARSER_H
#define RLA_FRONTEND_CUDAPARSER_H

#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace rla {

struct ParseOptions {
  std::string File;
  /// Flags for the parse (-I, -D, -std, ...), from `--`, -p or the config.
  std::vector<std::string> ExtraArgs;
  /// Directory of compile_commands.json (-p); empty for none.
  std::string CompileDbDir;
  std::string CudaPath; ///< toolkit root
  std::string CudaArch = "sm_90";
  bool NoCudaHeaders = false; ///< hermetic parse with -nocudainc
  /// Where clang's own diagnostics go (default: standard error). Parallel
  /// runs give each parse its own buffer and print it whole.
  llvm::raw_ostream *DiagnosticStream = nullptr;
};

struct ParsedFile {
  std::vector<KernelModel> Kernels;
  std::vector<LaunchSpec> Launches;
  std::vector<Finding> Findings;
  unsigned ErrorCount = 0; ///< clang errors (printed to stderr already)
  /// The arguments the parse used, for --verbose and the cache key.
  std::vector<std::string> CommandLine;
  /// Non-system files the parse read besides the main file (the result
  /// cache re-validates them).
  std::vector<std::string> Dependencies;
};

/// Resolves the toolkit: explicit path, else $CUDA_PATH, else the configured
/// default. Empty with Error set when none has include/cuda_runtime.h.
std::string findCudaToolkit(const std::string &Explicit, std::string &Error);

/// The compiler arguments of a parse (clang's host-side CUDA job, then the
/// compile database's and the user's flags); false with Error set when the
/// compile database cannot be used.
bool buildParseArguments(const ParseOptions &Options,
                         std::vector<std::string> &Args, std::string &Error);

/// Parses and extracts. Returns false (and sets Error) when the parse could
/// not be run at all; compile errors are counted in Out.ErrorCount.
bool parseCudaFile(const ParseOptions &Options, ParsedFile &Out,
                   std::string &Error);

} // namespace rla

#endif // RLA_FRONTEND_CUDAPARSER_H
