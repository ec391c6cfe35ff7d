// A site with more calling contexts than a report shows: those behind the
// fewest branches the program does not take are kept, and the rest counted
// in a note. Among the kept, a sweep is one entry and a single run next to it
// stays exact (the reduction sample's `reduce0` when it runs `reduce1`); the
// run the program makes is not merged with the sweep behind its flag.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void first(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += x[i];
}
__global__ void second(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= x[i];
}
void launch(float *x, int n, int threads, int which) {
  if (which == 0)
    first<<<n / threads, threads>>>(x, n);
  else
    second<<<n / threads, threads>>>(x, n);
}
int main(int argc, char **argv) {
  bool shmoo = argc > 1;
  bool small = argc > 2;
  float *x;
  cudaMalloc(&x, 1 << 24);
  if (shmoo) {
    for (int n = 1024; n <= (1 << 20); n *= 2)
      for (int which = 0; which < 2; ++which) {
        launch(x, n, 256, which);
        if (small)
          launch(x, n, 32, which);
      }
  } else {
    launch(x, 1 << 20, 256, 1);
  }
  return 0;
}
// The sweep: its loop is followed 8 times, as in any branch not taken; a
// sweep the program does not run is shown as the largest context followed.
// CHECK: first grid=512x1x1 block=256x1x1 args=n=131072 chain=main -> launch(n=131072, threads=256, which=0) count=0
// CHECK-NEXT: note: not run by the program: `shmoo` at sweep-next-to-run.cu:28 is false when it gets here
// CHECK-NEXT: note: as the program runs without arguments (pass --args to give some)
// CHECK-NEXT: note: 27 more calling contexts behind more branches the program does not take are not shown
// CHECK-NEXT: note: the largest of 9 calling contexts followed in a sweep the program does not run; the others are not shown
// CHECK-NEXT: note: over the sweep, grid.x varies: 4 to 512 (9 calling contexts)
// CHECK-NEXT: note: over the sweep, argument 'n' varies: 1024 to 131072 (9 calling contexts)
// CHECK-NEXT: first grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main -> launch(n=1048576, threads=256, which=1) count=0
// CHECK-NEXT: note: not run by the program: `which == 0` at sweep-next-to-run.cu:18 is false when it gets here
// CHECK-NEXT: note: as the program runs without arguments (pass --args to give some)
// CHECK-NEXT: note: 27 more calling contexts
// CHECK-NEXT: second grid=4096x1x1 block=256x1x1 args=n=1048576 chain=main -> launch(n=1048576, threads=256, which=1) count=1
// CHECK-NEXT: note: as the program runs without arguments (pass --args to give some)
// CHECK-NEXT: note: 36 more calling contexts behind more branches the program does not take are not shown
// CHECK-NEXT: entries: 3
