#!/usr/bin/env python3
"""Real-code benchmark: run rl-analyze over every .cu file of some code bases.

  python3 bench/realcode/corpus.py DIR [DIR ...] [-j N] [--no-nvcc] [--floor FILE]

The .cu files of one folder, with the C++ files beside them, are one
program and are analysed together (`rl-analyze A.cu B.cu main.cpp ...`,
entries still counted per .cu file); --per-file runs each .cu file alone.
For each .cu file under the DIRs it runs

  nvcc -c -arch=sm_90 -o /dev/null FLAGS FILE          (when nvcc is present)
  rl-analyze FILE --no-config --format=json --no-resources -- FLAGS

and again without --no-resources for a program with an entry that only
nvcc's resources bind (a grid from cudaOccupancyMaxActiveBlocksPerMultiprocessor),
as a user's run computes them;
where FLAGS come from the nearest compile_commands.json that lists the file
(the tool then gets `-p THATDIR` instead), or else are `-I` options for the
file's folder, its parent folders up to the project root (the DIR, or the
nearest folder holding a LICENSE file), and any common/Common/inc/include/
util/utilities folders in those folders (cuda-samples' `Common` is one).

It records, per file: nvcc's exit code, the tool's exit code, its first error
line, the time, and what the JSON report holds (kernels, entries, entries with
a bound launch, bound entries that do no work). It prints a table per DIR and
in total, writes it as markdown (--markdown-out) and every record as JSON
(--json-out). Standard library only.

"Analysed" means the tool exited 0 or 1 (1 = a gate failed) and printed a JSON
report. Exit status: 0, or 3 when --floor is given and the analysed share of
the nvcc-accepted files (of all files without nvcc) is below it, or when
--bound-floor is given and the share of entries bound is below it; 1 when the
tool binary is missing; 2 for a usage error.
"""

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

# bench/realcode/corpus.py: the repository is two folders up.
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TOOL = os.path.join(REPO, "build", "tools", "rl-analyze", "rl-analyze")
DEFAULT_MARKDOWN = os.path.join(REPO, "docs", "real-code.md")
INCLUDE_DIR_NAMES = ("common", "Common", "inc", "include", "util", "utilities")
ANALYSED_RCS = (0, 1)
CLEAN_RCS = (0, 1, 2)


# ---------------------------------------------------------------------------
# Finding files and their flags


def find_cu_files(top, limit=None):
    """Every .cu file under `top`, sorted; the first `limit` when given."""
    found = []
    for folder, dirs, files in os.walk(top):
        dirs.sort()
        found.extend(os.path.join(folder, f) for f in files if f.endswith(".cu"))
    found.sort()
    return found[:limit] if limit else found


def ancestors(path, top):
    """The folder of `path` and its parents, nearest first, up to the project
    root: `top`, or the first folder with a LICENSE file, whichever comes first."""
    top = os.path.abspath(top)
    folder = os.path.dirname(os.path.abspath(path))
    chain = []
    while True:
        chain.append(folder)
        if folder == top or os.path.exists(os.path.join(folder, "LICENSE")):
            return chain
        parent = os.path.dirname(folder)
        if parent == folder or os.path.commonpath([folder, top]) != top:
            return chain
        folder = parent


def include_dirs(path, top):
    """The -I folders for a file without a compilation database."""
    dirs = []
    for folder in ancestors(path, top):
        dirs.append(folder)
        for name in INCLUDE_DIR_NAMES:
            sub = os.path.join(folder, name)
            if os.path.isdir(sub):
                dirs.append(sub)
                # one level down too: 7_libNVVM/common/include
                dirs.extend(os.path.join(sub, n) for n in INCLUDE_DIR_NAMES
                            if os.path.isdir(os.path.join(sub, n)))
    common = os.path.join(os.path.abspath(top), "Common")
    if os.path.isdir(common):
        dirs.append(common)
    unique = []
    for d in dirs:
        if d not in unique:
            unique.append(d)
    return ["-I" + d for d in unique]


_DATABASES = {}


def load_database(folder):
    """The entries of folder/compile_commands.json by absolute file, or {}
    (read once per folder)."""
    if folder in _DATABASES:
        return _DATABASES[folder]
    entries = {}
    try:
        with open(os.path.join(folder, "compile_commands.json")) as f:
            for e in json.load(f):
                d = e.get("directory", folder)
                entries[os.path.normpath(os.path.join(d, e["file"]))] = e
    except (OSError, ValueError, KeyError, TypeError):
        entries = {}
    _DATABASES[folder] = entries
    return entries


def database_for(path, top):
    """(folder, entry) of the nearest compile_commands.json listing `path`
    (in the file's folder, an ancestor, or their build/ folders), or
    (None, None)."""
    target = os.path.normpath(os.path.abspath(path))
    candidates = [d for a in ancestors(path, top) for d in (a, os.path.join(a, "build"))]
    for folder in candidates:
        if os.path.exists(os.path.join(folder, "compile_commands.json")):
            entry = load_database(folder).get(target)
            if entry:
                return folder, entry
    return None, None


def flags_from_entry(entry):
    """The -I/-D/-U/-isystem/-include/-std flags of a database entry."""
    args = entry.get("arguments") or shlex.split(entry.get("command", ""))
    d = entry.get("directory", ".")
    out, i = [], 1
    while i < len(args):
        a = args[i]
        if a in ("-I", "-isystem", "-include", "-D", "-U") and i + 1 < len(args):
            val = args[i + 1]
            if a in ("-I", "-isystem"):
                val = os.path.join(d, val)
            out += [a, val]
            i += 2
            continue
        if a.startswith("-I") and len(a) > 2:
            out.append("-I" + os.path.join(d, a[2:]))
        elif a.startswith(("-D", "-U", "-std=")):
            out.append(a)
        i += 1
    return out


SHELL_OPERATOR_RE = re.compile(r"^(\d*[<>]|&>|\||&&|;|&$)")


def program_words(words):
    """A run line's arguments up to its first redirection, pipe or list
    operator: `./pathfinder 100000 100 20 > result.txt` runs with three."""
    out = []
    for w in words:
        if SHELL_OPERATOR_RE.match(w):
            break
        out.append(w)
    return out


def run_script_args(path, top):
    """The program arguments of the code base's own run line for this file's
    folder (Rodinia keeps a `run` or `run.sh` script per benchmark), or None. Of several
    lines, the first that reads no input file (its sizes are then in the
    arguments), else the first."""
    for folder in ancestors(path, top):
        scripts = [os.path.join(folder, n) for n in ("run", "run.sh")]
        scripts = [f for f in scripts if os.path.isfile(f)]
        if not scripts:
            continue
        script = scripts[0]
        lines = []
        with open(script, errors="replace") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                words = shlex.split(line, posix=True) if line else []
                if words and "/" in words[0] and not words[0].startswith("/"):
                    lines.append(program_words(words[1:]))
        if not lines:
            return None
        for words in lines:
            if not any("data/" in w or w.endswith(".txt") for w in words):
                return words
        return lines[0]
    return None


