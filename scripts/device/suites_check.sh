#!/usr/bin/env bash
# suites_check.sh - measures several time suites of bench/accuracy/ in one
# run on the GPU machine, each with scripts/device/ladders2_check.sh, under
# $OUT/<suite id>/ (the layout docs/accuracy/<id>/raw has). The suites are
# named by result id (bench/accuracy/compare.py's SUITES table: ladders4 is
# launch-sizes/, ...); each gets at most SUITE_BUDGET seconds and the whole
# run stops starting suites once TOTAL_BUDGET seconds have passed.
#
#   OUT=/some/dir SUITES="ladders4 ladders9" bash scripts/device/suites_check.sh
set -u
OUT=${OUT:?set OUT}
SUITES=${SUITES:?set SUITES (result ids)}
SUITE_BUDGET=${SUITE_BUDGET:-200}
TOTAL_BUDGET=${TOTAL_BUDGET:-560}
HERE=$(dirname "${BASH_SOURCE[0]}")
T0=$(date +%s)
for S in $SUITES; do
  if [ $(($(date +%s) - T0)) -ge "$TOTAL_BUDGET" ]; then
    echo "$S: not started (budget spent)" | tee -a "$OUT/suites_log.txt"
    continue
  fi
  # The suite's folder and programs from compare.py's table.
  read -r FOLDER PROGS < <(python3 - "$S" <<'PY'
import sys
sys.path.insert(0, "bench/accuracy")
import compare
folder, programs, _ = compare.SUITES[sys.argv[1]]
print(folder, " ".join(programs))
PY
  )
  mkdir -p "$OUT/$S"
  START=$(date +%s)
  OUT="$OUT/$S" SRC="bench/accuracy/$FOLDER" PROGS="$PROGS" \
    BUDGET=$SUITE_BUDGET bash "$HERE/ladders2_check.sh" >/dev/null 2>&1
  echo "$S ($FOLDER: $PROGS): $(($(date +%s) - START)) s" \
    | tee -a "$OUT/suites_log.txt"
done
