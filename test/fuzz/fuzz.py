#!/usr/bin/env python3
"""Seeded fuzz test of rl-analyze: mutated inputs of every kind it reads.

usage: fuzz.py --tool BUILD/tools/rl-analyze/rl-analyze [--seed N]
               [--jobs 2] [--time-limit 280] [--scale 1.0] [--keep DIR]

Mutates the kernels of kernels/ and test/constructs/ (line edits, token
swaps, extreme numbers, truncation, deep nesting) and each JSON input format
(launch file, baseline, GPU database, trace, ncu CSV, project config, result
cache entry) both structurally (a value of another type, a missing or extra
key, extreme numbers, deep nesting) and byte by byte; grows the host code
of test/host-eval/ (loop bounds scaled by 10^3 to 10^6, launches wrapped in
nested time loops) and reports each such run's peak memory and time,
failing past 4 GiB or the time limit; sends LSP framing
errors and mutated documents to the language server. Every run must end
with exit code 0, 1 or 2, without a signal, without a sanitizer report and
within its time limit. Kernel mutations go through two long-running
language servers (the parse of the CUDA headers is then warm) and through
the command line; the JSON formats through the command line.

Meant for the ASan + UBSan build (.ci/run); prints one line per category
and exits 1 on the first kind of failure, after saving the failing inputs
under --keep (default: a temporary directory) with the command that
reproduces each."""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SRC, "test", "lsp", "Inputs"))
from lsp_client import LspClient, uri_of  # noqa: E402

STUB_DIR = os.path.join(SRC, "test", "Inputs")
STUB_FLAGS = ["--", "-nostdlibinc", "-I" + STUB_DIR, "-include",
              os.path.join(STUB_DIR, "cuda.h")]
TINY = os.path.join(SRC, "test", "errors", "Inputs", "kernels.cu")
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
                   "runtime error:", "UndefinedBehaviorSanitizer",
                   "Sanitizer CHECK failed", "terminate called",
                   "Assertion `", "PLEASE submit a bug report")
RUN_TIMEOUT_S = 60
DONE_LOCK = threading.Lock()

# Sanitizers exit with their own codes, so that a report is never taken for
# "a gate failed" (1).
ENV = dict(os.environ)
ENV["ASAN_OPTIONS"] = "exitcode=86:" + ENV.get("ASAN_OPTIONS", "")
ENV["UBSAN_OPTIONS"] = "exitcode=87:print_stacktrace=1:" + \
    ENV.get("UBSAN_OPTIONS", "")
ENV["LSAN_OPTIONS"] = "exitcode=88:" + ENV.get("LSAN_OPTIONS", "")
ENV["RL_ANALYZE_NO_CONFIG_SEARCH"] = "1"


# ---------------------------------------------------------------- mutators

EXTREMES = [0, -1, 1, 2**31, 2**31 - 1, 2**32, 2**63 - 1, 2**63, 2**64,
            2**127, 10**40, -2**63, 1e308, -1e308, 0.5, 1e-300]
WEIRD = [None, True, False, "", "12", "-1", "1<<62", "1<<200", "x" * 4096,
         "\u00e9\u0000\ud7ff", [], {}, [1, 2, 3], {"a": 1}, [None]]


def deep(depth):
    """A placeholder that dumps() turns into `depth` nested arrays (Python's
    own encoder would recurse that deep)."""
    return "__deep_%d__" % depth


def dumps(doc):
    text = json.dumps(doc)
    for depth in (64, 1000, 20000):
        text = text.replace('"%s"' % deep(depth),
                            "[" * depth + "1" + "]" * depth)
    return text.encode()


def random_value(rng):
    pick = rng.random()
    if pick < 0.4:
        return rng.choice(EXTREMES)
    if pick < 0.85:
        return rng.choice(WEIRD)
    return deep(rng.choice([64, 1000, 20000]))


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):
            yield from paths(v, prefix + (i,))


def get(value, path):
    for p in path:
        value = value[p]
    return value