CODE_FLAG_PATTERN = re.compile(r"-maxrregcount=\d+")


def cmake_code_flags(path, top):
    """The nvcc options that change the device code (`-maxrregcount=N`)
    which the nearest CMakeLists.txt above `path` builds it with: the tool
    gets them as the program's build does, since they change registers and
    with them the occupancy a host's cooperative launch is sized by."""
    for folder in ancestors(path, top):
        cmake = os.path.join(folder, "CMakeLists.txt")
        if os.path.isfile(cmake):
            with open(cmake, errors="replace") as f:
                return CODE_FLAG_PATTERN.findall(f.read())
    return []


def plan_file(path, top):
    """How to build one file: its flags and, with a database, its folder;
    the device-code flags of its build (`code_flags`, given to the tool
    only: nvcc's cached verdicts are keyed by `flags`); and the arguments
    its program is run with, where the code base says."""
    db_dir, entry = database_for(path, top)
    args = run_script_args(path, top)
    if entry:
        return {"flags": flags_from_entry(entry), "database": db_dir,
                "args": args, "code_flags": []}
    return {"flags": include_dirs(path, top), "database": None, "args": args,
            "code_flags": cmake_code_flags(path, top)}


# ---------------------------------------------------------------------------
# Running commands


def run_command(cmd, timeout, cwd=None):
    """Run `cmd`; returns (rc, stdout, stderr, seconds, timed_out). The whole
    process group is killed on timeout (nvcc starts children). rc is negative
    for a signal, None when the command could not be started."""
    start = time.perf_counter()
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, cwd=cwd,
                             start_new_session=True)
    except OSError as e:
        return None, "", str(e), 0.0, False
    try:
        out, err = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = p.communicate()
        timed_out = True
    seconds = time.perf_counter() - start
    text = lambda b: b.decode("utf-8", "replace")
    return p.returncode, text(out), text(err), seconds, timed_out


ERROR_PATTERNS = (
    re.compile(r"(^|[\s:])(fatal )?error:"),   # clang's and nvcc's "error:"
    re.compile(r"\berror\b", re.I),             # "Error while processing"
    re.compile(r"error", re.I),                  # anything else
)


def first_error(stderr):
    """The first stderr line that says 'error': a compiler "error:" line if
    there is one (so that a warning naming cudaErrorFoo is not taken), else
    the first line with the word, else None."""
    lines = [l.strip() for l in stderr.splitlines()]
    for pattern in ERROR_PATTERNS:
        for line in lines:
            if pattern.search(line):
                return line
    return None


def normalise_error(msg):
    """The cause behind an error line: without the file:line:col prefix,
    folder names, and numbers, so that the same problem in two files groups."""
    if not msg:
        return msg
    msg = re.sub(r"^.*?:\d+(:\d+)?:\s*", "", msg)          # file:line:col:
    msg = re.sub(r"(/[^\s'\"():]+)+/", "", msg)             # folders of paths
    msg = re.sub(r"'[^']*\.cuh?'", "'FILE'", msg)           # the file itself
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg.strip()


class NvccCache:
    """nvcc's exit code and first error by (file content, its place under its
    code base, flags, nvcc's version, arch), kept in a JSON file between runs.
    The key holds no absolute path and no time stamp, so that the committed
    cache (bench/realcode/corpus_nvcc_cache.json) serves a clean clone anywhere."""

    def __init__(self, path, nvcc_version, arch="sm_90", roots=()):
        self.path, self.version, self.arch = path, nvcc_version, arch
        # Longest first, so that a root inside another is replaced whole.
        self.roots = sorted(((os.path.abspath(r), os.path.basename(
            os.path.normpath(r))) for r in roots), key=lambda r: -len(r[0]))
        self.lock = threading.Lock()
        self.data, self.hits, self.added = {}, 0, 0
        if path and os.path.exists(path):
            try:
                with open(path) as f:
                    self.data = json.load(f)
            except (OSError, ValueError):
                self.data = {}

    def relative(self, text):
        """TEXT with each code base's absolute folder named <group>."""
        for root, name in self.roots:
            text = text.replace(root, "<%s>" % name)
        return text

    def key(self, path, flags):
        """The cache key of one compile."""
        with open(path, "rb") as f:
            content = hashlib.sha256(f.read()).hexdigest()
        raw = json.dumps([self.relative(os.path.abspath(path)), content,
                          [self.relative(f) for f in flags], self.version,
                          self.arch])
        return hashlib.sha256(raw.encode()).hexdigest()

    def get(self, path, flags):
        """The cached record, or None."""
        if not self.path:
            return None
        key = self.key(path, flags)
        with self.lock:
            hit = self.data.get(key)
            self.hits += hit is not None
            return hit

    def put(self, path, flags, record):
        """Remember one compile's result."""
        if self.path:
            key = self.key(path, flags)
            with self.lock:
                self.added += key not in self.data
                self.data[key] = record

    def save(self):
        """Write the cache file (atomically), when a compile was added."""
        if not self.path or not self.added:
            return
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.data, f, indent=0, sort_keys=True)
            f.write("\n")
        os.replace(tmp, self.path)


def run_nvcc(args, path, flags, cache):
    """nvcc on one file: {"rc", "error", "seconds", "cached"}; rc None when
    nvcc is off, "timeout" when it ran out of time."""
    if not args.nvcc_path:
        return {"rc": None, "error": None, "seconds": None, "cached": False}
    hit = cache.get(path, flags)
    if hit is not None:
        return dict(hit, cached=True, seconds=None)
    cmd = [args.nvcc_path, "-c", "-arch=" + args.arch, "-o", os.devnull] + flags + [path]
    rc, _, err, secs, timed_out = run_command(cmd, args.timeout, os.path.dirname(path))
    rec = {"rc": "timeout" if timed_out else rc, "error": first_error(err)}
    if not timed_out:
        cache.put(path, flags, rec)
    return dict(rec, seconds=round(secs, 3), cached=False)


# The environment the programs run in: a desktop session, as the samples'
# OpenGL programs document (without DISPLAY they exit before any launch).
PROGRAM_ENV = ["DISPLAY=:0"]


def env_options():
    """--env options for PROGRAM_ENV."""
    return [o for e in PROGRAM_ENV for o in ("--env", e)]


def tool_command(args, path, plan, resources=False):
    """The rl-analyze command line for one file: without nvcc's resources
    (fast) unless asked for (see needs_resources)."""
    cmd = [args.tool, path, "--no-config", "--format=json"] + (
        [] if resources or args.resources else ["--no-resources"]) + gpu_options(args)
    cmd += env_options()
    if plan.get("args") is not None:
        cmd += ["--args", shlex.join(plan["args"])]
    if plan["database"]:
        return cmd + ["-p", plan["database"]]
    return cmd + ["--"] + plan["code_flags"] + plan["flags"]


