// A loop whose trip count depends on data (a convergence test on a value
// copied back from the GPU) is followed once for all its iterations. A write
// in a branch that leaves the loop (`grid.x = ...; final<<<grid>>>; break;`)
// is not seen by the iterations, so the launches in them keep the grid; the
// branch's own launch sees the write. How many iterations run is not known:
// the launches have no count (they used to count every iteration, and the
// final launch once per iteration too). (The jacobiCudaGraphs sample.)
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void sweep(double *x, double *sum) {}
__global__ void finalError(double *x, double *sum) {}
double solve(double *x, int maxIter, double threshold) {
  dim3 threads(256);
  dim3 blocks(512 / 8 + 2);
  double sum = 1.0;
  double *dSum;
  cudaMalloc(&dSum, sizeof(double));
  for (int k = 0; k < maxIter; k++) {
    sweep<<<blocks, threads>>>(x, dSum);
    cudaMemcpy(&sum, dSum, sizeof(double), cudaMemcpyDeviceToHost);
    if (sum <= threshold) {
      blocks.x = 512 / threads.x + 1;
      finalError<<<blocks, threads>>>(x, dSum);
      break;
    }
  }
  return sum;
}
int main() {
  double *x;
  cudaMalloc(&x, 512 * sizeof(double));
  solve(x, 4000, 1e-5);
  // More iterations than are followed one by one: summarised, and still
  // without a count; the loop around it keeps its own.
  for (int rep = 0; rep < 3; ++rep)
    solve(x, 100000, 1e-7);
  return 0;
}
// CHECK: sweep grid=66x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=4000, threshold=1e-05) count=?
// CHECK-NEXT: note: in a loop whose trip count is not known: `sum <= threshold` at loop-exit-branch.cu:20 can leave it early (at most 4000 iterations)
// CHECK-NEXT: sweep grid=66x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=100000, threshold=1e-07) count=?
// CHECK-NEXT: note: in a loop whose trip count is not known: `sum <= threshold` at loop-exit-branch.cu:20 can leave it early (at most 100000 iterations)
// CHECK-NEXT: finalError grid=3x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=4000, threshold=1e-05) count=?
// CHECK-NEXT: note: in a loop whose trip count is not known: `sum <= threshold` at loop-exit-branch.cu:20 can leave it early (at most 4000 iterations)
// CHECK-NEXT: note: runs only when `sum <= threshold` at loop-exit-branch.cu:20 holds
// CHECK-NEXT: finalError grid=3x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=100000, threshold=1e-07) count=?
// CHECK: entries: 4
