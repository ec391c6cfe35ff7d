#!/usr/bin/env python3
"""Checks that the plugin, in a clang -x cuda compile, reports exactly the
diagnostic lines of `rl-analyze FILE --format=diagnostics` for every file.

usage: compare_with_cli.py CLANG PLUGIN RL_ANALYZE CUDA_PATH FILE...
Prints one line per file and exits 1 on the first difference."""
import re
import subprocess
import sys

clang, plugin, tool, cuda = sys.argv[1:5]
line_re = re.compile(r"^\S+:\d+:\d+: (remark|note|warning|error): .*\[rl-[a-z-]+\]$")
status = 0
same = 0
for path in sys.argv[5:]:
    compile_cmd = [clang, "-x", "cuda", "-fsyntax-only", "--cuda-gpu-arch=sm_90",
                   "--cuda-path=" + cuda, "-isystem", cuda + "/include/cccl",
                   "-Wno-unknown-cuda-version", "-fno-caret-diagnostics",
                   "-fplugin=" + plugin,
                   # The verdict remarks are opt-in in the plugin.
                   "-Xclang", "-plugin-arg-rl-analyze", "-Xclang", "verdicts",
                   path]
    got = subprocess.run(compile_cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    want = subprocess.run([tool, path, "--format=diagnostics"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    plugin_lines = [l for l in got.stdout.splitlines() if line_re.match(l)]
    # A stand-alone note is a remark in clang (notes must follow another
    # diagnostic); compare the rest of the line.
    cli_lines = [l.replace(": note: ", ": remark: ", 1)
                 for l in want.stdout.splitlines() if line_re.match(l)]
    if got.returncode != 0 or plugin_lines != cli_lines or not cli_lines:
        print(f"DIFFERENT {path} (clang exit {got.returncode})")
        print("plugin:\n  " + "\n  ".join(plugin_lines))
        print("cli:\n  " + "\n  ".join(cli_lines))
        print(got.stdout)
        status = 1
    else:
        print(f"same {path}: {len(cli_lines)} diagnostics")
        same += 1
# The summary tests check, so that a glob matching fewer files than meant
# cannot pass unnoticed.
print(f"files: {len(sys.argv[5:])} given, {same} the same")
sys.exit(status)
