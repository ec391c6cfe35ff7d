//===- AccessSite.cpp -----------------------------------------------------===//
#include "analyzer/ir/AccessSite.h"

namespace rla {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

} // namespace rla