# ---------------------------------------------------------------------------
# Reading the report


def is_number(v):
    """A plain number or a {low, high} range of numbers."""
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    return (isinstance(v, dict) and is_number(v.get("low"))
            and is_number(v.get("high")))


def high(v):
    """The upper end of a numeric range value."""
    return v["high"] if isinstance(v, dict) else v


def context_sum_bound(k):
    """An entry merging the calling contexts of one site (a loop passing its
    counter as the grid) whose contexts the tool bound one by one, each with
    a concrete grid, block and totals, and summed."""
    s = k.get("context_sum")
    return (isinstance(s, dict) and s.get("contexts", 0) > 0
            and s.get("unbound_contexts") == 0
            and is_number(s.get("flops")) and is_number(s.get("dram_bytes")))


def entry_bound(k):
    """A concrete grid and block, and numeric flops and global bytes; or
    every calling context of a merged entry so (context_sum_bound)."""
    if context_sum_bound(k):
        return True
    launch = k.get("launch") or {}
    totals = k.get("totals") or {}
    dims = list(launch.get("grid") or []) + list(launch.get("block") or [])
    return (len(dims) == 6 and all(is_number(d) for d in dims)
            and all(is_number(totals.get(f)) for f in
                    ("flops", "global_load_bytes", "global_store_bytes")))


WORK_FIELDS = ("flops", "sfu_ops", "global_load_bytes", "global_store_bytes",
               "shared_load_bytes", "shared_store_bytes", "atomic_ops")


def entry_zero_work(k):
    """A bound entry that counts no work: no FLOPs, special functions,
    global or shared bytes, or atomics (the tool's [rl-no-work] rule)."""
    if context_sum_bound(k):
        s = k["context_sum"]
        return high(s["flops"]) + high(s["dram_bytes"]) == 0
    t = k.get("totals") or {}
    return sum(high(t[f]) for f in WORK_FIELDS if is_number(t.get(f))) == 0


def frontend_errors(report):
    """Diagnostics saying that a clang error was tolerated (an id with
    'frontend' in it, e.g. rl-frontend-error), in the file and every kernel."""
    diags = list(report.get("diagnostics") or [])
    for k in report.get("kernels") or []:
        if isinstance(k, dict):
            diags.extend(k.get("diagnostics") or [])
    return [d for d in diags if isinstance(d, dict) and
            "frontend" in str(d.get("id", ""))]


CONTEXT_NOTES = ("as the program runs", "one GPU", "device properties as on",
                 "not run by the program", "run ", "launched ")


# The kernel's reasons for totals that are not numbers.
TOTALS_DIAGNOSTICS = ("rl-unsupported", "rl-undefined", "rl-overflow",
                      "rl-unbound")


def normalise_note(note):
    """A note without names, numbers, quoted code and file positions."""
    reason = note.split(": ", 1)[1] if re.match(r"(grid|block)\.[xyz] |argument ",
                                                note) and ": " in note else note
    reason = re.sub(r"`[^`]*`", "`EXPR`", reason)
    reason = re.sub(r"'[^']*'", "'NAME'", reason)
    reason = re.sub(r"[\w./-]+\.(cu|cuh|cpp|cc|h|hpp):\d+(:\d+)?", "FILE:LINE", reason)
    reason = re.sub(r"\b\d+(\.\d+)?\b", "N", reason)
    return reason


def unbound_reason(k):
    """Why an entry is not bound, grouped: its first note about the grid or
    block (else about an argument, else its first note that is not about the
    calling context) without names, numbers and quoted code. An entry with a
    concrete grid and block names the totals that are not numbers."""
    launch = k.get("launch") or {}
    notes = launch.get("notes") or []
    dims = list(launch.get("grid") or []) + list(launch.get("block") or [])
    if len(dims) == 6 and all(is_number(d) for d in dims):
        totals = k.get("totals") or {}
        missing = [f for f in ("flops", "global_load_bytes", "global_store_bytes")
                   if not is_number(totals.get(f))]
        why = [d.get("message", "") for d in k.get("diagnostics") or []
               if isinstance(d, dict) and d.get("id") in TOTALS_DIAGNOSTICS]
        if why:
            return "(totals) " + normalise_note(re.sub(r" \(.*\)", "", why[0]))
        return "grid and block known; not numbers: " + ", ".join(missing)
    dim_notes = [n for n in notes if re.match(r"(grid|block)\.[xyz] ", n)]
    arg_notes = [n for n in notes if n.startswith("argument ")]
    other = [n for n in notes if not n.startswith(CONTEXT_NOTES)]
    if dim_notes:
        return normalise_note(dim_notes[0])
    if arg_notes:
        return "(an argument) " + normalise_note(arg_notes[0])
    if other:
        return "(other) " + normalise_note(other[0])
    return "no reason given"


def unbound_detail(k):
    """One unbound entry as the JSON record keeps it: where, and its notes."""
    launch = k.get("launch") or {}
    return {"name": k.get("name"), "site": launch.get("site"),
            "grid": launch.get("grid"), "block": launch.get("block"),
            "notes": launch.get("notes") or [],
            "totals_notes": [d.get("message") for d in k.get("diagnostics") or []
                             if isinstance(d, dict) and
                             d.get("id") in TOTALS_DIAGNOSTICS][:5]}


def gpu_options(args):
    """--gpu for the tool, when asked for."""
    return ["--gpu", args.gpu] if args.gpu else []


# What --reports-out keeps of each kernel entry: enough to compare it with a
# measured launch (bench/realcode/compare.py).
PREDICTION_LAUNCH = ("grid", "block", "dynamic_smem", "site", "source",
                     "host_function", "launch_count", "notes")
PREDICTION_TOTALS = ("flops", "flops_by_precision", "hardware_flops",
                     "tensor_flops", "tensor_flops_total", "sfu_ops",
                     "global_load_bytes", "global_store_bytes",
                     "atomic_ops", "footprint_bytes",
                     "footprint_sector_bytes", "dram_bytes",
                     "dram_read_bytes", "dram_write_bytes",
                     "dram_deferred_write_bytes", "dram_launch_bytes",
                     "dram_kernel_bytes", "l2_bytes",
                     "l1_bytes", "global_sector_bytes",
                     "shared_wavefront_bytes")
PREDICTION_ARRAY = ("name", "footprint_bytes", "allocated_bytes")
PREDICTION_VERDICT = ("gpu", "bound", "predicted_time_s", "compute_time_s",
                      "memory_time_s", "l2_time_s", "l1_time_s",
                      "latency_time_s", "local_memory")
PREDICTION_ISSUE = ("constant_move_flops",)


def cut_verdicts(verdicts):
    """A kernel's verdicts, cut to what a comparison reads: the times and,
    of the issue model, the FLOPs the counters see in register moves."""
    out = []
    for v in verdicts or []:
        if not isinstance(v, dict):
            continue
        c = {f: v.get(f) for f in PREDICTION_VERDICT if f in v}
        if isinstance(v.get("issue"), dict):
            c["issue"] = {f: v["issue"].get(f) for f in PREDICTION_ISSUE
                          if f in v["issue"]}
        out.append(c)
    return out


