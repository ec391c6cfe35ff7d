// Fifth held-out suite: scattered stores, partly written sectors and atomics
// on a few hot addresses. Written, and its predictions committed
// (bench/ladders5/predicted.md), before it first ran on a GPU.
//
// transpose ladder (tp1..tp4): out = in^T, 8192 x 8192 floats (256 MiB each).
//   tp1_col_write_32x8     32x8 threads, one element each: coalesced read,
//                          column write (each lane its own sector and line).
//   tp2_col_write_16x16    16x16 threads: a warp writes two columns, so two
//                          lanes share each written sector.
//   tp3_col_read_32x8      32x8 threads: column read, coalesced write.
//   tp4_tiled_padded       32x8 threads through a padded 32x33 shared tile,
//                          four elements per thread.
// count ladder (at1..at3): 2^24 items counted into 64 float slots, item i
// into slot i % 64 (2^18 each).
//   at1_global_atomic      one atomicAdd per item on the global slots.
//   at2_shared_then_global per block: shared-memory slots, then 64 global
//                          atomicAdds.
//   at3_register_then_global  grid-stride loop over a grid whose thread count
//                          is a multiple of 64, so each thread's items all go
//                          to one slot: a register sum, one atomicAdd.
// field ladder (pa1..pa3): set the w field of 2^24 float4 particles.
//   pa1_field_store        p[i].w = v: a 4-byte store every 16 bytes (each
//                          32-byte sector half written).
//   pa2_whole_struct       read the float4, set w, write the float4.
//   pa3_soa_field          the field kept in its own array (SoA): w[i] = v.
// mixed5 (single kernels):
//   slots4096_atomic       2^24 float atomicAdds on slot i % 4096.
//   uint_slots256_atomic   2^24 unsigned atomicAdds on slot i % 256.
//   transpose_f64_col_write  4096 x 4096 doubles, 32x8 threads, column write.
//   every_8th_store        2^23 threads, x[8 i] = v (one float per sector).
//   stride_param_store     2^22 threads, x[i * stride] = v with stride = 16
//                          passed as an argument.
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

constexpr int TN = 8192;      // transpose: TN x TN floats
constexpr int DN = 4096;      // double transpose: DN x DN doubles
constexpr int ITEMS = 1 << 24; // counted items
constexpr int SLOTS = 64;
constexpr int COUNT_GRID = 1056; // 1056 x 256 threads, a multiple of 64
constexpr int PARTICLES = 1 << 24;
constexpr int SPARSE_N = 1 << 23;
constexpr int PARAM_N = 1 << 22;
constexpr int PARAM_STRIDE = 16;
constexpr int REPS = 5;

__global__ void init_float(float *x, long long n, float v) {
  const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = v + float(i & 7);
}

// ------------------------------------------------------------- transpose
__global__ void tp1_col_write_32x8(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}
__global__ void tp2_col_write_16x16(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}
__global__ void tp3_col_read_32x8(const float *in, float *out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = in[x * n + y];
}
__global__ void tp4_tiled_padded(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x;
  const int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  const int tx = blockIdx.y * 32 + threadIdx.x;
  const int ty = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(ty + j) * n + tx] = tile[threadIdx.x][threadIdx.y + j];
}

// ----------------------------------------------------------------- count
__global__ void at1_global_atomic(float *slots, int items) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < items)
    atomicAdd(&slots[i % SLOTS], 1.0f);
}
__global__ void at2_shared_then_global(float *slots, int items) {
  __shared__ float local[SLOTS];
  if (threadIdx.x < SLOTS)
    local[threadIdx.x] = 0.0f;
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < items)
    atomicAdd(&local[i % SLOTS], 1.0f);
  __syncthreads();
  if (threadIdx.x < SLOTS)
    atomicAdd(&slots[threadIdx.x], local[threadIdx.x]);
}
__global__ void at3_register_then_global(float *slots, int items) {
  const int first = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = first; i < items; i += blockDim.x * gridDim.x)
    sum += 1.0f;
  atomicAdd(&slots[first % SLOTS], sum);
}

// ----------------------------------------------------------------- field
__global__ void pa1_field_store(float4 *p, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].w = v;
}
__global__ void pa2_whole_struct(float4 *p, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 q = p[i];
    q.w = v;
    p[i] = q;
  }
}
__global__ void pa3_soa_field(float *w, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    w[i] = v;
}

// ---------------------------------------------------------------- mixed5
__global__ void slots4096_atomic(float *slots, int items) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < items)
    atomicAdd(&slots[i % 4096], 1.0f);
}
__global__ void uint_slots256_atomic(unsigned *slots, int items) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < items)
    atomicAdd(&slots[i % 256], 1u);
}
__global__ void transpose_f64_col_write(const double *in, double *out,
                                        int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}
__global__ void every_8th_store(float *x, int n, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[8 * i] = v;
}
__global__ void stride_param_store(float *x, int n, int stride, float v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * stride] = v;
}

static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
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

