#!/usr/bin/env bash
# occupancy_check.sh - the runtime's occupancy of every kernel in kernels/*.cu
# on the GPU of this machine, for the fixture that test/e2e/occupancy-h200.test
# compares rl-analyze against.
#
# Runs ON a machine with an NVIDIA GPU and nvcc (no LLVM needed), from the
# repository root:
#
#   OUT=/some/dir bash scripts/device/occupancy_check.sh [sm_90]
#
# For each kernels/*.cu it compiles the device code exactly as rl-analyze
# does (nvcc -cubin -arch=ARCH -Xptxas -v), takes the kernels' mangled names
# from ptxas's "Compiling entry function" lines, and runs occupancy_probe
# (scripts/device/occupancy_probe.cu), which sweeps block sizes 32..max step
# 32 x dynamic shared memory {0, 8K, 16K, 32K, 48K, 64K, 96K, 128K, 160K,
# 192K, 200K, opt-in max} with cudaOccupancyMaxActiveBlocksPerMultiprocessor
# after cudaFuncGetAttributes (registers, static shared memory, max threads).
#
# Writes under $OUT:
#   occupancy.json  device properties + per kernel: attributes and rows
#                   [block_size, dynamic_smem_bytes, active_blocks_per_sm]
#   run_log.txt     nvcc version, nvidia-smi, ptxas output, probe log
# Commit occupancy.json as test/fixtures/occupancy/h200.json.
set -eu

ARCH=${1:-sm_90}
OUT=${OUT:-$PWD/occupancy-out}
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/rl-occ.XXXXXX)
LOG=$OUT/run_log.txt
: >"$LOG"
export PATH=$PATH:/usr/local/cuda/bin
NVCC=${NVCC:-nvcc}

{
  date -u
  "$NVCC" --version | tail -n 2
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv 2>&1 || true
} >>"$LOG"

ARGS=()
for SRC in kernels/*.cu; do
  NAME=$(basename "$SRC" .cu)
  echo "== $SRC" >>"$LOG"
  "$NVCC" -cubin -arch="$ARCH" -Xptxas -v -o "$WORK/$NAME.cubin" "$SRC" \
    >"$WORK/$NAME.ptxas" 2>&1
  cat "$WORK/$NAME.ptxas" >>"$LOG"
  sed -n "s/.*Compiling entry function '\([^']*\)' for.*/\1/p" \
    "$WORK/$NAME.ptxas" >"$WORK/$NAME.names"
  ARGS+=("$SRC" "$WORK/$NAME.cubin" "$WORK/$NAME.names")
done

"$NVCC" -O2 -std=c++17 -o "$WORK/occupancy_probe" scripts/device/occupancy_probe.cu \
  >>"$LOG" 2>&1
"$WORK/occupancy_probe" "$OUT/occupancy.json" "${ARGS[@]}" >>"$LOG" 2>&1
echo "wrote $OUT/occupancy.json ($(grep -c mangled_name "$OUT/occupancy.json") kernels)" | tee -a "$LOG"
rm -rf "$WORK"