def mutate_json(rng, doc):
    """One structural change of a parsed JSON document (a copy)."""
    doc = json.loads(json.dumps(doc))
    all_paths = list(paths(doc))
    path = rng.choice(all_paths)
    op = rng.random()
    if not path:
        return random_value(rng) if op < 0.5 else [doc, doc]
    parent, key = get(doc, path[:-1]), path[-1]
    if op < 0.55:
        parent[key] = random_value(rng)
    elif op < 0.7 and isinstance(parent, dict):
        del parent[key]
    elif op < 0.8 and isinstance(parent, dict):
        parent["unknown_" + str(rng.randrange(100))] = random_value(rng)
    elif op < 0.9 and isinstance(parent, list):
        parent.extend([parent[key]] * rng.choice([2, 50, 3000]))
    else:
        node = parent[key]
        if isinstance(node, (int, float)) and not isinstance(node, bool):
            parent[key] = rng.choice([-node, node * 2**40, node + 0.5, 0])
        else:
            parent[key] = random_value(rng)
    return doc


def mutate_bytes(rng, data):
    """Byte-level damage: truncation, flips, insertions, duplication."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data += b"{"
        op = rng.random()
        i = rng.randrange(len(data))
        if op < 0.25:
            del data[i:]
        elif op < 0.5:
            data[i] = rng.randrange(256)
        elif op < 0.7:
            data[i:i] = rng.choice([b"\x00", b"\xff\xfe", b"[" * 5000, b"}",
                                    b"\"", b",", b"\n", b"99999999999999999999999"])
        elif op < 0.85:
            j = min(len(data), i + rng.randint(1, 200))
            data[i:i] = data[i:j] * rng.randint(2, 20)
        else:
            j = min(len(data), i + rng.randint(1, 50))
            del data[i:j]
    return bytes(data)


def mutate_document(rng, text_or_doc, is_json=True):
    if is_json and rng.random() < 0.7:
        return dumps(mutate_json(rng, text_or_doc))
    raw = dumps(text_or_doc) if is_json else text_or_doc
    return mutate_bytes(rng, raw)


TOKENS = ["0", "-1", "1<<30", "2147483647", "4294967296", "1e38f", "0.0f",
          "n", "threadIdx.x", "blockIdx.y", "blockDim.x * gridDim.x", "i",
          "(", ")", "{", "}", ";", "[", "]", "*", "+", "/", "%", "<<", ">>",
          "for (int q = 0; q < n; ++q)", "while (1)", "if (i < n)", "return;",
          "__syncthreads();", "__shared__ float s[33][32];", "#define X",
          "#include \"nothing.h\"", "template <int K>", "auto", "goto L;",
          "atomicAdd(&x[0], 1.0f);", "x[i * 32]", "y[i] = y[i] + 1;"]


def mutate_source(rng, text):
    """Line- and token-level edits of CUDA source."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 5)):
        op = rng.random()
        i = rng.randrange(len(lines)) if lines else 0
        if op < 0.2 and lines:
            del lines[i]
        elif op < 0.35 and lines:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.5 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op < 0.8 and lines:
            words = lines[i].split(" ")
            k = rng.randrange(len(words))
            words[k] = rng.choice(TOKENS)
            lines[i] = " ".join(words)
        elif op < 0.9:
            lines.insert(i, rng.choice(TOKENS))
        elif op < 0.95:
            # Below clang's -fbracket-depth (256): deeper nesting is clang's
            # own error, and under ASan its recursive parser needs more than
            # the 8 MB stack before it gets there.
            depth = rng.choice([20, 100, 240])
            lines.insert(i, "int deep_%d = %s1%s;" % (i, "(" * depth,
                                                      ")" * depth))
        else:
            cut = rng.randrange(max(1, len(text)))
            return text[:cut]
    return "\n".join(lines)


HOST_LOOP = __import__("re").compile(
    r"for \((?:int |unsigned |size_t |long )?(\w+) = 0; \1 < (\d+)")


def mutate_host(rng, text):
    """Host code grown as real programs grow it: a loop bound scaled up by
    10^3 to 10^6, or a launch wrapped in two nested time loops."""
    loops = list(HOST_LOOP.finditer(text))
    if loops and rng.random() < 0.5:
        m = rng.choice(loops)
        scaled = int(m.group(2)) * 10 ** rng.randint(3, 6)
        return text[:m.start(2)] + str(scaled) + text[m.end(2):]
    lines = text.split("\n")
    sites = [i for i, line in enumerate(lines)
             if "<<<" in line and line.rstrip().endswith(";")]
    if not sites:
        return text
    i = rng.choice(sites)
    outer, inner = 10 ** rng.randint(3, 6), 10 ** rng.randint(1, 3)
    lines[i] = ("for (int rla_t = 0; rla_t < %d; ++rla_t) "
                "for (int rla_u = 0; rla_u < %d; ++rla_u) { %s }"
                % (outer, inner, lines[i].strip()))
    return "\n".join(lines)


