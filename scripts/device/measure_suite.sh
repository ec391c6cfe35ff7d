#!/usr/bin/env bash
# measure_suite.sh - the GPU side of `rl-analyze measure` for the whole
# kernels/ suite, on a machine with an NVIDIA GPU, nvcc, ncu and CUPTI (no
# LLVM needed). From the repository root:
#
#   OUT=/some/dir bash scripts/device/measure_suite.sh
#
# Steps: build the CUPTI tracer (scripts/device/build_tracer.sh); build every
# kernels/*.cu with nvcc -O3 -arch=sm_90 -Xptxas -v; run each under the tracer
# (CUDA_INJECTION64_PATH), which appends every launch to trace.jsonl; run the
# committed harness scripts/device/harness/saxpy_harness.cu (generated from
# saxpy.launches.json by `rl-analyze measure --emit-harness`); then run every
# binary under ncu for the counters, with the metric list and settings of
# scripts/device/measure_kernels.sh.
#
# Writes directly under $OUT (7 files):
#   env.txt      date, nvidia-smi, nvcc/ncu versions, sha256 of the sources
#   run_log.txt  build, traced-run and ncu logs, PASS/FAIL per program
#   trace.jsonl  the tracer's and the harness's records (docs/measure.md)
#   ncu_raw.csv  every program's ncu CSV, each after "# program: NAME"
#   metrics.txt  the metric list asked for, the probe result, the list used
#   ptxas.txt    ptxas -v resources per program (registers, shared, spills)
#   sass.txt     cuobjdump SASS and resource usage of every binary
# Then, where rl-analyze is built:
#   python3 scripts/accuracy_report.py --results $OUT > docs/accuracy.md
set -u

OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/rl-suite.XXXXXX)
BIN=$WORK/bin
mkdir -p "$BIN"
LOG=$OUT/run_log.txt
TRACE=$OUT/trace.jsonl
RAW=$OUT/ncu_raw.csv
MET=$OUT/metrics.txt
PTXAS=$OUT/ptxas.txt
SASS=$OUT/sass.txt
: >"$LOG"; : >"$TRACE"; : >"$RAW"; : >"$MET"; : >"$PTXAS"; : >"$SASS"
log() { echo "$*" | tee -a "$LOG"; }

. "$(dirname "$0")/ncu_settings.sh"

