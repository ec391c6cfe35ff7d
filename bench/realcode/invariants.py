#!/usr/bin/env python3
"""Physical invariants over every bound entry of a real-code run.

  python3 bench/realcode/invariants.py REPORTS.json

REPORTS.json is what `bench/realcode/corpus.py --reports-out` writes. For
every kernel entry with numbers it checks that no total is negative, that
DRAM bytes are at most twice the global sectors requested plus 4 KiB (an
L2 miss fetches at most two sectors on the GPUs in the database, and a
cold launch reads a few KB of its own), that DRAM bytes are at least the
compulsory footprint (the caches start cold), that where the footprint in
whole sectors fits in the L2 of the totals' GPU the DRAM bytes are at most
twice it plus the writes and 4 KiB (each sector read once, in fetches of at
most two sectors),
and that every verdict's predicted
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


def gpus():
    """The GPU database's entries (data/gpus.json)."""
    return json.load(open(os.path.join(REPO, "data", "gpus.json")))["gpus"]


def gpu_l2():
    """name -> the L2's bytes, from the GPU database (absent: unknown)."""
    return {g["name"]: g["l2_cache"]["value"] * SCALE[g["l2_cache"]["unit"]]
            for g in gpus() if g.get("l2_cache")}


def gpu_limits():
    """name -> the launch floor in s, from the GPU database."""
    data = os.path.join(REPO, "data")
    archs = json.load(open(os.path.join(data, "architectures.json")))
    floors = {a["compute_capability"]: a["launch"]["floor_us"] * 1e-6
              for a in archs["architectures"] if "launch" in a}
    out = {}
    for g in gpus():
        f = g.get("launch_floor")
        floor = (f["value"] * SCALE[f["unit"]] if f
                 else floors.get(g["compute_capability"], 0))
        out[g["name"]] = floor
    return out


def main():
    files = json.load(open(sys.argv[1]))["files"]
    limits, l2_sizes = gpu_limits(), gpu_l2()
    checked, arrays, fits, bad = 0, 0, 0, []
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
            # With the footprint in L2 every sector is read from DRAM once:
            # at most two per sector of the footprint (a 64-byte fetch), plus
            # the writes. The totals are the first verdict's GPU's.
            first = (e.get("verdicts") or [{}])[0].get("gpu")
            l2 = l2_sizes.get(first)
            sfoot = t.get("footprint_sector_bytes")
            if all(isinstance(x, (int, float))
                   for x in (dram, sfoot, writes, l2)) and sfoot <= l2:
                fits += 1
                if dram > 2 * sfoot + writes + 4096:
                    bad.append("%s: DRAM %g B far above the %g B footprint "
                               "(whole sectors) plus %g B of writes, which "
                               "fit in %s's L2" %
                               (where, dram, sfoot, writes, first))
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
          "size, %d footprints that fit in L2), %d violations" %
          (checked, arrays, fits, len(bad)))
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
