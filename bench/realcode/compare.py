#!/usr/bin/env python3
"""Compares rl-analyze's per-launch predictions for the real-code corpus
(Rodinia, cuda-samples; bench/realcode/README.md) with what Nsight Compute
measured for the same programs on a GPU (scripts/device/realcode_measure.sh).

  python3 bench/realcode/compare.py [--raw DIR ...]
        [--predictions FILE | --tool BUILD/tools/rl-analyze/rl-analyze]
        [--gpu "H100 SXM"] [--point high|low|mid] [--program NAME ...]
        [--md OUT.md] [--csv OUT.csv] [--corpus /work/shared/corpus]
  python3 bench/realcode/compare.py --self-test

Standard library only. Exit status 0; 1, with a message, when an input is
missing or no measured launch matched a prediction (an empty table is never
a success); 2 for a usage error.

Inputs
  --raw DIR       a folder realcode_measure.sh wrote (realcode_raw.tar.gz,
                  env.txt, summary.tsv); repeatable; default: the committed
                  docs/accuracy/realcode/h100-shard1 and h100-shard2. The
                  tarball is read directly: realcode_raw/NAME.ncu.csv (ncu
                  --csv --page raw --print-units base --print-kernel-base
                  mangled; lines not starting with '"' are the program's
                  output or ncu's messages; a units row follows the header)
                  and NAME.status, NAME = the program's name with '/' as '__'.
  --predictions   bench/realcode/corpus.py --reports-out output (default: the
                  committed bench/realcode/predicted.json, made before the
                  measurement): {"meta", "files": {"<code base>/<path>.cu":
                  [entry, ...]}}, entries as corpus.prediction_entries().
  --tool BIN      make the predictions now instead: bench/realcode/corpus.py
                  over the corpus's rodinia/ and cuda-samples/ with
                  --resources --gpu GPU --reports-out TMP (--no-nvcc: nvcc's -c verdict is not
                  needed; about 9 minutes on 2 cores for the whole corpus).
                  With --program, only those programs' folders are analysed
                  (corpus.py --only), with the same include paths, run lines
                  and record keys as the whole run.
  --gpu           the verdict compared (default "H100 SXM"; the committed
                  measurement ran on an H100 80GB HBM3, see env.txt).
  --point         a predicted range reduced to one number: its high end (the
                  default, the end the tool's verdict is for), low end, or
                  geometric middle (bench/accuracy/compare.py's point()).
  --program NAME  only these programs (programs.tsv names); repeatable.

The split (fixed before any result was looked at): a program belongs to the
half "fit" when the first byte of sha256(its programs.tsv name, UTF-8) is
even, else to "held-out" (SPLIT_RULE below). Tables are printed for each
half and for both.

Matching
  A measured launch is (program, mangled kernel name as ncu prints it, grid,
  block). Each distinct configuration counts once; its measured values are
  the medians over its profiled rows (the first PER_KERNEL launches of each
  kernel). It matches a predicted entry of the program's files (keys under
  the program's group folder, or one of its listed .cu sources) with the
  same mangled name - compared without the internal-linkage 'L' of `_ZL`:
  the tool mangles a `static __global__` kernel `_ZL14timedReduction...`,
  nvcc's binary (and so ncu) names it `_Z14timedReduction...` - else with
  the same base name (the last name component, template arguments and
  parameters dropped), with the same grid and block, and bound
  (corpus.entry_bound). Several such entries are one site's calling
  contexts (a loop over sizes): those the tool thinks the program runs
  (launch_count not 0) first, then report order, and the first k of them,
  k = the configuration's profiled rows, stand for the first k launches:
  each predicted quantity is their median (CSV: entries_used; ambiguous
  when their times differ). An entry that merges calling contexts
  (context_sum) counts as bound for one launch only when its own totals are
  numbers and all its contexts' predicted times agree. A configuration that
  does not match is classified:
    not predicted   no entry of that kernel in the program's files: a
                    library kernel (cuBLAS, cuSPARSE, cuFFT, cuRAND,
                    CUB/thrust, by its name), or a kernel whose file the tool
                    gave no report for / gave no entry for (the corpus is
                    searched for its definition when --corpus exists);
    unbound         the kernel has entries, none bound: grouped by
                    corpus.unbound_reason() (the entry's first note about
                    the grid or block, names and numbers normalised);
    mis-bound       bound entries with other grid/block (both printed);
    merged contexts bound only as a sum over calling contexts whose
                    launches differ: per-launch totals are not kept in the
                    predictions (the fastest and slowest single launch are
                    printed).
  A library kernel (cuBLAS's axpy_kernel, dot_kernel, gemv kernels,
  cuSPARSE's csrmv_v3_kernel; LIBRARY_CALL_KERNELS) matches the program's
  predicted library calls of its family (the report's library_calls, by
  their `operation` or `kind`), as one call: the helper kernel the library
  launches right after it (cuBLAS's reduce_1Block_kernel, the one-block sum
  of a reduction) or right before it (cuSPARSE's csr_partition_kernel), in
  launch order, is measured with it (its row's counters and time added) and
  is not a configuration of its own. The call's predicted bytes stand for
  the L2 traffic too (a stream). Several calls of the family: the median of
  their predictions (ambiguous when their times differ).
  Profiled rows with a 0x0x0 grid (a launch that failed) are listed, not
  counted.

Quantities per matched configuration (measured: median over rows)
  FLOPs     hardware view: fp32 + fp64 + fp16 = fadd + fmul + 2*ffma (and the
            d/h forms, thread instructions, smsp__sass_thread_inst_executed_
            op_*_pred_on) against totals.hardware_flops plus the
            verdict's issue.constant_move_flops (ptxas's HFMA2.MMA register
            moves, which the fp16 counter counts); tensor FLOPs =
            sum of sm__ops_path_tensor_src_* (2*M*N*K per MMA, as in
            scripts/device/tensor_compare.py) against tensor_flops_total.
            "FLOPs within 5%" needs both within 5% (zero vs zero matches).
  DRAM      dram__bytes_read.sum + dram__bytes_write.sum against dram_bytes
            of the --gpu's memory model: the totals' when the prediction
            run's first GPU is --gpu, else its verdict's memory_time_s x its
            DRAM bandwidth (data/gpus.json; the totals are the first GPU's,
            and the H200's 64-byte DRAM fetch and 60 MiB L2 are not the
            H100's). The totals' bytes get the verdict's local_memory DRAM
            bytes added (spills and local arrays, which totals leave out).
  L2        32 * (lts__t_sectors_srcunit_tex_op_read.sum + _op_write.sum),
            the L1<->L2 traffic that docs/memory-model.md defines l2_bytes
            as (lts__t_bytes also counts the L2's own fills and evictions;
            neither counts atomics, which l2_bytes includes), against
            l2_bytes plus the verdict's local_memory l2_bytes.
  time      gpu__time_duration.sum against the --gpu verdict's
            predicted_time_s.
  Scores: FLOPs within 5%, DRAM within 25%, L2 within 25%, time within 25%
  and within 2x (0.5 <= predicted/measured <= 2), the median of
  |predicted/measured - 1| of the time. A missing prediction of a quantity
  counts as a miss of that score.
  Secondary views (printed apart): FLOPs with the measured fp16 left out
  where the tool predicts no half-precision FLOPs (ptxas's HFMA2.MMA
  constant moves count as fp16 instructions); DRAM less the deferred
  writes, the predicted writes still dirty in L2 when the kernel ends,
  which counters read during the kernel do not see (the entry's
  dram_deferred_write_bytes, as scripts/device/compare.py subtracts it, or
  where the predictions lack it, as the committed ones do, the memory
  model's rule: all predicted writes when the footprint fits in the --gpu's
  L2 from data/gpus.json, else at most 30% of it); DRAM reads only; the
  launches measuring at least 1 MiB of DRAM.
  Note: the memory totals of a multi-GPU prediction run (--gpu H200,H100)
  are the first GPU's memory model; the verdicts' times are per GPU.

Output (stdout and --md): the table per half, the secondary views, the
distribution of predicted/measured time and DRAM bytes, the misses grouped
by cause with their launches (a matched configuration is a miss when its
time is outside 2x, its FLOPs outside 5% or its DRAM outside 2x; the
unmatched by their class), the programs without profiled launches; --csv:
one row per measured configuration with every value and ratio.
"""

import argparse
import csv
import hashlib
import importlib.util
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpus  # noqa: E402  (bench/realcode/corpus.py: unbound_reason, normalise_note)


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# bench/accuracy/compare.py: ncu_rows, number, dims_text, point, verdict_for,
# base_name (loaded by path: this file is a compare.py too).
ladders = _load("ladders_compare", os.path.join(REPO, "bench", "accuracy",
                                                  "compare.py"))

# ---------------------------------------------------------------- constants
# The split into halves, fixed before the comparison was first run: the
# first byte of sha256(program name) even -> "fit", odd -> "held-out".
SPLIT_RULE = "first byte of sha256(program name) even = fit, odd = held-out"
HALVES = ("fit", "held-out")


def half_of(name):
    """The half a program belongs to (SPLIT_RULE)."""
    return HALVES[hashlib.sha256(name.encode("utf-8")).digest()[0] % 2]


DEFAULT_RAW = [os.path.join(REPO, "docs", "accuracy", "realcode", d)
               for d in ("h100-shard1", "h100-shard2")]
DEFAULT_PREDICTIONS = os.path.join(HERE, "predicted.json")
PROGRAMS_TSV = os.path.join(HERE, "programs.tsv")
DEFAULT_CORPUS = "/work/shared/corpus"

FLOP_METRIC = "smsp__sass_thread_inst_executed_op_%s_pred_on.sum"
# precision -> (add, mul, fma) thread-instruction counters
FLOP_OPS = {"fp32": ("fadd", "fmul", "ffma"), "fp64": ("dadd", "dmul", "dfma"),
            "fp16": ("hadd", "hmul", "hfma")}
TENSOR_METRICS = ("sm__ops_path_tensor_src_fp16.sum",
                  "sm__ops_path_tensor_src_bf16_dst_fp32.sum",
                  "sm__ops_path_tensor_src_tf32_dst_fp32.sum",
                  "sm__ops_path_tensor_src_int8.sum",
                  "sm__ops_path_tensor_src_fp8.sum",
                  "sm__ops_path_tensor_src_fp64.sum")
TIME = "gpu__time_duration.sum"
DRAM_R, DRAM_W = "dram__bytes_read.sum", "dram__bytes_write.sum"
L2_R, L2_W = ("lts__t_sectors_srcunit_tex_op_read.sum",
              "lts__t_sectors_srcunit_tex_op_write.sum")
