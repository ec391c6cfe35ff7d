#!/usr/bin/env python3
"""Compare rl-analyze's predictions with Nsight Compute counters read on a GPU.

Runs locally (no GPU). Inputs:
  * docs/accuracy/raw/ncu_raw.csv  - written by scripts/device/measure_kernels.sh
                                     ("# program: NAME" before each program's
                                     ncu CSV, page "raw", base units)
  * docs/accuracy/raw/sass.txt     - cuobjdump SASS of the same binaries (used
                                     only to classify half-precision instructions)
  * rl-analyze kernels/NAME.cu --gpu=H200 --format=json --no-config

For every launch-site kernel entry of the report (in launch order) it takes the
next ncu row of that program whose kernel name matches, and compares:
  FLOPs per precision   predicted totals.flops_by_precision vs
                        fp32 = fadd + fmul + 2*ffma, fp64 = dadd + dmul + 2*dfma,
                        fp16 = hadd + hmul + 2*hfma (thread instructions, one
                        lane each; see the half-precision note below)
  DRAM bytes            predicted totals.dram_bytes (= requested global load +
                        store bytes) vs dram__bytes_read.sum + dram__bytes_write.sum;
                        also loads vs reads, stores vs writes, and the L1->L2
                        traffic (lts__t_sectors_srcunit_tex_op_{read,write} * 32)
  time                  predicted_time_s (roofline and latency ceilings; the low
                        end of a range) vs gpu__time_duration.sum

Half precision: the counters count thread-level instructions. A paired HFMA2/
HADD2/HMUL2 does two lanes of work, a scalar one (operands swizzled .H0_H0 or
.H1_H1) one lane. The script reads the SASS of each kernel: instructions of the
form `HFMA2.MMA Rd, -RZ, RZ, imm, imm` compute -0*0 + constant, i.e. they are
ptxas's idiom for moving a constant into a register (for example `sum = 0.0f`),
not arithmetic. When every half instruction of a kernel is that idiom the
measured fp16 count is set to 0 (the raw count is kept in the JSON); when a
kernel has paired (two-lane) half arithmetic it is flagged, since the counters
cannot tell how many lanes were active.

Usage:
  python3 scripts/device/compare.py [--raw-dir docs/accuracy/raw]
      [--rl-analyze build/tools/rl-analyze/rl-analyze] [--gpu H200]
      [--json-out docs/accuracy/foundation.json]
Prints markdown tables on stdout.
"""

import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

M = "smsp__sass_thread_inst_executed_op_%s_pred_on.sum"
OPS = ["fadd", "fmul", "ffma", "dadd", "dmul", "dfma", "hadd", "hmul", "hfma"]
TIME = "gpu__time_duration.sum"
DR, DW = "dram__bytes_read.sum", "dram__bytes_write.sum"
L2R, L2W = "lts__t_sectors_srcunit_tex_op_read.sum", "lts__t_sectors_srcunit_tex_op_write.sum"
SMCLK = "sm__cycles_elapsed.avg.per_second"
L1LD, L1ST = ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
              "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")
LTS = "lts__t_bytes.sum"
SHLD, SHST = ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
              "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum")
# Data several times the L2 (H200: 60 MiB) is where the DRAM goal is 10%.
LARGE_FACTOR = 3

UNIT_SCALE = {
    "": 1, "inst": 1, "sector": 1, "byte": 1, "hz": 1,
    "kbyte": 1e3, "mbyte": 1e6, "gbyte": 1e9, "kb": 1e3, "mb": 1e6, "gb": 1e9,
    "ns": 1e-9, "nsecond": 1e-9, "us": 1e-6, "usecond": 1e-6,
    "ms": 1e-3, "msecond": 1e-3, "s": 1, "second": 1,
    "khz": 1e3, "mhz": 1e6, "ghz": 1e9, "cycle/nsecond": 1e9, "cycle/second": 1,
}


def num(s, unit=""):
    s = (s or "").strip().replace(",", "")
    if s in ("", "n/a", "N/A"):
        return None
    try:
        v = float(s)
    except ValueError:
        return None
    return v * UNIT_SCALE.get(unit.strip().lower(), 1)