def host_sources():
    """Host-code inputs of test/host-eval/ that use the stub header."""
    out = []
    folder = os.path.join(SRC, "test", "host-eval")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".cu"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        if '#include "cuda.h"' in text and "<<<" in text:
            out.append((name, text))
    return out


HOST_PEAKS = []  # (peak RSS in KiB, seconds, input) of each host-loop run


def run_measured(command, cwd):
    """run() that also records the child's peak memory and time."""
    start = time.time()
    p = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    timer = threading.Timer(RUN_TIMEOUT_S, p.kill)
    timer.start()
    err = p.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.time() - start
    with DONE_LOCK:
        EXIT_CODES[p.returncode] = EXIT_CODES.get(p.returncode, 0) + 1
        HOST_PEAKS.append((usage.ru_maxrss, seconds, command[1]))
    if seconds >= RUN_TIMEOUT_S:
        return "hang (more than %d s)" % RUN_TIMEOUT_S, err[-2000:]
    if p.returncode < 0:
        return "signal %d" % -p.returncode, err[-2000:]
    if p.returncode not in (0, 1, 2):
        return "exit code %d" % p.returncode, err[-2000:]
    for mark in SANITIZER_MARKS:
        if mark in err:
            return "sanitizer report (%s)" % mark, err[-2000:]
    if usage.ru_maxrss > HOST_PEAK_LIMIT_KIB:
        return "peak memory %d MiB" % (usage.ru_maxrss // 1024), ""
    return None, ""


# Under ASan memory use is about three times a release build's.
HOST_PEAK_LIMIT_KIB = 4 * 1024 * 1024


def host_case(tool, failures, files, args):
    folder = tempfile.mkdtemp(prefix="rla-fuzz-")
    try:
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        command = [tool] + [a.replace("{dir}", folder) for a in args]
        verdict, err = run_measured(command, folder)
        if verdict:
            failures.add("host-loops", verdict + "\n" + err, files, command)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ------------------------------------------------------------------ runner

class Failures:
    def __init__(self, keep):
        self.keep = keep
        self.lock = threading.Lock()
        self.items = []

    def add(self, category, why, inputs, command):
        with self.lock:
            n = len(self.items)
            folder = os.path.join(self.keep, "%s-%03d" % (category, n))
            os.makedirs(folder, exist_ok=True)
            for name, data in inputs.items():
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(data if isinstance(data, bytes) else data.encode())
            with open(os.path.join(folder, "README"), "w") as f:
                f.write(why + "\n" + " ".join(command) + "\n")
            self.items.append((category, why, folder))


EXIT_CODES = {}  # exit code -> runs, to show that the mutations reach past
                # input validation


def run(command, cwd=None, env=None, stdin=None):
    """(verdict or None, stderr tail): None when the run was fine."""
    try:
        p = subprocess.run(command, cwd=cwd, env=env or ENV, input=stdin,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return "hang (more than %d s)" % RUN_TIMEOUT_S, ""
    with DONE_LOCK:
        EXIT_CODES[p.returncode] = EXIT_CODES.get(p.returncode, 0) + 1
    err = p.stderr.decode(errors="replace")
    if p.returncode < 0:
        return "signal %d" % -p.returncode, err[-2000:]
    if p.returncode not in (0, 1, 2):
        return "exit code %d" % p.returncode, err[-2000:]
    for mark in SANITIZER_MARKS:
        if mark in err:
            return "sanitizer report (%s)" % mark, err[-2000:]
    return None, ""


def cli_case(tool, failures, category, files, args, cwd=None, env=None):
    """Writes files (name -> bytes) to a fresh directory, runs the tool with
    args ({dir} replaced by it) and records a failure."""
    folder = tempfile.mkdtemp(prefix="rla-fuzz-")
    try:
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        command = [tool] + [a.replace("{dir}", folder) for a in args]
        verdict, err = run(command, cwd=cwd or folder, env=env)
        if verdict:
            failures.add(category, verdict + "\n" + err, files, command)
        return verdict is None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def json_cases(tool, rng, counts, base_dir):
    """(category, files, args, env) for each JSON input format."""
    tiny = read(TINY)
    launches = json.loads(read(os.path.join(
        SRC, "test", "constructs", "Inputs", "launch-file-two-cases.json")))
    for entry in launches:
        entry["kernel"] = "scale"
    launches.append({"case": "saxpy", "kernel": "saxpy", "grid": [64, 1, 1],
                     "block": [256, 1, 1], "args": {"n": 16384, "a": 2.0}})
    gpus = json.loads(read(os.path.join(SRC, "data", "gpus.json")))
    trace = read(os.path.join(SRC, "test", "Inputs", "measure",
                              "saxpy.trace.jsonl"))
    ncu = read(os.path.join(SRC, "docs", "accuracy", "raw-suite",
                            "ncu_raw.csv")).split(b"\n")
    # The saxpy rows of the H200 suite run, as test/measure/ncu-stdout.test.
    ncu = b"\n".join([b"saxpy: n = 67108864"] + ncu[129:135]) + b"\n"
    config = {"gpu": ["L40S", "h100"], "bind": {"n": "1<<20"},
              "flags": ["-DFACTOR_TERMS=3"], "launches": "launches.json",
              "checks": "-rl-host-branch"}
    baseline = json.loads(read(os.path.join(base_dir, "baseline.json")))
    cache_entries = sorted(
        os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(
            base_dir, "cache")) for f in fs)
    cache = [(os.path.relpath(p, os.path.join(base_dir, "cache")), read(p))
             for p in cache_entries]
    analyse = ["{dir}/k.cu", "--no-resources", "--no-cuda-headers",
               "--format=json"]

    for _ in range(counts["launch-file"]):
        yield ("launch-file", {"k.cu": tiny,
                               "l.json": mutate_document(rng, launches)},
               analyse + ["--launches", "{dir}/l.json"] + STUB_FLAGS, None)
    for _ in range(counts["baseline"]):
        yield ("baseline", {"k.cu": tiny,
                            "b.json": mutate_document(rng, baseline)},
               analyse + ["--baseline", "{dir}/b.json", "--fail-on-new"] +
               STUB_FLAGS, None)
    for i in range(counts["gpu-db"]):
        files = {"k.cu": tiny, "g.json": mutate_document(rng, gpus)}
        if i % 3:
            yield ("gpu-db", files, ["--gpu-db", "{dir}/g.json",
                                     "--list-gpus"], None)
        else:
            yield ("gpu-db", files, analyse + ["--gpu-db", "{dir}/g.json"] +
                   STUB_FLAGS, None)
    measure = ["measure", "--no-cuda-headers", "{dir}/k.cu"]
    for _ in range(counts["trace"]):
        yield ("trace", {"k.cu": tiny, "t.jsonl": mutate_bytes(rng, trace)
                         if rng.random() < 0.4 else mutate_trace(rng, trace)},
               measure + ["--trace", "{dir}/t.jsonl"] + STUB_FLAGS, None)
    for _ in range(counts["ncu-csv"]):
        yield ("ncu-csv", {"k.cu": tiny, "t.jsonl": trace,
                           "n.csv": mutate_csv(rng, ncu)},
               measure + ["--trace", "{dir}/t.jsonl", "--ncu-csv",
                          "{dir}/n.csv"] + STUB_FLAGS, None)
    env = dict(ENV)
    env["RL_ANALYZE_NO_CONFIG_SEARCH"] = "0"
    for _ in range(counts["config"]):
        yield ("config", {"k.cu": tiny,
                          ".rl-analyze.json": mutate_document(rng, config),
                          "launches.json": json.dumps(launches).encode()},
               analyse + STUB_FLAGS, env)
    for _ in range(counts["cache"]):
        if not cache:
            break
        files = {"k.cu": tiny}
        victim = rng.randrange(len(cache))
        for n, (name, data) in enumerate(cache):
            flat = "cache__" + name.replace(os.sep, "__")
            if n == victim:
                try:
                    data = mutate_document(rng, json.loads(data))
                except ValueError:
                    data = mutate_bytes(rng, data)
            files[flat] = data
        yield ("cache", files, ["{dir}/k.cu", "--no-resources",
                                "--no-cuda-headers", "--cache-dir",
                                "{dir}/cache", "--format=sarif"] + STUB_FLAGS,
               None)


def mutate_trace(rng, trace):
    lines = trace.split(b"\n")
    i = rng.randrange(len(lines))
    try:
        lines[i] = dumps(mutate_json(rng, json.loads(lines[i])))
    except ValueError:
        lines[i] = mutate_bytes(rng, lines[i])
    return b"\n".join(lines)


def mutate_csv(rng, csv):
    rows = csv.split(b"\n")
    op = rng.random()
    i = rng.randrange(len(rows))
    if op < 0.4:
        cells = rows[i].split(b",")
        k = rng.randrange(len(cells))
        cells[k] = rng.choice([b'""', b'"-1"', b'"1e400"', b'"nan"', b'"x"',
                               b'"' + b"9" * 40 + b'"', b"", b'"'])
        rows[i] = b",".join(cells)
    elif op < 0.6:
        rows.insert(i, rng.choice([b"==PROF== Connected", b"garbage",
                                   rows[0], b""]))
    else:
        return mutate_bytes(rng, csv)
    return b"\n".join(rows)


def unpack_cache(files, folder):
    """Cache entries travel flattened; put them back where the cache
    expects them."""
    for name in list(files):
        if name.startswith("cache__"):
            rel = name[len("cache__"):].replace("__", os.sep)
            path = os.path.join(folder, "cache", rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.replace(os.path.join(folder, name), path)


def cli_json_case(tool, failures, category, files, args, env):
    folder = tempfile.mkdtemp(prefix="rla-fuzz-")
    try:
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        unpack_cache(files, folder)
        command = [tool] + [a.replace("{dir}", folder) for a in args]
        verdict, err = run(command, cwd=folder, env=env)
        if verdict:
            failures.add(category, verdict + "\n" + err, files, command)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -------------------------------------------------------- language server

class Server:
    """One `rl-analyze lsp`, restarted after a failure."""

    def __init__(self, tool, stub):
        self.argv = [tool, "lsp", "--lsp-debounce-ms=0", "--no-config",
                     "--gpu=H100"] + (["--no-cuda-headers"] + STUB_FLAGS
                                      if stub else [])
        self.start()

    def start(self):
        self.client = LspClient(self.argv, stderr=subprocess.PIPE)
        self.stderr = []
        threading.Thread(target=self._drain, daemon=True).start()
        self.client.initialize()
        self.version = 1

    def _drain(self):
        for line in self.client.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))
            del self.stderr[:-200]

    def analyse(self, path, text):
        """None when diagnostics came back, else what went wrong."""
        uri = uri_of(path)
        self.version += 1
        try:
            self.client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "cuda", "version": self.version,
                "text": text}})
            self.client.diagnostics(uri, self.version, timeout=RUN_TIMEOUT_S)
            self.client.notify("textDocument/didClose",
                               {"textDocument": {"uri": uri}})
            return self.check_log()
        except (EOFError, BrokenPipeError, TimeoutError, ValueError) as e:
            code = self.client.proc.poll()
            self.client.proc.kill()
            self.client.proc.wait()
            why = "server %s: %s (exit %s)" % (
                "hang" if isinstance(e, TimeoutError) else "died", e, code)
            why += "\n" + "".join(self.stderr[-40:])
            self.start()
            return why

    def check_log(self):
        log = "".join(self.stderr)
        for mark in SANITIZER_MARKS:
            if mark in log:
                self.stderr.clear()
                return "sanitizer report (%s)\n%s" % (mark, log[-2000:])
        return None

    def close(self):
        try:
            code = self.client.shutdown()
        except Exception as e:  # noqa: BLE001
            return "shutdown failed: %s" % e
        if code != 0:
            return "server exit code %s at shutdown" % code
        return self.check_log()


