// conv2d.cu - 5x5 2D convolution (correlation) of a 1920x1080 float image
// with clamp-to-edge borders: the filter lives in __constant__ memory, each
// 16x16 block stages a 20x20 halo tile in shared memory.
//
// EXPECT kernel=conv2d_tiled grid=120x68 block=16x16 flops_fp32=103680000 global_load_bytes=13056000 global_store_bytes=8294400 shared_load_bytes=207360000 shared_store_bytes=13056000
//
// Launch: block 16x16, grid ceil(1920/16) x ceil(1080/16) = 120x68 = 8160
// blocks, 2,088,960 threads; the last block row covers y = 1072..1087, so
// 8 of its 16 rows of threads fail `oy < height`.
//
//   halo load: `ly = ty; ly < 20; ly += 16` x `lx = tx; lx < 20; lx += 16`
//     visits each of the 20 x 20 = 400 tile cells once per block: one
//     global load and one shared store of 4 bytes each.
//     8160 x 400 x 4 = 13,056,000 bytes loaded and stored to shared.
//   output: 1920 x 1080 = 2,073,600 threads pass the guard; each runs the
//     5 x 5 filter loop: `acc += c_filter[..] * tile[..][..]` = 2 FLOPs and
//     one 4-byte shared load per tap (c_filter is __constant__: no bytes),
//     then stores 4 bytes.
//   flops         = 2,073,600 x 25 x 2 = 103,680,000
//   shared loads  = 2,073,600 x 25 x 4 = 207,360,000 bytes
//   global stores = 2,073,600 x 4      =   8,294,400 bytes

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
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

#define R 2
#define KW (2 * R + 1)
#define TILE 16
#define HALO (TILE + 2 * R)

__constant__ float c_filter[KW * KW];

// blockDim = (TILE, TILE).
__global__ void conv2d_tiled(const float *__restrict__ in,
                             float *__restrict__ out, int width, int height) {
  __shared__ float tile[HALO][HALO];
  int tx = threadIdx.x, ty = threadIdx.y;
  int ox = blockIdx.x * TILE + tx;
  int oy = blockIdx.y * TILE + ty;

  for (int ly = ty; ly < HALO; ly += blockDim.y) {
    for (int lx = tx; lx < HALO; lx += blockDim.x) {
      int gx = min(max(static_cast<int>(blockIdx.x * TILE) + lx - R, 0),
                   width - 1);
      int gy = min(max(static_cast<int>(blockIdx.y * TILE) + ly - R, 0),
                   height - 1);
      tile[ly][lx] = in[gy * width + gx];
    }
  }
  __syncthreads();

  if (ox < width && oy < height) {
    float acc = 0.0f;
#pragma unroll
    for (int fy = 0; fy < KW; ++fy)
#pragma unroll
      for (int fx = 0; fx < KW; ++fx)
        acc += c_filter[fy * KW + fx] * tile[ty + fy][tx + fx];
    out[oy * width + ox] = acc;
  }
}

int main() {
  constexpr int kWidth = 1920;
  constexpr int kHeight = 1080;
  constexpr size_t kBytes = static_cast<size_t>(kWidth) * kHeight * sizeof(float);

  std::vector<float> h_in(static_cast<size_t>(kWidth) * kHeight);
  std::vector<float> h_out(h_in.size());
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x)
      h_in[static_cast<size_t>(y) * kWidth + x] =
          static_cast<float>((x * 7 + y * 13) % 64) * 0.0625f + 0.25f;
  float h_filter[KW * KW];
  for (int k = 0; k < KW * KW; ++k)
    h_filter[k] = static_cast<float>(k % 6 + 1) * 0.03125f;

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpyToSymbol(c_filter, h_filter, sizeof(h_filter)));

  dim3 block(TILE, TILE);
  dim3 grid((kWidth + TILE - 1) / TILE, (kHeight + TILE - 1) / TILE);
  conv2d_tiled<<<grid, block>>>(d_in, d_out, kWidth, kHeight);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));

  int errors = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      float ref = 0.0f;
      for (int fy = 0; fy < KW; ++fy) {
        for (int fx = 0; fx < KW; ++fx) {
          const int gx = std::min(std::max(x + fx - R, 0), kWidth - 1);
          const int gy = std::min(std::max(y + fy - R, 0), kHeight - 1);
          ref += h_filter[fy * KW + fx] *
                 h_in[static_cast<size_t>(gy) * kWidth + gx];
        }
      }
      const float got = h_out[static_cast<size_t>(y) * kWidth + x];
      if (std::fabs(got - ref) > 1e-5f * std::fabs(ref) + 1e-6f)
        ++errors;
    }
  }

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  std::printf("conv2d_tiled: %dx%d filter %dx%d errors=%d %s\n", kWidth,
              kHeight, KW, KW, errors, errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