UNIT_SCALE = {"": 1.0, "byte": 1.0, "kbyte": 1e3, "mbyte": 1e6, "gbyte": 1e9,
              "sector": 1.0, "inst": 1.0, "ns": 1e-9, "nsecond": 1e-9,
              "us": 1e-6, "usecond": 1e-6, "ms": 1e-3, "msecond": 1e-3,
              "s": 1.0, "second": 1.0}

FLOPS_TOL, DRAM_TOL, L2_TOL, TIME_TOL = 0.05, 0.25, 0.25, 0.25
# A launch that moves less than this through DRAM is "small": a cold launch
# of an empty kernel reads 2.5-3.5 KB (code, parameters) on the H100.
SMALL_BYTES = 64 * 1024
# Launches measuring at least this many DRAM bytes: the secondary DRAM score.
LARGE_BYTES = 1 << 20
BINS = ((0.25, "<0.25"), (0.5, "0.25-0.5"), (0.8, "0.5-0.8"),
        (1.25, "0.8-1.25"), (2.0, "1.25-2"), (4.0, "2-4"),
        (float("inf"), ">4"))

# Library kernels by their mangled names (first match wins).
LIBRARIES = (
    ("cuBLAS", re.compile(r"cublas|^_ZN8internal5gemvx|gemv2[NT]_kernel|"
                          r"gemvNSP_kernel|gemmSN_|^_Z\d+(sgemm|dgemm|hgemm)")),
    ("cuSPARSE", re.compile(r"cusparse")),
    ("cuFFT", re.compile(r"regular_fft|vector_fft|_fft_|fft_kernel|"
                         r"callback_loader|callback_storer|EPTIJ")),
    ("cuRAND", re.compile(r"rng_config|generate_seed_pseudo|gen_sequenced|"
                          r"gen_quasi|curand(?!State)")),
    ("CUB/thrust", re.compile(r"thrust|^_ZN3cub|CUB_\d+")),
    ("cuSOLVER", re.compile(r"cusolver")),
    ("NPP", re.compile(r"\bnpp|_npp")),
)


# A library call's kernels, by mangled name (first match wins): the call
# family the tool's library_calls name it by (their `operation`, else their
# `kind`), and the kernel's part in one call: "main" carries the call's
# configuration; a helper launched just "after" or "before" a main kernel of
# its family (cuBLAS's one-block final sum of a reduction, cuSPARSE's row
# partition before its product) is measured with it, as one call.
LIBRARY_CALL_KERNELS = (
    (re.compile(r"^_Z\d+axpy_kernel"), ("axpy",), "main"),
    (re.compile(r"^_Z\d+dot_kernel"), ("dot", "dotu", "dotc"), "main"),
    (re.compile(r"^_Z\d+copy_kernel"), ("copy",), "main"),
    (re.compile(r"^_Z\d+scal_kernel"), ("scal", "rscal"), "main"),
    (re.compile(r"^_Z\d+swap_kernel"), ("swap",), "main"),
    (re.compile(r"^_Z\d+nrm2_kernel"), ("nrm2",), "main"),
    (re.compile(r"^_Z\d+asum_kernel"), ("asum",), "main"),
    (re.compile(r"^_Z\d+reduce_1Block_kernel"),
     ("dot", "dotu", "dotc", "nrm2", "asum"), "after"),
    (re.compile(r"gemv2[NT]_kernel|gemvNSP_kernel|^_ZN8internal5gemvx"),
     ("gemv",), "main"),
    (re.compile(r"cusparse.*csrmv_v3_kernel"), ("spmv",), "main"),
    (re.compile(r"cusparse.*csr_partition_kernel"), ("spmv",), "before"),
)


def library_call_part(mangled):
    """(families, part) of a library call's kernel, or (None, None)."""
    for rx, families, part in LIBRARY_CALL_KERNELS:
        if rx.search(mangled or ""):
            return families, part
    return None, None


def fail(msg):
    print(f"compare.py: {msg}", file=sys.stderr)
    sys.exit(1)


# ---------------------------------------------------------------- names

def norm_mangled(m):
    """The mangled name without the internal-linkage marker of `_ZL`."""
    m = (m or "").strip()
    return "_Z" + m[3:] if m.startswith("_ZL") else m


def mangled_base(m):
    """The last name component of a mangled kernel name (template arguments
    and parameters dropped): '_ZN3cub6detail4scan16DeviceScanKernelI..' ->
    'DeviceScanKernel', '_Z13MatrixMulCUDAILi32EEv..' -> 'MatrixMulCUDA';
    an extern "C" name is itself; a demangled name goes through
    ladders.base_name."""
    m = (m or "").strip()
    if not m.startswith("_Z"):
        return ladders.base_name(m) if ("(" in m or "<" in m or " " in m) else m
    i = 2
    if m[i:i + 1] == "L":
        i += 1
    nested = m[i:i + 1] == "N"
    if nested:
        i += 1
        while m[i:i + 1] in ("r", "V", "K"):
            i += 1
    last = None
    while i < len(m):
        if m[i].isdigit():
            j = i
            while j < len(m) and m[j].isdigit():
                j += 1
            n = int(m[i:j])
            last = m[j:j + n]
            i = j + n
            if not nested:
                break
        elif m.startswith("St", i):
            last, i = "std", i + 2
        elif m[i] == "L" and nested:  # a static member: _ZN3FooL3barE
            i += 1
        else:
            break
    return last or m


def library_of(mangled):
    for lib, rx in LIBRARIES:
        if rx.search(mangled):
            return lib
    return None


# ---------------------------------------------------------------- inputs

def read_programs(path=PROGRAMS_TSV):
    """{name: {"group", "sources"}} from programs.tsv, in list order."""
    progs = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.rstrip("\n").split("\t")
            if len(p) < 3:
                continue
            progs[p[0]] = {"group": p[1], "sources": p[2].split()}
    return progs


def unit_scale(unit):
    return UNIT_SCALE.get((unit or "").strip().lower(), 1.0)


def metric(row, units, name):
    """A counter of one ncu row in base units, None when absent."""
    if name not in row:
        return None
    v = ladders.number(row[name])
    return None if v is None else v * unit_scale(units.get(name))


def read_status(text):
    out = {}
    for line in text.splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def env_field(text, prefix):
    for line in text.splitlines():
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    return None


def read_raw(dirs, tmp):
    """{safe name: {"rows": [...], "units": {...}, "status": {...},
    "dir": DIR}} and [info per DIR], from each DIR's realcode_raw.tar.gz
    (its .ncu.csv and .status members, copied to tmp for ladders.ncu_rows)."""
    out, infos = {}, []
    for d in dirs:
        tgz = os.path.join(d, "realcode_raw.tar.gz")
        if not os.path.isfile(tgz):
            fail(f"no {tgz}")
        env = ""
        if os.path.isfile(os.path.join(d, "env.txt")):
            with open(os.path.join(d, "env.txt"), errors="replace") as f:
                env = f.read()
        gpu = None
        m = re.search(r"^GPU \d+: (.+?)\s*$", env, re.M)
        if m:
            gpu = m.group(1)
        infos.append({"dir": d, "gpu": gpu,
                      "date": env_field(env, "# date (UTC):"),
                      "head": env_field(env, "# git HEAD:"),
                      "ncu": (re.search(r"^## ncu\n(.*)$", env, re.M) or
                              [None, None])[1],
                      "filter": env_field(env, "filter used:")})
        sub = os.path.join(tmp, str(len(infos)))
        os.makedirs(sub)
        with tarfile.open(tgz) as tar:
            for mem in tar.getmembers():
                base = os.path.basename(mem.name)
                if not mem.isfile() or base.startswith("_"):
                    continue
                if base.endswith(".ncu.csv"):
                    safe, kind = base[:-len(".ncu.csv")], "csv"
                elif base.endswith(".status"):
                    safe, kind = base[:-len(".status")], "status"
                else:
                    continue
                data = tar.extractfile(mem).read()
                rec = out.get(safe)
                if rec is not None and rec["dir"] != d:
                    if rec["rows"] and kind == "csv":
                        print(f"compare.py: {safe} measured in {rec['dir']} and"
                              f" {d}; keeping the first with rows",
                              file=sys.stderr)
                        continue
                rec = out.setdefault(safe, {"rows": [], "units": {},
                                            "status": {}, "dir": d})
                rec["dir"] = d
                if kind == "status":
                    rec["status"] = read_status(data.decode("utf-8", "replace"))
                else:
                    path = os.path.join(sub, base)
                    with open(path, "wb") as f:
                        f.write(data)
                    rec["units"], rec["rows"] = ladders.ncu_rows(path)
    return out, infos


def configurations(raw, programs, only=None):
    """The measured configurations: [{program, half, kernel, grid, block,
    rows, measured: {...}}], programs without rows, failed rows."""
    by_safe = {n.replace("/", "__"): n for n in programs}
    configs, idle, failed = {}, [], []
    for safe in sorted(raw):
        rec = raw[safe]
        name = by_safe.get(safe)
        if name is None:
            print(f"compare.py: {safe} is not in programs.tsv; skipped",
                  file=sys.stderr)
            continue
        if only and name not in only:
            continue
        rows = fold_library_helpers(rec["rows"])
        good = 0
        for r in rows:
            try:
                grid = ladders.dims_text(r.get("Grid Size", ""))
                block = ladders.dims_text(r.get("Block Size", ""))
            except ValueError:
                grid = block = (0, 0, 0)
            kernel = r.get("Kernel Name", "").strip()
            if 0 in grid or 0 in block:
                failed.append({"program": name, "kernel": kernel,
                               "grid": grid, "block": block})
                continue
            good += 1
            key = (name, kernel, grid, block)
            c = configs.setdefault(key, {"program": name, "half": half_of(name),
                                         "kernel": kernel, "grid": grid,
                                         "block": block, "raw": []})
            c["raw"].append((r, rec["units"]))
            if r.get("_helpers"):
                c["library_helpers"] = sorted(
                    set(c.get("library_helpers", [])) |
                    {h.get("Kernel Name", "").strip() for h in r["_helpers"]})
        if not good:
            idle.append((name, rec["status"].get("outcome", "?"),
                         len(rows)))
    seen = {by_safe.get(safe) for safe in raw}
    for name in programs:
        if name not in seen and (not only or name in only):
            idle.append((name, "not in the raw folders", 0))
    out = []
    for c in configs.values():
        c["rows"] = len(c["raw"])
        c["measured"] = measured_values(c.pop("raw"))
        out.append(c)
    out.sort(key=lambda c: (c["program"], c["kernel"], c["grid"], c["block"]))
    return out, idle, failed


