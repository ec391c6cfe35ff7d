// The driver API's argument array passed as the address of its first entry
// (`&arr[0]`): its entries are the kernel's arguments, as `arr` gives them.
// RUN: %rl-analyze %S/Inputs/module-main-element-address.cpp %S/Inputs/module-kernels.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s
// CHECK: file: {{.*}}module-kernels.cu
// CHECK-NEXT: saxpy grid=512x1x1 block=128x1x1 args=a=3,n=65536 chain=main (module-main-element-address.cpp) count=1
// CHECK-NOT: not known
