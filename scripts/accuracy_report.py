#!/usr/bin/env python3
"""Build docs/accuracy.md from a measure_suite.sh run (no GPU needed).

Reads RESULTS/trace.jsonl and RESULTS/ncu_raw.csv (scripts/device/
measure_suite.sh), runs `rl-analyze measure kernels/NAME.cu --trace ...
--ncu-csv ... --program NAME --format=json` for every program in the trace
(a program NAME_harness is the harness of kernels/NAME.cu), and prints a
markdown report: per kernel launch configuration the predicted and measured
time, FLOPs, DRAM bytes and occupancy, then the summary against the goals.

Usage:
  python3 scripts/accuracy_report.py --results DIR [--rl-analyze PATH]
      [--json-out FILE] [--svg-dir DIR] > docs/accuracy.md
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def programs_in(trace):
    seen = []
    with open(trace) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            p = r.get("program")
            if r.get("type") == "device" and p and p not in seen:
                seen.append(p)
    return seen


def source_of(program):
    base = program[: -len("_harness")] if program.endswith("_harness") else program
    return os.path.join(ROOT, "kernels", base + ".cu")


def pct(v):
    return "n/a" if v is None else f"{v * 100:+.1f}%"


def si(v, unit=""):
    if v is None:
        return "n/a"
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= scale:
            return f"{v / scale:.3g} {prefix}{unit}".strip()
    return f"{v:.3g} {unit}".strip()


def us(v):
    return "n/a" if v is None else f"{v * 1e6:.2f}"


def ratio(v):
    return "n/a" if v is None else f"{v:.2f}x"


def low(q):
    p = q.get("predicted")
    return p.get("low") if isinstance(p, dict) else p


def high(q):
    p = q.get("predicted")
    return p.get("high") if isinstance(p, dict) else p


def during_kernel(q, totals):
    """The DRAM comparison against what reaches DRAM while the kernel runs:
    totals.dram_bytes less the writes still dirty in L2 when it ends
    (totals.dram_deferred_write_bytes), as scripts/device/compare.py does."""
    deferred = totals.get("dram_deferred_write_bytes")
    pred = totals.get("dram_bytes")
    if isinstance(deferred, dict) or isinstance(pred, dict) or not deferred or pred is None:
        return q
    p = pred - deferred
    m = q.get("measured")
    return {"predicted": p, "measured": m,
            "error": None if not m else (p - m) / m}


# The DRAM side of the roofline: bounds a streaming kernel can have.
DRAM_SIDE = ("dram", "latency", "memory")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--rl-analyze", default=os.path.join(ROOT, "build/tools/rl-analyze/rl-analyze"))
    ap.add_argument("--json-out")
    ap.add_argument("--svg-dir")
    ap.add_argument("--notes", help="a Markdown file appended to the page "
                    "(the hand-written explanation of the misses)")
    args = ap.parse_args()
    trace = os.path.join(args.results, "trace.jsonl")
    ncu = os.path.join(args.results, "ncu_raw.csv")
    rows, failures, device = [], [], None
    for prog in programs_in(trace):
        src = source_of(prog)
        cmd = [args.rl_analyze, "measure", src, "--trace", trace, "--program", prog,
               "--format=json"]
        if os.path.exists(ncu) and os.path.getsize(ncu) > 0:
            cmd += ["--ncu-csv", ncu]
        if args.svg_dir:
            os.makedirs(args.svg_dir, exist_ok=True)
            cmd += ["--svg", os.path.join(args.svg_dir, prog + ".svg")]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            failures.append((prog, r.stderr.strip()))
            continue
        rep = json.loads(r.stdout)
        device = device or rep.get("measurement", {}).get("device")
        for k in rep["kernels"]:
            m = k.get("measured")
            if not m:
                continue
            dram = during_kernel(m["dram_bytes"], k.get("totals") or {})
            occ = k.get("occupancy") or {}
            rows.append({
                "program": prog, "kernel": k["name"],
                "launch": "x".join(map(str, k["launch"]["grid"])) + " / "
                          + "x".join(map(str, k["launch"]["block"])),
                "launches": m["launches"], "bound": k.get("bound"),
                "intensity": (k.get("intensity") or {}).get("dram"),
                "time": m["time_s"], "ratio": m["time_over_lower_bound"],
                "flops": m["flops"], "dram": dram,
                "occ_pred": occ.get("active_blocks_per_sm"),
                "occ_meas": (None if m["occupancy"]["active_blocks_per_sm"] is None
                             else int(m["occupancy"]["active_blocks_per_sm"])),
                "achieved": m["achieved"],
            })

    out = []
    w = out.append
    w("# Accuracy: predictions against an H200\n")
    shown = os.path.relpath(os.path.abspath(args.results), ROOT)
    if shown.startswith(".."):
        shown = os.path.basename(os.path.normpath(args.results))
    w("Generated by `scripts/accuracy_report.py` from the raw results in "
      f"`{shown}/` (written by `scripts/device/measure_suite.sh`: "
      "every `kernels/` program traced with the CUPTI tracer, then profiled "
      "with Nsight Compute, plus one generated harness). Predictions are for "
      "the database entry of the detected GPU.\n")
    if device:
        w(f"Device: {device.get('name')} (sm_{device['cc'][0]}{device['cc'][1]}, "
          f"{device.get('sms')} SMs, SM clock {device.get('sm_clock_khz')} kHz).\n")
    w("Errors are (predicted - measured) / measured; 0 when the measurement "
      "lies inside a predicted range. DRAM: the bytes that reach DRAM while "
      "the kernel runs (writes left dirty in L2 excluded). Time: the predicted "
      "time (roofline and latency ceilings, a lower bound) "
      "against the median of every traced launch.\n")
    w("| program | kernel | grid / block | n | time pred (us) | time meas (us) | meas/pred "
      "| FLOPs pred | FLOPs ncu | err | DRAM pred | DRAM ncu | err | occ pred | occ runtime |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        t, f, d = r["time"], r["flops"], r["dram"]
        w(f"| {r['program']} | `{r['kernel']}` | {r['launch']} | {r['launches']} "
          f"| {us(low(t))} | {us(t['measured'])} "
          f"| {ratio(r['ratio'])} "
          f"| {si(low(f))} | {si(f['measured'])} | {pct(f['error'])} "
          f"| {si(low(d), 'B')} | {si(d['measured'], 'B')} | {pct(d['error'])} "
          f"| {'n/a' if r['occ_pred'] is None else r['occ_pred']} "
          f"| {'n/a' if r['occ_meas'] is None else r['occ_meas']} |")
    w("")

    # Summary against the goals.
    exact_f = [r for r in rows if r["flops"]["error"] is not None and low(r["flops"]) == high(r["flops"])]
    f_ok = [r for r in exact_f if abs(r["flops"]["error"]) <= 0.01]
    d_all = [r for r in rows if r["dram"]["error"] is not None]
    d_ok = [r for r in d_all if abs(r["dram"]["error"]) <= 0.10]
    o_all = [r for r in rows if r["occ_pred"] is not None and r["occ_meas"] is not None]
    o_ok = [r for r in o_all if r["occ_pred"] == r["occ_meas"]]
    t_all = [r for r in rows if r["ratio"] is not None]
    t_ok = [r for r in t_all if r["ratio"] >= 0.9]
    stream = [r for r in t_all if r["bound"] in DRAM_SIDE and (r["intensity"] or 0) < 1]
    s_ok = [r for r in stream if r["ratio"] <= 1.25]
    w("## Summary\n")
    w("| goal | result |")
    w("|---|---|")
    w(f"| FLOPs within 1% of ncu (exact predictions: no data-dependent range) | {len(f_ok)}/{len(exact_f)} |")
    w(f"| DRAM bytes within 10% of ncu for >= 80% of launches | {len(d_ok)}/{len(d_all)}"
      f" ({100 * len(d_ok) / len(d_all):.0f}%) |" if d_all else "| DRAM bytes within 10% | no counters |")
    w(f"| occupancy equal to the runtime's | {len(o_ok)}/{len(o_all)}"
      + (" (no occupancy prediction in the report)" if not o_all else "") + " |")
    w(f"| measured time >= 0.9x the predicted lower bound | {len(t_ok)}/{len(t_all)} |")
    w(f"| streaming launches (DRAM- or latency-bound, < 1 FLOP/B) within 25% of the prediction | {len(s_ok)}/{len(stream)} |")
    if failures:
        w("\n## Programs not compared\n")
        for p, e in failures:
            w(f"- {p}: {e.splitlines()[-1] if e else 'failed'}")
    if args.notes:
        with open(args.notes) as f:
            w("\n" + f.read().rstrip())
    print("\n".join(out))
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
