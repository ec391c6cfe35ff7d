#!/usr/bin/env bash
# realcode_measure.sh - builds the real programs of the test corpus (Rodinia,
# cuda-samples) listed in bench/realcode/programs.tsv and measures them on
# the GPU: one plain run (exit code, wall time, output) and one Nsight Compute
# pass with cold caches that reads, per profiled kernel launch, the launch
# shape and the counters rl-analyze's predictions are compared with (FLOPs
# incl. tensor-core ops, DRAM/L2/L1/shared traffic, instructions, time).
# Each program runs with the arguments bench/corpus.py gives the analyzer
# (--args), in a writable copy of its corpus folder. bench/realcode/README.md
# says more.
#
# Runs ON a machine with one NVIDIA GPU (nvcc, ncu), from the repository root:
#
#   OUT=/dir CORPUS=.corpus SHARD=1/2 BUDGET=540 bash scripts/device/realcode_measure.sh
#
# Environment (all optional):
#   OUT             output folder (default ./realcode-out)
#   CORPUS          the corpus copy: rodinia/ and cuda-samples/ (default .corpus
#                   in the repository root; read only, nothing is written there)
#   SHARD=k/n       every n-th program of the list, starting at the k-th (default 1/1)
#   PROGS="a b"     these programs by name instead (overrides SHARD)
#   BUDGET          seconds for the whole script, packing included (default 540)
#   BUILD_TIMEOUT   seconds per nvcc command (default 240)
#   PLAIN_TIMEOUT   seconds per plain run (default 30)
#   NCU_TIMEOUT     seconds per ncu pass (default 90)
#   SETUP_TIMEOUT   seconds per input-generating setup step (default 60)
#   PER_KERNEL      profiled launches per kernel function (default 2)
#   LAUNCH_CAP      profiled launches per program (default 30)
#   JOBS            parallel builds (default: number of CPUs)
#   PLAIN_RUN=0     skip the plain runs
#   BUILD_ONLY=1    build (and pack the build logs) only: no GPU needed
#   LIST_ONLY=1     print the selected programs and exit
#   KEEP_WORK=1     keep the temporary work folder
#
# Writes under $OUT (4 files, no subfolders):
#   env.txt              date, git HEAD, GPU, clocks, nvcc/ncu/gcc versions,
#                        settings, metric list, sha256 of every selected source
#   run_log.txt          builds, probes, each program's outcome, cuts
#   summary.tsv          one line per selected program: outcome, exit codes, times
#   realcode_raw.tar.gz  realcode_raw/<name with / as __>.{ncu.csv,plain.txt,
#                        ncu_run.txt,build.txt,status} (re-packed after each program)
# The GPU's clocks are left as found (--clock-control none).
set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
T0=$(date +%s)
OUT=${OUT:-$PWD/realcode-out}
CORPUS=${CORPUS:-$REPO/.corpus}
LIST=${LIST:-$REPO/bench/realcode/programs.tsv}
SHARD=${SHARD:-1/1}
PROGS=${PROGS:-}
BUDGET=${BUDGET:-540}             # seconds, whole script
BUILD_TIMEOUT=${BUILD_TIMEOUT:-240}  # seconds per nvcc command
PLAIN_TIMEOUT=${PLAIN_TIMEOUT:-30}   # seconds per plain run
NCU_TIMEOUT=${NCU_TIMEOUT:-90}       # seconds per ncu pass
SETUP_TIMEOUT=${SETUP_TIMEOUT:-60}   # seconds per setup step
PROBE_TIMEOUT=60                     # seconds per ncu probe
PACK_RESERVE=15                      # seconds kept for the last packing
MIN_SLOT=5                           # a run with fewer seconds left is cut
PER_KERNEL=${PER_KERNEL:-2}
LAUNCH_CAP=${LAUNCH_CAP:-30}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}
PLAIN_RUN=${PLAIN_RUN:-1}
BUILD_ONLY=${BUILD_ONLY:-0}
LIST_ONLY=${LIST_ONLY:-0}
KEEP_WORK=${KEEP_WORK:-0}
KEEP_BYTES=20480                     # bytes kept of each output text
ARCH=sm_90

