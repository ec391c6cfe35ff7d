// harness.cuh - the timing driver the accuracy suites of bench/accuracy/
// share: a new suite includes it ("../harness.cuh") instead of copying it.
// The programs measured before it existed keep their own copy of the timing
// code, byte for byte as measured (the sha256 of each measured source is
// recorded in its docs/accuracy/<suite>/raw/env.txt).
//
// A suite defines REPS (its default number of timed launches) before it
// includes this header, and in main() declares `reps` (reps_from_env()) and
// two events `start` and `stop`. TIME_KERNEL launches a kernel once as a
// warm-up, then `reps` times between the events, and prints
// "event,<kernel>,<grid>,<block>,<mean ms>"; check() prints
// "check,<name>,ok|FAIL". bench/accuracy/compare.py reads both.
#ifndef RLA_BENCH_ACCURACY_HARNESS_CUH
#define RLA_BENCH_ACCURACY_HARNESS_CUH

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__,         \
              __LINE__, cudaGetErrorString(err_));                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static void print_event(const char *name, dim3 g, dim3 b, float ms, int reps) {
  printf("event,%s,%ux%ux%u,%ux%ux%u,%.6f\n", name, g.x, g.y, g.z, b.x, b.y,
         b.z, ms / reps);
}

/// RLA_REPS, else the suite's REPS.
static int reps_from_env() {
  const char *s = getenv("RLA_REPS");
  const int r = s ? atoi(s) : REPS;
  return r > 0 ? r : REPS;
}

static void check(const char *name, bool ok) {
  printf("check,%s,%s\n", name, ok ? "ok" : "FAIL");
}

#define TIME_KERNEL(NAME, GRID, BLOCK_, ...)                                   \
  do {                                                                         \
    NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                       \
    CUDA_CHECK(cudaGetLastError());                                            \
    CUDA_CHECK(cudaDeviceSynchronize());                                       \
    CUDA_CHECK(cudaEventRecord(start));                                        \
    for (int rep = 0; rep < reps; ++rep)                                       \
      NAME<<<GRID, BLOCK_>>>(__VA_ARGS__);                                     \
    CUDA_CHECK(cudaEventRecord(stop));                                         \
    CUDA_CHECK(cudaEventSynchronize(stop));                                    \
    CUDA_CHECK(cudaGetLastError());                                            \
    float ms = 0.0f;                                                           \
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));                        \
    print_event(#NAME, dim3(GRID), dim3(BLOCK_), ms, reps);                    \
  } while (0)

#endif // RLA_BENCH_ACCURACY_HARNESS_CUH