def kernel_sources():
    out = []
    for folder, stub in (("kernels", False), (os.path.join("test",
                                                           "constructs"), True)):
        for name in sorted(os.listdir(os.path.join(SRC, folder))):
            if name.endswith(".cu"):
                path = os.path.join(SRC, folder, name)
                out.append((path, read(path).decode(), stub))
    return out


def lsp_worker(tool, rng, sources, category, count, failures, deadline, done,
               stub):
    server = Server(tool, stub)
    mine = [s for s in sources if s[2] == stub]
    for _ in range(count):
        if time.time() > deadline:
            break
        path, text, _ = rng.choice(mine)
        mutated = mutate_source(rng, text)
        why = server.analyse(path, mutated)
        if why:
            failures.add(category, why, {os.path.basename(path): mutated},
                         server.argv)
        with DONE_LOCK:
            done[category] += 1
    why = server.close()
    if why:
        failures.add(category, why, {}, server.argv)


def framing_cases(rng, count):
    """Raw byte streams for the server: the framing cases of the language
    server tests, then random damage to well-framed messages."""
    def framed(body, length=None):
        body = body if isinstance(body, bytes) else body.encode()
        return b"Content-Length: %d\r\n\r\n" % (
            len(body) if length is None else length) + body
    init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"capabilities": {}}})
    hover = json.dumps({"jsonrpc": "2.0", "id": 2,
                        "method": "textDocument/hover",
                        "params": {"textDocument": {"uri": "file:///x.cu"},
                                   "position": {"line": 0, "character": 0}}})
    shutdown = framed(json.dumps({"jsonrpc": "2.0", "id": 3,
                                  "method": "shutdown"})) + framed(
        json.dumps({"jsonrpc": "2.0", "method": "exit"}))
    fixed = [
        b"Content-Length: 1000000000000\r\n\r\n",
        b"Content-Length: -5\r\n\r\n",
        b"Content-Length: twelve\r\n\r\n",
        framed("[" * 50000),
        framed("{\"a\":" * 50000),
        framed(hover, len(hover) - 7),
        framed(hover, len(hover) + 40),
        b"\r\n\r\n\r\n",
        framed(b"\xff\xfe\x00"),
        b"Content-Type: x\r\n\r\n",
    ]
    streams = [framed(init) + f + framed(hover) + shutdown for f in fixed]
    base = framed(init) + framed(hover) + shutdown
    while len(streams) < count:
        streams.append(mutate_bytes(rng, base))
    return streams[:count]


