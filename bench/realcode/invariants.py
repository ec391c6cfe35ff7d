#!/usr/bin/env python3
"""Physical invariants over every bound entry of a real-code run.

  python3 bench/realcode/invariants.py REPORTS.json

REPORTS.json is what `bench/realcode/corpus.py --reports-out` writes. For
every kernel entry with numbers it checks that no total is negative, that
DRAM bytes are at most twice the global sectors requested plus 4 KiB (an
L2 miss fetches at most two sectors on the GPUs in the database, and a
cold launch reads a few KB of its own), and that every verdict's predicted
time is positive. Prints each violation and a summary line; exit status 1
when any is found, or when no entry was checked (a run that checked
nothing proves nothing).
"""
import json
import sys


def main():
    files = json.load(open(sys.argv[1]))["files"]
    checked, bad = 0, []
    for path, entries in sorted(files.items()):
        for e in entries or []:
            t = e.get("totals") or {}
            where = "%s: %s" % (path, e.get("name"))
            numbers = {k: v for k, v in t.items()
                       if isinstance(v, (int, float))}
            if not numbers:
                continue
            checked += 1
            for k, v in sorted(numbers.items()):
                if v < 0:
                    bad.append("%s: %s is negative (%g)" % (where, k, v))
            dram, sectors = t.get("dram_bytes"), t.get("global_sector_bytes")
            if isinstance(dram, (int, float)) and \
                    isinstance(sectors, (int, float)) and \
                    dram > 2 * sectors + 4096:
                bad.append("%s: DRAM %g B above twice the %g B of global "
                           "sectors" % (where, dram, sectors))
            for v in e.get("verdicts") or []:
                p = v.get("predicted_time_s")
                if isinstance(p, (int, float)) and p <= 0:
                    bad.append("%s: predicted time %g s on %s" %
                               (where, p, v.get("gpu")))
    for line in bad:
        print(line)
    print("invariants: %d entries checked, %d violations" %
          (checked, len(bad)))
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
