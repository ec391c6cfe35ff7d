#!/usr/bin/env python3
"""Compares rl-analyze's local-memory predictions (spills and local arrays:
the verdict's local_memory, docs/memory-model.md) for
bench/accuracy/local-memory/local.cu with what Nsight Compute measured.

  python3 bench/accuracy/local_memory_compare.py OUTDIR
      (--tool RL_ANALYZE | --predictions FILE) [--gpu 'H100 SXM']

OUTDIR holds what scripts/device/local_memory_check.sh wrote: ncu_cold.csv
(DRAM, the SM side of L2, time; caches flushed) and ncu_local.csv (the L1's
local-memory bytes and its sector hits and misses). --predictions reads a
file in the form of docs/accuracy/local-memory/predicted.json (the
predictions committed before the run); --tool makes them now. Launches are
matched in program order. Prints a Markdown table.
"""
import argparse
import csv
import json
import subprocess

SOURCE = "bench/accuracy/local-memory/local.cu"


def ncu_rows(path):
    """Kernel rows of an ncu --csv --page raw file."""
    with open(path) as f:
        lines = [l for l in f if l.startswith('"')]
    rows = list(csv.reader(lines))
    head = rows[0]
    return [dict(zip(head, r)) for r in rows[1:] if r and r[0].isdigit()]


def metric(row, name):
    return float(row[name].replace(",", ""))


def predictions(args):
    """Per launch: kernel, totals and the first verdict, as predicted.json."""
    if args.predictions:
        with open(args.predictions) as f:
            return json.load(f)["kernels"]
    out = subprocess.run([args.tool, SOURCE, "--no-config", "--gpu", args.gpu,
                          "--format=json"], capture_output=True, text=True)
    report = json.loads(out.stdout)
    return [{"kernel": k["name"], "totals": k["totals"],
             "verdict": k["verdicts"][0]} for k in report["kernels"]]


def ratio(pred, meas):
    return "%.2fx" % (pred / meas) if meas > 0 else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--tool")
    src.add_argument("--predictions")
    ap.add_argument("--gpu", default="H100 SXM")
    args = ap.parse_args()
    cold = ncu_rows(args.outdir + "/ncu_cold.csv")
    local = ncu_rows(args.outdir + "/ncu_local.csv")
    print("| kernel | local loads pred / meas | local stores pred / meas "
          "| L1 hits of local loads pred / meas | L2 pred / meas | "
          "DRAM pred / meas | time pred / meas |")
    print("|---|---|---|---|---|---|---|")
    for c, l, p in zip(cold, local, predictions(args)):
        t, v = p["totals"], p["verdict"]
        lm = v.get("local_memory") or {}
        ld = metric(l, "l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum")
        st = metric(l, "l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum")
        hit = metric(l, "l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_hit.sum")
        miss = metric(l,
                      "l1tex__t_sectors_pipe_lsu_mem_local_op_ld_lookup_miss.sum")
        l2 = 32 * (metric(c, "lts__t_sectors_srcunit_tex_op_read.sum") +
                   metric(c, "lts__t_sectors_srcunit_tex_op_write.sum"))
        dram = (metric(c, "dram__bytes_read.sum") +
                metric(c, "dram__bytes_write.sum"))
        time = metric(c, "gpu__time_duration.sum") * 1e-9
        # The totals leave local memory out; the verdict has it (the DRAM
        # the counters see during the kernel: dram_kernel_bytes).
        l2_pred = t["l2_bytes"] + lm.get("l2_bytes", 0)
        dram_pred = (t["dram_kernel_bytes"] + lm.get("dram_read_bytes", 0) +
                     lm.get("dram_write_bytes", 0))
        print(f"| {p['kernel']} "
              f"| {lm.get('load_bytes', 0):.3g} / {ld:.3g} "
              f"({ratio(lm.get('load_bytes', 0), ld)}) "
              f"| {lm.get('store_bytes', 0):.3g} / {st:.3g} "
              f"({ratio(lm.get('store_bytes', 0), st)}) "
              f"| {lm.get('l1_hit_share', 0):.2f} / {hit / (hit + miss):.2f} "
              f"| {l2_pred:.3g} / {l2:.3g} ({ratio(l2_pred, l2)}) "
              f"| {dram_pred:.3g} / {dram:.3g} ({ratio(dram_pred, dram)}) "
              f"| {v['predicted_time_s'] * 1e6:.1f} / {time * 1e6:.1f} us "
              f"({ratio(v['predicted_time_s'], time)}) |")


if __name__ == "__main__":
    main()
