//===- CudaParser.h - Runs Clang on one CUDA file ---------------*- C++ -*-===//
///
/// \file
/// Parses a .cu file with Clang in CUDA mode (the host-side job, which sees
/// kernel bodies and launch sites alike) and extracts kernels and launches.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_CUDAPARSER_H
#define RLA_FRONTEND_CUDAPARSER_H

#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/ir/LibraryCall.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}
namespace clang {
class ASTUnit;
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
  /// Architectures whose device-side compile gives the kernel bodies when
  /// the user's code branches on __CUDA_ARCH__ ("sm_89", "sm_90"); empty
  /// means CudaArch alone.
  std::vector<std::string> DeviceArchs;
  /// The compiler nvcc would compile host code with (-ccbin); empty: g++.
  std::string HostCompiler;
  bool NoCudaHeaders = false; ///< hermetic parse with -nocudainc
  /// Print clang's warnings (--compiler-warnings); by default clang's
  /// output is printed only for a file that cannot be analysed.
  bool ShowCompilerOutput = false;
  /// Where clang's own diagnostics go (default: standard error). Parallel
  /// runs give each parse its own buffer and print it whole.
  llvm::raw_ostream *DiagnosticStream = nullptr;
  /// How the host code is run to bind launches (--args, --env, the GPU's
  /// device properties).
  HostRunOptions HostRun;
};

struct ParsedFile {
  std::vector<KernelModel> Kernels;
  std::vector<LaunchSpec> Launches;
  /// cuBLAS GEMMs, copies and fills the host code calls.
  std::vector<LibraryCall> LibraryCalls;
  std::vector<Finding> Findings;
  /// Clang's errors, one rl-frontend-error each, outside system headers
  /// where they have a location. Errors nvcc does not make (a __shared__
  /// object with a constructor) are not among them.
  std::vector<Finding> CompilerErrors;
  unsigned ErrorCount = 0; ///< clang errors, CompilerErrors.size() or more
  /// Errors without a place in the source (a bad flag): the parse is not
  /// the one asked for, so nothing of it is reported.
  unsigned UnplacedErrors = 0;
  /// Everything clang printed (errors, warnings, notes), for a file that
  /// cannot be analysed and for --compiler-warnings.
  std::string CompilerOutput;
  /// Whether the user's code branches on __CUDA_ARCH__: the kernels then
  /// come from each architecture's device-side parse.
  bool DependsOnCudaArch = false;
  /// The arguments the parse used, for --verbose and the cache key.
  std::vector<std::string> CommandLine;
  /// nvcc options of the compile command and the user's flags that change
  /// the device code (--use_fast_math, -maxrregcount, -Xptxas ...), in
  /// nvcc spelling: the resource compile passes them to nvcc.
  std::vector<std::string> NvccCodeFlags;
  /// Non-system files the parse read besides the main file (the result
  /// cache re-validates them).
  std::vector<std::string> Dependencies;
  /// Paths searched for an `#include` of a user file before the one that
  /// answered (or all, when none did): a file created there would change
  /// what the parse reads.
  std::vector<std::string> AbsentIncludes;
};

/// Resolves the toolkit: explicit path, else $CUDA_PATH, else the configured
/// default. Empty with Error set when none has include/cuda_runtime.h.
std::string findCudaToolkit(const std::string &Explicit, std::string &Error);

/// The compiler arguments of a parse (clang's host-side CUDA job, then the
/// compile database's and the user's flags); false with Error set when the
/// compile database cannot be used. The parse itself adds
/// addNvccCompatibilityArguments() (NvccCompatibility.h).
/// HostCompiler, when given, becomes the compile database's -ccbin.
/// CodeFlags, when given, gets the nvcc options of the compile database and
/// the user's flags that change device code (NvccTranslation::CodeFlags).
bool buildParseArguments(const ParseOptions &Options,
                         std::vector<std::string> &Args, std::string &Error,
                         std::string *HostCompiler = nullptr,
                         std::vector<std::string> *CodeFlags = nullptr);

/// Parses and extracts. Returns false (and sets Error) when the parse could
/// not be run at all; compile errors are counted in Out.ErrorCount and
/// kernels whose bodies hold one carry it in NotAnalysed. Clang's output is
/// collected in Out.CompilerOutput, not printed.
bool parseCudaFile(const ParseOptions &Options, ParsedFile &Out,
                   std::string &Error);

/// The host-side AST of one file, parsed as parseCudaFile parses it and
/// kept alive (ProgramLinker.h runs several together); null with Error set
/// when it cannot be parsed at all. Clang's errors are not reported here.
std::unique_ptr<clang::ASTUnit> parseHostUnit(const ParseOptions &Options,
                                              std::string &Error);

} // namespace rla

#endif // RLA_FRONTEND_CUDAPARSER_H
