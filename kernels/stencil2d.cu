// stencil2d.cu - one Jacobi sweep of a 5-point stencil on an N x N float
// grid; boundary cells keep their values (Dirichlet boundary).
//
// EXPECT kernel=stencil2d grid=256x256 block=16x16 flops_fp32=100565016 global_load_bytes=335216720 global_store_bytes=67043344
//
// N = 4096, 16 x 16 blocks, grid (N + 15) / 16 = 256 in x and y: N^2 threads.
// Only interior points pass the guard: (N - 2)^2 = 4094^2 = 16,760,836
// threads. Each one evaluates
//   c0 * in[c] + c1 * (in[n] + in[s] + in[e] + in[w])
// = 3 adds inside the parentheses + 2 multiplies + 1 add = 6 FLOPs,
// loads 5 floats (20 bytes) and stores 1 float (4 bytes):
//   flops  = 6  * 16,760,836 = 100,565,016
//   loads  = 20 * 16,760,836 = 335,216,720 bytes
//   stores = 4  * 16,760,836 = 67,043,344 bytes
// The boundary ring of `out` is filled by a device-to-device cudaMemcpy
// before the launch, which is not kernel traffic.

#include <cuda_runtime.h>

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

__global__ void stencil2d(const float *in, float *out, int N, float c0,
                          float c1) {
  int i = blockIdx.y * blockDim.y + threadIdx.y; // row
  int j = blockIdx.x * blockDim.x + threadIdx.x; // column
  if (i > 0 && i < N - 1 && j > 0 && j < N - 1) {
    int c = i * N + j;
    out[c] = c0 * in[c] + c1 * (in[c - N] + in[c + N] + in[c + 1] + in[c - 1]);
  }
}

int main() {
  constexpr int N = 4096;
  constexpr int kBlockX = 16;
  constexpr int kBlockY = 16;
  constexpr float kC0 = 0.5f;
  constexpr float kC1 = 0.125f;
  constexpr size_t kElems = static_cast<size_t>(N) * N;
  constexpr size_t kBytes = kElems * sizeof(float);

  std::vector<float> h_in(kElems), h_out(kElems);
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      h_in[static_cast<size_t>(r) * N + c] =
          static_cast<float>((r * 31 + c * 17) % 257) * 0.01f + 1.0f;

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, kBytes));
  CUDA_CHECK(cudaMalloc(&d_out, kBytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), kBytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_out, d_in, kBytes, cudaMemcpyDeviceToDevice));

  dim3 block(kBlockX, kBlockY);
  dim3 grid((N + kBlockX - 1) / kBlockX, (N + kBlockY - 1) / kBlockY);
  stencil2d<<<grid, block>>>(d_in, d_out, N, kC0, kC1);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, kBytes, cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int r = 0; r < N; ++r) {
    for (int c = 0; c < N; ++c) {
      const size_t k = static_cast<size_t>(r) * N + c;
      float ref = h_in[k];
      if (r > 0 && r < N - 1 && c > 0 && c < N - 1)
        ref = kC0 * h_in[k] +
              kC1 * (h_in[k - N] + h_in[k + N] + h_in[k + 1] + h_in[k - 1]);
      if (std::fabs(h_out[k] - ref) > 1e-5f * std::fabs(ref) + 1e-5f)
        ++errors;
    }
  }

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  std::printf("stencil2d: N=%d errors=%d %s\n", N, errors,
              errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
