#!/usr/bin/env python3
"""Writes a launch file of N cases of one kernel, each with its own grid and
size: make_launch_file.py KERNEL N OUT.json"""
import json
import sys

kernel, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    json.dump([{"case": "c%d" % i, "kernel": kernel, "grid": 1 + i % 97,
                "block": 256, "args": {"n": 256 * (1 + i % 97) - i % 7}}
               for i in range(count)], f)
