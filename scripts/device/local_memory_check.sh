#!/usr/bin/env bash
# local_memory_check.sh - measures bench/accuracy/local-memory/local.cu for
# bench/accuracy/local_memory_compare.py (docs/accuracy/local-memory/):
# DRAM, the SM side of L2 and time with cold and warm caches
# (scripts/device/idioms_check.sh), then the L1's local-memory traffic: the
# bytes of local loads and stores and their sectors' hits and misses.
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/local_memory_check.sh
#
# Writes under $OUT: env.txt, run_log.txt, ncu_cold.csv, ncu_warm.csv (as
# idioms_check.sh does) and ncu_local.csv, ncu_local.err.
set -u
OUT=${OUT:-$PWD/local-memory-out}
mkdir -p "$OUT"
SRC=bench/accuracy/local-memory/local.cu
OUT=$OUT SRC=$SRC bash "$(dirname "${BASH_SOURCE[0]}")/idioms_check.sh"
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"
WORK=$(mktemp -d /tmp/rl-local.XXXXXX)
nvcc -O3 -arch=sm_90 -o "$WORK/local" "$SRC" >>"$OUT/run_log.txt" 2>&1 ||
  { echo "build failed" | tee -a "$OUT/run_log.txt"; exit 1; }
LOCAL=l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,\
l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_hit.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_miss.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_st_lookup_hit.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_st_lookup_miss.sum
timeout 200 ncu --clock-control none --metrics "$LOCAL" --csv --page raw \
  --print-units base "$WORK/local" >"$OUT/ncu_local.csv" 2>"$OUT/ncu_local.err"
echo "ncu local exit $?" >>"$OUT/run_log.txt"
rm -rf "$WORK"
