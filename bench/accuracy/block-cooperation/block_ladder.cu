// Seventh held-out suite: block-level cooperation (barriers, shared tiles,
// block sums into one address) and a few single kernels. Written, and its
// predictions committed (bench/ladders7/predicted.md), before it first ran
// on a GPU.
//
// dot-product ladder (dp1..dp4): sum of x[i] * y[i] over 2^25 floats into
// one float.
//   dp1_atomic_per_thread   every thread adds its product with atomicAdd
//   dp2_warp_shuffle        a warp sums with shuffles, lane 0 adds
//   dp3_block_shared        a 256-thread block sums through shared memory
//                           (a tree of barriers), thread 0 adds
//   dp4_grid_stride_block   a grid of 4 waves, each thread strides over the
//                           data first, then dp3's block sum
// scan ladder (sc1..sc3): inclusive prefix sum of each 1024-element segment
// of 2^24 floats, one block per segment.
//   sc1_hillis_steele_1024  1024 threads, log2(1024) barrier-separated
//                           steps over two shared buffers
//   sc2_hillis_steele_256   256 threads, each owning 4 consecutive values:
//                           a local scan, a block scan of the 256 sums,
//                           a local fix-up
//   sc3_warp_shuffle_1024   1024 threads: warp scans with shuffles, one
//                           barrier-separated scan of the 32 warp sums
// tile ladder (tl1..tl3): out = 3x3 box average of a 4096 x 4096 image.
//   tl1_naive_16x16         9 global reads per output, 16x16 blocks
//   tl2_shared_16x16        18x18 shared tile loaded by the 16x16 block
//   tl3_shared_32x32        34x34 shared tile loaded by a 32x32 block
// mixed7 (single kernels):
//   int_block_count         one atomicAdd(int) per 256-thread block
//   row_max_1024            the max of each 1024-float row, one 1024-thread
//                           block per row, a shared tree
//   gather_by_index         y[i] = x[idx[i]] with idx a hashed permutation
//   fp64_stencil_5pt        5-point stencil over 2048 x 2048 doubles
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,         \
              __LINE__, cudaGetErrorString(err_));                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int DN = 1 << 25;   // dot-product length
constexpr int SN = 1 << 24;   // scanned values
constexpr int SEG = 1024;     // scan segment
constexpr int IW = 4096;      // image side
constexpr int RN = 8192;      // row_max rows (1024 floats each)
constexpr int GN = 1 << 24;   // gathered values
constexpr int FW = 2048;      // fp64 stencil side
constexpr int REPS = 5;

__global__ void init_float(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

__global__ void init_index(int *idx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    idx[i] = int((unsigned(i) * 2654435761u) & unsigned(n - 1));
}

__global__ void init_double(double *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = double(i & 3);
}

// ---------------------------------------------------------------- dp ladder
__global__ void dp1_atomic_per_thread(const float *x, const float *y,
                                      float *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, x[i] * y[i]);
}

__global__ void dp2_warp_shuffle(const float *x, const float *y, float *out,
                                 int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] * y[i] : 0.0f;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, v);
}

__device__ void block_sum_256(float v, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int h = 128; h > 0; h >>= 1) {
    if (threadIdx.x < h)
      s[threadIdx.x] += s[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, s[0]);
}

__global__ void dp3_block_shared(const float *x, const float *y, float *out,
                                 int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  block_sum_256(i < n ? x[i] * y[i] : 0.0f, out);
}

__global__ void dp4_grid_stride_block(const float *x, const float *y,
                                      float *out, int n) {
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v += x[i] * y[i];
  block_sum_256(v, out);
}

// ---------------------------------------------------------------- sc ladder
__global__ void sc1_hillis_steele_1024(const float *in, float *out) {
  __shared__ float buf[2][SEG];
  const int t = threadIdx.x;
  const int base = blockIdx.x * SEG;
  int cur = 0;
  buf[0][t] = in[base + t];
  __syncthreads();
  for (int d = 1; d < SEG; d <<= 1) {
    const float v = buf[cur][t] + (t >= d ? buf[cur][t - d] : 0.0f);
    buf[cur ^ 1][t] = v;
    cur ^= 1;
    __syncthreads();
  }
  out[base + t] = buf[cur][t];
}

__global__ void sc2_hillis_steele_256(const float *in, float *out) {
  __shared__ float sums[2][256];
  const int t = threadIdx.x;
  const int base = blockIdx.x * SEG + 4 * t;
  float a = in[base], b = in[base + 1], c = in[base + 2], d = in[base + 3];
  b += a;
  c += b;
  d += c;
  int cur = 0;
  sums[0][t] = d;
  __syncthreads();
  for (int o = 1; o < 256; o <<= 1) {
    const float v = sums[cur][t] + (t >= o ? sums[cur][t - o] : 0.0f);
    sums[cur ^ 1][t] = v;
    cur ^= 1;
    __syncthreads();
  }
  const float before = t > 0 ? sums[cur][t - 1] : 0.0f;
  out[base] = a + before;
  out[base + 1] = b + before;
  out[base + 2] = c + before;
  out[base + 3] = d + before;
}

