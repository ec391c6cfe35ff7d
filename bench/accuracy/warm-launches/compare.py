#!/usr/bin/env python3
"""--cache-state=warm against hardware, on bench/accuracy/warm-launches/warm.cu.

  python3 bench/accuracy/warm-launches/compare.py RL_ANALYZE         # the predictions
  python3 bench/accuracy/warm-launches/compare.py RL_ANALYZE OUTDIR  # against OUTDIR's ncu

OUTDIR is what scripts/device/idioms_check.sh writes for
SRC=bench/accuracy/warm-launches/warm.cu
(ncu_cold.csv: caches flushed before each launch; ncu_warm.csv: not flushed).
The second launch of each back-to-back pair in ncu_warm.csv is compared with
the warm prediction; every launch of ncu_cold.csv with the cold one. DRAM is
dram__bytes_read.sum + dram__bytes_write.sum against dram_read_bytes +
dram_write_bytes minus the writes that stay dirty in L2. A launch is right
when within 10%, or, where the prediction is below 1% of the launch's
footprint (a warm launch that fits), when the measured bytes are below 5% of
the footprint too.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from memory_compare import dims, metric, ncu_rows, num  # noqa: E402

SRC = os.path.join(os.path.dirname(__file__), "warm.cu")


def predictions(tool, state):
    rep = json.loads(subprocess.run(
        [tool, SRC, "--format=json", "--no-config", "--no-resources",
         "--gpu=H200", f"--cache-state={state}"],
        capture_output=True, text=True).stdout)
    out = []
    for k in rep["kernels"]:
        t = k["totals"]
        out.append({
            "name": k["name"], "grid": tuple(k["launch"]["grid"]),
            "block": tuple(k["launch"]["block"]),
            "line": k["launch"]["site"]["line"],
            "dram": num(t["dram_read_bytes"]) + num(t["dram_write_bytes"]) -
            num(t["dram_deferred_write_bytes"]),
            "reads": num(t["dram_read_bytes"]),
            "footprint": num(t["footprint_bytes"])})
    out.sort(key=lambda p: p["line"])  # program order
    return out


def right(pred, meas, footprint):
    if pred < 0.01 * footprint:
        return meas < 0.05 * footprint
    return abs(pred - meas) <= 0.10 * max(meas, 1)


def main():
    tool = sys.argv[1]
    warm, cold = predictions(tool, "warm"), predictions(tool, "cold")
    if len(sys.argv) < 3:
        print("| line | kernel | grid | footprint | DRAM cold | DRAM warm |")
        print("|---|---|---|---|---|---|")
        for w, c in zip(warm, cold):
            print(f"| {w['line']} | {w['name']} | {w['grid']} | "
                  f"{w['footprint']:.4g} | {c['dram']:.4g} | {w['dram']:.4g} |")
        return
    outdir = sys.argv[2]
    rows = {m: ncu_rows(os.path.join(outdir, f"ncu_{m}.csv"))
            for m in ("cold", "warm")}
    for m, r in rows.items():
        if len(r) != len(warm):
            sys.exit(f"ncu_{m}.csv has {len(r)} launches, the report "
                     f"{len(warm)}")
    print("| line | kernel | grid | state | footprint | DRAM pred | "
          "DRAM meas | right | reads pred | reads meas | writes meas |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    score = {"cold": [0, 0], "warm": [0, 0]}
    for i in range(len(warm)):
        for state, preds in (("cold", cold), ("warm", warm)):
            row = rows[state][i]
            p = preds[i]
            name = row["Kernel Name"].split("(")[0].replace("void ", "")
            if name.strip() != p["name"] or dims(row["Grid Size"]) != p["grid"]:
                sys.exit(f"launch {i}: ncu has {name} {row['Grid Size']}, "
                         f"the report {p['name']} {p['grid']}")
            # Warm: only the second launch of a back-to-back pair.
            if state == "warm" and not (
                    i > 0 and warm[i - 1]["name"] == p["name"] and
                    warm[i - 1]["grid"] == p["grid"]):
                continue
            reads = metric(row, "dram__bytes_read.sum")
            writes = metric(row, "dram__bytes_write.sum")
            meas = reads + writes
            ok = right(p["dram"], meas, p["footprint"])
            score[state][0] += ok
            score[state][1] += 1
            print(f"| {p['line']} | {p['name']} | {p['grid']} | {state} | "
                  f"{p['footprint']:.4g} | {p['dram']:.4g} | {meas:.4g} | "
                  f"{'yes' if ok else 'no'} | {p['reads']:.4g} | {reads:.4g} | "
                  f"{writes:.4g} |")
    for state, (ok, n) in score.items():
        print(f"\n{state}: {ok}/{n} right", end="")
    print()


if __name__ == "__main__":
    main()
