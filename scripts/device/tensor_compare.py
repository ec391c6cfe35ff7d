#!/usr/bin/env python3
"""Compare rl-analyze's tensor FLOPs and roofline time with an H200 run.

Runs locally (no GPU). Inputs, as scripts/device/tensor_check.sh writes them:
  docs/accuracy/tensor/ncu_tensor.csv  ncu --csv --page raw, one row per kernel
  docs/accuracy/tensor/times.csv       kernel,best_ms (CUDA events, best of 5)
  docs/accuracy/tensor/sass_mma.txt    MMA SASS instructions per kernel
and rl-analyze bench/accuracy/tensor-cores/tensor_gemm.cu --gpu=H200 --format=json.

Measured tensor FLOPs: sm__ops_path_tensor_src_<type>[_dst_fp32].sum, summed
over the source types. Nsight Compute counts these per FLOP (an MMA of shape
MxNxK adds 2*M*N*K): the instruction counts confirm it, e.g. one
HMMA.16816 per sm__inst_executed_pipe_tensor_op_hmma is 2*16*8*16 = 4096.

Usage: python3 scripts/device/tensor_compare.py [--raw-dir DIR]
           [--rl-analyze PATH] [--json FILE] [--source bench/accuracy/tensor-cores/X.cu]
Prints a markdown table on stdout.
"""

import argparse
import csv
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPS = {  # measured metric -> the tool's tensor precision
    "sm__ops_path_tensor_src_fp16.sum": "fp16",
    "sm__ops_path_tensor_src_bf16_dst_fp32.sum": "bf16",
    "sm__ops_path_tensor_src_tf32_dst_fp32.sum": "tf32",
    "sm__ops_path_tensor_src_int8.sum": "int8",
    "sm__ops_path_tensor_src_fp8.sum": "fp8",
    "sm__ops_path_tensor_src_fp64.sum": "fp64",
}
# Warp-level instructions of the tensor pipe (HMMA, IMMA, and HGMMA counted
# per warp of the warpgroup).
INST = ["sm__inst_executed_pipe_tensor.sum"]


def number(text):
    text = text.replace(",", "").strip()
    return float(text) if text else 0.0


def ncu_rows(path):
    rows = list(csv.reader(open(path)))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "ID")
    names = rows[head]
    out = []
    for r in rows[head + 2:]:
        if len(r) == len(names):
            out.append(dict(zip(names, r)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw-dir", default=os.path.join(ROOT, "docs/accuracy/tensor"))
    ap.add_argument("--rl-analyze",
                    default=os.path.join(ROOT, "build/tools/rl-analyze/rl-analyze"))
    ap.add_argument("--json", help="a saved report instead of running the tool")
    ap.add_argument("--source", default=os.path.join(ROOT, "bench/accuracy/tensor-cores/tensor_gemm.cu"),
                    help="the program tensor_check.sh ran (default: tensor_gemm.cu)")
    a = ap.parse_args()
    if a.json:
        report = json.load(open(a.json))
    else:
        out = subprocess.run([a.rl_analyze, a.source, "--gpu=H200", "--format=json",
                              "--no-config"],
                             capture_output=True, text=True, check=True).stdout
        report = json.loads(out)
    rows = ncu_rows(os.path.join(a.raw_dir, "ncu_tensor.csv"))
    # times.csv lists the launches in the order ncu profiled them.
    times = []
    for line in open(os.path.join(a.raw_dir, "times.csv")):
        parts = line.strip().split(",")
        if len(parts) == 2 and parts[0] != "kernel":
            times.append(float(parts[1]) * 1e-3)
    measured = {}
    for i, r in enumerate(rows):
        r["best_s"] = times[i] if i < len(times) else None
        measured[r["Kernel Name"]] = r
    print("| kernel | precision | predicted tensor FLOPs | measured (ncu ops_path) "
          "| error | MMA instructions | FLOPs / instruction | predicted time | "
          "measured time (best of 5) | measured / predicted | bound | "
          "predicted DRAM | measured DRAM |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    seen = set()
    for k in report["kernels"]:
        m = measured.get(k["mangled_name"])
        if m is None or k["mangled_name"] in seen:
            continue
        seen.add(k["mangled_name"])
        tensor = k["totals"]["tensor_flops"]
        pred = sum(v for v in tensor.values() if v)
        prec = ", ".join(p for p, v in tensor.items() if v)
        meas = sum(number(m[key]) for key in OPS if key in m)
        inst = sum(number(m[key]) for key in INST if key in m)
        err = (pred - meas) / meas * 100 if meas else float("nan")
        per = meas / inst if inst else float("nan")
        t_pred = k.get("predicted_time_s")
        if isinstance(t_pred, dict):  # a range: its high end
            t_pred = t_pred.get("high")
        t_meas = m["best_s"] or number(m["gpu__time_duration.sum"]) * 1e-9
        ratio = t_meas / t_pred if t_pred else float("nan")
        print(f"| `{k['name']}` | {prec} | {pred:,.0f} | {meas:,.0f} | {err:+.2f}% "
              f"| {inst:,.0f} | {per:,.0f} | "
              f"{t_pred * 1e3 if t_pred else float('nan'):.3f} ms | "
              f"{t_meas * 1e3:.3f} ms | {ratio:.2f} | {k['bound']} | "
              f"{k['totals']['dram_bytes'] / 1e6:,.0f} MB | "
              f"{(number(m['dram__bytes_read.sum']) + number(m['dram__bytes_write.sum'])) / 1e6:,.0f} MB |")


if __name__ == "__main__":
    main()
