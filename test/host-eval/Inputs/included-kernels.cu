// Kernels of cross-file-included-kernel.cu: a file of kernels the program's
// main file #includes (Rodinia's layout), also given on its own.
__global__ void addOne(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}
