#!/usr/bin/env python3
"""Compares rl-analyze's predicted kernel times for the ladder suites of
bench/accuracy/ with what scripts/device/ladders_check.sh or
ladders2_check.sh measured on a GPU.

  python3 bench/accuracy/compare.py RL_ANALYZE RAW_DIR [--gpu H200]
        [--md OUT.md] [--csv OUT.csv] [--point high|low|mid]
        [--suite ladders|ladders2|...|ladders13] [--predict-only OUT.md]

--suite picks the programs, by the suite's result id (the name of its
results under docs/accuracy/: `ladders`, the default, or `ladders2` ..
`ladders13`) or by its source folder under bench/accuracy/ (SUITES below
pairs the two: `ladders` is gemm-reduction-transpose/, `ladders9`
grid-sizes/, ...; bench/MOVED.md maps the old bench/ladders* folders).
The first suite is measured by scripts/device/ladders_check.sh, the others
by scripts/device/ladders2_check.sh with SRC and PROGS. --predict-only
writes the tool's predictions for the suite's launches without any
measurement (RAW_DIR is then not read): the table committed, as the
suite's predicted.md, before a suite is measured.

RAW_DIR holds, for each program P of PROGRAMS, P_ncu.csv (ncu --csv --page
raw --print-units base, cold caches) and P_events.csv (the program's stdout:
"event,<kernel>,<grid>,<block>,<mean_ms>" lines). For each program the tool
runs `RL_ANALYZE bench/accuracy/FOLDER/P.cu --gpu G --format=json
--no-cache`.

Matching: a report entry and a measured row are the same kernel when their
base names (template arguments and parameter lists dropped) and their grid
and block agree. Report entries that repeat a key (the warm-up launch and
the timed loop are two launch sites) are one kernel; the measured time is
the median of gpu__time_duration over the ncu rows of that key.

A predicted time that is a range is reduced to one number by --point
(default: high, the end the tool's verdict is for). Kernels with an event
line are the suite's timed kernels; the others (input initialisation) are
listed but left out of the statistics. Ladders are the timed kernels of the
ladder programs whose names start with the ladder's prefix and a step
number (gemm1_, red3_, tr0_, st2_; mixed.cu has none):
per ladder, the Spearman rank correlation of predicted against measured
times over all its steps and whether the predicted fastest step is the
measured fastest (step 0, tr0_copy, the copy a transpose aims at, is left
out of that choice).

Exit status 1, with a message, when a raw file is missing, rl-analyze fails
or prints no JSON, or no kernel was matched: an empty table is never a
success.
"""
import csv
import json
import math
import os
import re
import statistics
import subprocess
import sys

PROGRAMS = ["gemm_ladder", "reduction_ladder", "transpose_ladder", "mixed"]
# Suites by result id (docs/accuracy/<id>/raw): source folder (under
# bench/accuracy/, beside this script), programs, ladders by step prefix.
SUITES = {
    "ladders": ("gemm-reduction-transpose", PROGRAMS,
                {"gemm_ladder": ("gemm",), "reduction_ladder": ("red",),
                 "transpose_ladder": ("tr", "st")}),
    "ladders2": ("gemv-softmax-stencil-scan",
                 ["gemv_ladder", "softmax_ladder", "stencil_ladder",
                  "scan_hist_ladder", "mixed2"],
                 {"gemv_ladder": ("gemv",), "softmax_ladder": ("sm",),
                  "stencil_ladder": ("jac", "j3d"),
                  "scan_hist_ladder": ("hist", "scan")}),
    "ladders3": ("layernorm-conv-spmv-bgemm",
                 ["layernorm_ladder", "conv_ladder", "spmv_ladder",
                  "bgemm_ladder", "mixed3"],
                 {"layernorm_ladder": ("ln",), "conv_ladder": ("cv",),
                  "spmv_ladder": ("spmv",), "bgemm_ladder": ("bg",)}),
    "ladders4": ("launch-sizes", ["launch_ladder"],
                 {"launch_ladder": ("ax", "fl")}),
    "ladders5": ("scatter-atomics", ["scatter_ladder"],
                 {"scatter_ladder": ("tp", "at", "pa")}),
    "ladders6": ("barriers", ["sync_ladder"],
                 {"sync_ladder": ("bs", "dq", "sd")}),
    "ladders7": ("block-cooperation", ["block_ladder"],
                 {"block_ladder": ("dp", "sc", "tl")}),
    "ladders8": ("blur-rows-columns", ["rows_ladder"],
                 {"rows_ladder": ("bl", "rs", "cs")}),
    "ladders9": ("grid-sizes", ["grid_ladder"],
                 {"grid_ladder": ("gs", "ws")}),
    "ladders10": ("warp-rows", ["warp_rows"],
                  {"warp_rows": ("wr", "gw")}),
    "ladders11": ("block-imbalance", ["imbalance"],
                  {"imbalance": ("tw", "bp")}),
    "ladders12": ("memory-latency", ["latency"],
                  {"latency": ("gt", "sd", "cc")}),
    "ladders13": ("random-init", ["rng_init"],
                  {"rng_init": ("ti", "bs")}),
}
TIME_METRIC = "gpu__time_duration.sum"
INSTR_METRIC = "sm__inst_executed.sum"
UNIT_SCALE = {"nsecond": 1e-9, "ns": 1e-9, "usecond": 1e-6, "us": 1e-6,
              "msecond": 1e-3, "ms": 1e-3, "second": 1.0, "s": 1.0}
