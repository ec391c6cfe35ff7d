//===- OptionFiles.h - Options files in compile commands --------*- C++ -*-===//
///
/// \file
/// CMake's Makefile generator writes a CUDA target's include folders to a
/// file and passes it to nvcc as `--options-file CMakeFiles/t.dir/
/// includes_CUDA.rsp`; other builds use GNU `@file` response files. The
/// compilation database holds the command as it is, so the flags in those
/// files are read here before the command is translated.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_OPTIONFILES_H
#define RLA_DRIVER_OPTIONFILES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace rla {

/// Replaces nvcc's `--options-file F`, `--options-file=F`, `-optf F` (each
/// a comma list of files) and `@F` in Args by the arguments in those files,
/// tokenized with GNU shell rules, files named inside them included.
/// Relative names are relative to Directory, the compile command's working
/// directory (the process's when empty). False with Error set when an
/// options file cannot be read or options files include each other; an
/// `@F` that does not exist is left as it is, as gcc does.
bool expandOptionFiles(std::vector<std::string> &Args,
                       llvm::StringRef Directory, std::string &Error);

} // namespace rla

#endif // RLA_DRIVER_OPTIONFILES_H
