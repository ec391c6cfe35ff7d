#!/usr/bin/env python3
"""Checks the repository's pre-commit hook with the real pre-commit tool.

Usage: pre_commit_check.py SOURCE_ROOT WORK_DIR -- RL_ANALYZE [ARGS...]

Makes a throwaway hook repository holding SOURCE_ROOT/.pre-commit-hooks.yaml
and a throwaway project that uses it, with RL_ANALYZE ARGS... on PATH as
`rl-analyze`. It records a baseline for a kernel, then commits a change that
leaves the kernel's cost alone (must pass) and one that makes it move more
bytes (must be rejected by the hook). Offline: the hook is `language:
system` and the hook repository is a local path; PRE_COMMIT_HOME is a fresh
directory. Prints each step's outcome; exits 0 when all are as expected.
"""
import os
import shutil
import stat
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "Inputs", "baseline")


def documented_blocks(source_root):
    """The ```yaml block and the set-up block after it in docs/baseline.md's
    pre-commit section."""
    text = open(os.path.join(source_root, "docs", "baseline.md")).read()
    section = text[text.index("## pre-commit"):]
    blocks = section.split("```")
    config = blocks[1][len("yaml\n"):]
    setup = blocks[3].lstrip("\n")
    return config, setup


def run(cmd, cwd, env, check=True):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if check and p.returncode != 0:
        sys.stdout.write(p.stdout)
        raise SystemExit("failed: %s (exit %d)" % (" ".join(cmd), p.returncode))
    return p


def main(argv):
    if len(argv) < 5 or argv[3] != "--":
        sys.stderr.write(__doc__)
        return 2
    source_root, work, tool = argv[1], argv[2], argv[4:]
    shutil.rmtree(work, ignore_errors=True)
    hooks, project, bindir = (os.path.join(work, d)
                              for d in ("hooks", "project", "bin"))
    for d in (hooks, project, bindir):
        os.makedirs(d)

    # rl-analyze on PATH, with the test's hermetic flags.
    wrapper = os.path.join(bindir, "rl-analyze")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nexec %s \"$@\"\n"
                % " ".join("'%s'" % a.replace("'", "'\\''") for a in tool))
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC)

    env = dict(os.environ)
    env.update({
        "PATH": bindir + os.pathsep + env.get("PATH", ""),
        "PRE_COMMIT_HOME": os.path.join(work, "pre-commit-home"),
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "HOME": work,
    })

    shutil.copy(os.path.join(source_root, ".pre-commit-hooks.yaml"), hooks)
    run(["git", "init", "-q"], hooks, env)
    run(["git", "add", "."], hooks, env)
    run(["git", "commit", "-q", "-m", "hooks"], hooks, env)
    rev = run(["git", "rev-parse", "HEAD"], hooks, env).stdout.strip()

    # The configuration and the set-up commands exactly as docs/baseline.md
    # writes them, with the clone's path and commit filled in.
    config, setup = documented_blocks(source_root)
    with open(os.path.join(project, ".pre-commit-config.yaml"), "w") as f:
        f.write(config.replace("/path/to/rl-analyze", hooks)
                .replace("COMMIT", rev))
    kernel = os.path.join(project, "kernel.cu")
    shutil.copy(os.path.join(INPUTS, "before.cu"), kernel)
    run(["git", "init", "-q"], project, env)
    run(["git", "add", ".pre-commit-config.yaml"], project, env)
    for line in setup.splitlines():
        if line.strip():
            run(["bash", "-c", line], project, env)

    ok = True
    for name, source, want_pass in (("clean", "comment-only.cu", True),
                                    ("regressing", "after.cu", False)):
        shutil.copy(os.path.join(INPUTS, source), kernel)
        run(["git", "add", "kernel.cu"], project, env)
        p = run(["git", "commit", "-q", "-m", name], project, env, check=False)
        passed = p.returncode == 0
        print("%s commit: %s" % (name, "accepted" if passed else "rejected"))
        if not passed:
            sys.stdout.write(p.stdout)
        ok &= passed == want_pass
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
