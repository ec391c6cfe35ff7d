//===- DiagnosticExplanations.cpp -----------------------------------------===//
#include "analyzer/report/DiagnosticExplanations.h"

#include <iterator>

namespace rla {
namespace {

const DiagnosticExplanation Explanations[] = {
    {"rl-memory-bound",
     "Below the ridge point the FLOP units wait for bytes: making the "
     "arithmetic faster changes nothing, moving fewer bytes is what speeds "
     "the kernel up.",
     "y[i] = a * x[i] + y[i];   // 2 FLOPs for 12 bytes: 0.17 FLOP/B\n"
     "// tiling a matmul through shared memory reuses each loaded value\n"
     "// TILE times and moves the kernel toward the ridge"},
    {"rl-compute-bound",
     "At or above the ridge point the kernel's time is its FLOPs over the "
     "peak of their precision; fewer bytes would not help, fewer or "
     "cheaper FLOPs do.",
     "double acc = 0; for (int k = 0; k < K; ++k) acc += a[k] * b[k];\n"
     "// fp64 peaks are 1/2 to 1/64 of fp32's on most GPUs: float (or a\n"
     "// tensor-core type) raises the ceiling when the precision allows it"},
    {"rl-next-step",
     "A launch below its roof has one change that saves the most: the "
     "model prices each uncoalesced or bank-conflicted access as if it were "
     "fixed, and an occupancy limit as if it were lifted, and names the "
     "largest saving with the time before and after.",
     "out[j * N + i] = in[i * N + j];  // next step: coalesce the store of\n"
     "// 'out' ...: -37.9 us of 77.9 us (then dram-bound)"},
    {"rl-uncoalesced",
     "A warp's loads are served in 32-byte sectors; when lanes are far "
     "apart each lane pulls its own sector and most of the moved bytes are "
     "thrown away, so the kernel pays several times its useful traffic.",
     "out[i] = in[i * 32];        // lanes 128 B apart: 32 sectors per warp\n"
     "out[i] = in[i];             // lanes 4 B apart: 4 sectors per warp"},
    {"rl-bank-conflict",
     "Shared memory serves one 4-byte word per bank and cycle; lanes that "
     "hit the same bank at different addresses are served one after "
     "another, so a 32-way conflict makes the access 32 times slower.",
     "__shared__ float tile[32][32];\n"
     "out[...] = tile[threadIdx.x][threadIdx.y]; // a column: one bank\n"
     "__shared__ float tile[32][33];             // padded: 32 banks"},
    {"rl-divergent-branch",
     "A warp issues each instruction once for all its 32 lanes; lanes whose "
     "thread fails the branch sit idle. `tid % (2 * s) == 0` passes 16, 8, "
     "4, 2, 1 lanes of every warp as s doubles, so the warps do the work of "
     "the whole block for a fraction of its threads (the first step of the "
     "classic reduction ladder).",
     "if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];  // every warp\n"
     "int i = 2 * s * tid;                                    // contiguous\n"
     "if (i < blockDim.x) sdata[i] += sdata[i + s];"},
    {"rl-atomic-contention",
     "Atomics to one address are serialised in the L2 slice that owns it; "
     "with many updates per address the kernel's time is the queue, not "
     "its bytes or FLOPs.",
     "atomicAdd(sum, x[i]);                    // every thread, one address\n"
     "v = warpReduce(x[i]); if (lane == 0) atomicAdd(sum, v); // 32x fewer"},
    {"rl-fusion",
     "The intermediate array is written to DRAM by one kernel and read "
     "back by the next: twice its size in traffic that a fused kernel "
     "keeps in registers.",
     "scale<<<g, b>>>(x, tmp); add<<<g, b>>>(tmp, y, out);\n"
     "// one kernel: out[i] = a * x[i] + y[i]"},
    {"rl-low-occupancy",
     "Each SM hides memory latency by switching between resident warps; "
     "with few of them it stalls, and the kernel runs below the bandwidth "
     "the roofline assumes.",
     "__global__ void __launch_bounds__(256) k(...)  // caps registers so\n"
     "// that more blocks fit; or launch 256 threads instead of 32"},
    {"rl-spills",
     "Spilled registers live in local memory, which goes through L1 and "
     "L2 like global memory: extra traffic and latency in the inner loop.",
     "float acc[64];  // dynamically indexed: in local memory\n"
     "// fewer live values, or a smaller unroll, keeps them in registers"},
    {"rl-unbound",
     "Without values for these symbols the totals stay formulas: there is "
     "no intensity, no verdict and no predicted time for the launch.",
     "rl-analyze k.cu --launch 'k:grid=4096,block=256' --bind n=1048576"},
    {"rl-unknown-trip-count",
     "A loop counted once undercounts everything inside it; the kernel's "
     "totals, and so its verdict, are lower bounds.",
     "while (p != end) { ...; p = next[p]; }   // counted as one iteration\n"
     "for (int j = 0; j < len; ++j) { ... }     // counted len times"},
    {"rl-host-branch",
     "The plugin and the language server see the host side of the file, "
     "so a kernel whose body depends on __CUDA_ARCH__ is counted as the "
     "host branch, which may not be what the GPU runs.",
     "#if __CUDA_ARCH__ >= 800\n  fast_path(); \n#else\n  slow_path();\n"
     "#endif   // the CLI reads each architecture's device side instead"},
    {"rl-uninstantiated-template",
     "A template with no instantiation has no concrete types, so there "
     "is no body to count and the kernel is missing from the report.",
     "template <typename T> __global__ void scale(T *x);\n"
     "template __global__ void scale<float>(float *);  // now analysed"},
    {"rl-opaque-call",
     "The called function's FLOPs and bytes are not in the totals: the "
     "kernel is costlier than reported by whatever the call does.",
     "extern __device__ float f(float); y[i] = f(x[i]); // defined elsewhere\n"
     "// define f in a header the kernel includes"},
    {"rl-recursion",
     "The recursive call's costs are left out, so the totals are those of "
     "one level of the recursion only.",
     "__device__ float p(float b, int e) { return e ? b * p(b, e - 1) : 1; }\n"
     "// a loop: for (int k = 0; k < e; ++k) r *= b;"},
    {"rl-inline-asm",
     "Inline PTX is not read, so its instructions and memory accesses are "
     "missing from the totals.",
     "asm(\"ld.global.f32 %0, [%1];\" : \"=f\"(v) : \"l\"(p));\n"
     "v = __ldg(p);   // the intrinsic is counted"},
    {"rl-unsupported",
     "Something in the kernel is not counted, so the totals are a lower "
     "bound; the message says what.",
     "child<<<1, 32>>>(x);   // dynamic parallelism: not followed"},
    {"rl-block-size-mismatch",
     "The kernel's indexing assumes a tile size; under another block size "
     "the counts (and the kernel's results) follow the constant, not the "
     "launch.",
     "#define TILE 16  ... tile[threadIdx.y][threadIdx.x] ...\n"
     "k<<<grid, dim3(32, 32)>>>(...);  // launch dim3(TILE, TILE)"},
    {"rl-unknown-argument",
     "A value bound to a name the kernel does not have binds nothing: the "
     "symbol you meant stays unbound or keeps another value.",
     "--bind N=4096     // the parameter is 'n'\n--bind n=4096"},
    {"rl-invalid-binding",
     "A negative, fractional or zero launch dimension or size gives no "
     "meaningful count; the launch is not predicted.",
     "--launch 'k:grid=0,block=256'   // zero blocks\n"
     "--launch 'k:grid=1,block=256'"},
    {"rl-invalid-launch",
     "CUDA refuses the launch with cudaErrorInvalidConfiguration: it runs "
     "nothing, so a prediction for it would be a number for a kernel that "
     "never executes.",
     "k<<<1, 2048>>>(...);             // more than 1024 threads per block\n"
     "k<<<2, 1024>>>(...);"},
    {"rl-overflow",
     "A total beyond 128-bit arithmetic is not a number the model can "
     "print; a wrapped value would be silently wrong.",
     "--bind n=1<<100   // a size no GPU holds\n--bind n=1<<30"},
    {"rl-undefined",
     "A division by zero or a sum too long to evaluate has no value; the "
     "total is left unknown instead of guessed.",
     "for (int i = 0; i < n; i += step)  // with --bind step=0"},
    {"rl-no-kernels",
     "There is nothing to analyse in this file; the kernels are probably "
     "in another translation unit.",
     "rl-analyze main.cpp      // host code only\nrl-analyze kernels.cu"},
    {"rl-frontend-error",
     "Code with a clang error may not be what nvcc compiles; kernels "
     "outside the error are still analysed, and --strict makes the error "
     "fatal.",
     "int x = undefined_name;   // clang: use of undeclared identifier"},
    {"rl-not-analysed",
     "The kernel is listed but has no totals: its code, or a function it "
     "calls, does not compile for clang.",
     "__global__ void k(float *y) { y[0] = undefined_name; }"},
    {"rl-no-work",
     "A bound launch that counts nothing is either an empty kernel or a "
     "body the model could not see; reporting it as fast would hide that.",
     "__global__ void k(float *y) {\n#ifdef USE_K\n  y[0] = 1;\n#endif\n}"},
    {"rl-baseline-new",
     "A launch the baseline cannot compare passes the gate unchecked, so "
     "a regression in it would go unnoticed.",
     "rl-analyze k.cu --write-baseline .rl-baseline.json\n"
     "git add .rl-baseline.json   # commit it with the change"},
    {"rl-baseline-new-finding",
     "A finding that appeared with a change, such as an uncoalesced "
     "access, usually costs time the regression thresholds do not catch.",
     "in[i] -> in[i * 32]   // a new [rl-uncoalesced] fails --fail-on-new"},
    {"rl-baseline-regression",
     "The change made the kernel slower on paper: it moves more bytes, "
     "lost occupancy or crossed to a worse bound.",
     "block 256 -> 32: occupancy 100% -> 50%, predicted time 2x"},
};

} // namespace

const DiagnosticExplanation *findExplanation(const std::string &Id) {
  for (const DiagnosticExplanation &E : Explanations)
    if (Id == E.Id)
      return &E;
  return nullptr;
}

} // namespace rla
