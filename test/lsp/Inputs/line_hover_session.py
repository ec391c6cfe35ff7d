#!/usr/bin/env python3
"""A hover on a source line that accesses memory (not a kernel's name):
the traffic of that line per launch, as `--lines` prints it.

usage: line_hover_session.py FILE.cu LINE COLUMN -- SERVER ARGV...
LINE and COLUMN are 1-based."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, uri_of  # noqa: E402

path, line, col = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
server = sys.argv[sys.argv.index("--") + 1:]

client = LspClient(server)
client.initialize(["gpu=H100"])
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri_of(path), "languageId": "cuda", "version": 1,
    "text": open(path).read()}})
client.diagnostics(uri_of(path), 1)
hover = client.request("textDocument/hover", {
    "textDocument": {"uri": uri_of(path)},
    "position": {"line": line - 1, "character": col - 1}})
print("== hover at %d:%d" % (line, col))
result = hover.get("result")
print(result["contents"]["value"] if result else "null")
print("exit code %d" % client.shutdown())
