#!/usr/bin/env python3
"""The plugin's SARIF logs in a build, distributed or not (docs/plugin.md).

  plugin-sarif.py capture -- COMPILER ARGS...
      A compiler launcher (CMAKE_CXX_COMPILER_LAUNCHER, before distcc): runs
      the compile and writes its stdout, the SARIF log the plugin argument
      `sarif` prints, next to the object as OBJECT.sarif. A distcc worker's
      files never come back, its stdout does, so the log is written here.
  plugin-sarif.py merge -o OUT [--root DIR] FILE_OR_DIR...
      One SARIF 2.1.0 log with one run out of the per-file logs (and the
      *.sarif files under each DIR): GitHub code scanning no longer combines
      several runs of one tool in an upload. A finding of a header that
      several files include is kept once. --root makes the file:// URIs
      under DIR relative to it, as code scanning wants them.
"""
import argparse
import json
import os
import subprocess
import sys


def capture(command):
    if command and command[0] == "--":
        command = command[1:]
    out = None
    for i, arg in enumerate(command):
        if arg == "-o" and i + 1 < len(command):
            out = command[i + 1]
        elif arg.startswith("-o") and len(arg) > 2:
            out = arg[2:]
    proc = subprocess.run(command, stdout=subprocess.PIPE)
    if out is None or proc.returncode != 0:
        sys.stdout.buffer.write(proc.stdout)
        return proc.returncode
    path = out + ".sarif"
    if proc.stdout.strip():
        with open(path, "wb") as f:
            f.write(proc.stdout)
    elif os.path.exists(path):
        os.remove(path)  # no longer analysed: no stale findings
    return 0


def sarif_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for dirpath, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".sarif"):
                        yield os.path.join(dirpath, name)
        else:
            yield path


def relative(uri, root):
    prefix = "file://" + root.rstrip("/") + "/"
    return uri[len(prefix):] if root and uri.startswith(prefix) else uri


def relativize(node, root):
    """Every artifactLocation's uri, wherever it is in a result."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "artifactLocation" and "uri" in value:
                value["uri"] = relative(value["uri"], root)
            else:
                relativize(value, root)
    elif isinstance(node, list):
        for value in node:
            relativize(value, root)


def merge(out, root, paths):
    driver, rules, index, results, seen = None, [], {}, [], set()
    for path in sarif_files(paths):
        with open(path) as f:
            log = json.load(f)
        for run in log.get("runs", []):
            this = run["tool"]["driver"]
            driver = driver or this
            for rule in this.get("rules", []):
                if rule["id"] not in index:
                    index[rule["id"]] = len(rules)
                    rules.append(rule)
            for result in run.get("results", []):
                relativize(result, root)
                result["ruleIndex"] = index[result["ruleId"]]
                key = json.dumps(result, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    results.append(result)
    if driver is None:
        sys.exit("plugin-sarif.py merge: no SARIF log in " + " ".join(paths))
    driver = dict(driver, rules=rules)
    log = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
           "version": "2.1.0",
           "runs": [{"tool": {"driver": driver},
                     "columnKind": "unicodeCodePoints",
                     "results": results}]}
    with open(out, "w") as f:
        json.dump(log, f, indent=2)
        f.write("\n")
    return 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "capture":
        return capture(sys.argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("merge")
    m.add_argument("-o", dest="out", required=True)
    m.add_argument("--root", default="")
    m.add_argument("paths", nargs="+")
    args = parser.parse_args()
    return merge(args.out, os.path.abspath(args.root) if args.root else "",
                 args.paths)


if __name__ == "__main__":
    sys.exit(main())
