#!/usr/bin/env python3
"""Checks every `// EXPECT kernel=... key=value ...` line of the kernels/
suite against `rl-analyze --format=json`: same launches, same numbers."""
import json
import re
import subprocess
import sys


def expectations(path):
    out = []
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*//\s*EXPECT\s+(.*)", line)
            if m:
                out.append(dict(kv.split("=", 1) for kv in m.group(1).split()))
    return out


def dims(text):
    parts = [int(p) for p in text.split("x")]
    return parts + [1] * (3 - len(parts))


def totals_value(totals, key):
    if key.startswith("flops_"):
        v = totals["flops_by_precision"][key[len("flops_"):]]
    else:
        v = totals[key]
    if isinstance(v, dict):
        return (v["low"], v["high"])
    return (v, v)


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    failures = 0
    checked = 0
    for path in files:
        expected = expectations(path)
        if not expected:
            continue
        run = subprocess.run([tool, path, "--format=json", "--no-config"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL {path}: exit {run.returncode}\n{run.stderr}")
            failures += 1
            continue
        kernels = json.loads(run.stdout)["kernels"]
        launched = [k for k in kernels if k["launch"]["source"] == "launch-site"]
        if len(launched) != len(expected):
            print(f"FAIL {path}: {len(launched)} launches, expected {len(expected)}")
            failures += 1
            continue
        for exp, got in zip(expected, launched):
            where = f"{path}: {exp['kernel']}"
            if got["name"] != exp["kernel"]:
                print(f"FAIL {where}: kernel is {got['name']}")
                failures += 1
                continue
            for key, value in exp.items():
                checked += 1
                if key == "kernel":
                    continue
                if key in ("grid", "block"):
                    if got["launch"][key] != dims(value):
                        print(f"FAIL {where}: {key} {got['launch'][key]} != {value}")
                        failures += 1
                    continue
                low, high = totals_value(got["totals"], key)
                if not (low == high == int(value)):
                    print(f"FAIL {where}: {key} = {low}..{high}, expected {value}")
                    failures += 1
            # Keys the comment leaves out must be zero for the flop precisions.
            for prec in ("fp16", "bf16", "fp32", "fp64"):
                key = "flops_" + prec
                if key not in exp and totals_value(got["totals"], key) != (0, 0):
                    print(f"FAIL {where}: unexpected {key} = {totals_value(got['totals'], key)}")
                    failures += 1
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