# -------------------------------------------------------------------- main

def prepare(tool, base_dir):
    """A baseline and a filled result cache to mutate."""
    shutil.copy(TINY, os.path.join(base_dir, "k.cu"))
    common = [os.path.join(base_dir, "k.cu"), "--no-resources",
              "--no-cuda-headers", "--launch", "scale:grid=4,block=256",
              "--bind", "n=1000"]
    subprocess.run([tool] + common + ["--write-baseline",
                                      os.path.join(base_dir, "baseline.json")]
                   + STUB_FLAGS, check=True, env=ENV,
                   stdout=subprocess.DEVNULL)
    subprocess.run([tool, os.path.join(base_dir, "k.cu"), "--no-resources",
                    "--no-cuda-headers", "--cache-dir",
                    os.path.join(base_dir, "cache"), "--format=sarif"] +
                   STUB_FLAGS, check=True, env=ENV, stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=280,
                    help="seconds; mutations not started by then are skipped")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiplies every category's count")
    ap.add_argument("--keep", help="folder for failing inputs")
    ap.add_argument("--min-total", type=int, default=1000,
                    help="fail when fewer mutations ran (time limit hit)")
    o = ap.parse_args()
    tool = os.path.abspath(o.tool)
    rng = random.Random(o.seed)
    keep = o.keep or tempfile.mkdtemp(prefix="rla-fuzz-failures-")
    failures = Failures(keep)
    start = time.time()
    deadline = start + o.time_limit

    # kernel-lsp: kernels/ (the toolkit's headers, ~0.3 s an edit under
    # ASan); kernel-stub: test/constructs/ with the stub header (faster).
    counts = {"kernel-lsp": 120, "kernel-stub": 480, "kernel-cli": 80,
              "launch-file": 70,
              "baseline": 60, "gpu-db": 70, "trace": 50, "ncu-csv": 40,
              "config": 50, "cache": 30, "lsp-framing": 40,
              "host-loops": 40}
    counts = {k: max(1, int(v * o.scale)) for k, v in counts.items()}
    done = {k: 0 for k in counts}

    base_dir = tempfile.mkdtemp(prefix="rla-fuzz-base-")
    prepare(tool, base_dir)
    sources = kernel_sources()

    # Two language servers (kernels/ with the toolkit's headers, and
    # test/constructs/ with the stub header) beside the command-line runs.
    lsp_threads = []
    for n, (category, stub) in enumerate((("kernel-lsp", False),
                                          ("kernel-stub", True))):
        t = threading.Thread(target=lsp_worker, args=(
            tool, random.Random(o.seed * 1000 + n), sources, category,
            counts[category], failures, deadline, done, stub))
        t.start()
        lsp_threads.append(t)

    jobs = []
    stub_sources = [s for s in sources if s[2]]
    for _ in range(counts["kernel-cli"]):
        path, text, _ = rng.choice(stub_sources)
        jobs.append(("kernel-cli", {"k.cu": mutate_source(rng, text).encode()},
                     ["{dir}/k.cu", "--no-resources", "--no-cuda-headers",
                      "--launch", rng.choice(["*:grid=64,block=256",
                                              "k:grid=1,block=32"]),
                      "--format=" + rng.choice(["text", "json", "sarif",
                                                "diagnostics"])] + STUB_FLAGS,
                     None))
    hosts = host_sources()
    for _ in range(counts["host-loops"] if hosts else 0):
        name, text = rng.choice(hosts)
        jobs.append(("host-loops", {"h.cu": mutate_host(rng, text).encode()},
                     ["{dir}/h.cu", "--no-resources", "--no-cuda-headers",
                      "--args", rng.choice(["1000", "100000", "4 4096"])]
                     + STUB_FLAGS, None))
    jobs.extend(json_cases(tool, rng, counts, base_dir))
    for stream in framing_cases(rng, counts["lsp-framing"]):
        jobs.append(("lsp-framing", stream, None, None))
    rng.shuffle(jobs)

    def one(job):
        category, files, args, env = job
        if time.time() > deadline:
            return
        if category == "lsp-framing":
            verdict, err = run([tool, "lsp", "--no-config"], stdin=files)
            if verdict:
                failures.add(category, verdict + "\n" + err,
                             {"stream.bin": files}, [tool, "lsp"])
        elif category == "host-loops":
            host_case(tool, failures, files, args)
        elif category == "kernel-cli" and "*:" in " ".join(args):
            # A launch for every kernel of the file: name them from the text.
            text = files["k.cu"].decode(errors="replace")
            names = [w.split("(")[0] for w in text.replace("\n", " ").split(
                "__global__ void ")[1:] if w.split("(")[0].isidentifier()]
            spec = (names[0] if names else "k") + ":grid=64,block=256"
            args = [spec if a.startswith("*:") else a for a in args]
            cli_json_case(tool, failures, category, files, args, env)
        else:
            cli_json_case(tool, failures, category, files, args, env)
        with DONE_LOCK:
            done[category] += 1

    workers = max(1, o.jobs)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        list(pool.map(one, jobs))
    for t in lsp_threads:
        t.join()
    shutil.rmtree(base_dir, ignore_errors=True)

    elapsed = time.time() - start
    total = sum(done.values())
    for k in counts:
        bad = sum(1 for f in failures.items if f[0] == k)
        print("%-12s %4d of %4d run, %d failed" % (k, done[k], counts[k], bad))
    print("total: %d mutations in %.0f s (seed %d); command-line exit "
          "codes: %s" % (total, elapsed, o.seed, ", ".join(
              "%d x%d" % kv for kv in sorted(EXIT_CODES.items()))))
    if HOST_PEAKS:
        rss, secs, _ = max(HOST_PEAKS)
        slowest = max(p[1] for p in HOST_PEAKS)
        print("host-loops: peak memory %d MiB (limit %d), longest run %.1f s "
              "(limit %d)" % (rss // 1024, HOST_PEAK_LIMIT_KIB // 1024,
                              slowest, RUN_TIMEOUT_S))
    if failures.items:
        for category, why, folder in failures.items[:20]:
            print("FAIL %s: %s -> %s" % (category, why.split("\n")[0], folder))
        return 1
    shutil.rmtree(keep, ignore_errors=True) if not o.keep else None
    if total < o.min_total:
        print("FAIL: only %d mutations ran before the time limit (want %d)"
              % (total, o.min_total))
        return 1
    print("no crash, no hang, no sanitizer report; exit codes 0/1/2 only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