def fold_library_helpers(rows):
    """The rows with each library call's helper kernels folded into its
    main kernel's row (as `_helpers`), where the helper runs right after
    (or before) a main kernel of its family; other rows as they are."""
    parts = [library_call_part(r.get("Kernel Name", "").strip()) for r in rows]
    out, used = [], set()
    for i, r in enumerate(rows):
        fams, part = parts[i]
        if part != "main":
            continue
        helpers = []
        for j in (i - 1, i + 1):
            if 0 <= j < len(rows) and j not in used:
                hf, hp = parts[j]
                if hp == ("before" if j < i else "after") and \
                        set(hf) & set(fams):
                    helpers.append(rows[j])
                    used.add(j)
        if helpers:
            rows[i] = dict(r, _helpers=helpers)
    for i, r in enumerate(rows):
        if i not in used:
            out.append(rows[i])
    return out


def median_of(values):
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def measured_values(raw_rows):
    """Medians over the rows of one configuration."""
    def per_row(r, u):
        m = lambda n: metric(r, u, n)  # noqa: E731
        v = {}
        for prec, (a, mu, fma) in FLOP_OPS.items():
            parts = [m(FLOP_METRIC % o) for o in (a, mu, fma)]
            v[prec] = (None if None in parts
                       else parts[0] + parts[1] + 2 * parts[2])
        v["hw_flops"] = (None if None in (v["fp32"], v["fp64"], v["fp16"])
                         else v["fp32"] + v["fp64"] + v["fp16"])
        tens = [m(t) for t in TENSOR_METRICS]
        tens = [t for t in tens if t is not None]
        v["tensor"] = sum(tens) if tens else None
        dr, dw = m(DRAM_R), m(DRAM_W)
        v["dram_read"] = dr
        v["dram"] = None if None in (dr, dw) else dr + dw
        lr, lw = m(L2_R), m(L2_W)
        v["l2"] = None if None in (lr, lw) else 32 * (lr + lw)
        v["lts_bytes"] = m("lts__t_bytes.sum")
        v["time"] = m(TIME)
        return v
    def with_helpers(r, u):
        v = per_row(r, u)
        for h in r.get("_helpers") or ():
            w = per_row(h, u)
            v = {k: (None if v[k] is None or w[k] is None else v[k] + w[k])
                 for k in v}
        return v
    per = [with_helpers(r, u) for r, u in raw_rows]
    return {k: median_of(p[k] for p in per) for k in per[0]} if per else {}


# ---------------------------------------------------------------- predictions

def program_entries(preds, prog):
    """[(file key, entry)] of one program: files under its group folder or
    listed among its sources."""
    group = prog["group"].rstrip("/") + "/"
    sources = set(prog["sources"])
    out = []
    for key in sorted(preds):
        if key.startswith(group) or key in sources:
            out.extend((key, e) for e in preds[key] or [])
    return out


def concrete(dims):
    return (isinstance(dims, (list, tuple)) and len(dims) == 3 and
            all(isinstance(d, int) and not isinstance(d, bool) for d in dims))


def num(v, how):
    return ladders.point(v, how)


def usable(entry):
    """A bound entry (corpus.entry_bound: concrete grid and block, numeric
    FLOPs and global bytes) of one launch. An entry that merges calling
    contexts (context_sum) counts only when its own grid, block and totals
    are numbers and its contexts' predicted times all agree (fastest ==
    slowest single launch: contexts that differ in an argument the counts
    do not depend on, such as a frame index)."""
    launch = entry.get("launch") or {}
    if not (bool(entry.get("bound")) and concrete(launch.get("grid")) and
            concrete(launch.get("block"))):
        return False
    if not merged(entry):
        return True
    t = entry.get("totals") or {}
    if any(ladders.point(t.get(q), "high") is None
           for q in ("hardware_flops", "dram_bytes")):
        return False
    times = (entry["context_sum"].get("launch_time_s") or {}).values()
    return bool(times) and all(
        isinstance(x, dict) and x.get("fastest") is not None and
        x.get("slowest") is not None and
        abs(x["slowest"] - x["fastest"]) <= 1e-9 * abs(x["slowest"])
        for x in times)


def merged(entry):
    return corpus.context_sum_bound(entry)


def context_launch_entries(cands):
    """Each merged entry's launch configurations (context_sum.by_launch,
    one launch of that grid and block as the tool bound it) as entries of
    their own, after the merged entries, in program order."""
    out = []
    for k, e in cands:
        cs = e.get("context_sum") or {}
        for b in cs.get("by_launch") or []:
            launch = dict(e.get("launch") or {})
            launch.update(grid=b.get("grid"), block=b.get("block"),
                          dynamic_smem=b.get("dynamic_smem"),
                          launch_count=b.get("launches"))
            out.append((k, {"name": e.get("name"),
                            "mangled_name": e.get("mangled_name"),
                            "location": e.get("location"),
                            "bound": bool(b.get("verdicts")) and all(
                                ladders.point((b.get("totals") or {}).get(q),
                                              "high") is not None
                                for q in ("hardware_flops", "dram_bytes")),
                            "launch": launch, "totals": b.get("totals") or {},
                            "verdicts": b.get("verdicts") or [],
                            "context_launch": True}))
    return out


def prediction_values(entry, gpu, how):
    """The predicted quantities of one entry for `gpu`. DRAM bytes: an
    entry's totals are the memory model of the prediction run's first GPU
    (its first verdict); when that is not `gpu`, they come from `gpu`'s own
    verdict instead: memory_time_s x the GPU's DRAM bandwidth, which is its
    dram_bytes on a GPU without measured DRAM streams (json-format.md;
    checked against an H100-only run on 28 launches: equal). dram_first
    keeps the totals'. L2 bytes are the totals' (l2_time_s also holds the
    scattered-store costs, so it does not give them back). Both add the
    verdict's local_memory (the compiled code's spills and local arrays,
    which the totals leave out) where the DRAM bytes come from the totals."""
    t = entry.get("totals") or {}
    v = ladders.verdict_for(entry, gpu) or {}
    fbp = t.get("flops_by_precision") or {}
    half = [num(fbp.get(k), how) for k in ("fp16", "bf16")]
    dram_first = num(t.get("dram_bytes"), how)
    dram, source = dram_first, "totals"
    verdicts = entry.get("verdicts") or []
    first = verdicts[0].get("gpu") if verdicts else None
    if v and first != v.get("gpu"):
        spec = gpu_spec(v.get("gpu"))
        mt = num(v.get("memory_time_s"), how)
        dram = (mt * spec["dram_bandwidth"] if mt is not None and
                spec.get("dram_bandwidth") and not spec.get("dram_sustained")
                else None)
        source = "verdict"
    local = v.get("local_memory") or {}
    local_dram = (local.get("dram_read_bytes") or 0) + (
        local.get("dram_write_bytes") or 0)
    if dram is not None and source == "totals":
        dram += local_dram
    dram_kernel = (num(t.get("dram_kernel_bytes"), how)
                   if source == "totals" else None)
    if dram_kernel is not None:
        dram_kernel += local_dram
    l2 = num(t.get("l2_bytes"), how)
    if l2 is not None:
        l2 += local.get("l2_bytes") or 0
    hw = num(t.get("hardware_flops"), how)
    moves = (v.get("issue") or {}).get("constant_move_flops")
    return {"hw_flops": (hw + moves if hw is not None and moves else hw),
            "hw_flops_source": hw,
            "half_flops": (None if None in half else sum(half)),
            "tensor": num(t.get("tensor_flops_total"), how),
            "flops": num(t.get("flops"), how),
            "dram": dram, "dram_first": dram_first,
            "dram_read": num(t.get("dram_read_bytes"), how),
            "dram_deferred": deferred_writes(t, gpu, how),
            "dram_kernel": dram_kernel,
            "l2": l2, "dram_from": source,
            "time": num(v.get("predicted_time_s"), how),
            "bound": v.get("bound"),
            "has_verdict": bool(v)}


def gpu_spec(gpu):
    """{l2_cache, dram_bandwidth, l2_bandwidth (bytes, bytes/s),
    dram_sustained (whether the GPU has measured DRAM streams)} of `gpu`
    in data/gpus.json; {} when it is not there."""
    if gpu not in _GPU_SPECS:
        spec = {}
        scale = {"MiB": 1 << 20, "KiB": 1 << 10, "MB": 1e6, "TB/s": 1e12,
                 "GB/s": 1e9}
        try:
            with open(os.path.join(REPO, "data", "gpus.json")) as f:
                gpus = json.load(f).get("gpus") or []
        except (OSError, ValueError):
            gpus = []
        for g in gpus:
            if not isinstance(g, dict) or g.get("name") != gpu:
                continue
            for k in ("l2_cache", "dram_bandwidth", "l2_bandwidth"):
                v = g.get(k)
                if (isinstance(v, dict) and v.get("unit") in scale and
                        isinstance(v.get("value"), (int, float))):
                    spec[k] = v["value"] * scale[v["unit"]]
            spec["dram_sustained"] = bool(g.get("dram_sustained"))
        _GPU_SPECS[gpu] = spec
    return _GPU_SPECS[gpu]


def gpu_l2_bytes(gpu):
    """The L2 size of `gpu` in data/gpus.json (bytes), or None."""
    return gpu_spec(gpu).get("l2_cache")


_GPU_SPECS = {}
# docs/memory-model.md: the share of the L2 still dirty when a streaming
# kernel ends (analyzer/models/MemoryModel.cpp's RetainedDirtyShare).
RETAINED_DIRTY_SHARE = 0.3


def deferred_writes(totals, gpu, how):
    """The predicted writes still dirty in L2 when the kernel ends, which
    the counters read during the kernel do not see: the entry's
    dram_deferred_write_bytes when the predictions keep it, else the
    memory model's rule rebuilt from its totals (all writes when the
    footprint fits in the GPU's L2, else at most 30% of the L2)."""
    if "dram_deferred_write_bytes" in totals:
        return num(totals.get("dram_deferred_write_bytes"), how)
    w = num(totals.get("dram_write_bytes"), how)
    fp = num(totals.get("footprint_bytes"), how)
    l2 = gpu_l2_bytes(gpu)
    if w is None or fp is None or not l2:
        return None
    return w if fp <= l2 else min(w, math.floor(RETAINED_DIRTY_SHARE * l2))


def site_text(entry, key):
    site = (entry.get("launch") or {}).get("site") or entry.get("location") or {}
    f = site.get("file") or key
    return "%s:%s" % (os.path.basename(f), site.get("line", "?"))


