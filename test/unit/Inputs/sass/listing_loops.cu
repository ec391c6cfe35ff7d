// Kernels whose nvdisasm -gi -c -hex listing (sm_90, nvcc 13.0, -lineinfo) is
// listing_loops.sass beside this file: the tests of loops inside loops.

// A warp per row: the lane loop is unrolled (16 loads a trip), and its setup
// and remainder tests sit in the row loop's body, on the lane loop's line.
__global__ void warp_rows(const float *m, float *sums, int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int warps = gridDim.x * blockDim.x / 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows;
       r += warps) {
    const float *row = m + size_t(r) * cols;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += row[c];
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0)
      sums[r] = s;
  }
}

// The same with the row's address on the load's line: the row loop's head
// block holds only the lane loop's setup, on the lane loop's line.
__global__ void rows_inline(const float *m, float *sums, int rows, int cols) {
  const int lane = threadIdx.x % 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32; r < rows;
       r += gridDim.x * blockDim.x / 32) {
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
      s += m[size_t(r) * cols + c];
    for (int o = 16; o > 0; o /= 2)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      sums[r] = s;
  }
}
