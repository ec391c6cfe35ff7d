#!/usr/bin/env python3
"""Prints fields of the first kernel entries of a JSON report (stdin), one
"name: PATH = VALUE" line each, as JSON, for FileCheck.

Usage: get_json.py PATH...   (dot-separated, e.g. totals.flops)"""
import json
import sys

report = json.load(sys.stdin)
for kernel in report["kernels"]:
    for path in sys.argv[1:]:
        value = kernel
        for key in path.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        print("%s: %s = %s" % (kernel["name"], path, json.dumps(value)))
    ids = sorted({d["id"] for d in kernel["diagnostics"]})
    print("%s: diagnostics %s" % (kernel["name"], " ".join(ids)))
