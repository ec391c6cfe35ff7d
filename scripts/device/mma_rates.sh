#!/usr/bin/env bash
# mma_rates.sh - on a Hopper GPU: the warp-level MMA instructions' rate and
# chain latency (scripts/device/mma_rates.cu), and where the warps of the
# tensor-core GEMM samples of the corpus wait (Nsight Compute's warp-state,
# scheduler, compute and memory sections on each sample's GEMM launch).
#
#   OUT=/dir CORPUS=.corpus bash scripts/device/mma_rates.sh
#
# Writes into $OUT:
#   env.txt              GPU, clocks, nvcc and ncu versions
#   mma_rates.csv        kind, warps per SM, chains per warp, MMAs per SM
#                        clock, cycles per chain step
#   mma_sass.txt         the MMA SASS opcodes of mma_rates
#   <sample>.ncu.csv     ncu --page details, the GEMM launch of each sample
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${OUT:-$PWD/mma-out}
CORPUS=${CORPUS:-$HERE/../../.corpus}
mkdir -p "$DEST"
source "$HERE/ncu_settings.sh"
{
  date -u +%FT%TZ
  nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,driver_version --format=csv
  nvcc --version | tail -2
  ncu --version | tail -1
} >"$DEST/env.txt" 2>&1
BIN=/tmp/mma_rates
nvcc -gencode arch=compute_90,code=sm_90 -O3 -o "$BIN" "$HERE/mma_rates.cu" \
  >>"$DEST/env.txt" 2>&1 || { cat "$DEST/env.txt"; exit 1; }
cuobjdump -sass "$BIN" | grep -oE "(HMMA|IMMA|DMMA)[.A-Z0-9_]*" | sort |
  uniq -c >"$DEST/mma_sass.txt"
"$BIN" >"$DEST/mma_rates.csv" 2>&1
SAMPLES=$CORPUS/cuda-samples/Samples/3_CUDA_Features
for S in cudaTensorCoreGemm:compute_gemm immaTensorCoreGemm:compute_gemm_imma \
  bf16TensorCoreGemm:compute_bf16gemm_async_copy \
  tf32TensorCoreGemm:compute_tf32gemm_async_copy \
  dmmaTensorCoreGemm:compute_dgemm_async_copy; do
  NAME=${S%%:*} KERNEL=${S#*:}
  nvcc -gencode arch=compute_90,code=sm_90 -O3 -I "$CORPUS/cuda-samples/Common" \
    -o "/tmp/$NAME" "$SAMPLES/$NAME/$NAME.cu" >"/tmp/$NAME.build" 2>&1 ||
    { echo "$NAME: build failed" >>"$DEST/env.txt"; continue; }
  (cd /tmp && timeout 120 ncu "${NCU_BASE[@]}" --page details \
    --kernel-name "$KERNEL" --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
    --section Occupancy --section LaunchStats \
    "./$NAME" >"$DEST/$NAME.ncu.csv" 2>&1) ||
    echo "$NAME: ncu rc $?" >>"$DEST/env.txt"
done
