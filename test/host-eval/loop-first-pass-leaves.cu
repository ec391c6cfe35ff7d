// A loop too long to follow iteration by iteration whose body leaves it on a
// value the loop does not change (here `sum`, written only in the branch that
// breaks: the jacobiCudaGraphs sample's KernelSetParams variant) leaves it in
// the first iteration: the launch runs once, with the loop's starting values
// (k = 0, so the even branch), not once per iteration of maxIter.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
__global__ void finalError(double *x, double *sum) {}
double solve(double *x, int maxIter, double threshold) {
  dim3 threads(256);
  dim3 blocks(3);
  double sum = 0.0;
  double *dSum;
  cudaMalloc(&dSum, sizeof(double));
  for (int k = 0; k < maxIter; k++) {
    if (sum <= threshold) {
      if ((k & 1) == 0)
        finalError<<<blocks, threads>>>(x, dSum);
      else
        finalError<<<blocks, threads>>>(dSum, x);
      cudaMemcpy(&sum, dSum, sizeof(double), cudaMemcpyDeviceToHost);
      break;
    }
  }
  return sum;
}
int main() {
  double *x;
  cudaMalloc(&x, 512 * sizeof(double));
  solve(x, 1 << 20, 1e-2);
  return 0;
}
// CHECK: finalError grid=3x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=1048576, threshold=0.01) count=1{{$}}
// CHECK-NOT: note: in a loop
// CHECK: finalError grid=3x1x1 block=256x1x1 args=- chain=main -> solve(maxIter=1048576, threshold=0.01) count=0{{$}}
// CHECK-NEXT: note: not run by the program: `(k & 1) == 0` at loop-first-pass-leaves.cu:16 is true when it gets here
// CHECK: entries: 2
