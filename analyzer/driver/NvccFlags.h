//===- NvccFlags.h - Compile commands to clang CUDA flags -------*- C++ -*-===//
///
/// \file
/// compile_commands.json from CMake's CUDA language holds nvcc command lines,
/// which clang rejects (-forward-unknown-to-host-compiler, -gencode, -arch,
/// -Xcompiler, --expt-relaxed-constexpr, ...). This keeps what changes how
/// the source parses (-I, -isystem, -D, -U, -include, -std, relocatable
/// device code, host OpenMP), the newest GPU architecture and the host
/// compiler, and drops the rest: code generation, optimisation, output and
/// dependency-file options do not matter for a parse.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_NVCCFLAGS_H
#define RLA_DRIVER_NVCCFLAGS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace rla {

/// What a compile command tells a parse of its file.
struct NvccTranslation {
  /// Clang spellings of the flags that change how the source parses:
  /// "-I<dir>", "-isystem" "<dir>", "-D<def>", "-U<name>", "-include"
  /// "<file>", "-std=<std>", the -D/-U/-I/-isystem/-std/-W options found in
  /// -Xcompiler, and "-fgpu-rdc" / "-fopenmp" when the flags below are set.
  std::vector<std::string> Args;
  /// The newest architecture named ("sm_90", "sm_90a"; compute_90 reads as
  /// sm_90); empty when none is.
  std::string CudaArch;
  /// nvcc's host compiler (-ccbin, --compiler-bindir): a compiler, or the
  /// folder that holds it, as written, except that a relative path is made
  /// absolute against the command's directory (a bare name is left for a
  /// PATH search). Empty when not named, and for clang or gcc commands.
  std::string HostCompiler;
  /// -rdc=true, --relocatable-device-code=true or -dc (clang's -fgpu-rdc):
  /// device code is linked across files, so `extern __device__` is allowed.
  bool RelocatableDeviceCode = false;
  /// The host compiler gets -fopenmp (through -Xcompiler, or forwarded), so
  /// `#pragma omp` and _OPENMP are seen by the parse.
  bool OpenMP = false;
  /// nvcc options that change the device code (--use_fast_math,
  /// -maxrregcount, -Xptxas, -ftz, ...), in nvcc spelling, for the
  /// resource compile.
  std::vector<std::string> CodeFlags;
  /// translateUserFlags: the nvcc options it found, as written.
  std::vector<std::string> NvccOptions;
  /// Set when an options or response file of the command cannot be read.
  std::string Error;
};

/// Args is a whole command line, the compiler first (a ccache-style launcher
/// before it is skipped); Directory is the directory it runs in, against
/// which options files (--options-file, -optf, @file) are found. Their
/// arguments are read in place of them first. For nvcc the result holds the
/// clang spellings described above. For clang (or gcc) the flags are kept
/// as they are except -c, -o, dependency-file options, --cuda-gpu-arch and
/// --offload-arch. Source files are dropped: the caller passes the file.
NvccTranslation translateNvccArguments(const std::vector<std::string> &Args,
                                       llvm::StringRef Directory = "");

/// The flags a user gives after `--` (or with --extra-arg, or in a
/// config): clang's, with nvcc's own options mixed in, as copied from a
/// Makefile (`-arch=sm_90 --use_fast_math -Xptxas -v`). Clang's flags are
/// kept as they are; each nvcc option is translated as
/// translateNvccArguments does (Args, CudaArch, CodeFlags) and listed in
/// NvccOptions. -fgpu-rdc and -fopenmp from nvcc options are in Args.
NvccTranslation translateUserFlags(const std::vector<std::string> &Flags);

} // namespace rla

#endif // RLA_DRIVER_NVCCFLAGS_H
