#!/usr/bin/env bash
# measure_live.sh - `rl-analyze measure` end to end on a machine with an
# NVIDIA GPU: build a program with nvcc, run it under the CUPTI tracer, read
# counters with ncu, and compare with the static prediction -- the user's
# path, with nothing recorded beforehand. Also a launch file through the
# generated harness.
#
#   OUT=/some/dir RLA=build/tools/rl-analyze/rl-analyze \
#     TRACER=build/lib/librla-tracer.so bash scripts/device/measure_live.sh
#
# Writes under $OUT: live.txt (every command and its output), saxpy.json
# (the JSON report of the first program) and saxpy.svg (its roofline plot).
set -u
OUT=${OUT:-$PWD/measure-live}
RLA=${RLA:-build/tools/rl-analyze/rl-analyze}
TRACER=${TRACER:-build/lib/librla-tracer.so}
mkdir -p "$OUT"
. "$(dirname "$0")/ncu_settings.sh"
LOG=$OUT/live.txt
: >"$LOG"
run() {
  echo "\$ $*" >>"$LOG"
  "$@" >>"$LOG" 2>&1
  echo "(exit $?)" >>"$LOG"
  echo >>"$LOG"
}
run nvidia-smi -L
run "$RLA" --version
run "$RLA" measure kernels/saxpy.cu --tracer "$TRACER" --counters \
  --svg "$OUT/saxpy.svg"
"$RLA" measure kernels/saxpy.cu --tracer "$TRACER" --counters \
  --format=json >"$OUT/saxpy.json" 2>>"$LOG"
run "$RLA" measure kernels/matmul_tiled.cu --tracer "$TRACER" --counters
run "$RLA" measure kernels/template_scale.cu --tracer "$TRACER"
run "$RLA" measure kernels/hgemv.cu --tracer "$TRACER" --counters \
  --launches test/measure/Inputs/hgemv.launches.json
