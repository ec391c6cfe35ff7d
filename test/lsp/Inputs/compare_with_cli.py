#!/usr/bin/env python3
"""Checks that `rl-analyze lsp` publishes, for each file, the diagnostics of
`rl-analyze FILE --format=diagnostics` (position, severity, message, ID),
first on open and again after an edit that leaves the code as it was (a
re-parse on the warm preamble).

usage: compare_with_cli.py RL_ANALYZE FILE... [-- OPTION...]
The OPTIONs go to both the CLI and the server. One line per file; exit
status 1 on any difference."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, uri_of  # noqa: E402

tool = sys.argv[1]
rest = sys.argv[2:]
split = rest.index("--") if "--" in rest else len(rest)
files, options = rest[:split], rest[split + 1:]
line_re = re.compile(r"^(\S+?):(?:(\d+):(\d+):)? (remark|note|warning|error): (.*) \[(rl-[a-z-]+)\]$")
severity = {"error": 1, "warning": 2, "remark": 3, "note": 3}


def cli_diagnostics(path):
    """The CLI's diagnostics; None when it does not analyse the file."""
    run = subprocess.run([tool, path, "--format=diagnostics"] + options,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True)
    if run.returncode == 2:
        return None
    found = []
    for line in run.stdout.splitlines():
        m = line_re.match(line)
        if m:
            found.append((int(m.group(2) or 1), int(m.group(3) or 1),
                          severity[m.group(4)], m.group(5), m.group(6)))
    return found


def lsp_diagnostics(diags):
    return [(d["range"]["start"]["line"] + 1,
             d["range"]["start"]["character"] + 1, d["severity"],
             d["message"], d.get("code")) for d in diags]


client = LspClient([tool, "lsp", "--lsp-debounce-ms=0"] + options,
                   stderr=subprocess.DEVNULL)
client.initialize()
status = 0
same = skipped = 0
for path in files:
    path = os.path.abspath(path)  # as the editor names it, in both
    uri = uri_of(path)
    text = open(path).read()
    want = cli_diagnostics(path)
    if want is None:
        print("skipped %s: the CLI does not analyse it" % path)
        skipped += 1
        continue
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    opened = lsp_diagnostics(client.diagnostics(uri, 1))
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": text + "\n"}]})
    edited = lsp_diagnostics(client.diagnostics(uri, 2))
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    if any(d[4] == "rl-host-branch" for d in opened):
        # The server reads the host side; the CLI reads each architecture's
        # device side of such a file (docs/ide.md).
        print("skipped %s: depends on __CUDA_ARCH__" % path)
        skipped += 1
        continue
    if opened != want or edited != want or not want:
        print("DIFFERENT %s\n cli:    %s\n open:   %s\n edited: %s"
              % (path, want, opened, edited))
        status = 1
    else:
        print("same %s: %d diagnostics" % (path, len(want)))
        same += 1
client.shutdown()
# The summary tests check, so that a glob matching fewer files than meant
# cannot pass unnoticed.
print("files: %d given, %d the same, %d skipped" % (len(files), same, skipped))
sys.exit(status)
