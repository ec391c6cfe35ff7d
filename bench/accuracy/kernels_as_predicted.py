#!/usr/bin/env python3
"""The kernels/ suite's committed predictions against a measurement.

  python3 bench/accuracy/kernels_as_predicted.py PREDICTED.json RAW_DIR

PREDICTED.json is what docs/accuracy/h100/README.md describes (one entry per
launch: file, kernel, grid, block, predicted_time_s), written before RAW_DIR
was measured; RAW_DIR is a scripts/device/measure_suite.sh run (ncu_raw.csv,
one section per program after "# program: NAME", ncu --page raw with a units
row). A launch matches a measured row by kernel name (demangled to its base
name), grid and block; the measured time is the median over its rows. Prints
a markdown table per launch and the share within 25% and within 2x, with the
median error. A prediction without a measured row is listed, not scored.
"""
import csv
import io
import json
import re
import statistics
import sys

SCALE = {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1.0}


def base_name(mangled):
    """`_Z13blelloch_scanPKfPfS1_i` -> `blelloch_scan`; other names as
    they are up to the first '(' or '<'."""
    m = re.match(r"_Z(?:N\d*)?(\d+)", mangled)
    if m:
        n = int(m.group(1))
        start = m.end()
        return mangled[start:start + n]
    return re.split(r"[(<]", mangled)[0].strip()


def measured_rows(path):
    rows, program, block = [], None, []

    def flush():
        header = units = None
        for row in csv.reader(io.StringIO("".join(block))):
            if header is None:
                if row and row[0] == "ID":
                    header = row
                continue
            if len(row) != len(header):
                continue
            d = dict(zip(header, row))
            if not d["ID"].isdigit():
                units = d
                continue
            rows.append((program, d, units or {}))

    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("# program:"):
                flush()
                block = []
                program = line.split(":", 1)[1].strip()
            elif line.startswith('"'):
                block.append(line)
    flush()
    return rows


def shape(text):
    return tuple(int(x) for x in re.findall(r"\d+", text))


def main():
    predicted = json.load(open(sys.argv[1]))["launches"]
    times = {}
    for _, d, units in measured_rows(sys.argv[2] + "/ncu_raw.csv"):
        value = d.get("gpu__time_duration.sum", "").replace(",", "")
        if not value:
            continue
        unit = units.get("gpu__time_duration.sum", "nsecond")
        key = (base_name(d["Kernel Name"]), shape(d["Grid Size"]),
               shape(d["Block Size"]))
        times.setdefault(key, []).append(float(value) * SCALE.get(unit, 1e-9))
    print("| kernel | grid | block | predicted | measured | pred/meas |")
    print("|---|---|---|---|---|---|")
    errors = []
    for p in predicted:
        key = (p["kernel"].split("<")[0], tuple(p["grid"] or ()),
               tuple(p["block"] or ()))
        meas = statistics.median(times[key]) if key in times else None
        pred = p.get("predicted_time_s")
        ratio = pred / meas if pred and meas else None
        if meas is not None:
            errors.append(abs(ratio - 1) if ratio else None)
        print("| %s | %s | %s | %s | %s | %s |" % (
            p["kernel"], "x".join(map(str, key[1])), "x".join(map(str, key[2])),
            "%.3g s" % pred if pred else "unbound",
            "%.3g s" % meas if meas is not None else "not measured",
            "%.2f" % ratio if ratio else "-"))
    scored = len(errors)
    known = [e for e in errors if e is not None]
    within = sum(1 for e in known if e <= 0.25)
    within2 = sum(1 for e in known if e <= 1.0)
    print()
    print("%d launches measured: %d within 25%% (%d%%), %d within 2x (%d%%), "
          "median error %.0f%% (an unbound prediction counts as a miss)" % (
              scored, within, 100 * within // max(scored, 1), within2,
              100 * within2 // max(scored, 1),
              100 * statistics.median(known) if known else float("nan")))


if __name__ == "__main__":
    main()
