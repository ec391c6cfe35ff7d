//===- LineSite.h - How often one source line runs --------------*- C++ -*-===//
///
/// \file
/// The machine code of a kernel says which source line each instruction
/// came from, not how often it runs. A LineSite is the front end's side of
/// that match: how many times the statements of one line run over a launch
/// (threads and warps), and what one run does that the machine code shows
/// too (FMA-pipe FLOPs, special-function calls, bytes loaded and stored),
/// from which the issue model tells how many copies of the line the
/// compiler made (unrolling). Clang-free.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_LINESITE_H
#define RLA_IR_LINESITE_H

#include "analyzer/ir/Expr.h"

#include <string>

namespace rla {

/// What one thread's run of a line does, as SASS counts it.
struct LineWork {
  double HardwareFlops = 0; ///< fadd + fmul + 2 ffma (and the d/h forms)
  double SfuOps = 0;        ///< MUFU operations
  double GlobalLoadBytes = 0, GlobalStoreBytes = 0;
  double SharedLoadBytes = 0, SharedStoreBytes = 0;
  /// Elements of the thread's own arrays (`float a[64]`), which the
  /// compiled code reads and writes in local memory when it does not keep
  /// them in registers.
  double LocalLoadBytes = 0, LocalStoreBytes = 0;
  /// Tensor-core FLOPs (2mnk of each warp's MMA over its 32 threads).
  double TensorFlops = 0;
  /// A loop statement starts on the line: a loop in its machine code is
  /// the source's, not a library function's.
  bool LoopHeader = false;
  /// The line's loads read a small read-only table every warp shares (a
  /// library's precomputed constants): L1 hits, which the memory model
  /// does not count as traffic, and the loads' latency takes as such.
  bool CacheResident = false;
  bool empty() const {
    return HardwareFlops == 0 && SfuOps == 0 && GlobalLoadBytes == 0 &&
           GlobalStoreBytes == 0 && SharedLoadBytes == 0 &&
           SharedStoreBytes == 0 && LocalLoadBytes == 0 &&
           LocalStoreBytes == 0 && TensorFlops == 0;
  }
};

struct LineSite {
  std::string File; ///< as the parse names it
  unsigned Line = 0;
  /// The line the statement it belongs to starts on: the compiler may put
  /// a multi-line statement's work on any of its lines (the FFMA of
  /// `acc +=\n a * b` on the first), so lines are matched by statement.
  unsigned StatementLine = 0;
  /// For a line of an inlined function: the call it was inlined at (the
  /// machine code's line table names it too); empty in the kernel's body.
  std::string CallerFile;
  unsigned CallerLine = 0;
  /// Runs over the launch, summed over threads and loop iterations (the
  /// high end where the source does not decide).
  Expr Executions;
  /// The same in warps: a warp runs the line when any of its lanes does.
  Expr WarpExecutions;
  /// One run's work (per thread).
  LineWork PerRun;
};

} // namespace rla

#endif // RLA_IR_LINESITE_H
