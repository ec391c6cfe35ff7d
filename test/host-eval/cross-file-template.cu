// A template wrapper defined in another file and explicitly instantiated
// there (cuda-samples' reduce<T>): the call of reduce<int>, declared here
// only, resolves to that instantiation by its mangled name.
// RUN: %rl-analyze %s %S/Inputs/reduce-kernels.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
#define MIN(x, y) ((x < y) ? x : y)
template <class T> void reduce(int size, int threads, int blocks, T *in, T *out);
void sizes(int n, int maxBlocks, int &blocks, int &threads) {
  threads = 256;
  blocks = (n + threads - 1) / threads;
  blocks = MIN(maxBlocks, blocks); // an lvalue ?: on int& parameters
}
template <class T> void runTest(int n) {
  T *in, *out;
  int blocks = 0, threads = 0;
  sizes(n, 64, blocks, threads);
  reduce<T>(n, threads, blocks, in, out);
}
int main() {
  runTest<int>(1 << 20);
  runTest<float>(1000);
  return 0;
}
// CHECK: file: {{.*}}reduce-kernels.cu
// CHECK-NEXT: sum<int> grid=64x1x1 block=256x1x1 args=n=1048576 chain=main (cross-file-template.cu) -> runTest(n=1048576) -> reduce(size=1048576, threads=256, blocks=64) (reduce-kernels.cu) count=1
// CHECK-NEXT: sum<float> grid=4x1x1 block=256x1x1 args=n=1000 chain=main (cross-file-template.cu) -> runTest(n=1000) -> reduce(size=1000, threads=256, blocks=4) (reduce-kernels.cu) count=1
// CHECK-NEXT: entries: 2
