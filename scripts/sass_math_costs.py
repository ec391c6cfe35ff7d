#!/usr/bin/env python3
"""Measure the math-function table against real SASS, without a GPU.

For every entry of `Table[]` in analyzer/cuda/MathFunctions.cpp this script
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
sqrt and rcp, the overflow fix-up of exp. The `static` columns count every
instruction of the kernel; the reported numbers follow one path through the
code, the path that a normal, finite argument takes. Rule:

1. The common path is the one the typical arguments take: x[i] = 0.75,
   x[i + 32] = 1.25, x[i + 64] = 0.5 (`--args` changes them). They are in
   the domain of every function of the table, far from overflow, underflow
   and denormals, and below the thresholds of the large-argument reductions
   (|x| < 105615 for sinf), so the path they take is the fast path.
2. To follow it, the walk evaluates the kernel along the path for those
   arguments: a small evaluator of the integer, fp32, fp64 and predicate
   instructions met on these fast paths (MOV/IMAD/IADD3/LOP3/SHF/LEA/SEL,
   FADD/FMUL/FFMA/FSEL/FRND/F2I/I2F, DADD/DMUL/DFMA, MUFU, FSETP/DSETP/
   ISETP/HSETP2, PLOP3, R2P, F2FP, PRMT; FCHK, which flags quotients that
   need the slow division, is false for them). Each conditional BRA goes the
   way its predicate says, and a predicated instruction on the path is
   counted when its predicate is true, as ncu's `_pred_on` counters do. So
   the count is that of the instructions before the first branch to a slow
   path, the fast side of each such branch, and the join after it; an
   unconditional CALL on the path is followed to its RET.
3. When a predicate cannot be evaluated (an instruction outside the
   evaluator's set fed it), a fallback decides, and the decision is marked
   `?` (the branches column) or listed as "predicate unknown":
   a branch side that reaches a CALL (ptxas outlines the slow paths of
   division, sqrt and rcp) or a backward branch (a loop: Payne-Hanek) is
   the slow side; otherwise a branch to the join of its BSSY region is
   taken (it skips the region); otherwise the walk falls through. A
   predicated instruction whose predicate was set by a compare with a
   special-value constant (FLT_MIN, DBL_MIN, infinity, NaN, the exponent
   masks, the exponent range -126/126/128, or == 0) is taken to guard the
   special case and is left out; any other is counted.
   For sm_90 and CUDA 13.0 no row needs the branch fallback.

Functions that choose code by the argument's range (tanhf's |x| < 0.6
polynomial, erff's MUFU.EX2 for |x| >= 1, the quadrant sign fix-ups of
sinf/cosf/atan2f) are counted for the typical argument; another argument
may add or drop a few instructions, which `--args` shows.

The decisions are printed with `--show NAME` (the annotated SASS: `*` marks
an instruction on the common path, `-` a predicated one left out).

Usage:
    scripts/sass_math_costs.py [--json OUT] [--markdown OUT] [--show NAME]
                               [--only NAME,NAME] [--keep DIR]
    scripts/sass_math_costs.py --counting-table   # docs/counting.md table

cuobjdump and nvdisasm are looked up in $CUDA_PATH/bin, /usr/local/cuda/bin
and PATH (`--cuobjdump` and `--nvdisasm` override). A toolkit installed from
pip wheels may lack them; the nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm
wheels provide them (the SASS is what nvcc's ptxas wrote; the disassembler
only reads it, so its version need not match). Python 3 standard library
only.
"""

import argparse
import datetime
import json
import math
import os
import re
import shutil
import struct
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
    r'(?P<sfu>\d+),\s*(?P<cmp>\d+),\s*(?P<hw>\d+),\s*(?P<lanes>\d+),\s*'
    r'(?P<mufu>\d+)\}\},'
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
    mufu: int
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
            int(m.group("lanes")), int(m.group("mufu")), section,
            (m.group("note") or "").strip()))
    return entries


def counting_table(entries):
    """The Markdown table of docs/counting.md, from the parsed entries."""
    out = ["| Function | Precision | FLOPs | SFU ops | Compare ops | "
           "Hardware FLOPs (sm_90 SASS, common path) | MUFU (SASS) | Lanes |",
           "|---|---|---|---|---|---|---|---|"]
    section = None
    for e in entries:
        if e.section != section:
            section = e.section
            out.append(f"| *{section.rstrip('.')}* | | | | | | | |")
        out.append(f"| `{e.name}` | {PREC_LABEL[e.prec]} | {e.flops} | "
                   f"{e.sfu} | {e.cmp} | {e.hw} | {e.mufu} | {e.lanes} |")
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
ELEM_BYTES = {"fp32": 4, "fp64": 8, "fp16": 2, "bf16": 2, "fp16x2": 4,
              "bf16x2": 4, "int": 4, "uint": 4, "int64": 8}
