//===- ByteText.cpp -------------------------------------------------------===//
#include "analyzer/models/ByteText.h"

#include <cstdio>

namespace rla {

std::string bytesText(double V) {
  const char *Units[] = {"B", "KB", "MB", "GB", "TB"};
  int U = 0;
  while (V >= 1000 && U < 4) {
    V /= 1000;
    ++U;
  }
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, U == 0 ? "%.0f %s" : "%.1f %s", V, Units[U]);
  return Buf;
}

} // namespace rla
