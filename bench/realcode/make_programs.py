#!/usr/bin/env python3
"""Write bench/realcode/programs.tsv and excluded.tsv: the programs of the
real-code corpus (Rodinia, cuda-samples) that scripts/device/realcode_measure.sh
builds and profiles on a GPU, and every other corpus program with the reason
it is left out.

  python3 bench/realcode/make_programs.py [--corpus DIR] [--check]

The programs are bench/realcode/corpus.py's: one per folder of .cu files, a folder
without a main joined to the folder above it (corpus.py's program_groups).
Each program is run with the arguments corpus.py gives the analyzer
(--args, from the code base's run line: run_script_args), so that a measured
launch and a predicted launch are the same launch. Include flags are
corpus.py's (include_dirs of each .cu file, merged as for the analyzer).
What corpus.py does not know (which files are translation units, libraries,
files a program loads at run time, why a program cannot run here) is the
table below, read from each app's Makefile/CMakeLists.txt and sources.

--check also reports, per listed .cu file, nvcc's verdict from the committed
bench/realcode/corpus_nvcc_cache.json (nvcc -c with the same -I flags), without
compiling anything. Standard library only; nothing of the corpus is copied.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpus  # noqa: E402  (bench/realcode/corpus.py)

DEFAULT_CORPUS = "/work/shared/corpus"
COLUMNS = ("name", "group", "sources", "flags", "libs", "cwd", "args",
           "modules", "setup", "note")
# CUDA 13 removed cudaThreadSynchronize (deprecated since CUDA 4); the
# Rodinia apps call it only on the host, where cudaDeviceSynchronize is the
# same call. A define of the build, not an edit of the corpus.
COMPAT_SYNC = "-DcudaThreadSynchronize=cudaDeviceSynchronize"
CUDA_HEADERS_SETUP = (
    'cp -r "$CUDA_HOME/include/cooperative_groups.h" '
    '"$CUDA_HOME/include/cooperative_groups" . && '
    '{ cp -r "$CUDA_HOME/include/cccl/nv" "$CUDA_HOME/include/cccl/cuda" . '
    '2>/dev/null || cp -r "$CUDA_HOME/include/nv" "$CUDA_HOME/include/cuda" .; }')

# ---------------------------------------------------------------------------
# Rodinia: per corpus.py group (folder relative to the corpus root), the
# programs its Makefile builds (sources relative to the app folder, i.e. the
# folder of its run script), or the reason it cannot run.

RODINIA = {
    "rodinia/cuda/b+tree/kernel": ("data", "reads ../../data/b+tree/mil.txt and command.txt (dropped)"),
    "rodinia/cuda/bfs": ("data", "reads ../../data/bfs/graph65536.txt (dropped)"),
    "rodinia/cuda/cfd": ("data", "reads ../../data/cfd/fvcorr.domn.097K (dropped); also needs the old SDK's helper_cuda.h"),
    "rodinia/cuda/dwt2d": ("data", "reads 192.bmp (dropped)"),
    "rodinia/cuda/heartwall": ("data", "reads ../../data/heartwall/test.avi (dropped)"),
    "rodinia/cuda/hotspot": ("data", "reads ../../data/hotspot/temp_512 and power_512 (dropped)"),
    "rodinia/cuda/hotspot3D": ("data", "reads ../../data/hotspot3D/power_512x8 and temp_512x8 (dropped)"),
    "rodinia/cuda/huffman": ("data", "reads ../../data/huffman/test1024_H2.206587175259.in (dropped)"),
    "rodinia/cuda/hybridsort": ("compile", "texture references (texture<...>, cudaBindTexture), removed in CUDA 12; bucketsort.cu also includes GL/glew.h"),
    "rodinia/cuda/kmeans": ("data", "reads ../../data/kmeans/kdd_cup (dropped); also uses texture references (removed in CUDA 12)"),
    "rodinia/cuda/leukocyte/CUDA": ("data", "reads ../../../data/leukocyte/testfile.avi (dropped); also texture references and the meschach library"),
    "rodinia/cuda/mummergpu/src": ("data", "reads ../../data/mummergpu/*.fna (dropped); also texture references"),
    "rodinia/cuda/myocyte": ("data", "reads ../../data/myocyte/y.txt and params.txt (dropped); its adaptive ODE solver's step count depends on them"),
    "rodinia/cuda/backprop": [dict(
        name="rodinia/backprop",
        sources="backprop_cuda.cu backprop.c facetrain.c imagenet.c",
        flags=COMPAT_SYNC, libs="-lm")],
    "rodinia/cuda/gaussian": [dict(
        name="rodinia/gaussian", sources="gaussian.cu",
        # cudaDeviceProp lost clockRate and deviceOverlap in CUDA 13; the
        # program only prints them (PrintDeviceProperties).
        flags=COMPAT_SYNC + " -DclockRate=major -DdeviceOverlap=asyncEngineCount",
        note="device-property printout reads other fields (clockRate, deviceOverlap gone in CUDA 13)")],
    "rodinia/cuda/lavaMD/kernel": [dict(
        name="rodinia/lavaMD",
        sources="main.c kernel/kernel_gpu_cuda_wrapper.cu util/num/num.c "
                "util/timer/timer.c util/device/device.cu",
        flags=COMPAT_SYNC, libs="-lm")],
    "rodinia/cuda/lud/cuda": [dict(
        name="rodinia/lud",
        sources="cuda/lud.cu cuda/lud_kernel.cu common/common.c",
        libs="-lm",
        note="Makefile's -use_fast_math left out (the analyzer is run without it)")],
    "rodinia/cuda/nn": [dict(
        name="rodinia/nn", sources="nn_cuda.cu", flags=COMPAT_SYNC,
        # filelist_4 and its databases were dropped; the corpus's own
        # generator writes them (42764 records in 4 files, Rodinia's set).
        setup='mkdir -p data && "$NVCC" -O2 -o hurricane_gen hurricane_gen.c '
              '&& ./hurricane_gen 42764 4 && ls data/cane4_*.db > filelist_4',
        note="inputs written by the corpus's hurricane_gen.c (42764 records, 4 files)")],
    "rodinia/cuda/nw": [dict(name="rodinia/nw", sources="needle.cu")],
    "rodinia/cuda/particlefilter": [
        dict(name="rodinia/particlefilter_naive",
             sources="ex_particle_CUDA_naive_seq.cu", flags=COMPAT_SYNC,
             libs="-lm", note="Makefile's -use_fast_math left out"),
        dict(name="rodinia/particlefilter_float",
             sources="ex_particle_CUDA_float_seq.cu", flags=COMPAT_SYNC,
             libs="-lm", note="Makefile's -use_fast_math left out")],
    "rodinia/cuda/pathfinder": [dict(name="rodinia/pathfinder", sources="pathfinder.cu")],
    "rodinia/cuda/srad/srad_v1": [dict(
        name="rodinia/srad_v1", sources="main.cu", libs="-lm",
        note="../../../data/srad/image.pgm was dropped: read_graphics fails "
             "and the kernels run on the unread (zeroed) image; the launches "
             "come from argv alone")],
    "rodinia/cuda/srad/srad_v2": [dict(name="rodinia/srad_v2", sources="srad.cu",
                                       flags=COMPAT_SYNC)],
    "rodinia/cuda/streamcluster": [dict(
        name="rodinia/streamcluster",
        sources="streamcluster_cuda_cpu.cpp streamcluster_cuda.cu",
        flags=COMPAT_SYNC, libs="-lcuda",
        note="input 'none': points generated by the program")],
}

# ---------------------------------------------------------------------------
# cuda-samples: exclusions by sample folder (relative to Samples/), and the
# extras a sample needs beyond its CMakeLists.txt.

SAMPLE_EXCLUDE = {
    "0_Introduction/simpleCUDA2GL": ("opengl", "OpenGL/GLUT window (CUDA-GL interop)"),
    "0_Introduction/simpleMPI": ("mpi", "MPI program (mpirun, libmpi)"),
    "0_Introduction/simpleP2P": ("multi-gpu", "needs two GPUs with peer access (waives on one)"),
    "0_Introduction/simpleSurfaceWrite": ("data", "reads data/teapot512.pgm and ref_rotated.pgm (dropped)"),
    "0_Introduction/simpleTexture": ("data", "reads data/teapot512.pgm and ref_rotated.pgm (dropped)"),
    "0_Introduction/simpleTextureDrv": ("data", "reads data/teapot512.pgm and ref_rotated.pgm (dropped)"),
    "0_Introduction/simpleTexture3D": ("opengl", "OpenGL/GLUT window; also reads data/Bucky.raw (dropped)"),
    "2_Concepts_and_Techniques/EGLStream_CUDA_CrossGPU": ("egl", "EGLStreams between two GPUs (EGL, multi-GPU)"),
    "2_Concepts_and_Techniques/FunctionPointers": ("opengl", "links OpenGL/GLUT; also reads data/teapot512.pgm (dropped)"),
    "2_Concepts_and_Techniques/boxFilter": ("opengl", "OpenGL/GLUT window; also reads data/teapot1024.ppm (dropped)"),
    "2_Concepts_and_Techniques/dct8x8": ("data", "reads data/teapot512.bmp (dropped)"),
    "2_Concepts_and_Techniques/eigenvalues": ("data", "without arguments reads data/diagonal.dat and superdiagonal.dat (dropped)"),
    "2_Concepts_and_Techniques/imageDenoising": ("opengl", "OpenGL/GLUT window; also reads data/portrait_noise.bmp (dropped)"),
    "2_Concepts_and_Techniques/particles": ("opengl", "OpenGL/GLUT window"),
    "2_Concepts_and_Techniques/segmentationTreeThrust": ("data", "reads data/ref_00.ppm etc. (dropped)"),
    "2_Concepts_and_Techniques/streamOrderedAllocationP2P": ("multi-gpu", "needs two GPUs with peer access (waives on one)"),
    "3_CUDA_Features/bindlessTexture": ("opengl", "OpenGL/GLUT window; also reads data/flower.ppm etc. (dropped)"),
    "4_CUDA_Libraries/conjugateGradientMultiDeviceCG": ("multi-gpu", "needs two or more GPUs of one architecture (waives on one)"),
    "4_CUDA_Libraries/cudaNvSci": ("nvsci", "NvSciBuf/NvSciSync (libnvscibuf, Tegra/DRIVE)"),
    "4_CUDA_Libraries/oceanFFT": ("opengl", "OpenGL/GLUT window"),
    "4_CUDA_Libraries/simpleCUFFT_2d_MGPU": ("multi-gpu", "multi-GPU cuFFT (waives with fewer than two GPUs)"),
    "4_CUDA_Libraries/simpleCUFFT_MGPU": ("multi-gpu", "multi-GPU cuFFT (waives with fewer than two GPUs)"),
    "5_Domain_Specific/HSOpticalFlow": ("data", "reads data/frame10.ppm and frame11.ppm (dropped)"),
    "5_Domain_Specific/Mandelbrot": ("opengl", "OpenGL/GLUT window"),
    "5_Domain_Specific/NV12toBGRandResize": ("data", "without arguments reads data/test1920x1080.nv12 (dropped)"),
    "5_Domain_Specific/SobelFilter": ("opengl", "OpenGL/GLUT window; also reads data/teapot.pgm (dropped)"),
    "5_Domain_Specific/bicubicTexture": ("opengl", "OpenGL/GLUT window; also reads data/teapot512.pgm (dropped)"),
    "5_Domain_Specific/bilateralFilter": ("opengl", "OpenGL/GLUT window; also reads data/nature_monte.bmp (dropped)"),
    "5_Domain_Specific/dwtHaar1D": ("data", "reads data/signal.dat and regression.gold.dat (dropped)"),
    "5_Domain_Specific/dxtc": ("data", "reads data/teapot512_std.ppm (dropped)"),
    "5_Domain_Specific/fluidsGL": ("opengl", "OpenGL/GLUT window"),
    "5_Domain_Specific/marchingCubes": ("opengl", "OpenGL/GLUT window; also reads data/Bucky.raw (dropped)"),
    "5_Domain_Specific/nbody": ("opengl", "OpenGL/GLUT build and window (no headless mode without arguments)"),
    "5_Domain_Specific/postProcessGL": ("opengl", "OpenGL/GLUT window"),
    "5_Domain_Specific/recursiveGaussian": ("opengl", "OpenGL/GLUT window; also reads data/teapot512.ppm (dropped)"),
    "5_Domain_Specific/simpleD3D11": ("d3d", "Direct3D 11 (Windows only)"),
    "5_Domain_Specific/simpleD3D11Texture": ("d3d", "Direct3D 11 (Windows only)"),
    "5_Domain_Specific/simpleD3D12": ("d3d", "Direct3D 12 (Windows only)"),
    "5_Domain_Specific/simpleGL": ("opengl", "OpenGL/GLUT window"),
    "5_Domain_Specific/simpleVulkan": ("vulkan", "Vulkan + GLFW window"),
    "5_Domain_Specific/simpleVulkanMMAP": ("vulkan", "Vulkan + GLFW window"),
    "5_Domain_Specific/smokeParticles": ("opengl", "OpenGL/GLUT window"),
    "5_Domain_Specific/stereoDisparity": ("data", "reads data/stereo.im0.640x533.ppm (dropped)"),
    "5_Domain_Specific/volumeFiltering": ("opengl", "OpenGL/GLUT window; also reads data/Bucky.raw (dropped)"),
    "5_Domain_Specific/volumeRender": ("opengl", "OpenGL/GLUT window; also reads data/Bucky.raw (dropped)"),
    "5_Domain_Specific/vulkanImageCUDA": ("vulkan", "Vulkan + GLFW window"),
    "7_libNVVM/cuda-c-linking": ("libnvvm", "libNVVM sample: needs the LLVM development libraries to build"),
}

# Device code that a driver-API sample loads from a file at run time (the
# sample's CMakeLists.txt builds it): kind, file name, kernel source.
SAMPLE_MODULES = {
    "0_Introduction/matrixMulDrv": "fatbin:matrixMul_kernel64.fatbin:matrixMul_kernel.cu",
    "0_Introduction/simpleDrvRuntime": "fatbin:vectorAdd_kernel64.fatbin:vectorAdd_kernel.cu",
    "0_Introduction/vectorAddDrv": "fatbin:vectorAdd_kernel64.fatbin:vectorAdd_kernel.cu",
    "0_Introduction/vectorAddMMAP": "fatbin:vectorAdd_kernel64.fatbin:vectorAdd_kernel.cu",
    "2_Concepts_and_Techniques/threadMigration": "fatbin:threadMigration_kernel64.fatbin:threadMigration_kernel.cu",
    "3_CUDA_Features/memMapIPCDrv": "ptx:memMapIpc_kernel64.ptx:memMapIpc_kernel.cu",
    "3_CUDA_Features/ptxjit": "ptx:ptxjit_kernel64.ptx:ptxjit_kernel.cu",
}

# Relocatable device code: dynamic parallelism (cdp*), cuFFT callbacks.
SAMPLE_RDC = {
    "3_CUDA_Features/cdpAdvancedQuicksort", "3_CUDA_Features/cdpBezierTessellation",
    "3_CUDA_Features/cdpQuadtree", "3_CUDA_Features/cdpSimplePrint",
    "3_CUDA_Features/cdpSimpleQuicksort", "4_CUDA_Libraries/simpleCUFFT_callback",
}

SAMPLE_EXTRA = {
    # matrixMul_nvrtc's kernel includes cooperative_groups.h; the sample looks
    # for it beside the executable, where its CMakeLists.txt copies it.
    "0_Introduction/matrixMul_nvrtc": dict(setup=CUDA_HEADERS_SETUP),
    "0_Introduction/simpleCallback": dict(libs="-lpthread"),
    "2_Concepts_and_Techniques/threadMigration": dict(libs="-lpthread"),
    "5_Domain_Specific/MonteCarloMultiGPU": dict(libs="-lpthread"),
    "4_CUDA_Libraries/simpleCUFFT_callback": dict(
        note="needs the static cuFFT (libcufft_static.a, libculibos.a) of the toolkit"),
    "0_Introduction/simpleIPC": dict(note="forks a second process (ncu --target-processes all)"),
    "2_Concepts_and_Techniques/streamOrderedAllocationIPC": dict(
        note="forks a second process (ncu --target-processes all)"),
    "3_CUDA_Features/memMapIPCDrv": dict(note="forks a second process (ncu --target-processes all)"),
    "0_Introduction/systemWideAtomics": dict(note="waives without pageable memory access (HMM)"),
    "3_CUDA_Features/cudaCompressibleMemory": dict(note="waives where compressible memory is not supported"),
}

CMAKE_LIBS = {
    "cublas": "-lcublas", "cusparse": "-lcusparse", "cufft": "-lcufft",
    "cufft_static": "-lcufft_static -lculibos", "curand": "-lcurand",
    "cusolver": "-lcusolver", "nvrtc": "-lnvrtc", "cuda_driver": "-lcuda",
    "nvjpeg": "-lnvjpeg", "cudart": "",
}


def rel(path, root):
    return os.path.relpath(path, root)


def include_flags(paths, top, root):
    """corpus.py's -I flags of these .cu files, merged in order, with the
    corpus root written as @CORPUS@."""
    flags = []
    for p in paths:
        for f in corpus.plan_file(p, top)["flags"]:
            if f not in flags:
                flags.append(f)
    out = []
    for f in flags:
        if f.startswith("-I"):
            f = "-I@CORPUS@/" + rel(f[2:], root)
        out.append(f)
    return out


def run_folder(path, top):
    """The folder of the run script whose line corpus.run_script_args reads
    (the app folder, where Rodinia runs the program)."""
    for folder in corpus.ancestors(path, top):
        if any(os.path.isfile(os.path.join(folder, n)) for n in ("run", "run.sh")):
            return folder
    return os.path.dirname(os.path.abspath(path))


def parse_cmake(folder):
    """(sources, libs, extra flags, uses OpenMP) of a sample's CMakeLists.txt."""
    text = open(os.path.join(folder, "CMakeLists.txt")).read()
    m = re.search(r"add_executable\(\s*\S+\s+([^)]*)\)", text)
    sources = m.group(1).split() if m else []
    libs = []
    for lib in re.findall(r"CUDA::(\w+)", text):
        flag = CMAKE_LIBS.get(lib)
        if flag is None:
            flag = "-l" + lib
        if flag and flag not in libs:
            libs.append(flag)
    flags = corpus.CODE_FLAG_PATTERN.findall(text)
    openmp = "find_package(OpenMP" in text
    return sources, libs, flags, openmp


