//===- TensorOps.h - What a tensor-core instruction counts ------*- C++ -*-===//
///
/// \file
/// The tensor-core operations a kernel can spell, as plain data: WMMA
/// fragments (nvcuda::wmma, by their template arguments) and inline PTX
/// (mma.sync, wgmma.mma_async, ldmatrix, stmatrix, cp.async,
/// cp.async.bulk). An MMA of shape MxNxK is 2*M*N*K FLOPs for the warp (or
/// warpgroup) that issues it together; each thread is given its share so the
/// walker's per-thread counting sums to the right total. Clang-free: the
/// front end passes type names and assembly text.
//===----------------------------------------------------------------------===//
#ifndef RLA_CUDA_TENSOROPS_H
#define RLA_CUDA_TENSOROPS_H

#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/Note.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// One matrix multiply-accumulate instruction.
struct TensorOp {
  unsigned M = 0, N = 0, K = 0;
  TensorPrecision Prec = TensorPrecision::FP16;
  /// Threads that execute the instruction together: 32 (a warp) or 128
  /// (a Hopper warpgroup).
  unsigned Threads = 32;
  /// Independent MxNxK products one instruction computes: 4 for the sm_70
  /// form of mma.sync m8n8k4 with f16 inputs (one per quad pair).
  unsigned Products = 1;
  /// mma.sp / wgmma .sp: A is 2:4 structured-sparse, so the hardware
  /// multiplies half of the K products (the time of a dense MMA of half the
  /// K; NVIDIA's sparse peaks count the other half too, as 2x).
  bool Sparse = false;
  /// 2*M*N*K*Products for the whole warp (warpgroup); half of that for a
  /// sparse MMA: the products the tensor cores compute.
  uint64_t flops() const {
    return 2ull * M * N * K * Products / (Sparse ? 2 : 1);
  }
  /// The share of one thread: flops() / Threads.
  Rational flopsPerThread() const;
};

/// The tensor input precision of a WMMA element type as clang prints it
/// ("__half", "__nv_bfloat16", "nvcuda::wmma::precision::tf32", "signed
/// char", "unsigned char", "double", "nvcuda::wmma::experimental::
/// precision::u4", ...). Acc is the accumulator's element type: an fp16
/// accumulator selects TensorPrecision::FP16Acc16.
std::optional<TensorPrecision> wmmaPrecision(const std::string &Elem,
                                             const std::string &Acc);
/// Bits one element of Elem occupies in memory (tf32 is stored as float:
/// 32; u4/s4: 4; b1: 1); 0 when Elem is not a WMMA element type.
unsigned wmmaElementBits(const std::string &Elem);

/// The kinds of PTX instruction the model reads.
enum class PtxKind {
  Mma,         ///< mma.sync / wgmma.mma_async: Op
  Ldmatrix,    ///< shared -> registers, Bytes per thread
  Stmatrix,    ///< registers -> shared, Bytes per thread
  CpAsync,     ///< global -> shared, Bytes per thread (or SizeOperand)
  CpAsyncBulk, ///< bulk copy: SizeOperand bytes per executing thread
  NoCost,      ///< ordering only (cp.async.commit_group, wait_group, ...)
  Uncounted,   ///< a tensor or copy instruction the model cannot count
};

/// One instruction of an inline-assembly string.
struct PtxInstruction {
  PtxKind Kind = PtxKind::Uncounted;
  std::string Mnemonic; ///< "mma.sync.aligned.m16n8k16.row.col.f32..."
  TensorOp Op;          ///< Mma
  unsigned Bytes = 0;   ///< per thread, when the text fixes it
  /// Operand index (%N) that holds the byte count, -1 when Bytes is fixed
  /// or the count is unknown.
  int SizeOperand = -1;
  /// Operand indices (%N) of the destination and source addresses of a
  /// copy ([%0], [%1]); ldmatrix / stmatrix: DstOperand is the address
  /// ([%N]) whichever side it is on; -1 when not a plain operand.
  int DstOperand = -1, SrcOperand = -1;
  /// cp.async.bulk: true when the destination is global (a store).
  bool ToGlobal = false;
  std::optional<Note> Why; ///< Uncounted: the reason
};

/// The tensor and copy instructions of an asm string (other instructions
/// are left out). Several instructions may be separated by ';' or lines.
std::vector<PtxInstruction> scanPtx(const std::string &Asm);

/// Parses one mma.sync / wgmma.mma_async mnemonic; Why says what failed.
std::optional<TensorOp> parsePtxMma(const std::string &Mnemonic,
                                    std::optional<Note> &Why);

} // namespace rla

#endif // RLA_CUDA_TENSOROPS_H
