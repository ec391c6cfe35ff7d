#!/usr/bin/env bash
# scatter_rates.sh - what scattered accesses cost beyond their bytes on this
# GPU (scripts/device/scatter_rates.cu): strided global loads and stores,
# partial-sector stores, lane-distinct atomics on a few hot slots, shared-
# memory bank conflicts; each configuration timed with cudaEvent and measured
# with Nsight Compute (time, L1 requests/sectors/wavefronts, L2 sectors by
# operation, DRAM bytes, throughput percentages).
#
# Runs ON a machine with an NVIDIA GPU (built for sm_90), from the repository
# root, in about two minutes:
#
#   OUT=/some/dir bash scripts/device/scatter_rates.sh
#
# Writes under $OUT:
#   scatter_rates.csv      the event timings (see the .cu's header)
#   scatter_rates_ncu.csv  ncu's raw CSV of the same configurations, in order
#   scatter_rates_env.txt  date, git HEAD, nvidia-smi, nvcc, sha256 of the
#                          source, the metrics this ncu lacked
# scripts/device/scatter_rates_fit.py DIR derives the per-architecture costs
# of data/architectures.json from the two CSVs.
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
source scripts/device/ncu_settings.sh
SRC=scripts/device/scatter_rates.cu
WORK=$(mktemp -d /tmp/rl-sr.XXXXXX)
QUERY=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem
WANTED=(
  gpu__time_duration.sum sm__cycles_elapsed.avg sm__cycles_elapsed.avg.per_second
  lts__cycles_elapsed.avg lts__cycles_elapsed.avg.per_second
  l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  l1tex__t_requests_pipe_lsu_mem_global_op_red.sum
  l1tex__data_pipe_lsu_wavefronts.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
  l1tex__m_xbar2l1tex_read_sectors.sum l1tex__m_l1tex2xbar_write_sectors.sum
  lts__t_requests_srcunit_tex.sum
  lts__t_sectors_op_read.sum lts__t_sectors_op_write.sum
  lts__t_sectors_op_red.sum lts__t_sectors_op_atom.sum
  dram__bytes_read.sum dram__bytes_write.sum
  l1tex__throughput.avg.pct_of_peak_sustained_elapsed
  lts__throughput.avg.pct_of_peak_sustained_elapsed
  dram__throughput.avg.pct_of_peak_sustained_elapsed
  sm__inst_executed.sum
)
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  ncu --version 2>&1 | tail -1
  sha256sum "$SRC"
} >"$OUT/scatter_rates_env.txt"
# An unknown metric name fails the whole ncu run: keep those this ncu lists.
ncu --query-metrics --chip gh100 >"$WORK/known.txt" 2>&1
METRIC_LIST=""
for m in "${WANTED[@]}"; do
  base=${m%%.*}
  # a query that failed (fewer lines than metrics) filters nothing
  if [ "$(wc -l <"$WORK/known.txt")" -lt 100 ] ||
    grep -q "^$base " "$WORK/known.txt"; then
    METRIC_LIST+="${METRIC_LIST:+,}$m"
  else
    echo "# metric not known to this ncu: $m" >>"$OUT/scatter_rates_env.txt"
  fi
done
nvcc -O3 -arch=sm_90 -o "$WORK/sr" "$SRC" 2>&1 | tee -a "$OUT/scatter_rates_env.txt"
[ -x "$WORK/sr" ] || exit 1
"$WORK/sr" | tee "$OUT/scatter_rates.csv"
rc=${PIPESTATUS[0]}
RL_SCATTER_PROFILE=1 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" --metrics "$METRIC_LIST" \
  "$WORK/sr" >"$OUT/scatter_rates_ncu.csv" 2>"$WORK/ncu.err"
echo "# ncu: exit status $? ($(grep -c '^"[0-9]' "$OUT/scatter_rates_ncu.csv") rows)" \
  >>"$OUT/scatter_rates_env.txt"
tail -5 "$WORK/ncu.err" >>"$OUT/scatter_rates_env.txt"
rm -rf "$WORK"
exit "$rc"
