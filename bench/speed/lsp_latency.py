"""Warm-edit latency of `rl-analyze lsp`, for bench/speed/run.py.

One server for all files, started with --lsp-debounce-ms=D: the quiet time
the server waits after an edit before analysing (200 ms by default, what a
user sees after typing stops); D=0 times the server's own work alone. Per file: open it (the first,
cold parse builds the precompiled preamble of the CUDA headers), then apply
N edits, each a changed line after the last kernel (the code above it, and
the #include block, unchanged), and time each from sending
textDocument/didChange to receiving the textDocument/publishDiagnostics of
that version. Standard library only."""

import json
import os
import statistics
import subprocess
import time


class Server:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("rl-analyze lsp closed its output")
            if not line.strip():
                if length is not None:
                    break
                continue
            name, _, value = line.decode().partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        while True:
            m = self.read()
            if m.get("id") == rid and "method" not in m:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        while True:
            m = self.read()
            p = m.get("params", {})
            if (m.get("method") == "textDocument/publishDiagnostics"
                    and p.get("uri") == uri and p.get("version") == version):
                return p["diagnostics"]

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=60)


def measure(tool, files, edits, debounce_ms=200):
    """{file: {"open_s", "edit_s": [...], "median_s", "max_s",
    "diagnostics"}} for each file, the debounce included in each edit."""
    server = Server([tool, "lsp", "--no-config",
                     "--lsp-debounce-ms=%d" % debounce_ms])
    server.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                  "capabilities": {}})
    server.notify("initialized", {})
    results = {}
    try:
        for path in files:
            uri = "file://" + os.path.abspath(path)
            text = open(path).read()
            t0 = time.perf_counter()
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
            diags = server.diagnostics(uri, 1)
            opened = time.perf_counter() - t0
            times = []
            for i in range(edits):
                version = i + 2
                edited = text + "\n// edit %d\n" % i
                t0 = time.perf_counter()
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": edited}]})
                server.diagnostics(uri, version)
                times.append(time.perf_counter() - t0)
            server.notify("textDocument/didClose",
                          {"textDocument": {"uri": uri}})
            results[path] = {
                "open_s": opened, "edit_s": times,
                "median_s": statistics.median(times) if times else None,
                "max_s": max(times) if times else None,
                "diagnostics": len(diags)}
    finally:
        server.close()
    return results
