//===- DiagnosticIds.cpp --------------------------------------------------===//
#include "analyzer/report/DiagnosticIds.h"
#include "analyzer/report/FindingWordings.h"

namespace rla {

const std::vector<DiagnosticInfo> &diagnosticRegistry() {
  static const std::vector<DiagnosticInfo> Table = {
      // Verdicts: one per bound launch, at the kernel's name.
      {"rl-memory-bound", Severity::Remark,
       "The kernel's arithmetic intensity (FLOPs per DRAM byte) is below the "
       "GPU's ridge point: its predicted time is set by memory bandwidth.",
       "Move fewer bytes per FLOP: reuse loaded data from shared memory or "
       "registers (tiling), fuse the kernel with its producer or consumer, "
       "use narrower element types, and do not read the same array twice.",
       /*Why=*/
       "Below the ridge point the FLOP units wait for bytes: making the "
       "arithmetic faster changes nothing, moving fewer bytes is what speeds "
       "the kernel up.",
       /*Example=*/
       "y[i] = a * x[i] + y[i];   // 2 FLOPs for 12 bytes: 0.17 FLOP/B\n"
       "// tiling a matmul through shared memory reuses each loaded value\n"
       "// TILE times and moves the kernel toward the ridge"},
      {"rl-compute-bound", Severity::Remark,
       "The kernel's arithmetic intensity reaches the GPU's ridge point: its "
       "predicted time is set by the FLOP rate of its dominant precision.",
       "Do fewer or cheaper FLOPs: a lower precision with a higher peak "
       "(fp16/bf16, tensor cores), fewer divisions and special functions, "
       "hoisting invariant arithmetic out of loops.",
       /*Why=*/
       "At or above the ridge point the kernel's time is its FLOPs over the "
       "peak of their precision; fewer bytes would not help, fewer or "
       "cheaper FLOPs do.",
       /*Example=*/
       "double acc = 0; for (int k = 0; k < K; ++k) acc += a[k] * b[k];\n"
       "// fp64 peaks are 1/2 to 1/64 of fp32's on most GPUs: float (or a\n"
       "// tensor-core type) raises the ceiling when the precision allows it"},
      {"rl-next-step", Severity::Remark,
       "The change that would save the launch the most time, priced by the "
       "model (the access coalesced or conflict-free and re-run through the "
       "memory model, or the occupancy limit lifted), at the line to change.",
       "Make the change it names; the saving is the predicted time before "
       "and after, on the GPU where the share saved is largest.",
       /*Why=*/
       "A launch below its roof has one change that saves the most: the "
       "model prices each uncoalesced or bank-conflicted access as if it were "
       "fixed, and an occupancy limit as if it were lifted, and names the "
       "largest saving with the time before and after.",
       /*Example=*/
       "out[j * N + i] = in[i * N + j];  // next step: coalesce the store of\n"
       "// 'out' ...: -37.9 us of 77.9 us (then dram-bound)"},
      // Access-pattern and occupancy findings of the memory and occupancy
      // models.
      {"rl-uncoalesced", Severity::Warning,
       "A warp's global-memory access touches more 32-byte sectors than the "
       "bytes it uses: the index does not step by one element with "
       "threadIdx.x.",
       "Make threadIdx.x the fastest-moving index of the access (structure "
       "of arrays instead of array of structures), or stage the data "
       "through shared memory and read it transposed.",
       /*Why=*/
       "A warp's loads are served in 32-byte sectors; when lanes are far "
       "apart each lane pulls its own sector and most of the moved bytes are "
       "thrown away, so the kernel pays several times its useful traffic.",
       /*Example=*/
       "out[i] = in[i * 32];        // lanes 128 B apart: 32 sectors per warp\n"
       "out[i] = in[i];             // lanes 4 B apart: 4 sectors per warp",
       /*Wording=*/wording::uncoalesced},
      {"rl-bank-conflict", Severity::Warning,
       "Threads of a warp access different addresses in the same "
       "shared-memory bank, so the access is replayed once per conflict.",
       "Pad the shared array by one element per row (e.g. [32][33]) or "
       "change the index so that consecutive threads hit consecutive "
       "4-byte words.",
       /*Why=*/
       "Shared memory serves one 4-byte word per bank and cycle; lanes that "
       "hit the same bank at different addresses are served one after "
       "another, so a 32-way conflict makes the access 32 times slower.",
       /*Example=*/
       "__shared__ float tile[32][32];\n"
       "out[...] = tile[threadIdx.x][threadIdx.y]; // a column: one bank\n"
       "__shared__ float tile[32][33];             // padded: 32 banks",
       /*Wording=*/wording::bankConflict},
      {"rl-divergent-branch", Severity::Warning,
       "A branch on the thread index modulo a growing value (`tid % (2 * s) "
       "== 0` in a loop that doubles s) keeps one thread in every 2s: while "
       "2s is 32 or less every warp runs the branch with most of its lanes "
       "idle.",
       "Index the work by the thread's rank instead of filtering threads "
       "(`int i = 2 * s * tid; if (i < blockDim.x) sdata[i] += sdata[i + "
       "s];`), or make the stride shrink (`for (s = blockDim.x / 2; s > 0; "
       "s >>= 1) if (tid < s)`), so that the working threads are contiguous "
       "and whole warps finish early.",
       /*Why=*/
       "A warp issues each instruction once for all its 32 lanes; lanes whose "
       "thread fails the branch sit idle. `tid % (2 * s) == 0` passes 16, 8, "
       "4, 2, 1 lanes of every warp as s doubles, so the warps do the work of "
       "the whole block for a fraction of its threads (the first step of the "
       "classic reduction ladder).",
       /*Example=*/
       "if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];  // every warp\n"
       "int i = 2 * s * tid;                                    // contiguous\n"
       "if (i < blockDim.x) sdata[i] += sdata[i + s];",
       /*Wording=*/wording::divergentBranch},
      {"rl-atomic-contention", Severity::Warning,
       "Many threads update the same address atomically; the updates are "
       "serialised.",
       "Reduce within the warp (__shfl_down_sync) or the block (shared "
       "memory) first and issue one atomic per warp or block, or privatise "
       "the target per block.",
       /*Why=*/
       "Atomics to one address are serialised in the L2 slice that owns it; "
       "with many updates per address the kernel's time is the queue, not "
       "its bytes or FLOPs.",
       /*Example=*/
       "atomicAdd(sum, x[i]);                    // every thread, one address\n"
       "v = warpReduce(x[i]); if (lane == 0) atomicAdd(sum, v); // 32x fewer",
       /*Wording=*/wording::atomicContention},
      {"rl-fusion", Severity::Remark,
       "Consecutive launches where one kernel reads what the previous one "
       "wrote: the intermediate array makes a round trip through DRAM.",
       "Fuse the two kernels so the intermediate stays in registers or "
       "shared memory.",
       /*Why=*/
       "The intermediate array is written to DRAM by one kernel and read "
       "back by the next: twice its size in traffic that a fused kernel "
       "keeps in registers.",
       /*Example=*/
       "scale<<<g, b>>>(x, tmp); add<<<g, b>>>(tmp, y, out);\n"
       "// one kernel: out[i] = a * x[i] + y[i]",
       /*Wording=*/wording::fusion},
      {"rl-low-occupancy", Severity::Warning,
       "Too few warps are resident per SM to hide memory latency; the "
       "message names the limiting resource (registers, shared memory, "
       "block size or blocks per SM).",
       "Lower the limiting resource: cap registers with __launch_bounds__ "
       "or -maxrregcount, use less static or dynamic shared memory, or pick "
       "a block size that fits more blocks per SM.",
       /*Why=*/
       "Each SM hides memory latency by switching between resident warps; "
       "with few of them it stalls, and the kernel runs below the bandwidth "
       "the roofline assumes.",
       /*Example=*/
       "__global__ void __launch_bounds__(256) k(...)  // caps registers so\n"
       "// that more blocks fit; or launch 256 threads instead of 32",
       /*Wording=*/wording::lowOccupancy},
      {"rl-tail-wave", Severity::Remark,
       "A grid a little over one wave of blocks (the SMs times the blocks "
       "each holds): its last wave runs on a few SMs while the others idle.",
       "Launch a whole number of waves: as many blocks as the GPU holds at "
       "once, each doing more work (a grid-stride loop), or smaller blocks "
       "so that more fit per SM.",
       /*Why=*/
       "The launch takes as long as its busiest SM. With 1.2 waves every SM "
       "runs one block and a fifth of them a second: the time of two waves "
       "for the work of 1.2.",
       /*Example=*/
       "gemm<<<160, 256>>>(...);  // 132 SMs x 1 block: one wave and 28\n"
       "gemm<<<132, 256>>>(...);  // one wave, each block a larger tile",
       /*Wording=*/wording::tailWave},
      {"rl-missing-term", Severity::Note,
       "The GPU database has no bandwidth for a cache level the launch "
       "moves bytes through, and at the slowest that level can be it "
       "would bound the launch: the predicted time is a range.",
       "Give the GPU's bandwidth for that level in data/gpus.json (a "
       "measurement: scripts/device/measure_bandwidth.sh), or read the "
       "range's high end as the pessimistic prediction.",
       /*Why=*/
       "Each byte that reaches DRAM passes through L2, and each that "
       "reaches L2 through L1, so a cache is at least as fast as the level "
       "below it: that bandwidth bounds the missing level's time.",
       /*Example=*/
       "rl-analyze tiled_gemm.cu --gpu T4   // no L2 bandwidth for the T4:\n"
       "// its L2 traffic at DRAM speed would bound the launch",
       /*Wording=*/wording::missingTerm},
      {"rl-spills", Severity::Warning,
       "ptxas spills registers to local memory for this kernel: extra "
       "loads and stores that go through the cache hierarchy.",
       "Reduce register pressure (fewer live values, smaller unrolled "
       "loops, no dynamically indexed local arrays) or relax "
       "__launch_bounds__ / -maxrregcount.",
       /*Why=*/
       "Spilled registers live in local memory, which goes through L1 and "
       "L2 like global memory: extra traffic and latency in the inner loop.",
       /*Example=*/
       "float acc[64];  // dynamically indexed: in local memory\n"
       "// fewer live values, or a smaller unroll, keeps them in registers",
       /*Wording=*/wording::spills},
      // What the model could not decide or count.
      {"rl-unbound", Severity::Note,
       "Some symbols of the kernel's cost formulas have no value for this "
       "launch, so the totals stay formulas and there is no verdict.",
       "Bind them: --launch 'kernel:grid=...,block=...', --bind NAME=VALUE, "
       "a launch file (--launches) or a launch site the analysis can "
       "evaluate.",
       /*Why=*/
       "Without values for these symbols the totals stay formulas: there is "
       "no intensity, no verdict and no predicted time for the launch.",
       /*Example=*/
       "rl-analyze k.cu --launch 'k:grid=4096,block=256' --bind n=1048576",
       /*Wording=*/wording::unbound},
      {"rl-unknown-trip-count", Severity::Remark,
       "A loop's trip count could not be derived (a while loop, a "
       "range-based for, a condition the model does not understand); it is "
       "counted as one iteration.",
       "Write the loop as a counted for loop over kernel parameters or "
       "constants (for (int i = 0; i < n; i += step)), or accept the "
       "undercount.",
       /*Why=*/
       "A loop counted once undercounts everything inside it; the kernel's "
       "totals, and so its verdict, are lower bounds.",
       /*Example=*/
       "while (p != end) { ...; p = next[p]; }   // counted as one iteration\n"
       "for (int j = 0; j < len; ++j) { ... }     // counted len times"},
      {"rl-host-branch", Severity::Remark,
       "Code depends on __CUDA_ARCH__; the compiler plugin and the language "
       "server read the host side of the file and count the branch taken "
       "when __CUDA_ARCH__ is not defined (the command line reads each "
       "architecture's device side instead).",
       "Keep the device and host branches equivalent in cost, or move the "
       "architecture-specific code into a function the kernel calls in "
       "both cases.",
       /*Why=*/
       "The plugin and the language server see the host side of the file, "
       "so a kernel whose body depends on __CUDA_ARCH__ is counted as the "
       "host branch, which may not be what the GPU runs.",
       /*Example=*/
       "#if __CUDA_ARCH__ >= 800\n  fast_path(); \n#else\n  slow_path();\n"
       "#endif   // the CLI reads each architecture's device side instead"},
      {"rl-uninstantiated-template", Severity::Remark,
       "A kernel template is never instantiated in the file, so there is "
       "no body with concrete types to analyse.",
       "Launch it in the same file or add an explicit instantiation "
       "(template __global__ void k<float>(float *);).",
       /*Why=*/
       "A template with no instantiation has no concrete types, so there "
       "is no body to count and the kernel is missing from the report.",
       /*Example=*/
       "template <typename T> __global__ void scale(T *x);\n"
       "template __global__ void scale<float>(float *);  // now analysed"},
      {"rl-opaque-call", Severity::Warning,
       "A call whose body is not visible (an indirect call, or a function "
       "defined in another translation unit): its costs are not counted.",
       "Define the device function in a header the kernel's file includes, "
       "or accept that the totals leave it out.",
       /*Why=*/
       "The called function's FLOPs and bytes are not in the totals: the "
       "kernel is costlier than reported by whatever the call does.",
       /*Example=*/
       "extern __device__ float f(float); y[i] = f(x[i]); // defined "
       "elsewhere\n"
       "// define f in a header the kernel includes"},
      {"rl-uncounted-library-work", Severity::Warning,
       "A library call whose own loops the model does not count (cuRAND's "
       "curand_init skip-ahead to an offset, or to a subsequence that is not "
       "the thread's or the block's index): the predicted time is a lower "
       "bound.",
       "Initialise the generators once and keep their states in memory, or "
       "give each thread a subsequence of 0 and a different seed, if the "
       "statistics allow it.",
       /*Why=*/
       "The call's work grows with its arguments (curand_init: a 5x5 "
       "bit-matrix product for every base-4 digit of the subsequence and the "
       "offset) and is not in the totals, so the launch can take many times "
       "the predicted time. The skip-ahead to the thread's or the block's "
       "index with an offset of 0 is counted.",
       /*Example=*/
       "curand_init(seed, tid, offset, &states[tid]); // skips offset too\n"
       "// about 2,200 instructions a warp per matrix product"},
      {"rl-recursion", Severity::Warning,
       "A recursive device call: the model cannot bound the recursion depth, "
       "so the recursive call's costs are not counted.",
       "Rewrite the recursion as a loop with a bound the model can read.",
       /*Why=*/
       "The recursive call's costs are left out, so the totals are those of "
       "one level of the recursion only.",
       /*Example=*/
       "__device__ float p(float b, int e) { return e ? b * p(b, e - 1) : 1; "
       "}\n"
       "// a loop: for (int k = 0; k < e; ++k) r *= b;"},
      {"rl-inline-asm", Severity::Warning,
       "Inline PTX assembly is not analysed; its costs are not counted.",
       "Use the CUDA intrinsic that the asm stands for where one exists.",
       /*Why=*/
       "Inline PTX is not read, so its instructions and memory accesses are "
       "missing from the totals.",
       /*Example=*/
       "asm(\"ld.global.f32 %0, [%1];\" : \"=f\"(v) : \"l\"(p));\n"
       "v = __ldg(p);   // the intrinsic is counted"},
      {"rl-unsupported", Severity::Warning,
       "A construct the model does not count (dynamic parallelism, a total "
       "that still depends on the thread index).",
       "Restructure the code, or treat the totals as a lower bound.",
       /*Why=*/
       "Something in the kernel is not counted, so the totals are a lower "
       "bound; the message says what.",
       /*Example=*/
       "child<<<1, 32>>>(x);   // dynamic parallelism: not followed",
       /*Wording=*/wording::threadDependent},
      {"rl-block-size-mismatch", Severity::Warning,
       "The kernel's indices are written for one block size (a tile "
       "constant) but the launch uses another; the counts assume the "
       "constant (a grid-stride loop over tiles: the block is wider than "
       "the tile).",
       "Launch with the block size the kernel is written for, or index with "
       "blockDim instead of the constant.",
       /*Why=*/
       "The kernel's indexing assumes a tile size; under another block size "
       "the counts (and the kernel's results) follow the constant, not the "
       "launch.",
       /*Example=*/
       "#define TILE 16  ... tile[threadIdx.y][threadIdx.x] ...\n"
       "k<<<grid, dim3(32, 32)>>>(...);  // launch dim3(TILE, TILE)",
       /*Wording=*/wording::blockSizeMismatch},
      {"rl-unknown-argument", Severity::Warning,
       "A --bind, --launch or launch-file argument names no parameter of "
       "the kernel (most likely a typo).",
       "Use the kernel parameter's name as written in its signature.",
       /*Why=*/
       "A value bound to a name the kernel does not have binds nothing: the "
       "symbol you meant stays unbound or keeps another value.",
       /*Example=*/"--bind N=4096     // the parameter is 'n'\n--bind n=4096",
       /*Wording=*/wording::unknownArgument},
      {"rl-invalid-binding", Severity::Error,
       "A launch dimension or integer argument has a value the model cannot "
       "use (negative, fractional, or a zero dimension).",
       "Bind launch dimensions to positive integers and integer parameters "
       "to non-negative integers.",
       /*Why=*/
       "A negative, fractional or zero launch dimension or size gives no "
       "meaningful count; the launch is not predicted.",
       /*Example=*/
       "--launch 'k:grid=0,block=256'   // zero blocks\n"
       "--launch 'k:grid=1,block=256'",
       /*Wording=*/wording::invalidBinding},
      {"rl-invalid-launch", Severity::Error,
       "A launch CUDA rejects with cudaErrorInvalidConfiguration: more than "
       "1024 threads per block, blockDim.x or .y above 1024, blockDim.z "
       "above 64, gridDim.x above 2^31 - 1, or gridDim.y or .z above 65535. "
       "It runs nothing, so the launch gets no totals and no predicted "
       "time.",
       "Split the work over more blocks (or a loop inside the kernel) so "
       "that each dimension is within CUDA's limits.",
       /*Why=*/
       "CUDA refuses the launch with cudaErrorInvalidConfiguration: it runs "
       "nothing, so a prediction for it would be a number for a kernel that "
       "never executes.",
       /*Example=*/
       "k<<<1, 2048>>>(...);             // more than 1024 threads per block\n"
       "k<<<2, 1024>>>(...);",
       /*Wording=*/wording::invalidLaunch},
      {"rl-overflow", Severity::Warning,
       "A total does not fit in 128-bit arithmetic for this launch.",
       "Check the bound values; a smaller problem size gives a finite "
       "total.",
       /*Why=*/
       "A total beyond 128-bit arithmetic is not a number the model can "
       "print; a wrapped value would be silently wrong.",
       /*Example=*/"--bind n=1<<100   // a size no GPU holds\n--bind n=1<<30",
       /*Wording=*/wording::overflow},
      {"rl-undefined", Severity::Warning,
       "A total is undefined for this launch: a division by zero, or a loop "
       "too long to sum term by term.",
       "Check the bound values (a zero size or stride).",
       /*Why=*/
       "A division by zero or a sum too long to evaluate has no value; the "
       "total is left unknown instead of guessed.",
       /*Example=*/"for (int i = 0; i < n; i += step)  // with --bind step=0",
       /*Wording=*/wording::undefinedTotal},
      {"rl-no-kernels", Severity::Note, "The file has no __global__ kernels.",
       "Analyse the file that defines the kernels.",
       /*Why=*/
       "There is nothing to analyse in this file; the kernels are probably "
       "in another translation unit.",
       /*Example=*/
       "rl-analyze main.cpp      // host code only\nrl-analyze kernels.cu",
       /*Wording=*/wording::noKernels},
      {"rl-frontend-error", Severity::Warning,
       "Clang reported an error in the file (its message follows). The "
       "kernels whose code is free of errors are still analysed, and launch "
       "sites in intact host code still bind; --strict makes any error "
       "exit 2.",
       "Fix the error, or, where nvcc accepts the code, report the "
       "construct: the analysis aims to accept every file nvcc compiles.",
       /*Why=*/
       "Code with a clang error may not be what nvcc compiles; kernels "
       "outside the error are still analysed, and --strict makes the error "
       "fatal.",
       /*Example=*/
       "int x = undefined_name;   // clang: use of undeclared identifier"},
      {"rl-not-analysed", Severity::Warning,
       "A kernel's code (or a function it calls) has a clang error, so its "
       "costs are not counted; it is listed in the report's not_analysed.",
       "Fix the error clang reports at the location given.",
       /*Why=*/
       "The kernel is listed but has no totals: its code, or a function it "
       "calls, does not compile for clang.",
       /*Example=*/"__global__ void k(float *y) { y[0] = undefined_name; }"},
      {"rl-no-work", Severity::Warning,
       "A bound launch counts no FLOPs and no global memory traffic: the "
       "kernel's body does nothing the model counts (an empty body, code "
       "under a preprocessor branch not taken, or inline assembly only).",
       "Check that the body compiled for the GPU asked for is the one you "
       "meant; inline PTX is not counted.",
       /*Why=*/
       "A bound launch that counts nothing is either an empty kernel or a "
       "body the model could not see; reporting it as fast would hide that.",
       /*Example=*/
       "__global__ void k(float *y) {\n#ifdef USE_K\n  y[0] = 1;\n#endif\n}",
       /*Wording=*/wording::noWork},
      // Gates.
      {"rl-baseline-new", Severity::Warning,
       "A kernel launch of the run that --baseline could not compare: the "
       "baseline has no entry for its file, kernel, launch (the n-th launch "
       "of it in a host function, or a case) and GPU, or the launch is not "
       "bound and has no numbers. "
       "--baseline-new=fail makes a new launch fail the gate.",
       "Record it: rl-analyze FILE.cu --write-baseline BASELINE, and commit "
       "the updated baseline with the change.",
       /*Why=*/
       "A launch the baseline cannot compare passes the gate unchecked, so "
       "a regression in it would go unnoticed.",
       /*Example=*/
       "rl-analyze k.cu --write-baseline .rl-baseline.json\n"
       "git add .rl-baseline.json   # commit it with the change"},
      {"rl-baseline-new-finding", Severity::Error,
       "With --fail-on-new, a kernel launch has a finding (its ID) that its "
       "baseline entry did not have: a change brought a new problem, such "
       "as an uncoalesced access.",
       "Fix what the finding says, silence it in the source with "
       "`rl-analyze: ignore[ID]`, or accept it with --write-baseline.",
       /*Why=*/
       "A finding that appeared with a change, such as an uncoalesced "
       "access, usually costs time the regression thresholds do not catch.",
       /*Example=*/
       "in[i] -> in[i * 32]   // a new [rl-uncoalesced] fails --fail-on-new"},
      {"rl-baseline-regression", Severity::Error,
       "A kernel got worse than the baseline (--baseline): its bound moved "
       "to a worse level, its intensity or occupancy dropped, or its "
       "predicted time or DRAM bytes grew beyond the tolerance.",
       "Fix the regression, or accept it by writing a new baseline with "
       "--write-baseline.",
       /*Why=*/
       "The change made the kernel slower on paper: it moves more bytes, "
       "lost occupancy or crossed to a worse bound.",
       /*Example=*/"block 256 -> 32: occupancy 100% -> 50%, predicted time 2x"},
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
