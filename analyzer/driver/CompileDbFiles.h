//===- CompileDbFiles.h - The CUDA sources of a build -----------*- C++ -*-===//
///
/// \file
/// Lists the CUDA translation units of compile_commands.json for
/// whole-project runs (`-p build/` without an input file).
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_COMPILEDBFILES_H
#define RLA_DRIVER_COMPILEDBFILES_H

#include <string>
#include <vector>

namespace rla {

/// Absolute paths of every entry of Dir/compile_commands.json that is a
/// .cu/.cuh file or compiled with `-x cu`/`-x cuda`, each once, in database
/// order; HostFiles (when given) gets the C and C++ entries, whose host code
/// runs with them as one program (a `main` in app.cpp that calls a launch
/// wrapper in kernels.cu). False with Error set when the database is missing
/// or malformed.
bool listCudaSources(const std::string &Dir, std::vector<std::string> &Files,
                     std::string &Error,
                     std::vector<std::string> *HostFiles = nullptr);

} // namespace rla

#endif // RLA_DRIVER_COMPILEDBFILES_H
