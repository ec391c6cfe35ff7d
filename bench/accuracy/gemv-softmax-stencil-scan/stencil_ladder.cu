// Jacobi stencil ladder. 2D: one 5-point step on an 8192 x 8192 fp32 grid
// (256 MiB in, 256 MiB out), out = 0.2 * (c + n + s + e + w) at interior
// points, border points copied. 3D: one 7-point step on a 512^3 fp32 grid
// (512 MiB in, 512 MiB out), out = 0.4 * c + 0.1 * (w + e + n + s + d + u),
// border points copied. The check compares sampled points (borders included)
// with a CPU reference. Steps:
//   jac1_naive_2d           one point per thread, 16x16 blocks, every
//                           neighbour read from global memory.
//   jac2_2d_block_32x8      the same kernel with 32x8 blocks: each warp
//                           covers 32 consecutive floats of one row.
//   jac3_2d_smem_tile       a 32x8 block stages its tile plus a one-point
//                           halo (34x10 floats) in shared memory.
//   jac4_2d_register_column 32x8 threads, each thread walks 8 consecutive
//                           rows of its column keeping north, centre and
//                           south in registers: 3 loads per point, not 5.
//   j3d1_naive              one point per thread, 8x8x8 blocks.
//   j3d2_2d_block_z_march   32x8 threads march along z over the whole
//                           depth, keeping z-1, z and z+1 in registers.
// Set RLA_REPS to change the number of timed launches (default 5).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,         \
              __LINE__, cudaGetErrorString(err_));                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

constexpr int N2 = 8192;    // 2D grid: N2 x N2
constexpr int N3 = 512;     // 3D grid: N3^3
constexpr int TX = 32;      // jac2-4 / j3d2 block width
constexpr int TY = 8;       // jac2-4 / j3d2 block height
constexpr int COL_ROWS = 8; // jac4: rows per thread
constexpr int REPS = 5;     // timed launches (RLA_REPS overrides)

__host__ __device__ inline unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
// values in [0, 1)
__host__ __device__ inline float in_value(unsigned idx) {
  return float(hash32(idx) & 0xffffu) * (1.0f / 65536.0f);
}

// ---------------------------------------------------------------- init
__global__ void jac_init(float *x, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = in_value(i);
}

// ---------------------------------------------------------------- 2D
__device__ inline void jacobi_point_2d(const float *in, float *out, int n,
                                       int x, int y) {
  const int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    out[i] = in[i];
  else
    out[i] = 0.2f * (in[i] + in[i - n] + in[i + n] + in[i + 1] + in[i - 1]);
}

// step 1
__global__ void jac1_naive_2d(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    jacobi_point_2d(in, out, n, x, y);
}

// step 2
__global__ void jac2_2d_block_32x8(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    jacobi_point_2d(in, out, n, x, y);
}

// step 3
__global__ void jac3_2d_smem_tile(const float *in, float *out, int n) {
  __shared__ float tile[TY + 2][TX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * TX + tx;
  const int y = blockIdx.y * TY + ty;
  const bool inside = x < n && y < n;
  if (inside) {
    const int i = y * n + x;
    tile[ty + 1][tx + 1] = in[i];
    if (tx == 0 && x > 0)
      tile[ty + 1][0] = in[i - 1];
    if (tx == TX - 1 && x + 1 < n)
      tile[ty + 1][TX + 1] = in[i + 1];
    if (ty == 0 && y > 0)
      tile[0][tx + 1] = in[i - n];
    if (ty == TY - 1 && y + 1 < n)
      tile[TY + 1][tx + 1] = in[i + n];
  }
  __syncthreads();
  if (!inside)
    return;
  const float c = tile[ty + 1][tx + 1];
  float r;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    r = c;
  else
    r = 0.2f * (c + tile[ty][tx + 1] + tile[ty + 2][tx + 1] +
                tile[ty + 1][tx + 2] + tile[ty + 1][tx]);
  out[y * n + x] = r;
}

// step 4
__global__ void jac4_2d_register_column(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * COL_ROWS;
  if (x >= n || y0 >= n)
    return;
  float north = (y0 > 0) ? in[(y0 - 1) * n + x] : 0.0f;
  float centre = in[y0 * n + x];
#pragma unroll
  for (int k = 0; k < COL_ROWS; ++k) {
    const int y = y0 + k;
    if (y >= n)
      break;
    const int i = y * n + x;
    const float south = (y + 1 < n) ? in[i + n] : 0.0f;
    float r;
    if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
      r = centre;
    else
      r = 0.2f * (centre + north + south + in[i + 1] + in[i - 1]);
    out[i] = r;
    north = centre;
    centre = south;
  }
}

// ---------------------------------------------------------------- 3D
// step 1
__global__ void j3d1_naive(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= n || y >= n || z >= n)
    return;
  const int plane = n * n;
  const int i = (z * n + y) * n + x;
  if (x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 || z == n - 1)
    out[i] = in[i];
  else
    out[i] = 0.4f * in[i] + 0.1f * (in[i - 1] + in[i + 1] + in[i - n] +
                                    in[i + n] + in[i - plane] + in[i + plane]);
}

