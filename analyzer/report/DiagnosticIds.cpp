//===- DiagnosticIds.cpp --------------------------------------------------===//
#include "analyzer/report/DiagnosticIds.h"

namespace rla {

const std::vector<DiagnosticInfo> &diagnosticRegistry() {
  static const std::vector<DiagnosticInfo> Table = {
      // Verdicts: one per bound launch, at the kernel's name.
      {"rl-memory-bound", Severity::Remark,
       "The kernel's arithmetic intensity (FLOPs per DRAM byte) is below the "
       "GPU's ridge point: its predicted time is set by memory bandwidth.",
       "Move fewer bytes per FLOP: reuse loaded data from shared memory or "
       "registers (tiling), fuse the kernel with its producer or consumer, "
       "use narrower element types, and do not read the same array twice."},
      {"rl-compute-bound", Severity::Remark,
       "The kernel's arithmetic intensity reaches the GPU's ridge point: its "
       "predicted time is set by the FLOP rate of its dominant precision.",
       "Do fewer or cheaper FLOPs: a lower precision with a higher peak "
       "(fp16/bf16, tensor cores), fewer divisions and special functions, "
       "hoisting invariant arithmetic out of loops."},
      {"rl-next-step", Severity::Remark,
       "The change that would save the launch the most time, priced by the "
       "model (the access coalesced or conflict-free and re-run through the "
       "memory model, or the occupancy limit lifted), at the line to change.",
       "Make the change it names; the saving is the predicted time before "
       "and after, on the GPU where the share saved is largest."},
      // Access-pattern and occupancy findings of the memory and occupancy
      // models.
      {"rl-uncoalesced", Severity::Warning,
       "A warp's global-memory access touches more 32-byte sectors than the "
       "bytes it uses: the index does not step by one element with "
       "threadIdx.x.",
       "Make threadIdx.x the fastest-moving index of the access (structure "
       "of arrays instead of array of structures), or stage the data "
       "through shared memory and read it transposed."},
      {"rl-bank-conflict", Severity::Warning,
       "Threads of a warp access different addresses in the same "
       "shared-memory bank, so the access is replayed once per conflict.",
       "Pad the shared array by one element per row (e.g. [32][33]) or "
       "change the index so that consecutive threads hit consecutive "
       "4-byte words."},
      {"rl-divergent-branch", Severity::Warning,
       "A branch on the thread index modulo a growing value (`tid % (2 * s) "
       "== 0` in a loop that doubles s) keeps one thread in every 2s: while "
       "2s is 32 or less every warp runs the branch with most of its lanes "
       "idle.",
       "Index the work by the thread's rank instead of filtering threads "
       "(`int i = 2 * s * tid; if (i < blockDim.x) sdata[i] += sdata[i + "
       "s];`), or make the stride shrink (`for (s = blockDim.x / 2; s > 0; "
       "s >>= 1) if (tid < s)`), so that the working threads are contiguous "
       "and whole warps finish early."},
      {"rl-atomic-contention", Severity::Warning,
       "Many threads update the same address atomically; the updates are "
       "serialised.",
       "Reduce within the warp (__shfl_down_sync) or the block (shared "
       "memory) first and issue one atomic per warp or block, or privatise "
       "the target per block."},
      {"rl-fusion", Severity::Remark,
       "Consecutive launches where one kernel reads what the previous one "
       "wrote: the intermediate array makes a round trip through DRAM.",
       "Fuse the two kernels so the intermediate stays in registers or "
       "shared memory."},
      {
          "rl-low-occupancy",
          Severity::Warning,
          "Too few warps are resident per SM to hide memory latency; the "
          "message names the limiting resource (registers, shared memory, "
          "block size or blocks per SM).",
          "Lower the limiting resource: cap registers with __launch_bounds__ "
          "or -maxrregcount, use less static or dynamic shared memory, or pick "
          "a block size that fits more blocks per SM.",
      },
      {
          "rl-spills",
          Severity::Warning,
          "ptxas spills registers to local memory for this kernel: extra "
          "loads and stores that go through the cache hierarchy.",
          "Reduce register pressure (fewer live values, smaller unrolled "
          "loops, no dynamically indexed local arrays) or relax "
          "__launch_bounds__ / -maxrregcount.",
      },
      // What the model could not decide or count.
      {"rl-unbound", Severity::Note,
       "Some symbols of the kernel's cost formulas have no value for this "
       "launch, so the totals stay formulas and there is no verdict.",
       "Bind them: --launch 'kernel:grid=...,block=...', --bind NAME=VALUE, "
       "a launch file (--launches) or a launch site the analysis can "
       "evaluate."},
      {"rl-unknown-trip-count", Severity::Remark,
       "A loop's trip count could not be derived (a while loop, a "
       "range-based for, a condition the model does not understand); it is "
       "counted as one iteration.",
       "Write the loop as a counted for loop over kernel parameters or "
       "constants (for (int i = 0; i < n; i += step)), or accept the "
       "undercount."},
      {"rl-host-branch", Severity::Remark,
       "Code depends on __CUDA_ARCH__; the compiler plugin and the language "
       "server read the host side of the file and count the branch taken "
       "when __CUDA_ARCH__ is not defined (the command line reads each "
       "architecture's device side instead).",
       "Keep the device and host branches equivalent in cost, or move the "
       "architecture-specific code into a function the kernel calls in "
       "both cases."},
      {"rl-uninstantiated-template", Severity::Remark,
       "A kernel template is never instantiated in the file, so there is "
       "no body with concrete types to analyse.",
       "Launch it in the same file or add an explicit instantiation "
       "(template __global__ void k<float>(float *);)."},
      {"rl-opaque-call", Severity::Warning,
       "A call whose body is not visible (an indirect call, or a function "
       "defined in another translation unit): its costs are not counted.",
       "Define the device function in a header the kernel's file includes, "
       "or accept that the totals leave it out."},
      {"rl-recursion", Severity::Warning,
       "A recursive device call: the model cannot bound the recursion depth, "
       "so the recursive call's costs are not counted.",
       "Rewrite the recursion as a loop with a bound the model can read."},
      {"rl-inline-asm", Severity::Warning,
       "Inline PTX assembly is not analysed; its costs are not counted.",
       "Use the CUDA intrinsic that the asm stands for where one exists."},
      {"rl-unsupported", Severity::Warning,
       "A construct the model does not count (dynamic parallelism, a total "
       "that still depends on the thread index).",
       "Restructure the code, or treat the totals as a lower bound."},
      {"rl-block-size-mismatch", Severity::Warning,
       "The kernel's indices are written for one block size (a tile "
       "constant) but the launch uses another; the counts assume the "
       "constant (a grid-stride loop over tiles: the block is wider than "
       "the tile).",
       "Launch with the block size the kernel is written for, or index with "
       "blockDim instead of the constant."},
      {"rl-unknown-argument", Severity::Warning,
       "A --bind, --launch or launch-file argument names no parameter of "
       "the kernel (most likely a typo).",
       "Use the kernel parameter's name as written in its signature."},
      {"rl-invalid-binding", Severity::Error,
       "A launch dimension or integer argument has a value the model cannot "
       "use (negative, fractional, or a zero dimension).",
       "Bind launch dimensions to positive integers and integer parameters "
       "to non-negative integers."},
      {"rl-invalid-launch", Severity::Error,
       "A launch CUDA rejects with cudaErrorInvalidConfiguration: more than "
       "1024 threads per block, blockDim.x or .y above 1024, blockDim.z "
       "above 64, gridDim.x above 2^31 - 1, or gridDim.y or .z above 65535. "
       "It runs nothing, so the launch gets no totals and no predicted "
       "time.",
       "Split the work over more blocks (or a loop inside the kernel) so "
       "that each dimension is within CUDA's limits."},
      {"rl-overflow", Severity::Warning,
       "A total does not fit in 128-bit arithmetic for this launch.",
       "Check the bound values; a smaller problem size gives a finite "
       "total."},
      {"rl-undefined", Severity::Warning,
       "A total is undefined for this launch: a division by zero, or a loop "
       "too long to sum term by term.",
       "Check the bound values (a zero size or stride)."},
      {"rl-no-kernels", Severity::Note, "The file has no __global__ kernels.",
       "Analyse the file that defines the kernels."},
      {"rl-frontend-error", Severity::Warning,
       "Clang reported an error in the file (its message follows). The "
       "kernels whose code is free of errors are still analysed, and launch "
       "sites in intact host code still bind; --strict makes any error "
       "exit 2.",
       "Fix the error, or, where nvcc accepts the code, report the "
       "construct: the analysis aims to accept every file nvcc compiles."},
      {"rl-not-analysed", Severity::Warning,
       "A kernel's code (or a function it calls) has a clang error, so its "
       "costs are not counted; it is listed in the report's not_analysed.",
       "Fix the error clang reports at the location given."},
      {"rl-no-work", Severity::Warning,
       "A bound launch counts no FLOPs and no global memory traffic: the "
       "kernel's body does nothing the model counts (an empty body, code "
       "under a preprocessor branch not taken, or inline assembly only).",
       "Check that the body compiled for the GPU asked for is the one you "
       "meant; inline PTX is not counted."},
      // Gates.
      {"rl-baseline-new", Severity::Warning,
       "A kernel launch of the run that --baseline could not compare: the "
       "baseline has no entry for its file, kernel, launch (the n-th launch "
       "of it in a host function, or a case) and GPU, or the launch is not "
       "bound and has no numbers. "
       "--baseline-new=fail makes a new launch fail the gate.",
       "Record it: rl-analyze FILE.cu --write-baseline BASELINE, and commit "
       "the updated baseline with the change."},
      {"rl-baseline-new-finding", Severity::Error,
       "With --fail-on-new, a kernel launch has a finding (its ID) that its "
       "baseline entry did not have: a change brought a new problem, such "
       "as an uncoalesced access.",
       "Fix what the finding says, silence it in the source with "
       "`rl-analyze: ignore[ID]`, or accept it with --write-baseline."},
      {"rl-baseline-regression", Severity::Error,
       "A kernel got worse than the baseline (--baseline): its bound moved "
       "to a worse level, its intensity or occupancy dropped, or its "
       "predicted time or DRAM bytes grew beyond the tolerance.",
       "Fix the regression, or accept it by writing a new baseline with "
       "--write-baseline."},
  };
  return Table;
}

const DiagnosticInfo *findDiagnostic(const std::string &Id) {
  for (const DiagnosticInfo &D : diagnosticRegistry())
    if (D.Id == Id)
      return &D;
  return nullptr;
}

} // namespace rla
