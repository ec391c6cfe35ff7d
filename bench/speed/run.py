#!/usr/bin/env python3
"""Wall-clock speed benchmark for rl-analyze.

For every input file it times three commands, each N times after one warm-up:

  rl-analyze   rl-analyze FILE --no-config --format=json
  clang-parse  clang++-22 -fsyntax-only -x cuda --cuda-host-only ... FILE
               (clang's own host-side parse of the same file: the work the
               analysis is built on)
  nvcc-c       nvcc -c -arch=sm_90 -o /dev/null FILE
               (what a developer already pays for one compile)

and reports the median and the minimum of each, the ratios
rl-analyze / clang-parse and rl-analyze / nvcc-c per file, and the geometric
mean of each ratio over all files. Standard library only.

Timing is time.perf_counter() around subprocess.run() with stdout and stderr
sent to /dev/null. The runs of the three commands are interleaved (one of each
per round) so that a slow period on the machine hits all three alike.

With --corpus DIR [DIR ...] it times real code instead: the .cu files of
those code bases that nvcc accepts and rl-analyze analyses (from the records
of bench/realcode/corpus.py --json-out, given with --corpus-json, or checked
now), every k-th of them with --sample N, each with the flags
bench/realcode/corpus.py finds for it, and four commands per round:

  rl-analyze       rl-analyze FILE --no-config --format=json -- FLAGS
  rl-no-resources  the same with --no-resources
  clang-parse      clang++-22 -fsyntax-only -x cuda ... FLAGS FILE, host and
                   sm_90 device job (no --cuda-host-only)
  nvcc-c           nvcc -c -arch=sm_90 -o /dev/null FLAGS FILE

and reports the median over the files of each ratio (goals: rl-analyze /
clang-parse <= --goal, rl-analyze / nvcc-c <= --nvcc-goal). A file on which
a command fails is left out and listed.

Exit status: 0 when every command succeeded, 1 when a command failed (its
stderr is printed; with --corpus only when no file could be timed or the
binary changed), 2 for a usage error, 3 with --check when the goal
(geometric mean of rl-analyze / clang-parse <= --goal; with --corpus either
median goal) is missed.
"""

import argparse
import glob
import json
import math
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "bench", "realcode"))
import corpus  # noqa: E402  (the real-code benchmark: files and their flags)
import lsp_latency  # noqa: E402

DEFAULT_TOOL = os.path.join(REPO, "build", "tools", "rl-analyze", "rl-analyze")
COMMANDS = ("rl-analyze", "clang-parse", "nvcc-c")


def build_commands(args, path):
    """The three command lines for one input file, in COMMANDS order."""
    cuda = args.cuda_path
    return {
        "rl-analyze": [args.tool, path, "--no-config", "--format=json"],
        "clang-parse": [
            args.clang, "-fsyntax-only", "-x", "cuda", "--cuda-host-only",
            "--cuda-path=" + cuda, "--cuda-gpu-arch=" + args.arch,
            "-Wno-unknown-cuda-version", "-isystem", cuda + "/include/cccl",
            path,
        ],
        "nvcc-c": [args.nvcc, "-c", "-arch=" + args.arch, "-o", os.devnull,
                   path],
    }


