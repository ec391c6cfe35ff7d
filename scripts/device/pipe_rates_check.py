#!/usr/bin/env python3
"""Check pipe_rates.cu's instruction counts against the SASS of its kernels.

Runs anywhere (no GPU). Inputs, as scripts/device/pipe_rates.sh writes them:
  pipe_rates.sass  `cuobjdump -sass` of the benchmark binary (functions start
                   with `Function : <name>`, branch targets are addresses),
                   or `nvdisasm -c` of its cubin (functions start with
                   `.text.<name>:`, branch targets are `(.L_x_N)` labels)
  pipe_rates.csv   the benchmark's output: `# ` lines, then
                   name,value,unit,detail; detail holds per_iter=N, the
                   instructions of the class per thread per loop iteration
                   as the source counts them

Every kernel pr_<class> has one timed loop (#pragma unroll 1): the backward
branch whose body holds the most instructions of the class. For each class
the script counts, inside that loop body, the SASS instructions whose opcode
(the first word after an optional @predicate, with its .modifiers) matches
the class's pattern(s) in EXPECTED below, and compares them with the static
counts per loop iteration written there (read off the nvdisasm listing of the
sm_90 build with CUDA 13.0) and with per_iter from the CSV (their sum must
equal per_iter). It prints one table row per class:
  class | measured (CSV value and unit) | SASS opcode | expected | in loop |
  in function | loop instructions | csv per_iter | ok

Usage (-v also prints the opcode histogram of every timed loop body):
  python3 scripts/device/pipe_rates_check.py [-v] OUTDIR
      reads OUTDIR/pipe_rates.sass and OUTDIR/pipe_rates.csv (both required)
  python3 scripts/device/pipe_rates_check.py --sass FILE [--csv FILE]
      checks the SASS alone when --csv is not given (e.g. an nvdisasm listing
      made without a GPU)
Exit status: 0 all checks pass; 1 a file is missing or unreadable, or no
kernel of EXPECTED was found in the SASS; 2 some count differs, or (with a
CSV) a class has no CSV row or no per_iter in it.
"""

import argparse
import csv
import os
import re
import sys

# class -> list of (label, opcode regex (full match), static count per loop
# iteration). Opcode regexes match the whole opcode with its modifiers, e.g.
# "LOP3.LUT", "MUFU.RSQ", "ISETP.GE.U32.AND", "I2FP.F32.S32".
FFMA = ("FFMA", r"FFMA(\..*)?")
IMAD = ("IMAD", r"IMAD")  # plain IMAD only: not IMAD.MOV/IMAD.IADD/IMAD.WIDE
IADD3 = ("IADD3", r"IADD3(\.X)?")  # not UIADD3 (loop counter)
LOP3 = ("LOP3.LUT", r"LOP3\.LUT")
LDS32 = ("LDS", r"LDS(\.U32|\.32)?")  # 32-bit LDS, not LDS.64 / LDS.128
EXPECTED = {
    "ffma": [FFMA + (256,)],
    "fadd": [("FADD", r"FADD(\..*)?", 256)],
    "fmul": [("FMUL", r"FMUL(\..*)?", 256)],
    # ptxas issues half of the HFMA2s as HFMA2.MMA (the other pipe that
    # executes HFMA2)
    "hfma2": [("HFMA2", r"HFMA2", 128), ("HFMA2.MMA", r"HFMA2\.MMA", 128)],
    "dfma": [("DFMA", r"DFMA(\..*)?", 256)],
    "imad": [IMAD + (256,)],
    "iadd3": [IADD3 + (256,)],
    "lop3": [LOP3 + (256,)],
    "shf": [("SHF", r"SHF(\..*)?", 256)],
    # setp.lt.u32: an unsigned ISETP (the loop test is a signed ISETP)
    "isetp_sel": [("ISETP.*U32", r"ISETP\..*U32.*", 256), ("SEL", r"SEL", 256)],
    "mufu_rsqrt": [("MUFU.RSQ", r"MUFU\.RSQ", 256)],
    "mufu_ex2": [("MUFU.EX2", r"MUFU\.EX2", 256)],
    "mufu_sin": [("MUFU.SIN", r"MUFU\.SIN", 256)],
    "i2f": [("I2F/I2FP", r"I2FP?(\..*)?", 256)],
    "f2i": [("F2I", r"F2I(\..*)?", 256)],
    "popc": [("POPC", r"POPC", 256)],
    "shfl": [("SHFL.BFLY", r"SHFL\.BFLY(\..*)?", 256)],
    "lds": [LDS32 + (128,)],
    "lds128": [("LDS.128", r"LDS\.128", 64)],
    "sts": [("STS", r"STS(\.U32|\.32)?", 128)],
    "ffma_imad_mix": [FFMA + (128,), IMAD + (128,)],
    "ffma_lds_mix": [FFMA + (128,), LDS32 + (32,)],
    "issue_limit": [FFMA + (128,), IADD3 + (128,), LOP3 + (128,)],
    "issue_limit_2_1_1": [FFMA + (128,), IADD3 + (64,), LOP3 + (64,)],
    "dependent_ffma": [FFMA + (64,)],
    "dependent_fadd": [("FADD", r"FADD(\..*)?", 64)],
    "dependent_hfma2": [("HFMA2", r"HFMA2", 32),
                        ("HFMA2.MMA", r"HFMA2\.MMA", 32)],
    "dependent_dfma": [("DFMA", r"DFMA(\..*)?", 64)],
    "dependent_imad": [IMAD + (64,)],
    "dependent_iadd3": [IADD3 + (64,)],
    "dependent_lop3": [LOP3 + (64,)],
    "dependent_mufu_rsqrt": [("MUFU.RSQ", r"MUFU\.RSQ", 64)],
    "dependent_mufu_ex2": [("MUFU.EX2", r"MUFU\.EX2", 64)],
    "dependent_shfl": [("SHFL.BFLY", r"SHFL\.BFLY(\..*)?", 64)],
    "dependent_lds": [LDS32 + (64,)],
    "barrier": [("BAR.SYNC", r"BAR\.SYNC(\..*)?", 16)],
}
# CSV rows measured with a kernel of another name
CSV_ROWS = {"barrier": ["barrier_256", "barrier_1024", "barrier_256x8"]}