def cut_context_sum(cs):
    """A merged entry's context_sum, its per-configuration launches cut as
    the entries are."""
    if not isinstance(cs, dict):
        return cs
    cs = dict(cs)
    cs["by_launch"] = [
        {"grid": b.get("grid"), "block": b.get("block"),
         "dynamic_smem": b.get("dynamic_smem"), "launches": b.get("launches"),
         "totals": {f: (b.get("totals") or {}).get(f)
                    for f in PREDICTION_TOTALS if f in (b.get("totals") or {})},
         "verdicts": cut_verdicts(b.get("verdicts"))}
        for b in cs.get("by_launch") or [] if isinstance(b, dict)]
    return cs


def prediction_entries(report):
    """The kernel entries of one report, cut to what a comparison with the
    hardware reads."""
    out = []
    for k in report.get("kernels") or []:
        if not isinstance(k, dict):
            continue
        launch = k.get("launch") or {}
        totals = k.get("totals") or {}
        out.append({
            "name": k.get("name"), "mangled_name": k.get("mangled_name"),
            "location": k.get("location"), "bound": entry_bound(k),
            "launch": {f: launch.get(f) for f in PREDICTION_LAUNCH
                       if f in launch},
            "totals": {f: totals.get(f) for f in PREDICTION_TOTALS
                       if f in totals},
            "context_sum": cut_context_sum(k.get("context_sum")),
            "arrays": [{f: a.get(f) for f in PREDICTION_ARRAY}
                       for a in k.get("arrays") or []
                       if isinstance(a, dict) and
                       a.get("allocated_bytes") is not None],
            "verdicts": cut_verdicts(k.get("verdicts"))})
    return out


LIBRARY_CALL_FIELDS = ("name", "kind", "operation", "location", "m", "n",
                       "k", "nnz", "precision", "by_gpu")


def library_call_entries(report):
    """The library calls of one report (cuBLAS, cuSPARSE, runtime copies)
    that run kernels: what a comparison with their measured kernels reads."""
    return [{f: c.get(f) for f in LIBRARY_CALL_FIELDS if f in c}
            for c in report.get("library_calls") or []
            if isinstance(c, dict) and c.get("kind") not in ("copy", "fill")]


def summarise_report(report):
    """Counts of one JSON report: kernels, entries, bound, zero-work."""
    entries = [k for k in report.get("kernels") or [] if isinstance(k, dict)]
    names = {(k.get("name"), json.dumps(k.get("location"), sort_keys=True))
             for k in entries}
    bound = [k for k in entries if entry_bound(k)]
    tolerated = frontend_errors(report)
    reasons = {}
    for k in entries:
        if not entry_bound(k):
            r = unbound_reason(k)
            reasons[r] = reasons.get(r, 0) + 1
    return {"kernels": len(names), "entries": len(entries),
            "bound": len(bound), "unbound_reasons": reasons,
            "unbound": [unbound_detail(k) for k in entries if not entry_bound(k)],
            "zero_work": sum(1 for k in bound if entry_zero_work(k)),
            "frontend_errors": len(tolerated),
            "frontend_error": str(tolerated[0].get("message")) if tolerated else None}


def parse_report(stdout):
    """The report object from the tool's stdout, or None."""
    try:
        report = json.loads(stdout)
    except ValueError:
        return None
    if isinstance(report, dict) and isinstance(report.get("kernels"), list):
        return report
    return None


def classify(rc, timed_out, report):
    """One word for the tool's outcome."""
    if timed_out:
        return "timeout"
    if rc is None:
        return "not-started"
    if rc not in CLEAN_RCS:
        return "crash"
    if rc in ANALYSED_RCS:
        return "analysed" if report is not None else "bad-json"
    return "rejected"


# ---------------------------------------------------------------------------
# One file


def needs_resources(records):
    """Whether an unbound entry of these records waits on what --no-resources
    leaves out (a grid from cudaOccupancyMaxActiveBlocksPerMultiprocessor
    needs the kernel's registers): such a program is run again as a user
    runs it, with nvcc's resources."""
    return any("(--no-resources)" in note
               for rec in records for u in rec.get("unbound") or []
               for note in (u.get("notes") or []) + (u.get("totals_notes") or []))


def analyse_file(args, group, top, path, cache, resources=False):
    """Everything recorded about one file."""
    plan = plan_file(path, top)
    nv = run_nvcc(args, path, plan["flags"], cache)
    rc, out, err, secs, timed_out = run_command(
        tool_command(args, path, plan, resources), args.timeout,
        os.path.dirname(path))
    report = parse_report(out) if rc in ANALYSED_RCS else None
    status = classify(rc, timed_out, report)
    error = first_error(err)
    if status == "crash":
        error = error or ("signal %d" % -rc if rc < 0 else "exit code %d" % rc)
    elif status == "timeout":
        error = "timed out after %g s" % args.timeout
    elif status == "bad-json":
        error = "exit %d without a JSON report on stdout" % rc
    elif status == "not-started":
        error = err.strip()
    rec = {"group": group, "file": path,
           "relative": os.path.relpath(path, os.path.dirname(os.path.abspath(top))),
           "database": plan["database"], "flags": plan["flags"],
           "args": plan.get("args"),
           "nvcc_rc": nv["rc"], "nvcc_error": nv["error"],
           "nvcc_seconds": nv["seconds"], "nvcc_cached": nv["cached"],
           "tool_rc": rc, "status": status, "first_error": error,
           "cause": normalise_error(error) if status == "rejected" else None,
           "seconds": round(secs, 3),
           "kernels": 0, "entries": 0, "bound": 0, "zero_work": 0,
           "frontend_errors": 0, "frontend_error": None}
    if status == "rejected" and not rec["cause"]:
        rec["cause"] = "exit 2 without an error line"
    if report is not None:
        rec.update(summarise_report(report))
        if args.reports_out:
            rec["predictions"] = prediction_entries(report)
            rec["library_calls"] = library_call_entries(report)
    rec["resources"] = resources
    if not resources and needs_resources([rec]):
        return analyse_file(args, group, top, path, cache, resources=True)
    return rec


HOST_SOURCE_EXTS = (".cpp", ".cc", ".cxx", ".c")


def host_files(folder):
    """The C++ files beside a folder's .cu files: host code of the same
    program (cuda-samples' reduction.cpp holds the main that calls
    reduction_kernel.cu's wrapper)."""
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.endswith(HOST_SOURCE_EXTS))


MAIN_RE = re.compile(r"\bint\s+main\s*\(")


def defines_main(paths):
    """Whether one of these sources defines `int main(`."""
    for p in paths:
        try:
            with open(p, errors="replace") as f:
                if MAIN_RE.search(f.read()):
                    return True
        except OSError:
            pass
    return False