# "gemm1_", "j3d2_": a prefix that ends in a letter, the step, "_".
STEP_RE = re.compile(r"^([A-Za-z]\w*?[A-Za-z]|[A-Za-z])(\d+)_")
LADDERS = SUITES["ladders"][2]


def suite_id(name):
    """The result id of a suite named by its id or by its source folder."""
    if name in SUITES:
        return name
    for sid, (folder, _, _) in SUITES.items():
        if name.rstrip("/") in (folder, "bench/accuracy/" + folder):
            return sid
    return None


def fail(msg):
    print(f"compare.py: {msg}", file=sys.stderr)
    sys.exit(1)


def base_name(name):
    """'void red6_x<256u>(const float *, float *, int)' -> 'red6_x'."""
    name = name.strip()
    if name.startswith("void "):
        name = name[5:]
    name = name.split("(")[0].split("<")[0].strip()
    return name.split("::")[-1].replace(" ", "")


def dims_text(text):
    """'(128, 128, 1)' or '128x128x1' -> (128, 128, 1)."""
    parts = [p for p in re.split(r"[(),x\s]+", text.strip()) if p]
    vals = tuple(int(p.replace(",", "")) for p in parts)
    return vals + (1,) * (3 - len(vals))


def number(text):
    """A counter as ncu prints it: digits possibly grouped with commas."""
    text = text.strip().replace(",", "")
    if text in ("", "n/a", "N/A"):
        return None
    try:
        return float(text)
    except ValueError:
        return None


def ncu_rows(path):
    """(header units, kernel rows) of an ncu --csv --page raw file; lines
    that are not quoted CSV (the program's own stdout, ==PROF== lines) and
    the units row are skipped."""
    with open(path, newline="") as f:
        lines = [l for l in f if l.startswith('"')]
    rows = list(csv.reader(lines))
    if not rows:
        return {}, []
    head = rows[0]
    units, out = {}, []
    for r in rows[1:]:
        if len(r) != len(head):
            continue
        d = dict(zip(head, r))
        if not d.get("ID", "").strip().isdigit():
            if not units and d.get("ID", "") == "":
                units = d  # the units row follows the header
            continue
        out.append(d)
    return units, out


def event_rows(path):
    """{(base name, grid, block): mean seconds} from the program's stdout."""
    out = {}
    with open(path) as f:
        for line in f:
            p = line.strip().split(",")
            if len(p) != 5 or p[0] != "event":
                continue
            try:
                key = (base_name(p[1]), dims_text(p[2]), dims_text(p[3]))
                out[key] = float(p[4]) * 1e-3
            except ValueError:
                continue
    return out


def point(v, how):
    """A range value of the report as one number (None when unbound)."""
    if isinstance(v, dict):
        lo, hi = v.get("low"), v.get("high")
        if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)):
            return None
        if how == "low":
            return lo
        if how == "high":
            return hi
        return math.sqrt(lo * hi) if lo > 0 else (lo + hi) / 2.0
    return v if isinstance(v, (int, float)) else None


def is_bound(entry):
    """Every total a number or a numeric range: no nulls, no formulas."""
    def ok(v):
        if isinstance(v, dict) and set(v) == {"low", "high"}:
            return all(isinstance(x, (int, float)) for x in v.values())
        if isinstance(v, dict):
            return all(ok(x) for x in v.values())
        return isinstance(v, (int, float))
    t = entry.get("totals") or {}
    return bool(t) and all(ok(v) for v in t.values())