FUNC_CUOBJDUMP = re.compile(r"^\s*Function\s*:\s*(\S+)\s*$")
FUNC_NVDISASM = re.compile(r"^\.text\.(\S+):\s*$")
INSN = re.compile(r"^\s*/\*([0-9a-fA-F]{4,})\*/\s+(.*?)\s*;")
LABEL = re.compile(r"^\s*(\.L_x_\d+):\s*$")
PRED = re.compile(r"^@!?U?P(T|\d+)$")
BRA_TARGET = re.compile(r"`\((\.L_x_\d+)\)|\b0x([0-9a-fA-F]+)\b")


def parse_sass(path):
    """-> {function name: [(address, opcode, text)]}, label addresses per
    function in the `labels` entry of a second dict."""
    funcs, labels = {}, {}
    cur = None
    pending = []  # labels waiting for the next instruction's address
    with open(path, errors="replace") as f:
        for line in f:
            m = FUNC_CUOBJDUMP.match(line) or FUNC_NVDISASM.match(line)
            if m:
                cur = m.group(1)
                if cur in funcs:
                    print(f"warning: function {cur} appears twice; using the "
                          "last listing", file=sys.stderr)
                funcs[cur] = []
                labels[cur] = {}
                pending = []
                continue
            if cur is None:
                continue
            m = LABEL.match(line)
            if m:
                pending.append(m.group(1))
                continue
            m = INSN.match(line)
            if not m:
                continue
            addr = int(m.group(1), 16)
            text = m.group(2).strip()
            words = text.split()
            if words and PRED.match(words[0]):
                words = words[1:]
            if not words:
                continue
            for lab in pending:
                labels[cur][lab] = addr
            pending = []
            funcs[cur].append((addr, words[0], text))
    return funcs, labels


def loops(insns, labs):
    """Backward branches -> [(start address, branch address)]."""
    out = []
    for addr, op, text in insns:
        if not op.startswith("BRA"):
            continue
        m = BRA_TARGET.search(text.split(None, 2)[-1] if " " in text else "")
        if not m:
            continue
        target = labs.get(m.group(1)) if m.group(1) else int(m.group(2), 16)
        if target is None or target >= addr:
            continue  # forward branch, or the `BRA .` pad at the end
        out.append((target, addr))
    return out


def count(insns, rx, lo=None, hi=None):
    r = re.compile(rx)
    return sum(1 for a, op, _ in insns
               if (lo is None or lo <= a <= hi) and r.fullmatch(op))