def site_order(item):
    key, e = item
    site = (e.get("launch") or {}).get("site") or {}
    return (key, site.get("line") or 0, site.get("column") or 0)


def dims_str(d):
    if d is None:
        return "?"
    return "x".join("?" if x is None else str(x) for x in d)


def find_definition(corpus_root, prog, base):
    """The corpus file of the program's folders that defines __global__
    `base`, or None."""
    if not corpus_root or not os.path.isdir(corpus_root):
        return None
    folders = {prog["group"]} | {os.path.dirname(s) for s in prog["sources"]}
    rx = re.compile(r"__global__[^;{(]*?\b" + re.escape(base) + r"\s*[(<]",
                    re.S)
    for folder in sorted(folders):
        top = os.path.join(corpus_root, folder)
        for dirpath, dirs, files in os.walk(top):
            dirs.sort()
            for fn in sorted(files):
                if not fn.endswith((".cu", ".cuh", ".h", ".hpp", ".cpp")):
                    continue
                p = os.path.join(dirpath, fn)
                try:
                    with open(p, errors="replace") as f:
                        if rx.search(f.read()):
                            return os.path.relpath(p, corpus_root)
                except OSError:
                    pass
    return None


def library_call_values(call, gpu):
    """The predicted quantities of one library call on `gpu`, None where it
    has no time there. The L2 carries each DRAM byte once (a stream)."""
    g = next((g for g in call.get("by_gpu") or [] if g.get("gpu") == gpu),
             None)
    if not g or g.get("time_s") is None:
        return None
    b = g.get("bytes")
    return {"hw_flops": g.get("flops"), "hw_flops_source": g.get("flops"),
            "half_flops": 0, "tensor": 0, "flops": g.get("flops"),
            "dram": b, "dram_first": b, "dram_read": g.get("dram_read_bytes"),
            "dram_deferred": g.get("dram_deferred_write_bytes"),
            "dram_kernel": None, "l2": b,
            "dram_from": "library call", "time": g.get("time_s"),
            "bound": g.get("bound"), "has_verdict": True}


def match_library_call(c, prog, library_calls, gpu):
    """A library kernel's configuration against the program's library
    calls of its family (library_calls: {file key: [call]}); True when it
    got a status."""
    fams, part = library_call_part(c["kernel"])
    if part != "main":
        return False
    group = prog["group"].rstrip("/") + "/"
    sources = set(prog["sources"])
    calls = [cl for key in sorted(library_calls or {})
             if key.startswith(group) or key in sources
             for cl in library_calls[key]
             if (cl.get("operation") or cl.get("kind")) in fams]
    if not calls:
        return False
    vals = [v for v in (library_call_values(cl, gpu) for cl in calls) if v]
    if not vals:
        c["status"] = "unbound"
        c["cause"] = "unbound: library call without a time"
        c["detail"] = "%s at %s" % (calls[0].get("name"), (calls[0].get(
            "location") or {}).get("line"))
        return True
    c["status"] = "matched"
    c["by"] = "library call"
    c["entry"] = None
    c["predicted"] = dict(vals[0])
    for q in ("hw_flops", "flops", "dram", "dram_first", "dram_read", "l2",
              "time"):
        c["predicted"][q] = median_of(v[q] for v in vals) \
            if all(v[q] is not None for v in vals) else None
    c["ambiguous"] = len({v["time"] for v in vals}) > 1
    c["entries_used"] = "%d calls" % len(vals)
    c["library_call"] = calls[0].get("name")
    helpers = c.get("library_helpers") or []
    c["detail"] = "library call %s%s" % (
        calls[0].get("name"),
        "; measured with " + ", ".join(mangled_base(h) for h in helpers)
        if helpers else "")
    return True


def match(configs, programs, preds, gpu, how, corpus_root,
          library_calls=None):
    """Adds to each configuration: status (matched, not-predicted, unbound,
    mis-bound, merged), cause, predicted values, the entry used."""
    all_names = {}
    for key, entries in preds.items():
        for e in entries or []:
            all_names.setdefault(mangled_base(e.get("mangled_name") or
                                              e.get("name") or ""),
                                 set()).add(key)
    for c in configs:
        prog = programs[c["program"]]
        entries = program_entries(preds, prog)
        kname = norm_mangled(c["kernel"])
        base = mangled_base(c["kernel"])
        c["base"] = base
        cands = [(k, e) for k, e in entries
                 if norm_mangled(e.get("mangled_name")) == kname]
        c["by"] = "mangled"
        if not cands:
            cands = [(k, e) for k, e in entries
                     if mangled_base(e.get("mangled_name") or
                                     e.get("name") or "") == base]
            c["by"] = "base name"
        c["candidates"] = len(cands)
        c["predicted"] = {}
        c["entry"] = None
        if not cands:
            c["status"] = "not-predicted"
            c["by"] = ""
            lib = library_of(c["kernel"])
            if lib and match_library_call(c, prog, library_calls, gpu):
                continue
            if lib:
                c["cause"] = f"not predicted: {lib} library kernel"
                continue
            where = find_definition(corpus_root, prog, base)
            others = sorted(all_names.get(base, ()))
            if where and where in preds:
                c["cause"] = ("not predicted: defined in an analysed file, "
                              "no entry for the kernel")
                c["detail"] = where
            elif where:
                c["cause"] = ("not predicted: defined in a file the tool gave "
                              "no report for")
                c["detail"] = where
            elif others:
                c["cause"] = ("not predicted: entries only in another "
                              "program's files")
                c["detail"] = ", ".join(others[:3])
            else:
                c["cause"] = ("not predicted: kernel of unknown origin "
                              "(no definition found in the program's folders)")
            continue
        cands.sort(key=site_order)
        cands = cands + context_launch_entries(cands)
        same = [(k, e) for k, e in cands
                if tuple((e.get("launch") or {}).get("grid") or ()) == c["grid"]
                and tuple((e.get("launch") or {}).get("block") or ()) ==
                c["block"]]
        good = [(k, e) for k, e in same if usable(e)]
        if good:
            # Those the tool thinks the program runs first, then report
            # order (a site's calling contexts in the order they run): the
            # first `rows` of them stand for the first profiled launches.
            good.sort(key=lambda ke: ((ke[1].get("launch") or {})
                                      .get("launch_count") == 0,))
            k, e = good[0]
            used = [prediction_values(e2, gpu, how)
                    for _, e2 in good[:max(1, min(c["rows"], len(good)))]]
            c["status"] = "matched"
            c["entry"] = (k, e)
            c["predicted"] = dict(used[0])
            for q in ("hw_flops", "half_flops", "tensor", "flops", "dram",
                      "dram_first", "dram_read", "dram_deferred", "l2",
                      "time"):
                c["predicted"][q] = median_of(u[q] for u in used) \
                    if all(u[q] is not None for u in used) else None
            times = {prediction_values(e2, gpu, how)["time"] for _, e2 in good}
            c["ambiguous"] = len(times) > 1
            c["entries_used"] = "%d of %d" % (len(used), len(good))
            c["tool_launch_count"] = (e.get("launch") or {}).get("launch_count")
            continue
        if any(merged(e) for _, e in same or cands):
            k, e = next((k, e) for k, e in same or cands if merged(e))
            s = e["context_sum"]
            c["status"] = "merged"
            c["cause"] = ("bound only as a sum over calling contexts: "
                          "per-launch totals not kept")
            c["entry"] = (k, e)
            c["detail"] = "%d contexts, %s launches" % (
                s.get("contexts", 0), s.get("launches", "?"))
            lt = (s.get("launch_time_s") or {}).get(gpu) or {}
            if lt:
                c["predicted"] = {"time_range": (lt.get("fastest"),
                                                 lt.get("slowest"))}
            continue
        bound_other = [(k, e) for k, e in cands if usable(e)]
        if bound_other:
            c["status"] = "mis-bound"
            c["cause"] = "mis-bound: bound with other grid/block"
            dims = []
            for _, e in bound_other:
                d = "%s / %s" % (dims_str(e["launch"]["grid"]),
                                 dims_str(e["launch"]["block"]))
                if d not in dims:
                    dims.append(d)
            c["detail"] = "predicted " + ", ".join(dims[:4]) + (
                " (+%d more)" % (len(dims) - 4) if len(dims) > 4 else "")
            c["entry"] = bound_other[0]
            continue
        k, e = (same or cands)[0]
        c["status"] = "unbound"
        c["entry"] = (k, e)
        c["cause"] = "unbound: " + corpus.unbound_reason(e)
        notes = [n for n in (e.get("launch") or {}).get("notes") or []
                 if not n.startswith(corpus.CONTEXT_NOTES)]
        c["detail"] = "predicted %s / %s; %s" % (
            dims_str((e.get("launch") or {}).get("grid")),
            dims_str((e.get("launch") or {}).get("block")),
            notes[0] if notes else "no note")


# ---------------------------------------------------------------- scores

def ratio(pred, meas):
    """pred / meas; 1 for zero vs zero, inf for something vs zero, None
    when either is missing."""
    if pred is None or meas is None:
        return None
    if meas == 0:
        return 1.0 if pred == 0 else float("inf")
    return pred / meas


def within(r, tol):
    return r is not None and abs(r - 1.0) <= tol + 1e-12


def score(c):
    """The ratios and checks of one matched configuration."""
    p, m = c["predicted"], c["measured"]
    s = {q: ratio(p.get(q), m.get(q))
         for q in ("hw_flops", "tensor", "dram", "dram_read", "l2", "time")}
    s["flops_ok"] = (within(s["hw_flops"], FLOPS_TOL) and
                     within(s["tensor"], FLOPS_TOL))
    # Where the tool predicts no half-precision FLOPs, measured fp16 thread
    # instructions are (mostly) ptxas's `HFMA2.MMA R, -RZ, RZ, imm, imm`
    # constant moves (scripts/device/compare.py's classify_half).
    hw16 = m.get("hw_flops")
    if hw16 is not None and p.get("half_flops") == 0:
        hw16 -= m.get("fp16") or 0
    s["hw_flops_no16"] = ratio(p.get("hw_flops_source", p.get("hw_flops")),
                               hw16)
    s["flops_ok_no16"] = (within(s["hw_flops_no16"], FLOPS_TOL) and
                          within(s["tensor"], FLOPS_TOL))
    s["tensor_launch"] = bool((m.get("tensor") or 0) > 0 or
                              (p.get("tensor") or 0) > 0)
    s["dram_read_ok"] = within(s["dram_read"], DRAM_TOL)
    # The DRAM score is what the counters read during the kernel see
    # (`dram_kernel_bytes`): the predicted bytes less the writes still dirty
    # in L2 when it ends, plus the launch's reads of its own code and
    # constants (docs/memory-model.md; the tool's own `compare` does the
    # same). Predictions without the field: the bytes less the deferred.
    d, dd = p.get("dram"), p.get("dram_deferred")
    s["dram_total"] = s["dram"]
    s["dram_total_ok"] = within(s["dram_total"], DRAM_TOL)
    if p.get("dram_kernel") is not None:
        s["dram"] = ratio(p["dram_kernel"], m.get("dram"))
    elif d is not None and dd is not None:
        s["dram"] = ratio(d - dd, m.get("dram"))
    s["dram_ok"] = within(s["dram"], DRAM_TOL)
    s["dram_first"] = ratio(p.get("dram_first"), m.get("dram"))
    s["dram_first_ok"] = within(s["dram_first"], DRAM_TOL)
    s["large"] = (m.get("dram") or 0) >= LARGE_BYTES
    s["l2_ok"] = within(s["l2"], L2_TOL)
    s["time_ok"] = within(s["time"], TIME_TOL)
    s["time_2x"] = s["time"] is not None and 0.5 <= s["time"] <= 2.0
    c["score"] = s
    return s