def sample_folder(cu_folder, samples_dir):
    """The sample's folder (with CMakeLists.txt) for a folder of .cu files."""
    folder = cu_folder
    while folder.startswith(samples_dir) and folder != samples_dir:
        if os.path.isfile(os.path.join(folder, "CMakeLists.txt")):
            return folder
        folder = os.path.dirname(folder)
    return cu_folder


def cell(value):
    value = (value or "").strip()
    assert "\t" not in value and "\n" not in value, value
    return value if value else "-"


def build(root):
    programs, excluded = [], []
    groups = []
    for sub in ("rodinia", "cuda-samples"):
        top = os.path.join(root, sub)
        jobs = [(sub, top, p) for p in corpus.find_cu_files(top)]
        groups += [(sub, top, paths, hosts)
                   for _, _, paths, hosts in corpus.program_groups(jobs)]
    seen_samples = set()
    for sub, top, paths, hosts in groups:
        group = rel(os.path.dirname(os.path.abspath(paths[0])), root)
        args = corpus.run_script_args(paths[0], top)
        argtext = " ".join(args) if args is not None else ""
        if sub == "rodinia":
            entry = RODINIA.get(group)
            if entry is None:
                raise SystemExit("make_programs.py: no entry for %s" % group)
            if isinstance(entry, tuple):
                excluded.append(("rodinia/" + group.split("/")[2], group) + entry)
                continue
            app = run_folder(paths[0], top)
            flags = include_flags(paths, top, root)
            for e in entry:
                srcs = [rel(os.path.join(app, s), root) for s in e["sources"].split()]
                for s in srcs:
                    if not os.path.isfile(os.path.join(root, s)):
                        raise SystemExit("missing source %s" % s)
                programs.append(dict(
                    name=e["name"], group=group, sources=" ".join(srcs),
                    flags=" ".join(filter(None, [e.get("flags", "")] + flags)),
                    libs=e.get("libs", ""), cwd=rel(app, root), args=argtext,
                    modules="", setup=e.get("setup", ""), note=e.get("note", "")))
            continue
        samples_dir = os.path.join(top, "Samples")
        folder = sample_folder(os.path.dirname(os.path.abspath(paths[0])), samples_dir)
        key = rel(folder, samples_dir)
        seen_samples.add(key)
        name = "cuda-samples/" + key
        category = key.split("/")[0]
        if category == "8_Platform_Specific":
            excluded.append((name, group, "platform", "8_Platform_Specific (Tegra: EGL/GLES, NvMedia, cuDLA)"))
            continue
        if key in SAMPLE_EXCLUDE:
            excluded.append((name, group) + SAMPLE_EXCLUDE[key])
            continue
        sources, libs, extra, openmp = parse_cmake(folder)
        srcs = [rel(os.path.normpath(os.path.join(folder, s)), root) for s in sources]
        missing = [s for s in srcs if not os.path.isfile(os.path.join(root, s))]
        if missing:
            excluded.append((name, group, "dropped-source",
                             "source file dropped from the corpus (over 400 KB): "
                             + " ".join(os.path.basename(s) for s in missing)))
            continue
        cu_paths = [p for p in paths]
        flags = include_flags(cu_paths, top, root)
        if rel(folder, root) != group:
            # the sample folder itself (its inc/ is found by corpus.py too)
            f = "-I@CORPUS@/" + rel(folder, root)
            if f not in flags:
                flags.insert(0, f)
        front = list(extra)
        if key in SAMPLE_RDC:
            front.insert(0, "-rdc=true")
        if openmp:
            front.append("-Xcompiler -fopenmp")
            libs.append("-lgomp")
        more = SAMPLE_EXTRA.get(key, {})
        if more.get("libs"):
            libs.append(more["libs"])
        modules = ""
        if key in SAMPLE_MODULES:
            kind, out, src = SAMPLE_MODULES[key].split(":")
            modules = "%s:%s:%s" % (kind, out, rel(os.path.join(folder, src), root))
        programs.append(dict(
            name=name, group=group, sources=" ".join(srcs),
            flags=" ".join(front + flags), libs=" ".join(libs),
            cwd=rel(folder, root), args=argtext, modules=modules,
            setup=more.get("setup", ""), note=more.get("note", "")))
    # cuda-samples folders without a .cu file: corpus.py does not analyse
    # them, so there is nothing to compare a measurement with.
    samples_dir = os.path.join(root, "cuda-samples", "Samples")
    for cat in sorted(os.listdir(samples_dir)):
        cat_dir = os.path.join(samples_dir, cat)
        if not os.path.isdir(cat_dir):
            continue
        for s in sorted(os.listdir(cat_dir)):
            key = cat + "/" + s
            d = os.path.join(cat_dir, s)
            if not os.path.isdir(d) or key in seen_samples or key == "7_libNVVM/common":
                continue
            if any(f.endswith(".cu") for _, _, fs in os.walk(d) for f in fs):
                continue
            if cat == "7_libNVVM":
                reason = ("libnvvm", "libNVVM sample without a .cu file (LLVM IR through libNVVM)")
            elif cat == "8_Platform_Specific":
                reason = ("platform", "8_Platform_Specific")
            else:
                reason = ("no-cu", "no .cu file (host code, kernels from libraries or NVRTC strings): bench/realcode/corpus.py analyses nothing here")
            excluded.append(("cuda-samples/" + key, rel(d, root)) + reason)
    programs.sort(key=lambda p: p["name"])
    excluded.sort()
    return programs, excluded


