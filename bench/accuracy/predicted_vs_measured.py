#!/usr/bin/env python3
"""Sets a committed prediction table of a time suite against a raw
measurement of it, without running the tool: the blind score of the
predictions as they were committed.

  python3 bench/accuracy/predicted_vs_measured.py --h100 [SUITE ...]
  python3 bench/accuracy/predicted_vs_measured.py --h200 [SUITE ...]
  python3 bench/accuracy/predicted_vs_measured.py --suite SUITE \\
        --pred PREDICTED.md --raw RAW_DIR
  python3 bench/accuracy/predicted_vs_measured.py --side-by-side \\
        [--md docs/accuracy/h100/h100-vs-h200.md]

Options: --kernels prints every timed kernel (predicted, ncu, pred/ncu)
besides the summary.

--h100: docs/accuracy/h100/<id>-predicted.md (committed in 7e4f329, before
the H100 measurement) against docs/accuracy/h100/<id>/raw.
--h200: bench/accuracy/<folder>/predicted.md (each blind suite's H200
prediction, committed before its first measurement) against
docs/accuracy/<id>/raw, when that folder's env.txt names an H200.
SUITE is a result id or a folder (bench/accuracy/compare.py's SUITES); by
default every suite. --side-by-side writes the H100 and the H200 scores of
every suite in one markdown page (stdout, or --md).

A prediction table is markdown with a header row naming at least the
columns program, kernel, grid and block and predicted; the predicted cell
is "4.09086e-05 s", a time with a unit (s, ms, us, ns), a range "A .. B"
(its high end, compare.py's default), or "unbound". The raw folder is what
scripts/device/ladders2_check.sh (or ladders_check.sh) writes: P_ncu.csv
and P_events.csv per program P, read with compare.py's ncu_rows and
event_rows.

Which kernels count, as in compare.py: the timed kernels, those with an
"event,..." line in P_events.csv, matched by kernel base name (template
arguments and parameter list dropped), grid and block. Each is compared
with the median gpu__time_duration of the ncu rows of the same key (cold
caches). A timed kernel whose prediction is "unbound", or that has no row
in the prediction table, is a miss: it counts in the number of kernels, is
within neither bound, and its error is infinite in the median. A timed
kernel with no ncu row is left out and counted apart.
"""
import hashlib
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402  (bench/accuracy/compare.py)

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
H100_DIR = os.path.join(ROOT, "docs", "accuracy", "h100")
ORDER = ["ladders"] + [f"ladders{i}" for i in range(2, 13)]
UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


def rel(path):
    return os.path.relpath(path, ROOT)


def parse_time(cell):
    """'4.09086e-05 s', '12.5 us', 'A .. B' (high end) -> seconds;
    'unbound' -> None. Raises ValueError on anything else."""
    cell = cell.strip()
    if cell.lower().startswith("unbound"):
        return None
    if ".." in cell:
        cell = cell.split("..")[-1].strip()
    m = re.fullmatch(r"([0-9.eE+-]+)\s*(s|ms|us|ns)?", cell)
    if not m:
        raise ValueError(f"not a time: {cell!r}")
    return float(m.group(1)) * UNITS[m.group(2) or "s"]


def read_predictions(path):
    """{(program, base name, grid, block): seconds or None} from the first
    markdown table of path whose header names program, kernel, grid, block
    and predicted; the first row of a key wins (compare.py keeps the first
    launch site of a key). Raises ValueError when no such table is there."""
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f]
    need = ("program", "kernel", "grid", "block", "predicted")
    cols, preds = None, {}
    for line in lines:
        s = line.strip()
        if not s.startswith("|"):
            if cols is not None and preds:
                break  # the end of the table
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if cols is None:
            low = [c.lower() for c in cells]
            if all(n in low for n in need):
                cols = {n: low.index(n) for n in need}
            continue
        if set("".join(cells)) <= set("-: "):
            continue  # the separator row
        try:
            key = (cells[cols["program"]],
                   compare.base_name(cells[cols["kernel"]]),
                   compare.dims_text(cells[cols["grid"]]),
                   compare.dims_text(cells[cols["block"]]))
            t = parse_time(cells[cols["predicted"]])
        except (IndexError, ValueError) as e:
            raise ValueError(f"{rel(path)}: cannot read row {s!r}: {e}")
        preds.setdefault(key, t)
    if cols is None:
        raise ValueError(f"{rel(path)}: no table with columns "
                         + ", ".join(need))
    return preds


