//===- NvccFlagsTest.cpp - Compile commands to clang CUDA flags -----------===//
#include "analyzer/driver/NvccFlags.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace rla;

namespace {

using Args = std::vector<std::string>;

TEST(NvccFlagsTest, CMakeGeneratedCommand) {
  Args Command = {"/usr/local/cuda/bin/nvcc",
                  "-forward-unknown-to-host-compiler",
                  "-DFOO=1",
                  "-I/src/include",
                  "-isystem",
                  "/usr/local/cuda/include",
                  "-O3",
                  "-DNDEBUG",
                  "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                  "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                  "-Xcompiler=-fPIC",
                  "--expt-relaxed-constexpr",
                  "-std=c++17",
                  "-x",
                  "cu",
                  "-c",
                  "/src/k.cu",
                  "-o",
                  "k.o"};
  NvccTranslation T = translateNvccArguments(Command, "/build");
  EXPECT_EQ(T.Args,
            (Args{"-DFOO=1", "-I/src/include", "-isystem",
                  "/usr/local/cuda/include", "-DNDEBUG", "-std=c++17"}));
  EXPECT_EQ(T.CudaArch, "sm_90");
  EXPECT_EQ(T.HostCompiler, "");
  EXPECT_FALSE(T.RelocatableDeviceCode);
  EXPECT_FALSE(T.OpenMP);
  EXPECT_EQ(T.Error, "");
}

TEST(NvccFlagsTest, JoinedAndSeparateForms) {
  Args Command = {"nvcc",
                  "-I",
                  "inc",
                  "-Iinc2",
                  "--include-path=inc3",
                  "--include-path",
                  "inc4",
                  "-D",
                  "X=1",
                  "--define-macro",
                  "Y=2",
                  "--define-macro=Z",
                  "-U",
                  "W",
                  "-UV",
                  "--undefine-macro=T",
                  "-isystem/sys1",
                  "--system-include",
                  "sys2",
                  "-include",
                  "pre.h",
                  "--pre-include=pre2.h",
                  "--std",
                  "c++20",
                  "-DA,B",
                  "k.cu"};
  NvccTranslation T = translateNvccArguments(Command);
  EXPECT_EQ(
      T.Args,
      (Args{"-Iinc",      "-Iinc2", "-Iinc3",   "-Iinc4", "-DX=1",    "-DY=2",
            "-DZ",        "-UW",    "-UV",      "-UT",    "-isystem", "/sys1",
            "-isystem",   "sys2",   "-include", "pre.h",  "-include", "pre2.h",
            "-std=c++20", "-DA",    "-DB"}));
  EXPECT_EQ(T.CudaArch, ""); // No architecture named.
}

std::string archOf(const Args &Command) {
  return translateNvccArguments(Command).CudaArch;
}

TEST(NvccFlagsTest, NewestArchitectureWins) {
  EXPECT_EQ(archOf({"nvcc", "-arch=sm_80", "k.cu"}), "sm_80");
  EXPECT_EQ(archOf({"nvcc", "-arch", "compute_75"}), "sm_75");
  EXPECT_EQ(archOf({"nvcc", "--gpu-architecture=sm_100", "-arch=sm_90"}),
            "sm_100");
  EXPECT_EQ(archOf({"nvcc", "-gencode", "arch=compute_70,code=sm_70",
                    "-gencode=arch=compute_90a,code=sm_90a",
                    "-gencode=arch=compute_90,code=sm_90"}),
            "sm_90a");
  EXPECT_EQ(archOf({"nvcc", "--generate-code", "arch=compute_86,code=lto_86"}),
            "sm_86");
  EXPECT_EQ(archOf({"nvcc", "-code=sm_89", "-arch=compute_80"}), "sm_89");
  EXPECT_EQ(archOf({"nvcc", "-arch=native"}), "");
  EXPECT_EQ(archOf({"nvcc", "-arch=all-major"}), "");
}

TEST(NvccFlagsTest, UnwrapsHostCompilerOptions) {
  Args Command = {"nvcc",
                  "-Xcompiler",
                  "-fPIC,-Wall,-DHOST=1,-O2",
                  "-Xcompiler=-isystem,/opt/inc",
                  "--compiler-options",
                  "-std=c++17",
                  "-Xcompiler",
                  "-Wl,--as-needed -Wextra",
                  "--compiler-options=-D,LATE,-march=native"};
  NvccTranslation T = translateNvccArguments(Command);
  EXPECT_EQ(T.Args, (Args{"-Wall", "-DHOST=1", "-isystem", "/opt/inc",
                          "-std=c++17", "-Wextra", "-DLATE"}));
  EXPECT_FALSE(T.OpenMP);
}

TEST(NvccFlagsTest, HostOpenMPBecomesClangOpenMP) {
  for (const Args &Command :
       {Args{"nvcc", "-Xcompiler", "-fopenmp", "k.cu"},
        Args{"nvcc", "-Xcompiler=-fPIC,-fopenmp", "k.cu"},
        Args{"nvcc", "--compiler-options", "-O2 -fopenmp", "k.cu"},
        Args{"nvcc", "--compiler-options=-fopenmp", "k.cu"},
        // CMake's target_compile_options(-fopenmp): nvcc forwards it.
        Args{"nvcc", "-forward-unknown-to-host-compiler", "-fopenmp",
             "k.cu"}}) {
    NvccTranslation T = translateNvccArguments(Command);
    EXPECT_TRUE(T.OpenMP) << Command[1];
    EXPECT_EQ(T.Args, Args{"-fopenmp"}) << Command[1];
  }
  // Only the exact flag: -fopenmp-simd and friends are code generation.
  EXPECT_FALSE(
      translateNvccArguments({"nvcc", "-Xcompiler=-fopenmp-simd"}).OpenMP);
}

TEST(NvccFlagsTest, RelocatableDeviceCodeBecomesGpuRdc) {
  for (const Args &Command :
       {Args{"nvcc", "-rdc=true", "-c", "k.cu"},
        Args{"nvcc", "-rdc", "true", "k.cu"},
        Args{"nvcc", "--relocatable-device-code=true", "k.cu"},
        Args{"nvcc", "--relocatable-device-code", "true", "k.cu"},
        Args{"nvcc", "-dc", "k.cu"}, Args{"nvcc", "--device-c", "k.cu"},
        Args{"nvcc", "-rdc=false", "-dc", "k.cu"}}) {
    NvccTranslation T = translateNvccArguments(Command);
    EXPECT_TRUE(T.RelocatableDeviceCode) << Command[1];
    EXPECT_EQ(T.Args, Args{"-fgpu-rdc"}) << Command[1];
  }
  // The last one wins; -dw is -rdc=false -c.
  for (const Args &Command : {Args{"nvcc", "-rdc=true", "-rdc=false"},
                              Args{"nvcc", "-dc", "-dw"},
                              Args{"nvcc", "-rdc", "false"}}) {
    NvccTranslation T = translateNvccArguments(Command);
    EXPECT_FALSE(T.RelocatableDeviceCode) << Command.back();
    EXPECT_EQ(T.Args, Args{}) << Command.back();
  }
}

TEST(NvccFlagsTest, HostCompilerIsRecorded) {
  auto HostOf = [](const Args &Command) {
    return translateNvccArguments(Command, "/proj/build").HostCompiler;
  };
  EXPECT_EQ(HostOf({"nvcc", "-ccbin", "/usr/bin/g++-12", "k.cu"}),
            "/usr/bin/g++-12");
  EXPECT_EQ(HostOf({"nvcc", "-ccbin=/usr/bin/g++", "k.cu"}), "/usr/bin/g++");
  EXPECT_EQ(HostOf({"nvcc", "--compiler-bindir", "/opt/gcc/bin", "k.cu"}),
            "/opt/gcc/bin");
  EXPECT_EQ(HostOf({"nvcc", "--compiler-bindir=/usr/bin/clang++"}),
            "/usr/bin/clang++");
  // A relative path is relative to the command's directory; a bare name is
  // looked up on PATH, as nvcc does.
  EXPECT_EQ(HostOf({"nvcc", "-ccbin", "../tools/g++"}), "/proj/tools/g++");
  EXPECT_EQ(HostOf({"nvcc", "-ccbin", "g++-13"}), "g++-13");
  EXPECT_EQ(HostOf({"nvcc", "-ccbin", "gcc", "-ccbin", "clang++"}), "clang++");
  EXPECT_EQ(HostOf({"nvcc", "k.cu"}), "");
  // The host compiler's value is never taken for a flag or a source.
  NvccTranslation T =
      translateNvccArguments({"nvcc", "-ccbin", "-DX", "-ccbin", "host.cu"});
  EXPECT_EQ(T.Args, Args{});
  EXPECT_EQ(T.HostCompiler, "host.cu");
}

TEST(NvccFlagsTest, DropsNvccOnlyOptions) {
  Args Command = {"nvcc",
                  "--expt-relaxed-constexpr",
                  "--extended-lambda",
                  "--expt-extended-lambda",
                  "-forward-unknown-to-host-compiler",
                  "-Xcudafe",
                  "--diag_suppress=177",
                  "-Xptxas",
                  "-v",
                  "-Xptxas=-O3",
                  "-lineinfo",
                  "--use_fast_math",
                  "-G",
                  "-g",
                  "-O3",
                  "-c",
                  "-o",
                  "out.cu.o",
                  "-x",
                  "cu",
                  "--keep",
                  "-MD",
                  "-MT",
                  "k.cu.o",
                  "-MF",
                  "k.cu.o.d",
                  "-Wno-deprecated-gpu-targets",
                  "-Werror",
                  "all-warnings",
                  "-m64",
                  "-lcublas",
                  "-L/usr/local/cuda/lib64",
                  "-fPIC",
                  "-Xcudafe=--display_error_number",
                  "/src/k.cu",
                  "other.cpp",
                  "k.o"};
  NvccTranslation T = translateNvccArguments(Command);
  EXPECT_EQ(T.Args, Args{});
  EXPECT_FALSE(T.RelocatableDeviceCode);
  EXPECT_FALSE(T.OpenMP);
  EXPECT_EQ(T.HostCompiler, "");
}

TEST(NvccFlagsTest, OptionValuesAreNotSources) {
  Args Command = {"nvcc", "-include", "common.cu", "-DFILE=k.cu",
                  "-I",   "dir.c",    "k.cu"};
  EXPECT_EQ(translateNvccArguments(Command).Args,
            (Args{"-include", "common.cu", "-DFILE=k.cu", "-Idir.c"}));
}

TEST(NvccFlagsTest, ClangCommandIsKeptExceptOutputsAndArch) {
  Args Command = {"/usr/lib/llvm-22/bin/clang++",
                  "-x",
                  "cuda",
                  "--cuda-gpu-arch=sm_80",
                  "--offload-arch=sm_90",
                  "-I",
                  "inc",
                  "-DX",
                  "-O2",
                  "-c",
                  "k.cu",
                  "-o",
                  "k.o",
                  "-MD",
                  "-MF",
                  "k.d",
                  "-MTk.o",
                  "-std=c++17",
                  "-include",
                  "pre.cu",
                  "--cuda-path=/usr/local/cuda",
                  "-Wall",
                  "-ofoo.o"};
  NvccTranslation T = translateNvccArguments(Command);
  EXPECT_EQ(T.Args, (Args{"-x", "cuda", "-I", "inc", "-DX", "-O2",
                          "-std=c++17", "-include", "pre.cu",
                          "--cuda-path=/usr/local/cuda", "-Wall"}));
  EXPECT_EQ(T.CudaArch, "sm_90");
  EXPECT_FALSE(T.RelocatableDeviceCode);
  EXPECT_FALSE(T.OpenMP);
  EXPECT_EQ(archOf({"clang", "--offload-arch=sm_80,sm_89"}), "sm_89");
  // Clang spells them as clang does; they are kept and recorded.
  T = translateNvccArguments({"clang++", "-fgpu-rdc", "-fopenmp", "k.cu"});
  EXPECT_EQ(T.Args, (Args{"-fgpu-rdc", "-fopenmp"}));
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_TRUE(T.OpenMP);
  EXPECT_EQ(T.HostCompiler, "");
}

TEST(NvccFlagsTest, LaunchersAndEdgeCases) {
  NvccTranslation T = translateNvccArguments(
      {"ccache", "/usr/local/cuda/bin/nvcc", "-DA", "-arch=sm_80", "k.cu"});
  EXPECT_EQ(T.Args, Args{"-DA"});
  EXPECT_EQ(T.CudaArch, "sm_80");
  EXPECT_EQ(translateNvccArguments({}).Args, Args{});
  EXPECT_EQ(translateNvccArguments({"nvcc"}).Args, Args{});
  // A dangling value option is dropped, not read past the end.
  EXPECT_EQ(translateNvccArguments({"nvcc", "-I"}).Args, Args{});
  EXPECT_EQ(translateNvccArguments({"nvcc", "-o"}).Args, Args{});
  EXPECT_EQ(translateNvccArguments({"nvcc", "-ccbin"}).HostCompiler, "");
  EXPECT_EQ(translateNvccArguments({"nvcc", "-rdc"}).Args, Args{});
  // No compiler: the flags are read with nvcc's rules.
  EXPECT_EQ(translateNvccArguments({"-DX", "-O3", "-Iinc"}).Args,
            (Args{"-DX", "-Iinc"}));
}

TEST(NvccFlagsTest, CodeFlagsOfACompileCommand) {
  Args Command = {"nvcc",    "-O3", "--use_fast_math", "-maxrregcount=64",
                  "-Xptxas", "-v",  "-lineinfo",       "-c",
                  "k.cu"};
  NvccTranslation T = translateNvccArguments(Command, "/build");
  EXPECT_EQ(T.Args, Args{});
  EXPECT_EQ(T.CodeFlags, (Args{"--use_fast_math", "-maxrregcount", "64",
                               "-Xptxas", "-v", "-lineinfo"}));
}

TEST(NvccFlagsTest, UserFlagsMixClangAndNvccSpellings) {
  // As copied from a Makefile: NVCCFLAGS next to clang-style -I/-D.
  Args Flags = {"-I../common", "-std=c++17",
                "-O3",         "--use_fast_math",
                "-arch=sm_80", "-Xptxas",
                "-v",          "-lcublas",
                "-DX=1",       "--expt-relaxed-constexpr",
                "-Xcompiler",  "-fopenmp",
                "-G",          "-ccbin",
                "g++-12"};
  NvccTranslation T = translateUserFlags(Flags);
  // -lcublas is a link input: dropped.
  EXPECT_EQ(T.Args,
            (Args{"-I../common", "-std=c++17", "-O3", "-DX=1", "-fopenmp"}));
  EXPECT_EQ(T.CudaArch, "sm_80");
  EXPECT_EQ(T.HostCompiler, "g++-12");
  EXPECT_EQ(T.CodeFlags, (Args{"--use_fast_math", "-Xptxas", "-v",
                               "--expt-relaxed-constexpr", "-G"}));
  EXPECT_EQ(T.NvccOptions, (Args{"--use_fast_math", "-arch=sm_80", "-Xptxas",
                                 "-v", "--expt-relaxed-constexpr", "-Xcompiler",
                                 "-fopenmp", "-G", "-ccbin", "g++-12"}));
}

TEST(NvccFlagsTest, UserFlagsOfClangStayAsTheyAre) {
  Args Flags = {"-x",     "cuda",  "-std=c++20", "-Wno-unused", "-isystem",
                "/opt/x", "-DN=4", "-include",   "pre.h",       "-fgpu-rdc"};
  NvccTranslation T = translateUserFlags(Flags);
  EXPECT_EQ(T.Args, Flags);
  EXPECT_TRUE(T.CodeFlags.empty());
  EXPECT_TRUE(T.NvccOptions.empty());
  EXPECT_EQ(T.CudaArch, "");
}

TEST(NvccFlagsTest, UserFlagsDropLinkInputs) {
  NvccTranslation T =
      translateUserFlags({"-lcublas", "-L", "/opt/lib", "-L/usr/lib64", "-l",
                          "m", "-Wl,-rpath,/x", "-lineinfo", "-I."});
  EXPECT_EQ(T.Args, (Args{"-I."}));
  EXPECT_EQ(T.CodeFlags, (Args{"-lineinfo"}));
}

TEST(NvccFlagsTest, UserFlagsRelocatableDeviceCode) {
  NvccTranslation T = translateUserFlags({"-rdc=true", "-I."});
  EXPECT_EQ(T.Args, (Args{"-fgpu-rdc", "-I."}));
  EXPECT_EQ(T.CodeFlags, (Args{"-rdc=true"}));
}

} // namespace
