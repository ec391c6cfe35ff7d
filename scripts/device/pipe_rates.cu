// pipe_rates.cu - measures, on the GPU it runs on (built for sm_90: H100 /
// H200), the issue throughput of each SM execution pipe in warp-instructions
// per SM per SM clock, the latency of a few dependent instruction chains, and
// the cost of __syncthreads.
//
// Prints `# ` comment lines describing the device, then CSV lines
//   name,value,unit,detail
// (detail never holds a comma). Every value is the best of 7 repetitions
// after one warm-up. Run by pipe_rates.sh:
//   nvcc -O3 -arch=sm_90 pipe_rates.cu
// pipe_rates_check.py compares the static instruction counts printed here
// (detail field per_iter=) with the SASS of the kernels (cuobjdump -sass).
//
// Throughput kernels (`pr_<class>`, one per CSV row of unit
// warp_instr/SM/clk): every thread runs `iters` iterations of a loop that is
// not unrolled (#pragma unroll 1); its body is NS unrolled "steps", and a step
// updates each of NA = 8 independent accumulators once, so per loop iteration
// a thread executes per_iter = NS * (instructions of the class per step)
// instructions of the class. The instructions are inline PTX (asm volatile),
// so NVVM cannot fold, vectorize or reassociate them; ptxas translates each
// to one SASS instruction (checked by pipe_rates_check.py). Accumulators are
// folded into one word per thread that is written to global memory, and the
// sum of those words is printed as a checksum.
//   The grid is one full wave: (blocks resident per SM, from the occupancy
// API) x (SM count) blocks of 256 threads. Thread 0 of every block reads
// clock64() after a __syncthreads() before the loop and after a
// __syncthreads() behind it, and records %smid. Per SM, the span from the
// earliest start to the latest end of its blocks is the time the SM took (in
// its own clocks, so the value does not depend on the clock frequency):
//   value = sum over SMs of the warp-instructions its blocks executed
//           / sum over SMs of the spans
// (best of 7 repetitions). The detail field also gives
//   event=   total warp-instructions / (SM count x event time x SM clock
//            measured by a clock64 spin against cudaEvent time)
//   blk=     mean over blocks of (warp-instructions of the block / its
//            clock64 cycles) x blocks resident per SM
//   clk_mhz= SM clock during the kernel (mean SM span / event time)
//
// Latency kernels (`pr_dependent_<class>`): the same loops with a single
// accumulator (one dependent chain) run by one warp; value = clock64 cycles
// of the loop / dependent instructions executed. dependent_lds chases
// pointers (32-bit shared addresses) through shared memory.
//
// Barrier (`pr_barrier`): a loop of bar.sync 0 (16 per iteration, nothing
// between them); value = clock64 cycles per barrier per block, for one block
// of 256 threads per SM, one block of 1024 threads per SM, and 8 blocks of
// 256 threads per SM (all 64 warps of an SM synchronizing in 8 groups).
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

static const int kReps = 7;
static const int kBlock = 256; // threads per block of the throughput kernels

static void row(const char *name, double value, const char *unit,
                const std::string &detail) {
  std::printf("%s,%.6g,%s,%s\n", name, value, unit, detail.c_str());
  std::fflush(stdout);
}

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

// ---------------------------------------------------------------------------
// Device helpers

// Calls f(std::integral_constant<int, I>) for I = 0 .. N-1 in order, so that
// I is a constant expression (usable in an "n" asm operand).
template <class F, int... I>
__device__ __forceinline__ void static_for_impl(F &f,
                                                std::integer_sequence<int, I...>) {
  (f(std::integral_constant<int, I>{}), ...);
}
template <int N, class F> __device__ __forceinline__ void static_for(F &&f) {
  static_for_impl(f, std::make_integer_sequence<int, N>{});
}

__device__ __forceinline__ unsigned smid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

// Loop-invariant operands, passed by value (kernel parameters), so ptxas
// cannot constant-fold the chains.
struct Params {
  float f[4];     // seed, multiplier, addend, increment
  unsigned u[8];  // integer operands
  double d[2];    // multiplier, addend
  unsigned h[2];  // half2 multiplier, addend
};

struct Args {
  int iters;
  Params p;
  unsigned *out;  // one word per thread
  long long *clk; // per block: clock64 at start, at end
  unsigned *sm;   // per block: %smid
};

// ---------------------------------------------------------------------------
// Instruction classes. Each is a struct holding its accumulators:
//   kPerStep          instructions of the class one step executes
//   kSmemWords        shared memory the kernel uses (32-bit words), filled
//                     with fill(i, sbase) before the timed loop
//   kSass             the SASS opcode(s) counted (documentation)
//   init(p, tid, sb)  initial accumulators (sb: 32-bit shared address of the
//                     dynamic shared array)
//   step<R>(p)        one step (R: step index within the loop body)
//   fold()            one word that depends on every accumulator

struct NoSmem {
  static constexpr int kSmemWords = 0;
  __device__ static unsigned fill(unsigned, unsigned) { return 0; }
};

__device__ __forceinline__ float seedf(const Params &p, unsigned tid, int k) {
  return p.f[0] + float((tid * 7u + 97u * unsigned(k)) & 1023u) * 1e-4f;
}
__device__ __forceinline__ unsigned seedu(unsigned tid, int k) {
  return tid * 0x9E3779B1u + 0x85EBCA6Bu * unsigned(k + 1);
}
template <int NA> __device__ __forceinline__ unsigned foldf(const float (&a)[NA]) {
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < NA; ++k)
    s += a[k];
  return __float_as_uint(s);
}
template <int NA>
__device__ __forceinline__ unsigned foldu(const unsigned (&a)[NA]) {
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < NA; ++k)
    s = s * 31u + a[k];
  return s;
}

