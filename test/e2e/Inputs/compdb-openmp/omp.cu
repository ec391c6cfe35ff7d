#include <omp.h>
__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }
int main() {
#pragma omp parallel for
  for (int d = 0; d < omp_get_max_threads(); ++d)
    scale<<<1, 64>>>(nullptr);
  return 0;
}
