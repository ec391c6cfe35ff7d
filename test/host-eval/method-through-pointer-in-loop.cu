// A method called through a pointer in a loop of unknown count changes the
// object, not the pointer: the launch after the loop still reads the
// object's size (the particles sample's `psystem->update()` in its frame
// loop, then `m_numParticles` in the launch).
// RUN: %rl-analyze %s --no-config --no-resources | FileCheck %s
#include <cstdlib>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
struct Simulation {
  explicit Simulation(int n) : count(n) {}
  void step() { ++steps; }
  int count;
  int steps = 0;
};
int main() {
  Simulation *sim = new Simulation(1 << 20);
  int frames = rand() % 100;
  for (int f = 0; f < frames; ++f)
    sim->step();
  float *x;
  cudaMalloc(&x, sim->count * sizeof(float));
  scale<<<sim->count / 256, 256>>>(x, sim->count);
  return 0;
}
// CHECK: scale ({{.*}}) launch-site {{.*}} grid 4096x1x1 block 256x1x1
