#!/usr/bin/env bash
# tensor_gemm_stalls.sh - on a Hopper GPU: why the warps of the corpus'
# tensor-core GEMM samples wait: Nsight Compute's stall reasons per issued
# instruction, the breakdown of the L1/TEX throughput, the shared-memory
# wavefronts and bank conflicts, and the tensor pipe's active cycles, for
# each sample's GEMM launch.
#
#   OUT=/dir CORPUS=.corpus bash scripts/device/tensor_gemm_stalls.sh
#
# Writes <sample>.stalls.csv (ncu --page raw --csv) into $OUT.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${OUT:-$PWD/stalls-out}
CORPUS=${CORPUS:-$HERE/../../.corpus}
mkdir -p "$DEST"
source "$HERE/ncu_settings.sh"
SAMPLES=$CORPUS/cuda-samples/Samples/3_CUDA_Features
METRICS="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$"
METRICS+=",breakdown:l1tex__throughput.avg.pct_of_peak_sustained_active"
METRICS+=",l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
METRICS+=",l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
METRICS+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
METRICS+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
METRICS+=",l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
METRICS+=",smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_pipe_tensor.sum"
METRICS+=",sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"
METRICS+=",gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second"
for S in cudaTensorCoreGemm:compute_gemm immaTensorCoreGemm:compute_gemm_imma \
  bf16TensorCoreGemm:compute_bf16gemm_async_copy; do
  NAME=${S%%:*} KERNEL=${S#*:}
  [ -x "/tmp/$NAME" ] ||
    nvcc -gencode arch=compute_90,code=sm_90 -O3 -I "$CORPUS/cuda-samples/Common" \
      -o "/tmp/$NAME" "$SAMPLES/$NAME/$NAME.cu" >"/tmp/$NAME.build" 2>&1 ||
    { echo "$NAME: build failed"; continue; }
  (cd /tmp && timeout 150 ncu "${NCU_BASE[@]}" --page raw \
    --kernel-name "$KERNEL" --launch-count 1 --metrics "$METRICS" \
    "./$NAME" >"$DEST/$NAME.stalls.csv" 2>&1) || echo "$NAME: ncu rc $?"
done
