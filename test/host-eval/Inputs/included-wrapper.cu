// The kernel and its launch wrapper of cross-file-included-wrapper.cu: a file
// the main file #includes (Rodinia's 3D.cu includes opt1.cu), also given on
// its own.
__global__ void stepKernel(float *t, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny)
    t[j * nx + i] *= 0.5f;
}

void step(float *t, int nx, int ny, int iterations) {
  dim3 block(64, 4);
  dim3 grid(nx / 64, ny / 4);
  for (int k = 0; k < iterations; ++k)
    stepKernel<<<grid, block>>>(t, nx, ny);
}
