# ncu_settings.sh - sourced by the device scripts that profile kernels/:
# puts nvcc and ncu on PATH and defines the metric list (METRICS) and the ncu
# options (NCU_BASE, NCU_FMT) they share, so both read the same counters.
# make sure nvcc, ncu and cuobjdump are found
. "$(dirname "${BASH_SOURCE[0]}")/cuda_path.sh"

METRICS=(
  smsp__sass_thread_inst_executed_op_fadd_pred_on.sum
  smsp__sass_thread_inst_executed_op_fmul_pred_on.sum
  smsp__sass_thread_inst_executed_op_ffma_pred_on.sum
  smsp__sass_thread_inst_executed_op_dadd_pred_on.sum
  smsp__sass_thread_inst_executed_op_dmul_pred_on.sum
  smsp__sass_thread_inst_executed_op_dfma_pred_on.sum
  smsp__sass_thread_inst_executed_op_hadd_pred_on.sum
  smsp__sass_thread_inst_executed_op_hmul_pred_on.sum
  smsp__sass_thread_inst_executed_op_hfma_pred_on.sum
  dram__bytes_read.sum
  dram__bytes_write.sum
  gpu__time_duration.sum
  lts__t_sectors_srcunit_tex_op_read.sum
  lts__t_sectors_srcunit_tex_op_write.sum
  sm__cycles_elapsed.avg.per_second
  # the memory model's levels: L1 sectors of global loads/stores, all L2
  # traffic, shared-memory wavefronts and bank conflicts
  l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
  lts__t_bytes.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
)

NCU_BASE=(--clock-control none --cache-control all --replay-mode kernel --csv)
NCU_FMT=(--page raw --print-units base --print-kernel-base mangled)
