#!/usr/bin/env python3
"""A GPU's own time-model constants from one scripts/device/calibrate_gpu.sh
run, beside the values data/gpus.json gives that GPU now (which may be
carried from another GPU), with how far each moves.

  python3 bench/accuracy/gpu_calibration.py DIR [--gpu "H100 SXM"]
        [--before GPUS.json] [--md OUT.md] [--apply]

DIR holds calibration.tar.gz (or its unpacked cal/ folder). --before: the
database to compare with (default data/gpus.json), e.g. the file as it was
before --apply: `git show 39e6e2e:data/gpus.json > /tmp/before.json`. --apply writes
the measured values into the GPU's entry of data/gpus.json, each with a
"measured:" source naming DIR; fields not measured are left as they are.
Standard library only; exit 1 when an input is missing.

The constants and the rule that turns a benchmark's output into each:
  launch_floor        scripts/device/launch_floor_fit.py's floor_us
  launch_dram         median DRAM bytes read by the empty kernels of 1 to
                      1056 blocks (ncu, caches flushed)
  l2_bandwidth        measure_bandwidth.sh's L2-resident read rate
  dram_sustained      time_constants.sh's dram_read, dram_write, dram_copy
  atomic_interval     1 / time_constants.sh's atomic_K<n>_updates_per_s
  atomic_interval_lane_distinct
                      scatter_rates_fit.py's seconds per update by slots
  atomic_interval_float_one_address
                      sync_rates.sh's atomic_lanes of one lane
Reported, not written (the model's value is fitted, these are checks):
  DRAM latency under load (time_constants dram_latency_64x256_ns) against
  the H200's 594 ns, which the fitted 850 ns was checked beside.
"""
import argparse
import csv
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
GPUS = os.path.join(REPO, "data", "gpus.json")
DEVICE = os.path.join(REPO, "scripts", "device")


def fail(msg):
    print(f"gpu_calibration.py: {msg}", file=sys.stderr)
    sys.exit(1)


def unpack(d):
    """The cal/ folder of DIR (unpacking calibration.tar.gz to a temp dir)."""
    if os.path.isdir(os.path.join(d, "cal")):
        return os.path.join(d, "cal")
    tgz = os.path.join(d, "calibration.tar.gz")
    if not os.path.exists(tgz):
        fail(f"no calibration.tar.gz or cal/ in {d}")
    tmp = tempfile.mkdtemp(prefix="rl-cal-")
    with tarfile.open(tgz) as t:
        t.extractall(tmp, filter="data")
    return os.path.join(tmp, "cal")


def csv_values(path):
    """name -> float of a name,value,... CSV with '#' comment lines."""
    out = {}
    for line in open(path):
        if line.startswith("#") or "," not in line:
            continue
        p = line.strip().split(",")
        try:
            out[p[0]] = float(p[1])
        except ValueError:
            pass
    return out


def run_fit(script, folder):
    p = subprocess.run([sys.executable, os.path.join(DEVICE, script), folder],
                       capture_output=True, text=True)
    if p.returncode:
        fail(f"{script} {folder}: {p.stderr.strip()}")
    return p.stdout


def ncu_rows(path):
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    table = list(csv.reader(lines[start:]))
    return [dict(zip(table[0], r)) for r in table[2:]]


