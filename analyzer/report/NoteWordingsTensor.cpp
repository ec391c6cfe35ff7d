//===- NoteWordingsTensor.cpp - Inline PTX the model does not count -------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

/// "'mma.sync...'": the instruction a note is about.
static std::string mnemonicOf(const NoteValues &V) {
  return "'" + V.str("mnemonic") + "'";
}

std::string ptxNoShape(const NoteValues &V) {
  return "no mMnNkK shape in " + mnemonicOf(V);
}

std::string ptxNoInputType(const NoteValues &V) {
  return "no input type in " + mnemonicOf(V);
}

std::string ptxInputHasNoRoof(const NoteValues &V) {
  return "input type ." + V.str("type") + " of " + mnemonicOf(V) +
         " has no tensor roof in the model";
}

std::string ptxTensorMapCopy(const NoteValues &V) {
  return mnemonicOf(V) +
         " copies a box the tensor map describes; its bytes are not derived "
         "from the source";
}

std::string ptxSizeNotRead(const NoteValues &V) {
  return "the size operand of " + mnemonicOf(V) + " is not read";
}

std::string inlineAsmUncounted(const NoteValues &V) {
  return "inline assembly: " + V.joinedParts() + "; its costs are not counted";
}

} // namespace notewording
} // namespace rla
