#!/usr/bin/env python3
"""Share of cyclic re-reads that miss L1, from scripts/device/l1_capacity.cu.

Usage: capacity.py OUTDIR [--md FILE]

OUTDIR holds what scripts/device/idioms_check.sh wrote for
SRC=scripts/device/l1_capacity.cu: run_log.txt (the program's
"probe,<shared bytes>,<blocks per SM>,<rows>" lines, in launch order) and
ncu_cold.csv (one row per launch, same order). For each launch:

  requested = blocks x steps x rows x 1 KiB     (every re-read, in bytes)
  footprint = blocks x rows x 1 KiB             (the first read of each row)
  miss share = (L2 read bytes - footprint) / (requested - footprint)

L2 read bytes: lts__t_sectors_srcunit_tex_op_read.sum x 32, the SM side
of L2 as bench/accuracy/memory_compare.py reads it.
"""
import csv
import os
import sys

STEPS = 16
ROW_BYTES = 1024  # 256 threads x 4 bytes


def ncu_rows(path):
    with open(path) as f:
        lines = [l for l in f if l.startswith('"')]
    rows = list(csv.DictReader(lines))
    return [r for r in rows if r.get("ID", "").isdigit()]


def metric(row, name):
    return float(row[name].replace(",", ""))


def main():
    out = sys.argv[1]
    probes = []
    with open(os.path.join(out, "run_log.txt")) as f:
        for line in f:
            if line.startswith("probe,"):
                _, shared, per_sm, rows, status = line.strip().split(",", 4)
                probes.append((int(shared), int(per_sm), int(rows), status))
    rows = [r for r in ncu_rows(os.path.join(out, "ncu_cold.csv"))
            if r["Kernel Name"].startswith("probe")]
    if len(rows) != len(probes):
        sys.exit("capacity.py: %d probe launches but %d ncu rows" %
                 (len(probes), len(rows)))
    table = ["| shared per block | blocks per SM | working set per block | "
             "per SM | L2 read bytes | miss share |",
             "|---:|---:|---:|---:|---:|---:|"]
    for (shared, per_sm, nrows, status), row in zip(probes, rows):
        blocks = int(row["Grid Size"].strip("()").split(",")[0])
        requested = blocks * STEPS * nrows * ROW_BYTES
        footprint = blocks * nrows * ROW_BYTES
        l2 = 32 * metric(row, "lts__t_sectors_srcunit_tex_op_read.sum")
        share = (l2 - footprint) / (requested - footprint)
        table.append("| %d KiB | %d | %d KiB | %d KiB | %.4g | %.0f%%%s |" %
                     (shared // 1024, per_sm, nrows, nrows * per_sm, l2,
                      100 * share, "" if status == "no error" else
                      " (" + status + ")"))
    text = "\n".join(table) + "\n"
    if "--md" in sys.argv:
        with open(sys.argv[sys.argv.index("--md") + 1], "w") as f:
            f.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