def verdict_for(entry, gpu):
    """The verdict on gpu, named as asked ("H100") or in full ("H100 SXM")."""
    verdicts = entry.get("verdicts") or []
    for v in verdicts:
        if v.get("gpu") == gpu:
            return v
    for v in verdicts:
        if str(v.get("gpu", "")).startswith(gpu + " "):
            return v
    return None


def run_tool(tool, src, gpu):
    try:
        p = subprocess.run([tool, src, f"--gpu={gpu}", "--format=json",
                            "--no-cache"], capture_output=True, text=True)
    except OSError as e:
        fail(f"cannot run {tool}: {e}")
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        fail(f"{tool} {src} printed no JSON (exit {p.returncode}): "
             f"{p.stderr.strip()[-400:]}")


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return r


def spearman(a, b):
    if len(a) < 2:
        return None
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    if va == 0 or vb == 0:
        return None
    return cov / math.sqrt(va * vb)


def fmt_t(s):
    if s is None:
        return ""
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.1f} us"


def fmt_pred(v):
    if isinstance(v, dict):
        return f"{fmt_t(v.get('low'))} .. {fmt_t(v.get('high'))}"
    return fmt_t(v) if isinstance(v, (int, float)) else "unbound"


def summary(rows, col):
    errs = [abs(r[col] - 1.0) for r in rows if r.get(col)]
    if not errs:
        return None
    n = len(errs)
    w25 = sum(1 for r in rows if r.get(col) and abs(r[col] - 1.0) <= 0.25)
    w2 = sum(1 for r in rows if r.get(col) and 0.5 <= r[col] <= 2.0)
    logs = [abs(math.log(r[col])) for r in rows if r.get(col)]
    return {"n": n, "within25": 100.0 * w25 / n, "within2x": 100.0 * w2 / n,
            "median_abs_err": 100.0 * statistics.median(errs),
            "geomean_factor": math.exp(statistics.fmean(logs))}


def instr_ratio(r):
    if not r["instr_pred"] or not r["instr_ncu"]:
        return ""
    return "%.3f" % (r["instr_pred"] / r["instr_ncu"])


def launch_entries(rep):
    """The report's launch-site entries, one per (kernel, grid, block)."""
    entries, order = {}, []
    for k in rep.get("kernels", []):
        launch = k.get("launch") or {}
        g, b = launch.get("grid"), launch.get("block")
        if launch.get("source") != "launch-site" or not g or not b or \
                None in g or None in b:
            continue
        key = (base_name(k["name"]), tuple(g), tuple(b))
        if key not in entries:
            entries[key] = k
            order.append(key)
    return entries, order


def predict_only(tool, here, programs, gpu, which, out_path):
    """The predicted time, bound and instruction count of every launch."""
    lines = [f"| program | kernel | grid | block | predicted | bound | "
             f"warp instructions | issue limiter |",
             "|---|---|---|---|---|---|---|---|"]
    for prog in programs:
        rep = run_tool(tool, os.path.relpath(os.path.join(here, prog + ".cu")),
                       gpu)
        entries, order = launch_entries(rep)
        for key in order:
            k = entries[key]
            v = verdict_for(k, gpu) or {}
            pred = point(v.get("predicted_time_s"), which)
            issue = v.get("issue") or {}
            lines.append("| {} | {} | {} | {} | {} | {} | {} | {} |".format(
                prog, key[0], "x".join(map(str, key[1])),
                "x".join(map(str, key[2])),
                f"{pred:.6g} s" if pred else "unbound", v.get("bound", "?"),
                f"{issue['warp_instructions']:.6g}" if issue else "-",
                issue.get("limiter", "-") if issue else "-"))
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"compare.py: {len(lines) - 2} predictions written to {out_path}")
    return 0


