#!/usr/bin/env python3
"""test/plugin/distcc-sarif.test's driver.

  distcc_sarif.py build --work DIR --compiler CXX --plugin SO --cuda-path DIR
                        --sarif-tool plugin-sarif.py
      Starts two distccd daemons on 127.0.0.2 and 127.0.0.3, configures
      DIR/project (docs/plugin.md's distcc recipe) into DIR/build with distcc
      as the compiler launcher and builds it through them, with no fallback to
      a local compile, then stops the daemons, whatever happened. Prints which
      files the daemons' logs say they compiled and which distcc ran here.
  distcc_sarif.py compare A.sarif B.sarif
      The results of two SARIF logs as sets of (ruleId, file, line, column,
      message); exit 1 and the difference when they differ.
"""
import argparse
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time

HOSTS = ("127.0.0.2", "127.0.0.3")


def free_port(host):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def wait_listening(host, port, proc, log):
    for _ in range(100):
        if proc.poll() is not None:
            sys.exit(f"distccd on {host} exited: see {log}")
        try:
            socket.create_connection((host, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"distccd on {host}:{port} does not answer: see {log}")


def start_daemons(work, compiler):
    # Run as root, distccd serves as the user distccd: it writes its log and
    # works in its TMPDIR (lit's is the test user's own).
    logs = os.path.join(work, "daemon-logs")
    tmp = os.path.join(work, "daemon-tmp")
    for d in (logs, tmp):
        os.makedirs(d, exist_ok=True)
        os.chmod(d, 0o1777)
    cmdlist = os.path.join(work, "distcc-cmdlist")
    with open(cmdlist, "w") as f:
        f.write(compiler + "\n")  # the one compiler the daemons may run
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISTCC")}
    env["DISTCC_CMDLIST"] = cmdlist
    env["TMPDIR"] = tmp
    daemons = []
    for host in HOSTS:
        port = free_port(host)
        log = os.path.join(logs, host + ".log")
        proc = subprocess.Popen(
            ["distccd", "--daemon", "--no-detach", "--listen", host,
             "--port", str(port), "--allow", "127.0.0.0/8", "--jobs", "1",
             "--log-file", log, "--log-level", "info"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        daemons.append((host, port, proc, log))
    return daemons


def stop_daemons(daemons):
    for _, _, proc, _ in daemons:
        if proc.poll() is None:
            # The daemon and its preforked children: the session it leads.
            os.killpg(proc.pid, signal.SIGTERM)
    for _, _, proc, _ in daemons:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def run(cmd, log, env=None):
    with open(log, "w") as out:
        try:
            rc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT,
                                env=env, timeout=300).returncode
        except subprocess.TimeoutExpired:
            rc = "nothing: it ran for 300 s"
    if rc != 0:
        with open(log) as f:
            sys.stdout.write(f.read())
        sys.exit(f"{shlex.join(cmd)} exited {rc}")


def compiled_on(log):
    """The input of each job distccd's log reports compiled without error."""
    files = []
    with open(log) as f:
        for line in f:
            if "dcc_job_summary" in line and " COMPILE_OK " in line:
                files.append(os.path.basename(line.split()[-1]))
    return files


def compiled_here(log):
    """The input of each compile distcc ran on this machine."""
    files = []
    with open(log) as f:
        for line in f:
            if " exec on localhost: " in line:
                words = line.split()
                files.append(os.path.basename(words[words.index("-c") + 1]))
    return files


def stop(signum, frame):
    sys.exit(f"distcc_sarif.py: signal {signum}")


def build(args):
    # Killed (by lit's timeout, say), it still stops the daemons.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stop)
    work = os.path.abspath(args.work)
    build_dir = os.path.join(work, "build")
    daemons = start_daemons(work, args.compiler)
    try:
        for host, port, proc, log in daemons:
            wait_listening(host, port, proc, log)
        run(["cmake", "-S", os.path.join(work, "project"), "-B", build_dir,
             "-DCMAKE_CXX_COMPILER=" + args.compiler,
             "-DCUDAToolkit_ROOT=" + args.cuda_path,
             "-DRL_ANALYZE_PLUGIN=" + args.plugin,
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
             "-DCMAKE_CXX_COMPILER_LAUNCHER=" + ";".join(
                 [sys.executable, args.sarif_tool, "capture", "--",
                  "distcc"])],
            os.path.join(work, "configure.log"))
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("DISTCC")}
        env.update({
            # The daemons only, one job each: no localhost, so nothing that
            # distcc sends out can be compiled here instead.
            "DISTCC_HOSTS": " ".join(f"{h}:{p}/1" for h, p, _, _ in daemons),
            "DISTCC_FALLBACK": "0",
            "DISTCC_SKIP_LOCAL_RETRY": "1",
            "DISTCC_DIR": os.path.join(work, "distcc-state"),
            "DISTCC_LOG": os.path.join(work, "distcc-client.log"),
        })
        os.makedirs(env["DISTCC_DIR"], exist_ok=True)
        # Three at once: two compiles in flight reach both daemons.
        run(["cmake", "--build", build_dir, "-j3"],
            os.path.join(work, "build.log"), env)
    finally:
        stop_daemons(daemons)
    remote = {host: compiled_on(log) for host, _, _, log in daemons}
    print("on the daemons:", " ".join(sorted(sum(remote.values(), []))))
    print("daemons used:", sum(1 for files in remote.values() if files))
    print("here:", " ".join(sorted(compiled_here(env["DISTCC_LOG"]))))
    return 0


def results(path):
    with open(path) as f:
        log = json.load(f)
    out = set()
    for run_ in log["runs"]:
        for r in run_["results"]:
            loc = r["locations"][0]["physicalLocation"] if r.get(
                "locations") else {}
            region = loc.get("region", {})
            out.add((r["ruleId"], loc.get("artifactLocation", {}).get("uri"),
                     region.get("startLine"), region.get("startColumn"),
                     r["message"]["text"]))
    return out


def compare(args):
    a, b = results(args.a), results(args.b)
    if a != b:
        for r in sorted(a - b):
            print("only in", args.a, r)
        for r in sorted(b - a):
            print("only in", args.b, r)
        return 1
    print(f"{len(a)} results, the same:")
    for rule, uri, line, col, _ in sorted(a, key=lambda r: r[1:4]):
        print(f"  {uri}:{line}:{col} {rule}")
    return 0


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    for opt in ("--work", "--compiler", "--plugin", "--cuda-path",
                "--sarif-tool"):
        b.add_argument(opt, required=True)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = parser.parse_args()
    return build(args) if args.command == "build" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