static void check(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

/// The transposed element (r, c) of an init_float matrix of n columns.
static bool transposedOk(const float *h, long long n, long long r,
                         long long c) {
  return h[0] == 1.0f + float((c * n + r) & 7);
}

int main() {
  const int reps = reps_from_env();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const long long big = (long long)TN * TN; // floats per matrix
  float *a, *b;
  CUDA_CHECK(cudaMalloc(&a, sizeof(float) * big));
  CUDA_CHECK(cudaMalloc(&b, sizeof(float) * big));
  init_float<<<big / 256, 256>>>(a, big, 1.0f);
  CUDA_CHECK(cudaDeviceSynchronize());

  // Transposes: each writes b = a^T; element (5, 7) of b is checked.
  float h = 0;
  const dim3 b32x8(32, 8), b16x16(16, 16);
  const dim3 g32x8(TN / 32, TN / 8), g16x16(TN / 16, TN / 16);
  const dim3 gTile(TN / 32, TN / 32);
  auto checkTranspose = [&](const char *name) {
    CUDA_CHECK(cudaMemcpy(&h, b + 5LL * TN + 7, sizeof h,
                          cudaMemcpyDeviceToHost));
    check(name, transposedOk(&h, TN, 5, 7));
    CUDA_CHECK(cudaMemset(b, 0, sizeof(float) * big));
  };
  TIME_KERNEL(tp1_col_write_32x8, g32x8, b32x8, a, b, TN);
  checkTranspose("tp1_col_write_32x8");
  TIME_KERNEL(tp2_col_write_16x16, g16x16, b16x16, a, b, TN);
  checkTranspose("tp2_col_write_16x16");
  TIME_KERNEL(tp3_col_read_32x8, g32x8, b32x8, a, b, TN);
  checkTranspose("tp3_col_read_32x8");
  TIME_KERNEL(tp4_tiled_padded, gTile, b32x8, a, b, TN);
  checkTranspose("tp4_tiled_padded");

  // Counting: the slots hold (launches) x 2^18 after each kernel.
  float *slots;
  unsigned *uslots;
  CUDA_CHECK(cudaMalloc(&slots, sizeof(float) * 4096));
  CUDA_CHECK(cudaMalloc(&uslots, sizeof(unsigned) * 256));
  float hs[SLOTS];
  auto checkCount = [&](const char *name, float perSlot) {
    CUDA_CHECK(cudaMemcpy(hs, slots, sizeof hs, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int s = 0; s < SLOTS; ++s)
      ok &= hs[s] == perSlot * float(reps + 1);
    check(name, ok);
    CUDA_CHECK(cudaMemset(slots, 0, sizeof(float) * 4096));
  };
  CUDA_CHECK(cudaMemset(slots, 0, sizeof(float) * 4096));
  TIME_KERNEL(at1_global_atomic, ITEMS / 256, 256, slots, ITEMS);
  checkCount("at1_global_atomic", float(ITEMS / SLOTS));
  TIME_KERNEL(at2_shared_then_global, ITEMS / 256, 256, slots, ITEMS);
  checkCount("at2_shared_then_global", float(ITEMS / SLOTS));
  TIME_KERNEL(at3_register_then_global, COUNT_GRID, 256, slots, ITEMS);
  checkCount("at3_register_then_global", float(ITEMS / SLOTS));

  // Fields: 2^24 float4 particles in a; the SoA field in b.
  float4 *p = reinterpret_cast<float4 *>(a);
  float4 hp;
  TIME_KERNEL(pa1_field_store, PARTICLES / 256, 256, p, PARTICLES, 2.5f);
  TIME_KERNEL(pa2_whole_struct, PARTICLES / 256, 256, p, PARTICLES, 3.5f);
  CUDA_CHECK(cudaMemcpy(&hp, p + 12345, sizeof hp, cudaMemcpyDeviceToHost));
  check("pa1_pa2_field", hp.w == 3.5f);
  TIME_KERNEL(pa3_soa_field, PARTICLES / 256, 256, b, PARTICLES, 4.5f);
  CUDA_CHECK(cudaMemcpy(&h, b + 12345, sizeof h, cudaMemcpyDeviceToHost));
  check("pa3_soa_field", h == 4.5f);

  // Mixed.
  TIME_KERNEL(slots4096_atomic, ITEMS / 256, 256, slots, ITEMS);
  CUDA_CHECK(cudaMemcpy(hs, slots, sizeof hs, cudaMemcpyDeviceToHost));
  check("slots4096_atomic", hs[0] == float(ITEMS / 4096) * float(reps + 1));
  CUDA_CHECK(cudaMemset(uslots, 0, sizeof(unsigned) * 256));
  TIME_KERNEL(uint_slots256_atomic, ITEMS / 256, 256, uslots, ITEMS);
  unsigned hu = 0;
  CUDA_CHECK(cudaMemcpy(&hu, uslots + 17, sizeof hu, cudaMemcpyDeviceToHost));
  check("uint_slots256_atomic", hu == unsigned(ITEMS / 256) * (reps + 1));

  double *da = reinterpret_cast<double *>(a), *db = reinterpret_cast<double *>(b);
  init_float<<<big / 256, 256>>>(a, big, 1.0f); // any bits: checked as copied
  TIME_KERNEL(transpose_f64_col_write, dim3(DN / 32, DN / 8), b32x8, da, db,
              DN);
  double hd[2];
  CUDA_CHECK(cudaMemcpy(&hd[0], db + 5LL * DN + 7, sizeof(double),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&hd[1], da + 7LL * DN + 5, sizeof(double),
                        cudaMemcpyDeviceToHost));
  check("transpose_f64_col_write", hd[0] == hd[1]);

  TIME_KERNEL(every_8th_store, SPARSE_N / 256, 256, b, SPARSE_N, 6.5f);
  CUDA_CHECK(cudaMemcpy(&h, b + 8LL * 999, sizeof h, cudaMemcpyDeviceToHost));
  check("every_8th_store", h == 6.5f);
  TIME_KERNEL(stride_param_store, PARAM_N / 256, 256, b, PARAM_N,
              PARAM_STRIDE, 7.5f);
  CUDA_CHECK(cudaMemcpy(&h, b + (long long)PARAM_STRIDE * 999, sizeof h,
                        cudaMemcpyDeviceToHost));
  check("stride_param_store", h == 7.5f);

  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(slots));
  CUDA_CHECK(cudaFree(uslots));
  return 0;
}
