// A held-out check of the memory rules made from bench/idioms/idioms.cu's
// counters: lane-strided loops and lane-guarded stores, reads that take one
// sector of each 64-byte DRAM fetch unit, and gathers and scatters through
// index arrays. Written, and its predictions committed (predicted.md),
// before it was measured; not changed after.
#include <cstdio>
#include <cstdlib>
#include <vector>

// The maximum of each row, a warp per row, lanes 32 elements apart; lane 0
// writes the row's result.
__global__ void rowmax_warp(const float *x, float *y, int rows, int cols) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int lane = threadIdx.x & 31;
  if (warp >= rows)
    return;
  float m = -1e30f;
  for (int c = lane; c < cols; c += 32)
    m = fmaxf(m, x[warp * cols + c]);
  for (int o = 16; o > 0; o /= 2)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (lane == 0)
    y[warp] = m;
}

// Dot products of row pairs, a warp per pair, lanes a warp apart.
__global__ void rowdot_warp(const float *a, const float *b, float *y, int rows,
                            int cols) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp < rows) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += a[warp * cols + c] * b[warp * cols + c];
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      y[warp] = s;
  }
}

// One column of a row-major matrix per thread block row: reads `ld` floats
// apart.
__global__ void column_read(const float *x, float *y, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[(long long)i * ld] + 1.0f;
}

// Every other 16-byte vector.
__global__ void vec4_every_other(const float4 *x, float4 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = x[2 * i];
    y[i] = make_float4(v.x + 1.0f, v.y, v.z, v.w);
  }
}

// Embedding-style gather: a row of 8 floats per index.
__global__ void gather_rows(const float *table, const int *idx, float *out,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = i / 8, col = i % 8;
  if (row < n)
    out[i] = table[idx[row] * 8 + col];
}

// Gather of single floats.
__global__ void gather1(const float *x, const int *idx, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 2.0f * x[idx[i]];
}

// Scatter of single floats.
__global__ void scatter1(const float *x, const int *idx, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[idx[i]] = x[i] + 1.0f;
}

static float *buffer(size_t floats) {
  float *p = nullptr;
  cudaMalloc(&p, floats * sizeof(float));
  std::vector<float> h(floats);
  for (size_t i = 0; i < floats; ++i)
    h[i] = float(i % 997) / 997.0f;
  cudaMemcpy(p, h.data(), floats * sizeof(float), cudaMemcpyHostToDevice);
  return p;
}

static int *indices(int n, int range, unsigned seed) {
  int *p = nullptr;
  cudaMalloc(&p, n * sizeof(int));
  std::vector<int> h(n);
  srand(seed);
  for (int i = 0; i < n; ++i)
    h[i] = int(((long long)rand() * 7919 + rand()) % range);
  cudaMemcpy(p, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  return p;
}

int main() {
  const size_t Big = size_t(1) << 27; // 512 MiB per buffer
  float *a = buffer(Big), *b = buffer(Big), *c = buffer(Big);
  int *wide = indices(1 << 22, 1 << 25, 1);   // over 128 MiB of floats
  int *narrow = indices(1 << 22, 1 << 16, 2); // over 256 KiB
  int *rows = indices(1 << 20, 1 << 22, 3);   // rows of a 128 MiB table

  size_t limit = 0;
  cudaDeviceGetLimit(&limit, cudaLimitMaxL2FetchGranularity);
  printf("cudaLimitMaxL2FetchGranularity %zu\n", limit);

  rowmax_warp<<<1024, 128>>>(a, c, 4096, 300);
  rowmax_warp<<<8192, 256>>>(a, c, 65536, 96);
  rowdot_warp<<<2048, 256>>>(a, b, c, 16384, 1000);
  rowdot_warp<<<512, 64>>>(a, b, c, 1024, 4096);

  column_read<<<4096, 256>>>(a, c, 1 << 20, 16);
  column_read<<<4096, 256>>>(a, c, 1 << 20, 24);
  column_read<<<2048, 256>>>(a, c, 1 << 19, 64);
  column_read<<<8192, 256>>>(a, c, 1 << 21, 48);
  vec4_every_other<<<4096, 256>>>((const float4 *)a, (float4 *)c, 1 << 20);
  vec4_every_other<<<32768, 256>>>((const float4 *)a, (float4 *)c, 1 << 23);

  gather_rows<<<32768, 256>>>(a, rows, c, 1 << 20);
  gather1<<<16384, 256>>>(a, wide, c, 1 << 22);
  gather1<<<16384, 256>>>(a, narrow, c, 1 << 22);
  scatter1<<<16384, 256>>>(a, wide, c, 1 << 22);
  scatter1<<<16384, 256>>>(a, narrow, c, 1 << 22);

  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
