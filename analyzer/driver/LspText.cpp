//===- LspText.cpp --------------------------------------------------------===//
#include "analyzer/driver/LspText.h"

#include "llvm/ADT/StringExtras.h"

namespace rla {

namespace {

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Byte offset where 0-based Line starts (Text.size() past the last line).
size_t lineStart(llvm::StringRef Text, unsigned Line) {
  size_t Offset = 0;
  for (unsigned L = 0; L < Line; ++L) {
    size_t NL = Text.find('\n', Offset);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    Offset = NL + 1;
  }
  return Offset;
}

/// Bytes in the UTF-8 sequence led by C (1 for stray continuation bytes).
unsigned sequenceLength(unsigned char C) {
  if (C >= 0xF0)
    return 4;
  if (C >= 0xE0)
    return 3;
  if (C >= 0xC0)
    return 2;
  return 1;
}

} // namespace

std::optional<std::string> uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() && llvm::isHexDigit(Uri[I + 1]) &&
        llvm::isHexDigit(Uri[I + 2])) {
      Path += char(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2]));
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-_.~").contains(C)) {
      Uri += char(C);
    } else {
      Uri += '%';
      Uri += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
      Uri += llvm::hexdigit(C & 15, /*LowerCase=*/false);
    }
  }
  return Uri;
}

size_t offsetOfPosition(llvm::StringRef Text, unsigned Line,
                        unsigned Utf16Column) {
  size_t Offset = lineStart(Text, Line);
  unsigned Units = 0;
  while (Offset < Text.size() && Text[Offset] != '\n' && Units < Utf16Column) {
    unsigned Len = sequenceLength(Text[Offset]);
    Units += Len == 4 ? 2 : 1;
    Offset = std::min(Text.size(), Offset + Len);
  }
  return Offset;
}

unsigned utf16Column(llvm::StringRef Text, unsigned Line, unsigned ByteColumn) {
  size_t Offset = lineStart(Text, Line);
  size_t End = std::min(Text.size(), Offset + ByteColumn);
  unsigned Units = 0;
  while (Offset < End && Text[Offset] != '\n') {
    unsigned Len = sequenceLength(Text[Offset]);
    Units += Len == 4 ? 2 : 1;
    Offset += Len;
  }
  return Units;
}

std::string identifierAt(llvm::StringRef Text, size_t Offset, size_t &Begin,
                         size_t &End) {
  Offset = std::min(Offset, Text.size());
  Begin = End = Offset;
  while (Begin > 0 && isIdentChar(Text[Begin - 1]))
    --Begin;
  while (End < Text.size() && isIdentChar(Text[End]))
    ++End;
  if (Begin == End || llvm::isDigit(Text[Begin]))
    return "";
  return Text.slice(Begin, End).str();
}

unsigned tokenLengthAt(llvm::StringRef Text, unsigned Line,
                       unsigned ByteColumn) {
  size_t Offset = lineStart(Text, Line) + ByteColumn;
  size_t End = Offset;
  while (End < Text.size() && isIdentChar(Text[End]))
    ++End;
  return End > Offset ? unsigned(End - Offset) : 1;
}

} // namespace rla
