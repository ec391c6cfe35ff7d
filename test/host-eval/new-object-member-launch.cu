// An object made with `new` (particles' `psystem = new ParticleSystem(n,
// ...)`) is constructed as a local one is: its members hold what the
// constructor set, and a member function called through the pointer launches
// with them.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void integrate(float *pos, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    pos[i] += 0.5f;
}
class System {
public:
  System(int numParticles) : count(numParticles) { threads = 256; }
  void update() {
    integrate<<<(count + threads - 1) / threads, threads>>>(pos, count);
  }
  float *pos = nullptr;

private:
  int count;
  int threads;
};
System *sys = nullptr;
int main() {
  sys = new System(16384);
  sys->update();
  delete sys;
  return 0;
}
// CHECK: integrate grid=64x1x1 block=256x1x1 args=n=16384 chain=main -> update() count=1
// CHECK-NEXT: entries: 1
