#!/usr/bin/env bash
# calibrate_gpu.sh - runs every microbenchmark the time model's constants
# come from on the GPU of this machine, one after another, so that a GPU
# whose constants were carried from another (the H100 SXM from the H200)
# can be given its own: the launch floor and block dispatch
# (launch_floor.sh, now with the DRAM bytes of an empty launch), dependent
# load latencies and DRAM streams (time_constants.sh), cache bandwidths
# (measure_bandwidth.sh), atomics and barriers (sync_rates.sh), pipe rates
# and chain latencies (pipe_rates.sh), scattered accesses (scatter_rates.sh).
#
# Runs ON a machine with an NVIDIA GPU (sm_90), from the repository root, in
# about eight minutes:
#
#   OUT=/some/dir bash scripts/device/calibrate_gpu.sh [BENCH...]
#
# BENCH: any of launch_floor time_constants measure_bandwidth sync_rates
# pipe_rates scatter_rates (default: all). Writes $OUT/calibration.tar.gz
# (one folder per benchmark, each as its script writes it) and
# $OUT/calibration_log.txt (seconds and exit status per benchmark).
# bench/accuracy/gpu_calibration.py reads the tarball.
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/rl-cal.XXXXXX)
BENCHES=("$@")
[ ${#BENCHES[@]} -gt 0 ] || BENCHES=(launch_floor time_constants
  measure_bandwidth sync_rates pipe_rates scatter_rates)
LOG="$OUT/calibration_log.txt"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv >"$LOG" 2>&1
for b in "${BENCHES[@]}"; do
  mkdir -p "$WORK/cal/$b"
  start=$(date +%s)
  OUT="$WORK/cal/$b" timeout 240 bash "scripts/device/$b.sh" \
    >"$WORK/cal/$b/stdout.txt" 2>&1
  echo "$b: exit $? in $(( $(date +%s) - start )) s" | tee -a "$LOG"
done
tar -C "$WORK" -czf "$OUT/calibration.tar.gz" cal
rm -rf "$WORK"
