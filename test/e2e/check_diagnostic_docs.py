#!/usr/bin/env python3
"""Checks that every finding ID is registered and documented.

Usage: check_diagnostic_docs.py SOURCE_ROOT RL_ANALYZE

- IDs the code can emit: string literals "rl-..." and "[rl-...]" in
  analyzer/ and tools/ sources, outside comments, apart from the registry
  itself (analyzer/report/DiagnosticIds.cpp) and a few names that are not
  finding IDs;
- the registry: `rl-analyze --list-diagnostics`;
- the documentation: the `## rl-...` headings of docs/diagnostics.md, each
  with an **Example** and a **Fix.**, planned IDs marked as such.
Every emitted ID must be registered, and the registry and the headings must
list the same IDs. Prints what is wrong and exits 1, or a summary and 0.
"""
import glob
import os
import re
import subprocess
import sys

NOT_FINDINGS = {"rl-analyze", "rl-analyze-baseline", "rl-unknown"}
LITERAL = re.compile(r'"(rl-[a-z0-9-]+)"|\[(rl-[a-z0-9-]+)\]')


def emitted_ids(root):
    ids = {}
    files = []
    for sub in ("analyzer", "tools"):
        for ext in ("cpp", "h"):
            files += glob.glob(os.path.join(root, sub, "**", "*." + ext),
                               recursive=True)
    for path in files:
        if path.endswith(os.path.join("report", "DiagnosticIds.cpp")):
            continue
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                code = line.split("//", 1)[0] if not line.lstrip().startswith(
                    '"') else line
                for m in LITERAL.finditer(code):
                    name = m.group(1) or m.group(2)
                    if name not in NOT_FINDINGS:
                        ids.setdefault(name, "%s:%d" % (
                            os.path.relpath(path, root), n))
    return ids


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    root, tool = argv[1], argv[2]
    out = subprocess.run([tool, "--list-diagnostics"], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    registry = {}
    for line in out.splitlines():
        parts = line.split()
        # "ID  level" lines; the summary under each is indented.
        if parts and not line.startswith(" "):
            registry[parts[0]] = "(planned)" in line
    with open(os.path.join(root, "docs", "diagnostics.md"),
              encoding="utf-8") as f:
        doc = f.read()
    sections = {}
    for m in re.finditer(r"^## (rl-[a-z0-9-]+)\n(.*?)(?=^#{1,2} |\Z)", doc,
                         re.S | re.M):
        sections[m.group(1)] = m.group(2)

    problems = []
    for name, where in sorted(emitted_ids(root).items()):
        if name not in registry:
            problems.append("%s (%s) is not in the registry "
                            "(analyzer/report/DiagnosticIds.cpp)" % (name, where))
    for name in registry:
        if name not in sections:
            problems.append("%s has no '## %s' section in docs/diagnostics.md"
                            % (name, name))
    for name, text in sections.items():
        if name not in registry:
            problems.append("docs/diagnostics.md documents %s, which the "
                            "registry does not list" % name)
            continue
        for part in ("**Example**", "**Fix.**"):
            if part not in text:
                problems.append("%s: no %s in its section" % (name, part))
        if registry[name] and "planned" not in text.split("\n\n")[0]:
            problems.append("%s is planned but its section does not say so"
                            % name)
    for p in problems:
        print("error:", p)
    if problems:
        return 1
    print("%d IDs emitted by the code, %d registered, all documented"
          % (len(emitted_ids(root)), len(registry)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