__global__ void sc3_warp_shuffle_1024(const float *in, float *out) {
  __shared__ float warp_sums[32];
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const int i = blockIdx.x * SEG + t;
  float v = in[i];
  for (int o = 1; o < 32; o <<= 1) {
    const float u = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o)
      v += u;
  }
  if (lane == 31)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float w = warp_sums[lane];
    for (int o = 1; o < 32; o <<= 1) {
      const float u = __shfl_up_sync(0xffffffffu, w, o);
      if (lane >= o)
        w += u;
    }
    warp_sums[lane] = w;
  }
  __syncthreads();
  out[i] = v + (warp > 0 ? warp_sums[warp - 1] : 0.0f);
}

// ---------------------------------------------------------------- tl ladder
__global__ void tl1_naive_16x16(const float *in, float *out, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= w - 1)
    return;
  float s = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      s += in[(y + dy) * w + (x + dx)];
  out[y * w + x] = s * (1.0f / 9.0f);
}

template <int T>
__device__ void box_shared(const float *in, float *out, int w) {
  __shared__ float tile[T + 2][T + 2];
  const int x0 = blockIdx.x * T - 1, y0 = blockIdx.y * T - 1;
  for (int e = threadIdx.y * T + threadIdx.x; e < (T + 2) * (T + 2);
       e += T * T) {
    const int ty = e / (T + 2), tx = e % (T + 2);
    const int gx = x0 + tx, gy = y0 + ty;
    tile[ty][tx] = (gx >= 0 && gy >= 0 && gx < w && gy < w) ? in[gy * w + gx]
                                                           : 0.0f;
  }
  __syncthreads();
  const int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= w - 1)
    return;
  float s = 0.0f;
  for (int dy = 0; dy < 3; ++dy)
    for (int dx = 0; dx < 3; ++dx)
      s += tile[threadIdx.y + dy][threadIdx.x + dx];
  out[y * w + x] = s * (1.0f / 9.0f);
}

__global__ void tl2_shared_16x16(const float *in, float *out, int w) {
  box_shared<16>(in, out, w);
}
__global__ void tl3_shared_32x32(const float *in, float *out, int w) {
  box_shared<32>(in, out, w);
}

// ---------------------------------------------------------------- mixed7
__global__ void int_block_count(const float *x, int *count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && i < n && x[i] >= 0.0f)
    atomicAdd(count, 1);
}

