#!/usr/bin/env bash
# time_constants.sh - measure the constants of the GPU kernel time model
# (scripts/device/time_constants.cu): DRAM stream bandwidth for several
# read:write mixes, launch overhead, global atomic throughput against the
# number of distinct addresses, SFU / libm / FFMA throughput, and
# dependent-load latency (L1, L2, DRAM, DRAM under load).
#
# Runs ON a machine with an NVIDIA GPU (built for sm_90: H100 / H200), from
# the repository root:
#
#   OUT=/some/dir bash scripts/device/time_constants.sh
#
# Writes under $OUT:
#   time_constants.csv      "# " comment lines (device, SM count, clocks),
#                           then name,value,unit,detail (best of 7 runs each)
#   time_constants_env.txt  date, nvidia-smi clocks (before and after the
#                           run), nvcc version, sha256 of the benchmark source
# Clocks are left as found (never locked).
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
export PATH=$PATH:/usr/local/cuda/bin
SRC=scripts/device/time_constants.cu
WORK=$(mktemp -d /tmp/rl-tc.XXXXXX)
QUERY=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "# nvidia-smi before the run:"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  sha256sum "$SRC"
} >"$OUT/time_constants_env.txt"
if ! nvcc -O3 -arch=sm_90 -o "$WORK/tc" "$SRC" >"$WORK/build.log" 2>&1; then
  cat "$WORK/build.log" | tee -a "$OUT/time_constants_env.txt"
  rm -rf "$WORK"
  exit 1
fi
start=$(date +%s)
"$WORK/tc" | tee "$OUT/time_constants.csv"
rc=${PIPESTATUS[0]}
{
  echo "# run: exit status $rc, $(( $(date +%s) - start )) s wall"
  echo "# nvidia-smi after the run:"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
} >>"$OUT/time_constants_env.txt"
rm -rf "$WORK"
exit "$rc"
