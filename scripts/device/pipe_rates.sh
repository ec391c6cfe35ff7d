#!/usr/bin/env bash
# pipe_rates.sh - measure the issue throughput of each SM execution pipe
# (warp-instructions per SM per SM clock: FFMA, FADD, FMUL, HFMA2, DFMA, IMAD,
# IADD3, LOP3, SHF, ISETP+SEL, MUFU, conversions, POPC, SHFL, LDS, STS and a
# few mixes), dependent-chain latencies and the cost of __syncthreads
# (scripts/device/pipe_rates.cu).
#
# Runs ON a machine with an NVIDIA GPU (built for sm_90: H100 / H200), from
# the repository root, in well under 2 minutes:
#
#   OUT=/some/dir bash scripts/device/pipe_rates.sh
#
# Writes under $OUT:
#   pipe_rates.csv        "# " comment lines (device, SM count, clocks),
#                         then name,value,unit,detail (best of 7 runs each)
#   pipe_rates.sass       cuobjdump -sass of the benchmark binary (nvdisasm -c
#                         of the same source built as a cubin when cuobjdump
#                         is missing), for scripts/device/pipe_rates_check.py
#   pipe_rates_check.txt  pipe_rates_check.py -v on the two files above
#                         (its exit status is recorded, not returned)
#   pipe_rates_env.txt    date, git HEAD, nvidia-smi clocks (before and after
#                         the run), nvcc version, sha256 of the benchmark
#                         source
# Clocks are left as found (never locked). The exit status is the
# benchmark's.
set -u
OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
export PATH=$PATH:/usr/local/cuda/bin
SRC=scripts/device/pipe_rates.cu
CHECK=scripts/device/pipe_rates_check.py
WORK=$(mktemp -d /tmp/rl-pr.XXXXXX)
QUERY=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "# nvidia-smi before the run:"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  sha256sum "$SRC" "$CHECK"
} >"$OUT/pipe_rates_env.txt"
if ! nvcc -O3 -arch=sm_90 -o "$WORK/pr" "$SRC" >"$WORK/build.log" 2>&1; then
  tee -a "$OUT/pipe_rates_env.txt" <"$WORK/build.log"
  rm -rf "$WORK"
  exit 1
fi
# SASS of the binary that runs (before the run, so that it exists even when
# the run fails)
if command -v cuobjdump >/dev/null 2>&1; then
  cuobjdump -sass "$WORK/pr" >"$OUT/pipe_rates.sass" 2>&1
  echo "# SASS: cuobjdump -sass (exit $?)" >>"$OUT/pipe_rates_env.txt"
elif command -v nvdisasm >/dev/null 2>&1 &&
  nvcc -O3 -arch=sm_90 -cubin -o "$WORK/pr.cubin" "$SRC" >>"$WORK/build.log" 2>&1; then
  nvdisasm -c "$WORK/pr.cubin" >"$OUT/pipe_rates.sass" 2>&1
  echo "# SASS: no cuobjdump; nvdisasm -c of a cubin built with the same" \
    "flags (exit $?)" >>"$OUT/pipe_rates_env.txt"
else
  echo "# SASS: neither cuobjdump nor nvdisasm found; no pipe_rates.sass" \
    >>"$OUT/pipe_rates_env.txt"
fi
start=$(date +%s)
"$WORK/pr" | tee "$OUT/pipe_rates.csv"
rc=${PIPESTATUS[0]}
{
  echo "# run: exit status $rc, $(( $(date +%s) - start )) s wall"
  echo "# nvidia-smi after the run:"
  nvidia-smi --query-gpu=$QUERY --format=csv 2>&1
} >>"$OUT/pipe_rates_env.txt"
if command -v python3 >/dev/null 2>&1 && [ -f "$OUT/pipe_rates.sass" ]; then
  python3 "$CHECK" -v "$OUT" >"$OUT/pipe_rates_check.txt" 2>&1
  echo "# pipe_rates_check.py: exit status $?" >>"$OUT/pipe_rates_env.txt"
fi
rm -rf "$WORK"
exit "$rc"
