#!/usr/bin/env bash
# curand_carveout.sh - builds and runs curand_carveout.cu (see its header)
# plainly and under Nsight Compute, on a machine with an NVIDIA GPU, from
# the repository root: OUT=/some/dir bash scripts/device/curand_carveout.sh
# Writes $OUT/curand_carveout.txt (the plain run) and
# $OUT/curand_carveout_ncu.csv (time, L2 bytes, L1 hit rate, the carveout
# the launch ran with). The GPU's clocks are left as found.
set -u
OUT=${OUT:-$PWD/curand-carveout-out}
mkdir -p "$OUT"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
WORK=$(mktemp -d /tmp/rl-carveout.XXXXXX)
nvcc -O3 -arch=sm_90 -lineinfo -o "$WORK/carveout" \
  scripts/device/curand_carveout.cu || exit 1
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  sha256sum scripts/device/curand_carveout.cu
  timeout 60 "$WORK/carveout"
} >"$OUT/curand_carveout.txt" 2>&1
RLA_REPS=1 timeout 300 ncu --clock-control none --cache-control all \
  --metrics gpu__time_duration.sum,lts__t_bytes.sum,l1tex__t_sector_hit_rate.pct,launch__shared_mem_config_size,l1tex__t_bytes.sum \
  --csv --page raw --print-units base "$WORK/carveout" \
  >"$OUT/curand_carveout_ncu.csv" 2>>"$OUT/curand_carveout.txt"
rm -rf "$WORK"
cat "$OUT/curand_carveout.txt"