# nvcc, ncu on PATH; METRICS, NCU_BASE (--clock-control none --cache-control
# all --replay-mode kernel --csv), NCU_FMT (--page raw --print-units base
# --print-kernel-base mangled)
. "$HERE/ncu_settings.sh"

# -------------------------------------------------------------- the list
case $CORPUS in /*) ;; *) CORPUS=$PWD/$CORPUS ;; esac
NAMES=(); SOURCES=(); FLAGS=(); LIBS=(); CWDS=(); ARGS=(); MODULES=(); SETUPS=()
i=0
shard_k=${SHARD%/*}; shard_n=${SHARD#*/}
case "$shard_k$shard_n" in *[!0-9]*|'') echo "SHARD must be k/n, got '$SHARD'" >&2; exit 2 ;; esac
if [ "$shard_n" -lt 1 ] || [ "$shard_k" -lt 1 ] || [ "$shard_k" -gt "$shard_n" ]; then
  echo "SHARD must be k/n with 1 <= k <= n, got '$SHARD'" >&2; exit 2
fi
undash() { [ "$1" = "-" ] && echo "" || echo "$1"; }
while IFS=$'\t' read -r name _group sources flags libs cwd args modules setup _note; do
  case $name in '#'*|'') continue ;; esac
  take=0
  if [ -n "$PROGS" ]; then
    for p in $PROGS; do [ "$p" = "$name" ] && take=1; done
  elif [ $((i % shard_n)) -eq $((shard_k - 1)) ]; then
    take=1
  fi
  i=$((i + 1))
  [ $take = 1 ] || continue
  NAMES+=("$name"); SOURCES+=("$sources"); FLAGS+=("$(undash "$flags")")
  LIBS+=("$(undash "$libs")"); CWDS+=("$cwd"); ARGS+=("$(undash "$args")")
  MODULES+=("$(undash "$modules")"); SETUPS+=("$(undash "$setup")")