// FP32 ------------------------------------------------------------------------
template <int NA> struct Ffma : NoSmem { // a = a * 0.9999 + 0.5
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "FFMA";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("fma.rn.f32 %0, %0, %1, %2;"
                   : "+f"(a[k])
                   : "f"(p.f[1]), "f"(p.f[2]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

template <int NA> struct Fadd : NoSmem { // a = a + 1e-3
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "FADD";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("add.rn.f32 %0, %0, %1;" : "+f"(a[k]) : "f"(p.f[3]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

template <int NA> struct Fmul : NoSmem { // a = a * 0.99999
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "FMUL";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("mul.rn.f32 %0, %0, %1;" : "+f"(a[k]) : "f"(p.f[1]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

// FP16x2 / FP64 ----------------------------------------------------------------
template <int NA> struct Hfma2 : NoSmem { // a = a * 0.999 + 0.01 (both halves)
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "HFMA2";
  unsigned a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k) // two halves in [0.5, 1)
      a[k] = 0x38003800u | ((tid + 13u * unsigned(k)) & 0x3FFu) |
             (((tid >> 3) & 0x3FFu) << 16);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("fma.rn.f16x2 %0, %0, %1, %2;"
                   : "+r"(a[k])
                   : "r"(p.h[0]), "r"(p.h[1]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

template <int NA> struct Dfma : NoSmem { // a = a * 0.9999 + 0.5
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "DFMA";
  double a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = double(seedf(p, tid, k));
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("fma.rn.f64 %0, %0, %1, %2;"
                   : "+d"(a[k])
                   : "d"(p.d[0]), "d"(p.d[1]));
  }
  __device__ unsigned fold() const {
    double s = 0.0;
#pragma unroll
    for (int k = 0; k < NA; ++k)
      s += a[k];
    return __float_as_uint(float(s));
  }
};

// Integer ----------------------------------------------------------------------
template <int NA> struct Imad : NoSmem { // a = a * u0 + u1
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "IMAD";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("mad.lo.u32 %0, %0, %1, %2;"
                   : "+r"(a[k])
                   : "r"(p.u[0]), "r"(p.u[1]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// a = a + u[x] + u[y]: two PTX adds that ptxas fuses into one IADD3. The
// operand pair changes with the step so that the sum of the invariants cannot
// be hoisted and two steps merged into one IADD3 (checked in the SASS).
template <int NA> struct Iadd3 : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "IADD3";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("{\n\t.reg .u32 t;\n\t"
                   "add.u32 t, %0, %1;\n\t"
                   "add.u32 %0, t, %2;\n\t}"
                   : "+r"(a[k])
                   : "r"(p.u[R % 8]), "r"(p.u[(R + 3) % 8]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// a = a ^ (u[x] & u[y]) (LUT 0x78), operand pair changing with the step.
template <int NA> struct Lop3 : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "LOP3.LUT";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("lop3.b32 %0, %0, %1, %2, 0x78;"
                   : "+r"(a[k])
                   : "r"(p.u[R % 8]), "r"(p.u[(R + 3) % 8]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// a = funnel shift left of (u4:a) by u5 (wrap)
template <int NA> struct Shf : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "SHF";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("shf.l.wrap.b32 %0, %0, %1, %2;"
                   : "+r"(a[k])
                   : "r"(p.u[4]), "r"(p.u[5]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// a = (a < u6) ? u1 : u2: one ISETP and one SEL per accumulator and step.
template <int NA> struct IsetpSel : NoSmem {
  static constexpr int kPerStep = 2 * NA;
  static constexpr const char *kSass = "ISETP+SEL";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("{\n\t.reg .pred q;\n\t"
                   "setp.lt.u32 q, %0, %1;\n\t"
                   "selp.b32 %0, %2, %3, q;\n\t}"
                   : "+r"(a[k])
                   : "r"(p.u[6]), "r"(p.u[1]), "r"(p.u[2]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

template <int NA> struct Popc : NoSmem { // a = popc(a)
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "POPC";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("popc.b32 %0, %0;" : "+r"(a[k]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// MUFU (SFU) -------------------------------------------------------------------
// The .ftz forms: without .ftz ptxas wraps MUFU in denormal fix-up code.
template <int NA> struct Rsqrt : NoSmem { // a = rsqrt(a), a > 0
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "MUFU.RSQ";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k) + 1.0f;
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("rsqrt.approx.ftz.f32 %0, %0;" : "+f"(a[k]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

template <int NA> struct Ex2 : NoSmem { // a = 2^-a, stays in (0, 1]
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "MUFU.EX2";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("{\n\t.reg .f32 t;\n\t"
                   "neg.f32 t, %0;\n\t"
                   "ex2.approx.ftz.f32 %0, t;\n\t}"
                   : "+f"(a[k]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

// sin.approx = FMUL.RZ by 1/(2 pi) (range reduction) + MUFU.SIN in SASS.
template <int NA> struct Sin : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "MUFU.SIN";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("sin.approx.ftz.f32 %0, %0;" : "+f"(a[k]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

// Conversions: the result's bits feed the next conversion (mov.b32 is free).
template <int NA> struct I2f : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "I2F";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("{\n\t.reg .f32 t;\n\t"
                   "cvt.rn.f32.s32 t, %0;\n\t"
                   "mov.b32 %0, t;\n\t}"
                   : "+r"(a[k]));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

template <int NA> struct F2i : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "F2I";
  float a[NA];
  __device__ void init(const Params &p, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedf(p, tid, k) * 1e3f;
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("{\n\t.reg .s32 t;\n\t"
                   "cvt.rzi.s32.f32 t, %0;\n\t"
                   "mov.b32 %0, t;\n\t}"
                   : "+f"(a[k]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

// Warp shuffle: a = shfl.bfly(a, 1 << (R % 5)).
template <int NA> struct Shfl : NoSmem {
  static constexpr int kPerStep = NA;
  static constexpr const char *kSass = "SHFL.BFLY";
  unsigned a[NA];
  __device__ void init(const Params &, unsigned tid, unsigned) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      a[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &) {
#pragma unroll
    for (int k = 0; k < NA; ++k)
      asm volatile("shfl.sync.bfly.b32 %0, %0, %1, 0x1f, 0xffffffff;"
                   : "+r"(a[k])
                   : "n"(1 << (R % 5)));
  }
  __device__ unsigned fold() const { return foldu(a); }
};

// Shared memory ----------------------------------------------------------------
// The array holds floats in [1, 2) (as bits). Lane L of every warp reads word
// L of a 32-word (128-byte) row: conflict free; the row changes with every
// load (immediate offsets, no address arithmetic in the loop). Volatile
// loads cannot be merged or dropped.
struct FloatSmem {
  __device__ static unsigned fill(unsigned i, unsigned) {
    return __float_as_uint(1.0f + float(i & 1023u) * (1.0f / 1024.0f));
  }
};

// NL loads per step; every two loaded words are added into an accumulator
// (plain C++ adds: one IADD3 per two loads, on the integer pipe).
template <int NL> struct Lds : FloatSmem {
  static constexpr int kSmemWords = 1024; // 32 rows of 32 words (4 KiB)
  static constexpr int kPerStep = NL;
  static constexpr const char *kSass = "LDS";
  unsigned acc[NL / 2];
  unsigned base;
  __device__ void init(const Params &, unsigned tid, unsigned sb) {
    base = sb + (tid & 31u) * 4u;
#pragma unroll
    for (int k = 0; k < NL / 2; ++k)
      acc[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &) {
    unsigned v[NL];
    static_for<NL>([&](auto kk) {
      constexpr int K = decltype(kk)::value;
      asm volatile("ld.volatile.shared.u32 %0, [%1+%2];"
                   : "=r"(v[K])
                   : "r"(base), "n"(((R * NL + K) % 32) * 128));
    });
#pragma unroll
    for (int k = 0; k < NL / 2; ++k)
      acc[k] += v[2 * k] + v[2 * k + 1];
  }
  __device__ unsigned fold() const { return foldu(acc); }
};

// NL 16-byte loads per step (lane L reads bytes 16L..16L+15 of a 512-byte
// row: conflict free); each is added into two accumulators (2 IADD3).
template <int NL> struct Lds128 : FloatSmem {
  static constexpr int kSmemWords = 4096; // 32 rows of 512 bytes (16 KiB)
  static constexpr int kPerStep = NL;
  static constexpr const char *kSass = "LDS.128";
  unsigned acc[2 * NL];
  unsigned base;
  __device__ void init(const Params &, unsigned tid, unsigned sb) {
    base = sb + (tid & 31u) * 16u;
#pragma unroll
    for (int k = 0; k < 2 * NL; ++k)
      acc[k] = seedu(tid, k);
  }
  template <int R> __device__ void step(const Params &) {
    static_for<NL>([&](auto kk) {
      constexpr int K = decltype(kk)::value;
      unsigned x, y, z, w;
      asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4+%5];"
                   : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                   : "r"(base), "n"(((R * NL + K) % 32) * 512));
      acc[2 * K] += x + y;
      acc[2 * K + 1] += z + w;
    });
  }
  __device__ unsigned fold() const { return foldu(acc); }
};

// NS stores per step of one value (incremented once per loop iteration).
template <int NS> struct Sts : FloatSmem {
  static constexpr int kSmemWords = 1024;
  static constexpr int kPerStep = NS;
  static constexpr const char *kSass = "STS";
  unsigned v, base;
  __device__ void init(const Params &, unsigned tid, unsigned sb) {
    base = sb + (tid & 31u) * 4u;
    v = seedu(tid, 0);
  }
  template <int R> __device__ void step(const Params &) {
    if constexpr (R == 0)
      v += 1u;
    static_for<NS>([&](auto kk) {
      constexpr int K = decltype(kk)::value;
      asm volatile("st.volatile.shared.u32 [%0+%1], %2;" ::"r"(base),
                   "n"(((R * NS + K) % 32) * 128), "r"(v)
                   : "memory");
    });
  }
  __device__ unsigned fold() const { return v; }
};

// Pointer chase through shared memory: word i holds the shared address of
// word (i + 33) mod 1024 (a single cycle); every lane follows the same chain
// (broadcast, no bank conflict).
struct LdsChase {
  static constexpr int kSmemWords = 1024;
  static constexpr int kPerStep = 1;
  static constexpr const char *kSass = "LDS";
  unsigned a;
  __device__ static unsigned fill(unsigned i, unsigned sb) {
    return sb + 4u * ((i + 33u) & 1023u);
  }
  __device__ void init(const Params &, unsigned, unsigned sb) { a = sb; }
  template <int R> __device__ void step(const Params &) {
    asm volatile("ld.volatile.shared.u32 %0, [%0];" : "+r"(a));
  }
  __device__ unsigned fold() const { return a; }
};

// Mixes --------------------------------------------------------------------------
template <class A, class B> struct Mix2 {
  static constexpr int kSmemWords = 0;
  static constexpr int kPerStep = A::kPerStep + B::kPerStep;
  A a;
  B b;
  __device__ static unsigned fill(unsigned, unsigned) { return 0; }
  __device__ void init(const Params &p, unsigned tid, unsigned sb) {
    a.init(p, tid, sb);
    b.init(p, tid, sb);
  }
  template <int R> __device__ void step(const Params &p) {
    a.template step<R>(p);
    b.template step<R>(p);
  }
  __device__ unsigned fold() const { return a.fold() * 31u + b.fold(); }
};
template <class A, class B, class C> struct Mix3 {
  static constexpr int kSmemWords = 0;
  static constexpr int kPerStep = A::kPerStep + B::kPerStep + C::kPerStep;
  A a;
  B b;
  C c;
  __device__ static unsigned fill(unsigned, unsigned) { return 0; }
  __device__ void init(const Params &p, unsigned tid, unsigned sb) {
    a.init(p, tid, sb);
    b.init(p, tid, sb);
    c.init(p, tid, sb);
  }
  template <int R> __device__ void step(const Params &p) {
    a.template step<R>(p);
    b.template step<R>(p);
    c.template step<R>(p);
  }
  __device__ unsigned fold() const {
    return (a.fold() * 31u + b.fold()) * 31u + c.fold();
  }
};

struct FfmaImad : Mix2<Ffma<8>, Imad<8>> {
  static constexpr const char *kSass = "FFMA+IMAD";
};
struct IssueMix : Mix3<Ffma<8>, Iadd3<8>, Lop3<8>> {
  static constexpr const char *kSass = "FFMA+IADD3+LOP3.LUT";
};
struct IssueMix211 : Mix3<Ffma<8>, Iadd3<4>, Lop3<4>> {
  static constexpr const char *kSass = "FFMA+IADD3+LOP3.LUT";
};

// Per step: 2 LDS (f32), then 8 FFMA (4 per loaded value, which is their
// addend): a[k] = a[k] * 0.9999 + v[k / 4]. kPerStep counts LDS + FFMA.
struct FfmaLds : FloatSmem {
  static constexpr int kSmemWords = 1024;
  static constexpr int kPerStep = 10;
  static constexpr const char *kSass = "FFMA+LDS";
  float a[8];
  unsigned base;
  __device__ void init(const Params &p, unsigned tid, unsigned sb) {
    base = sb + (tid & 31u) * 4u;
#pragma unroll
    for (int k = 0; k < 8; ++k)
      a[k] = seedf(p, tid, k);
  }
  template <int R> __device__ void step(const Params &p) {
    float v[2];
    static_for<2>([&](auto kk) {
      constexpr int K = decltype(kk)::value;
      asm volatile("ld.volatile.shared.f32 %0, [%1+%2];"
                   : "=f"(v[K])
                   : "r"(base), "n"(((R * 2 + K) % 32) * 128));
    });
#pragma unroll
    for (int k = 0; k < 8; ++k)
      asm volatile("fma.rn.f32 %0, %0, %1, %2;"
                   : "+f"(a[k])
                   : "f"(p.f[1]), "f"(v[k / 4]));
  }
  __device__ unsigned fold() const { return foldf(a); }
};

struct Barrier : NoSmem {
  static constexpr int kPerStep = 1;
  static constexpr const char *kSass = "BAR.SYNC";
  unsigned t;
  __device__ void init(const Params &, unsigned tid, unsigned) { t = tid; }
  template <int R> __device__ void step(const Params &) {
    asm volatile("bar.sync 0;" ::: "memory");
  }
  __device__ unsigned fold() const { return t; }
};

// ---------------------------------------------------------------------------
// The timed loop shared by every kernel.
template <class Op, int NS> __device__ __forceinline__ void run(const Args &a) {
  extern __shared__ __align__(16) unsigned dsm[];
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned sb = unsigned(__cvta_generic_to_shared(dsm));
  if constexpr (Op::kSmemWords > 0) {
    for (unsigned i = threadIdx.x; i < unsigned(Op::kSmemWords); i += blockDim.x)
      dsm[i] = Op::fill(i, sb);
  }
  Op op;
  op.init(a.p, tid, sb);
  __syncthreads();
  const long long t0 = clock64();
#pragma unroll 1
  for (int it = 0; it < a.iters; ++it)
    static_for<NS>([&](auto r) { op.template step<decltype(r)::value>(a.p); });
  __syncthreads();
  const long long t1 = clock64();
  a.out[tid] = op.fold();
  if (threadIdx.x == 0) {
    a.clk[2 * blockIdx.x] = t0;
    a.clk[2 * blockIdx.x + 1] = t1;
    a.sm[blockIdx.x] = smid();
  }
}

// Host-side description of one kernel.
struct Bench {
  const char *name;   // CSV row name (kernel: pr_<name>)
  const void *kernel;
  int per_iter;       // instructions of the class per thread per iteration
  int smem_bytes;     // dynamic shared memory
  const char *sass;   // SASS opcode(s) counted
  double guess;       // expected warp-instr/SM/clk (sizes the run)
  const char *what;   // description (no commas)
};

// One extern "C" kernel per class (unmangled names pr_<NAME> in the SASS).
#define PR_KERNEL(NAME, OP, NS, MAXT, GUESS, WHAT)                             \
  extern "C" __global__ void __launch_bounds__(MAXT) pr_##NAME(Args a) {       \
    run<OP, NS>(a);                                                            \
  }                                                                            \
  static const Bench bench_##NAME = {#NAME,           (const void *)pr_##NAME, \
                                     OP::kPerStep *NS, OP::kSmemWords * 4,     \
                                     OP::kSass,       GUESS,                   \
                                     WHAT};

// Throughput: NA = 8 independent accumulators per thread; NS steps per loop
// iteration (32 for single classes: 256 instructions of the class per
// iteration, so the loop overhead is about 1% of the issue slots).
//
// Timed loop bodies as ptxas (CUDA 13.0, sm_90) emits them, per iteration,
// besides the loop test (UIADD3 + ISETP + BRA); pipe_rates_check.py holds
// the same numbers and checks them against the SASS:
//   ffma 256 FFMA | fadd 256 FADD | fmul 256 FMUL | dfma 256 DFMA
//   hfma2 128 HFMA2 + 128 HFMA2.MMA (ptxas splits them between two pipes)
//   imad 256 IMAD | iadd3 256 IADD3 | lop3 256 LOP3.LUT
//   shf 256 SHF.L.W.U32.HI | isetp_sel 256 ISETP.GE.U32 + 256 SEL
//   mufu_rsqrt 256 MUFU.RSQ | mufu_ex2 256 MUFU.EX2 (negation folded)
//   mufu_sin 256 MUFU.SIN + 256 FMUL.RZ | i2f 256 I2FP.F32.S32
//   f2i 256 F2I.TRUNC.NTZ | popc 256 POPC | shfl 256 SHFL.BFLY
//   lds 128 LDS + 64 IADD3 | lds128 64 LDS.128 + 128 IADD3
//   sts 128 STS + 1 VIADD | ffma_imad_mix 128 FFMA + 128 IMAD
//   ffma_lds_mix 128 FFMA + 32 LDS
//   issue_limit 128 FFMA + 128 IADD3 + 128 LOP3.LUT (+ 4 LDC)
//   issue_limit_2_1_1 128 FFMA + 64 IADD3 + 64 LOP3.LUT (+ 4 LDC)
//   dependent_* 64 of the class (hfma2: 32 HFMA2 + 32 HFMA2.MMA alternating)
//   barrier 16 BAR.SYNC.DEFER_BLOCKING
PR_KERNEL(ffma, Ffma<8>, 32, 256, 4.0, "fma.rn.f32 a=a*b+c")
PR_KERNEL(fadd, Fadd<8>, 32, 256, 4.0, "add.rn.f32 a=a+b")
PR_KERNEL(fmul, Fmul<8>, 32, 256, 4.0, "mul.rn.f32 a=a*b")
PR_KERNEL(hfma2, Hfma2<8>, 32, 256, 4.0,
          "fma.rn.f16x2 a=a*b+c (ptxas: half HFMA2 and half HFMA2.MMA)")
PR_KERNEL(dfma, Dfma<8>, 32, 256, 2.0, "fma.rn.f64 a=a*b+c")
PR_KERNEL(imad, Imad<8>, 32, 256, 2.0, "mad.lo.u32 a=a*b+c")
PR_KERNEL(iadd3, Iadd3<8>, 32, 256, 2.0, "a=a+b+c (two add.u32)")
PR_KERNEL(lop3, Lop3<8>, 32, 256, 2.0, "lop3.b32 a=a^(b&c)")
PR_KERNEL(shf, Shf<8>, 32, 256, 2.0, "shf.l.wrap.b32 a=funnelshift_l(a;b;c)")
PR_KERNEL(isetp_sel, IsetpSel<8>, 32, 256, 2.0,
          "setp.lt.u32 + selp.b32 a=(a<b)?c:d (ISETP and SEL both counted)")
PR_KERNEL(mufu_rsqrt, Rsqrt<8>, 32, 256, 0.5, "rsqrt.approx.ftz.f32")
PR_KERNEL(mufu_ex2, Ex2<8>, 32, 256, 0.5, "ex2.approx.ftz.f32 of -a")
PR_KERNEL(mufu_sin, Sin<8>, 32, 256, 0.5,
          "sin.approx.ftz.f32 (FMUL.RZ + MUFU.SIN; MUFU.SIN counted)")
PR_KERNEL(i2f, I2f<8>, 32, 256, 0.5, "cvt.rn.f32.s32 (__int2float_rn)")
PR_KERNEL(f2i, F2i<8>, 32, 256, 0.5, "cvt.rzi.s32.f32 (__float2int_rz)")
PR_KERNEL(popc, Popc<8>, 32, 256, 0.5, "popc.b32 (__popc)")
PR_KERNEL(shfl, Shfl<8>, 32, 256, 1.0,
          "shfl.sync.bfly.b32 (__shfl_xor_sync) full warp")
PR_KERNEL(lds, Lds<8>, 16, 256, 1.0,
          "ld.shared.u32 conflict free + 1 IADD3 per 2 loads")
PR_KERNEL(lds128, Lds128<4>, 16, 256, 0.25,
          "ld.shared.v4.u32 conflict free + 2 IADD3 per load")
PR_KERNEL(sts, Sts<8>, 16, 256, 1.0, "st.shared.u32 conflict free")
PR_KERNEL(ffma_imad_mix, FfmaImad, 16, 256, 3.0,
          "1:1 FFMA:IMAD on separate accumulators (both counted)")
PR_KERNEL(ffma_lds_mix, FfmaLds, 16, 256, 2.0,
          "4 FFMA per LDS; the loaded value is the FFMA addend (both counted)")
PR_KERNEL(issue_limit, IssueMix, 16, 256, 3.0,
          "1:1:1 FFMA:IADD3:LOP3 (all counted)")
PR_KERNEL(issue_limit_2_1_1, IssueMix211, 16, 256, 4.0,
          "2:1:1 FFMA:IADD3:LOP3 (all counted)")

// Latency: one accumulator; one warp.
PR_KERNEL(dependent_ffma, Ffma<1>, 64, 256, 0, "FFMA")
PR_KERNEL(dependent_fadd, Fadd<1>, 64, 256, 0, "FADD")
PR_KERNEL(dependent_hfma2, Hfma2<1>, 64, 256, 0,
          "HFMA2 and HFMA2.MMA alternating (ptxas)")
PR_KERNEL(dependent_dfma, Dfma<1>, 64, 256, 0, "DFMA")
PR_KERNEL(dependent_imad, Imad<1>, 64, 256, 0, "IMAD")
PR_KERNEL(dependent_iadd3, Iadd3<1>, 64, 256, 0, "IADD3")
PR_KERNEL(dependent_lop3, Lop3<1>, 64, 256, 0, "LOP3")
PR_KERNEL(dependent_mufu_rsqrt, Rsqrt<1>, 64, 256, 0, "MUFU.RSQ")
PR_KERNEL(dependent_mufu_ex2, Ex2<1>, 64, 256, 0, "MUFU.EX2")
PR_KERNEL(dependent_shfl, Shfl<1>, 64, 256, 0, "SHFL.BFLY")
PR_KERNEL(dependent_lds, LdsChase, 64, 256, 0,
          "LDS pointer chase (32-bit shared addresses) all lanes one address")

// Barrier: 16 bar.sync per iteration.
PR_KERNEL(barrier, Barrier, 16, 1024, 0, "bar.sync 0")

// ---------------------------------------------------------------------------
// Host
__global__ void k_spin(long long cycles, long long *out) {
  long long t0 = clock64(), t = t0;
  while (t - t0 < cycles)
    t = clock64();
  out[0] = t - t0;
}

struct Dev {
  int sms = 0;
  double spin_hz = 0; // SM clock measured by the spin
  unsigned *out = nullptr;
  long long *clk = nullptr;
  unsigned *sm = nullptr;
  size_t max_threads = 0, max_blocks = 0;
  Params p{};
};

struct Result {
  double t = 1e30;      // best event time (s)
  double rate = 0;      // best per-SM-span rate (warp-instr/SM/clk)
  double rate_blk = 0;  // per-block formula at the best rep
  double sm_min = 0, sm_max = 0; // per-SM rates at the best rep
  double span_mean = 0; // mean SM span (cycles) at the best rep
  double cyc_max = 0;   // cycles of the slowest block, best (min) rep
  int nsm = 0;          // SMs that ran blocks, at the best rep
  int bpsm_min = 0, bpsm_max = 0; // blocks per SM seen, at the best rep
  unsigned long long checksum = 0;
};

// Runs `b` kReps + 1 times (the first is a warm-up) with `grid` x `block`
// threads and `iters` loop iterations; each warp executes iters * per_iter
// warp-instructions of the class.
static Result measure(Dev &d, const Bench &b, int iters, int grid, int block,
                      int occ) {
  Args a;
  a.iters = iters;
  a.p = d.p;
  a.out = d.out;
  a.clk = d.clk;
  a.sm = d.sm;
  void *argv[] = {&a};
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  const double warp_instr = double(iters) * b.per_iter; // per warp
  const int warps_per_block = (block + 31) / 32;
  std::vector<long long> clk(2 * size_t(grid));
  std::vector<unsigned> sm(grid);
  Result best;
  best.cyc_max = 1e30;
  for (int r = 0; r <= kReps; ++r) {
    CHECK(cudaEventRecord(e0));
    CHECK(cudaLaunchKernel(b.kernel, dim3(grid), dim3(block), argv,
                           size_t(b.smem_bytes), 0));
    CHECK(cudaEventRecord(e1));
    CHECK(cudaEventSynchronize(e1));
    CHECK(cudaGetLastError());
    if (r == 0)
      continue; // warm-up
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    CHECK(cudaMemcpy(clk.data(), d.clk, clk.size() * sizeof(long long),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(sm.data(), d.sm, sm.size() * sizeof(unsigned),
                     cudaMemcpyDeviceToHost));
    // per SM: earliest start, latest end, blocks
    struct Span {
      long long lo = LLONG_MAX, hi = LLONG_MIN;
      int blocks = 0;
    };
    std::map<unsigned, Span> spans;
    double blk_sum = 0, cyc_max = 0;
    for (int i = 0; i < grid; ++i) {
      Span &s = spans[sm[i]];
      s.lo = std::min(s.lo, clk[2 * i]);
      s.hi = std::max(s.hi, clk[2 * i + 1]);
      s.blocks++;
      double cyc = double(clk[2 * i + 1] - clk[2 * i]);
      cyc_max = std::max(cyc_max, cyc);
      blk_sum += warps_per_block * warp_instr / cyc;
    }
    double instr_sum = 0, span_sum = 0, smin = 1e30, smax = 0;
    int bmin = INT_MAX, bmax = 0;
    for (auto &kv : spans) {
      bmin = std::min(bmin, kv.second.blocks);
      bmax = std::max(bmax, kv.second.blocks);
      double instr = double(kv.second.blocks) * warps_per_block * warp_instr;
      double span = double(kv.second.hi - kv.second.lo);
      instr_sum += instr;
      span_sum += span;
      smin = std::min(smin, instr / span);
      smax = std::max(smax, instr / span);
    }
    double rate = instr_sum / span_sum;
    best.t = std::min(best.t, double(ms) * 1e-3);
    if (rate > best.rate) {
      best.rate = rate;
      best.rate_blk = blk_sum / grid * occ;
      best.sm_min = smin;
      best.sm_max = smax;
      best.span_mean = span_sum / double(spans.size());
      best.nsm = int(spans.size());
      best.bpsm_min = bmin;
      best.bpsm_max = bmax;
    }
    best.cyc_max = std::min(best.cyc_max, cyc_max);
  }
  std::vector<unsigned> out(size_t(grid) * block);
  CHECK(cudaMemcpy(out.data(), d.out, out.size() * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (unsigned v : out)
    best.checksum += v;
  CHECK(cudaEventDestroy(e0));
  CHECK(cudaEventDestroy(e1));
  return best;
}

static int occupancy(const Bench &b, int block) {
  if (b.smem_bytes > 0) // all of the unified L1 / shared array as shared
    CHECK(cudaFuncSetAttribute(b.kernel,
                               cudaFuncAttributePreferredSharedMemoryCarveout,
                               int(cudaSharedmemCarveoutMaxShared)));
  int n = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, b.kernel, block,
                                                      size_t(b.smem_bytes)));
  return n;
}
static int regs(const Bench &b) {
  cudaFuncAttributes fa;
  CHECK(cudaFuncGetAttributes(&fa, b.kernel));
  return fa.numRegs;
}

static void throughput(Dev &d, const Bench &b) {
  const int occ = occupancy(b, kBlock);
  if (occ < 1) {
    row(b.name, 0, "warp_instr/SM/clk", "kernel cannot be resident");
    return;
  }
  const int grid = occ * d.sms;
  const int warps_per_sm = occ * kBlock / 32;
  // about 4M SM cycles (2 ms at 2 GHz) at the guessed rate
  const double target_cycles = 4e6;
  int iters = int(target_cycles * b.guess / warps_per_sm / b.per_iter);
  iters = std::max(iters, 8);
  Result r = measure(d, b, iters, grid, kBlock, occ);
  const double total = double(grid) * (kBlock / 32) * iters * b.per_iter;
  const double ev = total / (double(d.sms) * r.t * d.spin_hz);
  row(b.name, r.rate, "warp_instr/SM/clk",
      fmt("%s; sass=%s per_iter=%d iters=%d per_thread=%.0f; grid=%dx%d "
          "occ=%d blocks/SM regs=%d smem=%d B; event=%.4f (at spin clock "
          "%.0f MHz) clk_mhz=%.0f blk=%.4f sm_rate_min=%.4f sm_rate_max=%.4f "
          "sms_seen=%d blocks_per_sm_seen=%d..%d; t=%.6f s; "
          "thread_instr_per_SM_clk=%.2f; checksum=%llu",
          b.what, b.sass, b.per_iter, iters, double(iters) * b.per_iter, grid,
          kBlock, occ, regs(b), b.smem_bytes, ev, d.spin_hz / 1e6,
          r.span_mean / r.t / 1e6, r.rate_blk, r.sm_min, r.sm_max, r.nsm,
          r.bpsm_min, r.bpsm_max, r.t, r.rate * 32, r.checksum));
}

static void latency(Dev &d, const Bench &b) {
  const int iters = 2048;
  Result r = measure(d, b, iters, 1, 32, 1);
  const double n = double(iters) * b.per_iter;
  row(b.name, r.cyc_max / n, "cycles",
      fmt("%s; one warp; one dependent chain; sass=%s per_iter=%d iters=%d "
          "per_thread=%.0f; regs=%d; loop cycles=%.0f; event %.2f ns per "
          "instruction; checksum=%llu",
          b.what, b.sass, b.per_iter, iters, n, regs(b), r.cyc_max,
          r.t / n * 1e9, r.checksum));
}

static void barrier(Dev &d, const Bench &b, const char *name, int block,
                    int per_sm) {
  const int occ = occupancy(b, block);
  if (occ < per_sm) {
    row(name, 0, "cycles", fmt("only %d blocks of %d resident", occ, block));
    return;
  }
  const int iters = 1024;
  Result r = measure(d, b, iters, per_sm * d.sms, block, occ);
  const double n = double(iters) * b.per_iter;
  row(name, r.span_mean / n, "cycles",
      fmt("bar.sync 0 loop; %d blocks of %d threads per SM; sass=%s "
          "per_iter=%d iters=%d per_thread=%.0f; grid=%dx%d regs=%d; cycles "
          "per barrier per block = mean SM span / barriers; slowest block "
          "%.2f cycles/barrier; t=%.6f s (%.2f ns per barrier)",
          per_sm, block, b.sass, b.per_iter, iters, n, per_sm * d.sms, block,
          regs(b), r.cyc_max / n, r.t, r.t / n * 1e9));
}

int main() {
  int dev = 0;
  CHECK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev));
  Dev d;
  int clk_khz = 0;
  CHECK(cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev));
  CHECK(cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, dev));
  std::printf("# device: %s (cc %d.%d)\n", prop.name, prop.major, prop.minor);
  std::printf("# sm_count: %d\n", d.sms);
  std::printf("# clock_rate_khz (cudaDevAttrClockRate): %d\n", clk_khz);
  std::printf("# max_threads_per_sm: %d\n", prop.maxThreadsPerMultiProcessor);
  std::printf("# best of %d repetitions after 1 warm-up\n", kReps);
  std::printf("# throughput rows: warp-instructions of the class per SM per "
              "SM clock from clock64 spans per SM (event= in detail: from "
              "cudaEvent time at the spin-measured clock)\n");
  std::printf("# latency rows (dependent_*): SM cycles per dependent "
              "instruction; barrier_*: SM cycles per bar.sync per block\n");

  d.max_blocks = size_t(d.sms) * 32;
  d.max_threads = size_t(d.sms) * 2048;
  CHECK(cudaMalloc(&d.out, d.max_threads * sizeof(unsigned)));
  CHECK(cudaMalloc(&d.clk, 2 * d.max_blocks * sizeof(long long)));
  CHECK(cudaMalloc(&d.sm, d.max_blocks * sizeof(unsigned)));
  d.p.f[0] = 0.3f;
  d.p.f[1] = 0.9999f;
  d.p.f[2] = 0.5f;
  d.p.f[3] = 1e-3f;
  const unsigned us[8] = {0x9E3779B1u, 0x7F4A7C15u, 0x85EBCA6Bu, 0xC2B2AE35u,
                          0x27D4EB2Fu, 13u,         0x80000000u, 0x165667B1u};
  for (int i = 0; i < 8; ++i)
    d.p.u[i] = us[i];
  d.p.d[0] = 0.9999;
  d.p.d[1] = 0.5;
  d.p.h[0] = 0x3BFE3BFEu; // half2 (0.999, 0.999)
  d.p.h[1] = 0x211F211Fu; // half2 (0.01, 0.01)

  // ---- measured SM clock (also ramps the clocks up) ------------------------
  {
    long long *d_ll;
    CHECK(cudaMalloc(&d_ll, sizeof(long long)));
    const long long cycles = 100000000LL; // ~0.05 s at 2 GHz
    double best = 1e30;
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    for (int r = 0; r <= kReps; ++r) {
      CHECK(cudaEventRecord(e0));
      k_spin<<<1, 1>>>(cycles, d_ll);
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      CHECK(cudaGetLastError());
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      if (r > 0)
        best = std::min(best, double(ms) * 1e-3);
    }
    long long got = 0;
    CHECK(cudaMemcpy(&got, d_ll, sizeof got, cudaMemcpyDeviceToHost));
    d.spin_hz = double(got) / best;
    std::printf("# sm_clock_measured_mhz (clock64 over cudaEvent, one SM "
                "spinning): %.1f\n",
                d.spin_hz / 1e6);
    std::printf("name,value,unit,detail\n");
    row("sm_clock_measured_mhz", d.spin_hz / 1e6, "MHz",
        fmt("clock64 cycles=%lld over %.6f s; attr clock %.1f MHz", got, best,
            clk_khz / 1e3));
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaFree(d_ll));
  }

  const Bench *tp[] = {
      &bench_ffma,          &bench_fadd,          &bench_fmul,
      &bench_hfma2,         &bench_dfma,          &bench_imad,
      &bench_iadd3,         &bench_lop3,          &bench_shf,
      &bench_isetp_sel,     &bench_mufu_rsqrt,    &bench_mufu_ex2,
      &bench_mufu_sin,      &bench_i2f,           &bench_f2i,
      &bench_popc,          &bench_shfl,          &bench_lds,
      &bench_lds128,        &bench_sts,           &bench_ffma_imad_mix,
      &bench_ffma_lds_mix,  &bench_issue_limit,   &bench_issue_limit_2_1_1,
  };
  for (const Bench *b : tp)
    throughput(d, *b);

  const Bench *lat[] = {
      &bench_dependent_ffma,       &bench_dependent_fadd,
      &bench_dependent_hfma2,      &bench_dependent_dfma,
      &bench_dependent_imad,       &bench_dependent_iadd3,
      &bench_dependent_lop3,       &bench_dependent_mufu_rsqrt,
      &bench_dependent_mufu_ex2,   &bench_dependent_shfl,
      &bench_dependent_lds,
  };
  for (const Bench *b : lat)
    latency(d, *b);

  barrier(d, bench_barrier, "barrier_256", 256, 1);
  barrier(d, bench_barrier, "barrier_1024", 1024, 1);
  barrier(d, bench_barrier, "barrier_256x8", 256, 8);

  CHECK(cudaFree(d.out));
  CHECK(cudaFree(d.clk));
  CHECK(cudaFree(d.sm));
  CHECK(cudaDeviceSynchronize());
  return 0;
}
