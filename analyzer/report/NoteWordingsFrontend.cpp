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

std::string unknownOriginPointer(const NoteValues &V) {
  return "pointer '" + V.str("pointer") +
         "' of unknown origin is counted as global memory";
}

std::string constantCacheReads(const NoteValues &V) {
  return "reads of __constant__ '" + V.str("array") +
         "' are served by the constant cache: not counted as global bytes";
}

std::string libraryCallsFree(const NoteValues &V) {
  return "library calls counted as free: " + V.str("calls");
}

std::string tileSizedGuard(const NoteValues &V) {
  return "guards written with a tile size take blockIdx*" + V.str("tile") +
         " + threadIdx as the global index: " + V.str("dim") +
         " == " + V.str("tile");
}

std::string loopEndsAtExitTest(const NoteValues &V) {
  return "the loop at " + V.str("loop") + " ends at its exit test at " +
         V.str("exit") +
         ": the index math before the test runs once more than counted";
}

std::string loopTripSymbol(const NoteValues &V) {
  return "loop at " + V.str("loop") + ": iterations per thread are '" +
         V.str("symbol") + "' (" + V.joinedParts() + ")";
}

std::string strideIndexPerGroup(const NoteValues &V) {
  return "the loop at " + V.str("loop") + " gives each index to " +
         V.str("width") + " consecutive threads: " + V.str("dim") +
         " is a multiple of " + V.str("width");
}

std::string laneGuardInGridStride(const NoteValues &V) {
  return "the guard at " + V.str("at") + " on threadIdx modulo " +
         V.str("width") + " inside a grid-stride loop passes 1 of every " +
         V.str("width") + " consecutive indices: " + V.str("dim") +
         " is a multiple of " + V.str("width");
}

std::string strideWalksRows(const NoteValues &V) {
  return "the loop at " + V.str("loop") +
         " walks the block's threads in rows of " + V.str("x") + ", stepping " +
         V.str("step") + ": blockDim.x == " + V.str("x") +
         ", blockDim.y == " + V.str("y");
}

std::string accumulatorLayoutUnknown(const NoteValues &V) {
  return "the layout of the accumulator at " + V.str("at") +
         " is not known: counted as row-major";
}

std::string sparseMmaHalfProducts(const NoteValues &V) {
  return "sparse MMA at " + V.str("at") +
         ": counted as the products the tensor cores compute, half of "
         "the 2*M*N*K its shape names (2:4 sparsity), against the "
         "dense peak";
}

std::string wgmmaDescriptorsUncounted(const NoteValues &V) {
  return "wgmma at " + V.str("at") +
         " reads its shared-memory operands through matrix "
         "descriptors: that shared-memory traffic is not counted";
}

std::string ptxCopyUnaddressed(const NoteValues &V) {
  return "'" + V.str("mnemonic") + "' at " + V.str("at") + " moves " +
         V.str("bytes") +
         " bytes per executing thread; its addresses are not modelled";
}

std::string asyncCopySizeSymbol(const NoteValues &V) {
  return "'" + V.str("call") + "' at " + V.str("at") + " copies '" +
         V.str("symbol") + "' bytes per thread" +
         (V.flag("group")
              ? " (a group's copy: its size over the group's threads)"
              : " (its size is not known from the source)") +
         ": bind it with --bind " + V.str("symbol") + "=N";
}

std::string asyncCopyUnaddressed(const NoteValues &V) {
  return "'" + V.str("call") + "' at " + V.str("at") + " loads " +
         V.str("bytes") +
         " global bytes into shared memory per executing thread; its "
         "addresses are not modelled";
}

std::string textureLayout(const NoteValues &V) {
  return "texture '" + V.str("object") +
         "': a texel's address taken as row-major in its coordinates, each "
         "row (and layer) apart from the next; the texture's own tiled "
         "layout and a filter's neighbouring texels are not modelled";
}

std::string textureNormalizedLayout(const NoteValues &V) {
  return textureLayout(V) + "; normalized coordinates `u / w` are taken as "
                            "texel u (w taken as the texture's size)";
}

std::string gotoNotModelled(const NoteValues &) {
  return "goto is not modelled; control flow after it may be miscounted";
}

std::string deviceLaunchNotAnalysed(const NoteValues &) {
  return "dynamic parallelism (a launch inside a kernel) is not analysed";
}

std::string indirectCallNotAnalysed(const NoteValues &) {
  return "indirect call is not analysed; its costs are not counted";
}

std::string callWithoutDefinition(const NoteValues &V) {
  return "call to '" + V.str("callee") +
         "' is not analysed: its definition is not in this translation "
         "unit; its costs are not counted";
}

std::string libraryWorkNotCounted(const NoteValues &V) {
  return "'" + V.str("callee") + "' does work the model does not count (" +
         V.str("work") + "); the predicted time is a lower bound";
}

std::string curandSkipAheadCounted(const NoteValues &V) {
  return "curand_init's skip-ahead to subsequence " + V.str("subsequence") +
         ": a matrix-vector product per unit of each base-4 digit, as many "
         "as the warp's busiest lane runs, each 800 table loads (all 160 "
         "bits set in some lane); the table's bytes are taken as cache hits";
}

std::string recursionNotFollowed(const NoteValues &V) {
  return "recursive call to '" + V.str("callee") +
         "' is not followed: the model cannot bound the recursion "
         "depth; the recursive call's costs are not counted";
}

std::string wmmaPrecisionUnknown(const NoteValues &V) {
  return "wmma::" + V.str("call") + " on '" + V.str("element") +
         "' fragments: the model has no tensor precision for it; "
         "its FLOPs are not counted";
}

std::string wmmaElementSizeUnknown(const NoteValues &V) {
  return "wmma::" + V.str("call") + " of '" + V.str("element") +
         "' elements: element size unknown; its bytes are not counted";
}

std::string inlineAsmSizeUnknown(const NoteValues &V) {
  return "the size of '" + V.str("mnemonic") +
         "' is not known from the source; its bytes are not counted";
}

std::string inlineAsmNotAnalysed(const NoteValues &) {
  return "inline assembly is not analysed; its costs are not counted";
}

std::string unknownTripCount(const NoteValues &V) {
  return "trip count of this loop is not derived (" + V.joinedParts() +
         "); its iterations per thread are the symbol '" + V.str("symbol") +
         "': bind it with --bind " + V.str("symbol") + "=N";
}

} // namespace notewording
} // namespace rla
