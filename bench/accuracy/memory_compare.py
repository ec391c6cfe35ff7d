#!/usr/bin/env python3
"""Compares rl-analyze's memory predictions for a memory suite of
bench/accuracy/ (memory-idioms/idioms.cu, the default; heldout-memory-rules/,
l1-reuse/, l2-reuse/ with --source) with the counters
scripts/device/idioms_check.sh read on a GPU.

  python3 bench/accuracy/memory_compare.py RL_ANALYZE OUTDIR [--gpu H200]
      [--source bench/accuracy/l2-reuse/reuse.cu] > table.md

OUTDIR holds ncu_cold.csv and ncu_warm.csv. Launches are matched in order:
the n-th launch of a kernel with a given grid and block in the program is
the n-th such entry of the report. DRAM: dram__bytes_read.sum +
dram__bytes_write.sum against dram_read_bytes + dram_write_bytes minus the
writes the model says stay dirty in L2 after the kernel; L2:
(lts__t_sectors_srcunit_tex_op_read.sum + ..._op_write.sum) x 32 (the
SM-side L2 traffic) against l2_bytes. Prints a Markdown table and the share of
launches within 10% and 25%.
"""
import csv
import json
import os
import subprocess
import sys


def metric(row, name):
    """A counter as ncu prints it: base units, digits grouped with commas."""
    return float(row[name].replace(",", ""))


def ncu_rows(path):
    """Kernel rows of an ncu --csv --page raw file, other lines skipped."""
    with open(path) as f:
        lines = [l for l in f if l.startswith('"')]
    rows = list(csv.reader(lines))
    if not rows:
        return []
    head = rows[0]
    out = []
    for r in rows[1:]:
        if len(r) != len(head) or r[0] == "":
            continue
        d = dict(zip(head, r))
        if not d.get("ID", "").isdigit():
            continue  # the units row
        out.append(d)
    return out


def dims(text):
    return tuple(int(x) for x in text.strip("()").split(","))


def num(v):
    if isinstance(v, dict):
        return v.get("high")
    return v


def err(pred, meas):
    if meas == 0:
        return 0.0 if pred == 0 else float("inf")
    return (pred - meas) / meas


def main():
    tool, outdir = sys.argv[1], sys.argv[2]
    gpu = "H200"
    if "--gpu" in sys.argv:
        gpu = sys.argv[sys.argv.index("--gpu") + 1]
    src = os.path.join(os.path.dirname(__file__), "memory-idioms", "idioms.cu")
    if "--source" in sys.argv:
        src = sys.argv[sys.argv.index("--source") + 1]
    rep = json.loads(subprocess.run(
        [tool, src, "--format=json", "--no-config", "--no-resources",
         f"--gpu={gpu}"], capture_output=True, text=True).stdout)
    entries = {}
    for k in rep["kernels"]:
        if k["launch"]["source"] != "launch-site":
            continue
        key = (k["name"].replace(" ", ""), tuple(k["launch"]["grid"]),
               tuple(k["launch"]["block"]))
        entries.setdefault(key, []).append(k)
    cold = ncu_rows(os.path.join(outdir, "ncu_cold.csv"))
    warm = ncu_rows(os.path.join(outdir, "ncu_warm.csv"))
    seen = {}
    print("| # | kernel | grid | block | DRAM pred | DRAM cold | err | "
          "DRAM warm | L2 pred | L2 meas | err |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    within10 = within25 = l2within25 = n = 0
    for i, row in enumerate(cold):
        name = row["Kernel Name"].split("(")[0].replace("void ", "").replace(" ", "")
        key = (name, dims(row["Grid Size"]), dims(row["Block Size"]))
        j = seen.get(key, 0)
        seen[key] = j + 1
        cand = entries.get(key, [])
        if j >= len(cand):
            print(f"| {i} | {name} | | | no prediction | | | | | | |")
            continue
        t = cand[j]["totals"]
        if any(num(t[k]) is None for k in ("dram_read_bytes",
                                           "dram_write_bytes", "l2_bytes")):
            n += 1  # a launch the model leaves unbound is a miss
            print(f"| {i} | {name} | {key[1]} | {key[2]} | unbound | | | | | | |")
            continue
        dram_pred = (num(t["dram_read_bytes"]) + num(t["dram_write_bytes"]) -
                     num(t["dram_deferred_write_bytes"]))
        l2_pred = num(t["l2_bytes"])
        dram_cold = (metric(row, "dram__bytes_read.sum") +
                     metric(row, "dram__bytes_write.sum"))
        # The SM side of L2, as scripts/device/compare.py reads it;
        # lts__t_bytes also counts the L2's own fills from and evictions
        # to DRAM.
        l2_meas = 32 * (metric(row, "lts__t_sectors_srcunit_tex_op_read.sum") +
                        metric(row, "lts__t_sectors_srcunit_tex_op_write.sum"))
        dram_warm = ""
        if i < len(warm):
            dram_warm = "%.3g" % (metric(warm[i], "dram__bytes_read.sum") +
                                  metric(warm[i], "dram__bytes_write.sum"))
        e = err(dram_pred, dram_cold)
        e2 = err(l2_pred, l2_meas)
        n += 1
        within10 += abs(e) <= 0.10
        within25 += abs(e) <= 0.25
        l2within25 += abs(e2) <= 0.25
        print(f"| {i} | {name} | {key[1]} | {key[2]} | {dram_pred:.3g} | "
              f"{dram_cold:.3g} | {100*e:+.0f}% | {dram_warm} | "
              f"{l2_pred:.3g} | {l2_meas:.3g} | {100*e2:+.0f}% |")
    if n:
        print(f"\nDRAM within 10%: {within10}/{n}; within 25%: {within25}/{n}; "
              f"L2 within 25%: {l2within25}/{n}")


if __name__ == "__main__":
    main()
