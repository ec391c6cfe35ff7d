// main is in a C++ file given with the CUDA file: its host code runs with
// this file's, the C++ file has no report of its own, and --args reaches it.
// RUN: %rl-analyze %S/Inputs/scale-main.cpp %S/Inputs/scale-runner.cu --no-config --no-resources --format=json | %python %inputs/launches.py | FileCheck %s --check-prefix=DEFAULT
// RUN: %rl-analyze %S/Inputs/scale-main.cpp %S/Inputs/scale-runner.cu --no-config --no-resources --format=json --args 65536 | %python %inputs/launches.py | FileCheck %s --check-prefix=ARGS
// DEFAULT-NOT: file: {{.*}}scale-main.cpp
// DEFAULT: file: {{.*}}scale-runner.cu
// DEFAULT-NEXT: scale grid=8x1x1 block=256x1x1 args=n=2048 chain=main (scale-main.cpp) -> runScale(n=2048) (scale-runner.cu) count=10
// DEFAULT: entries: 1
// ARGS: scale grid=256x1x1 block=256x1x1 args=n=65536 chain=main (scale-main.cpp) -> runScale(n=65536) (scale-runner.cu) count=10
// ARGS-NOT: note:
// ARGS: entries: 1