def main():
    args = sys.argv[1:]
    opts = {"--gpu": "H200", "--md": None, "--csv": None, "--point": "high",
            "--suite": "ladders", "--predict-only": None}
    pos = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in opts and i + 1 < len(args):
            opts[a] = args[i + 1]
            i += 2
        elif a.split("=")[0] in opts and "=" in a:
            k, v = a.split("=", 1)
            opts[k] = v
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            pos.append(a)
            i += 1
    suite = suite_id(opts["--suite"])
    if len(pos) != 2 or opts["--point"] not in ("high", "low", "mid") or \
            suite is None:
        print(__doc__, file=sys.stderr)
        return 1
    tool, raw = pos
    gpu = opts["--gpu"]
    folder, programs, ladder_prefixes = SUITES[suite]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), folder)
    if opts["--predict-only"]:
        return predict_only(tool, here, programs, gpu, opts["--point"],
                            opts["--predict-only"])

    for prog in programs:
        for suffix in ("_ncu.csv", "_events.csv"):
            p = os.path.join(raw, prog + suffix)
            if not os.path.isfile(p):
                fail(f"missing raw file {p}")

    rows, bound_counts = [], {}
    for prog in programs:
        src = os.path.join(here, prog + ".cu")
        rel = os.path.relpath(src)
        rep = run_tool(tool, rel, gpu)
        units, ncu = ncu_rows(os.path.join(raw, prog + "_ncu.csv"))
        events = event_rows(os.path.join(raw, prog + "_events.csv"))
        scale = UNIT_SCALE.get(units.get(TIME_METRIC, "nsecond").strip(), 1e-9)
        if not ncu:
            print(f"compare.py: warning: {prog}_ncu.csv has no kernel rows "
                  "(did ncu time out? see run_log.txt)", file=sys.stderr)
        if ncu and TIME_METRIC not in ncu[0]:
            fail(f"{prog}_ncu.csv has no {TIME_METRIC} column")
        measured, instructions = {}, {}
        for r in ncu:
            try:
                key = (base_name(r["Kernel Name"]), dims_text(r["Grid Size"]),
                       dims_text(r["Block Size"]))
            except (KeyError, ValueError):
                continue
            t = number(r[TIME_METRIC])
            if t is not None:
                measured.setdefault(key, []).append(t * scale)
            n = number(r.get(INSTR_METRIC, ""))
            if n is not None:
                instructions.setdefault(key, []).append(n)

        entries, order = {}, []
        nb = nu = 0
        unbound_why = []
        for k in rep.get("kernels", []):
            launch = k.get("launch") or {}
            if launch.get("source") != "launch-site":
                continue
            if is_bound(k):
                nb += 1
            else:
                nu += 1
                unbound_why.append(f"{k.get('name')}: " + "; ".join(
                    launch.get("notes") or k.get("unbound") or ["?"]))
            g, b = launch.get("grid"), launch.get("block")
            if not g or not b or None in g or None in b:
                continue
            key = (base_name(k["name"]), tuple(g), tuple(b))
            if key not in entries:
                entries[key] = k
                order.append(key)
        bound_counts[prog] = (nb, nu, unbound_why)

        for key in order:
            k = entries[key]
            v = verdict_for(k, gpu) or {}
            pred_raw = v.get("predicted_time_s", k.get("predicted_time_s"))
            pred = point(pred_raw, opts["--point"])
            meas = measured.get(key)
            m = statistics.median(meas) if meas else None
            ev = events.get(key)
            issue = v.get("issue") or {}
            mi = instructions.get(key)
            rows.append({
                "instr_pred": issue.get("warp_instructions"),
                "instr_ncu": statistics.median(mi) if mi else None,
                "program": prog, "kernel": key[0], "grid": key[1],
                "block": key[2], "pred_raw": pred_raw, "pred": pred,
                "ncu": m, "ncu_rows": len(meas or []), "event": ev,
                "ratio_ncu": pred / m if pred and m else None,
                "ratio_event": pred / ev if pred and ev else None,
                "bound": v.get("bound", k.get("bound")),
                "timed": ev is not None,
                "matched": m is not None})
        missing = [k for k in measured if k not in entries]
        for key in missing:
            rows.append({"program": prog, "kernel": key[0], "grid": key[1],
                         "instr_pred": None, "instr_ncu": None,
                         "block": key[2], "pred_raw": None, "pred": None,
                         "ncu": statistics.median(measured[key]),
                         "ncu_rows": len(measured[key]), "event":
                         events.get(key), "ratio_ncu": None,
                         "ratio_event": None, "bound": "no entry",
                         "timed": key in events, "matched": False})

    matched = [r for r in rows if r["matched"] and r["pred"] is not None]
    if not matched:
        fail("no kernel of the report was matched to a measured row "
             "(names, grids and blocks disagree, or every entry is unbound)")

    out = []
    out.append(f"# rl-analyze vs measured, ladders, {gpu} "
               f"(predicted time: {opts['--point']} end of a range)\n")
    out.append("| program | kernel | grid | block | predicted | ncu median "
               "| ncu rows | event mean | pred/ncu | pred/event | bound "
               "| warp instr. pred/ncu |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        name = r["kernel"] + ("" if r["timed"] else " (aux)")
        out.append(
            f"| {r['program']} | {name} | {'x'.join(map(str, r['grid']))} | "
            f"{'x'.join(map(str, r['block']))} | {fmt_pred(r['pred_raw'])} | "
            f"{fmt_t(r['ncu']) or 'not measured'} | {r['ncu_rows']} | "
            f"{fmt_t(r['event'])} | "
            f"{'%.2f' % r['ratio_ncu'] if r['ratio_ncu'] else ''} | "
            f"{'%.2f' % r['ratio_event'] if r['ratio_event'] else ''} | "
            f"{r['bound'] or ''} | {instr_ratio(r)} |")

    out.append("\n## Ladders\n")
    out.append("| ladder | steps | Spearman (pred vs ncu) | predicted fastest "
               "| measured fastest | fastest right |")
    out.append("|---|---|---|---|---|---|")
    ladders = {}
    for r in matched:
        m = STEP_RE.match(r["kernel"])
        if r["timed"] and m and \
                m.group(1) in ladder_prefixes.get(r["program"], ()):
            ladders.setdefault((r["program"], m.group(1)), []).append(r)
    for (prog, prefix), steps in ladders.items():
        steps.sort(key=lambda r: int(STEP_RE.match(r["kernel"]).group(2)))
        rho = spearman([s["pred"] for s in steps], [s["ncu"] for s in steps])
        # step 0 (tr0_copy) is the bound the ladder aims at, not a step
        real = [s for s in steps
                if int(STEP_RE.match(s["kernel"]).group(2)) > 0] or steps
        pf = min(real, key=lambda s: s["pred"])["kernel"]
        mf = min(real, key=lambda s: s["ncu"])["kernel"]
        out.append(f"| {prog}:{prefix} | {len(steps)} | "
                   f"{'%.2f' % rho if rho is not None else 'n/a'} | {pf} | "
                   f"{mf} | {'yes' if pf == mf else 'no'} |")

    timed = [r for r in matched if r["timed"]]
    out.append("\n## Overall (timed kernels)\n")
    for col, what in (("ratio_ncu", "ncu gpu__time_duration"),
                      ("ratio_event", "cudaEvent mean")):
        s = summary(timed, col)
        if s:
            out.append(f"- vs {what}: {s['n']} kernels, within 25%: "
                       f"{s['within25']:.0f}%, within 2x: {s['within2x']:.0f}%"
                       f", median |error|: {s['median_abs_err']:.0f}%, "
                       f"geomean factor off: {s['geomean_factor']:.2f}x")
    counted = [r for r in rows if r["instr_pred"] and r["instr_ncu"]]
    if counted:
        errs = sorted(abs(r["instr_pred"] / r["instr_ncu"] - 1)
                      for r in counted)
        out.append(f"- warp instructions (issue model vs ncu "
                   f"{INSTR_METRIC}, every kernel with both): {len(counted)} "
                   f"kernels, within 2%: "
                   f"{sum(e <= 0.02 for e in errs)}, within 10%: "
                   f"{sum(e <= 0.10 for e in errs)}, median |error| "
                   f"{100 * statistics.median(errs):.1f}%")
    n_unmatched = sum(1 for r in rows if not r["matched"] or r["pred"] is None)
    out.append(f"- entries without a measurement or a prediction: "
               f"{n_unmatched}")
    out.append("\n## Bound report entries (launch sites)\n")
    for prog, (nb, nu, why) in bound_counts.items():
        out.append(f"- {prog}: {nb} bound, {nu} unbound"
                   + ("" if not why else ": " + " | ".join(why)))
    text = "\n".join(out) + "\n"
    print(text, end="")
    if opts["--md"]:
        with open(opts["--md"], "w") as f:
            f.write(text)
    if opts["--csv"]:
        with open(opts["--csv"], "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["program", "kernel", "grid", "block", "timed",
                        "predicted_s", "ncu_median_s", "ncu_rows",
                        "event_mean_s", "pred_over_ncu", "pred_over_event",
                        "bound"])
            for r in rows:
                w.writerow([r["program"], r["kernel"],
                            "x".join(map(str, r["grid"])),
                            "x".join(map(str, r["block"])), int(r["timed"]),
                            r["pred"], r["ncu"], r["ncu_rows"], r["event"],
                            r["ratio_ncu"], r["ratio_event"], r["bound"]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
