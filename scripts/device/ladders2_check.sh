#!/usr/bin/env bash
# ladders2_check.sh - builds the programs of a held-out ladder suite of
# bench/accuracy/ (SRC, its folder, and PROGS, its programs; by default
# gemv-softmax-stencil-scan/: gemv_ladder, softmax_ladder, stencil_ladder,
# scan_hist_ladder, mixed2) and measures each kernel twice: a plain run (its
# own cudaEvent timings, "event,..." lines, 5 timed launches) and one Nsight
# Compute pass with cold caches (--cache-control all) that reads the kernel
# time and the counters rl-analyze's time model is compared against. Under
# ncu the programs run with RLA_REPS=1 (a warm-up and one timed launch per
# kernel), which keeps the whole script under 7 minutes.
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/ladders2_check.sh
#   OUT=/some/dir SRC=bench/accuracy/grid-sizes PROGS=grid_ladder \
#     bash scripts/device/ladders2_check.sh
#
# (bench/accuracy/compare.py's SUITES table names each suite's folder and
# programs; the results go under docs/accuracy/<suite id>/raw.)
#
# Writes under $OUT: env.txt (GPU, clocks, versions, source hashes),
# run_log.txt (builds, checks, ncu messages), and per program P:
# P_events.csv (stdout of the plain run), P_ncu.csv (ncu --page raw, base
# units) and P.sass (cuobjdump -sass, when cuobjdump is installed).
# The GPU's clocks are left as found (--clock-control none).
# Every plain run and ncu pass is cut at a fixed timeout, and at what is left
# of a 400-second budget (BUDGET) for the whole script.
set -u
OUT=${OUT:-$PWD/ladders2-out}
mkdir -p "$OUT"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
PROGS=${PROGS:-"gemv_ladder softmax_ladder stencil_ladder scan_hist_ladder mixed2"}
SRC=${SRC:-bench/accuracy/gemv-softmax-stencil-scan}
BUDGET=${BUDGET:-400} # seconds for the whole script
PLAIN_TIMEOUT=30      # seconds per plain run
NCU_TIMEOUT=150       # seconds per ncu pass
T0=$(date +%s)
WORK=$(mktemp -d /tmp/rl-ladders2.XXXXXX)
LOG=$OUT/run_log.txt
: >"$LOG"
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  for P in $PROGS; do sha256sum "$SRC/$P.cu"; done
} >"$OUT/env.txt"

METRICS=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,\
lts__t_bytes.sum,l1tex__t_bytes.sum,sm__inst_executed.sum,\
smsp__inst_executed.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,\
sm__sass_thread_inst_executed_op_fadd_pred_on.sum,\
sm__sass_thread_inst_executed_op_fmul_pred_on.sum,\
sm__sass_thread_inst_executed_op_dfma_pred_on.sum,\
sm__sass_thread_inst_executed_op_hfma_pred_on.sum,\
sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,\
launch__block_size,launch__registers_per_thread,\
sm__cycles_elapsed.avg.per_second,\
smsp__issue_active.avg.pct_of_peak_sustained_active,\
sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,\
sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,\
sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active

# limit CAP: prints min(CAP, seconds left of the budget), 0 when none is left
limit() {
  local left=$((BUDGET - ($(date +%s) - T0)))
  [ "$left" -lt 0 ] && left=0
  [ "$left" -gt "$1" ] && left=$1
  echo "$left"
}

# builds: all programs at once (one nvcc each), logged in order
for P in $PROGS; do
  nvcc -O3 -arch=sm_90 -lineinfo -o "$WORK/$P" "$SRC/$P.cu" \
    >"$WORK/$P.build.txt" 2>&1 &
done
wait
for P in $PROGS; do
  echo "## $P: build" >>"$LOG"
  cat "$WORK/$P.build.txt" >>"$LOG"
done
echo "builds done ($(($(date +%s) - T0))s)" >>"$LOG"

for P in $PROGS; do
  if [ ! -x "$WORK/$P" ]; then
    echo "$P: build failed" | tee -a "$LOG"
    continue
  fi
  if command -v cuobjdump >/dev/null 2>&1; then
    cuobjdump -sass "$WORK/$P" >"$OUT/$P.sass" 2>>"$LOG"
  fi
  echo "## $P: plain run" >>"$LOG"
  T=$(limit $PLAIN_TIMEOUT)
  if [ "$T" -lt 5 ]; then
    echo "$P: plain run skipped, time budget spent" | tee -a "$LOG"
    continue
  fi
  SECONDS=0
  timeout "$T" "$WORK/$P" >"$OUT/${P}_events.csv" 2>>"$LOG"
  echo "$P plain run exit $? (${SECONDS}s)" >>"$LOG"
  grep '^check,' "$OUT/${P}_events.csv" >>"$LOG"
  echo "## $P: ncu (--cache-control all, RLA_REPS=1)" >>"$LOG"
  T=$(limit $NCU_TIMEOUT)
  if [ "$T" -lt 5 ]; then
    echo "$P: ncu skipped, time budget spent" | tee -a "$LOG"
    continue
  fi
  SECONDS=0
  RLA_REPS=1 timeout "$T" ncu --clock-control none --cache-control all \
    --replay-mode kernel --metrics "$METRICS" --csv --page raw \
    --print-units base "$WORK/$P" >"$OUT/${P}_ncu.csv" 2>>"$LOG"
  echo "$P ncu exit $? (${SECONDS}s, limit ${T}s)" >>"$LOG"
done
echo "total $(($(date +%s) - T0))s" >>"$LOG"
rm -rf "$WORK"
