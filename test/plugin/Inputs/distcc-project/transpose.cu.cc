// A 32x32 tile transpose through shared memory without padding: the column
// read hits one bank 32 times.
#define TILE 32

__global__ void transpose_tile(const float *a, float *b, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = a[y * width + x];
  __syncthreads();
  int tx = blockIdx.y * TILE + threadIdx.x;
  int ty = blockIdx.x * TILE + threadIdx.y;
  b[ty * width + tx] = tile[threadIdx.x][threadIdx.y];
}

void run_transpose(const float *a, float *b) {
  const int width = 4096;
  dim3 block(TILE, TILE);
  dim3 grid(width / TILE, width / TILE);
  transpose_tile<<<grid, block>>>(a, b, width);
}
