// latency.cu - twelfth held-out suite: loads that wait on DRAM with few or
// many of them in flight, and loads that bring whole sectors for a few
// bytes.
//
// gather ladder (gt1..gt4): out[i] = x[idx[i]] over 4M floats, idx a
// scattered permutation, the threads grid-striding:
//   gt1_grid_8, gt2_grid_32, gt3_grid_132, gt4_grid_1056 (blocks of 256)
// stride ladder (sd1..sd4): y[i] = x[i * stride] for 1M outputs, the
// stride a kernel argument: sd1_stride_1, sd2_stride_4, sd3_stride_16,
// sd4_stride_64
// chase ladder (cc1..cc4): each thread follows 256 links of a scattered
// cycle through 64 MiB: cc1_chains_32 (1 block of 32), cc2_chains_512
// (16 of 32), cc3_chains_8448 (132 of 64), cc4_chains_33792 (132 of 256)
// singles:
//   column_sums_8_blocks  thread c sums column c of a 4096 x 1024 matrix,
//                         8 blocks of 128
//   double_gather         out[i] = x[idx[idx[i]]] over 4M floats
//   copy_4_blocks         4 blocks of 256 copy 1M floats, grid-striding
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

constexpr int GN = 1 << 22;       // gather length
constexpr int SN = 1 << 20;       // strided outputs
constexpr int MAX_STRIDE = 64;    // largest stride
constexpr int CN = 1 << 24;       // chase cycle length
constexpr int CSTEPS = 256;       // links per chain
constexpr int MROWS = 4096;       // column-sum matrix rows
constexpr int MCOLS = 1024;       // ... and columns
constexpr int REPS = 5;

#include "../harness.cuh"

__host__ __device__ inline unsigned scatter(unsigned i, unsigned n) {
  // An odd multiplier permutes 0 .. n - 1 for n a power of two.
  return (i * 2654435761u) & (n - 1);
}

__global__ void init_float(float *x, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = float(i & 7) * 0.125f;
}

__global__ void init_index(int *idx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    idx[i] = int(scatter(unsigned(i), unsigned(n)));
}

__global__ void init_cycle(int *next, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    next[i] = int((unsigned(i) * 5u + 12345u) & unsigned(n - 1));
}

// ------------------------------------------------------------ gather ladder
__device__ void gather(const float *x, const int *idx, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    out[i] = x[idx[i]];
}
__global__ void gt1_grid_8(const float *x, const int *idx, float *out, int n) {
  gather(x, idx, out, n);
}
__global__ void gt2_grid_32(const float *x, const int *idx, float *out, int n) {
  gather(x, idx, out, n);
}
__global__ void gt3_grid_132(const float *x, const int *idx, float *out,
                             int n) {
  gather(x, idx, out, n);
}
__global__ void gt4_grid_1056(const float *x, const int *idx, float *out,
                              int n) {
  gather(x, idx, out, n);
}

// ------------------------------------------------------------ stride ladder
__device__ void strided(const float *x, float *y, int n, int stride) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[size_t(i) * stride];
}
__global__ void sd1_stride_1(const float *x, float *y, int n, int stride) {
  strided(x, y, n, stride);
}
__global__ void sd2_stride_4(const float *x, float *y, int n, int stride) {
  strided(x, y, n, stride);
}
__global__ void sd3_stride_16(const float *x, float *y, int n, int stride) {
  strided(x, y, n, stride);
}
__global__ void sd4_stride_64(const float *x, float *y, int n, int stride) {
  strided(x, y, n, stride);
}

// ------------------------------------------------------------- chase ladder
__device__ void chase(const int *next, int *out, int steps) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int p = int(scatter(unsigned(t), unsigned(CN)));
  for (int s = 0; s < steps; ++s)
    p = next[p];
  out[t] = p;
}
__global__ void cc1_chains_32(const int *next, int *out, int steps) {
  chase(next, out, steps);
}
__global__ void cc2_chains_512(const int *next, int *out, int steps) {
  chase(next, out, steps);
}
__global__ void cc3_chains_8448(const int *next, int *out, int steps) {
  chase(next, out, steps);
}
__global__ void cc4_chains_33792(const int *next, int *out, int steps) {
  chase(next, out, steps);
}

// ------------------------------------------------------------------ singles
__global__ void column_sums_8_blocks(const float *m, float *sums, int rows,
                                     int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int r = 0; r < rows; ++r)
    s += m[size_t(r) * cols + c];
  sums[c] = s;
}

__global__ void double_gather(const float *x, const int *idx, float *out,
                              int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x[idx[idx[i]]];
}

__global__ void copy_4_blocks(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = x[i];
}

