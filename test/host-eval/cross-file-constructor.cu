// An object built in main.cpp with a constructor that another file defines
// (the MonteCarlo samples' PricingEngine): the constructor runs from its
// definition there, so the fields the launch reads are known.
// RUN: %rl-analyze %S/Inputs/engine-main.cpp %S/Inputs/engine-kernels.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// CHECK: file: {{.*}}engine-kernels.cu
// CHECK-NEXT: paths<float> grid=391x1x1 block=128x1x1 args=n=100000 chain=main (engine-main.cpp) -> run(out=0) (engine-kernels.cu) count=1
// CHECK-NEXT: entries: 1