def read_measurement(raw, programs):
    """[(program, key, ncu median seconds or None, event mean seconds)] for
    every timed kernel (event line) of the programs, and the missing raw
    files."""
    out, missing = [], []
    for prog in programs:
        ncu_p = os.path.join(raw, prog + "_ncu.csv")
        ev_p = os.path.join(raw, prog + "_events.csv")
        if not (os.path.isfile(ncu_p) and os.path.isfile(ev_p)):
            missing.append(prog)
            continue
        units, rows = compare.ncu_rows(ncu_p)
        scale = compare.UNIT_SCALE.get(
            units.get(compare.TIME_METRIC, "nsecond").strip(), 1e-9)
        measured = {}
        for r in rows:
            try:
                key = (compare.base_name(r["Kernel Name"]),
                       compare.dims_text(r["Grid Size"]),
                       compare.dims_text(r["Block Size"]))
            except (KeyError, ValueError):
                continue
            t = compare.number(r.get(compare.TIME_METRIC, ""))
            if t is not None:
                measured.setdefault(key, []).append(t * scale)
        for key, ev in compare.event_rows(ev_p).items():
            m = measured.get(key)
            out.append((prog, key, statistics.median(m) if m else None, ev))
    return out, missing


def gpu_of(raw):
    """The GPU name env.txt records (the line after nvidia-smi's header)."""
    try:
        with open(os.path.join(raw, "env.txt")) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.startswith("name,") and i + 1 < len(lines):
            return lines[i + 1].split(",")[0].strip()
    return None


def score(pred_path, raw, suite):
    """A suite's score: a dict with n, within25, within2x, median (of
    |pred/ncu - 1|, inf for a miss), unbound, no_prediction, no_ncu, the
    per-kernel rows, and error (a reason when it could not be scored)."""
    _, programs, _ = compare.SUITES[suite]
    if not os.path.isfile(pred_path):
        return {"error": f"no prediction table ({rel(pred_path)})"}
    if not os.path.isdir(raw):
        return {"error": f"no measurement ({rel(raw)})"}
    try:
        preds = read_predictions(pred_path)
    except ValueError as e:
        return {"error": f"prediction table not read: {e}"}
    timed, missing = read_measurement(raw, programs)
    if missing:
        return {"error": "raw files missing for " + ", ".join(missing)}
    rows, no_ncu = [], 0
    for prog, key, ncu, ev in timed:
        if ncu is None:
            no_ncu += 1
            continue
        pk = (prog,) + key
        if pk not in preds:
            rows.append({"prog": prog, "key": key, "ncu": ncu, "event": ev,
                         "pred": None, "why": "no prediction"})
            continue
        p = preds[pk]
        rows.append({"prog": prog, "key": key, "ncu": ncu, "event": ev,
                     "pred": p, "why": None if p else "unbound",
                     "ratio": p / ncu if p else None})
    if not rows:
        return {"error": "no timed kernel with an ncu time"}
    errs = [abs(r["ratio"] - 1) if r.get("ratio") else math.inf
            for r in rows]
    n = len(rows)
    return {
        "n": n, "rows": rows, "no_ncu": no_ncu,
        "within25": sum(e <= 0.25 for e in errs),
        "within2x": sum(1 for r in rows
                        if r.get("ratio") and 0.5 <= r["ratio"] <= 2.0),
        "median": statistics.median(errs),
        "unbound": sum(r["why"] == "unbound" for r in rows),
        "no_prediction": sum(r["why"] == "no prediction" for r in rows),
        "gpu": gpu_of(raw)}


def h100_paths(suite):
    return (os.path.join(H100_DIR, f"{suite}-predicted.md"),
            os.path.join(H100_DIR, suite, "raw"))


def h200_paths(suite):
    folder = compare.SUITES[suite][0]
    return (os.path.join(HERE, folder, "predicted.md"),
            os.path.join(ROOT, "docs", "accuracy", suite, "raw"))


def score_h200(suite):
    """The H200 score, or why there is none (no H200 raw, or the raw folder
    is another GPU's measurement)."""
    pred, raw = h200_paths(suite)
    if not os.path.isdir(raw):
        return {"error": "not measured"}
    gpu = gpu_of(raw) or "unknown GPU"
    if "H200" not in gpu:
        return {"error": f"not measured (docs/accuracy/{suite}/raw is "
                         f"an {gpu.replace('NVIDIA ', '')} run)"}
    if not os.path.isfile(pred):
        return {"error": "no committed H200 prediction table (not a "
                         "blind suite)"}
    return score(pred, raw, suite)


