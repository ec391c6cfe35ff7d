#!/usr/bin/env bash
# measure_bandwidth.sh - measure the DRAM, L2, L1 and shared-memory read
# bandwidth of the GPU (scripts/device/bandwidth_bench.cu) so that
# data/gpus.json can carry measured ceilings for the hierarchical roofline
# (`measured` next to `l2_bandwidth` / `l1_bandwidth`, see docs/gpus.md).
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/measure_bandwidth.sh
#
# Writes under $OUT:
#   bandwidth.csv      level,bytes,seconds,bytes_per_s (best of 5 runs each),
#                      after a "# device,NAME,sms,N,l2_bytes,N" line
#   bandwidth_env.txt  date, nvidia-smi clocks, nvcc version, sha256 of the
#                      benchmark source
# Clocks are left as found (never locked).
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
export PATH=$PATH:/usr/local/cuda/bin
WORK=$(mktemp -d /tmp/rl-bw.XXXXXX)
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  sha256sum scripts/device/bandwidth_bench.cu
} >"$OUT/bandwidth_env.txt"
ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '.')
ARCH=${ARCH:-90}
if ! nvcc -O3 -arch=sm_"$ARCH" -o "$WORK/bw" scripts/device/bandwidth_bench.cu \
    >"$WORK/build.log" 2>&1; then
  cat "$WORK/build.log" | tee -a "$OUT/bandwidth_env.txt"
  exit 1
fi
"$WORK/bw" | tee "$OUT/bandwidth.csv"
rc=${PIPESTATUS[0]}
rm -rf "$WORK"
exit "$rc"
