//===- NvccCompatibility.h - Parse what nvcc compiles -----------*- C++ -*-===//
///
/// \file
/// Clang's CUDA mode is stricter than nvcc in ways that have nothing to do
/// with the kernels: nvcc's implicit includes, its host compiler's include
/// folders, device-side launches, a project's own cuda.h. The flags here make
/// the parse accept every file nvcc accepts (docs/real-code.md lists what
/// each one is for).
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_NVCCCOMPATIBILITY_H
#define RLA_FRONTEND_NVCCCOMPATIBILITY_H

#include <string>
#include <vector>

namespace rla {

struct ParseOptions;

/// The header of nvcc's implicit declarations, under data/include.
std::string nvccCompatHeaderPath();

/// Adds the flags to Args (a whole parse command line before the file):
/// -include of the compatibility header, the host compiler's folders after
/// clang's (-idirafter), -fgpu-rdc (device-side <<<>>>) and no error limit.
void addNvccCompatibilityArguments(const ParseOptions &Options,
                                   std::vector<std::string> &Args);

/// A file-system overlay (clang's -ivfsoverlay YAML) for the parse; empty
/// when none is needed. Clang's CUDA wrapper includes "cuda.h" (for
/// CUDA_VERSION and the driver types its intrinsics use); with a project
/// folder on -I that holds a cuda.h of its own, it would read that one.
/// nvcc's headers never include cuda.h, so the project's wins there. The
/// overlay puts the toolkit's cuda.h beside the wrapper, where the wrapper's
/// quoted include looks first and a user include never looks before the
/// user's own folders.
std::string nvccCompatibilityOverlay(const ParseOptions &Options,
                                     const std::vector<std::string> &Args);

} // namespace rla

#endif // RLA_FRONTEND_NVCCCOMPATIBILITY_H
