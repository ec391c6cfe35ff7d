//===- SassClass.h - What a SASS instruction is, for pricing ----*- C++ -*-===//
///
/// \file
/// The SM pipe each SASS opcode is executed by (Volta to Blackwell names)
/// and the work it does that the source shows too: FLOPs as Nsight Compute
/// counts them, MUFU operations, bytes loaded and stored per thread.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_SASSCLASS_H
#define RLA_MODELS_SASSCLASS_H

#include "analyzer/ir/LineSite.h"
#include "analyzer/resources/SassListing.h"

namespace rla {

/// The SM units an instruction is executed by (Volta to Blackwell names).
enum class SassPipe {
  Fma,     ///< FP32 and FP16 add/mul/fma, integer multiply-add (IMAD)
  Alu,     ///< integer add, logic, shifts, compares, selects, moves
  Fp64,    ///< double precision
  Xu,      ///< transcendentals (MUFU), conversions, popc, flo
  Lsu,     ///< memory instructions and shuffles (the MIO queue)
  Tensor,  ///< HMMA, IMMA, DMMA, HGMMA
  Uniform, ///< the uniform datapath (U* opcodes)
  Control, ///< branches, barriers, exits
  Other,
};
constexpr unsigned NumSassPipes = 9;
const char *sassPipeName(SassPipe P); ///< "fma", "alu", ...

/// What one SASS instruction is, for pricing.
struct SassClass {
  SassPipe Pipe = SassPipe::Other;
  /// Runs on the half of the FMA pipe that also does integer multiplies
  /// (IMAD, IMUL) and packed half precision (HFMA2, HADD2, HMUL2): half the
  /// FP32 rate.
  bool FmaHeavy = false;
  /// A packed half-precision operation the compiler sends to the other
  /// half (HFMA2.MMA): it runs beside the heavy half, at the same rate.
  bool FmaMma = false;
  bool Shuffle = false;
  /// A warp's tensor-core MMA (HMMA, IMMA, BMMA; DMMA apart, at its own
  /// rate): the tensor pipe takes it at a fixed rate per SM, whatever its
  /// shape. Warpgroup MMAs (HGMMA, ...) are neither.
  bool WarpMma = false, WarpMmaFp64 = false;
  /// HFMA2.MMA R, -RZ, RZ, imm, imm: ptxas's way to set a register, which
  /// Nsight Compute's fp16 counter counts as an FMA (2 FLOPs per thread).
  bool ConstantMove = false;
  /// Per thread: fadd + fmul + 2 ffma (d/h alike), MUFU ops, bytes (local
  /// ones: LDL, STL), tensor FLOPs.
  LineWork Work;
  bool GlobalLoad = false, GlobalStore = false;
};
SassClass classifySass(const SassInstruction &I);

/// Bytes per thread of a load or store from its modifiers (LDG.E.128: 16,
/// LDS.U8: 1, LDS: 4).
unsigned sassAccessBytes(llvm::StringRef Opcode);

/// Tensor-core FLOPs per thread of a warp MMA from its shape (HMMA.1684:
/// m16n8k4, 2 * 16 * 8 * 4 / 32 = 32); 0 for other opcodes and for shapes
/// that are not one warp's (Volta's HMMA.884, warpgroup GMMAs).
unsigned sassMmaFlopsPerThread(llvm::StringRef Opcode);

} // namespace rla

#endif // RLA_MODELS_SASSCLASS_H
