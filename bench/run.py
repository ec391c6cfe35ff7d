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

Exit status: 0 when every command succeeded, 1 when a command failed (its
stderr is printed), 2 for a usage error, 3 with --check when the goal
(geometric mean of rl-analyze / clang-parse <= --goal) is missed.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_latency  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def run_once(cmd):
    """(wall seconds, user+sys CPU seconds) of one run.

    The wall time is the measurement; the CPU time (of the command and every
    process it waited for) is recorded beside it because it is less disturbed
    by other load on a shared machine. Raises CommandFailed on a non-zero exit.
    """
    c0 = children_cpu()
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as e:
        raise CommandFailed(cmd, None, str(e))
    dt = time.perf_counter() - t0
    cpu = children_cpu() - c0
    if p.returncode != 0:
        raise CommandFailed(cmd, p.returncode)
    return dt, cpu


class CommandFailed(Exception):
    def __init__(self, cmd, rc, why=None):
        super().__init__(why or "exit %s" % rc)
        self.cmd, self.rc, self.why = cmd, rc, why


def explain_failure(err):
    """Run the failed command again, this time keeping its stderr."""
    if err.why:
        sys.stderr.write("error: cannot run %s: %s\n"
                         % (" ".join(err.cmd), err.why))
        return
    try:
        p = subprocess.run(err.cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        tail = "\n".join(p.stderr.strip().splitlines()[-15:])
    except OSError as e:
        tail = str(e)
    sys.stderr.write("error: command failed (exit %s): %s\n%s\n"
                     % (err.rc, " ".join(err.cmd), tail))


def bench_file(args, path):
    cmds = build_commands(args, path)
    names = [n for n in COMMANDS if n not in args.skip]
    times = {n: [] for n in names}
    cpu = {n: [] for n in names}
    for _ in range(args.warmup):
        for n in names:
            run_once(cmds[n])
    for _ in range(args.runs):
        for n in names:
            wall, c = run_once(cmds[n])
            times[n].append(wall)
            cpu[n].append(c)
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


def print_markdown(head, body, foot):
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
    for row in body:
        print("| `" + row[0] + "` | " + " | ".join(row[1:]) + " |")
    print("| **" + foot[0] + "** | " + " | ".join(
        "**%s**" % c if i in (3, 4) else c for i, c in enumerate(foot[1:])) + " |")


def print_machine(info, args, markdown):
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
    ]
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
    ap.add_argument("--skip", action="append", default=[], choices=COMMANDS[1:],
                    help="leave a baseline out (repeatable)")
    ap.add_argument("--json", metavar="OUT", help="write the raw numbers to OUT")
    ap.add_argument("--markdown", action="store_true", help="print a markdown table")
    ap.add_argument("--goal", type=float, default=1.20,
                    help="goal for the geometric mean of rl-analyze / clang-parse (default 1.20)")
    ap.add_argument("--check", action="store_true",
                    help="exit 3 when the goal is missed")
    ap.add_argument("--project", action="store_true",
                    help="time whole-project runs (-p, -j1/-j2, cold and "
                         "warm cache) instead of one file at a time")
    ap.add_argument("--lsp-edits", type=int, default=10,
                    help="edits per file for the language server's warm-edit "
                         "latency (default 10; 0 leaves it out)")
    ap.add_argument("--lsp-goal-ms", type=float, default=300,
                    help="goal for the slowest file's median warm-edit "
                         "latency in ms (default 300)")
    args = ap.parse_args(argv)

    if args.runs < 1 or args.warmup < 0:
        ap.error("--runs must be >= 1 and --warmup >= 0")
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
        lsp = lsp_latency.measure(args.tool, files, args.lsp_edits)
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
          "%d edits per file, no debounce" % args.lsp_edits)
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
