// A bound launch that counts nothing is flagged, never reported as fine:
// here the whole body is for architectures below the one asked for.
// REQUIRES: cuda-toolkit
// RUN: %rl-analyze %s --no-config --no-resources --gpu H200 \
// RUN:   --format=diagnostics | FileCheck %s
// CHECK: no-work.cu:[[@LINE+1]]:17: warning: kernel 'old_only' counts no FLOPs and no memory traffic for this launch: its body as compiled does nothing the model counts; its time is what the launch itself costs (the floor and handing out its blocks) and, where the kernel was compiled, its instructions' issue and latency [rl-no-work]
__global__ void old_only(float *p) {
#if __CUDA_ARCH__ < 800
  p[threadIdx.x] *= 2.0f;
#endif
}
int main() { old_only<<<4, 64>>>(nullptr); }
