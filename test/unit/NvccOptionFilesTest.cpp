//===- NvccOptionFilesTest.cpp - Options files in compile commands --------===//
#include "analyzer/driver/NvccFlags.h"
#include "analyzer/driver/OptionFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace rla;

namespace {

using Args = std::vector<std::string>;

/// A build directory of one test, with files written into it.
class BuildDir {
public:
  BuildDir() { llvm::sys::fs::createUniqueDirectory("rla-optf-test", Path); }
  ~BuildDir() { llvm::sys::fs::remove_directories(Path); }
  std::string path() const { return std::string(Path); }
  std::string write(const std::string &Name, const std::string &Text) const {
    llvm::SmallString<256> File(Path);
    llvm::sys::path::append(File, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(File));
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << Text;
    return std::string(File);
  }

private:
  llvm::SmallString<128> Path;
};

TEST(NvccOptionFilesTest, CMakeIncludesResponseFile) {
  // What CMake 3.25's Makefile generator writes for a CUDA target with
  // include folders, a SYSTEM one, CUDA_SEPARABLE_COMPILATION and OpenMP
  // through -Xcompiler (the file ends with a newline).
  BuildDir Build;
  Build.write("CMakeFiles/k.dir/includes_CUDA.rsp",
              "-I/src/include -I/src/other -isystem=/usr/include/sysinc\n");
  Args Command = {"/usr/local/cuda/bin/nvcc",
                  "-forward-unknown-to-host-compiler",
                  "-ccbin=/usr/bin/g++",
                  "-DTILE=4",
                  "--options-file",
                  "CMakeFiles/k.dir/includes_CUDA.rsp",
                  "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                  "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                  "-Xcompiler=-fPIC",
                  "--expt-relaxed-constexpr",
                  "-Xcompiler=-fopenmp",
                  "-x",
                  "cu",
                  "-rdc=true",
                  "-c",
                  "/src/a.cu",
                  "-o",
                  "CMakeFiles/k.dir/a.cu.o"};
  NvccTranslation T = translateNvccArguments(Command, Build.path());
  EXPECT_EQ(T.Error, "");
  EXPECT_EQ(T.Args, (Args{"-DTILE=4", "-I/src/include", "-I/src/other",
                          "-isystem", "/usr/include/sysinc", "-fgpu-rdc",
                          "-fopenmp"}));
  EXPECT_EQ(T.CudaArch, "sm_90");
  EXPECT_EQ(T.HostCompiler, "/usr/bin/g++");
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_TRUE(T.OpenMP);
}

TEST(NvccOptionFilesTest, EverySpelling) {
  BuildDir Build;
  Build.write("a.rsp", "-DA");
  Build.write("b.rsp", "-DB");
  Build.write("c.rsp", "-DC");
  Build.write("sub/d.rsp", "-DD");
  Build.write("gnu.rsp", "-DG '-DQUOTED=a b' \"-Iwith space\"\n-DLINE2");
  for (const char *Spelling : {"--options-file", "-optf"}) {
    Args Command = {"nvcc", Spelling, "a.rsp", std::string(Spelling) + "=b.rsp",
                    std::string(Spelling) + "=c.rsp,sub/d.rsp", "@gnu.rsp",
                    "k.cu"};
    NvccTranslation T = translateNvccArguments(Command, Build.path());
    EXPECT_EQ(T.Error, "") << Spelling;
    EXPECT_EQ(T.Args, (Args{"-DA", "-DB", "-DC", "-DD", "-DG", "-DQUOTED=a b",
                            "-Iwith space", "-DLINE2"}))
        << Spelling;
  }
  // Absolute names need no directory; @file works for clang commands too.
  NvccTranslation T = translateNvccArguments(
      {"clang++", "@" + Build.path() + "/gnu.rsp", "-c", "k.cu"}, "/elsewhere");
  EXPECT_EQ(T.Args,
            (Args{"-DG", "-DQUOTED=a b", "-Iwith space", "-DLINE2"}));
}

TEST(NvccOptionFilesTest, FilesNameFiles) {
  BuildDir Build;
  Build.write("outer.rsp", "-DOUTER --options-file inner.rsp @gnu.rsp");
  Build.write("inner.rsp", "-DINNER -optf=innermost.rsp");
  Build.write("innermost.rsp", "-Iinnermost");
  Build.write("gnu.rsp", "-DGNU @gnu2.rsp");
  Build.write("gnu2.rsp", "-DGNU2");
  NvccTranslation T = translateNvccArguments(
      {"nvcc", "-optf", "outer.rsp", "-DLAST", "k.cu"}, Build.path());
  EXPECT_EQ(T.Error, "");
  EXPECT_EQ(T.Args, (Args{"-DOUTER", "-DINNER", "-Iinnermost", "-DGNU",
                          "-DGNU2", "-DLAST"}));
}

TEST(NvccOptionFilesTest, UnreadableFiles) {
  BuildDir Build;
  // A missing options file is an error nvcc would stop at too.
  NvccTranslation T = translateNvccArguments(
      {"nvcc", "-DX", "--options-file", "CMakeFiles/k.dir/includes_CUDA.rsp",
       "k.cu"},
      Build.path());
  EXPECT_NE(T.Error.find("cannot read the options file '" + Build.path() +
                         "/CMakeFiles/k.dir/includes_CUDA.rsp'"),
            std::string::npos)
      << T.Error;
  EXPECT_EQ(T.Args, Args{"-DX"}); // the rest of the command still counts
  // A missing @file stays as it is, as gcc leaves it, and is dropped.
  T = translateNvccArguments({"nvcc", "@missing.rsp", "-DX"}, Build.path());
  EXPECT_EQ(T.Error, "");
  EXPECT_EQ(T.Args, Args{"-DX"});
  // Files that include each other.
  Build.write("loop.rsp", "-DL --options-file loop.rsp");
  T = translateNvccArguments({"nvcc", "-optf", "loop.rsp"}, Build.path());
  EXPECT_NE(T.Error.find("nest"), std::string::npos) << T.Error;
  Build.write("gnuloop.rsp", "-DL @gnuloop.rsp");
  T = translateNvccArguments({"nvcc", "@gnuloop.rsp"}, Build.path());
  EXPECT_NE(T.Error, "");
}

TEST(NvccOptionFilesTest, ExpansionKeepsOtherArguments) {
  BuildDir Build;
  Build.write("i.rsp", "-Iinc");
  Args Command = {"nvcc", "-DX", "-optf", "i.rsp", "-c", "k.cu"};
  std::string Error;
  ASSERT_TRUE(expandOptionFiles(Command, Build.path(), Error)) << Error;
  EXPECT_EQ(Command, (Args{"nvcc", "-DX", "-Iinc", "-c", "k.cu"}));
  // A dangling options-file option names nothing.
  Command = {"nvcc", "--options-file"};
  ASSERT_TRUE(expandOptionFiles(Command, Build.path(), Error)) << Error;
  EXPECT_EQ(Command, Args{"nvcc"});
}

} // namespace