def miss_causes(c):
    """The miss groups of a matched configuration (possibly several): time
    outside 2x, FLOPs outside 5%, DRAM outside 2x."""
    s, p, m = c["score"], c["predicted"], c["measured"]
    out = []
    t = s["time"]
    bound = p.get("bound") or "?"
    if t is None:
        if p.get("has_verdict"):
            out.append("time: no predicted time, verdict '%s' (no work "
                       "counted: printf, curand_init, empty or "
                       "spin kernels)" % bound)
        else:
            out.append("time: no verdict for the GPU (bound launch whose "
                       "DRAM bytes are not known)")
    elif t > 2.0:
        if s["dram"] is not None and s["dram"] > 4.0:
            out.append("time over 2x where DRAM predicted over 4x measured")
        elif s["l2"] is not None and s["l2"] > 4.0:
            out.append("time over 2x where L2 predicted over 4x measured")
        elif s["hw_flops"] is not None and s["hw_flops"] > 2.0:
            out.append("time over 2x where FLOPs predicted over 2x measured")
        else:
            out.append(f"time over 2x, {bound}-bound verdict")
    elif t < 0.5:
        if s["dram"] is not None and s["dram"] < 0.25:
            out.append("time under 0.5x where DRAM predicted under 0.25x "
                       "measured")
        elif s["hw_flops"] is not None and s["hw_flops"] < 0.5:
            out.append("time under 0.5x where FLOPs predicted under 0.5x "
                       "measured")
        else:
            out.append(f"time under 0.5x, {bound}-bound verdict")
    if not s["flops_ok"]:
        if s["tensor_launch"] and not within(s["tensor"], FLOPS_TOL):
            out.append("FLOPs off: tensor FLOPs")
        elif s["hw_flops"] is None:
            out.append("FLOPs off: not predicted")
        elif within(s["hw_flops_no16"], FLOPS_TOL):
            out.append("FLOPs off only by measured fp16 where the tool "
                       "predicts none (ptxas's HFMA2.MMA constant moves)")
        elif s["hw_flops"] > 1:
            out.append("FLOPs off: over 5%")
        else:
            out.append("FLOPs off: under 5%")
    d = s["dram"]
    if d is None:
        out.append("DRAM: no prediction")
    elif not 0.5 <= d <= 2.0:
        word = "over 2x" if d > 2.0 else "under 0.5x"
        if (m.get("dram") or 0) < SMALL_BYTES:
            out.append("DRAM %s on a launch measuring under 64 KiB (a cold "
                       "launch reads 2.5-3.5 KB of its own)" % word)
        elif d > 2.0:
            r = s["dram_read"]
            if r is not None and r <= 2.0:
                out.append("DRAM over 2x from the predicted writes (reads not "
                           "over 2x): data still in L2 when the kernel ends "
                           "is not in the counters")
            else:
                out.append("DRAM over 2x, reads over 2x")
        elif p.get("dram_read") == 0:
            out.append("DRAM under 0.5x: no DRAM reads predicted")
        else:
            out.append("DRAM under 0.5x, reads %s" % (
                "not predicted" if s["dram_read"] is None else
                "under 0.5x" if s["dram_read"] < 0.5 else "not under 0.5x"))
    return out


def table_row(cs):
    """One line of the score tables over configurations cs."""
    matched = [c for c in cs if c["status"] == "matched"]
    for c in matched:
        score(c)
    n = len(matched)
    cnt = lambda k: sum(1 for c in matched if c["score"][k])  # noqa: E731
    terr = [abs(c["score"]["time"] - 1.0) for c in matched
            if c["score"]["time"] is not None and
            math.isfinite(c["score"]["time"])]
    tensor = [c for c in matched if c["score"]["tensor_launch"]]
    large = [c for c in matched if c["score"]["large"]]
    return {"programs": len({c["program"] for c in cs}),
            "configs": len(cs), "matched": n,
            "flops5": cnt("flops_ok"), "flops5_no16": cnt("flops_ok_no16"),
            "tensor": len(tensor),
            "tensor_ok": sum(1 for c in tensor
                             if within(c["score"]["tensor"], FLOPS_TOL)),
            "dram25": cnt("dram_ok"), "dram_read25": cnt("dram_read_ok"),
            "dram_total25": cnt("dram_total_ok"),
            "dram_first25": cnt("dram_first_ok"),
            "large": len(large),
            "large25": sum(1 for c in large if c["score"]["dram_ok"]),
            "large_read25": sum(1 for c in large
                                if c["score"]["dram_read_ok"]),
            "l2_25": cnt("l2_ok"), "time25": cnt("time_ok"),
            "time2x": cnt("time_2x"),
            "median_err": statistics.median(terr) if terr else None}


def pct(k, n):
    return f"{k}/{n} ({100.0 * k / n:.0f}%)" if n else f"{k}/0"


def bin_of(r):
    if r is None:
        return None
    for hi, label in BINS:
        if r < hi:
            return label
    return BINS[-1][1]


# ---------------------------------------------------------------- output

def fmt_num(v):
    if v is None:
        return "-"
    if isinstance(v, float) and not math.isfinite(v):
        return "inf"
    a = abs(v)
    if a == 0:
        return "0"
    if a >= 1e9:
        return f"{v / 1e9:.3g}G"
    if a >= 1e6:
        return f"{v / 1e6:.3g}M"
    if a >= 1e3:
        return f"{v / 1e3:.3g}k"
    return f"{v:.3g}"


def fmt_t(s):
    if s is None:
        return "-"
    if s >= 1e-3:
        return f"{s * 1e3:.3g} ms"
    return f"{s * 1e6:.3g} us"


def fmt_r(r):
    if r is None:
        return "-"
    if not math.isfinite(r):
        return "inf"
    return f"{r:.2f}"


def launch_line(c, cause):
    """The | program | kernel | grid | block | predicted vs measured | cells
    of one configuration in a miss group."""
    p, m = c["predicted"], c["measured"]
    if c["status"] == "matched":
        s = c["score"]
        if cause.startswith("FLOPs"):
            what = "FLOPs %s vs %s; tensor %s vs %s" % (
                fmt_num(p.get("hw_flops")), fmt_num(m.get("hw_flops")),
                fmt_num(p.get("tensor")), fmt_num(m.get("tensor")))
            if (m.get("fp16") or 0) > 0:
                what += "; measured fp16 %s" % fmt_num(m.get("fp16"))
        elif cause.startswith("DRAM"):
            what = "DRAM %s vs %s (x%s); reads %s vs %s" % (
                fmt_num(p.get("dram")), fmt_num(m.get("dram")),
                fmt_r(s["dram"]), fmt_num(p.get("dram_read")),
                fmt_num(m.get("dram_read")))
        else:
            what = "time %s vs %s (x%s); DRAM x%s, L2 x%s, FLOPs x%s; %s" % (
                fmt_t(p.get("time")), fmt_t(m.get("time")), fmt_r(s["time"]),
                fmt_r(s["dram"]), fmt_r(s["l2"]), fmt_r(s["hw_flops"]),
                p.get("bound") or "?")
    elif c["status"] == "merged":
        tr = p.get("time_range") or (None, None)
        what = "%s; one launch %s .. %s vs %s" % (
            c.get("detail", ""), fmt_t(tr[0]), fmt_t(tr[1]),
            fmt_t(m.get("time")))
    else:
        what = "; ".join(x for x in (c.get("detail"), "measured %s" % fmt_t(
            m.get("time"))) if x)
    return "| %s | %s | `%s` | %s | %s | %s |" % (
        c["program"], c["half"], md_cell(c.get("base") or c["kernel"], 60),
        dims_str(c["grid"]), dims_str(c["block"]), md_cell(what, 400))


def md_cell(text, limit):
    text = str(text).replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= limit else text[:limit - 3] + "..."


