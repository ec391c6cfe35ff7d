//===- NoteWordingsRanges.cpp - Why a count is a range --------------------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string modularGuardInTiledGridStride(const NoteValues &) {
  return "a modular guard inside a grid-stride loop that steps by a tile "
         "constant";
}

std::string localGuardInGridStride(const NoteValues &) {
  return "a guard on threadIdx/blockIdx inside a grid-stride loop";
}

std::string globalGuardInBlockStride(const NoteValues &) {
  return "a guard on the global index inside a block-stride loop";
}

std::string globalAndLocalGuards(const NoteValues &) {
  return "guards on both the global index and threadIdx/blockIdx of one "
         "dimension";
}

std::string argumentSpanned(const NoteValues &V) {
  const std::string Symbol = V.str("symbol"), Max = V.whole("saturation");
  const std::string Why =
      V.flag("given") ? V.joinedParts() : "it is not known from the source";
  return "argument '" + Symbol + "' is not known (" + Why +
         "): the counts span " + Symbol + " = 0 .. " + Max +
         ", and every larger value counts as " + Max;
}

} // namespace notewording
} // namespace rla
