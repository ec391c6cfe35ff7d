//===- SassListing.h - The compiled kernels' machine code -------*- C++ -*-===//
///
/// \file
/// Reads what `nvdisasm -gi -c -hex` prints for a cubin built with `-lineinfo`:
/// per function its SASS instructions in address order, each with its
/// guard predicate, opcode, the source line it came from (the `//## File`
/// comments) and, for branches, the target address. The issue model
/// (models/InstructionMix.h) prices these; this file only reads them.
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_SASSLISTING_H
#define RLA_RESOURCES_SASSLISTING_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rla {

struct SassInstruction {
  uint32_t Address = 0;
  std::string Guard;  ///< "@P0", "@!P1", empty when unguarded
  std::string Opcode; ///< with modifiers: "LDG.E.128", "FFMA", "BAR.SYNC"
  std::string Operands;
  /// The source position it was compiled from, innermost first: a
  /// function inlined from a header is its header line, then the line it
  /// was inlined at (nvdisasm -gi), and so on outwards.
  struct Position {
    std::string File;
    unsigned Line = 0;
  };
  std::vector<Position> Origins;
  /// A branch's (BRA, BRX, CALL, ...) target address, when it names one.
  std::optional<uint32_t> Target;
  /// The high 64 bits of the 128-bit encoding (nvdisasm -hex, cuobjdump's
  /// second word): Volta and later keep the compiler's schedule there.
  std::optional<uint64_t> HighWord;
  /// The scheduling the compiler encoded (Volta to Blackwell): cycles to
  /// wait before the warp's next instruction, the scoreboard this
  /// instruction's result sets (7: none), the one its sources release, and
  /// the scoreboards it waits on first (a mask of 6).
  struct Schedule {
    unsigned Stall = 1;
    unsigned WriteBarrier = 7, ReadBarrier = 7;
    unsigned WaitMask = 0;
  };
  std::optional<Schedule> schedule() const;
  /// The opcode without modifiers ("LDG" of "LDG.E.128"), a view into Opcode.
  llvm::StringRef base() const {
    return llvm::StringRef(Opcode).take_until([](char C) { return C == '.'; });
  }
};

struct SassFunction {
  std::string MangledName;
  std::vector<SassInstruction> Instructions; ///< in address order
  /// The bytes its code takes: first to last instruction, 16 bytes each
  /// on Volta and later (0 when the listing has none).
  double codeBytes() const {
    return Instructions.empty() ? 0
                                : Instructions.back().Address + 16.0 -
                                      Instructions.front().Address;
  }
};

struct SassListing {
  std::vector<SassFunction> Functions;
  /// The function of that mangled name, nullptr when none.
  const SassFunction *find(const std::string &MangledName) const;
};

/// Parses nvdisasm's text. Lines it does not know are skipped, so a listing
/// of another shape gives fewer functions, never a wrong instruction.
SassListing parseSassListing(const std::string &Text);

} // namespace rla

#endif // RLA_RESOURCES_SASSLISTING_H
