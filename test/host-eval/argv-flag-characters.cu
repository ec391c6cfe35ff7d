// Flags parsed character by character, as Rodinia's gaussian does: a loop
// over argv that looks at `argv[i][0]` and switches on `argv[i][1]`, moving
// past the flag's value with `i++`.
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "-q -s 4096" | %python %inputs/launches.py | FileCheck %s
// RUN: %rl-analyze %s --no-config --no-resources --format=json --args "-s 100 -x" | %python %inputs/launches.py | FileCheck %s --check-prefix=OTHER
#include <stdlib.h>
__global__ void fan(float *m, int size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < size)
    m[i] *= 0.5f;
}
int Size = 16;
int verbose = 1;
int main(int argc, char **argv) {
  char flag;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') {
      flag = argv[i][1];
      switch (flag) {
      case 's':
        i++;
        Size = atoi(argv[i]);
        break;
      case 'q':
        verbose = 0;
        break;
      }
    }
  }
  float *m;
  cudaMalloc(&m, Size * sizeof(float));
  if (*argv[argc - 1] == '-' && argv[argc - 1][2] == '\0')
    Size *= 2; // the last word is a flag of one letter
  fan<<<(Size + 511) / 512, 512>>>(m, Size);
  return 0;
}
// CHECK: fan grid=8x1x1 block=512x1x1 args=size=4096 chain=main count=1
// CHECK-NEXT: entries: 1
// OTHER: fan grid=1x1x1 block=512x1x1 args=size=200 chain=main count=1
// OTHER-NEXT: entries: 1