done <"$LIST"
N=${#NAMES[@]}
if [ -n "$PROGS" ]; then
  for p in $PROGS; do
    found=0
    for n in "${NAMES[@]+"${NAMES[@]}"}"; do [ "$n" = "$p" ] && found=1; done
    [ $found = 1 ] || echo "PROGS: no program named $p in $LIST" >&2
  done
fi
if [ "$LIST_ONLY" = 1 ]; then
  for n in "${NAMES[@]+"${NAMES[@]}"}"; do echo "$n"; done
  echo "$N of $i programs selected" >&2
  exit 0
fi

mkdir -p "$OUT"
LOG=$OUT/run_log.txt
SUMMARY=$OUT/summary.tsv
: >"$LOG"
log() { echo "[$(($(date +%s) - T0))s] $*" | tee -a "$LOG"; }
printf 'name\toutcome\tbuild_rc\tbuild_s\tplain_rc\tplain_s\tncu_rc\tncu_s\tncu_rows\n' >"$SUMMARY"
if [ ! -d "$CORPUS/rodinia" ] || [ ! -d "$CORPUS/cuda-samples" ]; then
  log "no corpus at $CORPUS (expected rodinia/ and cuda-samples/ under it)"
  exit 1
fi
log "selected $N of $i programs (SHARD=$SHARD${PROGS:+, PROGS given}); budget ${BUDGET}s"

WORK=$(mktemp -d /tmp/rl-realcode.XXXXXX)
BUILDS_PID=
stop_builds() {
  [ -n "$BUILDS_PID" ] || return 0
  # (no wait: a build left over ends at its own timeout, within the budget)
  if kill -0 "$BUILDS_PID" 2>/dev/null; then
    kill -TERM -- "-$BUILDS_PID" 2>/dev/null || kill -TERM "$BUILDS_PID" 2>/dev/null
    sleep 2; kill -KILL -- "-$BUILDS_PID" 2>/dev/null
    log "stopped the builds still running"
  fi
  BUILDS_PID=
}
trap 'stop_builds; [ "$KEEP_WORK" = 1 ] || rm -rf "$WORK"' EXIT
RAW=$WORK/realcode_raw
mkdir -p "$RAW" "$WORK/prog"
NVCC=$(command -v nvcc || true)
if [ -z "$NVCC" ]; then log "nvcc not found"; exit 1; fi
CUDA_HOME=$(cd "$(dirname "$(readlink -f "$NVCC")")/.." && pwd)
export NVCC CUDA_HOME

# seconds left of the budget, less what is kept for packing
left() { echo $((BUDGET - PACK_RESERVE - ($(date +%s) - T0))); }
# limit CAP: min(CAP, seconds left), 0 when none is left
limit() {
  local l; l=$(left)
  [ "$l" -lt 0 ] && l=0
  [ "$l" -gt "$1" ] && l=$1
  echo "$l"
}
# too_short T CAP: true when T seconds are too few to start a step that may
# take CAP (fewer than MIN_SLOT, unless the step's own cap is smaller); also
# guards `timeout 0`, which would mean no limit at all
too_short() { [ "$1" -lt 1 ] || { [ "$1" -lt "$MIN_SLOT" ] && [ "$1" -lt "$2" ]; }; }
# keep FILE DEST: FILE, or its first 16 KiB and last 4 KiB when longer than 20 KiB
keep() {
  local size
  size=$(stat -c %s "$1" 2>/dev/null || echo 0)
  if [ "$size" -le "$KEEP_BYTES" ]; then
    cat "$1" >"$2" 2>/dev/null
  else
    { head -c 16384 "$1"; printf '\n[... %d bytes cut ...]\n' $((size - 20480)); tail -c 4096 "$1"; } >"$2"
  fi
}
now() { echo "${EPOCHREALTIME:-$(date +%s.%N)}"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
pack() {
  tar -czf "$OUT/realcode_raw.tar.gz.tmp" -C "$WORK" realcode_raw 2>>"$LOG" &&
    mv -f "$OUT/realcode_raw.tar.gz.tmp" "$OUT/realcode_raw.tar.gz"
}

# -------------------------------------------------------------- metrics
EXTRA_METRICS=(
  launch__grid_size launch__block_size
  launch__grid_dim_x launch__grid_dim_y launch__grid_dim_z
  launch__block_dim_x launch__block_dim_y launch__block_dim_z
  launch__registers_per_thread launch__shared_mem_per_block_static
  launch__shared_mem_per_block_dynamic launch__waves_per_multiprocessor
  sm__inst_executed.sum smsp__inst_executed.sum l1tex__t_bytes.sum
  sm__warps_active.avg.pct_of_peak_sustained_active
  # tensor cores: warp instructions and operations per source type (one MMA
  # of MxNxK adds 2*M*N*K, see scripts/device/tensor_compare.py)
  sm__inst_executed_pipe_tensor.sum
  sm__ops_path_tensor_src_fp16.sum sm__ops_path_tensor_src_bf16_dst_fp32.sum
  sm__ops_path_tensor_src_tf32_dst_fp32.sum sm__ops_path_tensor_src_int8.sum
  sm__ops_path_tensor_src_fp8.sum sm__ops_path_tensor_src_fp64.sum
)
# (the three lists are read through ${!lst} below)
# shellcheck disable=SC2034
FULL_LIST=$(IFS=,; echo "${METRICS[*]},${EXTRA_METRICS[*]}")
# shellcheck disable=SC2034
BASE_LIST=$(IFS=,; echo "${METRICS[*]},launch__grid_size,launch__block_size,launch__registers_per_thread,sm__inst_executed.sum")
MIN_LIST=$(IFS=,; echo "${METRICS[*]}")
MLIST=$FULL_LIST
# the first PER_KERNEL invocations of every kernel function (ncu numbers
# them from 1; 0 is listed too in case a version counts from 0)
KID_RE="^($(seq -s '|' 0 "$PER_KERNEL"))\$"
FILTER=(--kernel-id ":::$KID_RE" --launch-count "$LAUNCH_CAP")

# -------------------------------------------------------------- env.txt
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "# git status (short): $(git -C "$REPO" status --short 2>/dev/null | wc -l) changed paths"
  echo "## nvidia-smi -L"; nvidia-smi -L 2>&1 | sed 's/(UUID: [^)]*)//'
  echo "## nvidia-smi --query-gpu"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,clocks.applications.graphics,power.limit,persistence_mode,compute_mode --format=csv 2>&1
  echo "## nvcc ($NVCC)"; nvcc --version 2>&1 | tail -2
  echo "## ncu"; ncu --version 2>&1 | tail -1
  echo "## host compiler"; gcc --version 2>&1 | head -1
  echo "## nproc: $(nproc 2>/dev/null)"
  echo "## settings"
  echo "SHARD=$SHARD PROGS=$PROGS BUDGET=$BUDGET BUILD_TIMEOUT=$BUILD_TIMEOUT PLAIN_TIMEOUT=$PLAIN_TIMEOUT NCU_TIMEOUT=$NCU_TIMEOUT SETUP_TIMEOUT=$SETUP_TIMEOUT PER_KERNEL=$PER_KERNEL LAUNCH_CAP=$LAUNCH_CAP JOBS=$JOBS"
  echo "build: nvcc -O3 -arch=$ARCH -lineinfo FLAGS -o BIN SOURCES LIBS"
  echo "ncu: ${NCU_BASE[*]} ${NCU_FMT[*]} --target-processes all ${FILTER[*]} --metrics (below)"
  echo "metrics requested: $FULL_LIST"
  echo "## sha256"
  sha256sum "$LIST" "$HERE/realcode_measure.sh" "$HERE/ncu_settings.sh" 2>&1 | sed "s|$REPO/||"
  for k in $(seq 0 $((N - 1))); do
    for s in ${SOURCES[$k]}; do echo "$s"; done
    [ -n "${MODULES[$k]}" ] && echo "${MODULES[$k]##*:}"
  done | sort -u | (cd "$CORPUS" && xargs -r sha256sum) 2>&1
} >"$OUT/env.txt"

# -------------------------------------------------------------- builds
# A writable copy of the corpus: programs run in their folder of it (data
# and kernel files beside them, outputs written there), never in $CORPUS.
mkdir -p "$WORK/tree"
cp -r "$CORPUS/rodinia" "$CORPUS/cuda-samples" "$WORK/tree/" && chmod -R u+w "$WORK/tree"
DEADLINE=$((T0 + BUDGET - PACK_RESERVE))
for k in $(seq 0 $((N - 1))); do
  name=${NAMES[$k]}; safe=${name//\//__}; d=$WORK/prog/$safe
  mkdir -p "$d/bin" "$d/mod"
  read -ra flg <<<"${FLAGS[$k]//@CORPUS@/$CORPUS}"
  read -ra lib <<<"${LIBS[$k]}"
  src=(); for s in ${SOURCES[$k]}; do src+=("$CORPUS/$s"); done
  cmd=(nvcc -O3 "-arch=$ARCH" -lineinfo "${flg[@]+"${flg[@]}"}" -o "$d/bin/${name##*/}" "${src[@]}" "${lib[@]+"${lib[@]}"}")
  {
    echo "#!/usr/bin/env bash"
    echo "# build of $name"
    echo "cd $(printf %q "$d") || exit 1"
    echo "start=\$(date +%s); t=\$(( $DEADLINE - start )); [ \$t -gt $BUILD_TIMEOUT ] && t=$BUILD_TIMEOUT"
    echo "if [ \$t -lt $MIN_SLOT ] && [ \$t -lt $BUILD_TIMEOUT ] || [ \$t -lt 1 ]; then echo 'build skipped: budget spent' >build.txt; echo 125 >build.rc; exit 0; fi"
    echo "{"
    printf '  timeout -k 5 "%s" ' '$t'; printf '%q ' "${cmd[@]}"; echo
    echo "  rc=\$?"
    if [ -n "${MODULES[$k]}" ]; then
      IFS=: read -r mkind mout msrc <<<"${MODULES[$k]}"
      mcmd=(nvcc -O3 "-arch=$ARCH" -lineinfo "${flg[@]+"${flg[@]}"}" "-$mkind" -o "$d/mod/$mout" "$CORPUS/$msrc")
      echo "  if [ \$rc = 0 ]; then t=\$(( $DEADLINE - \$(date +%s) )); [ \$t -gt $BUILD_TIMEOUT ] && t=$BUILD_TIMEOUT; [ \$t -lt 1 ] && t=1"
      printf '    timeout -k 5 "%s" ' '$t'; printf '%q ' "${mcmd[@]}"; echo
      echo "    rc=\$?; fi"
    fi
    echo "  echo \$rc >build.rc.tmp"
    echo "} >build.txt 2>&1"
    echo "echo \$(( \$(date +%s) - start )) >build.secs; mv build.rc.tmp build.rc"
  } >"$d/build.sh"
  { printf '%q ' "${cmd[@]}"; echo; } >"$d/cmd.txt"
done
log "building $N programs, $JOBS at a time (nice 10), nvcc $(nvcc --version | sed -n 's/.*release //p')"
# in a session of its own, so that what is still building at the end can be stopped
DIRS=()
for n in "${NAMES[@]+"${NAMES[@]}"}"; do DIRS+=("$WORK/prog/${n//\//__}"); done
SESSION=(); command -v setsid >/dev/null 2>&1 && SESSION=(setsid)
# shellcheck disable=SC2016
"${SESSION[@]+"${SESSION[@]}"}" bash -c 'for k in "$@"; do echo "$k"; done | xargs -P "'"$JOBS"'" -I{} nice -n 10 bash {}/build.sh' _ \
  "${DIRS[@]+"${DIRS[@]}"}" </dev/null >>"$WORK/xargs.log" 2>&1 &
BUILDS_PID=$!

# -------------------------------------------------------------- ncu probes
# A two-line kernel of this script's own (not from the corpus), launched 5
# times: checks that counters can be read, which metrics this ncu knows, and
# that the per-kernel filter (--kernel-id) is understood.
if [ "$BUILD_ONLY" != 1 ]; then
  cat >"$WORK/probe.cu" <<'EOF'
__global__ void rl_probe(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * 2.0f + 1.0f; }
int main() { float *x; cudaMalloc(&x, 1 << 20); for (int r = 0; r < 5; r++) rl_probe<<<1024, 256>>>(x, 1 << 18); cudaDeviceSynchronize(); return 0; }
EOF
  if timeout -k 5 120 nvcc -arch=$ARCH -o "$WORK/probe" "$WORK/probe.cu" >>"$LOG" 2>&1; then
    rows() { local c; c=$(grep -c '^"[0-9]' "$1" 2>/dev/null); echo "${c:-0}"; }
    # the per-kernel filter with the cap, else without it, else the cap alone
    for f in both kid cap; do
      case $f in
        both) FILTER=(--kernel-id ":::$KID_RE" --launch-count "$LAUNCH_CAP") ;;
        kid) FILTER=(--kernel-id ":::$KID_RE") ;;
        cap) FILTER=(--launch-count "$LAUNCH_CAP"); break ;;
      esac
      rm -f "$WORK/probe_filter.csv"
      timeout -k 5 $PROBE_TIMEOUT ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" "${FILTER[@]}" \
        --metrics gpu__time_duration.sum --log-file "$WORK/probe_filter.csv" "$WORK/probe" >"$WORK/probe_out.txt" 2>&1
      cat "$WORK/probe_out.txt" >>"$WORK/probe_filter.csv" 2>/dev/null
      r=$(rows "$WORK/probe_filter.csv")
      if [ "$r" -ge 1 ] && ! grep -q '==ERROR==' "$WORK/probe_filter.csv"; then
        log "probe: ${FILTER[*]} profiled $r of 5 launches of one kernel (expected $PER_KERNEL or $((PER_KERNEL + 1)); 5 = the per-kernel filter had no effect)"
        break
      fi
      log "probe: ${FILTER[*]} failed: $(grep -m1 '==ERROR==' "$WORK/probe_filter.csv" 2>/dev/null)"
    done
    [ "${FILTER[0]}" = --launch-count ] && log "probe: using ${FILTER[*]} alone (no per-kernel filter)"
    # the full list; without the metrics an error names (twice at most);
    # then the shorter lists
    TRIM_LIST=$FULL_LIST
    for lst in FULL_LIST TRIM_LIST TRIM_LIST BASE_LIST MIN_LIST; do
      rm -f "$WORK/probe_metrics.csv"
      timeout -k 5 $PROBE_TIMEOUT ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" -c 1 --metrics "${!lst}" \
        --log-file "$WORK/probe_metrics.csv" "$WORK/probe" >"$WORK/probe_out.txt" 2>&1
      cat "$WORK/probe_out.txt" >>"$WORK/probe_metrics.csv" 2>/dev/null
      if [ "$(rows "$WORK/probe_metrics.csv")" -ge 1 ] && ! grep -q '==ERROR==' "$WORK/probe_metrics.csv"; then
        MLIST=${!lst}; log "probe: metric list $lst accepted"; break
      fi
      errs=$(grep '==ERROR==' "$WORK/probe_metrics.csv" 2>/dev/null)
      log "probe: metric list $lst rejected: $(echo "$errs" | head -1)"
      MLIST=$MIN_LIST
      kept=()
      for m in ${TRIM_LIST//,/ }; do
        case $errs in *"$m"*) log "probe: dropping $m" ;; *) kept+=("$m") ;; esac
      done
      TRIM_LIST=$(IFS=,; echo "${kept[*]}")
    done
    cp "$WORK/probe_metrics.csv" "$RAW/_probe.ncu.csv" 2>/dev/null
  else
    log "probe: could not build the probe kernel; going on with the full metric list"
  fi
  echo "metrics used: $MLIST" >>"$OUT/env.txt"
  echo "filter used: ${FILTER[*]}" >>"$OUT/env.txt"
