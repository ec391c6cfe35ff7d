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
  std::string Arch;
  EXPECT_EQ(translateNvccArguments(Command, Arch),
            (Args{"-DFOO=1", "-I/src/include", "-isystem",
                  "/usr/local/cuda/include", "-DNDEBUG", "-std=c++17"}));
  EXPECT_EQ(Arch, "sm_90");
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
  std::string Arch = "sm_75";
  EXPECT_EQ(
      translateNvccArguments(Command, Arch),
      (Args{"-Iinc",      "-Iinc2", "-Iinc3",   "-Iinc4", "-DX=1",    "-DY=2",
            "-DZ",        "-UW",    "-UV",      "-UT",    "-isystem", "/sys1",
            "-isystem",   "sys2",   "-include", "pre.h",  "-include", "pre2.h",
            "-std=c++20", "-DA",    "-DB"}));
  EXPECT_EQ(Arch, "sm_75"); // No architecture named: left as it was.
}

std::string archOf(const Args &Command) {
  std::string Arch = "unset";
  translateNvccArguments(Command, Arch);
  return Arch;
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
  EXPECT_EQ(archOf({"nvcc", "-arch=native"}), "unset");
  EXPECT_EQ(archOf({"nvcc", "-arch=all-major"}), "unset");
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
                  "--compiler-options=-D,LATE,-fopenmp,-march=native"};
  std::string Arch;
  EXPECT_EQ(translateNvccArguments(Command, Arch),
            (Args{"-Wall", "-DHOST=1", "-isystem", "/opt/inc", "-std=c++17",
                  "-Wextra", "-DLATE"}));
}

TEST(NvccFlagsTest, DropsNvccOnlyOptions) {
  Args Command = {"nvcc",
                  "--expt-relaxed-constexpr",
                  "--extended-lambda",
                  "--expt-extended-lambda",
                  "-rdc=true",
                  "--relocatable-device-code",
                  "true",
                  "-forward-unknown-to-host-compiler",
                  "-ccbin",
                  "/usr/bin/g++-12",
                  "--compiler-bindir=/usr/bin",
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
                  "--options-file",
                  "opts.rsp",
                  "-Wno-deprecated-gpu-targets",
                  "-Werror",
                  "all-warnings",
                  "-m64",
                  "-lcublas",
                  "-L/usr/local/cuda/lib64",
                  "-fPIC",
                  "@extra.rsp",
                  "/src/k.cu",
                  "other.cpp",
                  "k.o"};
  std::string Arch;
  EXPECT_EQ(translateNvccArguments(Command, Arch), Args{});
}

TEST(NvccFlagsTest, OptionValuesAreNotSources) {
  Args Command = {"nvcc", "-include", "common.cu", "-DFILE=k.cu",
                  "-I",   "dir.c",    "k.cu"};
  std::string Arch;
  EXPECT_EQ(translateNvccArguments(Command, Arch),
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
  std::string Arch;
  EXPECT_EQ(
      translateNvccArguments(Command, Arch),
      (Args{"-x", "cuda", "-I", "inc", "-DX", "-O2", "-std=c++17", "-include",
            "pre.cu", "--cuda-path=/usr/local/cuda", "-Wall"}));
  EXPECT_EQ(Arch, "sm_90");
  EXPECT_EQ(archOf({"clang", "--offload-arch=sm_80,sm_89"}), "sm_89");
}

TEST(NvccFlagsTest, LaunchersAndEdgeCases) {
  std::string Arch;
  EXPECT_EQ(translateNvccArguments({"ccache", "/usr/local/cuda/bin/nvcc", "-DA",
                                    "-arch=sm_80", "k.cu"},
                                   Arch),
            Args{"-DA"});
  EXPECT_EQ(Arch, "sm_80");
  EXPECT_EQ(translateNvccArguments({}, Arch), Args{});
  EXPECT_EQ(translateNvccArguments({"nvcc"}, Arch), Args{});
  // A dangling value option is dropped, not read past the end.
  EXPECT_EQ(translateNvccArguments({"nvcc", "-I"}, Arch), Args{});
  EXPECT_EQ(translateNvccArguments({"nvcc", "-o"}, Arch), Args{});
  // No compiler: the flags are read with nvcc's rules.
  EXPECT_EQ(translateNvccArguments({"-DX", "-O3", "-Iinc"}, Arch),
            (Args{"-DX", "-Iinc"}));
}

} // namespace
