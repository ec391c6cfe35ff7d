//===- NoteWordingsFrontend.cpp - The front end's notes -------------------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string cooperativeRanksLinear(const NoteValues &V) {
  return std::string("cooperative-groups ranks are linear over x") +
         (V.flag("uses_y") ? ", y" : "") + (V.flag("uses_z") ? ", z" : "") +
         " (the dimensions the kernel indexes)";
}

std::string nonNegativeParameters(const NoteValues &) {
  return "integer parameters and launch dimensions are non-negative";
}

std::string bodyFromHostParse(const NoteValues &V) {
  return "body from the host-side parse: the " + V.str("arch") +
         " device-side parse has an error (" + V.str("error") + ")";
}

} // namespace notewording
} // namespace rla
