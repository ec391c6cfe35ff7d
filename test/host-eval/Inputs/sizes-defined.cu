// The sizes the program's other file declares `extern`.
extern "C" const unsigned MIN_LENGTH = 1024;
extern "C" const unsigned MAX_LENGTH = 4 * 1024;
int counted; // zero-initialised
__global__ void fill(float *x, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 1.0f;
}
void runFill(float *x, unsigned n) { fill<<<n / 256, 256>>>(x, n); }