def git(*args):
    try:
        p = subprocess.run(["git", "-C", REPO] + list(args),
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return p.stdout.strip() if p.returncode == 0 else None


def verdict_gpus(preds):
    """The GPUs the predictions have verdicts for, in their order (the
    first is the one the memory totals were computed for)."""
    order = []
    for entries in preds.values():
        for e in entries or []:
            for v in e.get("verdicts") or []:
                g = v.get("gpu")
                if g and g not in order:
                    order.append(g)
            if order:
                return order
    return order


def provenance(pred_path, pred_meta, preds, raw_dirs, raw_infos, gpu, tool):
    """(title, header lines): where predictions and measurements come
    from; the title says "as committed" when git shows the predictions
    committed before every raw folder."""
    lines = []
    title = "Real code: rl-analyze's predictions against Nsight Compute"
    gpus = sorted({i["gpu"] for i in raw_infos if i["gpu"]})
    dates = sorted({i["date"] for i in raw_infos if i["date"]})
    lines.append("- Measured on: %s (nvidia-smi, env.txt), %s; ncu %s, "
                 "cold caches (--cache-control all), clocks as found; "
                 "filter `%s`." % (
                     ", ".join(gpus) or "unknown GPU", ", ".join(dates),
                     ", ".join(sorted({i["ncu"] or "?" for i in raw_infos})),
                     ", ".join(sorted({i["filter"] or "?" for i in raw_infos}))))
    vg = verdict_gpus(preds)
    lines.append("- Predictions compared: the `%s` verdicts (the predictions "
                 "hold verdicts for %s)." % (gpu, ", ".join(vg) or "no GPU"))
    if vg and gpus and not any(vg[0].split()[0] in g for g in gpus):
        lines.append("- The prediction run's first GPU is %s; the device that "
                     "ran the programs was %s, so its verdicts (`%s`) are "
                     "the ones compared." % (vg[0], ", ".join(gpus), gpu))
    if vg and vg[0] != gpu:
        lines.append("- The predictions' memory totals are those of the "
                     "prediction run's first GPU, %s (its L2 size and DRAM "
                     "fetch unit); each verdict's times use its own GPU's "
                     "memory model. DRAM bytes here are the `%s` model's, "
                     "from its verdict; DRAM reads and L2 bytes are the "
                     "totals'." % (vg[0], gpu))
    if tool:
        lines.append("- Predictions made now by `%s` (bench/realcode/corpus.py "
                     "--resources --gpu %s)." % (tool, shlex.quote(gpu)))
        return title, lines
    rel = os.path.relpath(pred_path, REPO)
    lines.append("- Predictions: `%s` (meta: commit %s, %s, `%s`)." % (
        rel, pred_meta.get("commit", "?"), pred_meta.get("date", "?"),
        md_cell(pred_meta.get("command", "?"), 300)))
    pc = git("log", "--format=%h", "-1", "--", rel)
    if git("status", "--porcelain", "--", rel):
        lines.append("- `%s` has uncommitted changes." % rel)
    rcs = []
    for d in raw_dirs:
        r = os.path.relpath(os.path.join(d, "realcode_raw.tar.gz"), REPO)
        h = git("log", "--format=%h", "--diff-filter=A", "-1", "--", r)
        if h and h not in rcs:
            rcs.append(h)
    if pc and rcs:
        before = all(git("merge-base", "--is-ancestor", pc, h) is not None and
                     pc != h for h in rcs)
        lines.append("- Git: the predictions were committed in %s, the "
                     "measurement in %s: %s." % (
                         pc, ", ".join(rcs),
                         "predictions first (a blind comparison)" if before
                         else "NOT committed before the measurement"))
        if before:
            title = "Real code on %s: the predictions as committed" % (
                " and ".join(g.replace("NVIDIA ", "an ", 1) for g in gpus)
                or "a GPU")
    return title, lines


def render(configs, idle, failed, header, argv_line,
           title="Real code: rl-analyze's predictions against Nsight Compute"):
    out = []
    P = out.append
    P("# " + title)
    P("")
    P("The programs of `bench/realcode/programs.tsv` as "
      "`scripts/device/realcode_measure.sh` measured them (Nsight Compute, "
      "one row per profiled launch), against rl-analyze's per-launch "
      "predictions for the same launches. Written by "
      "`bench/realcode/compare.py`; reproduce with")
    P("")
    P("```")
    P(argv_line)
    P("```")
    P("")
    out.extend(header)
    P("- Split (fixed before the comparison): %s." % SPLIT_RULE)
    P("")
    P("## Scores")
    P("")
    P("| half | programs measured | configurations | bound as run (matched) "
      "| FLOPs within 5% | tensor launches (within 5%) | DRAM within 25% "
      "| L2 within 25% | time within 25% | time within 2x "
      "| median time error |")
    P("|---|---|---|---|---|---|---|---|---|---|---|")
    halves = [(h, [c for c in configs if c["half"] == h]) for h in HALVES]
    halves.append(("both", configs))
    rows = [(h, table_row(cs)) for h, cs in halves]
    for h, t in rows:
        n = t["matched"]
        P("| %s | %d | %d | %s | %s | %d (%d) | %s | %s | %s | %s | %s |" % (
            h, t["programs"], t["configs"], pct(n, t["configs"]),
            pct(t["flops5"], n), t["tensor"], t["tensor_ok"],
            pct(t["dram25"], n), pct(t["l2_25"], n),
            pct(t["time25"], n), pct(t["time2x"], n),
            "-" if t["median_err"] is None else
            "%.0f%%" % (100 * t["median_err"])))
    P("")
    P("FLOPs, DRAM, L2 and time are scored over the matched configurations "
      "(a quantity without a prediction is a miss); \"bound as run\" is over "
      "every measured configuration, library kernels included. Median time "
      "error: median of |predicted/measured - 1|. FLOPs: hardware view "
      "(fp32 + fp64 + fp16 thread instructions, FMA = 2) against "
      "`hardware_flops`, and the tensor FLOPs against `tensor_flops_total`; "
      "both must be within 5%.")
    P("")
    P("Secondary views (not the scores above):")
    P("")
    P("| half | FLOPs within 5%, measured fp16 left out where none is "
      "predicted | DRAM within 25%, the deferred writes counted | DRAM reads "
      "within 25% | DRAM within 25%, the totals' `dram_bytes` | launches "
      "measuring >= 1 MiB of DRAM | their DRAM within 25% | their DRAM "
      "reads within 25% |")
    P("|---|---|---|---|---|---|---|---|")
    for h, t in rows:
        n = t["matched"]
        P("| %s | %s | %s | %s | %s | %d | %s | %s |" % (
            h, pct(t["flops5_no16"], n), pct(t["dram_total25"], n),
            pct(t["dram_read25"], n), pct(t["dram_first25"], n), t["large"],
            pct(t["large25"], t["large"]), pct(t["large_read25"], t["large"])))
    P("")
    P("DRAM bytes are those of the `--gpu`'s own memory model: where the "
      "predictions' totals are another GPU's (the prediction run's first "
      "`--gpu`), its verdict's `memory_time_s` x its DRAM bandwidth "
      "(data/gpus.json; exact on a GPU without measured DRAM streams). The "
      "DRAM reads, the writes behind the deferred ones and the L2 bytes are "
      "the totals' (`dram_read_bytes`, `dram_write_bytes`, "
      "`footprint_bytes`, `l2_bytes`).")
    P("")
    P("Deferred writes: the predicted writes still dirty in L2 when the "
      "kernel ends, which the counters read during the kernel do not see "
      "(docs/memory-model.md; scripts/device/compare.py compares "
      "`dram_bytes - dram_deferred_write_bytes`). %s" % (
          "Where the predictions do not keep `dram_deferred_write_bytes`, "
          "it is rebuilt with the model's rule: all predicted writes when "
          "the footprint fits in the L2 of the `--gpu` (data/gpus.json), "
          "else at most 30% of that L2."))
    P("")
    P("## Predicted / measured")
    P("")
    for q, label in (("time", "Time"), ("dram", "DRAM bytes")):
        P("%s (matched configurations; `n/a`: no prediction or nothing "
          "measured):" % label)
        P("")
        P("| half | " + " | ".join(b for _, b in BINS) + " | n/a |")
        P("|---|" + "---|" * (len(BINS) + 1))
        for h, cs in halves:
            counts = {b: 0 for _, b in BINS}
            na = 0
            for c in cs:
                if c["status"] != "matched":
                    continue
                r = c["score"][q]
                if r is None or (q == "dram" and c["measured"].get("dram") == 0
                                 and r == 1.0):
                    na += 1
                    continue
                counts[bin_of(r)] += 1
            P("| %s | %s | %d |" % (h, " | ".join(str(counts[b])
                                                   for _, b in BINS), na))
        P("")
    P("## Misses by cause")
    P("")
    P("Each configuration that is not matched, and each matched one outside "
      "2x in time or DRAM or outside 5% in FLOPs, under every cause that "
      "applies (a launch may be in several groups). Predicted vs measured.")
    P("")
    groups = {}
    for c in configs:
        if c["status"] == "matched":
            for cause in miss_causes(c):
                groups.setdefault(cause, []).append(c)
        else:
            groups.setdefault(c["cause"], []).append(c)
    order = sorted(groups, key=lambda g: (group_rank(g), -len(groups[g]), g))
    P("| cause | configurations | fit | held-out |")
    P("|---|---|---|---|")
    for g in order:
        cs = groups[g]
        P("| %s | %d | %d | %d |" % (md_cell(g, 200), len(cs),
                                     sum(c["half"] == "fit" for c in cs),
                                     sum(c["half"] == "held-out" for c in cs)))
    P("")
    for g in order:
        P("### %s (%d)" % (g, len(groups[g])))
        P("")
        P("| program | half | kernel | grid | block | predicted vs measured |")
        P("|---|---|---|---|---|---|")
        for c in groups[g]:
            P(launch_line(c, g))
        P("")
    if failed or idle:
        P("## Not counted")
        P("")
        for f in failed:
            P("- %s: `%s` profiled with grid %s, block %s (the launch failed)"
              % (f["program"], mangled_base(f["kernel"]), dims_str(f["grid"]),
                 dims_str(f["block"])))
        for name, outcome, nrows in idle:
            P("- %s (%s): no profiled launch (outcome %s)" % (
                name, half_of(name), outcome))
        P("")
    return "\n".join(out) + "\n"


# The order of the miss groups: time misses, FLOPs, DRAM, then the
# configurations without a per-launch prediction.
GROUP_ORDER = ("time", "FLOPs", "DRAM", "bound only", "mis-bound", "unbound",
               "not predicted")


def group_rank(g):
    for i, prefix in enumerate(GROUP_ORDER):
        if g.startswith(prefix):
            return i
    return len(GROUP_ORDER)


CSV_FIELDS = ("program", "half", "kernel", "base", "grid", "block", "rows",
              "status", "cause", "detail", "matched_by", "entry_file", "site",
              "candidates", "entries_used", "ambiguous", "tool_launch_count",
              "verdict",
              "hw_flops_pred", "hw_flops_meas", "tensor_pred", "tensor_meas",
              "fp32_meas", "fp64_meas", "fp16_meas",
              "dram_pred", "dram_meas", "dram_ratio", "dram_read_pred",
              "dram_read_meas", "dram_deferred_pred", "dram_total_ratio",
              "dram_first_pred", "dram_from", "l2_pred", "l2_meas",
              "l2_ratio",
              "lts_t_bytes_meas", "time_pred_s", "time_meas_s", "time_ratio",
              "flops_ok", "dram_ok", "l2_ok", "time_ok", "time_2x")


def csv_rows(configs):
    for c in configs:
        p, m = c["predicted"], c["measured"]
        s = c.get("score") or {}
        k, e = c.get("entry") or (None, None)
        causes = miss_causes(c) if c["status"] == "matched" else [c.get("cause")]
        yield {
            "program": c["program"], "half": c["half"], "kernel": c["kernel"],
            "base": c.get("base"), "grid": dims_str(c["grid"]),
            "block": dims_str(c["block"]), "rows": c["rows"],
            "status": c["status"], "cause": "; ".join(x for x in causes if x),
            "detail": c.get("detail", ""), "matched_by": c.get("by", ""),
            "entry_file": k or "", "site": site_text(e, k) if e else "",
            "candidates": c.get("candidates", 0),
            "entries_used": c.get("entries_used", ""),
            "ambiguous": c.get("ambiguous", ""),
            "tool_launch_count": c.get("tool_launch_count", ""),
            "verdict": p.get("bound", ""),
            "hw_flops_pred": p.get("hw_flops"), "hw_flops_meas": m.get("hw_flops"),
            "tensor_pred": p.get("tensor"), "tensor_meas": m.get("tensor"),
            "fp32_meas": m.get("fp32"), "fp64_meas": m.get("fp64"),
            "fp16_meas": m.get("fp16"),
            "dram_pred": p.get("dram"), "dram_meas": m.get("dram"),
            "dram_ratio": s.get("dram"), "dram_read_pred": p.get("dram_read"),
            "dram_read_meas": m.get("dram_read"),
            "dram_deferred_pred": p.get("dram_deferred"),
            "dram_total_ratio": s.get("dram_total"),
            "dram_first_pred": p.get("dram_first"), "l2_pred": p.get("l2"),
            "dram_from": p.get("dram_from", ""),
            "l2_meas": m.get("l2"), "l2_ratio": s.get("l2"),
            "lts_t_bytes_meas": m.get("lts_bytes"),
            "time_pred_s": p.get("time"), "time_meas_s": m.get("time"),
            "time_ratio": s.get("time"),
            "flops_ok": s.get("flops_ok", ""), "dram_ok": s.get("dram_ok", ""),
            "l2_ok": s.get("l2_ok", ""), "time_ok": s.get("time_ok", ""),
            "time_2x": s.get("time_2x", "")}


def write_csv(path, configs):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in csv_rows(configs):
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v)
                        for k, v in r.items()})


