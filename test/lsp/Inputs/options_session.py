#!/usr/bin/env python3
"""Options of `rl-analyze lsp` from the client and from the project:
initializationOptions (good and bad), a hover at a launch site, and a
document whose .rl-analyze.json is broken.

usage: options_session.py FILE.cu BROKEN_DIR -- SERVER ARGV..."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, show, uri_of  # noqa: E402

path, broken_dir = sys.argv[1], sys.argv[2]
server = sys.argv[sys.argv.index("--") + 1:]


def open_doc(client, p, version=1):
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri_of(p), "languageId": "cuda", "version": version,
        "text": open(p).read()}})
    return client.diagnostics(uri_of(p), version)


client = LspClient(server)
client.initialize(["gpu=H100", "bind=n=4096"])
print("== initializationOptions")
show(open_doc(client, path))
text = open(path).read()
line = next(i for i, l in enumerate(text.splitlines()) if "<<<" in l)
col = text.splitlines()[line].index("scale<<<") + 1
hover = client.request("textDocument/hover", {
    "textDocument": {"uri": uri_of(path)},
    "position": {"line": line, "character": col}})
print("== hover at the launch site")
print(hover["result"]["contents"]["value"])
print("== broken config")
show(open_doc(client, os.path.join(broken_dir, "k.cu")))
print("exit code %d" % client.shutdown())

bad = LspClient(server)
reply = bad.initialize(["colour=red"])
print("== bad initializationOptions: %d %s" % (reply["error"]["code"],
                                               reply["error"]["message"]))
print("exit code %d" % bad.shutdown())
