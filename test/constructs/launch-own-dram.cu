// A cold launch reads its own code, constants and parameters from DRAM:
// 2560 B for an empty kernel on an H100 (data/gpus.json launch_dram,
// scripts/device/calibrate_gpu.sh). They are reported beside the data's
// bytes, not in them: one warp storing 32 floats moves 128 B of data, still
// dirty in L2 when the kernel ends, so a profiler's counters read 2560 B
// during it (dram_kernel_bytes). The H100's own floor, 2.26 us, is most of
// the predicted time. A GPU without the measurement adds nothing.
// RUN: %rl-analyze-stub %s --gpu=H100,L40S --format=json | FileCheck %s
// RUN: %rl-analyze-stub %s --gpu=H100 --verbose | FileCheck %s --check-prefix=TEXT
#include "cuda.h"

__global__ void fill(float *out) { out[threadIdx.x] = 1.0f; }

void run(float *out) { fill<<<1, 32>>>(out); }

// CHECK: "dram_bytes": 128,
// CHECK: "dram_deferred_write_bytes": 128,
// CHECK-NEXT: "dram_launch_bytes": 2560,
// CHECK-NEXT: "dram_kernel_bytes": 2560,
// CHECK: "gpu": "H100 SXM",
// CHECK: "floor_s": 2.257e-06
// TEXT: the launch also reads 2.6 KB of its own code and constants (H100 SXM's launch_dram), which a profiler counts and the DRAM bytes leave out
