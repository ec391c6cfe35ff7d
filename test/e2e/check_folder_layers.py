#!/usr/bin/env python3
"""Fails when the folders of analyzer/ include each other in a cycle.

Usage: check_folder_layers.py ANALYZER_DIR

Reads every `#include "analyzer/FOLDER/..."` of every file, builds the
folder graph and prints each folder's dependencies; exits 1 with the cycle
when there is one, 2 when no include was read at all."""
import os
import re
import sys

INCLUDE = re.compile(r'#include "analyzer/([a-z]+)/')


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    root = argv[1]
    graph, edges = {}, 0
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            continue
        deps = graph.setdefault(folder, set())
        for name in os.listdir(path):
            if not name.endswith((".h", ".cpp")):
                continue
            for dep in INCLUDE.findall(open(os.path.join(path, name)).read()):
                edges += 1
                if dep != folder:
                    deps.add(dep)
    if edges == 0:
        print("no includes read under %s" % root)
        return 2
    for folder, deps in sorted(graph.items()):
        print("%s -> %s" % (folder, " ".join(sorted(deps)) or "(none)"))
    state = {}

    def visit(folder, stack):
        state[folder] = "open"
        for dep in sorted(graph.get(folder, ())):
            if state.get(dep) == "open":
                cycle = stack[stack.index(dep):] + [dep]
                print("cycle: " + " -> ".join(cycle))
                return False
            if dep not in state and not visit(dep, stack + [dep]):
                return False
        state[folder] = "done"
        return True

    for folder in sorted(graph):
        if folder not in state and not visit(folder, [folder]):
            return 1
    print("no cycles among %d folders" % len(graph))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