def measure(cal):
    """constant -> (value, unit, how) measured in cal/."""
    m = {}
    fit = run_fit("launch_floor_fit.py", os.path.join(cal, "launch_floor"))
    floor = float(re.search(r"floor_us ([0-9.]+)", fit).group(1))
    m["launch_floor"] = (floor, "us", "launch_floor_fit.py floor_us: the "
                         "median empty kernel of 1 or 132 blocks less one "
                         "block's dispatch (ncu gpu__time_duration, caches "
                         "flushed)")
    rows = ncu_rows(os.path.join(cal, "launch_floor", "launch_floor_ncu.csv"))
    num = lambda s: float(s.replace(",", ""))
    empty = [num(r["dram__bytes_read.sum"]) for r in rows
             if r["Kernel Name"].startswith("_Z7k_empty")
             and num(r["Grid Size"].strip("()").split(",")[0]) <= 1056]
    if not empty:
        fail("launch_floor_ncu.csv has no dram__bytes_read.sum of k_empty")
    m["launch_dram"] = (statistics.median(empty), "B",
                        f"median DRAM bytes read by {len(empty)} empty "
                        "kernels of 1 to 1056 blocks (ncu dram__bytes_read, "
                        "caches flushed)")
    bw = {}
    for line in open(os.path.join(cal, "measure_bandwidth", "bandwidth.csv")):
        p = line.strip().split(",")
        if len(p) == 4 and p[0] in ("dram", "l2", "l1", "shared"):
            bw[p[0]] = float(p[3])
    m["l2_bandwidth"] = (round(bw["l2"] / 1e12, 2), "TB/s",
                         "measure_bandwidth.sh, L2-resident reads (a quarter "
                         "of the L2, 50 passes), best of 5")
    tc = csv_values(os.path.join(cal, "time_constants", "time_constants.csv"))
    for key, name in (("read", "dram_read"), ("write", "dram_write"),
                      ("copy", "dram_copy")):
        m[f"dram_sustained.{key}"] = (round(tc[name], 5), "TB/s",
                                      f"time_constants.sh {name}: 2 GiB "
                                      "float4 streams, best of 7")
    for k in (1, 32, 256, 4096, 65536, 4194304):
        m[f"atomic_interval@{k}"] = (
            round(1e9 / tc[f"atomic_K{k}_updates_per_s"], 6), "ns",
            f"time_constants.sh: 2^26 atomicAdd(int) from 65536x256 threads "
            f"on {k} random addresses")
    sr = run_fit("scatter_rates_fit.py", os.path.join(cal, "scatter_rates"))
    block = sr.split("== lane-distinct atomics")[1].split("==")[0]
    for line in block.splitlines():
        p = line.split(",")
        if len(p) >= 2 and p[0].isdigit():
            m[f"atomic_interval_lane_distinct@{p[0]}"] = (
                round(float(p[1]) * 1e12, 4), "ps",
                "scatter_rates.sh (scatter_rates_fit.py): 2^24 atomicAdd, "
                f"thread t on slot t % {p[0]}")
    for line in open(os.path.join(cal, "sync_rates", "sync_rates.csv")):
        p = line.strip().split(",")
        if p[:3] == ["atomic_lanes", "256", "1"]:
            m["atomic_interval_float_one_address"] = (
                round(float(p[3]), 4), "ns",
                "sync_rates.sh atomic_lanes: atomicAdd(float) on one "
                "address, one lane per request")
    m["check:dram_latency_64x256"] = (tc["dram_latency_64x256_ns"], "ns",
                                      "time_constants.sh pointer chase, 64 "
                                      "blocks x 256 threads (the H200: 594)")
    return m


def fallback(entry, key):
    """What the model used where the entry has no such field."""
    if key == "launch_floor":
        arch = json.load(open(os.path.join(REPO, "data",
                                           "architectures.json")))
        for a in arch["architectures"]:
            if a["compute_capability"] == entry["compute_capability"] and \
                    "launch" in a:
                return a["launch"]["floor_us"], "us", "the architecture's"
    if key.startswith("dram_sustained."):
        d = entry["dram_bandwidth"]
        return d["value"], d["unit"], "the datasheet DRAM bandwidth"
    return None


def current(entry, key):
    """(value, unit, source) of key in a data/gpus.json entry, else what
    the model used in its place, or None."""
    if key.startswith("check:"):
        return None
    found = current_field(entry, key)
    return found if found else fallback(entry, key)


def current_field(entry, key):
    if "@" in key:
        field, addr = key.split("@")
        for p in entry.get(field, []):
            if p["addresses"] == int(addr):
                return p["value"], p["unit"], p["source"]
        return None
    node = entry
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node["value"], node["unit"], node["source"]


SCALE = {"us": 1e-6, "ns": 1e-9, "ps": 1e-12, "TB/s": 1e12, "B": 1}


