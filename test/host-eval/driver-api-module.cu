// The driver API: a kernel a module loads by name (cuModuleGetFunction,
// from a string or a table of names) and cuLaunchKernel binds as <<<...>>>
// does, in the report of the file that defines the kernel; a name no file
// given defines is no launch.
// RUN: %rl-analyze %S/Inputs/module-main.cpp %S/Inputs/module-kernels.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// CHECK-NOT: file: {{.*}}module-main.cpp
// CHECK: file: {{.*}}module-kernels.cu
// CHECK-NEXT: saxpy grid=512x1x1 block=128x1x1 args=a=3,n=65536 chain=main (module-main.cpp) count=4
// CHECK-NEXT: fill grid=64x1x1 block=256x1x1 args=n=65536 chain=main (module-main.cpp) count=1
// CHECK-NEXT: entries: 2
