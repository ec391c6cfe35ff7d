#!/usr/bin/env python3
"""The launch costs of data/architectures.json from a launch_floor.sh run.

Reads launch_floor.csv (the configurations, in order) and launch_floor_ncu.csv
(Nsight Compute's rows of the same launches) from DIR and prints, from
gpu__time_duration:
  floor_us               median empty kernel of 1 or SM-count blocks, less
                         one block's dispatch
  block_cycles           per block per SM, the slope over 8448..262144 empty
                         blocks of 32 and 256 threads, at the measured clock
  block_lifetime_cycles  per block of 1024 threads (two fit an SM) x 2
  chain_intercept_us     the one-warp FFMA chain's duration at 0 steps,
                         extrapolated from 1024..65536 steps (the floor plus
                         the kernel's own store and exit)
Usage: python3 scripts/device/launch_floor_fit.py docs/accuracy/launch-floor
"""
import csv
import statistics
import sys


def rows(d):
    cfg = [l.strip().split(",") for l in open(f"{d}/launch_floor.csv")
           if l.strip() and not l.startswith("#")][1:]
    lines = open(f"{d}/launch_floor_ncu.csv").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    table = list(csv.reader(lines[start:]))
    head = table[0]
    num = lambda s: float(s.replace(",", ""))
    ncu = [dict(zip(head, r)) for r in table[2:]]
    if len(ncu) != len(cfg):
        sys.exit(f"{len(cfg)} configurations but {len(ncu)} ncu rows")
    out = []
    for c, n in zip(cfg, ncu):
        out.append({"kernel": c[0], "grid": int(c[1]), "block": int(c[2]),
                    "n": int(c[3]),
                    "us": num(n["gpu__time_duration.sum"]) / 1e3,
                    "hz": num(n["sm__cycles_elapsed.avg.per_second"])})
    return out


def slope(points):
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    b = sum((x - mx) * (y - my) for x, y in points) / sum(
        (x - mx) ** 2 for x, _ in points)
    return b, my - b * mx


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else "docs/accuracy/launch-floor"
    r = rows(d)
    sms = 132
    for l in open(f"{d}/launch_floor.csv"):
        if l.startswith("# sm_count:"):
            sms = int(l.split(":")[1])
    empty = [x for x in r if x["kernel"] == "empty"]
    big = [x for x in empty if x["grid"] >= 8448]
    hz = statistics.median(x["hz"] for x in big)
    per_block, _ = slope([(x["grid"], x["us"]) for x in big
                          if x["block"] <= 256])
    block_cycles = per_block * 1e-6 * sms * hz
    per_block_1024, _ = slope([(x["grid"], x["us"]) for x in big
                               if x["block"] == 1024])
    lifetime = 2 * per_block_1024 * 1e-6 * sms * hz
    small = [x["us"] for x in empty if x["grid"] <= sms]
    floor = statistics.median(small) - block_cycles / hz * 1e6
    chain = [(x["n"], x["us"]) for x in r
             if x["kernel"] == "chain" and x["grid"] == 1 and x["n"] >= 1024]
    per_step, intercept = slope(chain)
    print(f"sm_clock_mhz {hz / 1e6:.0f} (median over the large grids)")
    print(f"floor_us {floor:.3f} (median of {len(small)} small empty "
          f"kernels {statistics.median(small):.3f} us, less one block)")
    print(f"block_cycles {block_cycles:.1f} ({per_block * 1e3:.4f} ns per "
          f"block of <= 256 threads)")
    print(f"block_lifetime_cycles {lifetime:.1f} ({per_block_1024 * 1e3:.4f}"
          f" ns per block of 1024 threads, two per SM)")
    print(f"chain_intercept_us {intercept:.3f} (+{per_step * 1e3:.3f} ns per "
          f"dependent FFMA step)")


if __name__ == "__main__":
    main()