# The typical arguments the common path is followed for: x[i], x[i + 32],
# x[i + 64] (in the domain of every function of the table: asinf, acosf,
# log1pf, powf, ...).
TYPICAL_ARGS = (0.75, 1.25, 0.5)
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


# --------------------------------------------------------------------------
# A small SASS evaluator for one typical argument
# --------------------------------------------------------------------------

MASK = 0xFFFFFFFF
IMM_INT_RE = re.compile(r"^-?(0x[0-9a-f]+|\d+)$")
IMM_FLT_RE = re.compile(r"^[+-]?(\d+(\.\d*)?([eE][+-]?\d+)?|INF|QNAN)$")
REG_RE = re.compile(r"^(-?)(\|?)(-?)(U?R(?:Z|\d+))(?:\.(H0_H0|H1_H1|64|H0_H1|"
                    r"H1_H0|F32|B1|B0))?(\|?)$")


def reg_match(tok):
    """Match a register operand: groups 1 and 3 are negations, 2 the
    absolute value, 4 the register, 5 the half selector; `.reuse` is
    dropped and `|R3|.H0_H0` is read as `|R3.H0_H0|`."""
    tok = tok.strip().replace(".reuse", "")
    m = re.match(r"^(-?)\|([^|]*)\|(\.\w+)$", tok)
    if m:
        tok = f"{m.group(1)}|{m.group(2)}{m.group(3)}|"
    return REG_RE.match(tok)


def f32_bits(v):
    try:
        return struct.unpack("<I", struct.pack("<f", v))[0]
    except OverflowError:
        return 0x7F800000 if v > 0 else 0xFF800000


def bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b & MASK))[0]


def f64_words(v):
    q = struct.unpack("<Q", struct.pack("<d", v))[0]
    return q & MASK, q >> 32


def words_f64(lo, hi):
    return struct.unpack("<d", struct.pack("<Q", (hi << 32) | lo))[0]


def f16_bits(v):
    try:
        return struct.unpack("<H", struct.pack("<e", v))[0]
    except OverflowError:
        return 0x7C00 if v > 0 else 0xFC00


def bits_f16(b):
    return struct.unpack("<e", struct.pack("<H", b & 0xFFFF))[0]


def bf16_bits(v):
    b = f32_bits(v)
    return (b + 0x7FFF + (b >> 16 & 1)) >> 16 & 0xFFFF


def bits_bf16(b):
    return bits_f32((b & 0xFFFF) << 16)


def parse_float(tok):
    t = tok.lstrip("+")
    neg = t.startswith("-")
    t = t.lstrip("-")
    v = math.inf if t == "INF" else math.nan if t == "QNAN" else float(t)
    return -v if neg else v


def to_s32(v):
    return v - (1 << 32) if v & 0x80000000 else v


def compare(op, a, b):
    """SASS compare: the U forms are also true when an operand is NaN."""
    nan = isinstance(a, float) and (math.isnan(a) or math.isnan(b))
    if op in ("NAN", "NUM"):
        return nan == (op == "NAN")
    unordered = op.endswith("U")
    if nan:
        return unordered
    return {"EQ": a == b, "NE": a != b, "LT": a < b, "LE": a <= b,
            "GT": a > b, "GE": a >= b}[op[:-1] if unordered else op]


CMP_OPS = {"EQ", "NE", "LT", "LE", "GT", "GE", "EQU", "NEU", "LTU", "LEU",
           "GTU", "GEU", "NAN", "NUM"}


