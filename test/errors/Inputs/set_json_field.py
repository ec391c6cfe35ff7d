#!/usr/bin/env python3
"""Copies a JSON file with one field replaced: wrong-shape inputs from the
real data files, without a copy of each.

Usage: set_json_field.py IN OUT PATH JSON
PATH is dot-separated keys and array indices ("gpus.0.sm_count.value");
JSON is the new value as JSON text ('"12"', 'null', '[]', '1e300')."""
import json
import sys


def main(argv):
    if len(argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1]) as f:
        doc = json.load(f)
    keys = argv[3].split(".")
    node = doc
    for key in keys[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    last = keys[-1]
    value = json.loads(argv[4])
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    with open(argv[2], "w") as f:
        json.dump(doc, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