def pct(k, n):
    return f"{k}/{n} ({100.0 * k / n:.0f}%)"


def fmt_med(m):
    return "inf" if math.isinf(m) else f"{100.0 * m:.0f}%"


def total(scores):
    """The pooled score of several suites' rows."""
    rows = [r for s in scores if "rows" in s for r in s["rows"]]
    if not rows:
        return None
    errs = [abs(r["ratio"] - 1) if r.get("ratio") else math.inf
            for r in rows]
    return {"n": len(rows), "within25": sum(e <= 0.25 for e in errs),
            "within2x": sum(1 for r in rows
                            if r.get("ratio") and 0.5 <= r["ratio"] <= 2.0),
            "median": statistics.median(errs),
            "unbound": sum(r["why"] == "unbound" for r in rows),
            "no_prediction": sum(r["why"] == "no prediction" for r in rows),
            "no_ncu": sum(s.get("no_ncu", 0) for s in scores)}


def cells(s):
    """Five table cells of a score: kernels, within 25%, within 2x, median
    |pred/ncu - 1|, misses (unbound / no prediction)."""
    if s is None:
        return ["-"] * 5
    if "error" in s:
        return [s["error"], "", "", "", ""]
    miss = f"{s['unbound']} / {s['no_prediction']}"
    return [str(s["n"]), pct(s["within25"], s["n"]),
            pct(s["within2x"], s["n"]), fmt_med(s["median"]), miss]


def summary_line(suite, s):
    if "error" in s:
        return f"{suite}: {s['error']}"
    return (f"{suite}: {s['n']} timed kernels, within 25% of ncu "
            f"{pct(s['within25'], s['n'])}, within 2x "
            f"{pct(s['within2x'], s['n'])}, median |pred/ncu - 1| "
            f"{fmt_med(s['median'])}, unbound {s['unbound']}, no prediction "
            f"{s['no_prediction']}, no ncu row {s.get('no_ncu', 0)}"
            + (f" [{s['gpu']}]" if s.get("gpu") else ""))


def kernel_lines(s):
    out = []
    for r in s.get("rows", []):
        k = r["key"]
        out.append(f"  {r['prog']} {k[0]} {'x'.join(map(str, k[1]))} "
                   f"{'x'.join(map(str, k[2]))}: pred "
                   f"{compare.fmt_t(r['pred']) if r['pred'] else r['why']}"
                   f", ncu {compare.fmt_t(r['ncu'])}"
                   + (f", pred/ncu {r['ratio']:.2f}" if r.get("ratio")
                      else ""))
    return out


def env_lines(raw):
    try:
        with open(os.path.join(raw, "env.txt")) as f:
            return f.read().splitlines()
    except OSError:
        return []