fi

# -------------------------------------------------------------- runs
# summary NAME OUTCOME BUILD_RC BUILD_S PLAIN_RC PLAIN_S NCU_RC NCU_S ROWS: a line of summary.tsv
summary() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$SUMMARY"
}
for k in $(seq 0 $((N - 1))); do
  name=${NAMES[$k]}; safe=${name//\//__}; d=$WORK/prog/$safe
  st=$RAW/$safe.status
  {
    echo "name=$name"; echo "cwd=${CWDS[$k]}"; echo "args=${ARGS[$k]}"
    echo "build=$(cat "$d/cmd.txt")"
  } >"$st"
  # wait for the build
  while [ ! -f "$d/build.rc" ] && [ "$(left)" -gt "$MIN_SLOT" ]; do sleep 1; done
  if [ ! -f "$d/build.rc" ]; then
    log "$name: cut (budget spent waiting for its build)"
    echo "outcome=cut-build" >>"$st"
    summary "$name" cut-build - - - - - - -
    continue
  fi
  brc=$(cat "$d/build.rc"); bs=$(cat "$d/build.secs" 2>/dev/null || echo -)
  keep "$d/build.txt" "$RAW/$safe.build.txt"
  echo "build_rc=$brc" >>"$st"; echo "build_s=$bs" >>"$st"
  if [ "$brc" != 0 ]; then
    log "$name: build failed (rc=$brc, ${bs}s): $(grep -m1 -iE 'error|fatal' "$d/build.txt" | cut -c1-300)"
    echo "outcome=build-failed" >>"$st"
    summary "$name" build-failed "$brc" "$bs" - - - - -
    pack; continue
  fi
  if [ "$BUILD_ONLY" = 1 ]; then
    log "$name: built (${bs}s)"
    echo "outcome=built" >>"$st"
    summary "$name" built "$brc" "$bs" - - - - -
    pack; continue
  fi
  bin=$d/bin/${name##*/}
  rundir=$WORK/tree/${CWDS[$k]}
  read -ra argv <<<"${ARGS[$k]}"
  cp "$d"/mod/* "$rundir"/ 2>/dev/null
  if [ -n "${SETUPS[$k]}" ]; then
    T=$(limit "$SETUP_TIMEOUT")
    if too_short "$T" "$SETUP_TIMEOUT"; then
      echo "setup skipped: budget spent" >"$WORK/setup.txt"; setup_rc=125
    else
      (cd "$rundir" && exec timeout -k 5 "$T" bash -c "${SETUPS[$k]}") </dev/null >"$WORK/setup.txt" 2>&1
      setup_rc=$?
    fi
    echo "setup_rc=$setup_rc" >>"$st"
    log "$name: setup rc=$setup_rc: $(tail -c 300 "$WORK/setup.txt" | tr '\n' ' ')"
  fi
  # plain run
  prc=-; ps=-
  if [ "$PLAIN_RUN" = 1 ]; then
    T=$(limit "$PLAIN_TIMEOUT")
    if too_short "$T" "$PLAIN_TIMEOUT"; then
      log "$name: cut (budget spent before the plain run)"
      echo "outcome=cut-run" >>"$st"; summary "$name" cut-run "$brc" "$bs" - - - - -
      pack; continue
    fi
    t1=$(now)
    (ulimit -f 204800; cd "$rundir" && exec timeout -k 5 "$T" "$bin" "${argv[@]+"${argv[@]}"}") \
      </dev/null >"$WORK/plain.txt" 2>&1
    prc=$?; ps=$(since "$t1")
    keep "$WORK/plain.txt" "$RAW/$safe.plain.txt"
    { echo "plain_rc=$prc"; echo "plain_s=$ps"; echo "plain_limit_s=$T"; } >>"$st"
  fi
  # ncu pass
  T=$(limit "$NCU_TIMEOUT")
  if too_short "$T" "$NCU_TIMEOUT"; then
    log "$name: plain rc=$prc ${ps}s; ncu cut (budget spent)"
    echo "outcome=cut-ncu" >>"$st"; summary "$name" cut-ncu "$brc" "$bs" "$prc" "$ps" - - -
    pack; continue
  fi
  csv=$RAW/$safe.ncu.csv
  t1=$(now)
  # SIGINT first: ncu then ends the application and still writes what it
  # profiled so far; SIGKILL 15 s later if it does not stop
  (ulimit -f 204800; cd "$rundir" && exec timeout -s INT -k 15 "$T" ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" \
     --target-processes all "${FILTER[@]}" --metrics "$MLIST" --log-file "$csv" \
     "$bin" "${argv[@]+"${argv[@]}"}") </dev/null >"$WORK/ncu_run.txt" 2>&1
  nrc=$?; ns=$(since "$t1")
  # where an ncu version prints the report on stdout after all
  if ! grep -q '^"ID"' "$csv" 2>/dev/null && grep -q '^"ID"' "$WORK/ncu_run.txt"; then
    grep '^"' "$WORK/ncu_run.txt" >>"$csv"
  fi
  keep "$WORK/ncu_run.txt" "$RAW/$safe.ncu_run.txt"
  nrows=$(grep -c '^"[0-9]' "$csv" 2>/dev/null); nrows=${nrows:-0}
  { echo "ncu_rc=$nrc"; echo "ncu_s=$ns"; echo "ncu_limit_s=$T"; echo "ncu_rows=$nrows"
    echo "ncu_filter=${FILTER[*]}"; } >>"$st"
  outcome=ok
  if [ "$nrc" = 124 ] || [ "$nrc" = 137 ]; then outcome=ncu-timeout
  elif [ "$nrows" = 0 ]; then outcome=no-kernels
  elif [ "$nrc" != 0 ]; then outcome=ncu-rc
  fi
  [ "$PLAIN_RUN" = 1 ] && [ "$prc" != 0 ] && outcome=$outcome,plain-rc
  echo "outcome=$outcome" >>"$st"
  log "$name: $outcome (plain rc=$prc ${ps}s; ncu rc=$nrc ${ns}s, $nrows launches profiled)$(cat "$csv" "$WORK/ncu_run.txt" 2>/dev/null | grep -m1 '==ERROR==' | sed 's/^/ /' | cut -c1-200)"
  summary "$name" "$outcome" "$brc" "$bs" "$prc" "$ps" "$nrc" "$ns" "$nrows"
  pack
done

stop_builds
cp "$WORK/xargs.log" "$RAW/_xargs.log" 2>/dev/null
pack
size=$(stat -c %s "$OUT/realcode_raw.tar.gz" 2>/dev/null || echo 0)
log "done: $N programs, archive $size bytes, $(($(date +%s) - T0))s of ${BUDGET}s"
[ "$size" -gt 16777216 ] && log "WARNING: the archive is over 16 MiB"
exit 0
