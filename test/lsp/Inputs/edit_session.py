#!/usr/bin/env python3
"""An editing session against `rl-analyze lsp`, printed for FileCheck:
open a document, hover on its kernel, edit it without saving (the server
must analyse the editor's text, not the file), break it, save, close.

usage: edit_session.py FILE.cu -- SERVER ARGV..."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, show, uri_of  # noqa: E402

path = sys.argv[1]
server = sys.argv[sys.argv.index("--") + 1:]
uri = uri_of(path)
text = open(path).read()

client = LspClient(server)
caps = client.initialize()["result"]["capabilities"]
print("capabilities: sync %s hover %s" % (caps["textDocumentSync"]["change"],
                                           caps["hoverProvider"]))

client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
print("== open")
show(client.diagnostics(uri, 1))

# Hover on the kernel's name where it is defined.
line = next(i for i, l in enumerate(text.splitlines()) if "__global__" in l)
col = text.splitlines()[line].index("scale(") + 2
hover = client.request("textDocument/hover", {
    "textDocument": {"uri": uri}, "position": {"line": line, "character": col}})
print("== hover")
print(hover["result"]["contents"]["value"])
r = hover["result"]["range"]
print("range %d:%d-%d" % (r["start"]["line"] + 1, r["start"]["character"] + 1,
                          r["end"]["character"] + 1))
nothing = client.request("textDocument/hover", {
    "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
print("hover elsewhere: %s" % nothing["result"])

# Unsaved edits: a second multiply per element, then a bigger launch.
edited = text.replace("y[i] = a * x[i];", "y[i] = a * x[i] * x[i];")
edited = edited.replace("<<<4, 256>>>", "<<<4096, 256>>>")
assert edited != text
for version in (2, 3):  # two quick edits: the debounce analyses the last
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": edited}]})
print("== edit")
show(client.diagnostics(uri, 3))

broken = edited.replace("int i =", "int i = undeclared +")
client.notify("textDocument/didChange", {
    "textDocument": {"uri": uri, "version": 4},
    "contentChanges": [{"text": broken}]})
print("== broken")
show(client.diagnostics(uri, 4))

client.notify("textDocument/didChange", {
    "textDocument": {"uri": uri, "version": 5},
    "contentChanges": [{"text": text}]})
client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
print("== save")
show(client.diagnostics(uri, 5))

unknown = client.request("textDocument/definition", {
    "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
print("unsupported: %s" % unknown["error"]["code"])

client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
print("== close: %d diagnostics" % len(client.diagnostics(uri)))
print("exit code %d" % client.shutdown())
