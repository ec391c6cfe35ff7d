// A body under `#if __CUDA_ARCH__ >= 900` is counted per architecture: on
// H200 (sm_90) the branch for 900 and up, on L40S (sm_89) the other one,
// each entry predicted on its own GPU only.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200,L40S \
// RUN:   --format=json | FileCheck %s
// CHECK: "name": "k",
// CHECK: "archs": [
// CHECK-NEXT: "sm_90"
// CHECK: "flops": 1024,
// CHECK: "name": "k",
// CHECK: "archs": [
// CHECK-NEXT: "sm_89"
// CHECK: "flops": 512,
__global__ void k(float *p) {
  float v = p[threadIdx.x];
#if __CUDA_ARCH__ >= 900
  v = v * 2.0f + 1.0f;
#else
  v = v * 2.0f;
#endif
  p[threadIdx.x] = v;
}
int main() { k<<<2, 256>>>(nullptr); }
