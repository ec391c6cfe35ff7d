#!/usr/bin/env bash
# shared_wavefronts.sh - shared-memory wavefronts per request on this
# machine's GPU: scripts/device/shared_wavefronts.cu (each access width and
# lane pattern) and, for each program of PROGRAMS, every kernel's shared
# load and store wavefronts and instructions, under Nsight Compute.
#
#   OUT=/some/dir bash scripts/device/shared_wavefronts.sh
#
# Writes $OUT/shared_wavefronts_env.txt, $OUT/shared_wavefronts_ncu.csv (the
# patterns, in launch order, beside the "pattern,..." lines of
# $OUT/shared_wavefronts.csv) and $OUT/<program>_shared_ncu.csv per program.
# Programs run with RLA_REPS=1 (one timed launch per kernel).
set -u
OUT=${OUT:-$PWD/shared-wavefronts-out}
mkdir -p "$OUT"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
ACC=bench/accuracy
PROGRAMS=${PROGRAMS:-"$ACC/gemm-reduction-transpose/gemm_ladder.cu $ACC/blur-rows-columns/rows_ladder.cu $ACC/layernorm-conv-spmv-bgemm/bgemm_ladder.cu"}
WORK=$(mktemp -d /tmp/rl-shared-wf.XXXXXX)
METRICS=gpu__time_duration.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  sha256sum scripts/device/shared_wavefronts.cu $PROGRAMS
} >"$OUT/shared_wavefronts_env.txt"
nvcc -O3 -arch=sm_90 -o "$WORK/shared_wavefronts" scripts/device/shared_wavefronts.cu
"$WORK/shared_wavefronts" >"$OUT/shared_wavefronts.csv"
timeout 120 ncu --metrics "$METRICS" --csv --page raw --print-units base \
  "$WORK/shared_wavefronts" >"$OUT/shared_wavefronts_ncu.csv" 2>"$OUT/shared_wavefronts_ncu.log"
for P in $PROGRAMS; do
  N=$(basename "$P" .cu)
  nvcc -O3 -arch=sm_90 -lineinfo -o "$WORK/$N" "$P" || continue
  RLA_REPS=1 timeout 150 ncu --metrics "$METRICS" --csv --page raw \
    --print-units base "$WORK/$N" >"$OUT/${N}_shared_ncu.csv" 2>>"$OUT/shared_wavefronts_ncu.log"
done
rm -rf "$WORK"