class Machine:
    """Register and predicate values along the walked path for one typical
    argument; None is an unknown value. Only the operations met on the fast
    paths of the math functions are modelled, and any other instruction makes
    its results unknown."""

    def __init__(self, args, elem_bytes, prec):
        self.r, self.p = {}, {}
        self.args, self.elem, self.prec = args, elem_bytes, prec
        # Registers that hold the address of the argument array x (the
        # kernel's first parameter, c[0x0][0x210]) plus an index.
        self.xptr = set()

    # -- operands -----------------------------------------------------------
    def pred(self, tok):
        tok = tok.strip()
        neg = tok.startswith("!")
        name = tok.lstrip("!")
        v = True if name in ("PT", "UPT") else self.p.get(name)
        return None if v is None else (not v if neg else v)

    def reg_bits(self, name):
        if name in ("RZ", "URZ"):
            return 0
        return self.r.get(name)

    def reg_name(self, tok):
        m = reg_match(tok)
        return m.group(4) if m else None

    def pair(self, name, k=1):
        if name in ("RZ", "URZ"):
            return name
        pre = "UR" if name.startswith("UR") else "R"
        return f"{pre}{int(name[len(pre):]) + k}"

    def int_op(self, tok):
        tok = tok.strip()
        if IMM_INT_RE.match(tok):
            v = int(tok.lstrip("-"), 0)
            return (-v if tok.startswith("-") else v) & MASK
        m = reg_match(tok)
        if not m:
            return None
        v = self.reg_bits(m.group(4))
        if v is None:
            return None
        if m.group(1) or m.group(3):
            v = -v
        return v & MASK

    def f32_op(self, tok):
        tok = tok.strip()
        if IMM_FLT_RE.match(tok):
            return parse_float(tok)
        if IMM_INT_RE.match(tok) and tok.startswith("0x"):
            return bits_f32(int(tok, 16))
        m = reg_match(tok)
        if not m:
            return None
        b = self.reg_bits(m.group(4))
        if b is None:
            return None
        half = m.group(5)
        if half in ("H0_H0", "H1_H1"):
            v = bits_f16(b >> (16 if half == "H1_H1" else 0))
        else:
            v = bits_f32(b)
        if m.group(2):
            v = abs(v)
        if m.group(1) or m.group(3):
            v = -v
        return v

    def f64_op(self, tok):
        tok = tok.strip()
        if IMM_FLT_RE.match(tok):
            return parse_float(tok)
        m = reg_match(tok)
        if not m:
            return None
        name = m.group(4)
        lo, hi = self.reg_bits(name), self.reg_bits(self.pair(name))
        if lo is None or hi is None:
            return None
        v = words_f64(lo, hi)
        if m.group(2):
            v = abs(v)
        if m.group(1) or m.group(3):
            v = -v
        return v

    # -- results ------------------------------------------------------------
    def set_int(self, tok, v):
        name = self.reg_name(tok)
        if name and name not in ("RZ", "URZ"):
            self.r[name] = None if v is None else v & MASK
            self.xptr.discard(name)

    def set_f32(self, tok, v):
        self.set_int(tok, None if v is None else f32_bits(v))

    def set_f64(self, tok, v):
        name = self.reg_name(tok)
        if not name or name == "RZ":
            return
        if v is None:
            self.r[name] = self.r[self.pair(name)] = None
        else:
            self.r[name], self.r[self.pair(name)] = f64_words(v)

    def set_pred(self, tok, v):
        tok = tok.strip()
        if tok not in ("PT", "UPT") and re.match(r"^U?P\d$", tok):
            self.p[tok] = v

    def forget(self, inst, ops):
        """An instruction that is not modelled: its results are unknown."""
        wide = inst.base.startswith("D") or any(
            m in ("64", "WIDE", "F64", "128") for m in inst.mods) or \
            inst.base in ("CS2R", "I2F", "F2I", "F2F") and "64" in \
            inst.opcode
        for k, tok in enumerate(ops[:2]):
            name = self.reg_name(tok)
            if name and (k == 0 or inst.base in ("IADD3", "LEA", "LOP3")):
                self.set_int(tok, None)
                if wide:
                    self.set_int(self.pair(name), None)
                    if "128" in inst.mods:
                        for j in (2, 3):
                            self.set_int(self.pair(name, j), None)
            elif re.match(r"^U?P\d$", tok.strip()):
                self.set_pred(tok, None)

    # -- execution ----------------------------------------------------------
    def step(self, inst):
        ops = [o.strip() for o in inst.operands.split(",")] \
            if inst.operands else []
        if inst.pred:
            g = self.pred(inst.pred)
            if g is False:
                return
            if g is None:
                self.forget(inst, ops)
                return
        try:
            if not self._step(inst, ops):
                self.forget(inst, ops)
        except (ValueError, ZeroDivisionError, OverflowError, IndexError,
                TypeError):
            self.forget(inst, ops)

    def _step(self, inst, ops):
        b, mods = inst.base, inst.mods
        if b in ("MOV", "UMOV"):
            self.set_int(ops[0], self.int_op(ops[1]))
        elif b == "IMAD" and not set(mods) & {"WIDE", "HI", "X"}:
            a, m, c = (self.int_op(o) for o in ops[1:4])
            self.set_int(ops[0], None if None in (a, m, c) else a * m + c)
        elif b in ("IADD3", "UIADD3") and not set(mods) & {"X"} and \
                not re.match(r"^U?P\d", ops[1]):
            vals = [self.int_op(o) for o in ops[1:4]]
            self.set_int(ops[0], None if None in vals else sum(vals))
        elif b == "VIADD":
            a, c = self.int_op(ops[1]), self.int_op(ops[2])
            self.set_int(ops[0], None if None in (a, c) else a + c)
        elif b == "LOP3" and len(ops) >= 6:
            dst = 0
            if re.match(r"^U?P\d|^PT$", ops[0]):
                dst = 1
            a, bb, c = (self.int_op(o) for o in ops[dst + 1:dst + 4])
            lut = int(ops[dst + 4], 0)
            if None in (a, bb, c):
                res = None
            else:
                res = 0
                for k in range(8):
                    if lut >> k & 1:
                        res |= ((a if k & 4 else ~a) & (bb if k & 2 else ~bb)
                                & (c if k & 1 else ~c))
                res &= MASK
            if dst:
                self.set_pred(ops[0], None if res is None else res != 0)
            self.set_int(ops[dst], res)
        elif b == "SHF" and len(ops) == 4:
            a, sh, c = (self.int_op(o) for o in ops[1:4])
            if None in (a, sh, c):
                self.set_int(ops[0], None)
            elif mods[:2] == ["L", "U32"]:
                self.set_int(ops[0], a << (sh & 31))
            elif mods[:2] == ["R", "U32"] and "HI" in mods:
                self.set_int(ops[0], c >> (sh & 31))
            elif mods[:2] == ["R", "S32"] and "HI" in mods:
                self.set_int(ops[0], to_s32(c) >> (sh & 31))
            else:
                return False
        elif b == "LEA" and not mods and len(ops) == 4:
            a, c, sh = (self.int_op(o) for o in ops[1:4])
            self.set_int(ops[0], None if None in (a, c, sh)
                         else (a << sh) + c)
        elif b == "LEA" and mods == ["HI"] and len(ops) == 5 and \
                ops[3] == "RZ":
            a, c, sh = self.int_op(ops[1]), self.int_op(ops[2]), \
                self.int_op(ops[4])
            self.set_int(ops[0], None if None in (a, c, sh)
                         else (a >> (32 - sh)) + c)
        elif b in ("SEL", "FSEL"):
            g = self.pred(ops[3])
            if g is None:
                self.set_int(ops[0], None)
            elif b == "SEL":
                self.set_int(ops[0], self.int_op(ops[1 if g else 2]))
            else:
                self.set_f32(ops[0], self.f32_op(ops[1 if g else 2]))
        elif b in ("FMNMX", "VIMNMX") and len(ops) == 4:
            g = self.pred(ops[3])
            if b == "FMNMX":
                x, y = self.f32_op(ops[1]), self.f32_op(ops[2])
            else:
                x, y = self.int_op(ops[1]), self.int_op(ops[2])
                if x is not None and y is not None and "U32" not in mods:
                    x, y = to_s32(x), to_s32(y)
            if None in (g, x, y):
                self.set_int(ops[0], None)
            elif b == "FMNMX":
                self.set_f32(ops[0], min(x, y) if g else max(x, y))
            else:
                self.set_int(ops[0], (min(x, y) if g else max(x, y)) & MASK)
        elif b == "I2FP" and mods[:2] == ["F32", "S32"]:
            a = self.int_op(ops[1])
            self.set_f32(ops[0], None if a is None else float(to_s32(a)))
        elif b == "F2I" and mods in (["NTZ"], ["TRUNC", "NTZ"]):
            a = self.f32_op(ops[1])
            self.set_int(ops[0], None if a is None else int(a))
        elif b == "FRND" and "F64" not in mods:
            a = self.f32_op(ops[1])
            if a is not None:
                a = (math.trunc(a) if "TRUNC" in mods else
                     math.floor(a) if "FLOOR" in mods else
                     math.ceil(a) if "CEIL" in mods else round(a))
            self.set_f32(ops[0], None if a is None else float(a))
        elif b in ("FADD", "FMUL", "FFMA", "FADD32I", "FMUL32I", "FFMA32I"):
            vals = [self.f32_op(o) for o in ops[1:]]
            if None in vals:
                r = None
            elif b.startswith("FADD"):
                r = vals[0] + vals[1]
            elif b.startswith("FMUL"):
                r = vals[0] * vals[1]
            else:
                r = vals[0] * vals[1] + vals[2]
            if r is not None and "SAT" in mods:
                r = min(max(r, 0.0), 1.0)
            self.set_f32(ops[0], r)
        elif b in ("DADD", "DMUL", "DFMA"):
            vals = [self.f64_op(o) for o in ops[1:]]
            if None in vals:
                r = None
            elif b == "DADD":
                r = vals[0] + vals[1]
            elif b == "DMUL":
                r = vals[0] * vals[1]
            else:
                r = vals[0] * vals[1] + vals[2]
            self.set_f64(ops[0], r)
        elif b == "MUFU":
            return self._mufu(mods[0] if mods else "", ops)
        elif b in ("FSETP", "DSETP", "ISETP") and len(ops) == 5:
            return self._setp(inst, ops)
        elif b == "PLOP3" and len(ops) == 7:
            a, bb, c = (self.pred(o) for o in ops[2:5])
            for tok, lut in ((ops[0], ops[5]), (ops[1], ops[6])):
                if None in (a, bb, c):
                    self.set_pred(tok, None)
                else:
                    k = (4 if a else 0) + (2 if bb else 0) + (1 if c else 0)
                    self.set_pred(tok, bool(int(lut, 0) >> k & 1))
        elif b == "FCHK":
            # FCHK flags the quotients that need the slow path (denormals,
            # inf, NaN, huge exponent ranges); a typical one does not.
            self.set_pred(ops[0], False)
        elif b == "HFMA2" and len(ops) == 5 and \
                {ops[1].lstrip("-"), ops[2].lstrip("-")} == {"RZ"} and \
                all(IMM_FLT_RE.match(o) for o in ops[3:5]):
            hi, lo = (f16_bits(parse_float(o)) for o in ops[3:5])
            self.set_int(ops[0], hi << 16 | lo)
        elif b == "HADD2" and mods == ["F32"] and len(ops) == 3:
            x, y = self.f32_op(ops[1]), self.f32_op(ops[2])
            self.set_f32(ops[0], None if None in (x, y) else x + y)
        elif b == "F2I" and mods == ["F64"]:
            a = self.f64_op(ops[1])
            self.set_int(ops[0], None if a is None else round(a))
        elif b == "I2F" and mods == ["F64"]:
            a = self.int_op(ops[1])
            self.set_f64(ops[0], None if a is None else float(to_s32(a)))
        elif b == "R2P" and ops[0] == "PR":
            v, mask = self.int_op(ops[1]), int(ops[2], 0)
            for k in range(7):
                if mask >> k & 1:
                    self.set_pred(f"P{k}", None if v is None
                                  else bool(v >> k & 1))
        elif b == "F2FP" and mods[-1] == "PACK_AB" and len(ops) == 3:
            hi, lo = self.f32_op(ops[1]), self.f32_op(ops[2])
            if None in (hi, lo):
                self.set_int(ops[0], None)
            elif "BF16" in mods:
                self.set_int(ops[0], bf16_bits(hi) << 16 | bf16_bits(lo))
            else:
                self.set_int(ops[0], f16_bits(hi) << 16 | f16_bits(lo))
        elif b == "PRMT" and len(ops) == 4:
            a, sel, c = (self.int_op(o) for o in ops[1:4])
            if None in (a, sel, c) or sel & 0x8888:
                self.set_int(ops[0], None)
            else:
                src = a | c << 32
                self.set_int(ops[0], sum(
                    (src >> (8 * (sel >> (4 * k) & 7)) & 0xFF) << (8 * k)
                    for k in range(4)))
        elif b == "HSETP2" and len(ops) in (5, 6):
            return self._hsetp2(inst, ops)
        elif b == "F2F" and mods == ["F32", "F64"]:
            self.set_f32(ops[0], self.f64_op(ops[1]))
        elif b == "F2F" and mods == ["F64", "F32"]:
            self.set_f64(ops[0], self.f32_op(ops[1]))
        elif b == "CS2R" and ops[1] == "SRZ":
            self.set_f64(ops[0], 0.0)
        elif b == "S2R":
            self.set_int(ops[0], 0)
        elif b == "LDC" and ops[1] == "c[0x0][0x210]":
            self.forget(inst, ops)
            self.xptr.add(self.reg_name(ops[0]))
        elif b == "IMAD" and "WIDE" in mods and \
                self.reg_name(ops[3]) in self.xptr:
            self.forget(inst, ops)
            self.xptr.add(self.reg_name(ops[0]))
        elif b == "LDG":
            return self._load(inst, ops)
        elif b in ("BSSY", "BSYNC", "STG", "EXIT", "BRA", "CALL", "RET"):
            return True
        else:
            return False
        return True

    def _mufu(self, sub, ops):
        if sub in ("RCP64H", "RSQ64H"):
            hi = self.int_op(ops[1])
            if hi is None:
                self.set_int(ops[0], None)
                return True
            x = words_f64(0, hi)
            r = 1 / x if sub == "RCP64H" else 1 / math.sqrt(x)
            self.set_int(ops[0], f64_words(r)[1])
            return True
        x = self.f32_op(ops[1])
        if x is None:
            self.set_f32(ops[0], None)
            return True
        f = {"EX2": lambda v: 2.0 ** v, "LG2": math.log2,
             "RCP": lambda v: 1 / v, "RSQ": lambda v: 1 / math.sqrt(v),
             "SQRT": math.sqrt, "SIN": lambda v: math.sin(2 * math.pi * v),
             "COS": lambda v: math.cos(2 * math.pi * v),
             "TANH": math.tanh}.get(sub)
        if f is None:
            return False
        self.set_f32(ops[0], f(x))
        return True

    def _setp(self, inst, ops):
        mods = inst.mods
        cmp = next((m for m in mods if m in CMP_OPS), None)
        bop = next((m for m in mods if m in ("AND", "OR", "XOR")), None)
        if not cmp or not bop or "EX" in mods:
            return False
        if inst.base == "FSETP":
            a, c = self.f32_op(ops[2]), self.f32_op(ops[3])
        elif inst.base == "DSETP":
            a, c = self.f64_op(ops[2]), self.f64_op(ops[3])
        else:
            a, c = self.int_op(ops[2]), self.int_op(ops[3])
            if a is not None and c is not None and "U32" not in mods:
                a, c = to_s32(a), to_s32(c)
        q = self.pred(ops[4])
        if None in (a, c, q):
            self.set_pred(ops[0], None)
            self.set_pred(ops[1], None)
            return True
        t = compare(cmp, a, c)
        comb = {"AND": lambda x: x and q, "OR": lambda x: x or q,
                "XOR": lambda x: x != q}[bop]
        self.set_pred(ops[0], comb(t))
        self.set_pred(ops[1], comb(not t))
        return True

    def half_lanes(self, tok, bf16):
        """The (low, high) lanes of a packed half operand, as floats."""
        m = reg_match(tok)
        if not m:
            return None
        b = self.reg_bits(m.group(4))
        if b is None:
            return None
        conv = bits_bf16 if bf16 else bits_f16
        lanes = [conv(b & 0xFFFF), conv(b >> 16)]
        if m.group(5) == "H0_H0":
            lanes = [lanes[0]] * 2
        elif m.group(5) == "H1_H1":
            lanes = [lanes[1]] * 2
        if m.group(2):
            lanes = [abs(v) for v in lanes]
        if m.group(1) or m.group(3):
            lanes = [-v for v in lanes]
        return lanes

    def _hsetp2(self, inst, ops):
        mods = inst.mods
        cmp = next((m for m in mods if m in CMP_OPS), None)
        bop = next((m for m in mods if m in ("AND", "OR", "XOR")), None)
        if not cmp or not bop or "H_AND" in mods:
            return False
        bf16 = "BF16_V2" in mods
        a = self.half_lanes(ops[2], bf16)
        if len(ops) == 6:  # two immediates: high lane first
            b = [parse_float(ops[4]), parse_float(ops[3])]
        else:
            b = self.half_lanes(ops[3], bf16)
        q = self.pred(ops[-1])
        for k, tok in enumerate(ops[:2]):
            if a is None or b is None or q is None:
                self.set_pred(tok, None)
                continue
            t = compare(cmp, a[k], b[k])
            self.set_pred(tok, {"AND": t and q, "OR": t or q,
                                "XOR": t != q}[bop])
        return True

    def _load(self, inst, ops):
        base = re.search(r"\]\[(R\d+)\.64", ops[1])
        if not base or base.group(1) not in self.xptr:
            return False  # a table, not the argument
        m = re.search(r"\+(0x[0-9a-f]+|\d+)\]$", ops[1])
        off = int(m.group(1), 0) if m else 0
        idx = off // self.elem
        arg = self.args[min(idx // 32, len(self.args) - 1)]
        if self.prec == "fp64":
            self.set_f64(ops[0], arg)
        elif self.prec == "fp32":
            self.set_f32(ops[0], arg)
        elif self.prec in ("fp16", "fp16x2"):
            h = f16_bits(arg)
            self.set_int(ops[0], h if self.prec == "fp16" else h << 16 | h)
        elif self.prec in ("bf16", "bf16x2"):
            h = f32_bits(arg) >> 16
            self.set_int(ops[0], h if self.prec == "bf16" else h << 16 | h)
        else:
            self.set_int(ops[0], int(arg))
        return True


# Constants a compare tests against when it looks for a special argument:
# FLT_MIN / DBL_MIN (denormals), infinity and the exponent masks (inf, NaN),
# the exponent range of a normal result (-126, 126, 128).
SPECIAL_CONSTANTS = {
    "1.175494350822287508e-38", "+INF", "-INF", "INF", "QNAN", "-QNAN",
    "0x7f800000", "0x7fffffff", "0x7ff00000", "0x7fefffff",
    "2.2250738585072013831e-308", "-126", "126", "128"}


@dataclass
class Walk:
    path: list = field(default_factory=list)  # instructions on the path
    off_pred: list = field(default_factory=list)  # predicated, not run
    on_pred: list = field(default_factory=list)  # predicated, run
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

    def special_guard(self, path, pred):
        """For a predicate the evaluator could not decide: whether the last
        compare that set it tests for a special argument, in which case the
        guarded instruction is taken not to run on the common path."""
        reg = pred.lstrip("!")
        for i in reversed(path):
            ops = [o.strip() for o in i.operands.split(",")]
            if reg not in ops[:2] or not (i.base.endswith("SETP") or
                                          i.base in ("PLOP3", "FCHK")):
                continue
            if i.base == "FCHK":
                return True
            srcs = [o.strip("|-") for o in ops[2:4]]
            if any(o in SPECIAL_CONSTANTS for o in srcs):
                return True
            return any(m in ("EQ", "NE", "NEU", "EQU") for m in i.mods) and \
                "RZ" in srcs
        return False

    def walk(self, machine):
        w = Walk()
        self._walk(0, w, machine, stack=[], depth=0)
        return w

    def _walk(self, addr, w, m, stack, depth):
        steps = 0
        while addr is not None and addr in self.at:
            steps += 1
            if steps > 20000 or depth > 8:
                w.flagged = True
                w.decisions.append("walk too long: stopped")
                return
            i = self.insts[self.at[addr]]
            if i.base == "EXIT" and (not i.pred or m.pred(i.pred)):
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
                addr = self._decide(i, w, m, stack)
                continue
            if i.base == "CALL":
                w.decisions.append(f"{i.addr:04x}: {i.text()}: followed")
                self._walk(branch_target(i), w, m, [], depth + 1)
                addr = self.next_addr(addr)
                continue
            if i.pred and classify(i) is not None:
                g = m.pred(i.pred)
                if g is None:
                    w.flagged = True
                    g = not self.special_guard(w.path, i.pred)
                    w.decisions.append(
                        f"{i.addr:04x}: {i.text()}: predicate unknown, "
                        f"{'counted' if g else 'special case, not counted'}")
                (w.on_pred if g else w.off_pred).append(i)
                if g:
                    w.path.append(i)
            else:
                w.path.append(i)
            m.step(i)
            addr = self.next_addr(addr)

    def _decide(self, i, w, m, stack):
        t, f = branch_target(i), self.next_addr(i.addr)
        head = f"{i.addr:04x}: {i.text()}"
        extra = re.match(r"^(!?U?P[T0-9]+)\s*,", i.operands)
        g = m.pred(i.pred)
        if g is not None and extra:
            h = m.pred(extra.group(1))
            g = None if h is None else g and h
        if g is not None:
            w.decisions.append(f"{head}: {'taken' if g else 'not taken'} "
                               "(typical argument)")
            return t if g else f
        joins = self.join_of(stack[-1]) if stack else set()
        slow_t = self.explore(t, joins) if t not in joins else set()
        slow_f = self.explore(f, joins)
        w.flagged = True
        if t is not None and t <= i.addr:
            w.decisions.append(f"{head}: loop back edge not taken ?")
            return f
        if slow_f and not slow_t:
            w.decisions.append(
                f"{head}: taken (fall-through has {'+'.join(sorted(slow_f))})"
                " ?")
            return t
        if slow_t and not slow_f:
            w.decisions.append(
                f"{head}: not taken (target has {'+'.join(sorted(slow_t))})"
                " ?")
            return f
        if t in joins:
            w.decisions.append(f"{head}: taken (skips its BSSY region) ?")
            return t
        w.decisions.append(f"{head}: not taken ?")
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


def measure(compiler, entries, only=None, args=TYPICAL_ARGS):
    baselines, rows = {}, []
    for e in entries:
        if only and e.name not in only:
            continue
        for n, v in enumerate(variants_of(e)):
            first = n == 0
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
                       "mufu": e.mufu, "lanes": e.lanes}}
            if err:
                row["error"] = err
                row["representative"] = first
                rows.append(row)
                continue
            prog = Program(insts)
            w = prog.walk(Machine(args, ELEM_BYTES[v.prec], v.prec))
            static = count(insts).minus(base)
            common = count(w.path).minus(base)
            row.update({
                "static": static.as_json(), "common": common.as_json(),
                "branches": prog.has_branches(),
                "predicated": {"seen": len(w.on_pred) + len(w.off_pred),
                               "counted": len(w.on_pred)},
                "decisions": w.decisions, "needs_review": w.flagged,
                "baseline_zero": base.is_zero(),
            })
            row["_program"], row["_walk"] = prog, w
            row["representative"] = first
            row["matches_table"] = (
                common.flops() == e.hw and
                common.mufu_total() == e.mufu * e.lanes)
            rows.append(row)
    return rows, baselines


