// Cooperative groups in index math: this_grid()'s thread_rank()/size() make
// a grid-stride loop, a thread_block_tile<32>'s thread_rank() == 0 is a
// warp leader, meta_group_rank()/meta_group_size() number the warps, and
// this_thread_block()'s thread_rank() == 0 is one thread per block. The
// toolkit's own header is parsed. A launch that is not flat in y breaks
// the linear ranks the counts assume, and says so.
// RUN: %rl-analyze %s --no-config --no-resources --format=json | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources --format=diagnostics | FileCheck %s --check-prefix=DIAG
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void gridLoop(const int *src, int *dst, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    dst[i] = src[i] * 2;
}

__global__ void warpLeaders(const float *x, float *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  float v = x[cta.thread_rank() + blockIdx.x * cta.size()];
  if (tile.thread_rank() == 0)
    out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v + 1.0f;
  if (cta.thread_rank() == 0)
    out[blockIdx.x] = v * 2.0f;
}

int main() {
  int *a, *b;
  float *x, *o;
  gridLoop<<<132, 256>>>(a, b, 1 << 20);
  warpLeaders<<<100, 256>>>(x, o);
  warpLeaders<<<dim3(100), dim3(32, 8)>>>(x, o);
  return 0;
}

// CHECK: "name": "gridLoop"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 0,
// CHECK: "global_load_bytes": 4194304,
// CHECK-NEXT: "global_stores": 1048576,
// 8 warp leaders and one thread in each of 100 blocks add one FLOP each.
// CHECK: "name": "warpLeaders"
// CHECK: "totals": {
// CHECK-NEXT: "flops": 900,
// CHECK: "global_load_bytes": 102400,
// CHECK-NEXT: "global_stores": 900,

// DIAG-NOT: rl-unknown-trip-count
// DIAG: warning: 'warpLeaders' is written for blockDim.y == 1 (a block-size constant or cooperative-groups ranks in its indices) but this launch has blockDim.y = 8{{.*}}[rl-block-size-mismatch]
