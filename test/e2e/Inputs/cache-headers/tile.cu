// Its shared tile is sized by TILE from a header found through -I (an
// angled include) and by PAD from a header forced with -include.
#include <tile_size.h>
__global__ void stage(float *x) {
  __shared__ float tile[TILE + PAD];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = x[i];
  __syncthreads();
  x[i] = tile[(threadIdx.x + 1) % (TILE + PAD)];
}
int main() { stage<<<64, 256>>>(nullptr); }
