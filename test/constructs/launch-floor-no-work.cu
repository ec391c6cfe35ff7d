// A bound launch that counts no FLOPs and no DRAM bytes still gets a verdict
// and a time: an empty kernel is priced at what the launch itself costs
// (handing out its blocks, plus the floor every launch takes), and says so
// with [rl-no-work]; a kernel whose only work is shared memory is bound by
// its L1/shared wavefronts, plus the floor. Without the compiled kernel
// (this hermetic run has no nvcc) the blocks per SM come from the
// architecture's thread and block limits.
// RUN: %rl-analyze-stub %s --gpu H200 --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu H200 --format=diagnostics \
// RUN:   | FileCheck %s --check-prefix=DIAG

__global__ void empty() {}

__global__ void shared_only(int reps) {
  __shared__ int s[1024];
  for (int r = 0; r < reps; ++r)
    s[(threadIdx.x * 32 + r) % 1024] += 1;
}

int main() {
  empty<<<1, 1>>>();
  shared_only<<<264, 1024>>>(64);
}

// 1 block on 132 SMs: 157 cycles at 1.98 GHz to hand it out (79.3 ns),
// then the 1.5 us floor.
// CHECK-LABEL: "name": "empty"
// CHECK: "bound": "launch",
// CHECK: "predicted_time_s": {{1\.5792[0-9]*e-06}}
// CHECK: "launch costs on H200 without the launch's occupancy
// CHECK: "id": "rl-no-work",
// CHECK-LABEL: "name": "shared_only"
// CHECK: "bound": "l1",
// DIAG: remark: empty is launch-bound on H200: 1 block takes 79.3 ns to hand out (157 cycles per block per SM), more than its work (predicted 1.58 us, 1.50 us of it the floor every launch takes) [rl-memory-bound]
// DIAG: warning: kernel 'empty' counts no FLOPs and no memory traffic for this launch: its body as compiled does nothing the model counts; its time is what the launch itself costs (the floor and handing out its blocks) and, where the kernel was compiled, its instructions' issue and latency [rl-no-work]
// DIAG: remark: shared_only is L1-bound on H200
