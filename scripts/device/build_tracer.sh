#!/usr/bin/env bash
# build_tracer.sh OUTPUT.so - builds tools/tracer/RlaTracer.cpp with the CUDA
# toolkit alone (no CMake, no LLVM), for machines where rl-analyze is not built.
set -eu
CUDA=${CUDA_PATH:-/usr/local/cuda}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUTPUT=${1:-librla-tracer.so}
CUPTI_INC=$CUDA/include; [ -f "$CUPTI_INC/cupti.h" ] || CUPTI_INC=$CUDA/extras/CUPTI/include
CUPTI_LIB=$CUDA/lib64; [ -e "$CUPTI_LIB/libcupti.so" ] || CUPTI_LIB=$CUDA/lib
[ -e "$CUPTI_LIB/libcupti.so" ] || CUPTI_LIB=$CUDA/extras/CUPTI/lib64
STUBS=$CUDA/lib64/stubs; [ -d "$STUBS" ] || STUBS=$CUDA/lib/stubs
${CXX:-g++} -std=c++17 -shared -fPIC -O2 -Wall \
  -I"$CUPTI_INC" -I"$CUDA/include" "$ROOT/tools/tracer/RlaTracer.cpp" \
  -o "$OUTPUT" -L"$CUPTI_LIB" -L"$STUBS" -Wl,-rpath,"$CUPTI_LIB" -lcupti -lcuda
