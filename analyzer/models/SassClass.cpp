//===- SassClass.cpp ------------------------------------------------------===//
#include "analyzer/models/SassClass.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

namespace rla {

const char *sassPipeName(SassPipe P) {
  switch (P) {
  case SassPipe::Fma:
    return "fma";
  case SassPipe::Alu:
    return "alu";
  case SassPipe::Fp64:
    return "fp64";
  case SassPipe::Xu:
    return "xu";
  case SassPipe::Lsu:
    return "lsu";
  case SassPipe::Tensor:
    return "tensor";
  case SassPipe::Uniform:
    return "uniform";
  case SassPipe::Control:
    return "control";
  case SassPipe::Other:
    break;
  }
  return "other";
}

unsigned sassAccessBytes(llvm::StringRef Opcode) {
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  for (llvm::StringRef P : Parts) {
    if (P == "128")
      return 16;
    if (P == "64")
      return 8;
    if (P == "U8" || P == "S8")
      return 1;
    if (P == "U16" || P == "S16")
      return 2;
  }
  return 4;
}

unsigned sassMmaFlopsPerThread(llvm::StringRef Opcode) {
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  if (Parts.size() < 2 ||
      !(Parts[0] == "HMMA" || Parts[0] == "IMMA" || Parts[0] == "DMMA"))
    return 0;
  // "1684": m16 n8 k4; "884": m8 n8 k4; "16832": m16 n8 k32; sm_90's
  // DMMA spells it out: "8x8x4".
  llvm::StringRef Shape = Parts[1];
  llvm::SmallVector<llvm::StringRef, 3> Dims;
  Shape.split(Dims, 'x');
  if (Dims.size() == 3) {
    unsigned Mx = 0, Nx = 0, Kx = 0;
    if (Dims[0].getAsInteger(10, Mx) || Dims[1].getAsInteger(10, Nx) ||
        Dims[2].getAsInteger(10, Kx))
      return 0;
    return 2 * Mx * Nx * Kx / 32;
  }
  unsigned M = Shape.consume_front("16")  ? 16
               : Shape.consume_front("8") ? 8
                                          : 0;
  unsigned K = 0;
  if (!M || !Shape.consume_front("8") || Shape.getAsInteger(10, K) || !K)
    return 0;
  // Volta's HMMA.884 is a quarter of a warp's m8n8k4 step, not a warp's.
  if (Parts[0] == "HMMA" && M == 8)
    return 0;
  return 2 * M * 8 * K / 32;
}

namespace {

/// HFMA2.MMA R4, -RZ, RZ, 0, 0: the compiler's way to set a register.
bool isConstantMove(const SassInstruction &I) {
  llvm::StringRef Ops = I.Operands;
  return Ops.contains("-RZ, RZ") || Ops.contains(", RZ, RZ,");
}

SassPipe pipeOf(llvm::StringRef Base) {
  if (Base.starts_with("U") || Base == "S2UR" || Base == "R2UR" ||
      Base == "VOTEU")
    return SassPipe::Uniform;
  return llvm::StringSwitch<SassPipe>(Base)
      .Cases({"FFMA", "FADD", "FMUL", "FFMA32I", "FADD32I", "FMUL32I"},
             SassPipe::Fma)
      .Cases({"FSWZADD", "HFMA2", "HADD2", "HMUL2", "HFMA2_32I"}, SassPipe::Fma)
      .Cases({"IMAD", "IMUL", "IMAD32I", "IMUL32I", "IDP", "IMADSP"},
             SassPipe::Fma)
      .Cases({"DADD", "DMUL", "DFMA", "DSETP", "DMNMX", "DSET"}, SassPipe::Fp64)
      .Cases({"MUFU", "I2F", "F2I", "F2F", "I2I", "FRND"}, SassPipe::Xu)
      .Cases({"POPC", "FLO", "BREV"}, SassPipe::Xu)
      .Cases({"LDG", "STG", "LD", "ST", "LDS", "STS", "LDL", "STL"},
             SassPipe::Lsu)
      .Cases({"ATOM", "ATOMG", "ATOMS", "RED", "REDG", "REDUX"}, SassPipe::Lsu)
      .Cases({"LDSM", "STSM", "LDGSTS", "SHFL", "MATCH", "CCTL"}, SassPipe::Lsu)
      // Nsight Compute: the LSU also issues special register reads.
      .Case("S2R", SassPipe::Lsu)
      .Cases({"HMMA", "IMMA", "DMMA", "BMMA", "HGMMA", "IGMMA", "QGMMA"},
             SassPipe::Tensor)
      .Cases({"BGMMA", "OMMA", "QMMA"}, SassPipe::Tensor)
      .Cases({"BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "CALL", "BSSY"},
             SassPipe::Control)
      .Cases({"BSYNC", "BREAK", "WARPSYNC", "BAR", "NOP", "YIELD", "KILL"},
             SassPipe::Control)
      .Cases({"BPT", "NANOSLEEP", "DEPBAR", "MEMBAR", "FENCE", "ERRBAR",
              "WARPGROUP"},
             SassPipe::Control)
      .Cases({"IADD3", "IADD", "IADD32I", "IABS", "LOP3", "LOP", "LOP32I"},
             SassPipe::Alu)
      .Cases({"SHF", "SHL", "SHR", "LEA", "ISETP", "FSETP", "HSETP2"},
             SassPipe::Alu)
      .Cases({"PSETP", "PLOP3", "SEL", "FSEL", "FMNMX", "IMNMX", "VIMNMX"},
             SassPipe::Alu)
      .Cases({"VIADD", "VIADDMNMX", "MOV", "MOV32I", "PRMT", "P2R", "R2P"},
             SassPipe::Alu)
      .Cases({"CS2R", "BMSK", "SGXT", "I2FP", "F2FP", "FCHK", "VOTE"},
             SassPipe::Alu)
      .Cases({"HSET2", "FSET", "ISET", "LEPC", "HMNMX2"}, SassPipe::Alu)
      .Default(SassPipe::Other);
}

} // namespace

SassClass classifySass(const SassInstruction &I) {
  SassClass C;
  llvm::StringRef Base = I.base();
  llvm::StringRef Op = I.Opcode;
  C.Pipe = pipeOf(Base);
  bool PackedHalf = Base == "HFMA2" || Base == "HADD2" || Base == "HMUL2";
  C.FmaMma = PackedHalf && Op.contains(".MMA");
  C.FmaHeavy = Base.starts_with("IMAD") || Base.starts_with("IMUL") ||
               Base == "IDP" || (PackedHalf && !C.FmaMma);
  C.Shuffle = Base == "SHFL";
  C.WarpMma = Base == "HMMA" || Base == "IMMA" || Base == "BMMA";
  C.WarpMmaFp64 = Base == "DMMA";
  C.ConstantMove = Base == "HFMA2" && isConstantMove(I);
  if ((Base == "FFMA" || Base == "DFMA" || Base == "FFMA32I" ||
       Base == "HFMA2") &&
      !isConstantMove(I))
    C.Work.HardwareFlops = 2;
  else if (Base == "FADD" || Base == "FMUL" || Base == "DADD" ||
           Base == "DMUL" || Base == "HADD2" || Base == "HMUL2" ||
           Base == "FADD32I" || Base == "FMUL32I")
    C.Work.HardwareFlops = 1;
  if (Base == "MUFU")
    C.Work.SfuOps = 1;
  C.Work.TensorFlops = sassMmaFlopsPerThread(Op);
  if (Base == "LDG" || Base == "LD") {
    C.Work.GlobalLoadBytes = sassAccessBytes(Op);
    C.GlobalLoad = true;
  } else if (Base == "STG" || Base == "ST") {
    C.Work.GlobalStoreBytes = sassAccessBytes(Op);
    C.GlobalStore = true;
  } else if (Base == "LDL") {
    C.Work.LocalLoadBytes = sassAccessBytes(Op);
  } else if (Base == "STL") {
    C.Work.LocalStoreBytes = sassAccessBytes(Op);
  } else if (Base == "LDS") {
    C.Work.SharedLoadBytes = sassAccessBytes(Op);
  } else if (Base == "STS") {
    C.Work.SharedStoreBytes = sassAccessBytes(Op);
  }
  return C;
}

} // namespace rla