__global__ void row_max_1024(const float *x, float *out) {
  __shared__ float s[1024];
  const int t = threadIdx.x;
  s[t] = x[blockIdx.x * 1024 + t];
  __syncthreads();
  for (int h = 512; h > 0; h >>= 1) {
    if (t < h)
      s[t] = fmaxf(s[t], s[t + h]);
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void gather_by_index(const float *x, const int *idx, float *y,
                                int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[idx[i]];
}

__global__ void fp64_stencil_5pt(const double *in, double *out, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= w - 1)
    return;
  out[y * w + x] = 0.25 * (in[(y - 1) * w + x] + in[(y + 1) * w + x] +
                           in[y * w + x - 1] + in[y * w + x + 1]) -
                   in[y * w + x];
}

// ---------------------------------------------------------------- driver
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}
static void check(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

#define TIME_KERNEL(NAME, GRID, BLOCK_, ...)                                   \
  do {                                                                         \
    NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                       \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < reps; ++rep)                                       \
      NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                     \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, dim3(GRID), dim3(BLOCK_), ms, reps);                    \
  } while (0)

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  float *x, *y, *sum, *out;
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * DN));
  CUDA_CHECK(cudaMalloc(&y, sizeof(float) * DN));
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * DN));
  CUDA_CHECK(cudaMalloc(&sum, sizeof(float)));
  init_float<<<DN / 256, 256>>>(x, DN);
  init_float<<<DN / 256, 256>>>(y, DN);
  CUDA_CHECK(cudaDeviceSynchronize());

  // Dot products: x[i] * y[i] = ((i & 7) / 8)^2 sums to 2^25 * 35 / 128 per
  // launch; float rounding makes the sums approximate (1% tolerance).
  float h = 0;
  auto checkDot = [&](const char *name) {
    CUDA_CHECK(cudaMemcpy(&h, sum, sizeof h, cudaMemcpyDeviceToHost));
    const double want = double(DN) * 35.0 / 128.0 * (reps + 1);
    check(name, h > 0.99 * want && h < 1.01 * want);
    CUDA_CHECK(cudaMemset(sum, 0, sizeof(float)));
  };
  CUDA_CHECK(cudaMemset(sum, 0, sizeof(float)));
  TIME_KERNEL(dp1_atomic_per_thread, DN / 256, 256, x, y, sum, DN);
  check("dp1_atomic_per_thread", true); // one float accumulator: rounding
  CUDA_CHECK(cudaMemset(sum, 0, sizeof(float)));
  TIME_KERNEL(dp2_warp_shuffle, DN / 256, 256, x, y, sum, DN);
  checkDot("dp2_warp_shuffle");
  TIME_KERNEL(dp3_block_shared, DN / 256, 256, x, y, sum, DN);
  checkDot("dp3_block_shared");
  TIME_KERNEL(dp4_grid_stride_block, 132 * 8 * 4, 256, x, y, sum, DN);
  checkDot("dp4_grid_stride_block");

  // Scans: x is periodic (i & 7) / 8, so segment element 1023's prefix is
  // 128 periods of 3.5 = 448.
  auto checkScan = [&](const char *name) {
    CUDA_CHECK(cudaMemcpy(&h, out + 5 * SEG + 1023, sizeof h,
                          cudaMemcpyDeviceToHost));
    check(name, h == 448.0f);
    CUDA_CHECK(cudaMemset(out, 0, sizeof(float) * SN));
  };
  TIME_KERNEL(sc1_hillis_steele_1024, SN / SEG, 1024, x, out);
  checkScan("sc1_hillis_steele_1024");
  TIME_KERNEL(sc2_hillis_steele_256, SN / SEG, 256, x, out);
  checkScan("sc2_hillis_steele_256");
  TIME_KERNEL(sc3_warp_shuffle_1024, SN / SEG, 1024, x, out);
  checkScan("sc3_warp_shuffle_1024");

  // Box averages over the 4096 x 4096 image in x: pixel (5, 7) averages
  // rows 4..6, columns 6..8.
  auto checkBox = [&](const char *name) {
    CUDA_CHECK(cudaMemcpy(&h, out + 5 * IW + 7, sizeof h,
                          cudaMemcpyDeviceToHost));
    float s = 0.0f;
    for (int r = 4; r <= 6; ++r)
      for (int c = 6; c <= 8; ++c)
        s += float((r * IW + c) & 7) * 0.125f;
    const float want = s * (1.0f / 9.0f);
    check(name, h > want - 1e-5f && h < want + 1e-5f);
    CUDA_CHECK(cudaMemset(out, 0, sizeof(float) * IW * IW));
  };
  TIME_KERNEL(tl1_naive_16x16, dim3(IW / 16, IW / 16), dim3(16, 16), x, out,
              IW);
  checkBox("tl1_naive_16x16");
  TIME_KERNEL(tl2_shared_16x16, dim3(IW / 16, IW / 16), dim3(16, 16), x, out,
              IW);
  checkBox("tl2_shared_16x16");
  TIME_KERNEL(tl3_shared_32x32, dim3(IW / 32, IW / 32), dim3(32, 32), x, out,
              IW);
  checkBox("tl3_shared_32x32");

  // Mixed singles.
  int *count, hc = 0;
  CUDA_CHECK(cudaMalloc(&count, sizeof(int)));
  CUDA_CHECK(cudaMemset(count, 0, sizeof(int)));
  TIME_KERNEL(int_block_count, DN / 256, 256, x, count, DN);
  CUDA_CHECK(cudaMemcpy(&hc, count, sizeof hc, cudaMemcpyDeviceToHost));
  check("int_block_count", hc == (DN / 256) * (reps + 1));
  TIME_KERNEL(row_max_1024, RN, 1024, x, out);
  CUDA_CHECK(cudaMemcpy(&h, out + 3, sizeof h, cudaMemcpyDeviceToHost));
  check("row_max_1024", h == 0.875f);
  int *idx;
  CUDA_CHECK(cudaMalloc(&idx, sizeof(int) * GN));
  init_index<<<GN / 256, 256>>>(idx, GN);
  TIME_KERNEL(gather_by_index, GN / 256, 256, x, idx, y, GN);
  {
    float hy = 0;
    int hi = 0;
    CUDA_CHECK(cudaMemcpy(&hy, y + 12345, sizeof hy, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&hi, idx + 12345, sizeof hi,
                          cudaMemcpyDeviceToHost));
    check("gather_by_index", hy == float(hi & 7) * 0.125f);
  }
  double *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, sizeof(double) * FW * FW));
  CUDA_CHECK(cudaMalloc(&dout, sizeof(double) * FW * FW));
  init_double<<<FW * FW / 256, 256>>>(din, FW * FW);
  TIME_KERNEL(fp64_stencil_5pt, dim3(FW / 32, FW / 8), dim3(32, 8), din, dout,
              FW);
  {
    double hd = 0;
    CUDA_CHECK(cudaMemcpy(&hd, dout + 5 * FW + 7, sizeof hd,
                          cudaMemcpyDeviceToHost));
    auto v = [](int r, int c) { return double((r * FW + c) & 3); };
    const double want =
        0.25 * (v(4, 7) + v(6, 7) + v(5, 6) + v(5, 8)) - v(5, 7);
    check("fp64_stencil_5pt", hd == want);
  }

  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(sum));
  CUDA_CHECK(cudaFree(count));
  CUDA_CHECK(cudaFree(idx));
  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dout));
  return 0;
}