def fmt_mufu(m):
    return "+".join(k if n == 1 else f"{n}x{k}"
                    for k, n in sorted(m.items()) if n) or "0"


def table_rows(rows):
    head = ["function", "prec", "FADD", "FMUL", "FFMA", "DADD", "DMUL", "DFMA",
            "HADD2", "HMUL2", "HFMA2", "MUFU", "mov", "hw FLOPs",
            "static hw", "static MUFU", "branches", "pred", "table hw",
            "table MUFU"]
    out = [head]
    for r in rows:
        if "error" in r:
            out.append([r["name"], r["precision"]] + ["-"] * 14 +
                       ["n/a: " + r["error"][:60], "",
                        str(r["table"]["hardware_flops"]),
                        str(r["table"]["mufu"])])
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
            str(r["table"]["hardware_flops"]), str(r["table"]["mufu"])])
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


DOC_INTRO = """\
# Math functions in sm_90 SASS

What one call of each function of the counting table
(`analyzer/cuda/MathFunctions.cpp`, see
[counting.md](counting.md#math-functions-and-intrinsics)) compiles to, read
from the SASS of a one-call kernel. Generated by `scripts/sass_math_costs.py`
(its docstring gives the method in full); do not edit by hand.

- Command: `{command}`
- Compiler: nvcc {nvcc}, `nvcc {flags}` (no fast-math).
- Disassembler: cuobjdump {cuobjdump} (it only reads the SASS that nvcc's
  ptxas wrote).
- Date: {date}.
- Kernel: `extern "C" __global__ void k(const T *x, T *y)` with
  `y[i] = FUNC(x[i], x[i + 32], x[i + 64])` (as many arguments as the
  function takes; `sincosf` stores both results, `normf(3, x + 3 * i)`).
  Functions whose precision comes from the argument are built for `__half`
  and `__nv_bfloat16` (`__half2` and `__nv_bfloat162` for the x2 ones).
- Baseline: the copy kernel `y[i] = x[i]` of each type has {baseline}; it
  is subtracted anyway.
- Typical arguments: x[i], x[i + 32], x[i + 64] = {args}.

Columns:

- FADD ... MUFU: instructions on the **common path**, the path that the
  typical arguments take through the code (slow paths for large arguments,
  denormal, infinite and NaN arguments are not on it). FADD/FMUL/FFMA
  include the 32I forms, HADD2/HMUL2/HFMA2 the BF16 forms.
- mov: `HFMA2.MMA Rd, -RZ, RZ, imm, imm`, which ptxas uses to put a constant
  in a register. Not counted as FLOPs here; ncu's hfma counter sees each as
  one hfma (2 FLOPs).
- hw FLOPs: adds + muls + 2 * fmas over all precisions, on the common path:
  what ncu's `fadd + fmul + 2*ffma` (and `dadd`..., `hadd`...) counters would
  see for one call. ncu counts thread-instructions, so one HFMA2 is 2
  hardware FLOPs whether it works on one lane or two: the column is per
  call, not per lane.
- static hw, static MUFU: the same over every instruction of the kernel,
  the slow paths included.
- branches: whether the code has BRA/BSSY/CALL (`?`: a branch or a
  predicated instruction was decided without knowing its predicate; see the
  script's docstring).
- pred: predicated FP or MUFU instructions on the path that run for the
  typical arguments / all predicated ones met on the path.
- table hw, table MUFU: the `HardwareFlops` and `MufuOps` the table has now
  (MufuOps is per lane: x2 entries run twice as many MUFU ops).
"""


