#!/usr/bin/env bash
# launch_floor.sh - what a kernel costs before it does any work on this GPU
# (scripts/device/launch_floor.cu): empty kernels over grids of 1 to 262,144
# blocks, a one-warp dependent FFMA chain of 0 to 65,536 steps, tiny stores;
# each timed with cudaEvent (one launch, and 200 back to back) and measured
# with Nsight Compute (gpu__time_duration, with the ncu options of the other
# device scripts: scripts/device/ncu_settings.sh).
#
# Runs ON a machine with an NVIDIA GPU (built for sm_90), from the repository
# root, in under a minute:
#
#   OUT=/some/dir bash scripts/device/launch_floor.sh
#
# Writes under $OUT:
#   launch_floor.csv      the event timings (see the .cu's header)
#   launch_floor_ncu.csv  ncu's raw CSV of the same configurations, in order
#   launch_floor_env.txt  date, git HEAD, nvidia-smi, nvcc, sha256 of the source
# scripts/device/launch_floor_fit.py DIR derives the launch costs of
# data/architectures.json from the two CSVs.
# Clocks are left as found (ncu --clock-control none).
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
source scripts/device/ncu_settings.sh
SRC=scripts/device/launch_floor.cu
WORK=$(mktemp -d /tmp/rl-lf.XXXXXX)
QUERY=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  sha256sum "$SRC"
} >"$OUT/launch_floor_env.txt"
nvcc -O3 -arch=sm_90 -o "$WORK/lf" "$SRC" 2>&1 | tee -a "$OUT/launch_floor_env.txt"
[ -x "$WORK/lf" ] || exit 1
"$WORK/lf" | tee "$OUT/launch_floor.csv"
rc=${PIPESTATUS[0]}
RL_LAUNCH_FLOOR_PROFILE=1 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" \
  --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum \
  "$WORK/lf" >"$OUT/launch_floor_ncu.csv" 2>"$WORK/ncu.err"
echo "# ncu: exit status $? ($(grep -c '^"[0-9]' "$OUT/launch_floor_ncu.csv") rows)" \
  >>"$OUT/launch_floor_env.txt"
tail -5 "$WORK/ncu.err" >>"$OUT/launch_floor_env.txt"
rm -rf "$WORK"
exit "$rc"
