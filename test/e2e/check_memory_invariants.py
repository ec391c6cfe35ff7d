#!/usr/bin/env python3
"""Checks the memory model's invariants on every bound kernel entry of
`rl-analyze --format=json` over the given files (their launch sites):

  - DRAM traffic is never below the footprint (cold caches: every distinct
    byte comes from DRAM once): dram_bytes >= footprint_bytes;
  - sectors cover the distinct bytes: l2_bytes >= footprint_bytes;
  - traffic does not grow towards DRAM: l1_bytes + atomic_bytes >= l2_bytes
    (atomics are served by L2, not L1) and l2_bytes >= dram_bytes, where
    an L2 miss brings the GPU's DRAM fetch unit (`dram_fetch` in
    data/gpus.json: a sector pair on the H200), so a read that takes one
    sector of each pair moves up to that many times its L2 sectors;
  - a footprint that fits in L2 is read once: dram_bytes <=
    footprint_sector_bytes x fetch unit / 32 + dram_write_bytes.

A violation is a bug of the model, never an output: each is printed with
the kernel and the numbers. Usage: check_memory_invariants.py TOOL FILE...
"""
import json
import os
import subprocess
import sys

# Rounding of sector counts averaged over sample warps.
SLACK = 1.0 + 1e-9


GPU = "H200"


def gpu_spec():
    """GPU's entry in data/gpus.json."""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "data", "gpus.json")) as f:
        gpus = json.load(f)["gpus"]
    return next(g for g in gpus if g["name"] == GPU)


SPEC = gpu_spec()
# DRAM bytes an L2 sector miss can cost, per byte, on GPU.
_fetch = SPEC.get("dram_fetch", {"value": 32, "unit": "B"})
assert _fetch["unit"] == "B", _fetch
FETCH = max(1.0, _fetch["value"] / 32.0)
# The L2's bytes.
L2 = SPEC["l2_cache"]["value"] * {"MiB": 1 << 20, "KiB": 1 << 10,
                                  "MB": 1e6}[SPEC["l2_cache"]["unit"]]


def number(totals, key):
    v = totals.get(key)
    if isinstance(v, dict):
        return v.get("high")
    return v


def violations(entry):
    t = entry["totals"]
    keys = ["dram_bytes", "footprint_bytes", "l2_bytes", "l1_bytes",
            "atomic_bytes"]
    v = {k: number(t, k) for k in keys}
    if any(v[k] is None for k in keys):
        return None  # not bound: nothing to check
    out = []
    if v["dram_bytes"] * SLACK < v["footprint_bytes"]:
        out.append(f"dram_bytes {v['dram_bytes']} < footprint_bytes "
                   f"{v['footprint_bytes']}")
    if v["l2_bytes"] * SLACK < v["footprint_bytes"]:
        out.append(f"l2_bytes {v['l2_bytes']} < footprint_bytes "
                   f"{v['footprint_bytes']}")
    if (v["l1_bytes"] + v["atomic_bytes"]) * SLACK < v["l2_bytes"]:
        out.append(f"l1_bytes {v['l1_bytes']} + atomic_bytes "
                   f"{v['atomic_bytes']} < l2_bytes {v['l2_bytes']}")
    if v["l2_bytes"] * FETCH * SLACK < v["dram_bytes"]:
        out.append(f"l2_bytes {v['l2_bytes']} x {FETCH:g} (fetch unit) < "
                   f"dram_bytes {v['dram_bytes']}")
    # A footprint that fits in L2 is read from DRAM once, in fetch units.
    sectors, writes = (number(t, "footprint_sector_bytes"),
                       number(t, "dram_write_bytes"))
    if sectors is not None and writes is not None and sectors <= L2 and \
            v["dram_bytes"] > (sectors * FETCH + writes) * SLACK:
        out.append(f"dram_bytes {v['dram_bytes']} > footprint_sector_bytes "
                   f"{sectors} x {FETCH:g} + dram_write_bytes {writes}, "
                   f"which fit in L2")
    return out


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    checked = failed = 0
    for path in files:
        run = subprocess.run([tool, path, "--format=json", "--no-config",
                              "--no-resources", "--gpu=" + GPU],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(f"FAIL {path}: exit {run.returncode}\n{run.stderr}")
            failed += 1
            continue
        for entry in json.loads(run.stdout)["kernels"]:
            found = violations(entry)
            if found is None:
                continue
            checked += 1
            for f in found:
                failed += 1
                print(f"FAIL {path}: {entry['name']} "
                      f"(grid {entry['launch']['grid']}): {f}")
    print(f"{checked} entries checked, {failed} violations")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