# ---------------------------------------------------------------- the tool

def predict_now(tool, gpu, corpus_root, programs, only):
    """bench/realcode/corpus.py over the corpus (or only the given programs'
    folders): the predictions document."""
    dirs = [os.path.join(corpus_root, d) for d in ("rodinia", "cuda-samples")]
    for d in dirs:
        if not os.path.isdir(d):
            fail(f"--tool needs the corpus: no {d}")
    fd, out = tempfile.mkstemp(prefix="rl-realcode-pred-", suffix=".json")
    os.close(fd)
    cmd = [sys.executable, os.path.join(HERE, "corpus.py")] + dirs + [
        "-j2", "-q", "--tool", tool, "--markdown-out", "", "--no-nvcc",
        "--resources", "--gpu", gpu, "--reports-out", out]
    for name in sorted(only or ()):
        prog = programs[name]
        folders = {prog["group"]} | {os.path.dirname(s) for s in prog["sources"]
                                     if s.endswith(".cu")}
        for f in sorted(folders):
            cmd += ["--only", os.path.join(corpus_root, f)]
    print("compare.py: " + " ".join(shlex.quote(a) for a in cmd),
          file=sys.stderr)
    p = subprocess.run(cmd, cwd=REPO, stdout=subprocess.DEVNULL)
    if p.returncode not in (0, 3) or not os.path.getsize(out):
        os.unlink(out)
        fail(f"bench/realcode/corpus.py exited {p.returncode}")
    with open(out) as f:
        doc = json.load(f)
    os.unlink(out)
    return doc


# ---------------------------------------------------------------- main

def run(raw_dirs, preds_doc, pred_path, gpu, how, only, corpus_root,
        md_path, csv_path, tool, argv_line, programs=None):
    programs = programs or read_programs()
    if only:
        missing = sorted(set(only) - set(programs))
        if missing:
            fail("not in programs.tsv: " + ", ".join(missing))
    with tempfile.TemporaryDirectory(prefix="rl-realcode-") as tmp:
        raw, infos = read_raw(raw_dirs, tmp)
    configs, idle, failed = configurations(raw, programs, only)
    preds = preds_doc.get("files") or {}
    match(configs, programs, preds, gpu, how, corpus_root,
          preds_doc.get("library_calls") or {})
    for c in configs:
        if c["status"] == "matched":
            score(c)
    title, header = provenance(pred_path, preds_doc.get("meta") or {},
                               preds, raw_dirs, infos, gpu, tool)
    header.append("- A predicted range counts as its %s end (--point)." % (
        {"mid": "geometric middle"}.get(how, how)))
    text = render(configs, idle, failed, header, argv_line, title)
    print(text, end="")
    if md_path:
        with open(md_path, "w") as f:
            f.write(text)
    if csv_path:
        write_csv(csv_path, configs)
    return configs


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Compare rl-analyze's real-code predictions with ncu.",
        epilog="See the module docstring (head of this file) for the rules.")
    ap.add_argument("--raw", action="append", metavar="DIR")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--predictions", metavar="FILE")
    src.add_argument("--tool", metavar="BIN")
    ap.add_argument("--gpu", default="H100 SXM")
    ap.add_argument("--point", choices=("high", "low", "mid"), default="high")
    ap.add_argument("--program", action="append", metavar="NAME")
    ap.add_argument("--md", metavar="OUT.md")
    ap.add_argument("--csv", metavar="OUT.csv")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--self-test", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    a = parse_args(argv)
    if a.self_test:
        return self_test()
    raw_dirs = [os.path.abspath(d) for d in (a.raw or DEFAULT_RAW)]
    if a.tool:
        if not os.access(a.tool, os.X_OK):
            fail(f"no tool at {a.tool}")
        doc = predict_now(os.path.abspath(a.tool), a.gpu, a.corpus,
                          read_programs(), a.program)
        pred_path = None
    else:
        pred_path = os.path.abspath(a.predictions or DEFAULT_PREDICTIONS)
        if not os.path.isfile(pred_path):
            fail(f"no predictions file {pred_path}")
        with open(pred_path) as f:
            doc = json.load(f)
    shown = []
    for x in argv:
        if x.startswith(REPO + os.sep):
            x = os.path.relpath(x, REPO)
        shown.append(x)
    argv_line = " ".join(shlex.quote(x) for x in
                         ["python3", "bench/realcode/compare.py"] + shown)
    configs = run(raw_dirs, doc, pred_path, a.gpu, a.point,
                  set(a.program) if a.program else None, a.corpus, a.md,
                  a.csv, a.tool, argv_line)
    if not any(c["status"] == "matched" for c in configs):
        fail("no measured configuration matched a prediction")
    return 0


# ---------------------------------------------------------------- self-test

# A synthetic ncu report (two programs) and predictions: numbers chosen so
# that every rule below has one case.
_HDR = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context",'
        '"Stream","Block Size","Grid Size","Device","CC",'
        + ",".join('"%s"' % (FLOP_METRIC % o) for o in
                   ("fadd", "fmul", "ffma", "dadd", "dmul", "dfma", "hadd",
                    "hmul", "hfma"))
        + ',"%s","%s","%s","%s","%s","%s"' % (DRAM_R, DRAM_W, L2_R, L2_W, TIME,
                                             TENSOR_METRICS[0]))
_UNITS = '"","","","","","","","","","","",' + ",".join(['"inst"'] * 9) + \
    ',"byte","byte","sector","sector","ns",""'


def _row(i, kernel, block, grid, ffma, dram_r, dram_w, l2r, l2w, ns, tensor=0,
         hfma=0):
    vals = [0, 0, ffma, 0, 0, 0, 0, 0, hfma, dram_r, dram_w, l2r, l2w, ns,
            tensor]
    return ('"%d","1","p","h","%s","1","7","%s","%s","0","9.0",' % (
        i, kernel, block, grid) + ",".join('"{:,}"'.format(v) for v in vals))


_FIXTURE_A = "\n".join([
    "==PROF== Connected to process 1",
    "program output, not CSV",
    _HDR, _UNITS,
    # saxpy: two launches of one configuration (median of time: 10 us)
    _row(0, "_Z5saxpyfPfS_i", "(256, 1, 1)", "(4096, 1, 1)", 1048576,
         8388608, 4194304, 262144, 131072, 9000),
    _row(1, "_Z5saxpyfPfS_i", "(256, 1, 1)", "(4096, 1, 1)", 1048576,
         8388608, 4194304, 262144, 131072, 11000),
    # static kernel: ncu drops the L of the tool's _ZL; time 3x over
    _row(2, "_Z6staticPf", "(128, 1, 1)", "(10, 1, 1)", 0, 1000, 0, 40, 0,
         2000),
    # mis-bound: predicted with grid 64
    _row(3, "_Z4mbndPf", "(256, 1, 1)", "(32, 1, 1)", 0, 0, 0, 0, 0, 3000),
    # unbound entry
    _row(4, "_Z5unbndPf", "(256, 1, 1)", "(8, 1, 1)", 0, 0, 0, 0, 0, 3000),
    # cuBLAS kernel
    _row(5, "_Z10dot_kernelIfLi128ELi0E15cublasDotParamsI16cublasGemvTensorE",
         "(128, 1, 1)", "(2, 1, 1)", 10, 0, 0, 0, 0, 3000),
    # a failed launch
    _row(6, "_Z4failv", "(0, 0, 0)", "(0, 0, 0)", 0, 0, 0, 0, 0, 0),
    "==PROF== Disconnected from process 1", ""])
_FIXTURE_B = "\n".join([
    _HDR, _UNITS,
    # tensor kernel in an extern "C" NVRTC-style program: FLOPs off by 2x
    _row(0, "mma_kernel", "(128, 1, 1)", "(1, 1, 1)", 0, 2048, 0, 64, 0,
         5000, tensor=1000000),
    # a second grid, predicted by a two-GPU run (H200 first)
    _row(1, "mma_kernel", "(128, 1, 1)", "(2, 1, 1)", 0, 4096, 0, 256, 0,
         4000),
    ""])

# cuBLAS calls: a dot (its final one-block sum right after it) and an axpy
_DOT = "_Z10dot_kernelIfLi128ELi0E15cublasDotParamsI16cublasGemvTensorE"
_FIXTURE_C = "\n".join([
    _HDR, _UNITS,
    _row(0, _DOT, "(128, 1, 1)", "(2112, 1, 1)", 1048576, 8388608, 0, 262144,
         0, 4000),
    _row(1, "_Z20reduce_1Block_kernelIfLi128ELi7E30cublasGemvTensorE",
         "(128, 1, 1)", "(1, 1, 1)", 0, 8448, 0, 264, 0, 2000),
    _row(2, "_Z15axpy_kernel_valIffEv19cublasAxpyParamsValIT_S1_T0_E",
         "(256, 1, 1)", "(4096, 1, 1)", 1048576, 8388608, 0, 262144, 131072,
         6000),
    ""])


