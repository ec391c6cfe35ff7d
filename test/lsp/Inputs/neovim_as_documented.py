#!/usr/bin/env python3
"""Runs Neovim set up as docs/ide.md tells a user to.

Usage: neovim_as_documented.py IDE_MD OUT_DIR -- RL_ANALYZE [ARGS...] \
           --nvim NVIM_ARGS...

Writes OUT_DIR/init.lua: the first ```lua block of the "## Neovim" section
of IDE_MD, exactly as documented. Writes OUT_DIR/bin/rl-analyze, a wrapper
that runs RL_ANALYZE with the arguments Neovim passes and then ARGS (the
test's hermetic options), so that the documented `cmd` runs unchanged. Then
runs `nvim -u OUT_DIR/init.lua NVIM_ARGS...` with OUT_DIR/bin first on PATH
and exits with its status."""
import os
import shlex
import stat
import subprocess
import sys


def main(argv):
    if len(argv) < 6 or argv[3] != "--" or "--nvim" not in argv:
        sys.stderr.write(__doc__)
        return 2
    split = argv.index("--nvim")
    doc, out, tool, nvim = argv[1], argv[2], argv[4:split], argv[split + 1:]
    text = open(doc).read()
    section = text[text.index("## Neovim\n"):]
    start = section.index("```lua\n") + len("```lua\n")
    snippet = section[start:section.index("```", start)]
    if "vim.lsp" not in snippet:
        sys.stderr.write("no Neovim snippet in %s\n" % doc)
        return 1
    os.makedirs(os.path.join(out, "bin"), exist_ok=True)
    with open(os.path.join(out, "init.lua"), "w") as f:
        f.write(snippet)
    wrapper = os.path.join(out, "bin", "rl-analyze")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nexec %s \"$@\" %s\n" % (
            shlex.quote(tool[0]), " ".join(shlex.quote(a) for a in tool[1:])))
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC)
    env = dict(os.environ)
    env["PATH"] = os.path.join(out, "bin") + os.pathsep + env.get("PATH", "")
    return subprocess.call(
        ["nvim", "-u", os.path.join(out, "init.lua")] + nvim, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
