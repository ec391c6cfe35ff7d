// Kernels whose nvdisasm -gi -c -hex listing (sm_90, nvcc 13.0, -lineinfo) is
// listing_barriers.sass beside this file: the tests of the stretches
// between barriers.

// A 16x16 block fills an 18x18 shared tile: 324 elements over 256 threads,
// so the first 68 threads (3 of the 8 warps) go round the loop twice.
__global__ void tile_fill(const float *in, float *out, int w) {
  __shared__ float tile[18][18];
  const int x0 = blockIdx.x * 16 - 1, y0 = blockIdx.y * 16 - 1;
  for (int e = threadIdx.y * 16 + threadIdx.x; e < 18 * 18; e += 256) {
    const int ty = e / 18, tx = e % 18;
    const int gx = x0 + tx, gy = y0 + ty;
    tile[ty][tx] =
        (gx >= 0 && gy >= 0 && gx < w && gy < w) ? in[gy * w + gx] : 0.0f;
  }
  __syncthreads();
  const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  out[y * w + x] = tile[threadIdx.y + 1][threadIdx.x + 1] +
                   tile[threadIdx.y][threadIdx.x + 1];
}
