#!/usr/bin/env python3
"""Checks the memory model's invariants on every bound kernel entry of
`rl-analyze --format=json` over the given files (their launch sites):

  - DRAM traffic is never below the footprint (cold caches: every distinct
    byte comes from DRAM once): dram_bytes >= footprint_bytes;
  - sectors cover the distinct bytes: l2_bytes >= footprint_bytes;
  - traffic does not grow towards DRAM: l1_bytes + atomic_bytes >= l2_bytes
    (atomics are served by L2, not L1) and l2_bytes >= dram_bytes.

A violation is a bug of the model, never an output: each is printed with
the kernel and the numbers. Usage: check_memory_invariants.py TOOL FILE...
"""
import json
import subprocess
import sys

# Rounding of sector counts averaged over sample warps.
SLACK = 1.0 + 1e-9


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
    if v["l2_bytes"] * SLACK < v["dram_bytes"]:
        out.append(f"l2_bytes {v['l2_bytes']} < dram_bytes {v['dram_bytes']}")
    return out


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    checked = failed = 0
    for path in files:
        run = subprocess.run([tool, path, "--format=json", "--no-config",
                              "--no-resources", "--gpu=H200"],
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
