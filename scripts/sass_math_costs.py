#!/usr/bin/env python3
"""Measure the math-function table against real SASS, without a GPU.

For every entry of `Table[]` in analyzer/models/MathFunctions.cpp this script
writes a one-call kernel

    extern "C" __global__ void k(const T *x, T *y) {
      unsigned i = threadIdx.x;
      y[i] = FUNC(x[i]);                          // 2 or 3 arguments as needed
    }

compiles it with `nvcc -cubin -arch=sm_90 -O3` (default flags: no fast-math,
so `expf` is the accurate function), disassembles it with `cuobjdump -sass`
and counts the floating-point instructions by opcode:

    fp32  FADD FMUL FFMA           (and FADD32I FMUL32I FFMA32I)
    fp64  DADD DMUL DFMA
    fp16  HADD2 HMUL2 HFMA2        (and the _32I forms)
    bf16  the same opcodes with a BF16 modifier (HFMA2.BF16_V2, ...)
    SFU   MUFU (any sub-operation: EX2, LG2, RCP, RSQ, SIN, RCP64H, ...)

Hardware FLOPs are counted the way Nsight Compute's roofline does it:
adds + muls + 2 * fmas, per precision, then summed over the precisions (the
`hadd`/`dadd` counters are the same kind of count as `fadd`).

Half-precision x2 lanes: ncu's smsp__sass_thread_inst_executed_op_hadd /
_hmul / _hfma counters count thread-instructions, so one HFMA2 counts as one
hfma (2 hardware FLOPs) whether it works on one lane (`__hfma`) or two
(`__hfma2`). The table here follows the counters: the hardware column is per
call and per instruction, and is not multiplied by the lanes. The arithmetic
done on a __half2 is twice that.

Not counted as FLOPs: `HFMA2.MMA Rd, -RZ, RZ, imm, imm` (and the plain HFMA2
form with -RZ, RZ sources), which ptxas uses to put a constant in a
register. ncu's hfma counter does see those; they are listed in the `mov`
column so that the raw counter value can be rebuilt (+2 each). Conversions
`HADD2.F32 Rd, -RZ, Rs.H0_H0` (half to float) are real HADD2 instructions and
are counted.

Baseline: a kernel that only copies `y[i] = x[i]` for the same type is
measured too and subtracted; the address arithmetic is integer, so the
baseline is expected to be zero (the script says so when it is not).

The common path
---------------
Code with branches has instructions that do not all run: the large-argument
reduction of sinf/cosf/tanf, the denormal/special-case paths of division,
sqrt and rcp, the overflow fix-up of exp. The `static` column counts every
instruction of the kernel; the reported numbers follow one path through the
code, the path a normal finite argument takes:

1. The walk starts at the kernel's first instruction and ends at EXIT.
   Unconditional BRA is followed.
2. At a conditional BRA the two successors are explored up to the join of
   the innermost open BSSY region (the BSYNC / reconvergence address) or to
   EXIT. A side that reaches a CALL (ptxas outlines the slow paths of
   division, sqrt, rcp into subroutines) or a backward branch (a loop: the
   Payne-Hanek reduction) is the slow path, and the walk takes the other
   side.
3. Otherwise, a branch whose target is the join of the innermost BSSY region
   is taken: it skips the region, and the region is the slow or special-case
   path (exp's overflow fix-up, sinf's reduction for |x| >= 105615).
4. Otherwise the walk falls through, and the decision is flagged `?` so that
   it is looked at.
5. A CALL on the chosen path is followed into the subroutine up to its RET.
6. Predicated instructions on the path (`@P0 FMUL ...`) run for some
   arguments only. A predicate that comes from comparing the argument (or a
   value computed from it) against a special-value constant (FLT_MIN or
   DBL_MIN: denormals; infinity or the exponent mask: inf/NaN; zero) guards
   the special case and those instructions are not counted on the common
   path; every other predicated instruction (the quadrant fix-ups of sinf,
   the small-argument polynomial of tanhf) is counted. The `pred` column
   gives how many predicated FP instructions were seen on the path and how
   many of them were counted.

The decisions are printed with `--show NAME` (the annotated SASS: `*` marks
an instruction on the common path, `-` a predicated one left out).

Usage:
    scripts/sass_math_costs.py [--json OUT] [--markdown OUT] [--show NAME]
                               [--only NAME,NAME] [--keep DIR]
    scripts/sass_math_costs.py --counting-table   # docs/counting.md table

cuobjdump and nvdisasm are looked up in $CUDA_PATH/bin, /usr/local/cuda/bin
and PATH (`--cuobjdump` and `--nvdisasm` override); Python 3 standard
library only.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE_CPP = os.path.join(ROOT, "analyzer", "models", "MathFunctions.cpp")
NVCC_FLAGS = ["-cubin", "-arch=sm_90", "-O3"]

# --------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------

ENTRY_RE = re.compile(
    r'^\s*\{"(?P<name>[\w:]+)",\s*\{(?P<prec>\w+),\s*(?P<flops>\d+),\s*'
    r'(?P<sfu>\d+),\s*(?P<cmp>\d+),\s*(?P<hw>\d+),\s*(?P<lanes>\d+)\}\},'
    r'\s*(?://\s*(?P<note>.*))?$')
COMMENT_RE = re.compile(r"^\s*//\s?(?P<text>.*)$")

PREC_LABEL = {"F32": "fp32", "F64": "fp64", "F16": "fp16", "BF16": "bf16",
              "ByArg": "argument"}


@dataclass
class TableEntry:
    name: str
    prec: str  # F32, F64, F16, BF16, ByArg
    flops: int
    sfu: int
    cmp: int
    hw: int
    lanes: int
    section: str
    note: str = ""


def parse_table(path=TABLE_CPP):
    """The entries of `Table[]`, in order, each with its section comment."""
    with open(path) as f:
        lines = f.read().splitlines()
    entries, section, comment, inside = [], "", [], False
    for line in lines:
        if not inside:
            inside = line.strip().startswith("const Entry Table[]")
            continue
        if line.strip() == "};":
            break
        m = COMMENT_RE.match(line)
        if m:
            comment.append(m.group("text").strip())
            continue
        m = ENTRY_RE.match(line)
        if not m:
            continue
        if comment:
            section = " ".join(comment)
            comment = []
        entries.append(TableEntry(
            m.group("name"), m.group("prec"), int(m.group("flops")),
            int(m.group("sfu")), int(m.group("cmp")), int(m.group("hw")),
            int(m.group("lanes")), section, (m.group("note") or "").strip()))
    return entries


def counting_table(entries):
    """The Markdown table of docs/counting.md, from the parsed entries."""
    out = ["| Function | Precision | FLOPs | SFU ops | Compare ops | "
           "Hardware FLOPs (sm_90 SASS, common path) | Lanes |",
           "|---|---|---|---|---|---|---|"]
    section = None
    for e in entries:
        if e.section != section:
            section = e.section
            out.append(f"| *{section.rstrip('.')}* | | | | | | |")
        out.append(f"| `{e.name}` | {PREC_LABEL[e.prec]} | {e.flops} | "
                   f"{e.sfu} | {e.cmp} | {e.hw} | {e.lanes} |")
    return "\n".join(out)


# --------------------------------------------------------------------------
# Kernels
# --------------------------------------------------------------------------

CTYPE = {"fp32": "float", "fp64": "double", "fp16": "__half",
         "bf16": "__nv_bfloat16", "fp16x2": "__half2",
         "bf16x2": "__nv_bfloat162", "int": "int", "uint": "unsigned",
         "int64": "long long"}

BINARY = {
    "__fadd_rn", "__fsub_rn", "__fmul_rn", "__fdiv_rn", "__fdividef",
    "fdividef", "__dadd_rn", "__dmul_rn", "__ddiv_rn", "__powf", "powf",
    "atan2f", "hypotf", "pow", "__hadd", "__hsub", "__hmul", "__hdiv",
    "__hadd2", "__hsub2", "__hmul2", "__h2div", "__hmax", "__hmin",
    "__hmax2", "__hmin2", "__hmul_rn", "__hadd_rn", "fminf", "fmaxf", "fmin",
    "fmax", "min", "max", "umin", "umax", "llmin", "llmax", "copysignf"}
TERNARY = {"fmaf", "__fmaf_rn", "__fmaf_rz", "__fmaf_ru", "__fmaf_rd", "fma",
           "__fma_rn", "__hfma", "__hfma_relu", "__hfma2"}
INTEGER_VARIANTS = {"umin": ["uint"], "umax": ["uint"], "llmin": ["int64"],
                    "llmax": ["int64"], "min": ["int"], "max": ["int"],
                    "abs": ["int"]}


@dataclass
class Variant:
    name: str
    prec: str  # fp32, fp64, fp16, bf16, fp16x2, bf16x2, int, ...
    ctype: str
    body: str


def variants_of(e):
    """The kernels to build for one table entry."""
    if e.prec in ("F32", "F64", "F16", "BF16"):
        precs = [PREC_LABEL[e.prec]]
    elif e.name in INTEGER_VARIANTS:
        precs = INTEGER_VARIANTS[e.name]
    elif e.lanes == 2:
        precs = ["fp16x2", "bf16x2"]
    else:
        precs = ["fp16", "bf16"]
    out = []
    for p in precs:
        t = CTYPE[p]
        if e.name == "sincosf":
            body = ("float s, c; sincosf(x[i], &s, &c); "
                    "y[2 * i] = s; y[2 * i + 1] = c;")
        elif e.name == "normf":
            body = "y[i] = normf(3, x + 3 * i);"
        elif e.name in TERNARY:
            body = f"y[i] = {e.name}(x[i], x[i + 32], x[i + 64]);"
        elif e.name in BINARY:
            body = f"y[i] = {e.name}(x[i], x[i + 32]);"
        else:
            body = f"y[i] = {e.name}(x[i]);"
        out.append(Variant(e.name, p, t, body))
    return out


def kernel_source(ctype, body):
    return ("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
            f'extern "C" __global__ void k(const {ctype} *x, {ctype} *y) {{\n'
            f"  unsigned i = threadIdx.x;\n  {body}\n}}\n")


# --------------------------------------------------------------------------
# SASS
# --------------------------------------------------------------------------

SASS_RE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
PRED_RE = re.compile(r"^@(!?)(U?P[T0-9]+)\s+")


@dataclass
class Inst:
    addr: int
    pred: str  # "" or "P0" / "!P0"
    opcode: str
    operands: str

    @property
    def base(self):
        return self.opcode.split(".")[0]

    @property
    def mods(self):
        return self.opcode.split(".")[1:]

    def text(self):
        p = f"@{self.pred} " if self.pred else ""
        return f"{p}{self.opcode} {self.operands}".strip()


def parse_sass(text):
    insts = []
    for line in text.splitlines():
        m = SASS_RE.search(line)
        if not m or not line.lstrip().startswith("/*"):
            continue
        addr, rest = int(m.group(1), 16), m.group(2)
        pred = ""
        pm = PRED_RE.match(rest)
        if pm:
            pred = pm.group(1) + pm.group(2)
            rest = rest[pm.end():]
        parts = rest.split(None, 1)
        if not parts:
            continue
        opcode = parts[0]
        operands = parts[1] if len(parts) > 1 else ""
        if opcode == "NOP":
            continue
        insts.append(Inst(addr, pred, opcode, operands))
    return insts


FP_CLASSES = {
    "FADD": ("fp32", "add"), "FADD32I": ("fp32", "add"),
    "FMUL": ("fp32", "mul"), "FMUL32I": ("fp32", "mul"),
    "FFMA": ("fp32", "fma"), "FFMA32I": ("fp32", "fma"),
    "DADD": ("fp64", "add"), "DMUL": ("fp64", "mul"), "DFMA": ("fp64", "fma"),
    "HADD2": ("fp16", "add"), "HADD2_32I": ("fp16", "add"),
    "HMUL2": ("fp16", "mul"), "HMUL2_32I": ("fp16", "mul"),
    "HFMA2": ("fp16", "fma"), "HFMA2_32I": ("fp16", "fma"),
}


def classify(inst):
    """('fp32'|'fp64'|'fp16'|'bf16', 'add'|'mul'|'fma'), 'mufu', 'mov', or
    None for an instruction that is not floating-point arithmetic."""
    if inst.base == "MUFU":
        return "mufu"
    cls = FP_CLASSES.get(inst.base)
    if not cls:
        return None
    prec, kind = cls
    if prec == "fp16" and any("BF16" in m for m in inst.mods):
        prec = "bf16"
    if kind == "fma" and prec in ("fp16", "bf16"):
        srcs = [s.strip() for s in inst.operands.split(",")]
        if len(srcs) >= 3 and {srcs[1].lstrip("-|"), srcs[2].lstrip("-|")} \
                == {"RZ"}:
            return "mov"
    return (prec, kind)


def branch_target(inst):
    m = re.search(r"(0x[0-9a-f]+)\s*$", inst.operands)
    return int(m.group(1), 16) if m else None


@dataclass
class Counts:
    by: dict = field(default_factory=dict)  # (prec, kind) -> n
    mufu: dict = field(default_factory=dict)  # sub-op -> n
    mov: int = 0

    def add(self, inst, sign=1):
        c = classify(inst)
        if c is None:
            return
        if c == "mufu":
            sub = ".".join(inst.mods) or "?"
            self.mufu[sub] = self.mufu.get(sub, 0) + sign
        elif c == "mov":
            self.mov += sign
        else:
            self.by[c] = self.by.get(c, 0) + sign

    def get(self, prec, kind):
        return self.by.get((prec, kind), 0)

    def flops(self, prec=None):
        return sum(n * (2 if k == "fma" else 1)
                   for (p, k), n in self.by.items() if prec in (None, p))

    def mufu_total(self):
        return sum(self.mufu.values())

    def minus(self, other):
        out = Counts(dict(self.by), dict(self.mufu), self.mov - other.mov)
        for key, n in other.by.items():
            out.by[key] = out.by.get(key, 0) - n
        for key, n in other.mufu.items():
            out.mufu[key] = out.mufu.get(key, 0) - n
        return out

    def is_zero(self):
        return (not any(self.by.values()) and not any(self.mufu.values())
                and self.mov == 0)

    def as_json(self):
        return {
            "fp32": {k: self.get("fp32", k) for k in ("add", "mul", "fma")},
            "fp64": {k: self.get("fp64", k) for k in ("add", "mul", "fma")},
            "fp16": {k: self.get("fp16", k) for k in ("add", "mul", "fma")},
            "bf16": {k: self.get("bf16", k) for k in ("add", "mul", "fma")},
            "mufu": dict(sorted(self.mufu.items())), "mov": self.mov,
            "hardware_flops": self.flops(),
        }


# Constants a compare tests against when it looks for a special argument:
# FLT_MIN / DBL_MIN (denormals), infinity and the exponent masks (inf, NaN).
SPECIAL_CONSTANTS = (
    "1.175494350822287508e-38", "+INF", "-INF", "INF", "QNAN", "0x7f800000",
    "0x7fffffff", "0x7ff00000", "0x7fefffff", "2.2250738585072013831e-308",
    "0x800000", "0x100000")


@dataclass
class Walk:
    path: list = field(default_factory=list)  # instructions on the path
    skipped_pred: list = field(default_factory=list)
    counted_pred: list = field(default_factory=list)
    decisions: list = field(default_factory=list)
    flagged: bool = False


class Program:
    def __init__(self, insts):
        self.insts = insts
        self.at = {i.addr: n for n, i in enumerate(insts)}

    def next_addr(self, addr):
        n = self.at[addr] + 1
        return self.insts[n].addr if n < len(self.insts) else None

    def has_branches(self):
        for i in self.insts:
            if i.base in ("BSSY", "CALL"):
                return True
            if i.base == "BRA" and branch_target(i) != i.addr:
                return True
        return False

    def join_of(self, bssy):
        """Addresses that count as the join of a BSSY region: the
        reconvergence address and the BSYNC just before it."""
        reg = bssy.operands.split(",")[0].strip()
        target = branch_target(bssy)
        joins = {target}
        for i in self.insts:
            if i.base == "BSYNC" and i.operands.strip() == reg and \
                    i.addr < target:
                joins.add(i.addr)
        return joins

    def explore(self, start, stops):
        """Whether the code reachable from start before a stop address, EXIT
        or RET contains a CALL or a backward branch (a loop)."""
        seen, work, marks = set(), [start], set()
        while work:
            a = work.pop()
            if a is None or a in seen or a in stops or a not in self.at:
                continue
            seen.add(a)
            i = self.insts[self.at[a]]
            if i.base == "EXIT" and not i.pred:
                continue
            if i.base == "RET":
                continue
            if i.base == "CALL":
                marks.add("call")
            if i.base == "BRA":
                t = branch_target(i)
                if t is not None and t <= a:
                    if t != a:
                        marks.add("loop")
                    continue
                work.append(t)
                if i.pred:
                    work.append(self.next_addr(a))
                continue
            work.append(self.next_addr(a))
        return marks

    def predicate_setter(self, path, reg):
        """The last instruction on the path that writes predicate reg."""
        for i in reversed(path):
            if i.base.endswith("SETP") or i.base in ("PLOP3", "LOP3", "FCHK",
                                                     "R2P"):
                ops = [o.strip() for o in i.operands.split(",")]
                if reg in ops[:2]:
                    return i
        return None

    def special_guard(self, path, pred):
        reg = pred.lstrip("!")
        setter = self.predicate_setter(path, reg)
        if setter is None:
            return False
        if setter.base == "FCHK":
            return True
        ops = setter.operands
        if any(c in ops for c in SPECIAL_CONSTANTS):
            return True
        # A compare with zero (x == 0, x < 0: the special results of log,
        # sqrt, pow).
        srcs = [o.strip() for o in ops.split(",")][2:4]
        return setter.base.endswith("SETP") and "RZ" in srcs

    def walk(self):
        w = Walk()
        self._walk(0, w, stack=[], depth=0)
        return w

    def _walk(self, addr, w, stack, depth):
        steps = 0
        while addr is not None and addr in self.at:
            steps += 1
            if steps > 10000 or depth > 8:
                w.flagged = True
                w.decisions.append("walk too long: stopped")
                return
            i = self.insts[self.at[addr]]
            if i.base == "EXIT" and not i.pred:
                return
            if i.base == "RET":
                return
            if i.base == "BSSY":
                stack = stack + [i]
            elif i.base == "BSYNC" and stack:
                stack = stack[:-1]
            if i.base == "BRA":
                t = branch_target(i)
                if not i.pred:
                    if t == addr:
                        return
                    addr = t
                    continue
                addr = self._decide(i, w, stack)
                continue
            if i.base == "CALL":
                w.decisions.append(f"{i.addr:04x}: {i.text()}: followed")
                self._walk(branch_target(i), w, [], depth + 1)
                addr = self.next_addr(addr)
                continue
            if i.pred and classify(i) is not None:
                if self.special_guard(w.path, i.pred):
                    w.skipped_pred.append(i)
                else:
                    w.counted_pred.append(i)
                    w.path.append(i)
            else:
                w.path.append(i)
            addr = self.next_addr(addr)

    def _decide(self, i, w, stack):
        t, f = branch_target(i), self.next_addr(i.addr)
        joins = self.join_of(stack[-1]) if stack else set()
        slow_t = self.explore(t, joins) if t not in joins else set()
        slow_f = self.explore(f, joins)
        head = f"{i.addr:04x}: {i.text()}"
        if t is not None and t <= i.addr:
            w.decisions.append(f"{head}: loop back edge not taken ?")
            w.flagged = True
            return f
        if slow_f and not slow_t:
            w.decisions.append(
                f"{head}: taken (fall-through has {'+'.join(sorted(slow_f))})")
            return t
        if slow_t and not slow_f:
            w.decisions.append(
                f"{head}: not taken (target has {'+'.join(sorted(slow_t))})")
            return f
        if t in joins:
            w.decisions.append(f"{head}: taken (skips its BSSY region)")
            return t
        w.decisions.append(f"{head}: not taken ?")
        w.flagged = True
        return f


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------


def find_tool(name, override):
    if override:
        return override
    for d in (os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"),
                           "bin"), "/usr/local/cuda/bin"):
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    return shutil.which(name)


class Compiler:
    def __init__(self, nvcc, cuobjdump, nvdisasm, keep):
        self.nvcc, self.cuobjdump = nvcc, cuobjdump
        self.env = dict(os.environ)
        if nvdisasm:
            self.env["PATH"] = (os.path.dirname(nvdisasm) + os.pathsep +
                                self.env.get("PATH", ""))
        self.dir = keep or tempfile.mkdtemp(prefix="sass-math-")
        os.makedirs(self.dir, exist_ok=True)
        self.n = 0

    def sass(self, source):
        """(instructions, error message)."""
        self.n += 1
        stem = os.path.join(self.dir, f"k{self.n}")
        with open(stem + ".cu", "w") as f:
            f.write(source)
        r = subprocess.run([self.nvcc] + NVCC_FLAGS +
                           ["-o", stem + ".cubin", stem + ".cu"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            msg = (r.stderr or r.stdout).strip().splitlines()
            err = next((m for m in msg if "error" in m), msg[0] if msg else "")
            return None, re.sub(r"^.*?\.cu\(\d+\): ", "", err)
        r = subprocess.run([self.cuobjdump, "-sass", stem + ".cubin"],
                           capture_output=True, text=True, env=self.env)
        if r.returncode != 0:
            return None, "cuobjdump: " + r.stderr.strip()
        with open(stem + ".sass", "w") as f:
            f.write(r.stdout)
        return parse_sass(r.stdout), None


def count(insts):
    c = Counts()
    for i in insts:
        c.add(i)
    return c


def measure(compiler, entries, only=None):
    baselines, rows = {}, []
    for e in entries:
        if only and e.name not in only:
            continue
        for v in variants_of(e):
            if v.prec not in baselines:
                insts, err = compiler.sass(
                    kernel_source(v.ctype, "y[i] = x[i];"))
                if err:
                    sys.exit(f"baseline for {v.ctype} failed: {err}")
                baselines[v.prec] = count(insts)
            base = baselines[v.prec]
            insts, err = compiler.sass(kernel_source(v.ctype, v.body))
            row = {"name": v.name, "precision": v.prec, "type": v.ctype,
                   "call": v.body, "table": {
                       "precision": PREC_LABEL[e.prec], "flops": e.flops,
                       "sfu": e.sfu, "compare": e.cmp, "hardware_flops": e.hw,
                       "lanes": e.lanes}}
            if err:
                row["error"] = err
                rows.append(row)
                continue
            prog = Program(insts)
            w = prog.walk()
            static = count(insts).minus(base)
            common = count(w.path).minus(base)
            row.update({
                "static": static.as_json(), "common": common.as_json(),
                "branches": prog.has_branches(),
                "predicated": {"seen": len(w.counted_pred) +
                               len(w.skipped_pred),
                               "counted": len(w.counted_pred)},
                "decisions": w.decisions, "needs_review": w.flagged,
                "baseline_zero": base.is_zero(),
            })
            row["_program"], row["_walk"] = prog, w
            rows.append(row)
    return rows, baselines


def fmt_mufu(m):
    return "+".join(k if n == 1 else f"{n}x{k}"
                    for k, n in sorted(m.items()) if n) or "0"


def table_rows(rows):
    head = ["function", "prec", "FADD", "FMUL", "FFMA", "DADD", "DMUL", "DFMA",
            "HADD2", "HMUL2", "HFMA2", "MUFU", "mov", "hw FLOPs",
            "static hw", "static MUFU", "branches", "pred", "table hw",
            "table SFU"]
    out = [head]
    for r in rows:
        if "error" in r:
            out.append([r["name"], r["precision"]] + ["-"] * 14 +
                       ["n/a: " + r["error"][:60], "",
                        str(r["table"]["hardware_flops"]),
                        str(r["table"]["sfu"])])
            continue
        c, s = r["common"], r["static"]
        hn = {k: c["fp16"][k] + c["bf16"][k] for k in ("add", "mul", "fma")}
        flags = ("yes" if r["branches"] else "no") + \
            (" ?" if r["needs_review"] else "")
        pred = r["predicated"]
        out.append([
            r["name"], r["precision"],
            str(c["fp32"]["add"]), str(c["fp32"]["mul"]),
            str(c["fp32"]["fma"]), str(c["fp64"]["add"]),
            str(c["fp64"]["mul"]), str(c["fp64"]["fma"]), str(hn["add"]),
            str(hn["mul"]), str(hn["fma"]), fmt_mufu(c["mufu"]),
            str(c["mov"]), str(c["hardware_flops"]),
            str(s["hardware_flops"]), str(sum(s["mufu"].values())), flags,
            f"{pred['counted']}/{pred['seen']}" if pred["seen"] else "",
            str(r["table"]["hardware_flops"]), str(r["table"]["sfu"])])
    return out


def render_text(table):
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths))
                     .rstrip() for row in table)


def render_markdown(table):
    lines = ["| " + " | ".join(table[0]) + " |",
             "|" + "---|" * len(table[0])]
    for row in table[1:]:
        cells = [f"`{row[0]}`"] + row[1:]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def show(row):
    prog, w = row["_program"], row["_walk"]
    on = {id(i) for i in w.path}
    off = {id(i) for i in w.skipped_pred}
    print(f"== {row['name']} ({row['precision']}): {row['call']}")
    for i in prog.insts:
        mark = "*" if id(i) in on else "-" if id(i) in off else " "
        print(f"  {mark} {i.addr:04x}  {i.text()}")
    for d in w.decisions:
        print("   ", d)


def tool_version(cmd):
    try:
        r = subprocess.run([cmd, "--version"], capture_output=True, text=True)
        lines = [l for l in r.stdout.splitlines() if l.strip()]
        return lines[-1] if lines else "?"
    except OSError:
        return "?"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", metavar="OUT", help="write the rows as JSON")
    ap.add_argument("--markdown", metavar="OUT",
                    help="write the table as Markdown")
    ap.add_argument("--show", metavar="NAME", action="append", default=[],
                    help="print the annotated SASS of NAME (repeatable)")
    ap.add_argument("--only", metavar="NAMES",
                    help="comma-separated table names to measure")
    ap.add_argument("--keep", metavar="DIR",
                    help="keep the kernels, cubins and SASS in DIR")
    ap.add_argument("--table", default=TABLE_CPP,
                    help="MathFunctions.cpp to read (default: the project's)")
    ap.add_argument("--nvcc")
    ap.add_argument("--cuobjdump")
    ap.add_argument("--nvdisasm")
    ap.add_argument("--counting-table", action="store_true",
                    help="print the docs/counting.md table of the current "
                         "MathFunctions.cpp and exit")
    args = ap.parse_args()

    entries = parse_table(args.table)
    if args.counting_table:
        print(counting_table(entries))
        return 0

    nvcc = find_tool("nvcc", args.nvcc)
    cuobjdump = find_tool("cuobjdump", args.cuobjdump)
    nvdisasm = find_tool("nvdisasm", args.nvdisasm)
    if not nvcc or not cuobjdump:
        sys.exit("sass_math_costs: needs nvcc and cuobjdump (--nvcc, "
                 "--cuobjdump, or CUDA_PATH)")
    compiler = Compiler(nvcc, cuobjdump, nvdisasm, args.keep)
    only = set(args.only.split(",")) if args.only else None
    rows, baselines = measure(compiler, entries, only)

    table = table_rows(rows)
    print(render_text(table))
    nonzero = [p for p, b in baselines.items() if not b.is_zero()]
    print()
    print("baseline (y[i] = x[i]) FP instructions: " +
          ("zero for every type" if not nonzero else
           "NOT zero for " + ", ".join(nonzero)))
    review = [f"{r['name']} ({r['precision']})" for r in rows
              if r.get("needs_review")]
    if review:
        print("branch decisions to look at (`?`): " + ", ".join(review))
    for r in rows:
        if r["name"] in args.show and "_program" in r:
            print()
            show(r)

    meta = {"nvcc": tool_version(nvcc), "cuobjdump": tool_version(cuobjdump),
            "flags": " ".join(NVCC_FLAGS),
            "date": datetime.date.today().isoformat()}
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "rows": [
                {k: v for k, v in r.items() if not k.startswith("_")}
                for r in rows]}, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(render_markdown(table) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
