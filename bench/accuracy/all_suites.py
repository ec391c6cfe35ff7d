#!/usr/bin/env python3
"""Issue 14's goals over every measured ladder suite at once.

  python3 bench/accuracy/all_suites.py RL_ANALYZE [--gpu GPU] [--md OUT.md]

Runs bench/accuracy/compare.py for each suite of its SUITES table whose raw
measurement is committed (docs/accuracy/<suite>/raw, <suite> the result id:
ladders, ladders2, ...; the sources are in the folder SUITES names under
bench/accuracy/), then prints, per suite and over all of them, the timed
kernels within 25% and within 2x of Nsight Compute's time, the median error,
and per ladder the Spearman rank correlation and whether the fastest step
is named. A kernel the tool leaves unbound counts as a miss, never as a
success. Each suite is predicted for the GPU it was measured on (the name in
its raw env.txt, H200 when none), unless --gpu names one for all. Exit
status 1 when a suite's comparison fails.
"""
import csv
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compare  # noqa: E402  (the suites and the rank correlation)

GOALS = "at least 80% within 25%, median error at most 15%, at least 95% " \
        "within 2x, Spearman at least 0.95 in every ladder, fastest step " \
        "named in every ladder"


def raw_dir(suite):
    return os.path.join(ROOT, "docs", "accuracy", suite, "raw")


def error(row):
    """|pred/ncu - 1| of a timed row; None when unbound or unmeasured."""
    try:
        return abs(float(row["pred_over_ncu"]) - 1)
    except (TypeError, ValueError):
        return None


def ladders_of(rows, prefixes):
    out = {}
    for r in rows:
        m = compare.STEP_RE.match(r["kernel"])
        if m and m.group(1) in prefixes.get(r["program"], ()):
            out.setdefault((r["program"], m.group(1)), []).append(r)
    return out


def ladder_line(name, steps):
    steps.sort(key=lambda r: int(compare.STEP_RE.match(r["kernel"]).group(2)))
    known = [s for s in steps if error(s) is not None]
    rho = compare.spearman([float(s["predicted_s"]) for s in known],
                           [float(s["ncu_median_s"]) for s in known]) \
        if len(known) == len(steps) else None
    real = [s for s in known
            if int(compare.STEP_RE.match(s["kernel"]).group(2)) > 0] or known
    right = bool(real) and len(known) == len(steps) and \
        min(real, key=lambda s: float(s["predicted_s"]))["kernel"] == \
        min(real, key=lambda s: float(s["ncu_median_s"]))["kernel"]
    return rho, right


def summary(rows):
    errs = [error(r) for r in rows]
    n = len(rows)
    within25 = sum(1 for e in errs if e is not None and e <= 0.25)
    within2x = sum(1 for r in rows if error(r) is not None and
                   0.5 <= float(r["pred_over_ncu"]) <= 2.0)
    known = sorted(e for e in errs if e is not None)
    # Unbound kernels are misses: they sort last for the median.
    padded = known + [float("inf")] * (n - len(known))
    med = statistics.median(padded) if padded else None
    return n, within25, within2x, med


def measured_gpu(raw):
    """'H100' or 'H200' from the nvidia-smi line of raw/env.txt."""
    try:
        text = open(os.path.join(raw, "env.txt")).read()
    except OSError:
        return "H200"
    for name in ("H100", "H200"):
        if "NVIDIA " + name in text:
            return name
    return "H200"


def main():
    args = sys.argv[1:]
    gpu, md = None, None
    pos = []
    i = 0
    while i < len(args):
        if args[i] in ("--gpu", "--md") and i + 1 < len(args):
            if args[i] == "--gpu":
                gpu = args[i + 1]
            else:
                md = args[i + 1]
            i += 2
            continue
        pos.append(args[i])
        i += 1
    if len(pos) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    tool = pos[0]
    lines = ["| suite | timed kernels | within 25% | within 2x | median error "
             "| ladders: Spearman (fastest named) |", "|---|---|---|---|---|---|"]
    every, all_ladders = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for suite, (_, _, prefixes) in compare.SUITES.items():
            raw = raw_dir(suite)
            if not os.path.isdir(raw):
                continue
            out = os.path.join(tmp, suite + ".csv")
            run = subprocess.run(
                [sys.executable, os.path.join(HERE, "compare.py"), tool, raw,
                 "--suite", suite, "--gpu", gpu or measured_gpu(raw),
                 "--csv", out],
                capture_output=True, text=True)
            if run.returncode != 0:
                print(f"all_suites.py: {suite}: {run.stderr.strip()}",
                      file=sys.stderr)
                return 1
            rows = [r for r in csv.DictReader(open(out)) if r["timed"] == "1"]
            every += rows
            n, w25, w2, med = summary(rows)
            parts = []
            for (prog, prefix), steps in ladders_of(rows, prefixes).items():
                rho, right = ladder_line(prefix, steps)
                all_ladders.append((suite, prefix, rho, right))
                parts.append(f"{prefix} {'%.2f' % rho if rho is not None else 'n/a'}"
                             f" ({'yes' if right else 'no'})")
            lines.append(f"| {suite} | {n} | {w25} ({100 * w25 / n:.0f}%) | "
                         f"{w2} ({100 * w2 / n:.0f}%) | {100 * med:.0f}% | "
                         f"{', '.join(parts) or '-'} |")
    n, w25, w2, med = summary(every)
    good_rho = sum(1 for _, _, rho, _ in all_ladders
                   if rho is not None and rho >= 0.95)
    named = sum(1 for *_, right in all_ladders if right)
    lines.append(f"| **all** | {n} | {w25} ({100 * w25 / n:.0f}%) | "
                 f"{w2} ({100 * w2 / n:.0f}%) | {100 * med:.0f}% | "
                 f"Spearman >= 0.95 in {good_rho} of {len(all_ladders)}, "
                 f"fastest named in {named} of {len(all_ladders)} |")
    text = "\n".join(lines) + f"\n\nGoals: {GOALS}.\n"
    print(text)
    if md:
        with open(md, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
