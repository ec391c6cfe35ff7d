// transpose.cu - out = in^T for an N x N float matrix: a naive kernel with
// uncoalesced stores and the classic shared-memory tiled kernel.
//
// EXPECT kernel=transpose_naive grid=128x128 block=32x32 global_load_bytes=67108864 global_store_bytes=67108864 footprint_bytes=134217728 global_sector_bytes=603979776
// EXPECT kernel=transpose_tiled grid=128x128 block=32x8 global_load_bytes=67108864 global_store_bytes=67108864 shared_load_bytes=67108864 shared_store_bytes=67108864 footprint_bytes=134217728 global_sector_bytes=134217728 shared_wavefront_bytes=134217728
//
// Memory model (N = 4096): each kernel touches in and out once, 8 * N^2 =
// 134,217,728 distinct bytes. Naive: a warp reads 32 consecutive floats of
// in (4 sectors) but writes 32 floats N apart (32 sectors): N^2 / 32
// requests each, 4 * N^2 + 32 * N^2 = 603,979,776 sector bytes, and an
// rl-uncoalesced warning on the store. Tiled: 4 sectors both ways, 8 * N^2;
// the padded tile[32][33] is conflict-free, one 128-byte wavefront per
// shared request: 2 * N^2 / 32 * 128 = 134,217,728.
//
// N = 4096, N^2 = 16,777,216 elements, 4 bytes each; neither kernel does any
// floating-point arithmetic.
//
// transpose_naive: 32 x 32 blocks, grid N / 32 = 128 in x and y, one element
// per thread, all N^2 threads pass the guard. One load and one store each:
//   loads = stores = N^2 * 4 = 67,108,864 bytes.
// The load in[y*N+x] is coalesced; the store out[x*N+y] strides by N floats
// across a warp, so each warp writes 32 separate sectors.
//
// transpose_tiled: TILE_DIM = 32, BLOCK_ROWS = 8, so 32 x 8 blocks on a
// 128 x 128 grid (N^2 / 4 = 4,194,304 threads). Each thread loops
// TILE_DIM / BLOCK_ROWS = 4 times in each phase, moving 4 elements:
//   global loads  = global stores  = 4,194,304 * 4 * 4 = 67,108,864 bytes
//   shared stores = shared loads   = 67,108,864 bytes
// Global traffic equals the naive kernel's, but both directions are
// coalesced; the extra padding column in tile[32][33] keeps the column-wise
// shared reads free of bank conflicts.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(err_));                           \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_naive(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x];
}

// Requires n % TILE_DIM == 0 and blockDim == (TILE_DIM, BLOCK_ROWS).
__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

static int count_transpose_errors(const std::vector<float> &in,
                                  const std::vector<float> &out, int n) {
  int errors = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (out[static_cast<size_t>(c) * n + r] !=
          in[static_cast<size_t>(r) * n + c])
        ++errors;
  return errors;
}

int main() {
  constexpr int N = 4096;
  static_assert(N % TILE_DIM == 0, "N must be a multiple of TILE_DIM");
  constexpr size_t kElems = static_cast<size_t>(N) * N;
  constexpr size_t kBytes = kElems * sizeof(float);

  std::vector<float> h_in(kElems), h_out(kElems);
  for (size_t i = 0; i < kElems; ++i)
    h_in[i] = static_cast<float>(i % 65521) * 0.5f + 1.0f;

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));

  // Naive: one element per thread, 32 x 32 threads per block.
  dim3 naive_block(32, 32);
  dim3 naive_grid((N + 31) / 32, (N + 31) / 32);
  transpose_naive<<<naive_grid, naive_block>>>(d_in, d_out, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));
  const int naive_errors = count_transpose_errors(h_in, h_out, N);

  // Tiled: each 32 x 8 block moves a 32 x 32 tile through shared memory.
  CUDA_CHECK(cudaMemset(d_out, 0, kBytes));
  dim3 tiled_block(TILE_DIM, BLOCK_ROWS);
  dim3 tiled_grid(N / TILE_DIM, N / TILE_DIM);
  transpose_tiled<<<tiled_grid, tiled_block>>>(d_in, d_out, N);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));
  const int tiled_errors = count_transpose_errors(h_in, h_out, N);

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  const bool ok = naive_errors == 0 && tiled_errors == 0;
  std::printf("transpose: N=%d naive_errors=%d tiled_errors=%d %s\n", N,
              naive_errors, tiled_errors, ok ? "PASSED" : "FAILED");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