// ------------------------------------------------------------------- driver
int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  const size_t xs = size_t(SN) * MAX_STRIDE; // >= GN, >= MROWS * MCOLS
  float *x, *out;
  int *idx, *next, *ends;
  CUDA_CHECK(cudaMalloc(&x, sizeof(float) * xs));
  CUDA_CHECK(cudaMalloc(&out, sizeof(float) * GN));
  CUDA_CHECK(cudaMalloc(&idx, sizeof(int) * GN));
  CUDA_CHECK(cudaMalloc(&next, sizeof(int) * CN));
  CUDA_CHECK(cudaMalloc(&ends, sizeof(int) * 132 * 256));
  init_float<<<(unsigned)((xs + 255) / 256), 256>>>(x, xs);
  init_index<<<GN / 256, 256>>>(idx, GN);
  init_cycle<<<CN / 256, 256>>>(next, CN);
  CUDA_CHECK(cudaDeviceSynchronize());

  auto at = [&](int i) {
    float h = 0;
    CUDA_CHECK(cudaMemcpy(&h, out + i, sizeof h, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemset(out, 0, sizeof(float) * GN));
    return h;
  };
  auto pattern = [](size_t i) { return float(i & 7) * 0.125f; };
  const int probe = 123457;
  const float gathered = pattern(scatter(probe, GN));
  TIME_KERNEL(gt1_grid_8, 8, 256, x, idx, out, GN);
  check("gt1_grid_8", at(probe) == gathered);
  TIME_KERNEL(gt2_grid_32, 32, 256, x, idx, out, GN);
  check("gt2_grid_32", at(probe) == gathered);
  TIME_KERNEL(gt3_grid_132, 132, 256, x, idx, out, GN);
  check("gt3_grid_132", at(probe) == gathered);
  TIME_KERNEL(gt4_grid_1056, 1056, 256, x, idx, out, GN);
  check("gt4_grid_1056", at(probe) == gathered);

  TIME_KERNEL(sd1_stride_1, SN / 256, 256, x, out, SN, 1);
  check("sd1_stride_1", at(probe) == pattern(size_t(probe) * 1));
  TIME_KERNEL(sd2_stride_4, SN / 256, 256, x, out, SN, 4);
  check("sd2_stride_4", at(probe) == pattern(size_t(probe) * 4));
  TIME_KERNEL(sd3_stride_16, SN / 256, 256, x, out, SN, 16);
  check("sd3_stride_16", at(probe) == pattern(size_t(probe) * 16));
  TIME_KERNEL(sd4_stride_64, SN / 256, 256, x, out, SN, 64);
  check("sd4_stride_64", at(probe) == pattern(size_t(probe) * 64));

  // Chain 5 starts at scatter(5) and follows the cycle CSTEPS times.
  unsigned p5 = scatter(5u, unsigned(CN));
  for (int s = 0; s < CSTEPS; ++s)
    p5 = (p5 * 5u + 12345u) & unsigned(CN - 1);
  auto chained = [&](const char *name) {
    int h = 0;
    CUDA_CHECK(cudaMemcpy(&h, ends + 5, sizeof h, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemset(ends, 0, sizeof(int) * 132 * 256));
    check(name, unsigned(h) == p5);
  };
  TIME_KERNEL(cc1_chains_32, 1, 32, next, ends, CSTEPS);
  chained("cc1_chains_32");
  TIME_KERNEL(cc2_chains_512, 16, 32, next, ends, CSTEPS);
  chained("cc2_chains_512");
  TIME_KERNEL(cc3_chains_8448, 132, 64, next, ends, CSTEPS);
  chained("cc3_chains_8448");
  TIME_KERNEL(cc4_chains_33792, 132, 256, next, ends, CSTEPS);
  chained("cc4_chains_33792");

  TIME_KERNEL(column_sums_8_blocks, 8, 128, x, out, MROWS, MCOLS);
  {
    // Column 3: rows r contribute (r * MCOLS + 3) & 7 = 3 (MCOLS % 8 == 0).
    check("column_sums_8_blocks", at(3) == float(MROWS) * 0.375f);
  }
  TIME_KERNEL(double_gather, GN / 256, 256, x, idx, out, GN);
  check("double_gather",
        at(probe) == pattern(scatter(scatter(probe, GN), GN)));
  TIME_KERNEL(copy_4_blocks, 4, 256, x, out, SN);
  check("copy_4_blocks", at(probe) == pattern(probe));

  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(idx));
  CUDA_CHECK(cudaFree(next));
  CUDA_CHECK(cudaFree(ends));
  printf("done\n");
  return 0;
}
