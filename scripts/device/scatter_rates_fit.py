#!/usr/bin/env python3
"""The scattered-access costs of data/gpus.json from a scatter_rates.sh run.

Reads scatter_rates.csv (the configurations, in order) and
scatter_rates_ncu.csv (Nsight Compute's rows of the same launches) from DIR
and prints, from gpu__time_duration:
  scattered_store   store requests whose lanes fall on more than 4 lines
                    (4-byte lanes 32..128 bytes apart, 16-byte lanes 32..64
                    bytes apart, W columns of 32/W rows): a least-squares
                    fit of
                      time = requests x (sectors x sector_ps + lines x line_ps)
                    with each configuration's residual, and the rows left out
                    of the fit (whose DRAM traffic grew) as a check
  atomic_interval_lane_distinct
                    atomicAdd from 2^24 threads, thread t on slot t % K (the
                    lanes of a warp on distinct slots): seconds per update,
                    float and int averaged
  partial sectors   stores that leave sectors partly written: DRAM bytes read
                    per written sector (the merge with the rest of the sector)
  L1 and shared     SM cycles per L1 wavefront (global loads 32..64 lines per
                    request, shared W-way conflicts), to check the one-per-
                    cycle rate the memory model uses
Usage: python3 scripts/device/scatter_rates_fit.py docs/accuracy/scatter-rates
"""
import csv
import sys


def rows(d):
    cfg = [l.strip().split(",") for l in open(f"{d}/scatter_rates.csv")
           if l.strip() and not l.startswith("#")][1:]
    lines = open(f"{d}/scatter_rates_ncu.csv").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    table = list(csv.reader(lines[start:]))
    head = table[0]
    ncu = [dict(zip(head, r)) for r in table[2:]]
    if len(ncu) != len(cfg):
        sys.exit(f"{len(cfg)} configurations but {len(ncu)} ncu rows")

    def num(n, k):
        try:
            return float(n[k].replace(",", ""))
        except (KeyError, ValueError):
            return float("nan")
    out = []
    for c, n in zip(cfg, ncu):
        out.append({"kernel": c[0], "param": int(c[1]), "grid": int(c[2]),
                    "requests": float(c[4]),
                    "s": num(n, "gpu__time_duration.sum") * 1e-9,
                    "hz": num(n, "sm__cycles_elapsed.avg.per_second"),
                    "dram_r": num(n, "dram__bytes_read.sum"),
                    "dram_w": num(n, "dram__bytes_write.sum"),
                    "wavefronts": num(n, "l1tex__data_pipe_lsu_wavefronts.sum")})
    return out


def store_shape(kernel, param):
    """Sectors and 128-byte lines one warp's store request touches."""
    if kernel == "store_cols":  # 32/W rows 32 KiB apart, W lanes per row
        rows = 32 // param
        span = [(l % rows) * 32768 + (l // rows) * 4 for l in range(32)]
    else:
        lane_bytes = 16 if kernel == "store4_stride" else 4
        apart = lane_bytes * param
        span = [l * apart + b for l in range(32)
                for b in range(0, lane_bytes, 4)]
    return len({a // 32 for a in span}), len({a // 128 for a in span})


def lsq2(xs, ys):
    """Least squares y = a*x0 + b*x1 through the origin."""
    s00 = sum(x[0] * x[0] for x in xs)
    s01 = sum(x[0] * x[1] for x in xs)
    s11 = sum(x[1] * x[1] for x in xs)
    t0 = sum(x[0] * y for x, y in zip(xs, ys))
    t1 = sum(x[1] * y for x, y in zip(xs, ys))
    det = s00 * s11 - s01 * s01
    return (t0 * s11 - t1 * s01) / det, (s00 * t1 - s01 * t0) / det


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else "docs/accuracy/scatter-rates"
    r = rows(d)
    sms = 132
    for l in open(f"{d}/scatter_rates.csv"):
        if l.startswith("# sm_count:"):
            sms = int(l.split(":")[1])

    print("== scattered stores (requests on more than 4 lines)")
    fit, check, cheap = [], [], []
    for x in r:
        if x["kernel"] not in ("store_stride", "store4_stride", "store_cols"):
            continue
        sectors, lines = store_shape(x["kernel"], x["param"])
        x["shape"] = (sectors, lines)
        if lines <= 4:
            cheap.append(x)
            continue
        # Rows whose lanes are >= 128 bytes apart with more than one line
        # per lane, or 16-byte lanes a line apart, also doubled their DRAM
        # traffic: a check, not the fit.
        lane_span = (16 if x["kernel"] == "store4_stride" else 4) * x["param"]
        doubled = x["kernel"] != "store_cols" and (
            lane_span > 128 or (x["kernel"] == "store4_stride" and
                                lane_span >= 128))
        (check if doubled else fit).append(x)
    a, b = lsq2([(x["requests"] * x["shape"][0], x["requests"] * x["shape"][1])
                 for x in fit], [x["s"] for x in fit])
    print(f"sector_ps {a * 1e12:.3f}  line_ps {b * 1e12:.3f}  "
          f"(fitted on {len(fit)} rows)")
    print("kernel,stride,sectors,lines,measured_us,model_us,model/measured,"
          "dram_MB,in_fit")
    for x in fit + check + cheap:
        m = x["requests"] * (x["shape"][0] * a + x["shape"][1] * b)
        print(f"{x['kernel']},{x['param']},{x['shape'][0]},{x['shape'][1]},"
              f"{x['s'] * 1e6:.1f},{m * 1e6:.1f},{m / x['s']:.3f},"
              f"{(x['dram_r'] + x['dram_w']) / 1e6:.0f},{x in fit}")
    print("(rows on at most 4 lines per request are not priced so: their "
          "time is their DRAM traffic and launch)")

    print("\n== lane-distinct atomics: seconds per update by slots")
    by_k = {}
    for x in r:
        if x["kernel"] in ("atomic_f", "atomic_i"):
            by_k.setdefault(x["param"], []).append(x["s"] / (1 << 24))
    for k in sorted(by_k):
        v = by_k[k]
        print(f"{k},{sum(v) / len(v):.5g},float/int {v[0]:.4g}/{v[-1]:.4g}")

    print("\n== partial sectors: DRAM read per written sector")
    for x in r:
        if x["kernel"] == "store_sparse" and x["param"] >= 8:
            sectors = x["grid"] * 256
            print(f"store_sparse stride {x['param']}: "
                  f"{x['dram_r'] / sectors:.2f} B read, "
                  f"{x['dram_w'] / sectors:.2f} B written per sector")

    print("\n== L1 wavefronts: SM cycles per wavefront (ncu wavefronts)")
    for x in r:
        if (x["kernel"] == "load_stride" and x["param"] >= 16) or \
                x["kernel"].startswith("smem"):
            per_sm = x["wavefronts"] / sms
            print(f"{x['kernel']} {x['param']}: "
                  f"{x['s'] * x['hz'] / per_sm:.3f} cycles per wavefront")


if __name__ == "__main__":
    main()
