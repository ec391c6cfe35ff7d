#!/usr/bin/env python3
"""Runs a command and checks its exit code exactly.

Usage: expect-exit.py CODE -- COMMAND [ARGS...]

The command's stdout and stderr pass through unchanged (same file
descriptors, so their interleaving is kept). Exits 0 when the command exited
with CODE; otherwise prints what it got on stderr and exits 1. A command
killed by a signal (a crash) never matches.

lit's `not` only inverts success; this helper tells exit code 1 (a gate
failed) from 2 (bad input or usage) from a crash.
"""
import signal
import subprocess
import sys


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write("usage: expect-exit.py CODE -- COMMAND [ARGS...]\n")
        return 1
    try:
        expected = int(argv[1])
    except ValueError:
        sys.stderr.write("expect-exit.py: CODE must be an integer, got %r\n"
                         % argv[1])
        return 1
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        code = subprocess.call(argv[3:])
    except OSError as e:
        sys.stderr.write("expect-exit.py: cannot run %r: %s\n" % (argv[3], e))
        return 1
    if code == expected:
        return 0
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "signal %d" % -code
        got = "killed by %s (a crash)" % name
    else:
        got = "exit code %d" % code
    sys.stderr.write("expect-exit.py: expected exit code %d, got %s\n"
                     % (expected, got))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
