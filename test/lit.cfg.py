# Lit configuration for rl-analyze: hermetic .cu tests (stub cuda.h) and
# end-to-end tests on kernels/ with the real CUDA toolkit.
import os
import shutil
import lit.formats

config.name = "rl-analyze"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.rla_obj_root, "test")

rla = os.path.join(config.rla_tools_dir, "rl-analyze")
inputs = os.path.join(config.test_source_root, "Inputs")
# Hermetic mode: no CUDA headers, the stub Inputs/cuda.h instead.
config.substitutions.append(
    ("%rl-analyze-stub", f"{rla} --no-cuda-headers --extra-arg=-nostdlibinc --extra-arg=-I{inputs} --extra-arg=-include --extra-arg={inputs}/cuda.h"))
config.substitutions.append(("%rl-analyze", rla))
config.substitutions.append(("%cuda_path", config.cuda_path))
config.substitutions.append(("%kernels", os.path.join(config.rla_src_root, "kernels")))
config.substitutions.append(("%data", os.path.join(config.rla_src_root, "data")))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
config.substitutions.append(("%nvcc", config.nvcc or "nvcc"))
config.substitutions.append(("%src", config.rla_src_root))
# The CUPTI tracer, built where the toolkit has CUPTI.
tracer = os.path.join(config.rla_obj_root, "lib", "librla-tracer.so")
config.substitutions.append(("%tracer", tracer))
if os.path.exists(tracer):
    config.available_features.add("tracer")

# Hermetic: no .rl-analyze.json from above the test tree; tests of the
# config search turn it back on with `env RL_ANALYZE_NO_CONFIG_SEARCH=0`.
config.environment["RL_ANALYZE_NO_CONFIG_SEARCH"] = "1"
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "CUDA_PATH", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# ptxas reports are cached in the build tree, not in the user's ~/.cache.
config.environment["RL_ANALYZE_CACHE_DIR"] = os.path.join(config.test_exec_root, "resource-cache")
# Tests that need the real toolkit say REQUIRES: cuda-toolkit; tests that run kernels say REQUIRES: gpu.
if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("cuda-toolkit")
    # The issue model reads the machine code through nvdisasm (next to nvcc
    # or on PATH, as rl-analyze looks for it).
    if os.path.exists(os.path.join(os.path.dirname(config.nvcc), "nvdisasm")) \
            or shutil.which("nvdisasm"):
        config.available_features.add("nvdisasm")
# The H200 occupancy fixture (scripts/device/occupancy_check.sh) once committed.
if os.path.exists(os.path.join(config.test_source_root, "fixtures", "occupancy", "h200.json")):
    config.available_features.add("occupancy-fixture")
if shutil.which("nvidia-smi") and os.path.exists("/dev/nvidia0"):
    config.available_features.add("gpu")

# Python tools the developer-loop tests use (scripts/quickstart.sh installs
# them from PyPI).
import subprocess
_python = shutil.which("python3") or "python3"
if subprocess.run([_python, "-c", "import jsonschema"],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("jsonschema")
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")
# Builds without the sanitizers: tests that cap the address space (ASan
# reserves terabytes of it for its shadow).
if getattr(config, "rla_sanitize", "OFF").upper() not in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("no-sanitizers")
# The compiler plugin, run by the clang it was built against. A sanitized
# plugin cannot load into an unsanitized clang, so those builds skip it.
clang = os.path.join(os.path.dirname(config.filecheck), "clang")
plugin = os.path.join(config.rla_obj_root, "tools", "rl-analyze-plugin", "rl-analyze-plugin.so")
stub_cuda = f"-x cuda -nocudainc -nocudalib -nostdlibinc -Wno-unknown-cuda-version -I{inputs} -include {inputs}/cuda.h"
config.substitutions.append(("%clang-cuda-stub-all", f"{clang} {stub_cuda}"))
config.substitutions.append(("%clang-cuda-stub", f"{clang} --cuda-host-only {stub_cuda}"))
config.substitutions.append(("%rl-plugin", plugin))
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%cuda-path", config.cuda_path))
if os.path.exists(plugin) and getattr(config, "rla_sanitize", "OFF").upper() not in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("rl-plugin")

# The language server: the hermetic options of %rl-analyze-stub on their
# own (for `rl-analyze lsp`), and Neovim as a real client when installed.
config.substitutions.append(("%stub-options", f"--no-cuda-headers --extra-arg=-nostdlibinc --extra-arg=-I{inputs} --extra-arg=-include --extra-arg={inputs}/cuda.h"))
# Headless Chromium renders the --svg pictures to PNG (test/e2e/svg-*).
if shutil.which("chromium"):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", shutil.which("chromium")))
if shutil.which("nvim"):
    config.available_features.add("neovim")
# CMake, for the documented CMake recipe of the plugin.
if shutil.which("cmake"):
    config.available_features.add("cmake")
# distcc and its daemon, for the plugin's distributed-build recipe.
if shutil.which("distcc") and shutil.which("distccd"):
    config.available_features.add("distcc")
