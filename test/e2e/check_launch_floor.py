#!/usr/bin/env python3
"""Checks the launch floor on every bound entry of `rl-analyze --format=json`
over the given files (their launch sites):

  - a bound launch has a verdict and a predicted time on every GPU (a
    kernel that counts no work is priced at what the launch itself costs);
  - no predicted time is below the floor every launch takes on that GPU
    (`launch.floor_us` of its compute capability in data/architectures.json).

A violation is a bug of the model, never an output: each is printed with
the kernel and the numbers. Usage:

  check_launch_floor.py TOOL [--args "OPTIONS"] FILE...

OPTIONS are added to every run (the hermetic stub's options, say).
"""
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "data")


def floors():
    """Seconds of the launch floor by GPU name."""
    with open(os.path.join(DATA, "architectures.json")) as f:
        archs = {a["compute_capability"]: a.get("launch", {}).get("floor_us")
                 for a in json.load(f)["architectures"]}
    with open(os.path.join(DATA, "gpus.json")) as f:
        gpus = json.load(f)["gpus"]
    out = {}
    for g in gpus:
        us = archs.get(g.get("compute_capability"))
        if us:
            out[g["name"]] = us * 1e-6
    return out


FLOOR = floors()


def high(v):
    if isinstance(v, dict):
        return v.get("high")
    return v


def bound(entry):
    """A launch with numbers for its grid, block and totals."""
    launch = entry.get("launch") or {}
    dims = (launch.get("grid") or []) + (launch.get("block") or [])
    totals = entry.get("totals") or {}
    return (len(dims) == 6 and all(isinstance(d, int) for d in dims) and
            high(totals.get("dram_bytes")) is not None)


def violations(entry):
    out = []
    for v in entry.get("verdicts") or []:
        gpu, t = v.get("gpu"), high(v.get("predicted_time_s"))
        if t is None:
            out.append(f"{gpu}: no predicted time (bound '{v.get('bound')}')")
        elif gpu in FLOOR and t < FLOOR[gpu] * (1 - 1e-9):
            out.append(f"{gpu}: predicted {t:.3g} s < the launch floor "
                       f"{FLOOR[gpu]:.3g} s")
    if not entry.get("verdicts"):
        out.append("no verdict")
    return out


def main():
    args = sys.argv[1:]
    tool, extra = args.pop(0), []
    if args[:1] == ["--args"]:
        extra = shlex.split(args[1])
        args = args[2:]
    checked = failed = 0
    for path in args:
        run = subprocess.run([tool, path, "--format=json", "--no-config"] +
                             extra, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            # A file the tool refuses (no kernel at all) has no launch.
            continue
        try:
            kernels = json.loads(run.stdout).get("kernels") or []
        except ValueError:
            print(f"FAIL {path}: no JSON report")
            failed += 1
            continue
        for entry in kernels:
            if not bound(entry):
                continue
            checked += 1
            for f in violations(entry):
                failed += 1
                print(f"FAIL {os.path.basename(path)}: {entry['name']} "
                      f"(grid {entry['launch']['grid']}): {f}")
    print(f"{checked} bound entries checked, {failed} violations")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
