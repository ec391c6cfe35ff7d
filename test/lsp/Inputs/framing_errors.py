#!/usr/bin/env python3
"""Badly framed and malformed messages, one at a time, each followed by a
probe request (a hover on a document that is not open, answered with null):
the server answers what it can with JSON-RPC errors and goes on.

usage: framing_errors.py -- SERVER ARGV...
Prints one line per message from the server, for FileCheck."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient  # noqa: E402

server = sys.argv[sys.argv.index("--") + 1:]
client = LspClient(server)
client.initialize()

probes = iter(range(100, 200))


def framed(body, length=None):
    body = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n" % (
        len(body) if length is None else length) + body


def request(rid, method="textDocument/hover"):
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                       "params": {"textDocument": {"uri": "file:///none.cu"},
                                  "position": {"line": 0, "character": 0}}})


def show(m):
    if "error" in m:
        print("error id=%s code=%d %s" % (json.dumps(m.get("id")),
                                          m["error"]["code"],
                                          m["error"]["message"]))
    else:
        print("reply id=%s result=%s" % (json.dumps(m.get("id")),
                                         json.dumps(m.get("result"))))


def step(title, raw):
    """Sends raw bytes, then a probe; prints every message up to the
    probe's reply."""
    print("== " + title)
    probe = next(probes)
    client.proc.stdin.write(raw + framed(request(probe)))
    client.proc.stdin.flush()
    while True:
        m = client.read()
        show(m)
        if m.get("id") == probe:
            break


step("huge Content-Length", b"Content-Length: 1000000000000\r\n\r\n")
step("non-numeric Content-Length",
     b"Content-Length: twelve\r\n\r\n" +
     json.dumps({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}).encode())
step("no Content-Length",
     b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" +
     request(2).encode())
body = request(3)
step("Content-Length too short", framed(body, len(body) - 20))
step("Content-Length too long: the request is still answered",
     framed(request(4), len(request(4)) + 30))
step("garbage between messages", b"hello\r\nworld\r\n")
step("50000 nested [", framed("[" * 50000))
step("50000 nested { in a string are only text",
     framed(json.dumps({"jsonrpc": "2.0", "method": "$/note",
                        "params": {"s": "{" * 50000}})))
step("not a request", framed(json.dumps({"jsonrpc": "2.0", "id": 5})))
step("not an object", framed("[1, 2]"))
# Found by test/fuzz/fuzz.py: the error quotes the header, which is not
# UTF-8; the reply must still be valid JSON (an assertion in debug builds).
step("Content-Length that is not UTF-8", b"Content-Length: \xff83\r\n\r\n")
print("exit code %d" % client.shutdown())
