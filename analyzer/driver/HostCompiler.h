//===- HostCompiler.h - The host compiler nvcc would use --------*- C++ -*-===//
///
/// \file
/// nvcc compiles host code with a host compiler (g++ unless -ccbin names
/// another), whose own include folders hold headers clang's do not (omp.h in
/// GCC's internal folder). The analyzer asks that compiler for its search
/// list, as nvcc's host compile would see it.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_HOSTCOMPILER_H
#define RLA_DRIVER_HOSTCOMPILER_H

#include <string>
#include <vector>

namespace rla {

/// The `#include <...>` search folders of Compiler (a name on PATH or a
/// path; empty means g++), as `Compiler -E -x c++ -v -` prints them. Empty
/// when the compiler cannot be run. Asked once per compiler and process.
std::vector<std::string>
hostCompilerIncludeDirs(const std::string &Compiler);

} // namespace rla

#endif // RLA_DRIVER_HOSTCOMPILER_H
