#!/usr/bin/env python3
"""Regenerates the examples in docs/ and README.md from the tool's output.

usage: regen_docs.py --tool BUILD/tools/rl-analyze/rl-analyze [--check]

An example is a fenced block right after a marker line

    <!-- regen: rl-analyze kernels/saxpy.cu --gpu=L40S,H100 -->

The command runs from the source root with `rl-analyze` replaced by --tool
(a trailing `2>&1` adds standard error); a command starting with clang runs
that clang with the compiler plugin built beside --tool (the example is kept
as it is where there is none); the block becomes `$ COMMAND`
followed by what it printed. Without --check the files are rewritten; with
--check nothing is written and the exit code is 1 when any example differs
from what the tool prints now (the lit test docs-examples.test runs this),
with a diff of each."""
import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = re.compile(r"^<!-- regen: (.*) -->$")
# How docs name the compiler plugin in a clang example.
DOC_PLUGIN = "-fplugin=build/tools/rl-analyze-plugin/rl-analyze-plugin.so"


def files():
    out = [os.path.join(SRC, "README.md")]
    docs = os.path.join(SRC, "docs")
    for name in sorted(os.listdir(docs)):
        if name.endswith(".md"):
            out.append(os.path.join(docs, name))
    return out


def run(tool, command):
    merge = command.endswith("2>&1")
    words = shlex.split(command[:-4] if merge else command)
    if words[0].startswith("clang"):
        # The compiler plugin's example: clang with the plugin built beside
        # the tool; a build without it (the sanitized one) keeps the block.
        plugin = os.path.normpath(os.path.join(
            os.path.dirname(tool), "..", "rl-analyze-plugin",
            "rl-analyze-plugin.so"))
        clang = shutil.which(words[0])
        if not os.path.exists(plugin) or not clang:
            return None
        argv = [clang] + ["-fplugin=" + plugin if w == DOC_PLUGIN else w
                         for w in words[1:]]
    elif words[0] == "rl-analyze":
        argv = [tool] + words[1:]
    else:
        raise SystemExit("regen: command must start with rl-analyze or "
                         "clang: " + command)
    env = dict(os.environ)
    env["RL_ANALYZE_NO_CONFIG_SEARCH"] = "1"
    p = subprocess.run(argv, cwd=SRC, env=env,
                       stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                       text=True)
    return p.stdout


def regenerate(path, tool):
    """(old text, new text, number of examples)."""
    with open(path) as f:
        old = f.read()
    lines = old.split("\n")
    out, i, count = [], 0, 0
    while i < len(lines):
        out.append(lines[i])
        m = MARKER.match(lines[i])
        if not m:
            i += 1
            continue
        command = m.group(1)
        fence = lines[i + 1] if i + 1 < len(lines) else ""
        if not fence.startswith("```"):
            raise SystemExit("%s:%d: a regen marker must be followed by a "
                             "fenced block" % (path, i + 1))
        end = i + 2
        while end < len(lines) and lines[end] != "```":
            end += 1
        if end == len(lines):
            raise SystemExit("%s:%d: unterminated block" % (path, i + 2))
        printed = run(tool, command)
        if printed is None:  # not runnable with this build: kept as it is
            out.extend(lines[i + 1:end + 1])
            i = end + 1
            count += 1
            continue
        printed = printed.rstrip("\n")
        out.append(fence)
        out.append("$ " + command.replace(" 2>&1", ""))
        out.extend(printed.split("\n") if printed else [])
        out.append("```")
        i = end + 1
        count += 1
    return old, "\n".join(out), count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--check", action="store_true")
    o = ap.parse_args()
    tool = os.path.abspath(o.tool)
    stale, total = 0, 0
    for path in files():
        old, new, count = regenerate(path, tool)
        total += count
        if old == new:
            continue
        rel = os.path.relpath(path, SRC)
        stale += 1
        if o.check:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True),
                "a/" + rel, "b/" + rel))
        else:
            with open(path, "w") as f:
                f.write(new)
            print("regenerated " + rel)
    print("%d examples, %d files %s" % (
        total, stale, "out of date" if o.check else "regenerated"))
    return 1 if stale and o.check else 0


if __name__ == "__main__":
    sys.exit(main())
