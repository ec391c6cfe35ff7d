#include "engine.h"
template <typename Real> __global__ void paths(Real *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = Real(i);
}
template <typename Real>
Engine<Real>::Engine(unsigned numSims, unsigned blockSize)
    : NumSims(numSims), BlockSize(blockSize) {}
template <typename Real> void Engine<Real>::run(Real *out) {
  dim3 block(BlockSize);
  dim3 grid((NumSims + BlockSize - 1) / BlockSize);
  while (grid.x > 512)
    grid.x >>= 1;
  paths<Real><<<grid, block>>>(out, NumSims);
}
template class Engine<float>;
