#!/usr/bin/env python3
"""Writes the CMakeLists.txt of docs/plugin.md's "## In a CMake build"
section (its ```cmake block, exactly as documented) into a project folder.

Usage: cmake_as_documented.py PLUGIN_MD PROJECT_DIR"""
import os
import sys


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    text = open(argv[1]).read()
    section = text[text.index("## In a CMake build\n"):]
    start = section.index("```cmake\n") + len("```cmake\n")
    recipe = section[start:section.index("```", start)]
    if "add_executable" not in recipe:
        sys.stderr.write("no CMake recipe in %s\n" % argv[1])
        return 1
    os.makedirs(argv[2], exist_ok=True)
    with open(os.path.join(argv[2], "CMakeLists.txt"), "w") as f:
        f.write(recipe)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