def measurement_notes(suites):
    """What the H100 raw folders record: GPU, dates, tools, source hashes
    against this tree, failed result checks; and how to remake the page."""
    gpus, dates, heads, tools, bad, checked, fails = set(), [], set(), \
        set(), [], 0, []
    for s in suites:
        raw = h100_paths(s)[1]
        lines = env_lines(raw)
        gpus.add(gpu_of(raw) or "unknown")
        for line in lines:
            if line.startswith("# date (UTC): "):
                dates.append(line.split(": ", 1)[1])
            elif line.startswith("# git HEAD: "):
                heads.add(line.split(": ", 1)[1][:7])
            elif line.startswith(("Cuda compilation", "Version ")):
                tools.add(line.strip())
            m = re.fullmatch(r"([0-9a-f]{64})  (\S+)", line.strip())
            if m:
                checked += 1
                src = os.path.join(ROOT, m.group(2))
                try:
                    with open(src, "rb") as f:
                        ok = hashlib.sha256(f.read()).hexdigest() == \
                            m.group(1)
                except OSError:
                    ok = False
                if not ok:
                    bad.append(m.group(2))
        try:
            with open(os.path.join(raw, "run_log.txt")) as f:
                fails += [f"{s}: `{l.strip()}`" for l in f
                          if l.startswith("check,") and "FAIL" in l]
        except OSError:
            pass
    L = ["## The H100 measurement\n"]
    L.append(f"- GPU (env.txt): {', '.join(sorted(gpus))}; clocks as found "
             "(`--clock-control none`), ncu with `--cache-control all`.")
    if dates:
        L.append(f"- Run between {min(dates)} and {max(dates)} (UTC), one "
                 "call of the GPU machine.")
    if tools:
        L.append("- Tools: " + "; ".join(sorted(tools)) + ".")
    L.append(f"- Sources: {checked} sha256 sums in the env.txt files, "
             + (f"{checked - len(bad)} match this tree"
                + (f"; mismatched: {', '.join(bad)}" if bad else "")
                + ". ")
             + ("The `git HEAD` line of env.txt reads "
                + ", ".join(sorted(heads))
                + ": the device copy's HEAD, not the commit that adds "
                "these files." if heads else ""))
    if fails:
        L.append("- Result checks that failed (the timings are kept, as in "
                 "the H200 run): " + "; ".join(fails) + ".")
    L.append("")
    L.append("## Reproducing\n")
    L.append("The measurement, on a machine with the H100, from the "
             "repository root (each suite's files land in `$M/<id>/`, "
             "copied to docs/accuracy/h100/<id>/raw/):\n")
    L.append("```")
    L.append("M=/tmp/m; for s in ladders4 ladders5 ladders6 ladders7 "
             "ladders8 ladders9 ladders10 ladders11 ladders12 ladders3 "
             "ladders2; do")
    L.append("  OUT=$M SUITES=$s SUITE_BUDGET=150 TOTAL_BUDGET=9999 "
             "bash scripts/device/suites_check.sh")
    L.append("done")
    L.append("OUT=$M/ladders bash scripts/device/ladders_check.sh")
    L.append("```\n")
    L.append("This page, from the committed files alone (no build, no "
             "GPU):\n")
    L.append("```")
    L.append("python3 bench/accuracy/predicted_vs_measured.py "
             "--side-by-side --md docs/accuracy/h100/h100-vs-h200.md")
    L.append("python3 bench/accuracy/predicted_vs_measured.py --h100 "
             "--kernels   # one side, per kernel")
    L.append("python3 bench/accuracy/predicted_vs_measured.py --h200")
    L.append("```\n")
    return L


