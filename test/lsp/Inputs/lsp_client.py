#!/usr/bin/env python3
"""A minimal LSP client over stdio for testing `rl-analyze lsp`.

Usage as a module: LspClient(argv) starts the server; request()/notify()
send messages; wait_for() reads until a message matches. Run as a script,
it executes a scenario (see main) and prints what the server said, one
normalized line per event, for FileCheck."""
import json
import os
import subprocess
import sys
import threading
import time


class LspClient:
    def __init__(self, argv, stderr=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=stderr)
        self.next_id = 1
        self.pending = []  # messages read but not yet consumed
        # A server that hangs must fail the test, not stall it: killing it
        # ends read() with EOFError.
        self.watchdog = threading.Timer(300, self.proc.kill)
        self.watchdog.daemon = True
        self.watchdog.start()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return self.wait_for(lambda m: m.get("id") == rid and "method" not in m)

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def wait_for(self, predicate, timeout=120):
        for i, m in enumerate(self.pending):
            if predicate(m):
                return self.pending.pop(i)
        deadline = time.time() + timeout
        while time.time() < deadline:
            m = self.read()
            if predicate(m):
                return m
            self.pending.append(m)
        raise TimeoutError("no matching message")

    def diagnostics(self, uri, version=None, timeout=120):
        def match(m):
            p = m.get("params", {})
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and p.get("uri") == uri
                    and (version is None or p.get("version") == version))
        return self.wait_for(match, timeout)["params"]["diagnostics"]

    def initialize(self, options=None):
        params = {"processId": os.getpid(), "rootUri": None,
                  "capabilities": {}}
        if options is not None:
            params["initializationOptions"] = {"options": options}
        reply = self.request("initialize", params)
        self.notify("initialized", {})
        return reply

    def shutdown(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        code = self.proc.wait(timeout=30)
        self.watchdog.cancel()
        return code


def uri_of(path):
    return "file://" + os.path.abspath(path)


def show(diags):
    for d in diags:
        r = d["range"]["start"]
        print("diag %d:%d %s %s %s: %s" % (
            r["line"] + 1, r["character"] + 1,
            {1: "error", 2: "warning", 3: "info", 4: "hint"}[d["severity"]],
            d.get("source"), d.get("code", "-"), d["message"]))