# ---------------------------------------------------------------- environment
ENVF=$OUT/env.txt
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "## nvidia-smi -L"; nvidia-smi -L 2>&1 | sed 's/(UUID: [^)]*)//'
  echo "## nvidia-smi --query-gpu"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,persistence_mode,compute_mode --format=csv 2>&1
  echo "## nvcc --version"; nvcc --version 2>&1
  echo "## ncu --version"; ncu --version 2>&1
  echo "## sha256 of sources"
  sha256sum kernels/*.cu tools/tracer/RlaTracer.cpp scripts/device/harness/*.cu
} >"$ENVF" 2>&1

# ---------------------------------------------------------------- tracer
TRACER=$WORK/librla-tracer.so
if bash scripts/device/build_tracer.sh "$TRACER" >>"$LOG" 2>&1; then
  log "tracer built: $TRACER"
else
  log "tracer build FAILED: launches will not be traced"
fi

# ---------------------------------------------------------------- build
PROGRAMS=()
for f in kernels/*.cu; do PROGRAMS+=("$(basename "$f" .cu)"); done
PROGRAMS+=(saxpy_harness)
src_of() {
  if [ "$1" = saxpy_harness ]; then echo scripts/device/harness/saxpy_harness.cu
  else echo "kernels/$1.cu"; fi
}
log "programs: ${PROGRAMS[*]}"
log "== build: nvcc -std=c++17 -O3 -arch=sm_90 -Xptxas -v -o \$BIN/NAME SOURCE"
for p in "${PROGRAMS[@]}"; do
  ( nvcc -std=c++17 -O3 -arch=sm_90 -Xptxas -v -o "$BIN/$p" "$(src_of "$p")" \
      >"$WORK/$p.build.log" 2>&1
    echo $? >"$WORK/$p.build.rc" ) &
done
wait
for p in "${PROGRAMS[@]}"; do
  rc=$(cat "$WORK/$p.build.rc")
  log "build $p rc=$rc"
  { echo "######## $p"; cat "$WORK/$p.build.log"; } >>"$PTXAS"
  if [ "$rc" = 0 ]; then
    { echo "######## $p"; cuobjdump --dump-resource-usage "$BIN/$p" 2>&1
      cuobjdump --dump-sass "$BIN/$p" 2>&1; } >>"$SASS"
  else
    sed 's/^/    /' "$WORK/$p.build.log" >>"$LOG"
  fi
done

# ---------------------------------------------------------------- traced runs
log "== traced runs (each program verifies its own output)"
declare -A RUN
for p in "${PROGRAMS[@]}"; do
  [ -x "$BIN/$p" ] || { RUN[$p]=NOBUILD; continue; }
  before=$(wc -l <"$TRACE")
  if [ "$p" = saxpy_harness ]; then
    out=$(RLA_TRACE_FILE=$TRACE RLA_TRACE_PROGRAM=$p timeout 300 "$BIN/$p" 2>&1); rc=$?
  else
    out=$(CUDA_INJECTION64_PATH=$TRACER RLA_TRACE_FILE=$TRACE RLA_TRACE_PROGRAM=$p \
          timeout 300 "$BIN/$p" 2>&1); rc=$?
  fi
  if [ $rc = 0 ]; then RUN[$p]=PASS; else RUN[$p]="FAIL(rc=$rc)"; fi
  log "run $p: ${RUN[$p]}: $(( $(wc -l <"$TRACE") - before )) trace lines: $(echo "$out" | tail -3)"
done

# ---------------------------------------------------------------- metric probe
PROBE=vector_add
[ -x "$BIN/$PROBE" ] || PROBE=saxpy
has_cols() {
  python3 - "$@" <<'PY'
import csv, sys
f, mets = sys.argv[1], sys.argv[2:]
rows = [r for r in csv.reader(l for l in open(f, errors="replace") if not l.startswith("=="))]
hdr = next((r for r in rows if "ID" in r), None)
if hdr is None or len(rows) < 3: sys.exit(1)
data = rows[rows.index(hdr) + 2]
for m in mets:
    if m not in hdr: sys.exit(1)
    try: float(data[hdr.index(m)].strip().replace(",", ""))
    except ValueError: sys.exit(1)
PY
}
probe() {
  timeout 120 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" -c 1 --metrics "$2" \
    --log-file "$1" "$BIN/$PROBE" >/dev/null 2>&1
}
ALL=$(IFS=,; echo "${METRICS[*]}")
echo "requested: $ALL" >>"$MET"
USED=()
if ! command -v ncu >/dev/null 2>&1; then
  echo "ncu not found: no counters, times only" >>"$MET"; log "ncu not found: times only"
else
  probe "$WORK/probe_all.csv" "$ALL"; prc=$?
  if [ $prc = 0 ] && has_cols "$WORK/probe_all.csv" "${METRICS[@]}"; then
    echo "probe with full list: ok" >>"$MET"; USED=("${METRICS[@]}")
  else
    echo "probe with full list failed (rc=$prc):" >>"$MET"
    head -20 "$WORK/probe_all.csv" >>"$MET" 2>/dev/null
    for m in "${METRICS[@]}"; do
      probe "$WORK/probe_one.csv" "$m"; r=$?
      if [ $r = 0 ] && has_cols "$WORK/probe_one.csv" "$m"; then
        USED+=("$m"); echo "ok      $m" >>"$MET"
      else
        echo "REJECTED $m (rc=$r): $(grep -m1 -E '==ERROR==|==WARNING==' "$WORK/probe_one.csv")" >>"$MET"
      fi
    done
  fi
fi
LIST=$(IFS=,; echo "${USED[*]}")
echo "used: $LIST" >>"$MET"
echo "ncu options: ${NCU_BASE[*]} ${NCU_FMT[*]}" >>"$MET"

# ---------------------------------------------------------------- ncu runs
if [ ${#USED[@]} -gt 0 ]; then
  log "== ncu runs: ncu ${NCU_BASE[*]} ${NCU_FMT[*]} --metrics <list> \$BIN/NAME"
  for p in "${PROGRAMS[@]}"; do
    [ -x "$BIN/$p" ] || continue
    t0=$(date +%s)
    # RLA_TRACE_FILE=/dev/null: the harness's own records are not wanted here.
    out=$(RLA_TRACE_FILE=/dev/null timeout 300 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" \
          --metrics "$LIST" --log-file "$WORK/$p.csv" "$BIN/$p" 2>&1); rc=$?
    if [ $rc = 0 ]; then st=PASS; else st="FAIL(rc=$rc)"; fi
    log "ncu $p: $st in $(( $(date +%s) - t0 )) s"
    { echo "# program: $p"; echo "# traced_run: ${RUN[$p]}"; echo "# plain_run: ${RUN[$p]}"; echo "# ncu_run: $st"
      cat "$WORK/$p.csv" 2>/dev/null; } >>"$RAW"
  done
fi
# ---------------------------------------------------------------- trace check
# What the tracer recorded per program: a quick look at whether every launch
# came with its time and its arguments.
log "== trace summary"
python3 - "$TRACE" <<'PY' 2>&1 | tee -a "$LOG"
import json, sys
progs, prog, bad = {}, None, 0
for n, line in enumerate(open(sys.argv[1]), 1):
    try:
        r = json.loads(line)
    except ValueError:
        bad += 1; continue
    if r.get("type") == "device":
        prog = r.get("program"); progs.setdefault(prog, [0, 0, 0, r.get("name")])
    elif r.get("type") == "launch":
        p = progs.setdefault(prog, [0, 0, 0, None])
        p[0] += 1
        p[1] += ("start_ns" in r or "duration_ns" in r)
        p[2] += ("args" in r)
print(f"{'program':16s} {'launches':>8s} {'timed':>6s} {'args':>6s}  device")
for k, (l, t, a, d) in progs.items():
    print(f"{str(k):16s} {l:8d} {t:6d} {a:6d}  {d}")
print(f"unparsable lines: {bad}")
PY
log "== done; files in \$OUT:"; ls -la "$OUT" | tee -a "$LOG"
rm -rf "$WORK"