def check(programs, root):
    """nvcc's -c verdicts from the committed cache for the listed .cu files."""
    ver = corpus.nvcc_version("/usr/local/cuda/bin/nvcc")
    tops = [os.path.join(root, "rodinia"), os.path.join(root, "cuda-samples")]
    cache = corpus.NvccCache(os.path.join(HERE, "corpus_nvcc_cache.json"),
                             ver, "sm_90", tops)
    for p in programs:
        for s in p["sources"].split():
            if not s.endswith(".cu"):
                continue
            path = os.path.join(root, s)
            top = tops[0] if s.startswith("rodinia/") else tops[1]
            rec = cache.get(path, corpus.plan_file(path, top)["flags"])
            verdict = "not cached" if rec is None else (
                "ok" if rec.get("rc") == 0 else "rc=%s %s" % (rec.get("rc"), (rec.get("error") or "")[-120:]))
            if verdict != "ok":
                print("%-50s %s: %s" % (p["name"], s, verdict))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--out-dir", default=HERE)
    ap.add_argument("--check", action="store_true",
                    help="print nvcc's cached -c verdict for listed .cu files that are not ok")
    a = ap.parse_args()
    root = os.path.abspath(a.corpus)
    programs, excluded = build(root)
    with open(os.path.join(a.out_dir, "programs.tsv"), "w") as f:
        f.write("# " + "\t".join(COLUMNS) + "\n")
        f.write("# written by bench/realcode/make_programs.py from %s; "
                "paths relative to the corpus root, '-' = empty\n" % os.path.basename(root))
        for p in programs:
            f.write("\t".join(cell(p[c]) for c in COLUMNS) + "\n")
    with open(os.path.join(a.out_dir, "excluded.tsv"), "w") as f:
        f.write("# name\tgroup\tclass\treason\n")
        for row in excluded:
            f.write("\t".join(cell(c) for c in row) + "\n")
    n_rod = sum(p["name"].startswith("rodinia/") for p in programs)
    print("programs: %d (rodinia %d, cuda-samples %d); excluded: %d" % (
        len(programs), n_rod, len(programs) - n_rod, len(excluded)))
    classes = {}
    for row in excluded:
        classes[row[2]] = classes.get(row[2], 0) + 1
    print("excluded by class: " + ", ".join("%s %d" % kv for kv in sorted(classes.items())))
    if a.check:
        check(programs, root)


if __name__ == "__main__":
    main()