def program_groups(jobs):
    """The jobs by folder: one program per folder, as its build makes it; a
    folder without a main is part of the program of the nearest folder above
    it that has one (Rodinia's dwt2d/dwt_cuda, whose wrappers dwt2d/dwt.cu
    calls). Each item: (group, top, [.cu paths], [host paths])."""
    by_folder = {}
    for g, t, p in jobs:
        key = (g, t, os.path.dirname(os.path.abspath(p)))
        by_folder.setdefault(key, []).append(p)
    has_main = {key: defines_main(paths + host_files(key[2]))
                for key, paths in by_folder.items()}
    owner = {}
    for key in by_folder:
        g, t, folder = key
        owner[key] = key
        if has_main[key]:
            continue
        top_dir = os.path.abspath(t)
        up = os.path.dirname(folder)
        while up.startswith(top_dir) and up != os.path.dirname(up):
            above = (g, t, up)
            if above not in has_main:
                # A folder of host code only (Rodinia's lavaMD/main.c above
                # lavaMD/kernel/*.cu) owns the program too.
                has_main[above] = defines_main(host_files(up))
            if has_main[above]:
                owner[key] = above
                break
            up = os.path.dirname(up)
    groups = {}
    for key, paths in by_folder.items():
        paths_hosts = groups.setdefault(owner[key], ([], []))
        paths_hosts[0].extend(paths)
        hosts = host_files(key[2])
        if owner[key] not in by_folder:
            hosts += [h for h in host_files(owner[key][2])
                      if h not in paths_hosts[1]]
        paths_hosts[1].extend(h for h in hosts if h not in paths_hosts[1])
    return [(g, t, paths, hosts) for (g, t, _), (paths, hosts) in groups.items()]


def analyse_program(args, group, top, paths, hosts, cache, resources=False):
    """One folder's files analysed together (`rl-analyze a.cu b.cu main.cpp`),
    recorded per .cu file as analyse_file does. A folder whose files use a
    compile database, or with one .cu file and no host file, is run file by
    file."""
    plans = [plan_file(p, top) for p in paths]
    if (len(paths) + len(hosts) < 2 or any(pl["database"] for pl in plans)):
        return [analyse_file(args, group, top, p, cache) for p in paths]
    plan = plans[0]
    flags, code_flags = [], []
    for pl in plans:
        flags += [f for f in pl["flags"] if f not in flags]
        code_flags += [f for f in pl["code_flags"] if f not in code_flags]
    cmd = [args.tool] + paths + hosts + [
        "--no-config", "--format=json"] + (
            [] if resources or args.resources else ["--no-resources"]) + (
            gpu_options(args) + env_options())
    if plan.get("args") is not None:
        cmd += ["--args", shlex.join(plan["args"])]
    cmd += ["--"] + code_flags + flags
    rc, out, err, secs, timed_out = run_command(
        cmd, args.timeout * len(paths), os.path.dirname(paths[0]))
    try:
        document = json.loads(out) if rc in ANALYSED_RCS + (2,) else None
    except ValueError:
        document = None
    per_file = {}
    if isinstance(document, dict):
        for f in document.get("files") or []:
            per_file[os.path.abspath(os.path.join(os.path.dirname(paths[0]),
                                                  f.get("file", "")))] = f
    records = []
    for path, pl in zip(paths, plans):
        nv = run_nvcc(args, path, pl["flags"], cache)
        entry = per_file.get(os.path.abspath(path)) or per_file.get(path)
        file_rc = entry.get("exit") if entry else rc
        report = entry.get("report") if entry else None
        if report is not None and not isinstance(report.get("kernels"), list):
            report = None
        status = classify(file_rc if not timed_out and rc in CLEAN_RCS else rc,
                          timed_out, report)
        error = (entry.get("error") if entry else None) or first_error(err)
        if status == "crash":
            error = error or ("signal %d" % -rc if rc < 0 else "exit code %d" % rc)
        elif status == "timeout":
            error = "timed out after %g s" % (args.timeout * len(paths))
        elif status == "bad-json":
            error = "exit %d without a JSON report for this file" % rc
        rec = {"group": group, "file": path,
               "relative": os.path.relpath(path, os.path.dirname(os.path.abspath(top))),
               "database": None, "flags": flags, "args": plan.get("args"),
               "program": [os.path.basename(q) for q in paths + hosts],
               "nvcc_rc": nv["rc"], "nvcc_error": nv["error"],
               "nvcc_seconds": nv["seconds"], "nvcc_cached": nv["cached"],
               "tool_rc": file_rc, "status": status, "first_error": error,
               "cause": normalise_error(error) if status == "rejected" else None,
               # The program's time, shared out over its .cu files.
               "seconds": round(secs / len(paths), 3),
               "kernels": 0, "entries": 0, "bound": 0, "zero_work": 0,
               "frontend_errors": 0, "frontend_error": None}
        if status == "rejected" and not rec["cause"]:
            rec["cause"] = "exit 2 without an error line"
        if report is not None:
            rec.update(summarise_report(report))
            if args.reports_out:
                rec["predictions"] = prediction_entries(report)
                rec["library_calls"] = library_call_entries(report)
        rec["resources"] = resources
        records.append(rec)
    if not resources and needs_resources(records):
        return analyse_program(args, group, top, paths, hosts, cache,
                               resources=True)
    return records


def run_programs(args, jobs, cache):
    """Like run_all, one folder (program) at a time per thread; records in
    job order."""
    programs = program_groups(jobs)
    order = {p: i for i, (_, _, p) in enumerate(jobs)}
    records = [None] * len(jobs)
    done = [0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(analyse_program, args, g, t, ps, hs, cache): (g, ps)
                   for g, t, ps, hs in programs}
        for fut in concurrent.futures.as_completed(futures):
            g, ps = futures[fut]
            try:
                recs = fut.result()
            except Exception as e:  # a bug here must not lose the other files
                recs = [{"group": g, "file": p, "relative": p, "status": "script-error",
                         "first_error": repr(e), "tool_rc": None, "nvcc_rc": None,
                         "seconds": 0.0, "kernels": 0, "entries": 0, "bound": 0,
                         "zero_work": 0, "frontend_errors": 0, "frontend_error": None,
                         "cause": None} for p in ps]
            for rec in recs:
                records[order[rec["file"]]] = rec
                done[0] += 1
                if not args.quiet:
                    print("[%d/%d] %-9s nvcc=%s %6.2fs %s" % (
                        done[0], len(jobs), rec["status"], rec.get("nvcc_rc"),
                        rec["seconds"], rec["relative"]), file=sys.stderr, flush=True)
    return records