// step 2
__global__ void j3d2_2d_block_z_march(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n || y >= n)
    return;
  const int plane = n * n;
  const bool edge = x == 0 || y == 0 || x == n - 1 || y == n - 1;
  int i = y * n + x; // z = 0
  float below = 0.0f;
  float centre = in[i];
  float above = (n > 1) ? in[i + plane] : 0.0f;
  for (int z = 0; z < n; ++z, i += plane) {
    if (edge || z == 0 || z == n - 1)
      out[i] = centre;
    else
      out[i] = 0.4f * centre + 0.1f * (in[i - 1] + in[i + 1] + in[i - n] +
                                       in[i + n] + below + above);
    below = centre;
    centre = above;
    above = (z + 2 < n) ? in[i + 2 * plane] : 0.0f;
  }
}

// ---------------------------------------------------------------- host
static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}

static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}

static bool near_value(double got, double want) {
  return fabs(got - want) <= 1e-5 * fabs(want) + 1e-6;
}

// 2D: 12 x 12 sampled points, borders and block edges included.
static void check_2d(const char *name, const float *dOut) {
  const int n = N2;
  const int pts[] = {0, 1, 7, 8, 15, 16, 31, 32, 4097, n - 9, n - 2, n - 1};
  bool ok = true;
  for (int y : pts)
    for (int x : pts) {
      float got = 0.0f;
      CUDA_CHECK(cudaMemcpy(&got, dOut + size_t(y) * n + x, sizeof(float),
                            cudaMemcpyDeviceToHost));
      const unsigned i = unsigned(y) * n + x;
      double want;
      if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
        want = in_value(i);
      else
        want = 0.2 * (double(in_value(i)) + in_value(i - n) + in_value(i + n) +
                      in_value(i + 1) + in_value(i - 1));
      if (!near_value(got, want)) {
        if (ok)
          fprintf(stderr, "%s: (%d,%d) got %f expected %f\n", name, x, y, got,
                  want);
        ok = false;
      }
    }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// 3D: 8^3 sampled points, borders and block edges included.
static void check_3d(const char *name, const float *dOut) {
  const int n = N3;
  const unsigned plane = unsigned(n) * n;
  const int pts[] = {0, 1, 7, 8, 31, 32, n - 2, n - 1};
  bool ok = true;
  for (int z : pts)
    for (int y : pts)
      for (int x : pts) {
        const unsigned i = (unsigned(z) * n + y) * n + x;
        float got = 0.0f;
        CUDA_CHECK(cudaMemcpy(&got, dOut + i, sizeof(float),
                              cudaMemcpyDeviceToHost));
        double want;
        if (x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 ||
            z == n - 1)
          want = in_value(i);
        else
          want = 0.4 * in_value(i) +
                 0.1 * (double(in_value(i - 1)) + in_value(i + 1) +
                        in_value(i - n) + in_value(i + n) +
                        in_value(i - plane) + in_value(i + plane));
        if (!near_value(got, want)) {
          if (ok)
            fprintf(stderr, "%s: (%d,%d,%d) got %f expected %f\n", name, x, y,
                    z, got, want);
          ok = false;
        }
      }
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

// Clears the output, one warm-up launch, then reps timed launches.
#define TIME_KERNEL(NAME, CHECK, OUTBUF, COUNT, GRID, BLOCK_, SMEM, ...)       \
  do {                                                                         \
    CUDA_CHECK(cudaMemset(OUTBUF, 0, sizeof(float) * (COUNT)));                \
    NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                                 \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < reps; ++rep)                                       \
      NAME<<<GRID, BLOCK_, SMEM>>>(__VA_ARGS__);                               \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, GRID, BLOCK_, ms, reps);                                \
    CHECK(#NAME, OUTBUF);                                                      \
  } while (0)

int main() {
  const int reps = reps_from_env();
  constexpr size_t COUNT2 = size_t(N2) * N2;
  constexpr size_t COUNT3 = size_t(N3) * N3 * N3;
  float *dIn2 = nullptr, *dOut2 = nullptr, *dIn3 = nullptr, *dOut3 = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn2, sizeof(float) * COUNT2));
  CUDA_CHECK(cudaMalloc(&dOut2, sizeof(float) * COUNT2));
  CUDA_CHECK(cudaMalloc(&dIn3, sizeof(float) * COUNT3));
  CUDA_CHECK(cudaMalloc(&dOut3, sizeof(float) * COUNT3));
  jac_init<<<CEIL_DIV(N2 * N2, 256), 256>>>(dIn2, unsigned(COUNT2));
  jac_init<<<CEIL_DIV(N3 * N3 * N3, 256), 256>>>(dIn3, unsigned(COUNT3));
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  {
    dim3 grid(CEIL_DIV(N2, 16), CEIL_DIV(N2, 16));
    dim3 block(16, 16);
    TIME_KERNEL(jac1_naive_2d, check_2d, dOut2, COUNT2, grid, block, 0, dIn2,
                dOut2, N2);
  }
  {
    dim3 grid(CEIL_DIV(N2, TX), CEIL_DIV(N2, TY));
    dim3 block(TX, TY);
    TIME_KERNEL(jac2_2d_block_32x8, check_2d, dOut2, COUNT2, grid, block, 0,
                dIn2, dOut2, N2);
  }
  {
    dim3 grid(CEIL_DIV(N2, TX), CEIL_DIV(N2, TY));
    dim3 block(TX, TY);
    TIME_KERNEL(jac3_2d_smem_tile, check_2d, dOut2, COUNT2, grid, block, 0,
                dIn2, dOut2, N2);
  }
  {
    dim3 grid(CEIL_DIV(N2, TX), CEIL_DIV(N2, TY * COL_ROWS));
    dim3 block(TX, TY);
    TIME_KERNEL(jac4_2d_register_column, check_2d, dOut2, COUNT2, grid, block,
                0, dIn2, dOut2, N2);
  }
  {
    dim3 grid(CEIL_DIV(N3, 8), CEIL_DIV(N3, 8), CEIL_DIV(N3, 8));
    dim3 block(8, 8, 8);
    TIME_KERNEL(j3d1_naive, check_3d, dOut3, COUNT3, grid, block, 0, dIn3,
                dOut3, N3);
  }
  {
    dim3 grid(CEIL_DIV(N3, TX), CEIL_DIV(N3, TY));
    dim3 block(TX, TY);
    TIME_KERNEL(j3d2_2d_block_z_march, check_3d, dOut3, COUNT3, grid, block, 0,
                dIn3, dOut3, N3);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dIn2));
  CUDA_CHECK(cudaFree(dOut2));
  CUDA_CHECK(cudaFree(dIn3));
  CUDA_CHECK(cudaFree(dOut3));
  return 0;
}
