//===- SassControlFlow.h - Blocks and loops of a SASS function --*- C++ -*-===//
///
/// \file
/// The control flow of one compiled function: basic blocks (a branch
/// target or the instruction after a branch starts one), their successors,
/// what the entry reaches (the padding after the last EXIT and subroutines
/// only CALL reaches are not), loops (nvcc lays a loop out as the blocks
/// between its head and the branch back to it) and post-dominators.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_SASSCONTROLFLOW_H
#define RLA_MODELS_SASSCONTROLFLOW_H

#include "analyzer/resources/SassListing.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace rla {

struct SassBlock {
  size_t First = 0, End = 0; ///< instruction indices [First, End)
  std::vector<size_t> Successors;
  bool Reached = false;
  int Loop = -1; ///< innermost loop (index into Loops), -1 outside
};

struct SassLoop {
  size_t FirstBlock = 0, LastBlock = 0; ///< blocks [FirstBlock, LastBlock]
  int Parent = -1;
};

struct SassControlFlow {
  std::vector<SassBlock> Blocks;
  std::vector<size_t> BlockOf;        ///< by instruction index
  std::map<uint32_t, size_t> IndexOf; ///< instruction index by address
  std::vector<SassLoop> Loops;
};

SassControlFlow buildControlFlow(const std::vector<SassInstruction> &Code);

/// Post[A][B]: every path from block A to the function's exit passes
/// through block B (over the reached blocks).
std::vector<std::vector<bool>>
postDominators(const SassControlFlow &Cfg,
               const std::vector<SassInstruction> &Code);

} // namespace rla

#endif // RLA_MODELS_SASSCONTROLFLOW_H