def parse_ncu(path):
    """{program: {"rows": [...], "plain_run": str, "ncu_run": str}}"""
    progs, prog, hdr, units = {}, None, None, None
    for line in open(path, errors="replace"):
        if line.startswith("# program:"):
            prog = line.split(":", 1)[1].strip()
            progs[prog] = {"rows": [], "plain_run": "?", "ncu_run": "?"}
            hdr = units = None
            continue
        if line.startswith("# plain_run:") and prog:
            progs[prog]["plain_run"] = line.split(":", 1)[1].strip()
            continue
        if line.startswith("# ncu_run:") and prog:
            progs[prog]["ncu_run"] = line.split(":", 1)[1].strip()
            continue
        if line.startswith("#") or line.startswith("==") or not line.strip() or prog is None:
            continue
        r = next(csv.reader([line]))
        if r and r[0] == "ID":
            hdr, units = r, None
            continue
        if hdr is None:
            continue
        if units is None:
            units = r
            continue
        row = {"kernel": r[hdr.index("Kernel Name")],
               "grid": r[hdr.index("Grid Size")] if "Grid Size" in hdr else "",
               "block": r[hdr.index("Block Size")] if "Block Size" in hdr else ""}
        for i, h in enumerate(hdr):
            if "__" in h:
                row[h] = num(r[i], units[i] if i < len(units) else "")
        progs[prog]["rows"].append(row)
    return progs


def parse_sass(path):
    """{mangled function: [SASS lines of half-precision FP instructions]}"""
    funcs, cur = {}, None
    if not os.path.exists(path):
        return funcs
    for line in open(path, errors="replace"):
        m = re.match(r"\s*Function\s*:\s*(\S+)", line)
        if m:
            cur = m.group(1)
            funcs.setdefault(cur, [])
            continue
        if cur and re.search(r"\b(HFMA2|HADD2|HMUL2)\b", line):
            ins = line.split("*/", 1)[-1].split("/*")[0].strip()
            funcs[cur].append(ins)
    return funcs


def classify_half(instrs):
    """-> ("none"|"const-idiom-only"|"scalar"|"paired"|"mixed", n_idiom, n_arith)"""
    idiom = [i for i in instrs if re.search(r"HFMA2\.MMA\s+R\d+,\s*-RZ,\s*RZ,", i)]
    arith = [i for i in instrs if i not in idiom]
    if not instrs:
        return "none", 0, 0
    if not arith:
        return "const-idiom-only", len(idiom), 0
    scalar = all(re.search(r"\.H[01]_H[01]", i) for i in arith)
    kind = "scalar" if scalar else "paired"
    if idiom:
        kind = "mixed-" + kind
    return kind, len(idiom), len(arith)


def dim(v):
    if isinstance(v, (list, tuple)):
        return tuple(int(x) for x in v)
    return tuple(int(x) for x in re.findall(r"\d+", v or ""))


def analyze(tool, src, gpu):
    cmd = [tool, src, "--gpu=" + gpu, "--format=json", "--no-config"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), out.stderr))
    return json.loads(out.stdout)


def base_name(s):
    return s.split("(")[0].strip()


def err_pct(pred, meas):
    if meas == 0:
        return 0.0 if pred == 0 else float("inf")
    return 100.0 * (pred - meas) / meas


def ratio(meas, pred):
    return meas / pred if pred else float("nan")


def fmt_int(v):
    return "%d" % round(v) if v is not None else "n/a"


def fmt_err(e):
    if e == float("inf"):
        return "inf"
    return "%+.2f%%" % e if abs(e) >= 0.005 else "0.00%"


