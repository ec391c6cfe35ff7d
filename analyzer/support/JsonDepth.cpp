//===- JsonDepth.cpp ------------------------------------------------------===//
#include "analyzer/support/JsonDepth.h"

#include <algorithm>

namespace rla {

size_t jsonNestingDepth(llvm::StringRef Text) {
  size_t Depth = 0, Deepest = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character, a quote included
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      Deepest = std::max(Deepest, ++Depth);
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return Deepest;
}

std::string jsonTooDeep(llvm::StringRef Text) {
  size_t Depth = jsonNestingDepth(Text);
  if (Depth <= MaxFileJsonDepth)
    return "";
  return "nested " + std::to_string(Depth) + " levels deep; at most " +
         std::to_string(MaxFileJsonDepth) + " are read";
}

} // namespace rla
