#!/usr/bin/env bash
# Installs what is missing (Debian 12, as root), builds, and then either runs
# rl-analyze on an example kernel (`run`, the default) or the test suite (`test`).
# `install` and `build` stop after those steps (.ci/run times them apart).
# Usage: scripts/quickstart.sh [run|test|install|build] [build-dir]
set -euo pipefail
mode=${1:-run}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$root/build}
case "$mode" in
  run | test | install | build) ;;
  *)
    echo "usage: $0 [run|test|install|build] [build-dir]" >&2
    exit 2
    ;;
esac

packages=(cmake g++ clang-22 libclang-22-dev llvm-22-dev llvm-22-tools
          nlohmann-json3-dev libgtest-dev python3)
# The developer-loop tests: git for the pre-commit test, pip for PyPI tools.
packages+=(git python3-pip)
# Neovim: a real LSP client for the language server's end-to-end test.
packages+=(neovim)
# Headless Chromium renders the --svg roofline to PNG in its e2e test.
packages+=(chromium)
# distcc: the plugin's distributed-build test (two daemons on loopback).
packages+=(distcc)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "quickstart: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# PyPI tools the tests use: jsonschema validates the SARIF output against the
# SARIF 2.1.0 schema, pre-commit runs the hook end to end.
if ! python3 -c "import jsonschema" 2>/dev/null || ! command -v pre-commit >/dev/null; then
  echo "quickstart: installing jsonschema and pre-commit from PyPI"
  python3 -m pip install --quiet jsonschema pre-commit 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages jsonschema pre-commit
  # A pyenv Python puts new commands on PATH through its shims.
  if command -v pyenv >/dev/null; then pyenv rehash || true; fi
fi
# nvdisasm reads the compiled kernels' machine code for the issue model. A
# toolkit without it (pip-installed ones) gets NVIDIA's nvdisasm wheel from
# PyPI, linked onto PATH.
cuda_bin="${CUDA_PATH:-/usr/local/cuda}/bin"
if [ -x "$cuda_bin/nvcc" ] && [ ! -x "$cuda_bin/nvdisasm" ] &&
   ! command -v nvdisasm >/dev/null; then
  echo "quickstart: installing nvdisasm (nvidia-cuda-nvdisasm) from PyPI"
  python3 -m pip install --quiet nvidia-cuda-nvdisasm==13.2.51 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages \
      nvidia-cuda-nvdisasm==13.2.51
  nvdisasm_bin=$(python3 -c 'import importlib.metadata as m; print(next(str(f.locate()) for f in m.files("nvidia-cuda-nvdisasm") if str(f).endswith("bin/nvdisasm")))')
  ln -sf "$nvdisasm_bin" /usr/local/bin/nvdisasm
fi
if [ ! -x "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" ]; then
  echo "quickstart: note: no CUDA toolkit at ${CUDA_PATH:-/usr/local/cuda}; end-to-end tests on kernels/ will be skipped" >&2
fi

[ "$mode" = install ] && exit 0

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" ${CMAKE_ARGS:-}
cmake --build "$build" -j"$(nproc)"

case "$mode" in
  run)
    "$build/tools/rl-analyze/rl-analyze" "$root/kernels/saxpy.cu" --gpu=L40S,H100,H200
    ;;
  test)
    /usr/lib/llvm-22/bin/lit -sv "$build/test" "$build/test/unit"
    ;;
esac
