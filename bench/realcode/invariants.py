#!/usr/bin/env python3
"""Physical invariants over every bound entry of a real-code run.

  python3 bench/realcode/invariants.py REPORTS.json

REPORTS.json is what `bench/realcode/corpus.py --reports-out` writes. For
every kernel entry with numbers it checks that no total is negative, that
DRAM bytes are at most twice the global sectors requested plus 4 KiB (an
L2 miss fetches at most two sectors on the GPUs in the database, and a
cold launch reads a few KB of its own), that DRAM bytes are at least the
compulsory footprint (the caches start cold), and that every verdict's predicted
time is at least the floor every launch takes on its GPU (data/gpus.json's
launch_floor, else data/architectures.json's), and that no array's footprint
exceeds the buffer the program allocated for it (`allocated_bytes`, where
the host code gives it). Prints each violation and a summary line; exit status 1
when any is found, or when no entry was checked (a run that checked
nothing proves nothing).
"""
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
SCALE = {"us": 1e-6, "ns": 1e-9, "B": 1, "KiB": 1024, "MiB": 1 << 20,
         "MB": 1e6, "GB": 1e9}


def gpu_limits():
    """name -> the launch floor in s, from the GPU database."""
    data = os.path.join(REPO, "data")
    gpus = json.load(open(os.path.join(data, "gpus.json")))["gpus"]
    archs = json.load(open(os.path.join(data, "architectures.json")))
    floors = {a["compute_capability"]: a["launch"]["floor_us"] * 1e-6
              for a in archs["architectures"] if "launch" in a}
    out = {}
    for g in gpus:
        f = g.get("launch_floor")
        floor = (f["value"] * SCALE[f["unit"]] if f
                 else floors.get(g["compute_capability"], 0))
        out[g["name"]] = floor
    return out


def main():
    files = json.load(open(sys.argv[1]))["files"]
    limits = gpu_limits()
    checked, arrays, bad = 0, 0, []
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
            foot, writes = t.get("footprint_bytes"), t.get("dram_write_bytes")
            if all(isinstance(x, (int, float)) for x in (dram, foot)) and \
                    dram < foot * (1 - 1e-9) - 1:
                bad.append("%s: DRAM %g B below the %g B compulsory "
                           "footprint" % (where, dram, foot))
            for a in e.get("arrays") or []:
                size, foot = a.get("allocated_bytes"), a.get("footprint_bytes")
                if not isinstance(size, (int, float)):
                    continue
                arrays += 1
                if isinstance(foot, (int, float)) and foot > size:
                    bad.append("%s: '%s' footprint %g B above the %g B "
                               "buffer the program allocated" %
                               (where, a.get("name"), foot, size))
            verdicts = e.get("verdicts") or []
            for v in verdicts:
                p = v.get("predicted_time_s")
                if isinstance(p, (int, float)) and p <= 0:
                    bad.append("%s: predicted time %g s on %s" %
                               (where, p, v.get("gpu")))
                floor = limits.get(v.get("gpu"), 0)
                if isinstance(p, (int, float)) and 0 < p < floor * (1 - 1e-9):
                    bad.append("%s: predicted time %g s below the %g s "
                               "launch floor of %s" %
                               (where, p, floor, v.get("gpu")))
    for line in bad:
        print(line)
    print("invariants: %d entries checked (%d arrays with their buffer's "
          "size), %d violations" % (checked, arrays, len(bad)))
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
