//===- NvccFlags.h - Compile commands to clang CUDA flags -------*- C++ -*-===//
///
/// \file
/// compile_commands.json from CMake's CUDA language holds nvcc command lines,
/// which clang rejects (-forward-unknown-to-host-compiler, -gencode, -arch,
/// -Xcompiler, --expt-relaxed-constexpr, ...). This keeps what changes how
/// the source parses (-I, -isystem, -D, -U, -include, -std) and the newest
/// GPU architecture, and drops the rest: code generation, optimisation,
/// output and dependency-file options do not matter for a parse.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_NVCCFLAGS_H
#define RLA_DRIVER_NVCCFLAGS_H

#include <string>
#include <vector>

namespace rla {

/// Args is a whole command line, the compiler first (a ccache-style launcher
/// before it is skipped). For nvcc the result holds clang spellings of the
/// kept flags: "-I<dir>", "-isystem" "<dir>", "-D<def>", "-U<name>",
/// "-include" "<file>", "-std=<std>", plus the -D/-U/-I/-isystem/-std/-W
/// options found in -Xcompiler. For clang (or gcc) the flags are kept as
/// they are except -c, -o, dependency-file options, --cuda-gpu-arch and
/// --offload-arch. Source files are dropped: the caller passes the file.
///
/// CudaArch becomes the newest architecture named ("sm_90", "sm_90a";
/// compute_90 reads as sm_90) and is left unchanged when none is named.
std::vector<std::string>
translateNvccArguments(const std::vector<std::string> &Args,
                       std::string &CudaArch);

} // namespace rla

#endif // RLA_DRIVER_NVCCFLAGS_H
