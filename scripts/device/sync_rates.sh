#!/usr/bin/env bash
# sync_rates.sh - builds and runs scripts/device/sync_rates.cu on the GPU of
# this machine (barrier steps per block size and resident blocks, atomic
# requests on one address by active lanes, a load-barrier-compute kernel per
# block size). Writes $OUT/sync_rates.csv and $OUT/sync_rates_env.txt.
#
#   OUT=/some/dir bash scripts/device/sync_rates.sh
set -eu
OUT=${OUT:-$PWD/sync-rates-out}
mkdir -p "$OUT"
export PATH=$PATH:/usr/local/cuda/bin
WORK=$(mktemp -d /tmp/rl-sync-rates.XXXXXX)
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  sha256sum scripts/device/sync_rates.cu
} >"$OUT/sync_rates_env.txt"
nvcc -O3 -arch=sm_90 -o "$WORK/sync_rates" scripts/device/sync_rates.cu
timeout 240 "$WORK/sync_rates" | tee "$OUT/sync_rates.csv"
