// The toolkit's inline vector constructors run as written: a grid held in a
// global uint3 that main sets with make_uint3 (the marchingCubes sample). The
// fields of a struct a call returns say where the value comes from.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void classify(unsigned *voxels, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    voxels[i] = i;
}
struct Volume {
  unsigned side;
};
Volume loadVolume(const char *path);
uint3 gridSizeLog2 = make_uint3(5, 5, 4);
uint3 gridSize;
int main() {
  gridSize = make_uint3(1 << gridSizeLog2.x, 1 << gridSizeLog2.y,
                        1 << gridSizeLog2.z);
  unsigned numVoxels = gridSize.x * gridSize.y * gridSize.z;
  unsigned *voxels;
  cudaMalloc(&voxels, numVoxels * 4);
  classify<<<numVoxels / 128, 128>>>(voxels, numVoxels);
  Volume v = loadVolume("volume.raw");
  classify<<<v.side, 128>>>(voxels, numVoxels);
  return 0;
}
// CHECK: classify grid=128x1x1 block=128x1x1 args=n=16384 chain=main count=1
// CHECK-NEXT: classify grid=?x1x1 block=128x1x1 args=n=16384 chain=main count=1
// CHECK-NEXT: note: grid.x is not known from the source: the result of `loadVolume` at vector-constructor.cu:23 is known only at run time
// CHECK-NEXT: entries: 2