def run_all(args, jobs, cache):
    """Analyse every (group, top, path) job with args.jobs threads; records in
    job order. Progress goes to stderr."""
    records = [None] * len(jobs)
    lock = threading.Lock()
    done = [0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(analyse_file, args, g, t, p, cache): i
                   for i, (g, t, p) in enumerate(jobs)}
        for fut in concurrent.futures.as_completed(futures):
            i = futures[fut]
            g, t, p = jobs[i]
            try:
                rec = fut.result()
            except Exception as e:  # a bug here must not lose the other files
                rec = {"group": g, "file": p, "relative": p, "status": "script-error",
                       "first_error": repr(e), "tool_rc": None, "nvcc_rc": None,
                       "seconds": 0.0, "kernels": 0, "entries": 0, "bound": 0,
                       "zero_work": 0, "frontend_errors": 0, "frontend_error": None,
                       "cause": None}
            records[i] = rec
            with lock:
                done[0] += 1
                if not args.quiet:
                    print("[%d/%d] %-9s nvcc=%s %6.2fs %s" % (
                        done[0], len(jobs), rec["status"], rec.get("nvcc_rc"),
                        rec["seconds"], rec["relative"]), file=sys.stderr, flush=True)
    return records


# ---------------------------------------------------------------------------
# Summaries and output


def nvcc_ok(rec):
    """nvcc compiled the file."""
    return rec.get("nvcc_rc") == 0


def summarise(name, recs, use_nvcc):
    """One table row over some records."""
    analysed = [r for r in recs if r["status"] == "analysed"]
    times = [r["seconds"] for r in analysed]
    accepted = [r for r in recs if nvcc_ok(r)] if use_nvcc else list(recs)
    ok_analysed = [r for r in accepted if r["status"] == "analysed"]
    return {
        "name": name, "files": len(recs),
        "nvcc_accepted": len(accepted) if use_nvcc else None,
        "analysed": len(analysed),
        "analysed_of_accepted": len(ok_analysed) if use_nvcc else None,
        "share": len(ok_analysed) / len(accepted) if accepted else None,
        "frontend_error_files": sum(1 for r in analysed if r["frontend_errors"]),
        "rejected": sum(1 for r in recs if r["status"] == "rejected"),
        "crashes": sum(1 for r in recs if r["status"] == "crash"),
        "timeouts": sum(1 for r in recs if r["status"] == "timeout"),
        "other": sum(1 for r in recs if r["status"] in
                     ("bad-json", "not-started", "script-error")),
        "kernels": sum(r["kernels"] for r in recs),
        "entries": sum(r["entries"] for r in recs),
        "bound": sum(r["bound"] for r in recs),
        "zero_work": sum(r["zero_work"] for r in recs),
        "median_s": statistics.median(times) if times else None,
        "max_s": max(times) if times else None,
    }


def causes(recs):
    """[(cause, total, of them nvcc-accepted)] for the rejected files, most
    frequent first."""
    table = {}
    for r in recs:
        if r["status"] == "rejected":
            row = table.setdefault(r["cause"], [0, 0])
            row[0] += 1
            row[1] += nvcc_ok(r)
    return sorted(((c, n, k) for c, (n, k) in table.items()),
                  key=lambda x: (-x[1], x[0]))


def fmt(v, pct=False):
    """A table cell."""
    if v is None:
        return "-"
    if pct:
        return "%.0f%%" % (100 * v)
    if isinstance(v, float):
        return "%.2f" % v
    return str(v)


def md_escape(text, limit=200):
    """Text safe inside a markdown code span in a table cell, shortened."""
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    return text.replace("|", "\\|").replace("`", "'")


def shorten_paths(text, rec):
    """`text` with the absolute folder above the file's DIR left out."""
    base = rec["file"][:len(rec["file"]) - len(rec["relative"])]
    return text.replace(base, "") if base else text


SUMMARY_COLUMNS = (
    ("files", "files"), ("nvcc-accepted", "nvcc_accepted"),
    ("analysed", "analysed"), ("analysed of nvcc-accepted", "analysed_of_accepted"),
    ("share", "share"), ("with frontend errors", "frontend_error_files"),
    ("rejected", "rejected"), ("crashes", "crashes"), ("timeouts", "timeouts"),
    ("other failures", "other"), ("kernels", "kernels"), ("entries", "entries"),
    ("entries bound", "bound"), ("bound, zero work", "zero_work"),
    ("median s", "median_s"), ("max s", "max_s"),
)