def side_by_side():
    """The markdown page: H100 and H200 scores of every suite measured on
    the H100, totals, and the per-kernel ratios."""
    suites = [s for s in ORDER if os.path.isdir(h100_paths(s)[1])]
    h100 = {s: score(*h100_paths(s), s) for s in suites}
    h200 = {s: score_h200(s) for s in suites}
    both = [s for s in suites if "rows" in h100[s] and "rows" in h200[s]]
    h100_scored = [s for s in suites if "rows" in h100[s]]
    h200_scored = [s for s in suites if "rows" in h200[s]]
    gpus = sorted({gpu_of(h100_paths(s)[1]) or "unknown" for s in suites})
    L = []
    L.append("# H100 and H200: the committed predictions against the "
             "measurements\n")
    L.append(
        "Each time suite of bench/accuracy/ measured on an H100 SXM "
        f"(`{', '.join(gpus)}`, env.txt of each raw folder), scored with "
        "the H100 SXM predictions committed in commit 7e4f329 "
        "(docs/accuracy/h100/<id>-predicted.md) before that measurement, "
        "beside the same suite's score on the H200: the H200 predictions "
        "committed before the H200 measurement "
        "(bench/accuracy/<folder>/predicted.md) against docs/accuracy/<id>/"
        "raw. No tool was run for this page: both sides are the committed "
        "tables.\n")
    L.append(
        "Kernels: the timed kernels (those with an `event,` line), matched "
        "by kernel base name, grid and block; the measured time is the "
        "median ncu `gpu__time_duration` with cold caches. An `unbound` "
        "prediction, or a timed kernel with no row in the prediction table, "
        "is a miss: counted, within neither bound, infinite error in the "
        "median. Misses are given as unbound / no prediction. Within 2x is "
        "0.5 <= pred/ncu <= 2; median err. is the median of "
        "|pred/ncu - 1|. The first total pools every suite that has a "
        f"score on that GPU ({len(h100_scored)} on the H100, "
        f"{len(h200_scored)} on the H200); the second only the suites "
        "scored on both.\n")
    L.append("## Per suite\n")
    L.append("| suite | folder | H100 kernels | H100 within 25% | H100 within "
             "2x | H100 median err. | H100 misses | H200 kernels | H200 "
             "within 25% | H200 within 2x | H200 median err. | H200 misses |")
    L.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for s in suites:
        a, b = cells(h100[s]), cells(h200[s])
        L.append(f"| {s} | {compare.SUITES[s][0]} | " + " | ".join(a)
                 + " | " + " | ".join(b) + " |")
    t_all100 = total([h100[s] for s in suites])
    t_all200 = total([h200[s] for s in suites])
    t_b100 = total([h100[s] for s in both])
    t_b200 = total([h200[s] for s in both])
    L.append(f"| **total, every suite measured** | | "
             + " | ".join(cells(t_all100)) + " | "
             + " | ".join(cells(t_all200)) + " |")
    L.append(f"| **total, suites measured on both** | | "
             + " | ".join(cells(t_b100)) + " | "
             + " | ".join(cells(t_b200)) + " |")
    L.append("")
    L.append("Suites measured on both GPUs: " + ", ".join(both) + ".")
    no_ncu = [f"{s} ({h100[s]['no_ncu']})" for s in suites
              if h100[s].get("no_ncu")]
    no_ncu += [f"{s} on the H200 ({h200[s]['no_ncu']})" for s in suites
               if h200[s].get("no_ncu")]
    if no_ncu:
        L.append("Timed kernels left out for want of an ncu row: "
                 + ", ".join(no_ncu) + ".")
    L.append("")
    L.extend(measurement_notes(suites))
    L.append("## Per kernel\n")
    L.append("pred/ncu of each timed kernel; the H200 column is blank where "
             "the suite has no H200 score.\n")
    L.append("| suite | program | kernel | grid | block | H100 predicted | "
             "H100 ncu | H100 pred/ncu | H200 pred/ncu |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for s in suites:
        other = {(r["prog"], r["key"]): r for r in h200[s].get("rows", [])}
        for r in h100[s].get("rows", []):
            k = r["key"]
            o = other.get((r["prog"], k))
            oc = ("" if o is None else
                  f"{o['ratio']:.2f}" if o.get("ratio") else o["why"])
            L.append(f"| {s} | {r['prog']} | {k[0]} | "
                     f"{'x'.join(map(str, k[1]))} | "
                     f"{'x'.join(map(str, k[2]))} | "
                     f"{compare.fmt_t(r['pred']) if r['pred'] else r['why']}"
                     f" | {compare.fmt_t(r['ncu'])} | "
                     f"{'%.2f' % r['ratio'] if r.get('ratio') else r['why']}"
                     f" | {oc} |")
    L.append("")
    return "\n".join(L) + "\n", h100, h200, both


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 1
    opts, pos, flags = {}, [], set()
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--suite", "--pred", "--raw", "--md") and i + 1 < len(args):
            opts[a] = args[i + 1]
            i += 2
        elif a in ("--h100", "--h200", "--side-by-side", "--kernels"):
            flags.add(a)
            i += 1
        else:
            pos.append(a)
            i += 1
    if "--side-by-side" in flags:
        text, _, _, _ = side_by_side()
        if "--md" in opts:
            with open(opts["--md"], "w") as f:
                f.write(text)
            print(f"predicted_vs_measured.py: wrote {opts['--md']}")
        else:
            print(text, end="")
        return 0
    if "--pred" in opts or "--raw" in opts:
        if not ("--pred" in opts and "--raw" in opts and "--suite" in opts):
            print("predicted_vs_measured.py: --pred and --raw need --suite",
                  file=sys.stderr)
            return 1
        sid = compare.suite_id(opts["--suite"])
        if sid is None:
            print(f"predicted_vs_measured.py: unknown suite "
                  f"{opts['--suite']}", file=sys.stderr)
            return 1
        jobs = [(sid, lambda s: score(opts["--pred"], opts["--raw"], s))]
    else:
        if len(flags & {"--h100", "--h200"}) != 1:
            print("predicted_vs_measured.py: give --h100, --h200, "
                  "--side-by-side or --suite with --pred and --raw",
                  file=sys.stderr)
            return 1
        names = pos + ([opts["--suite"]] if "--suite" in opts else [])
        sids = [compare.suite_id(n) for n in names] or ORDER
        if None in sids:
            print("predicted_vs_measured.py: unknown suite in "
                  + " ".join(names), file=sys.stderr)
            return 1
        fn = ((lambda s: score(*h100_paths(s), s)) if "--h100" in flags
              else score_h200)
        jobs = [(s, fn) for s in sids]
    scores = []
    for sid, fn in jobs:
        s = fn(sid)
        scores.append(s)
        print(summary_line(sid, s))
        if "--kernels" in flags:
            print("\n".join(kernel_lines(s)))
    if len(jobs) > 1:
        t = total(scores)
        if t:
            print(summary_line("total", t))
    return 0 if any("rows" in s for s in scores) else 1


if __name__ == "__main__":
    sys.exit(main())