def fmt_r(r, digits=3):
    return ("%." + str(digits) + "f") % r if r is not None and r == r else "n/a"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--raw-dir", default=os.path.join(ROOT, "docs/accuracy/raw"))
    ap.add_argument("--rl-analyze", default=os.environ.get(
        "RL_ANALYZE", os.path.join(ROOT, "build/tools/rl-analyze/rl-analyze")))
    ap.add_argument("--gpu", default="H200")
    ap.add_argument("--json-out", default=os.path.join(ROOT, "docs/accuracy/foundation.json"))
    a = ap.parse_args()

    ncu = parse_ncu(os.path.join(a.raw_dir, "ncu_raw.csv"))
    sass = parse_sass(os.path.join(a.raw_dir, "sass.txt"))
    results, problems = [], []

    for src in sorted(glob.glob(os.path.join(ROOT, "kernels", "*.cu"))):
        prog = os.path.basename(src)[:-3]
        rep = analyze(a.rl_analyze, os.path.relpath(src, ROOT), a.gpu)
        kernels = [k for k in rep["kernels"] if k["launch"].get("source") == "launch-site"]
        kernels.sort(key=lambda k: (k["launch"]["site"]["line"], k["launch"]["site"]["column"]))
        pdata = ncu.get(prog, {"rows": [], "plain_run": "missing", "ncu_run": "missing"})
        used = set()
        for k in kernels:
            idx = None
            for i, r in enumerate(pdata["rows"]):
                if i in used:
                    continue
                if r["kernel"] == k["mangled_name"] or base_name(r["kernel"]) == k["name"]:
                    idx = i
                    break
            if idx is None:
                problems.append("%s: no ncu row for %s" % (prog, k["name"]))
                continue
            used.add(idx)
            r = pdata["rows"][idx]
            notes = []
            if dim(r["grid"]) != dim(k["launch"]["grid"]) or dim(r["block"]) != dim(k["launch"]["block"]):
                notes.append("launch shape differs: ncu grid %s block %s" % (r["grid"], r["block"]))
            c = {op: (r.get(M % op) or 0.0) for op in OPS}
            hw = {
                "fp32": c["fadd"] + c["fmul"] + 2 * c["ffma"],
                "fp64": c["dadd"] + c["dmul"] + 2 * c["dfma"],
                "fp16": c["hadd"] + c["hmul"] + 2 * c["hfma"],
            }
            hw_fp16_raw = hw["fp16"]
            half_kind, n_idiom, n_arith = classify_half(sass.get(k["mangled_name"], []))
            if half_kind == "const-idiom-only" and hw["fp16"]:
                hw["fp16"] = 0.0
                notes.append("fp16 counter (%d hfma) is HFMA2.MMA constant moves only, not counted"
                             % round(c["hfma"]))
            elif "paired" in half_kind:
                notes.append("paired half2 instructions: counted one lane each")
            elif half_kind.startswith("mixed"):
                notes.append("fp16 counter mixes HFMA2.MMA constant moves and arithmetic")
            t = k["totals"]
            pred = {p: float(t["flops_by_precision"].get(p, 0)) for p in ("fp16", "bf16", "fp32", "fp64")}
            flops = {}
            for p in ("fp16", "fp32", "fp64"):
                if pred[p] or hw[p]:
                    flops[p] = {"predicted": pred[p], "measured": hw[p], "error_pct": err_pct(pred[p], hw[p])}
            if pred["bf16"]:
                flops["bf16"] = {"predicted": pred["bf16"], "measured": None, "error_pct": None}
                notes.append("bf16 has no counter in the list")
            tp, tm = sum(pred.values()), sum(hw.values())
            dr, dw = r.get(DR) or 0.0, r.get(DW) or 0.0
            l2r, l2w = (r.get(L2R) or 0.0) * 32, (r.get(L2W) or 0.0) * 32
            ld, st = float(t["global_load_bytes"]), float(t["global_store_bytes"])
            pb = float(t["dram_bytes"])
            # A range (the latency term's in-flight assumption, or a
            # data-dependent count): its low end is the lower bound.
            ptime = k["predicted_time_s"]
            ptime = float(ptime["low"] if isinstance(ptime, dict) else ptime)
            mtime = r.get(TIME) or float("nan")
            def opt(key):
                v = t.get(key)
                return float(v) if v is not None else None
            def meas(*keys, scale=1.0):
                vals = [r.get(x) for x in keys]
                return None if any(v is None for v in vals) else sum(vals) * scale
            levels = {
                "footprint": {"predicted": opt("footprint_bytes")},
                # The counters see DRAM only while the kernel runs: writes
                # still dirty in L2 at its end are written back later.
                "dram": {"predicted": pb - (opt("dram_deferred_write_bytes") or 0),
                         "measured": dr + dw, "predicted_total": pb},
                "sectors": {"predicted": opt("global_sector_bytes"),
                            "measured": meas(L1LD, L1ST, scale=32)},
                "l2": {"predicted": opt("l2_bytes"),
                       "measured": (l2r + l2w) if (r.get(L2R) is not None) else None,
                       "lts_bytes": r.get(LTS)},
                "shared": {"predicted": opt("shared_wavefront_bytes"),
                           "measured": meas(SHLD, SHST, scale=128)},
            }
            for v in levels.values():
                v["ratio"] = (ratio(v["measured"], v["predicted"])
                              if v.get("measured") is not None and v.get("predicted") else None)
            res = {
                "program": prog, "kernel": k["name"], "mangled": k["mangled_name"],
                "levels": levels,
                "grid": k["launch"]["grid"], "block": k["launch"]["block"],
                "plain_run": pdata["plain_run"], "ncu_run": pdata["ncu_run"],
                "flops": flops,
                "flops_total": {"predicted": tp, "measured": tm, "error_pct": err_pct(tp, tm)},
                # The model's hardware view: instructions, math functions and
                # divisions as the FMA sequences they compile to.
                "hardware_flops": {"predicted": float(t.get("hardware_flops") or 0),
                                   "measured": tm,
                                   "error_pct": err_pct(float(t.get("hardware_flops") or 0), tm)},
                "counters": c, "hw_fp16_raw": hw_fp16_raw, "half_sass": half_kind,
                "bytes": {
                    "predicted_load": ld, "predicted_store": st, "predicted_dram": pb,
                    "dram_read": dr, "dram_write": dw, "dram_total": dr + dw,
                    "ratio_dram": ratio(dr + dw, pb), "ratio_read": ratio(dr, ld),
                    "ratio_write": ratio(dw, st),
                    "l2_read": l2r, "l2_write": l2w,
                    "ratio_l2_read": ratio(l2r, ld), "ratio_l2_write": ratio(l2w, st),
                },
                "time": {
                    "predicted_s": ptime, "measured_s": mtime, "ratio": ratio(mtime, ptime),
                    "bound": k["bound"], "compute_s": k["compute_time_s"],
                    "memory_s": k["memory_time_s"],
                    "requested_bytes_per_s": pb / mtime if mtime == mtime else None,
                    "sm_clock_hz": r.get(SMCLK),
                },
                "notes": notes,
            }
            results.append(res)
        for i, r in enumerate(pdata["rows"]):
            if i not in used:
                problems.append("%s: ncu row %s not matched to a prediction" % (prog, r["kernel"]))

    # ------------------------------------------------------------------ output
    P = print
    for x in results:
        x["md"] = "`%s`" % x["kernel"]  # backticks keep `scale<float>` visible in markdown
    P("## FLOPs (predicted vs hardware counters)\n")
    P("| kernel | precision | predicted | measured | error |")
    P("|---|---|---:|---:|---:|")
    for x in results:
        for p, f in x["flops"].items():
            P("| %s | %s | %s | %s | %s |" % (x["md"], p, fmt_int(f["predicted"]),
                                             fmt_int(f["measured"]),
                                             fmt_err(f["error_pct"]) if f["error_pct"] is not None else "n/a"))
        if not x["flops"]:
            P("| %s | - | 0 | 0 | 0.00%% |" % x["md"])
    P("\n## Bytes (predicted requested global bytes vs DRAM and L2 counters)\n")
    P("| kernel | pred load | pred store | DRAM read | DRAM write | read/load | write/store | DRAM total / pred | L2 read / load | L2 write / store |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for x in results:
        b = x["bytes"]
        P("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            x["md"], fmt_int(b["predicted_load"]), fmt_int(b["predicted_store"]),
            fmt_int(b["dram_read"]), fmt_int(b["dram_write"]),
            fmt_r(b["ratio_read"]), fmt_r(b["ratio_write"]), fmt_r(b["ratio_dram"]),
            fmt_r(b["ratio_l2_read"]), fmt_r(b["ratio_l2_write"])))
    P("\n## Memory levels (memory model vs counters; ratios are measured / predicted)\n")
    P("DRAM: predicted totals.dram_bytes - totals.dram_deferred_write_bytes (what reaches DRAM while the kernel runs) vs "
      "dram__bytes_read + dram__bytes_write. Sectors: l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st} x 32. "
      "L2: lts__t_sectors_srcunit_tex_op_{read,write} x 32. Shared: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st} x 128.\n")
    P("| kernel | footprint | pred DRAM | meas DRAM | DRAM ratio | pred sectors | meas sectors | ratio | pred L2 | meas L2 | ratio | pred shared | meas shared | ratio |")
    P("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    def cell(v):
        return fmt_int(v) if v is not None else "-"
    for x in results:
        L = x["levels"]
        P("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            x["md"], cell(L["footprint"]["predicted"]),
            cell(L["dram"]["predicted"]), cell(L["dram"]["measured"]), fmt_r(L["dram"]["ratio"]),
            cell(L["sectors"]["predicted"]), cell(L["sectors"]["measured"]), fmt_r(L["sectors"]["ratio"]),
            cell(L["l2"]["predicted"]), cell(L["l2"]["measured"]), fmt_r(L["l2"]["ratio"]),
            cell(L["shared"]["predicted"]), cell(L["shared"]["measured"]), fmt_r(L["shared"]["ratio"])))
    l2_size = 60 * 1024 * 1024
    large = [x for x in results if (x["levels"]["footprint"]["predicted"] or 0) >= LARGE_FACTOR * l2_size]
    rest = [x for x in results if x not in large]
    def within(xs, tol):
        return sum(1 for x in xs if x["levels"]["dram"]["ratio"] is not None
                   and abs(x["levels"]["dram"]["ratio"] - 1) <= tol)
    P("\nDRAM goal: data >= %dx L2: %d/%d within 10%% (goal: 80%%); the rest: %d/%d within 25%%"
      % (LARGE_FACTOR, within(large, 0.10), len(large), within(rest, 0.25), len(rest)))
    P("\n## Time (predicted roofline vs measured gpu__time_duration)\n")
    P("| kernel | bound | predicted (us) | measured (us) | measured / predicted | requested bytes / measured time (TB/s) | SM clock (MHz) |")
    P("|---|---|---:|---:|---:|---:|---:|")
    for x in results:
        tt = x["time"]
        P("| %s | %s | %.2f | %.2f | %s | %.2f | %.0f |" % (
            x["md"], tt["bound"], tt["predicted_s"] * 1e6, tt["measured_s"] * 1e6,
            fmt_r(tt["ratio"], 2), (tt["requested_bytes_per_s"] or 0) / 1e12,
            (tt["sm_clock_hz"] or 0) / 1e6))
    P("\n## Summary\n")
    P("| kernel | FLOP error | hardware-view FLOP error | DRAM ratio (meas/pred) | DRAM read / pred loads | time ratio (meas/pred) | notes |")
    P("|---|---:|---:|---:|---:|---:|---|")
    for x in results:
        P("| %s | %s | %s | %s | %s | %s | %s |" % (
            x["md"], fmt_err(x["flops_total"]["error_pct"]),
            fmt_err(x["hardware_flops"]["error_pct"]), fmt_r(x["bytes"]["ratio_dram"]),
            fmt_r(x["bytes"]["ratio_read"]), fmt_r(x["time"]["ratio"], 2), "; ".join(x["notes"])))
    n = len(results)
    ok_f = sum(1 for x in results if abs(x["flops_total"]["error_pct"]) <= 1.0)
    ok_h = sum(1 for x in results if abs(x["hardware_flops"]["error_pct"]) <= 1.0)
    ok_h5 = sum(1 for x in results if abs(x["hardware_flops"]["error_pct"]) <= 5.0)
    ok_b = sum(1 for x in results if 0.9 <= x["bytes"]["ratio_dram"] <= 1.1)
    ok_r = sum(1 for x in results if 0.98 <= x["bytes"]["ratio_read"] <= 1.02)
    ok_t = sum(1 for x in results if x["time"]["ratio"] >= 0.9)
    P("\nkernels compared: %d; FLOPs within 1%%: %d; hardware-view FLOPs within 1%%: %d, "
      "within 5%%: %d; DRAM total within 10%%: %d; "
      "DRAM reads within 2%% of predicted loads: %d; measured time >= 0.9x predicted: %d"
      % (n, ok_f, ok_h, ok_h5, ok_b, ok_r, ok_t))
    runs = sorted({(x["program"], x["plain_run"], x["ncu_run"]) for x in results})
    bad = [r for r in runs if r[1] != "PASS" or r[2] != "PASS"]
    P("programs: %d, all plain and ncu runs PASS: %s" % (len(runs), "yes" if not bad else "no: %s" % bad))
    for p in problems:
        P("PROBLEM: " + p)

    for x in results:
        del x["md"]
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({"gpu": a.gpu, "kernels": results, "problems": problems}, f, indent=1)
            f.write("\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
