#!/usr/bin/env bash
# ladders_check.sh - builds the optimization ladders of
# bench/accuracy/gemm-reduction-transpose/ (gemm_ladder, reduction_ladder,
# transpose_ladder, mixed; results: docs/accuracy/ladders/) and measures each
# kernel twice: a plain run (its own cudaEvent timings, "event,..." lines)
# and one Nsight Compute pass with cold caches (--cache-control all) that
# reads the kernel time and the counters rl-analyze's time model is compared
# against (bench/accuracy/compare.py).
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/ladders_check.sh
#
# Writes under $OUT: env.txt (GPU, clocks, versions, source hashes),
# run_log.txt (builds, checks, ncu messages), and per program P:
# P_events.csv (stdout of the plain run), P_ncu.csv (ncu --page raw, base
# units) and P.sass (cuobjdump -sass, when cuobjdump is installed).
# The GPU's clocks are left as found (--clock-control none).
set -u
OUT=${OUT:-$PWD/ladders-out}
mkdir -p "$OUT"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
PROGS="gemm_ladder reduction_ladder transpose_ladder mixed"
SRC=${SRC:-bench/accuracy/gemm-reduction-transpose}
WORK=$(mktemp -d /tmp/rl-ladders.XXXXXX)
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
launch__block_size,launch__registers_per_thread

for P in $PROGS; do
  echo "## $P: build" >>"$LOG"
  if ! nvcc -O3 -arch=sm_90 -lineinfo -o "$WORK/$P" "$SRC/$P.cu" \
      >>"$LOG" 2>&1; then
    echo "$P: build failed" | tee -a "$LOG"
    continue
  fi
  if command -v cuobjdump >/dev/null 2>&1; then
    cuobjdump -sass "$WORK/$P" >"$OUT/$P.sass" 2>>"$LOG"
  fi
  echo "## $P: plain run" >>"$LOG"
  SECONDS=0
  timeout 120 "$WORK/$P" >"$OUT/${P}_events.csv" 2>>"$LOG"
  echo "$P plain run exit $? (${SECONDS}s)" >>"$LOG"
  grep '^check,' "$OUT/${P}_events.csv" >>"$LOG"
  echo "## $P: ncu (--cache-control all)" >>"$LOG"
  SECONDS=0
  timeout 200 ncu --clock-control none --cache-control all \
    --replay-mode kernel --metrics "$METRICS" --csv --page raw \
    --print-units base "$WORK/$P" >"$OUT/${P}_ncu.csv" 2>>"$LOG"
  echo "$P ncu exit $? (${SECONDS}s)" >>"$LOG"
done
rm -rf "$WORK"
