// The shape of a real simulation's main: a time loop of atoi(argv[1])
// steps with four launches each, and every few steps a host triple loop
// over the 3-D grid copied back (a diagnostic sum), as
// time-loop-memory.test analyses under a memory limit.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 128
#define NY 128
#define NZ 64

__global__ void velocity(float *u, const float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n)
    u[i] += 0.1f * (p[i] - p[i - 1]);
}
__global__ void pressure(float *p, const float *u, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1)
    p[i] -= 0.2f * (u[i + 1] - u[i]);
}
__global__ void boundary(float *u, int nx, int ny) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny)
    u[j * nx] = 0.0f;
}
__global__ void source(float *p, int n, float amp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == n / 2)
    p[i] += amp;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 10;
  int n = NX * NY * NZ;
  float *u, *p;
  cudaMalloc(&u, n * sizeof(float));
  cudaMalloc(&p, n * sizeof(float));
  static float h[NX * NY * NZ];
  static float grid3[NX][NY][NZ];
  double energy = 0;
  for (int t = 0; t < steps; ++t) {
    velocity<<<(n + 255) / 256, 256>>>(u, p, n);
    pressure<<<(n + 255) / 256, 256>>>(p, u, n);
    boundary<<<(NY * NZ + 127) / 128, 128>>>(u, NX, NY * NZ);
    source<<<(n + 255) / 256, 256>>>(p, n, 1.0f / (t + 1));
    if (t % 10 == 0) {
      cudaMemcpy(h, p, n * sizeof(float), cudaMemcpyDeviceToHost);
      for (int x = 0; x < NX; ++x)
        for (int y = 0; y < NY; ++y)
          for (int z = 0; z < NZ; ++z)
            {
            grid3[x][y][z] = h[(x * NY + y) * NZ + z];
            energy += grid3[x][y][z] * grid3[x][y][z];
          }
      printf("step %d energy %g\n", t, energy);
    }
  }
  cudaFree(u);
  cudaFree(p);
  return 0;
}