def first_line(cmd, pick=None):
    """First (or first matching) line of a command's output, or None."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = [l.strip() for l in p.stdout.splitlines() if l.strip()]
    if pick:
        lines = [l for l in lines if pick in l] or lines
    return lines[0] if lines else None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def loadavg():
    try:
        return list(os.getloadavg())
    except OSError:
        return None


def tool_mtime(tool):
    path = tool if os.sep in tool else shutil.which(tool)
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S",
                             time.localtime(os.path.getmtime(path)))
    except (OSError, TypeError):
        return None


def machine_info(args):
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "nproc": usable,
        "cpu_model": cpu_model(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "clang": first_line([args.clang, "--version"]),
        "nvcc": first_line([args.nvcc, "--version"], pick="release"),
        "rl_analyze": first_line([args.tool, "--version"]),
        "tool_path": args.tool,
        "tool_mtime": tool_mtime(args.tool),
        "source_commit": first_line(["git", "-C", REPO, "rev-parse", "--short",
                                     "HEAD"]),
        "loadavg_start": loadavg(),
    }


def children_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_once(cmd, cwd=None, ok=(0,)):
    """(wall seconds, user+sys CPU seconds) of one run (in folder cwd).

    The wall time is the measurement; the CPU time (of the command and every
    process it waited for) is recorded beside it because it is less disturbed
    by other load on a shared machine. Raises CommandFailed on an exit
    status not in `ok`.
    """
    c0 = children_cpu()
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, cwd=cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as e:
        raise CommandFailed(cmd, None, str(e))
    dt = time.perf_counter() - t0
    cpu = children_cpu() - c0
    if p.returncode not in ok:
        raise CommandFailed(cmd, p.returncode, cwd=cwd)
    return dt, cpu


class CommandFailed(Exception):
    def __init__(self, cmd, rc, why=None, cwd=None):
        super().__init__(why or "exit %s" % rc)
        self.cmd, self.rc, self.why, self.cwd = cmd, rc, why, cwd
        self.name = None  # which of the timed commands, when known


def explain_failure(err, label="error"):
    """Run the failed command again, this time keeping its stderr; returns
    its first error line (or the reason it could not run)."""
    if err.why:
        sys.stderr.write("%s: cannot run %s: %s\n"
                         % (label, " ".join(err.cmd), err.why))
        return err.why
    try:
        p = subprocess.run(err.cmd, stdin=subprocess.DEVNULL, cwd=err.cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        lines = p.stderr.strip().splitlines()
        tail = "\n".join(lines[-15:])
        first = next((l.strip() for l in lines if "error" in l), None)
    except OSError as e:
        tail = first = str(e)
    sys.stderr.write("%s: command failed (exit %s): %s\n%s\n"
                     % (label, err.rc, " ".join(err.cmd), tail))
    return first or "exit %s" % err.rc


def time_rounds(args, cmds, names, cwd=None, ok=None):
    """Wall and CPU seconds of each command: args.warmup untimed rounds, then
    args.runs timed ones, one run of every command per round. ok: the exit
    statuses accepted per command name (default: 0 only)."""
    times = {n: [] for n in names}
    cpu = {n: [] for n in names}
    for i in range(args.warmup + args.runs):
        for n in names:
            try:
                wall, c = run_once(cmds[n], cwd, (ok or {}).get(n, (0,)))
            except CommandFailed as e:
                e.name = n
                raise
            if i >= args.warmup:
                times[n].append(wall)
                cpu[n].append(c)
    return times, cpu


def bench_file(args, path):
    cmds = build_commands(args, path)
    names = [n for n in COMMANDS if n not in args.skip]
    times, cpu = time_rounds(args, cmds, names)
    res = {"file": path, "commands": {n: cmds[n] for n in names},
           "times_s": times, "cpu_s": cpu,
           "cpu_median_s": {n: statistics.median(cpu[n]) for n in names},
           "median_s": {n: statistics.median(times[n]) for n in names},
           "min_s": {n: min(times[n]) for n in names}}
    med = res["median_s"]
    mn = res["min_s"]
    res["ratio_clang"] = (med["rl-analyze"] / med["clang-parse"]
                          if "clang-parse" in med else None)
    res["ratio_nvcc"] = (med["rl-analyze"] / med["nvcc-c"]
                         if "nvcc-c" in med else None)
    res["ratio_clang_min"] = (mn["rl-analyze"] / mn["clang-parse"]
                              if "clang-parse" in mn else None)
    res["ratio_nvcc_min"] = (mn["rl-analyze"] / mn["nvcc-c"]
                             if "nvcc-c" in mn else None)
    cm = res["cpu_median_s"]
    res["cpu_ratio_clang"] = (cm["rl-analyze"] / cm["clang-parse"]
                              if cm.get("clang-parse") else None)
    res["cpu_ratio_nvcc"] = (cm["rl-analyze"] / cm["nvcc-c"]
                             if cm.get("nvcc-c") else None)
    return res


def geomean(xs):
    xs = [x for x in xs if x]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def summarize(results):
    s = {}
    for key in ("ratio_clang", "ratio_nvcc", "ratio_clang_min", "ratio_nvcc_min",
                "cpu_ratio_clang", "cpu_ratio_nvcc"):
        s[key] = geomean([r[key] for r in results])
    for n in COMMANDS:
        s["geomean_median_s_" + n] = geomean(
            [r["median_s"].get(n) for r in results])
    rc = [r["ratio_clang"] for r in results if r["ratio_clang"]]
    s["ratio_clang_max"] = max(rc) if rc else None
    s["ratio_clang_min_file"] = min(rc) if rc else None
    return s


# ---------------------------------------------------------------- output

def ms(x):
    return "-" if x is None else "%.0f" % (x * 1000.0)


def ratio(x):
    return "-" if x is None else "%.2f" % x


def rows(results, summary):
    head = ["file", "rl-analyze ms", "clang-parse ms", "nvcc -c ms",
            "rl/clang", "rl/nvcc", "rl/clang CPU", "min: rl / clang / nvcc ms"]
    body = []
    for r in results:
        med, mn = r["median_s"], r["min_s"]
        body.append([
            os.path.basename(r["file"]),
            ms(med.get("rl-analyze")), ms(med.get("clang-parse")),
            ms(med.get("nvcc-c")),
            ratio(r["ratio_clang"]), ratio(r["ratio_nvcc"]),
            ratio(r["cpu_ratio_clang"]),
            " / ".join(ms(mn.get(n)) for n in COMMANDS),
        ])
    foot = [
        "geometric mean",
        ms(summary["geomean_median_s_rl-analyze"]),
        ms(summary["geomean_median_s_clang-parse"]),
        ms(summary["geomean_median_s_nvcc-c"]),
        ratio(summary["ratio_clang"]), ratio(summary["ratio_nvcc"]),
        ratio(summary["cpu_ratio_clang"]),
        "ratios of minima: %s / %s" % (ratio(summary["ratio_clang_min"]),
                                        ratio(summary["ratio_nvcc_min"])),
    ]
    return head, body, foot


def print_text(head, body, foot):
    table = [head] + body + [foot]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]

    def fmt(row):
        cells = []
        for i, c in enumerate(row):
            cells.append(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]))
        return "  ".join(cells).rstrip()

    print(fmt(head))
    print("  ".join("-" * w for w in widths))
    for row in body:
        print(fmt(row))
    print("  ".join("-" * w for w in widths))
    print(fmt(foot))


def print_markdown(head, body, foot, bold=(3, 4)):
    """The table as markdown; `bold` indexes the footer cells after the
    first that are printed in bold (the judged ratios)."""
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
    for row in body:
        print("| `" + row[0] + "` | " + " | ".join(row[1:]) + " |")
    print("| **" + foot[0] + "** | " + " | ".join(
        "**%s**" % c if i in bold else c for i, c in enumerate(foot[1:])) + " |")


def print_machine(info, args, markdown, extra=()):
    la = info.get("loadavg_start")
    lines = [
        ("machine", "%s, %s usable CPU(s), Linux %s"
         % (info["cpu_model"], info["nproc"], info["kernel"])),
        ("clang", info["clang"] or "?"),
        ("nvcc", info["nvcc"] or "?"),
        ("rl-analyze", "%s (%s, built %s, checkout HEAD %s)"
         % (info["rl_analyze"] or "?", info["tool_path"],
            info["tool_mtime"] or "?", info["source_commit"] or "?")),
        ("runs", "%d timed + %d warm-up per command, interleaved; median and min"
         % (args.runs, args.warmup)),
        ("load average", "start %s, end %s" % (
            " ".join("%.2f" % x for x in la) if la else "?",
            " ".join("%.2f" % x for x in info["loadavg_end"])
            if info.get("loadavg_end") else "?")),
    ] + list(extra)
    for k, v in lines:
        print(("- **%s**: %s" if markdown else "%-13s %s") % (k, v))
    print()


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Time rl-analyze against clang's own parse and nvcc -c.")
    ap.add_argument("files", nargs="*",
                    help="input .cu files (default: kernels/*.cu)")
    ap.add_argument("--runs", type=int, default=7,
                    help="timed runs per command (default 7)")
    ap.add_argument("--warmup", type=int, default=1,
                    help="untimed warm-up runs per command (default 1)")
    ap.add_argument("--tool", default=DEFAULT_TOOL,
                    help="rl-analyze binary (default: build/tools/rl-analyze/rl-analyze)")
    ap.add_argument("--no-snapshot", dest="snapshot", action="store_false",
                    help="time the tool where it is instead of a private copy")
    ap.add_argument("--clang", default="clang++-22", help="clang driver (default clang++-22)")
    ap.add_argument("--nvcc", default="nvcc", help="nvcc (default: nvcc on PATH)")
    ap.add_argument("--cuda-path", default="/usr/local/cuda",
                    help="CUDA toolkit root (default /usr/local/cuda)")
    ap.add_argument("--arch", default="sm_90", help="GPU architecture (default sm_90)")
    ap.add_argument("--skip", action="append", default=[],
                    choices=COMMANDS[1:] + ("rl-no-resources",),
                    help="leave a baseline out (repeatable; rl-no-resources: "
                         "the --no-resources column of --corpus)")
    ap.add_argument("--json", metavar="OUT", help="write the raw numbers to OUT")
    ap.add_argument("--markdown", action="store_true", help="print a markdown table")
    ap.add_argument("--goal", type=float, default=1.20,
                    help="goal for the geometric mean of rl-analyze / clang-parse "
                         "(with --corpus: for its median; default 1.20)")
    ap.add_argument("--check", action="store_true",
                    help="exit 3 when the goal is missed")
    ap.add_argument("--project", action="store_true",
                    help="time whole-project runs (-p, -j1/-j2, cold and "
                         "warm cache) instead of one file at a time")
    ap.add_argument("--lsp-edits", type=int, default=10,
                    help="edits per file for the language server's warm-edit "
                         "latency (default 10; 0 leaves it out)")
    ap.add_argument("--lsp-debounce-ms", type=int, default=200,
                    help="the server's quiet time after an edit, included in "
                         "each edit's latency (default 200, the server's "
                         "default; 0 times the analysis alone)")
    ap.add_argument("--lsp-goal-ms", type=float, default=300,
                    help="goal for the slowest file's median warm-edit "
                         "latency in ms (default 300)")
    ap.add_argument("--corpus", nargs="+", metavar="DIR",
                    help="time the files of real code bases (flags found as "
                         "bench/realcode/corpus.py finds them) instead of FILEs")
    ap.add_argument("--corpus-json", metavar="FILE",
                    help="with --corpus: take the files nvcc accepts and "
                         "rl-analyze analyses from bench/realcode/corpus.py's "
                         "--json-out FILE instead of checking them now")
    ap.add_argument("--corpus-jobs", type=int, default=2, metavar="N",
                    help="with --corpus and no --corpus-json: files checked "
                         "at a time (default 2; the timing is one at a time)")
    ap.add_argument("--sample", type=int, metavar="N",
                    help="with --corpus: at most N files, every k-th of them "
                         "sorted by path")
    ap.add_argument("--nvcc-goal", type=float, default=0.50,
                    help="with --corpus: goal for the median of rl-analyze / "
                         "nvcc-c (default 0.50)")
    args = ap.parse_args(argv)

    if args.runs < 1 or args.warmup < 0:
        ap.error("--runs must be >= 1 and --warmup >= 0")
    if args.corpus:
        if args.files or args.project:
            ap.error("--corpus takes no FILEs and no --project")
        for d in args.corpus:
            if not os.path.isdir(d):
                ap.error("not a folder: %s" % d)
        if args.corpus_json and not os.path.isfile(args.corpus_json):
            ap.error("no such file: %s" % args.corpus_json)
        if args.sample is not None and args.sample < 1:
            ap.error("--sample must be >= 1")
        if args.corpus_jobs < 1:
            ap.error("--corpus-jobs must be >= 1")
    elif args.corpus_json or args.sample:
        ap.error("--corpus-json and --sample need --corpus")
    files = args.files or sorted(glob.glob(os.path.join(REPO, "kernels", "*.cu")))
    if not files:
        ap.error("no input files")
    for f in files:
        if not os.path.isfile(f):
            ap.error("no such file: %s" % f)
    args.tool = os.path.abspath(args.tool) if os.sep in args.tool else args.tool
    needed = [args.tool] + [{"clang-parse": args.clang, "nvcc-c": args.nvcc}[n]
                            for n in COMMANDS[1:] if n not in args.skip]
    for exe in needed:
        if not (shutil.which(exe) or os.access(exe, os.X_OK)):
            sys.stderr.write("error: cannot run '%s'\n" % exe)
            return 1

    info = machine_info(args)
    snapdir = None
    if args.snapshot and os.sep in args.tool:
        # Time a private copy, so that a rebuild of the tool while the
        # benchmark runs (another terminal, an editor's build-on-save) neither
        # breaks a run nor mixes two builds into one table. The copy finds
        # the same data files: it looks beside itself first, then in the
        # source tree the build was configured from.
        snapdir = tempfile.mkdtemp(prefix="rl-bench-")
        snap = os.path.join(snapdir, "bin", os.path.basename(args.tool))
        os.makedirs(os.path.dirname(snap))
        shutil.copy2(args.tool, snap)
        info["tool_snapshot"] = snap
        args.tool = snap
    try:
        if args.corpus:
            return measure_corpus(args, info)
        if args.project:
            return measure_project(args, files, info)
        return measure(args, files, info)
    finally:
        if snapdir:
            shutil.rmtree(snapdir, ignore_errors=True)


def measure(args, files, info):
    results = []
    failed = False
    for f in files:
        rel = os.path.relpath(f)
        shown = f if rel.startswith("..") else rel
        sys.stderr.write("bench: %s ...\n" % shown)
        try:
            r = bench_file(args, f)
        except CommandFailed as e:
            explain_failure(e)
            failed = True
            continue
        r["file"] = shown
        results.append(r)
    info["loadavg_end"] = loadavg()
    if not info.get("tool_snapshot") and tool_mtime(args.tool) != info["tool_mtime"]:
        sys.stderr.write("warning: %s changed while the benchmark ran "
                         "(rebuilt?); the numbers mix two builds\n" % args.tool)
        info["tool_changed_during_run"] = True
        failed = True

    if not results:
        return 1
    summary = summarize(results)
    head, body, foot = rows(results, summary)
    print_machine(info, args, args.markdown)
    if args.markdown:
        print_markdown(head, body, foot)
    else:
        print_text(head, body, foot)
    g = summary["ratio_clang"]
    met = g is not None and g <= args.goal
    print()
    print("goal: rl-analyze / clang-parse <= %.2f (geometric mean of medians): "
          "%s (%.2f; per file %.2f..%.2f)"
          % (args.goal, "met" if met else "NOT met", g,
             summary["ratio_clang_min_file"], summary["ratio_clang_max"])
          if g is not None else "goal: no clang-parse baseline measured")
    print("user+sys CPU time instead of wall time (geometric mean of medians): "
          "rl/clang %s, rl/nvcc %s"
          % (ratio(summary["cpu_ratio_clang"]), ratio(summary["cpu_ratio_nvcc"])))

    lsp = None
    lsp_met = True
    if args.lsp_edits > 0:
        sys.stderr.write("bench: rl-analyze lsp, %d edits per file ...\n"
                         % args.lsp_edits)
        lsp = lsp_latency.measure(args.tool, files, args.lsp_edits,
                                  args.lsp_debounce_ms)
        lsp_met = print_lsp(lsp, args)

    if args.json:
        with open(args.json, "w") as out:
            json.dump({"lsp": lsp, "machine": info,
                       "settings": {"runs": args.runs, "warmup": args.warmup,
                                    "goal": args.goal},
                       "files": results, "summary": summary,
                       "goal_met": met, "failed": failed}, out, indent=2)
            out.write("\n")
    if failed:
        return 1
    if args.check and not (met and lsp_met):
        return 3
    return 0


# ------------------------------------------------------------- real code

CORPUS_COMMANDS = ("rl-analyze", "rl-no-resources", "clang-parse", "nvcc-c")


def corpus_top(path, tops):
    """The code base (one of `tops`) that holds `path`, or None."""
    for top in tops:
        if os.path.commonpath([path, top]) == top:
            return top
    return None


def corpus_records(args, tops):
    """corpus.py's per-file records for the code bases: read from
    --corpus-json, or made here by running corpus.py's check (nvcc and
    rl-analyze --no-resources on every .cu file)."""
    if args.corpus_json:
        with open(args.corpus_json) as f:
            recs = json.load(f)["files"]
        for r in recs:
            r["file"] = os.path.normpath(os.path.abspath(r["file"]))
        return [r for r in recs if corpus_top(r["file"], tops)]
    nvcc = shutil.which(args.nvcc) or (args.nvcc if os.access(args.nvcc, os.X_OK)
                                       else None)
    check = argparse.Namespace(tool=args.tool, nvcc_path=nvcc, arch=args.arch,
                               timeout=120, jobs=args.corpus_jobs, quiet=False)
    jobs = [(os.path.basename(t), t, p) for t in tops
            for p in corpus.find_cu_files(t)]
    sys.stderr.write("bench: checking %d files with bench/realcode/corpus.py's rules "
                     "(nvcc and rl-analyze, -j%d) ...\n"
                     % (len(jobs), args.corpus_jobs))
    return corpus.run_all(check, jobs, corpus.NvccCache(None, None))


def corpus_selection(args, tops):
    """(sorted files that nvcc accepts and rl-analyze analyses, every-k-th
    sample of them, k)."""
    recs = corpus_records(args, tops)
    good = sorted({r["file"] for r in recs
                   if r.get("status") == "analysed" and corpus.nvcc_ok(r)
                   and os.path.isfile(r["file"])})
    k = 1
    if args.sample and len(good) > args.sample:
        k = -(-len(good) // args.sample)  # ceil: at most N files
    return good, good[::k], k, len(recs)


def corpus_commands(args, path, plan, names):
    """The timed command lines for one corpus file, by name."""
    cuda = args.cuda_path
    flags = plan["flags"]
    tool = [args.tool, path, "--no-config", "--format=json"]
    tail = ["-p", plan["database"]] if plan["database"] else ["--"] + flags
    cmds = {
        "rl-analyze": tool + tail,
        "rl-no-resources": tool + ["--no-resources"] + tail,
        # The host-side and the sm_90 device-side job: what a clang CUDA
        # compile of the file parses (no --cuda-host-only).
        "clang-parse": [
            args.clang, "-fsyntax-only", "-x", "cuda",
            "--cuda-path=" + cuda, "--cuda-gpu-arch=" + args.arch,
            "-Wno-unknown-cuda-version", "-isystem", cuda + "/include/cccl",
        ] + flags + [path],
        "nvcc-c": [args.nvcc, "-c", "-arch=" + args.arch, "-o", os.devnull]
                  + flags + [path],
    }
    return {n: cmds[n] for n in names}


def ordinal(n):
    """2nd, 3rd, 7th, 11th, 21st."""
    if 10 <= n % 100 <= 20:
        return "%dth" % n
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def line_count(path):
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return None


def div(a, b):
    return a / b if a is not None and b else None


def corpus_file(args, top, path, names):
    """Time one corpus file; the per-file record."""
    plan = corpus.plan_file(path, top)
    cmds = corpus_commands(args, path, plan, names)
    # rl-analyze exits 1 when a gate fails: still a full analysis.
    analysed = {n: corpus.ANALYSED_RCS for n in ("rl-analyze", "rl-no-resources")}
    times, cpu = time_rounds(args, cmds, names, cwd=os.path.dirname(path),
                             ok=analysed)
    med = {n: statistics.median(times[n]) for n in names}
    cm = {n: statistics.median(cpu[n]) for n in names}
    rl, nores = "rl-analyze", "rl-no-resources"
    return {
        "file": path,
        "relative": os.path.relpath(path, os.path.dirname(top)),
        "lines": line_count(path), "flags": plan["flags"],
        "database": plan["database"], "commands": cmds,
        "times_s": times, "cpu_s": cpu, "median_s": med,
        "min_s": {n: min(times[n]) for n in names}, "cpu_median_s": cm,
        "ratio_clang": div(med[rl], med.get("clang-parse")),
        "ratio_nvcc": div(med[rl], med.get("nvcc-c")),
        "cpu_ratio_clang": div(cm[rl], cm.get("clang-parse")),
        "cpu_ratio_nvcc": div(cm[rl], cm.get("nvcc-c")),
        "ratio_clang_no_resources": div(med.get(nores), med.get("clang-parse")),
        "loadavg": loadavg(),
    }


CORPUS_RATIOS = ("ratio_clang", "ratio_nvcc", "cpu_ratio_clang",
                 "cpu_ratio_nvcc", "ratio_clang_no_resources")


def median_of(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def corpus_summary(results):
    s = {"files": len(results)}
    for key in CORPUS_RATIOS:
        xs = [r[key] for r in results if r[key] is not None]
        s["median_" + key] = median_of(xs)
        s["geomean_" + key] = geomean(xs)
        s["range_" + key] = (min(xs), max(xs)) if xs else None
    for n in CORPUS_COMMANDS:
        s["median_s_" + n] = median_of([r["median_s"].get(n) for r in results])
    s["median_lines"] = median_of([r["lines"] for r in results])
    return s


def corpus_rows(results, summary):
    head = ["file", "lines", "rl-analyze ms", "--no-resources ms",
            "clang-parse ms", "nvcc -c ms", "rl/clang", "rl/nvcc",
            "rl/clang CPU", "rl/nvcc CPU", "no-res/clang"]
    body = []
    for r in results:
        med = r["median_s"]
        body.append([r["relative"], str(r["lines"])]
                    + [ms(med.get(n)) for n in CORPUS_COMMANDS]
                    + [ratio(r[k]) for k in CORPUS_RATIOS])
    foot = (["median over %d files" % len(results),
             "%.0f" % summary["median_lines"]]
            + [ms(summary["median_s_" + n]) for n in CORPUS_COMMANDS]
            + [ratio(summary["median_" + k]) for k in CORPUS_RATIOS])
    return head, body, foot


def measure_corpus(args, info):
    """Per-file times on real code bases (--corpus)."""
    tops = [os.path.normpath(os.path.abspath(d)) for d in args.corpus]
    good, files, k, seen = corpus_selection(args, tops)
    if not files:
        sys.stderr.write("error: no file of %s is both accepted by nvcc and "
                         "analysed by rl-analyze\n" % " ".join(args.corpus))
        return 1
    names = [n for n in CORPUS_COMMANDS if n not in args.skip]
    results, left_out = [], []
    for i, f in enumerate(files):
        top = corpus_top(f, tops)
        rel = os.path.relpath(f, os.path.dirname(top))
        sys.stderr.write("bench: [%d/%d] %s ...\n" % (i + 1, len(files), rel))
        try:
            results.append(corpus_file(args, top, f, names))
        except CommandFailed as e:
            # A baseline may reject a file the tool analyses (the analysis
            # adds nvcc compatibility flags the plain clang job has not):
            # the file is left out of the table and listed under it.
            why = explain_failure(e, label="left out")
            left_out.append({"file": f, "relative": rel, "command": e.name,
                             "rc": e.rc, "error": why})
    info["loadavg_end"] = loadavg()
    if not info.get("tool_snapshot") and tool_mtime(args.tool) != info["tool_mtime"]:
        sys.stderr.write("warning: %s changed while the benchmark ran "
                         "(rebuilt?); the numbers mix two builds\n" % args.tool)
        info["tool_changed_during_run"] = True
    if not results:
        return 1
    summary = corpus_summary(results)
    loads = [r["loadavg"][0] for r in results if r["loadavg"]]
    source = ("records of %s" % args.corpus_json if args.corpus_json
              else "bench/realcode/corpus.py's check, run now")
    extra = [
        ("code bases", " ".join(args.corpus)),
        ("files", "%d of %d .cu files are accepted by nvcc and analysed by "
                  "rl-analyze (%s); timed: %s"
         % (len(good), seen, source,
            "every %s file sorted by path, %d files (--sample %d)"
            % (ordinal(k), len(files), args.sample) if k > 1 else
            "all %d" % len(files))),
    ]
    if loads:
        extra.append(("load average (1 min) after each file",
                      "%.2f..%.2f" % (min(loads), max(loads))))
    print_machine(info, args, args.markdown, extra)
    head, body, foot = corpus_rows(results, summary)
    if args.markdown:
        print_markdown(head, body, foot, bold=(5, 6))
    else:
        print_text(head, body, foot)
    if left_out:
        print()
        print("left out (a command failed on the file):")
        for lo in left_out:
            print(("- `%s`: %s exit %s: `%s`" if args.markdown else
                   "  %s: %s exit %s: %s")
                  % (lo["relative"], lo["command"], lo["rc"],
                     (lo["error"] or "").replace(os.path.dirname(lo["file"]) + "/", "")))
    print()
    goals = []
    for key, base, goal in (("ratio_clang", "clang-parse", args.goal),
                            ("ratio_nvcc", "nvcc-c", args.nvcc_goal)):
        m = summary["median_" + key]
        if m is None:
            print("goal: no %s baseline measured" % base)
            continue
        met = m <= goal
        goals.append(met)
        lo, hi = summary["range_" + key]
        print("goal: rl-analyze / %s <= %.2f (median over files): %s "
              "(%.2f; per file %.2f..%.2f; geometric mean %.2f)"
              % (base, goal, "met" if met else "NOT met", m, lo, hi,
                 summary["geomean_" + key]))
    print("user+sys CPU time instead of wall time (median over files): "
          "rl/clang %s, rl/nvcc %s"
          % (ratio(summary["median_cpu_ratio_clang"]),
             ratio(summary["median_cpu_ratio_nvcc"])))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"machine": info,
                       "settings": {"runs": args.runs, "warmup": args.warmup,
                                    "goal": args.goal,
                                    "nvcc_goal": args.nvcc_goal,
                                    "corpus": args.corpus,
                                    "corpus_json": args.corpus_json,
                                    "sample": args.sample, "every": k,
                                    "candidates": good},
                       "files": results, "left_out": left_out,
                       "summary": summary, "goals_met": all(goals)},
                      out, indent=2)
            out.write("\n")
    if info.get("tool_changed_during_run"):
        return 1
    if args.check and not all(goals):
        return 3
    return 0


# ---------------------------------------------------------- whole project

def write_compile_db(directory, files, args):
    """compile_commands.json with one nvcc entry per file, as CMake writes."""
    entries = [{"directory": os.path.dirname(os.path.abspath(f)),
                "command": "%s -arch=%s -x cu -c %s -o %s.o"
                           % (args.nvcc, args.arch, os.path.abspath(f),
                              os.path.basename(f)),
                "file": os.path.abspath(f)} for f in files]
    with open(os.path.join(directory, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=2)


def project_modes(args, db, cache):
    """name -> (setup, command list): each run is one or more processes
    started together; setup prepares the cache before the timed run."""
    base = [args.tool, "-p", db, "--no-config", "--format=json"]

    def cold():
        shutil.rmtree(cache, ignore_errors=True)

    def warm():
        subprocess.run(base + ["-j2", "--cache-dir", cache],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)

    return [
        ("-j1 cold", cold, [base + ["-j1", "--cache-dir", cache]]),
        ("-j2 cold", cold, [base + ["-j2", "--cache-dir", cache]]),
        ("-j1 warm", warm, [base + ["-j1", "--cache-dir", cache]]),
        ("-j2 warm", warm, [base + ["-j2", "--cache-dir", cache]]),
    ]


def run_together(cmds):
    """Wall and user+sys CPU seconds of processes started at once."""
    c0 = children_cpu()
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for c in cmds]
    rcs = [p.wait() for p in procs]
    dt = time.perf_counter() - t0
    for c, rc in zip(cmds, rcs):
        if rc != 0:
            raise CommandFailed(c, rc)
    return dt, children_cpu() - c0


def measure_project(args, files, info):
    """Whole-project throughput: files per second over all inputs."""
    work = tempfile.mkdtemp(prefix="rl-bench-project-")
    try:
        write_compile_db(work, files, args)
        cache = os.path.join(work, "cache")
        modes = project_modes(args, work, cache)
        # Two processes of one file half each: the alternative to threads.
        half = (len(files) + 1) // 2
        split = [[args.tool, "-p", work, "--no-config", "--format=json",
                  "--no-cache"] + [os.path.abspath(f) for f in part]
                 for part in (files[:half], files[half:]) if part]
        modes.append(("2 processes cold", lambda: None, split))
        # Rounds of every mode in turn, so that a change of load on the
        # machine hits all modes alike.
        walls = {name: [] for name, _, _ in modes}
        cpus = {name: [] for name, _, _ in modes}
        try:
            for i in range(args.warmup + args.runs):
                sys.stderr.write("bench: project round %d of %d ...\n"
                                 % (i + 1, args.warmup + args.runs))
                for name, setup, cmds in modes:
                    setup()
                    wall, cpu = run_together(cmds)
                    if i >= args.warmup:
                        walls[name].append(wall)
                        cpus[name].append(cpu)
        except CommandFailed as e:
            explain_failure(e)
            return 1
        results = []
        for name, _, cmds in modes:
            med = statistics.median(walls[name])
            results.append({"mode": name, "commands": cmds,
                            "times_s": walls[name], "cpu_s": cpus[name],
                            "median_s": med, "min_s": min(walls[name]),
                            "cpu_median_s": statistics.median(cpus[name]),
                            "files_per_s": len(files) / med})
        info["loadavg_end"] = loadavg()
        print_machine(info, args, args.markdown)
        head = ["mode", "wall s (median)", "wall s (min)", "CPU s",
                "files/s"]
        rows_ = [[r["mode"], "%.2f" % r["median_s"], "%.2f" % r["min_s"],
                  "%.2f" % r["cpu_median_s"], "%.1f" % r["files_per_s"]]
                 for r in results]
        if args.markdown:
            print("| " + " | ".join(head) + " |")
            print("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
            for row in rows_:
                print("| " + " | ".join(row) + " |")
        else:
            widths = [max(len(r[i]) for r in [head] + rows_)
                      for i in range(len(head))]
            for row in [head] + rows_:
                print("  ".join(c.ljust(widths[i]) if i == 0 else
                                c.rjust(widths[i]) for i, c in enumerate(row)))
        print()
        print("%d files; files/s = files / median wall time" % len(files))
        if args.json:
            with open(args.json, "w") as out:
                json.dump({"machine": info,
                           "settings": {"runs": args.runs,
                                        "warmup": args.warmup,
                                        "files": files},
                           "project": results}, out, indent=2)
                out.write("\n")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
def print_lsp(lsp, args):
    """The language server's table; True when the goal is met."""
    head = ["file", "open ms", "edit median ms", "edit max ms"]
    body = []
    for path, r in lsp.items():
        rel = os.path.relpath(path)
        body.append([path if rel.startswith("..") else rel,
                     ms(r["open_s"]), ms(r["median_s"]), ms(r["max_s"])])
    medians = [r["median_s"] for r in lsp.values()]
    foot = ["all files (median of medians / slowest)",
            ms(statistics.median([r["open_s"] for r in lsp.values()])),
            ms(statistics.median(medians)),
            ms(max(r["max_s"] for r in lsp.values()))]
    print()
    print("rl-analyze lsp: time from didChange to publishDiagnostics, "
          "%d edits per file, %s" % (args.lsp_edits,
                                     "debounce %d ms included" % args.lsp_debounce_ms
                                     if args.lsp_debounce_ms else "no debounce"))
    print()
    if args.markdown:
        print_markdown(head, body, foot)
    else:
        print_text(head, body, foot)
    worst = max(medians) * 1000
    met = worst < args.lsp_goal_ms
    print()
    print("goal: warm-edit latency < %.0f ms (median per file): %s "
          "(slowest file %.0f ms)"
          % (args.lsp_goal_ms, "met" if met else "NOT met", worst))
    return met


if __name__ == "__main__":
    sys.exit(main())
