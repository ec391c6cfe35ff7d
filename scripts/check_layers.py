#!/usr/bin/env python3
"""Checks that analyzer/'s folders include only the folders below them.

The layers, lowest first (docs/design.md, "Layers"):

  support, ir            plain data and utilities
  cuda, hw, driver,      CUDA semantics, the GPU database, command-line and
  resources              config parsing, nvcc's resource compile
  frontend/device        reading kernel bodies
  frontend/host          reading host code (builds on device/)
  frontend               the parse that runs both
  models                 the cost stages
  measure                running the program and reading counters
  report                 every word the tool prints
  pipeline               the analysis from request to report
  lsp                    the language server

A folder may include itself and the folders its entry names. Usage:

  check_layers.py ANALYZER_DIR    exit 0 when every include holds, 1 with
                                  one line per arrow back up
"""
import os
import re
import sys

BASE = {"support", "ir"}
ALLOWED = {
    "support": set(),
    "ir": {"support"},
    "cuda": BASE,
    "hw": BASE,
    "driver": BASE,
    "resources": BASE,
    "frontend/device": BASE | {"cuda"},
    "frontend/host": BASE | {"cuda", "frontend/device"},
    "frontend": BASE | {"cuda", "hw", "driver", "frontend/device", "frontend/host"},
    "models": BASE | {"cuda", "hw", "resources"},
    "measure": BASE | {"cuda", "hw", "resources", "models"},
    "report": BASE | {"cuda", "hw", "resources", "models", "measure", "driver"},
    "pipeline": BASE | {"cuda", "hw", "resources", "models", "measure", "report",
                        "driver", "frontend", "frontend/device", "frontend/host"},
    "lsp": BASE | {"cuda", "hw", "resources", "models", "measure", "report",
                   "driver", "frontend", "frontend/device", "frontend/host",
                   "pipeline"},
}
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"analyzer/([^"\n]+)/[^/"\n]+"', re.M)


def layer_of(folder):
    """The layer a folder (relative to analyzer/) belongs to."""
    for name in sorted(ALLOWED, key=len, reverse=True):
        if folder == name or folder.startswith(name + "/"):
            return name
    return None


def check(root):
    bad, checked = [], 0
    for dirpath, _, files in os.walk(root):
        rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
        for f in sorted(files):
            if not f.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, f)
            layer = layer_of(rel)
            if layer is None:
                bad.append(f"analyzer/{rel}/{f}: folder '{rel}' has no layer")
                continue
            with open(path, encoding="utf-8") as src:
                for target in INCLUDE.findall(src.read()):
                    checked += 1
                    to = layer_of(target)
                    if to == layer or to in ALLOWED[layer]:
                        continue
                    bad.append(f"analyzer/{rel}/{f} includes analyzer/{target}/: "
                               f"'{to}' is not below '{layer}'")
    return bad, checked


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bad, checked = check(sys.argv[1])
    for line in bad:
        print(line)
    if checked == 0:
        print("no includes found: wrong directory?")
        return 1
    print(f"{checked} includes checked, {len(bad)} against the layers")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