def _library_call(name, operation, flops, read, written, t):
    return {"name": name, "kind": "vector", "operation": operation,
            "by_gpu": [{"gpu": "H100 SXM", "flops": flops,
                        "bytes": read + written, "dram_read_bytes": read,
                        "dram_write_bytes": written,
                        "dram_deferred_write_bytes": written,
                        "time_s": t, "bound": "dram"}]}


def _entry(mangled, grid, block, hw=0, tensor=0, dram=0, l2=0, t=None,
           bound=True, notes=(), verdict="dram", lc=1):
    return {"name": mangled_base(mangled), "mangled_name": mangled,
            "bound": bound, "context_sum": None,
            "launch": {"grid": list(grid), "block": list(block),
                       "launch_count": lc, "notes": list(notes),
                       "source": "launch-site",
                       "site": {"file": "/c/x.cu", "line": 1}},
            "totals": ({"hardware_flops": hw, "tensor_flops_total": tensor,
                        "flops": hw, "dram_bytes": dram,
                        "dram_read_bytes": dram, "dram_write_bytes": 0,
                        "l2_bytes": l2, "global_load_bytes": dram,
                        "global_store_bytes": 0}
                       if bound else {"hardware_flops": None,
                                      "dram_bytes": None}),
            "verdicts": ([{"gpu": "H100 SXM", "bound": verdict,
                           "predicted_time_s": t}] if bound else [])}


def _two_gpu_entry(mangled, grid, block, dram_h200, dram_h100, t):
    """An entry of a --gpu H200,H100 run: totals of the H200's memory
    model, the H100's bytes only in its verdict's memory_time_s."""
    e = _entry(mangled, grid, block, dram=dram_h200, l2=dram_h200, t=t)
    e["verdicts"] = [
        {"gpu": "H200", "bound": "dram", "predicted_time_s": t,
         "memory_time_s": dram_h200 / 4.8e12, "l2_time_s": 1e-9},
        {"gpu": "H100 SXM", "bound": "dram", "predicted_time_s": t,
         "memory_time_s": dram_h100 / 3.35e12,
         "l2_time_s": dram_h200 / 7.75e12}]
    return e


def self_test():
    # The fixture's GPU as data/gpus.json is not asked: an H100 SXM without
    # measured DRAM streams, so that its verdict gives its DRAM bytes back.
    _GPU_SPECS["H100 SXM"] = {"l2_cache": 50 << 20, "dram_bandwidth": 3.35e12,
                              "dram_sustained": False}
    programs = {"t/alpha": {"group": "cb/alpha", "sources": ["cb/alpha/a.cu"]},
                "t/beta": {"group": "cb/beta", "sources": ["cb/beta/b.cu"]}}
    preds = {"files": {
        "cb/alpha/a.cu": [
            # saxpy: FLOPs exact (2 * 1048576), DRAM 12582912 * 1.1, L2 exact
            _entry("_Z5saxpyfPfS_i", (4096, 1, 1), (256, 1, 1), hw=2097152,
                   dram=13841203, l2=12582912, t={"low": 5e-6, "high": 11e-6}),
            _entry("_ZL6staticPf", (10, 1, 1), (128, 1, 1), dram=1000,
                   l2=1280, t=6e-6, verdict="latency"),
            _entry("_Z4mbndPf", (64, 1, 1), (256, 1, 1), t=1e-6),
            _entry("_Z5unbndPf", (None, 1, 1), (256, 1, 1), bound=False,
                   notes=["grid.x is not known from the source: `width` "
                          "comes from sscanf at helper_image.h:181"]),
        ],
        "cb/other/o.cu": [_entry("_Z4mbndPf", (32, 1, 1), (256, 1, 1))],
        "cb/beta/sub/k.cu": [
            _entry("mma_kernel", (1, 1, 1), (128, 1, 1), tensor=2000000,
                   dram=2048, l2=2048, t=5e-6, verdict="compute"),
            _two_gpu_entry("mma_kernel", (2, 1, 1), (128, 1, 1),
                           dram_h200=8192, dram_h100=4096, t=4e-6)],
    }}
    errors, checks = [], [0]

    def check(what, got, want):
        checks[0] += 1
        if got != want:
            errors.append(f"{what}: got {got!r}, want {want!r}")

    with tempfile.TemporaryDirectory(prefix="rl-realcode-test-") as tmp:
        raw = {}
        for safe, text in (("t__alpha", _FIXTURE_A), ("t__beta", _FIXTURE_B),
                           ("t__delta", _FIXTURE_C)):
            path = os.path.join(tmp, safe + ".ncu.csv")
            with open(path, "w") as f:
                f.write(text)
            units, rows = ladders.ncu_rows(path)
            raw[safe] = {"rows": rows, "units": units,
                         "status": {"outcome": "ok"}, "dir": tmp}
        raw["t__gamma"] = {"rows": [], "units": {}, "status":
                           {"outcome": "no-kernels"}, "dir": tmp}
        programs["t/gamma"] = {"group": "cb/gamma", "sources": []}
        programs["t/delta"] = {"group": "cb/delta", "sources": []}
        configs, idle, failed = configurations(raw, programs)
    library_calls = {"cb/delta/d.cu": [
        _library_call("cublasSdot", "dot", 2097152, 8388608, 0, 6e-6),
        _library_call("cublasSaxpy", "axpy", 2097152, 8388608, 4194304,
                      5e-6)]}
    match(configs, programs, preds["files"], "H100 SXM", "high", None,
          library_calls)
    lib = {c["base"]: c for c in configs if c["program"] == "t/delta"}
    check("library helper folded into its call", sorted(lib),
          ["axpy_kernel_val", "dot_kernel"])
    dot = lib["dot_kernel"]
    check("library call matched", (dot["status"], dot["by"], dot["detail"]),
          ("matched", "library call",
           "library call cublasSdot; measured with reduce_1Block_kernel"))
    check("library call measured with its helper",
          (round(dot["measured"]["time"] * 1e9), dot["measured"]["dram"]),
          (6000, 8388608 + 8448))
    check("library call time ratio", round(score(dot)["time"], 3), 1.0)
    axpy = lib["axpy_kernel_val"]
    check("library call DRAM less its deferred writes",
          round(score(axpy)["dram"], 3), 1.0)
    configs = [c for c in configs if c["program"] != "t/delta"]
    two = [c for c in configs if c["base"] == "mma_kernel" and
           c["grid"] == (2, 1, 1)]
    configs_one = [c for c in configs if c not in two]
    by = {c["base"]: c for c in configs_one}
    check("configurations", sorted(by), ["dot_kernel", "mbnd", "mma_kernel",
                                         "saxpy", "static", "unbnd"])
    check("two-GPU run: the H100's DRAM bytes from its verdict",
          (two[0]["status"], round(two[0]["predicted"]["dram"]),
           two[0]["predicted"]["dram_first"], two[0]["predicted"]["dram_from"],
           round(score(two[0])["dram"], 6)),
          ("matched", 4096, 8192, "verdict", 1.0))
    check("failed rows", [mangled_base(f["kernel"]) for f in failed], ["fail"])
    check("programs without launches", [i[0] for i in idle], ["t/gamma"])
    sx = by["saxpy"]
    check("saxpy rows", sx["rows"], 2)
    check("saxpy status", sx["status"], "matched")
    check("saxpy median time", sx["measured"]["time"], 10e-6)
    s = score(sx)
    check("saxpy FLOPs ok", s["flops_ok"], True)
    check("saxpy DRAM ratio", round(s["dram"], 3), 1.1)
    check("saxpy DRAM ok", s["dram_ok"], True)
    check("saxpy L2 ok", s["l2_ok"], True)
    check("saxpy time ratio (high end)", round(s["time"], 3), 1.1)
    st = by["static"]
    check("_ZL static kernel matched", st["status"], "matched")
    check("static matched by", st["by"], "mangled")
    s = score(st)
    check("static time ratio", round(s["time"], 3), 3.0)
    check("static FLOPs zero vs zero", s["flops_ok"], True)
    check("static causes", miss_causes(st),
          ["time over 2x, latency-bound verdict"])
    check("mis-bound", (by["mbnd"]["status"], by["mbnd"]["detail"]),
          ("mis-bound", "predicted 64x1x1 / 256x1x1"))
    check("unbound", by["unbnd"]["status"], "unbound")
    check("unbound cause", by["unbnd"]["cause"],
          "unbound: `EXPR` comes from sscanf at FILE:LINE")
    check("library", by["dot_kernel"]["cause"],
          "not predicted: cuBLAS library kernel")
    mk = by["mma_kernel"]
    check("extern C kernel in a subfolder matched", mk["status"], "matched")
    s = score(mk)
    check("tensor launch", s["tensor_launch"], True)
    check("tensor ratio", s["tensor"], 2.0)
    check("tensor FLOPs off", s["flops_ok"], False)
    check("tensor cause", miss_causes(mk), ["FLOPs off: tensor FLOPs"])
    row = table_row(configs_one)
    check("table", {k: row[k] for k in ("programs", "configs", "matched",
                                        "flops5", "tensor", "time25",
                                        "time2x")},
          {"programs": 2, "configs": 6, "matched": 3, "flops5": 2,
           "tensor": 1, "time25": 2, "time2x": 2})
    check("median time error", round(row["median_err"], 3), 0.1)
    # sha256 first bytes: rodinia/lud 106, rodinia/nw 55, matrixMul 181
    check("split rule", [half_of(n) for n in (
        "rodinia/lud", "rodinia/nw", "cuda-samples/0_Introduction/matrixMul")],
        ["fit", "held-out", "held-out"])
    check("mangled base", [mangled_base(m) for m in (
        "_ZN3cub17CUB_300001_SM_9006detail4scan16DeviceScanKernelINS2_E",
        "_Z13MatrixMulCUDAILi32EEvPfS0_S0_ii", "_ZL6staticPf", "VecAdd",
        "void red6_x<256u>(const float *, float *, int)")],
        ["DeviceScanKernel", "MatrixMulCUDA", "static", "VecAdd", "red6_x"])
    text = render(configs_one, idle, failed, [], "python3 test")
    check("render has the scores", "| both | 2 | 6 |" in text, True)
    if errors:
        for e in errors:
            print("self-test FAILED: " + e, file=sys.stderr)
        return 1
    print("compare.py self-test: ok (%d configurations, %d checks)" % (
        len(configs), checks[0]))
    return 0

if __name__ == "__main__":
    sys.exit(main())