def summary_table(rows):
    """The per-DIR table as markdown lines."""
    head = ["folder"] + [c for c, _ in SUMMARY_COLUMNS]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    for row in rows:
        cells = ["**%s**" % row["name"] if row["name"] == "total" else row["name"]]
        cells += [fmt(row[k], pct=(k == "share")) for _, k in SUMMARY_COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def tolerated_table(recs):
    """The first tolerated clang error of each analysed file, grouped, as
    markdown lines (none when the tool reports no frontend errors)."""
    table = {}
    for r in recs:
        if r["status"] == "analysed" and r.get("frontend_error"):
            cause = normalise_error(re.sub(r"^clang:\s*", "", r["frontend_error"]))
            table[cause] = table.get(cause, 0) + 1
    if not table:
        return []
    lines = ["", "## Tolerated clang errors", "",
             "Files analysed although clang reported errors (`rl-frontend-error`),",
             "by the first such error, normalised as above.", "",
             "| files | first tolerated error |", "|---:|---|"]
    for cause, n in sorted(table.items(), key=lambda x: (-x[1], x[0])):
        lines.append("| %d | `%s` |" % (n, md_escape(cause)))
    return lines


def unbound_table(recs, top=15):
    """The unbound entries' reasons as markdown lines, most common first."""
    total = {}
    for r in recs:
        for reason, n in (r.get("unbound_reasons") or {}).items():
            total[reason] = total.get(reason, 0) + n
    if not total:
        return ["Every entry is bound."]
    lines = ["| entries | reason (normalised) |", "|---:|---|"]
    for reason, n in sorted(total.items(), key=lambda x: -x[1])[:top]:
        lines.append("| %d | %s |" % (n, md_escape(reason)))
    return lines


def cause_table(recs):
    """The rejection causes as markdown lines."""
    rows = causes(recs)
    if not rows:
        return ["No file was rejected."]
    lines = ["| files | of them nvcc-accepted | first error (normalised) |",
             "|---:|---:|---|"]
    lines += ["| %d | %d | `%s` |" % (n, k, md_escape(c)) for c, n, k in rows]
    return lines


def failure_list(recs, use_nvcc):
    """nvcc-accepted files the tool did not analyse (all such files without
    nvcc), with the reason, as markdown lines."""
    bad = [r for r in recs if r["status"] != "analysed" and
           (nvcc_ok(r) or not use_nvcc)]
    if not bad:
        return []
    title = ("nvcc-accepted files not analysed" if use_nvcc
             else "Files not analysed")
    lines = ["", "## %s" % title, "",
             "| file | outcome | first error |", "|---|---|---|"]
    for r in bad:
        lines.append("| `%s` | %s | `%s` |" % (
            r["relative"], r["status"],
            md_escape(shorten_paths(r.get("first_error") or "", r))))
    return lines


def markdown(meta, rows, recs):
    """The whole docs/real-code.md text."""
    use_nvcc = meta["nvcc"] is not None
    share_of = ("the nvcc-accepted files" if use_nvcc else
                "all files (nvcc was not run, so the share is over every file)")
    out = [
        "# Real code",
        "",
        "`rl-analyze` run over every `.cu` file of real CUDA code bases by",
        "[`bench/realcode/corpus.py`](../bench/realcode/corpus.py) (see [bench/realcode/README.md](../bench/realcode/README.md#coverage-benchmark)).",
        "This page is generated; do not edit it by hand.",
        "",
        ("Each folder is analysed as its program is built: its `.cu` files and the"
         " `.cpp`/`.cc`/`.cxx` files beside them in one `rl-analyze` run"
         " (`rl-analyze a.cu b.cu main.cpp ... -- FLAGS`), so that a kernel launched"
         " through a wrapper that another file's `main` calls is bound; entries are"
         " still counted per `.cu` file. A folder without a `main` joins the"
         " nearest folder above it that has one; the program gets the arguments"
         " of the code base's run line (Rodinia's `run`/`run.sh`) as `--args`."
         " A folder with one `.cu` file and no C++"
         " file, or with a compile database, is run file by file."
         if meta.get("mode") == "program" else
         "Each `.cu` file is analysed alone (`--per-file`)."),
        "",
        "- Date: %s" % meta["date"],
        "- Command: `%s`" % meta["command"],
        "- Tool: `%s`, commit `%s`, binary built %s" % (
            meta["tool_version"], meta["commit"], meta["tool_mtime"]),
        "- nvcc: %s" % (meta["nvcc"] or "not run"),
        "- Machine: %d CPUs, `-j %d`, per-file timeout %g s, load average %.1f"
        " at the start and %.1f at the end" % (
            meta["cpus"], meta["jobs"], meta["timeout"], *meta["load"]),
        "- Wall time of the run: %.0f s (tool %.0f s and nvcc %.0f s summed over files%s)" % (
            meta["wall_s"], meta["tool_s"], meta["nvcc_s"],
            ", %d nvcc results from the cache" % meta["nvcc_cache_hits"]
            if meta["nvcc_cache_hits"] else ""),
        "",
        "**Analysed**: the tool exited 0 or 1 and printed a JSON report. "
        "**Share**: analysed files among %s." % share_of,
        "",
    ]
    out += summary_table(rows)
    out += [
        "",
        "Columns: *nvcc-accepted*: `nvcc -c -arch=%s` compiled the file with the same"
        " `-I` flags. *with frontend errors*: analysed, but the report says that clang"
        " errors were tolerated. *rejected*: exit 2 (clang errors, not CUDA, ...)."
        " *crashes*: killed by a signal or an exit code other than 0, 1, 2."
        " *other failures*: exit 0/1 without a readable JSON report, or the tool"
        " could not be started." % meta["arch"],
        " *entries*: kernel entries of the reports (one per launch configuration)."
        " *entries bound*: the launch has a concrete grid and block and the flops and"
        " global byte totals are numbers; an entry that merges the calling contexts"
        " of one site (a loop passing its counter as the grid) counts when every"
        " context is so and their sum (`context_sum`) is a number. *bound, zero work*: of those, 0 FLOPs and 0"
        " global bytes. *median s*, *max s*: the tool's wall time per analysed file"
        " (`--no-resources`; a program with an entry that only nvcc's resources"
        " bind, a grid from `cudaOccupancyMaxActiveBlocksPerMultiprocessor`, is run"
        " again with them, as a user's run is, and that run counts).",
        "",
        "## Rejection causes",
        "",
        "The first stderr line containing `error`, without file names, line numbers",
        "and numbers.",
        "",
    ]
    out += cause_table(recs)
    out += ["", "## Why entries are unbound", "",
            "The first note of each unbound entry about its grid or block, with"
            " names, numbers and code replaced (`bench/realcode/corpus.py`'s"
            " `unbound_reason`); the 15 most common.", ""]
    out += unbound_table(recs)
    out += tolerated_table(recs)
    out += failure_list(recs, use_nvcc)
    return "\n".join(out) + "\n"


def print_summary(rows, recs, meta):
    """The tables on stdout."""
    print("\n".join(summary_table(rows)))
    print()
    print("Rejection causes:")
    print("\n".join(cause_table(recs)))
    print()
    print("wall time %.1f s; tool %.1f s, nvcc %.1f s summed over files" % (
        meta["wall_s"], meta["tool_s"], meta["nvcc_s"]))
    if meta["nvcc"]:
        print("nvcc verdicts: %d from the cache, %d compiled" % (
            meta["nvcc_cache_hits"], meta["nvcc_compiled"]))


# ---------------------------------------------------------------------------
# Versions and the floor


def command_output(cmd):
    """A command's stdout, stripped; None when it fails."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           text=True, timeout=60, cwd=REPO)
    except (OSError, subprocess.SubprocessError):
        return None
    return p.stdout.strip() if p.returncode == 0 else None


def nvcc_version(nvcc):
    """e.g. 'release 13.0, V13.0.88'."""
    text = command_output([nvcc, "--version"]) or ""
    for line in text.splitlines():
        if "release" in line:
            return line.split("tools,")[-1].strip()
    return text.splitlines()[-1] if text else "unknown"


def read_floor(path):
    """The single number in a floor file (lines starting with # ignored)."""
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                return float(line)
    raise ValueError("%s holds no number" % path)


def tool_commit():
    """`git rev-parse --short HEAD`, marked when the tool's sources have
    uncommitted changes (the binary may then hold them)."""
    commit = command_output(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    dirty = command_output(["git", "status", "--porcelain", "--", "analyzer",
                            "tools", "data", "CMakeLists.txt"])
    return commit + (" + uncommitted changes" if dirty else "")


def snapshot_tool(tool):
    """A private copy of the binary (in a new temporary folder), so that a
    rebuild during the run neither breaks it nor mixes two builds. The copy
    finds its data files in the source tree the build was configured from."""
    folder = tempfile.mkdtemp(prefix="rl-corpus-")
    copy = os.path.join(folder, "bin", os.path.basename(tool))
    os.makedirs(os.path.dirname(copy))
    shutil.copy2(tool, copy)
    return folder, copy


def reproduce_command(argv):
    """The command line that reproduces this run, from the repository root."""
    return " ".join(shlex.quote(a) for a in ["python3", "bench/realcode/corpus.py"] + argv)


# ---------------------------------------------------------------------------


def parse_args(argv):
    """Command-line options."""
    ap = argparse.ArgumentParser(
        description="Run rl-analyze (and nvcc) over every .cu file under DIRs.")
    ap.add_argument("dirs", nargs="+", metavar="DIR", help="code bases to scan")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="files at a time (default 2)")
    ap.add_argument("--timeout", type=float, default=120, help="per command, seconds (default 120)")
    ap.add_argument("--tool", default=DEFAULT_TOOL, help="the rl-analyze binary")
    ap.add_argument("--nvcc", default="nvcc", help="nvcc (default: nvcc on PATH)")
    ap.add_argument("--no-nvcc", action="store_true", help="do not run nvcc")
    ap.add_argument("--nvcc-cache", metavar="FILE", help="keep nvcc results in this JSON file")
    ap.add_argument("--arch", default="sm_90", help="nvcc's -arch (default sm_90)")
    ap.add_argument("--limit", type=int, help="only the first N files (sorted) of each DIR")
    ap.add_argument("--only", action="append", metavar="FOLDER",
                    help="only the .cu files under this folder (repeatable); "
                    "the DIRs still set the include paths, run lines and "
                    "record keys, as in a run over all of them")
    ap.add_argument("--markdown-out", default=DEFAULT_MARKDOWN, metavar="PATH",
                    help="markdown report (default docs/real-code.md; '' for none)")
    ap.add_argument("--json-out", metavar="PATH", help="every per-file record as JSON")
    ap.add_argument("--gpu", help="the tool's --gpu (default: its own)")
    ap.add_argument("--resources", action="store_true",
                    help="run every program with nvcc's resources, as a user "
                    "does (default: only where they bind a launch)")
    ap.add_argument("--reports-out", metavar="PATH",
                    help="every file's kernel entries (launch, totals, "
                    "verdicts per GPU) as JSON, keyed by the file's path "
                    "under its code base")
    ap.add_argument("--floor", metavar="FILE",
                    help="exit 3 when the analysed share is below the number in FILE")
    ap.add_argument("--bound-floor", metavar="FILE",
                    help="exit 3 when the share of entries bound is below the "
                    "number in FILE")
    ap.add_argument("--no-snapshot", dest="snapshot", action="store_false",
                    help="run the tool in place instead of a private copy")
    ap.add_argument("--per-file", action="store_true",
                    help="run the tool on each .cu file alone (default: the "
                    ".cu and .cpp files of one folder together, as one program)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-file progress")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("-j must be at least 1")
    for d in args.dirs:
        if not os.path.isdir(d):
            ap.error("not a folder: %s" % d)
    return args


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if not (os.path.isfile(args.tool) and os.access(args.tool, os.X_OK)):
        print("corpus.py: the tool is missing: %s (build it first)" % args.tool,
              file=sys.stderr)
        return 1
    try:
        floor = read_floor(args.floor) if args.floor else None
        args.bound_floor_value = (read_floor(args.bound_floor)
                                  if args.bound_floor else None)
    except (OSError, ValueError) as e:
        print("corpus.py: --floor/--bound-floor: %s" % e, file=sys.stderr)
        return 2
    tool_mtime = datetime.datetime.fromtimestamp(
        os.path.getmtime(args.tool)).isoformat(sep=" ", timespec="seconds")
    snapdir = None
    if args.snapshot:
        snapdir, args.tool = snapshot_tool(args.tool)
    try:
        return run_and_report(args, argv, floor, tool_mtime)
    finally:
        if snapdir:
            shutil.rmtree(snapdir, ignore_errors=True)


def under_only(path, only):
    """Whether `path` lies under one of the --only folders (all paths when
    none is given)."""
    if not only:
        return True
    path = os.path.abspath(path)
    return any(path.startswith(os.path.abspath(o).rstrip(os.sep) + os.sep)
               for o in only)


def run_and_report(args, argv, floor, tool_mtime):
    """Run every file, print and write the results; the exit status."""
    args.nvcc_path = None if args.no_nvcc else shutil.which(args.nvcc)
    if not args.no_nvcc and not args.nvcc_path:
        print("corpus.py: %s not found; running without nvcc" % args.nvcc, file=sys.stderr)
    nvver = nvcc_version(args.nvcc_path) if args.nvcc_path else None
    cache = NvccCache(args.nvcc_cache if args.nvcc_path else None, nvver,
                      args.arch, args.dirs)

    groups = [os.path.basename(os.path.normpath(d)) for d in args.dirs]
    jobs = [(g, d, p) for g, d in zip(groups, args.dirs)
            for p in find_cu_files(os.path.abspath(d), args.limit)
            if under_only(p, args.only)]
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    records = (run_all if args.per_file else run_programs)(args, jobs, cache)
    wall = time.perf_counter() - start
    load = (load_before, os.getloadavg()[0])
    cache.save()

    use_nvcc = args.nvcc_path is not None
    rows = [summarise(g, [r for r in records if r["group"] == g], use_nvcc)
            for g in dict.fromkeys(groups)]
    rows.append(summarise("total", records, use_nvcc))
    meta = {
        "date": datetime.date.today().isoformat(),
        "command": reproduce_command(argv),
        "commit": tool_commit(), "tool_mtime": tool_mtime,
        "tool_version": command_output([args.tool, "--version"]) or "unknown",
        "nvcc": nvver, "arch": args.arch, "cpus": os.cpu_count() or 0,
        "jobs": args.jobs, "timeout": args.timeout, "wall_s": wall,
        "tool_s": sum(r["seconds"] for r in records),
        "nvcc_s": sum(r.get("nvcc_seconds") or 0 for r in records),
        "nvcc_cache_hits": cache.hits,
        "nvcc_compiled": sum(1 for r in records if r.get("nvcc_rc") is not None
                             and not r.get("nvcc_cached")),
        "floor": floor, "load": load,
        "mode": "per-file" if args.per_file else "program",
    }
    print_summary(rows, records, meta)
    if args.markdown_out:
        with open(args.markdown_out, "w") as f:
            f.write(markdown(meta, rows, records))
    predictions = {r["relative"]: r.pop("predictions") for r in records
                   if "predictions" in r}
    library_calls = {r["relative"]: r.pop("library_calls") for r in records
                     if r.get("library_calls")}
    for r in records:
        r.pop("library_calls", None)
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump({"meta": meta, "summary": rows, "files": records}, f, indent=1)
    if args.reports_out:
        with open(args.reports_out, "w") as f:
            json.dump({"meta": meta, "files": predictions,
                       "library_calls": library_calls}, f, indent=0,
                      sort_keys=True)
            f.write("\n")

    share = rows[-1]["share"]
    status = 0
    if floor is not None:
        ok = share is not None and share >= floor
        print("floor %.2f: analysed share %s%s" % (
            floor, fmt(share, pct=True), "" if ok else " (below the floor)"))
        if not ok:
            status = 3
    bound_floor = getattr(args, "bound_floor_value", None)
    if bound_floor is not None:
        entries, bound = rows[-1]["entries"], rows[-1]["bound"]
        bound_share = bound / entries if entries else None
        ok = bound_share is not None and bound_share >= bound_floor
        print("bound floor %.2f: %d of %d entries bound (%s)%s" % (
            bound_floor, bound, entries, fmt(bound_share, pct=True),
            "" if ok else " (below the floor)"))
        if not ok:
            status = 3
    return status


if __name__ == "__main__":
    sys.exit(main())
