//===- SourcePlace.h - Where a piece of source is written -------*- C++ -*-===//
///
/// \file
/// A source location as "absolute/path:line:column" of where it is spelled:
/// the same text in every translation unit that includes its file, so that
/// two units' copies of one function or launch are recognised as one.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_SOURCEPLACE_H
#define RLA_FRONTEND_HOST_SOURCEPLACE_H

#include "clang/Basic/SourceManager.h"

#include <string>

namespace rla {

/// "?" when the location has no file.
std::string sourcePlace(const clang::SourceManager &SM,
                        clang::SourceLocation Loc);

} // namespace rla

#endif // RLA_FRONTEND_HOST_SOURCEPLACE_H
