#!/usr/bin/env bash
# tensor_check.sh - on a Hopper GPU: builds
# bench/accuracy/tensor-cores/tensor_gemm.cu (or $1) for sm_90a, lists Nsight Compute's tensor-pipe metrics, counts the MMA SASS
# instructions of each kernel, times each kernel (CUDA events, best of 5)
# and reads the tensor counters with ncu. Writes into $OUT (or ./tensor-out):
#   tensor_metrics.txt  ncu --query-metrics lines about the tensor pipes
#   sass_mma.txt        per kernel: count and name of each MMA instruction
#   times.csv           kernel,best_ms
#   ncu_tensor.csv      ncu --csv --page raw, one row per kernel
#   ptxas.txt           registers and shared memory per kernel
# scripts/device/tensor_compare.py turns these and rl-analyze's JSON into
# docs/accuracy/tensor.md.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=${1:-$HERE/../../bench/accuracy/tensor-cores/tensor_gemm.cu}
DEST=${OUT:-$PWD/tensor-out}
mkdir -p "$DEST"
source "$HERE/ncu_settings.sh"
BIN=/tmp/tensor_gemm
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm --format=csv >"$DEST/ptxas.txt" 2>&1
nvcc -gencode arch=compute_90a,code=sm_90a -O3 -Xptxas -v -o "$BIN" "$SRC" \
  >>"$DEST/ptxas.txt" 2>&1 || { cat "$DEST/ptxas.txt"; exit 1; }
ncu --query-metrics 2>/dev/null | grep -iE "tensor|mma" >"$DEST/tensor_metrics.txt"
cuobjdump -sass "$BIN" | awk '
  /Function :/ { f = $3 }
  /(HMMA|IMMA|HGMMA|DMMA|QGMMA|IGMMA)/ {
    match($0, /(HMMA|IMMA|HGMMA|DMMA|QGMMA|IGMMA)[.A-Z0-9_]*/)
    print f, substr($0, RSTART, RLENGTH)
  }' | sort | uniq -c >"$DEST/sass_mma.txt"
"$BIN" 5 >"$DEST/times.csv" 2>&1
cat "$DEST/times.csv"
# The tensor metrics this ncu has, with .sum, plus time and DRAM bytes.
WANT=$(grep -oE "^ *(sm|smsp)__(inst_executed_pipe_tensor[a-z0-9_]*|ops_path_tensor[a-z0-9_]*)" \
         "$DEST/tensor_metrics.txt" | tr -d ' ' | sort -u | sed 's/$/.sum/' | paste -sd, -)
LIST="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum"
[ -n "$WANT" ] && LIST="$LIST,$WANT"
echo "metrics: $LIST"
ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" --metrics "$LIST" "$BIN" 0 \
  >"$DEST/ncu_tensor.csv" 2>&1
if ! grep -q gpu__time_duration "$DEST/ncu_tensor.csv"; then
  # A listed metric this chip cannot collect: keep the error, retry with the
  # instruction counters alone.
  mv "$DEST/ncu_tensor.csv" "$DEST/ncu_error.txt"
  LIST="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum"
  LIST="$LIST,$(echo "$WANT" | tr , '\n' | grep inst_executed | paste -sd, -)"
  ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" --metrics "$LIST" "$BIN" 0 \
    >"$DEST/ncu_tensor.csv" 2>&1
fi
tail -n 3 "$DEST/ncu_tensor.csv"
cat "$DEST/sass_mma.txt"
