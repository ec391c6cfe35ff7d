#!/usr/bin/env bash
# idioms_check.sh - builds bench/accuracy/memory-idioms/idioms.cu (or SRC)
# and reads, for each of its launches, the DRAM and L2 counters that rl-analyze's memory model is
# compared against (bench/accuracy/memory_compare.py, docs/accuracy/idioms.md):
# once with cold caches (ncu's default --cache-control all: L1 and L2 are
# flushed before each kernel) and once warm (--cache-control none: what the
# previous launch left in L2 stays).
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/idioms_check.sh
#   OUT=/some/dir SRC=bench/accuracy/l2-reuse/reuse.cu \
#     bash scripts/device/idioms_check.sh
#
# SRC: the program to measure (default bench/accuracy/memory-idioms/idioms.cu).
# Writes under $OUT: env.txt (GPU, clocks, versions), run_log.txt (build and
# plain run), ncu_cold.csv and ncu_warm.csv (ncu --page raw, base units).
# The GPU's clocks are left as found (--clock-control none).
set -u
OUT=${OUT:-$PWD/idioms-out}
mkdir -p "$OUT"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
SRC=${SRC:-bench/accuracy/memory-idioms/idioms.cu}
WORK=$(mktemp -d /tmp/rl-idioms.XXXXXX)
LOG=$OUT/run_log.txt
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  sha256sum "$SRC"
} >"$OUT/env.txt"

METRICS=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,\
lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,gpu__time_duration.sum

nvcc -O3 -arch=sm_90 -o "$WORK/idioms" "$SRC" >"$LOG" 2>&1 ||
  { echo "build failed" | tee -a "$LOG"; exit 1; }
echo "## plain run" >>"$LOG"
"$WORK/idioms" >>"$LOG" 2>&1
for MODE in cold warm; do
  CC=all
  [ "$MODE" = warm ] && CC=none
  echo "## ncu $MODE (--cache-control $CC)" >>"$LOG"
  timeout 240 ncu --clock-control none --cache-control "$CC" \
    --replay-mode kernel --metrics "$METRICS" --csv --page raw \
    --print-units base "$WORK/idioms" >"$OUT/ncu_$MODE.csv" 2>>"$LOG"
  echo "ncu $MODE exit $?" >>"$LOG"
done
rm -rf "$WORK"
