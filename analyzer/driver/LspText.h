//===- LspText.h - Text positions and URIs as LSP speaks them ---*- C++ -*-===//
///
/// \file
/// LSP addresses text by line and UTF-16 code unit and names files by
/// file:// URIs; the analyzer speaks bytes and paths. These convert.
//===----------------------------------------------------------------------===//
#ifndef RLA_DRIVER_LSPTEXT_H
#define RLA_DRIVER_LSPTEXT_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace rla {

/// The path of a file:// URI (percent-decoded); nullopt for other schemes.
std::optional<std::string> uriToPath(llvm::StringRef Uri);

/// file:// URI of an absolute path, percent-encoding what URIs reserve.
std::string pathToUri(llvm::StringRef Path);

/// Byte offset of the LSP position (0-based line, UTF-16 column) in Text;
/// clamped to the end of the line and of the text.
size_t offsetOfPosition(llvm::StringRef Text, unsigned Line,
                        unsigned Utf16Column);

/// UTF-16 column of a 0-based byte column on a 0-based line of Text.
unsigned utf16Column(llvm::StringRef Text, unsigned Line, unsigned ByteColumn);

/// The C identifier that contains (or ends at) byte Offset, with its byte
/// range in Begin/End; empty when there is none.
std::string identifierAt(llvm::StringRef Text, size_t Offset, size_t &Begin,
                         size_t &End);

/// Length in bytes of the identifier starting at the 0-based (line, byte
/// column) position, or 1 when none starts there: the width of a
/// diagnostic's underline.
unsigned tokenLengthAt(llvm::StringRef Text, unsigned Line,
                       unsigned ByteColumn);

} // namespace rla

#endif // RLA_DRIVER_LSPTEXT_H