def read_csv(path):
    rows = {}
    with open(path, errors="replace") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    for rec in csv.reader(lines):
        if len(rec) < 4 or rec[0] == "name":
            continue
        rows[rec[0]] = rec
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir", nargs="?", help="directory with pipe_rates.sass "
                    "and pipe_rates.csv")
    ap.add_argument("--sass", help="SASS listing (cuobjdump -sass or "
                    "nvdisasm -c)")
    ap.add_argument("--csv", help="pipe_rates.csv")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="also print the opcodes of every timed loop body")
    args = ap.parse_args()
    if args.outdir:
        sass_path = args.sass or os.path.join(args.outdir, "pipe_rates.sass")
        csv_path = args.csv or os.path.join(args.outdir, "pipe_rates.csv")
    elif args.sass:
        sass_path, csv_path = args.sass, args.csv
    else:
        ap.error("give OUTDIR or --sass")
    for p in (sass_path, csv_path):
        if p is not None and not os.path.isfile(p):
            print(f"error: {p} is missing", file=sys.stderr)
            return 1
    try:
        funcs, labels = parse_sass(sass_path)
        rows = read_csv(csv_path) if csv_path else None
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1

    header = ("class", "measured", "SASS opcode", "expected", "in loop",
              "in function", "loop insns", "csv per_iter", "ok")
    table = []
    matched = 0
    failures = 0
    bodies = []  # (class, loop range, opcode histogram)
    for cls, pats in EXPECTED.items():
        fn = "pr_" + cls
        insns = funcs.get(fn)
        csv_names = CSV_ROWS.get(cls, [cls])
        measured = ""
        per_iter = None
        missing_rows = False
        if rows is not None:
            vals = []
            for n in csv_names:
                rec = rows.get(n)
                if rec is None:
                    missing_rows = True
                    vals.append(f"{n}=(no row)" if len(csv_names) > 1
                                else "(no row)")
                    continue
                vals.append(f"{rec[1]} {rec[2]}" if len(csv_names) == 1
                            else f"{n}={rec[1]}")
                m = re.search(r"\bper_iter=(\d+)", rec[3])
                if m:
                    per_iter = int(m.group(1))
            measured = " ".join(vals)
        if insns is None:
            table.append((cls, measured, "-", "-", "-", "-", "-",
                          "-" if per_iter is None else str(per_iter),
                          "NO KERNEL"))
            failures += 1
            continue
        matched += 1
        labs = labels[fn]
        cand = loops(insns, labs)
        first_rx = pats[0][1]
        best = None
        for lo, hi in cand:
            key = (count(insns, first_rx, lo, hi), hi - lo)
            if best is None or key > best[0]:
                best = (key, lo, hi)
        total_expected = sum(p[2] for p in pats)
        if best is None:
            lo = hi = None
            loop_n = "-"
        else:
            lo, hi = best[1], best[2]
            loop_n = str(sum(1 for a, _, _ in insns if lo <= a <= hi))
            hist = {}
            for a, op, _ in insns:
                if lo <= a <= hi:
                    hist[op] = hist.get(op, 0) + 1
            bodies.append((cls, lo, hi, hist))
        row_ok = best is not None
        for i, (label, rx, exp) in enumerate(pats):
            in_loop = count(insns, rx, lo, hi) if best is not None else None
            in_fn = count(insns, rx)
            ok = best is not None and in_loop == exp
            row_ok = row_ok and ok
            last = i == len(pats) - 1
            csv_col = "-"
            if per_iter is not None and last:
                csv_col = str(per_iter)
                if per_iter != total_expected:
                    csv_col += f" (!= {total_expected})"
                    ok = False
                    row_ok = False
            elif rows is not None and last:
                csv_col = "(missing)"
                ok = False
                row_ok = False
            if missing_rows and last:
                ok = False
                row_ok = False
            table.append((cls if i == 0 else "", measured if i == 0 else "",
                          label, str(exp),
                          "-" if in_loop is None else str(in_loop),
                          str(in_fn), loop_n if i == 0 else "", csv_col,
                          "ok" if ok else "MISMATCH"))
        if not row_ok:
            failures += 1

    widths = [max(len(str(r[i])) for r in table + [header])
              for i in range(len(header))]
    line = lambda r: "| " + " | ".join(str(c).ljust(w)
                                       for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table:
        print(line(r))
    if args.verbose:
        print()
        print("Timed loop bodies (opcode x count per iteration):")
        for cls, lo, hi, hist in bodies:
            ops = " ".join(f"{op}x{n}" for op, n in
                           sorted(hist.items(), key=lambda kv: (-kv[1], kv[0])))
            print(f"  {cls} [{lo:#06x}..{hi:#06x}]: {ops}")
    print()
    print(f"{matched} of {len(EXPECTED)} kernels found in {sass_path}; "
          f"{failures} with a missing kernel, a missing CSV row or a count "
          "that differs")
    if rows is not None:
        extra = sorted(set(rows) - {n for c in EXPECTED
                                    for n in CSV_ROWS.get(c, [c])}
                       - {"sm_clock_measured_mhz"})
        if extra:
            print("CSV rows without a check: " + " ".join(extra))
    if matched == 0:
        print("error: no kernel of the table matched", file=sys.stderr)
        return 1
    return 2 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