def render_document(table, meta, baseline, command, args):
    intro = DOC_INTRO.format(
        command=command, nvcc=meta["nvcc"], flags=meta["flags"],
        cuobjdump=meta["cuobjdump"], date=meta["date"],
        baseline="no floating-point instruction" if baseline
        else "floating-point instructions (see the JSON)",
        args=", ".join(str(a) for a in args))
    return intro + "\n" + render_markdown(table) + "\n"


def show(row):
    prog, w = row["_program"], row["_walk"]
    on = {id(i) for i in w.path}
    off = {id(i) for i in w.off_pred}
    print(f"== {row['name']} ({row['precision']}): {row['call']}")
    for i in prog.insts:
        mark = "*" if id(i) in on else "-" if id(i) in off else " "
        print(f"  {mark} {i.addr:04x}  {i.text()}")
    for d in w.decisions:
        print("   ", d)


def tool_version(cmd):
    try:
        r = subprocess.run([cmd, "--version"], capture_output=True, text=True)
        lines = [l for l in r.stdout.splitlines() if "release" in l]
        return lines[-1].split("release", 1)[1].strip(" ,") if lines else "?"
    except OSError:
        return "?"


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", metavar="OUT", help="write the rows as JSON")
    ap.add_argument("--markdown", metavar="OUT",
                    help="write the table and how it was made as Markdown "
                         "(docs/sass-math-costs.md)")
    ap.add_argument("--args", metavar="X,Y,Z",
                    help="the typical arguments (default: %s)" %
                    ",".join(str(a) for a in TYPICAL_ARGS))
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
    args_used = tuple(float(a) for a in args.args.split(",")) \
        if args.args else TYPICAL_ARGS
    rows, baselines = measure(compiler, entries, only, args_used)

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
        print("decided without knowing the predicate (`?`): " +
              ", ".join(review))
    differ = [r["name"] for r in rows
              if r.get("representative") and not r.get("matches_table", True)]
    print("table entries whose HardwareFlops or MufuOps differ from this: " +
          (", ".join(differ) if differ else "none"))
    failed = [f"{r['name']} ({r['precision']}): {r['error']}" for r in rows
              if "error" in r]
    if failed:
        print("not built: " + "; ".join(failed))
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
        command = "scripts/sass_math_costs.py " + " ".join(
            a if not a.startswith("/") else os.path.relpath(a, ROOT)
            for a in sys.argv[1:])
        with open(args.markdown, "w") as f:
            f.write(render_document(table, meta, not nonzero,
                                    command.strip(), args_used))
    return 0


if __name__ == "__main__":
    sys.exit(main())
