#!/usr/bin/env bash
# measure_kernels.sh - build every kernels/*.cu program, run it once plainly
# (each program checks its own results), then once under Nsight Compute to read
# the hardware counters that rl-analyze's predictions are compared against
# (scripts/device/compare.py, docs/accuracy/foundation.md).
#
# Runs ON a machine with an NVIDIA GPU, from the repository root:
#
#   OUT=/some/dir bash scripts/device/measure_kernels.sh
#
# Writes (all directly under $OUT, at most 5 files):
#   env.txt      date, kernel, nvidia-smi header and clocks, nvcc/ncu versions,
#                sha256 of the kernel sources
#   run_log.txt  build, plain-run and ncu logs, PASS/FAIL per program
#   metrics.txt  the metric list asked for, the probe result, the list used
#   ncu_raw.csv  every program's ncu CSV (page "raw", base units, mangled
#                kernel names), each preceded by a line "# program: NAME"
#   sass.txt     cuobjdump SASS and resource usage of every binary
#
# Measurement settings, on purpose:
#   --clock-control none   the GPU's clocks are left as found (never locked);
#   --cache-control all    ncu's default, stated explicitly: L1/L2 are flushed
#                          before every replay pass, so each kernel starts with
#                          cold caches, which is what a prediction of DRAM
#                          traffic without a cache model assumes;
#   --replay-mode kernel   ncu's default: each kernel is serialized and replayed
#                          (memory saved and restored) until all metrics are read.
set -u

OUT=${OUT:-$PWD/measure-out}
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/rl-acc.XXXXXX)
BIN=$WORK/bin
NCUDIR=$WORK/ncu
mkdir -p "$BIN" "$NCUDIR"

LOG=$OUT/run_log.txt
ENVF=$OUT/env.txt
RAW=$OUT/ncu_raw.csv
MET=$OUT/metrics.txt
SASS=$OUT/sass.txt
: >"$LOG"; : >"$RAW"; : >"$MET"; : >"$SASS"

log() { echo "$*" | tee -a "$LOG"; }

. "$(dirname "$0")/ncu_settings.sh"

