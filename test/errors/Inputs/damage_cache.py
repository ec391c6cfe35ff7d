#!/usr/bin/env python3
"""Replaces one field of every result-cache entry in a directory, as a
damaged disk, an older build or a hand edit would leave it.

Usage: damage_cache.py DIR FIELD JSON   (JSON: the new value as JSON text)
Prints how many entries it changed."""
import glob
import json
import os
import sys

directory, field, value = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
paths = sorted(glob.glob(os.path.join(directory, "*.json")))
for path in paths:
    with open(path) as f:
        entry = json.load(f)
    entry[field] = value
    with open(path, "w") as f:
        json.dump(entry, f)
print("damaged %d entries" % len(paths))