def movement(old, new):
    if not old:
        return "new"
    a, b = old[0] * SCALE[old[1]], new[0] * SCALE[new[1]]
    return f"{(b / a - 1) * 100:+.1f}%"


def table(m, entry, gpu):
    out = [f"| constant | {gpu} before | measured on the {gpu} | moved |",
           "|---|---|---|---|"]
    for key, new in m.items():
        old = current(entry, key)
        if key.startswith("check:"):
            out.append(f"| {key[6:]} (check, not written) | - | "
                       f"{new[0]:g} {new[1]} | - |")
            continue
        before = f"{old[0]:g} {old[1]}" if old else "-"
        out.append(f"| {key} | {before} | {new[0]:g} {new[1]} | "
                   f"{movement(old, new)} |")
    return "\n".join(out)


def apply(m, gpu, where):
    """Rewrites the entry's measured fields in data/gpus.json in place,
    line by line, so the file's one-field-per-line layout stays."""
    text = open(GPUS).read()
    doc = json.loads(text)
    entry = next((g for g in doc["gpus"] if g["name"] == gpu), None)
    if entry is None:
        fail(f"no GPU named {gpu!r} in data/gpus.json")
    src = lambda how: f"measured: scripts/device/calibrate_gpu.sh on the " \
                      f"{gpu} ({where}): {how}"
    val = lambda v, u, how: {"value": v, "unit": u, "source": src(how)}
    for key, (v, u, how) in m.items():
        if key.startswith("check:"):
            continue
        if "@" in key:
            field, addr = key.split("@")
            pts = entry.setdefault(field, [])
            p = next((p for p in pts if p["addresses"] == int(addr)), None)
            if p is None:
                pts.append({"addresses": int(addr)})
                p = pts[-1]
            p.update(val(v, u, how))
        elif "." in key:
            field, sub = key.split(".")
            entry.setdefault(field, {})[sub] = val(v, u, how)
        else:
            entry[key] = val(v, u, how)
    # The entry is written back as the file writes every entry: one line
    # per field (lists and objects of values on one line each).
    start = text.index(f'"name": "{gpu}"')
    begin = text.rindex("{", 0, start)
    depth, i = 0, begin
    while True:
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                break
        i += 1
    lines = ["{"]
    keys = list(entry)
    for n, k in enumerate(keys):
        comma = "," if n + 1 < len(keys) else ""
        body = json.dumps(entry[k], ensure_ascii=False)
        if isinstance(entry[k], dict) and k in ("peak_flops", "tensor_flops"):
            inner = [f'        "{s}": {json.dumps(x, ensure_ascii=False)}'
                     for s, x in entry[k].items()]
            body = "{\n" + ",\n".join(inner) + "\n      }"
        elif isinstance(entry[k], list) and entry[k] and \
                isinstance(entry[k][0], dict):
            inner = [f"        {json.dumps(x, ensure_ascii=False)}"
                     for x in entry[k]]
            body = "[\n" + ",\n".join(inner) + "\n      ]"
        lines.append(f'      "{k}": {body}{comma}')
    lines.append("    }")
    text = text[:begin] + "\n".join(lines) + text[i + 1:]
    json.loads(text)
    open(GPUS, "w").write(text)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--gpu", default="H100 SXM")
    ap.add_argument("--before", metavar="GPUS.json", default=GPUS)
    ap.add_argument("--md", metavar="OUT.md")
    ap.add_argument("--apply", action="store_true")
    a = ap.parse_args(argv)
    cal = unpack(a.dir)
    m = measure(cal)
    doc = json.load(open(a.before))
    entry = next((g for g in doc["gpus"] if g["name"] == a.gpu), None)
    if entry is None:
        fail(f"no GPU named {a.gpu!r} in data/gpus.json")
    t = table(m, entry, a.gpu)
    print(t)
    if a.md:
        with open(a.md, "w") as f:
            f.write(t + "\n")
    if a.apply:
        apply(m, a.gpu, os.path.relpath(os.path.abspath(a.dir), REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