# ---------------------------------------------------------------- environment
{
  echo "# date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# uname: $(uname -a)"
  echo "# git HEAD: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "## nvidia-smi -L"; nvidia-smi -L 2>&1 | sed 's/(UUID: [^)]*)//'
  echo "## nvidia-smi -q (header)"
  nvidia-smi -q 2>&1 | sed -n '1,45p' | grep -v -i -E 'serial|uuid'
  echo "## nvidia-smi -q -d CLOCK,PERFORMANCE"
  nvidia-smi -q -d CLOCK,PERFORMANCE 2>&1 | grep -v -i -E 'serial|uuid'
  echo "## nvidia-smi --query-gpu"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,persistence_mode,compute_mode --format=csv 2>&1
  echo "## nvcc --version"; nvcc --version 2>&1
  echo "## ncu --version"; ncu --version 2>&1
  echo "## cuobjdump --version"; cuobjdump --version 2>&1 | tail -2
  echo "## sha256 of kernel sources"; sha256sum kernels/*.cu
} >"$ENVF" 2>&1

PROGRAMS=()
for f in kernels/*.cu; do PROGRAMS+=("$(basename "$f" .cu)"); done
log "programs: ${PROGRAMS[*]}"

# ---------------------------------------------------------------- build (parallel)
log "== build: nvcc -O3 -arch=sm_90 -o \$BIN/NAME kernels/NAME.cu"
for p in "${PROGRAMS[@]}"; do
  ( nvcc -O3 -arch=sm_90 -o "$BIN/$p" "kernels/$p.cu" >"$WORK/$p.build.log" 2>&1
    echo $? >"$WORK/$p.build.rc" ) &
done
wait
for p in "${PROGRAMS[@]}"; do
  rc=$(cat "$WORK/$p.build.rc")
  log "build $p rc=$rc"
  [ -s "$WORK/$p.build.log" ] && sed 's/^/    /' "$WORK/$p.build.log" >>"$LOG"
  if [ "$rc" = 0 ]; then
    { echo "######## $p"; cuobjdump --dump-resource-usage "$BIN/$p" 2>&1
      cuobjdump --dump-sass "$BIN/$p" 2>&1; } >>"$SASS"
  fi
done

# ---------------------------------------------------------------- plain runs
log "== plain runs (each program verifies its own output)"
declare -A PLAIN
for p in "${PROGRAMS[@]}"; do
  [ -x "$BIN/$p" ] || { PLAIN[$p]=NOBUILD; log "run $p: not built"; continue; }
  out=$(timeout 180 "$BIN/$p" 2>&1); rc=$?
  if [ $rc = 0 ]; then PLAIN[$p]=PASS; else PLAIN[$p]="FAIL(rc=$rc)"; fi
  log "run $p: ${PLAIN[$p]}: $out"
done

# ---------------------------------------------------------------- metric probe
# Probe the whole list on one small program (first kernel only). If ncu rejects
# it, or a metric column is missing from the CSV, probe metric by metric and
# keep only those that come back.
PROBE=vector_add
[ -x "$BIN/$PROBE" ] || PROBE=saxpy
probe() {  # probe OUTFILE METRIC_LIST -> rc; CSV in OUTFILE
  timeout 120 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" -c 1 --metrics "$2" \
    --log-file "$1" "$BIN/$PROBE" >/dev/null 2>&1
}
has_cols() {  # has_cols FILE metric... -> 0 if each metric is a CSV column with a value
  python3 - "$@" <<'EOF'
import csv, sys
f, mets = sys.argv[1], sys.argv[2:]
rows = [r for r in csv.reader(l for l in open(f, errors="replace") if not l.startswith("=="))]
hdr = next((r for r in rows if "ID" in r), None)
if hdr is None or len(rows) < 3: sys.exit(1)
data = rows[rows.index(hdr) + 2]  # header, units, first kernel
for m in mets:
    if m not in hdr: sys.exit(1)
    v = data[hdr.index(m)].strip().replace(",", "")
    try: float(v)
    except ValueError: sys.exit(1)
EOF
}

ALL=$(IFS=,; echo "${METRICS[*]}")
echo "requested: $ALL" >>"$MET"
probe "$WORK/probe_all.csv" "$ALL"; prc=$?
if [ $prc != 0 ] || ! has_cols "$WORK/probe_all.csv" "${METRICS[@]}"; then
  echo "probe with full list failed (rc=$prc); first lines:" >>"$MET"
  head -20 "$WORK/probe_all.csv" >>"$MET" 2>/dev/null
  # are the formatting options the problem? try them with one plain metric
  probe "$WORK/probe_fmt.csv" gpu__time_duration.sum
  if ! has_cols "$WORK/probe_fmt.csv" gpu__time_duration.sum; then
    NCU_FMT=(--page raw)
    echo "formatting options refused; using only: ${NCU_FMT[*]}" >>"$MET"
  fi
  USED=()
  for m in "${METRICS[@]}"; do
    probe "$WORK/probe_one.csv" "$m"; r=$?
    if [ $r = 0 ] && has_cols "$WORK/probe_one.csv" "$m"; then
      USED+=("$m"); echo "ok      $m" >>"$MET"
    else
      echo "REJECTED $m (rc=$r): $(grep -m1 -E '==ERROR==|==WARNING==' "$WORK/probe_one.csv")" >>"$MET"
    fi
  done
else
  echo "probe with full list: ok" >>"$MET"
  USED=("${METRICS[@]}")
fi
LIST=$(IFS=,; echo "${USED[*]}")
echo "used: $LIST" >>"$MET"
echo "ncu options: ${NCU_BASE[*]} ${NCU_FMT[*]}" >>"$MET"
log "metrics used (${#USED[@]}/${#METRICS[@]}): $LIST"

# ---------------------------------------------------------------- ncu runs
log "== ncu runs: ncu ${NCU_BASE[*]} ${NCU_FMT[*]} --metrics <list> \$BIN/NAME"
for p in "${PROGRAMS[@]}"; do
  [ -x "$BIN/$p" ] || continue
  t0=$(date +%s)
  out=$(timeout 240 ncu "${NCU_BASE[@]}" "${NCU_FMT[@]}" --metrics "$LIST" \
        --log-file "$NCUDIR/$p.csv" "$BIN/$p" 2>&1); rc=$?
  t1=$(date +%s)
  if [ $rc = 0 ]; then st=PASS; else st="FAIL(rc=$rc)"; fi
  log "ncu $p: $st in $((t1 - t0)) s; program said: $(echo "$out" | tail -1)"
  { echo "# program: $p"; echo "# plain_run: ${PLAIN[$p]}"; echo "# ncu_run: $st"
    cat "$NCUDIR/$p.csv" 2>/dev/null; } >>"$RAW"
done

# ---------------------------------------------------------------- short summary
python3 - "$RAW" <<'EOF' | tee -a "$LOG"
import csv, sys
prog = None; hdr = None; skip = 0
print(f"{'program':16s} {'kernel':36s} {'time_us':>9s} {'dram_MB':>9s} {'fp32_ops':>12s}")
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("# program:"):
        prog = line.split(":", 1)[1].strip(); hdr = None; continue
    if line.startswith("#") or line.startswith("=="): continue
    r = next(csv.reader([line]))
    if "ID" in r and hdr is None: hdr = r; skip = 1; continue
    if skip: skip = 0; continue
    if hdr is None: continue
    g = lambda m: float(r[hdr.index(m)].replace(",", "")) if m in hdr else float("nan")
    name = r[hdr.index("Kernel Name")] if "Kernel Name" in hdr else "?"
    t = g("gpu__time_duration.sum") / 1e3
    b = (g("dram__bytes_read.sum") + g("dram__bytes_write.sum")) / 1e6
    f = (g("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum")
         + g("smsp__sass_thread_inst_executed_op_fmul_pred_on.sum")
         + 2 * g("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"))
    print(f"{prog:16s} {name[:36]:36s} {t:9.2f} {b:9.2f} {f:12.0f}")
EOF
log "== done; files in \$OUT:"; ls -la "$OUT" | tee -a "$LOG"
rm -rf "$WORK"
