# cuda_path.sh - sourced by the device scripts: puts nvcc, cuobjdump and
# ncu on PATH (ncu may live in an Nsight Compute folder of its own).
export PATH=$PATH:/usr/local/cuda/bin
if ! command -v ncu >/dev/null 2>&1; then
  for d in /opt/nvidia/nsight-compute/*/ /usr/local/cuda/nsight-compute*/; do
    [ -x "$d/ncu" ] && { export PATH=$PATH:$d; break; }
  done
fi
