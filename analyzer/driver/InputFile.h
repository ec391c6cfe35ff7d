//===- InputFile.h - Whether an input can be read as a source --*- C++ -*-===//
///
/// \file
/// Reading a FIFO, a socket or a device as a source file blocks (or never
/// ends), and the result cache hashes the input before the parse does, so
/// the kind of file is checked before anything reads it.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_INPUTFILE_H
#define RLA_DRIVER_INPUTFILE_H

#include <string>

namespace rla {

/// Empty when File is a regular file, or is missing or a directory (the
/// analysis reports those in its own words); otherwise the error, such as
/// "'/tmp/f.cu' is not a regular file (a FIFO)".
std::string checkRegularInput(const std::string &File);

} // namespace rla

#endif // RLA_DRIVER_INPUTFILE_H
