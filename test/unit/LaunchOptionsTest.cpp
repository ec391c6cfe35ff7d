//===- LaunchOptionsTest.cpp - --bind, --launch and launch files ----------===//
#include "analyzer/driver/LaunchOptions.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace rla;

namespace {

using Dims = std::array<std::optional<Rational>, 3>;

Dims optionDims(int64_t X, int64_t Y, int64_t Z) {
  return {Rational(X), Rational(Y), Rational(Z)};
}

//===-- --bind ------------------------------------------------------------===//

TEST(ParseBindingTest, NameAndValue) {
  std::string Name, Error;
  Rational Value;
  ASSERT_TRUE(parseBinding("n=16777216", Name, Value, Error)) << Error;
  EXPECT_EQ(Name, "n");
  EXPECT_EQ(Value, Rational(16777216));
  ASSERT_TRUE(parseBinding(" N = 1<<24", Name, Value, Error)) << Error;
  EXPECT_EQ(Name, "N");
  EXPECT_EQ(Value, Rational(16777216));
  ASSERT_TRUE(parseBinding("blockDim.x=256", Name, Value, Error)) << Error;
  EXPECT_EQ(Name, "blockDim.x");
  ASSERT_TRUE(parseBinding("alpha=0.5", Name, Value, Error)) << Error;
  EXPECT_EQ(Value, Rational(1, 2));
}

TEST(ParseBindingTest, Errors) {
  std::string Name = "unchanged", Error;
  Rational Value(7);
  EXPECT_FALSE(parseBinding("n", Name, Value, Error));
  EXPECT_NE(Error.find("expected NAME=VALUE"), std::string::npos) << Error;
  EXPECT_FALSE(parseBinding("=5", Name, Value, Error));
  EXPECT_NE(Error.find("is not a name"), std::string::npos) << Error;
  EXPECT_FALSE(parseBinding("1n=5", Name, Value, Error));
  EXPECT_NE(Error.find("'1n' is not a name"), std::string::npos) << Error;
  EXPECT_FALSE(parseBinding("n=m+1", Name, Value, Error));
  EXPECT_NE(Error.find("binding 'n': 'm+1': 'm' is a name"), std::string::npos)
      << Error;
  EXPECT_FALSE(parseBinding("n=", Name, Value, Error));
  EXPECT_EQ(Name, "unchanged");
  EXPECT_EQ(Value, Rational(7));
}

//===-- --launch ----------------------------------------------------------===//

LaunchSpec launch(const std::string &Text) {
  LaunchSpec Spec;
  std::string Error;
  EXPECT_TRUE(parseLaunchOption(Text, Spec, Error)) << Text << ": " << Error;
  return Spec;
}

std::string launchError(const std::string &Text) {
  LaunchSpec Spec;
  Spec.Kernel = "unchanged";
  std::string Error;
  EXPECT_FALSE(parseLaunchOption(Text, Spec, Error)) << Text;
  EXPECT_EQ(Spec.Kernel, "unchanged") << Text;
  return Error;
}

TEST(ParseLaunchOptionTest, Saxpy) {
  LaunchSpec S = launch("saxpy:grid=65536,block=256,smem=0,n=1<<24,a=2.0");
  EXPECT_EQ(S.Kernel, "saxpy");
  EXPECT_EQ(S.Source, LaunchSource::Cli);
  EXPECT_TRUE(S.CaseName.empty());
  EXPECT_EQ(S.Grid, optionDims(65536, 1, 1));
  EXPECT_EQ(S.Block, optionDims(256, 1, 1));
  EXPECT_EQ(S.DynamicSmem, Rational(0));
  ASSERT_EQ(S.Args.size(), 2u);
  EXPECT_EQ(S.Args["n"], Rational(16777216));
  EXPECT_EQ(S.Args["a"], Rational(2));
}

TEST(ParseLaunchOptionTest, Dimensions) {
  LaunchSpec S = launch("k:grid=64x32,block=8x8x4,smem=4096");
  EXPECT_EQ(S.Grid, optionDims(64, 32, 1));
  EXPECT_EQ(S.Block, optionDims(8, 8, 4));
  EXPECT_EQ(S.DynamicSmem, Rational(4096));
  EXPECT_EQ(launch("k:grid=(1<<20)/256,block=256").Grid,
            optionDims(4096, 1, 1));
  EXPECT_EQ(launch("k: grid = 16X16 , block = 32").Grid, optionDims(16, 16, 1));
  // An 'x' after a lone 0 starts a hex number.
  EXPECT_EQ(launch("k:grid=0x100,block=32").Grid, optionDims(256, 1, 1));
  EXPECT_EQ(launch("k:grid=0x10x0x20,block=1").Grid, optionDims(16, 32, 1));
  EXPECT_EQ(launch("k:grid=10x2,block=1").Grid, optionDims(10, 2, 1));
  EXPECT_EQ(launch("k:grid=2x0x4x0X8,block=1").Grid, optionDims(2, 4, 8));
  EXPECT_EQ(launch("k:grid=(0x4)x2,block=1").Grid, optionDims(4, 2, 1));
  EXPECT_EQ(launch("k:grid=1,block=1").DynamicSmem, Rational(0));
}

TEST(ParseLaunchOptionTest, KernelNamesWithColonsAndTemplates) {
  EXPECT_EQ(launch("ns::k:grid=1,block=32").Kernel, "ns::k");
  EXPECT_EQ(launch("a::b::k:grid=1,block=32").Kernel, "a::b::k");
  EXPECT_EQ(launch("::k:grid=1,block=32").Kernel, "::k");
  LaunchSpec S = launch("scale<float>:grid=4,block=256");
  EXPECT_EQ(S.Kernel, "scale<float>");
  EXPECT_EQ(S.Grid, optionDims(4, 1, 1));
  // A comma inside the template arguments is not an option separator.
  S = launch("scale<ns::T, 4>:grid=4x2,block=16x16");
  EXPECT_EQ(S.Kernel, "scale<ns::T, 4>");
  EXPECT_EQ(S.Grid, optionDims(4, 2, 1));
  EXPECT_EQ(S.Block, optionDims(16, 16, 1));
}

TEST(ParseLaunchOptionTest, Errors) {
  EXPECT_NE(launchError("saxpy").find("expected KERNEL:grid="),
            std::string::npos);
  EXPECT_NE(launchError("ns::saxpy").find("expected KERNEL:grid="),
            std::string::npos);
  EXPECT_NE(launchError(":grid=1,block=1").find("missing the kernel name"),
            std::string::npos);
  EXPECT_NE(launchError("k:block=32").find("missing grid="), std::string::npos);
  EXPECT_NE(launchError("k:grid=32").find("missing block="), std::string::npos);
  // A misspelt key is taken for an argument, so grid is still missing.
  EXPECT_NE(launchError("k:gird=1,block=1").find("missing grid="),
            std::string::npos);
  std::string E = launchError("k:grid=0,block=1");
  EXPECT_NE(E.find("grid.x must be a positive integer, got 0"),
            std::string::npos)
      << E;
  E = launchError("k:grid=4x2.5,block=1");
  EXPECT_NE(E.find("grid.y must be a positive integer, got 5/2"),
            std::string::npos)
      << E;
  EXPECT_NE(launchError("k:grid=1x2x3x4,block=1").find("has 4 dimensions"),
            std::string::npos);
  E = launchError("k:grid=1,block=n");
  EXPECT_NE(E.find("block.x: 'n': 'n' is a name"), std::string::npos) << E;
  EXPECT_NE(launchError("k:grid=1,block=1,grid=2").find("given twice"),
            std::string::npos);
  EXPECT_NE(launchError("k:grid=1,block=1,smem=-1").find("non-negative"),
            std::string::npos);
  EXPECT_NE(launchError("k:grid=1,,block=1").find("is not key=value"),
            std::string::npos);
  EXPECT_NE(launchError("k:grid=1,block=1,").find("is not key=value"),
            std::string::npos);
  EXPECT_NE(launchError("k:grid=1,block=1,1x=3").find("parameter name"),
            std::string::npos);
  E = launchError("k:grid=1,block=1,n=1/0");
  EXPECT_NE(E.find("launch 'k:grid=1,block=1,n=1/0': n: '1/0': division by "
                   "zero at column 2"),
            std::string::npos)
      << E;
}

//===-- Launch files ------------------------------------------------------===//

class LaunchFileTest : public ::testing::Test {
protected:
  std::string Dir;

  void SetUp() override {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Template =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/rla-launch-XXXXXX";
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    Dir = Template;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string write(const std::string &Name, const std::string &Text) {
    std::string Path = Dir + "/" + Name;
    std::ofstream(Path) << Text;
    return Path;
  }

  /// The error for a launch file holding Text; Out must stay untouched.
  std::string errorFor(const std::string &Text) {
    std::string Path = write("launches.json", Text);
    std::vector<LaunchSpec> Out(1);
    std::string Error;
    EXPECT_FALSE(parseLaunchFile(Path, Out, Error)) << Text;
    EXPECT_EQ(Out.size(), 1u);
    EXPECT_EQ(Error.rfind(Path + ": ", 0), 0u) << Error;
    return Error.substr(std::min(Error.size(), Path.size() + 2));
  }
};

TEST_F(LaunchFileTest, FullEntries) {
  std::string Path = write("launches.json", R"([
    {"case": "saxpy_big", "kernel": "saxpy", "grid": [65536, 1, 1],
     "block": [256, 1, 1], "smem": 0, "args": {"n": 16777216, "a": 2.0}},
    {"kernel": "matmul", "grid": [64, 64], "block": 256, "smem": "48*1024",
     "args": {"N": "1<<12", "alpha": 0.1, "A": null}},
    {"kernel": "stencil", "grid": "64x64x2", "block": ["1<<5", 8]}
  ])");
  std::vector<LaunchSpec> Out;
  std::string Error;
  ASSERT_TRUE(parseLaunchFile(Path, Out, Error)) << Error;
  ASSERT_EQ(Out.size(), 3u);

  EXPECT_EQ(Out[0].CaseName, "saxpy_big");
  EXPECT_EQ(Out[0].Kernel, "saxpy");
  EXPECT_EQ(Out[0].Source, LaunchSource::LaunchFile);
  EXPECT_EQ(Out[0].Grid, optionDims(65536, 1, 1));
  EXPECT_EQ(Out[0].Block, optionDims(256, 1, 1));
  EXPECT_EQ(Out[0].DynamicSmem, Rational(0));
  EXPECT_EQ(Out[0].Args.at("n"), Rational(16777216));
  EXPECT_EQ(Out[0].Args.at("a"), Rational(2));

  EXPECT_EQ(Out[1].CaseName, "matmul#1");
  EXPECT_EQ(Out[1].Grid, optionDims(64, 64, 1));
  EXPECT_EQ(Out[1].Block, optionDims(256, 1, 1));
  EXPECT_EQ(Out[1].DynamicSmem, Rational(49152));
  EXPECT_EQ(Out[1].Args.at("N"), Rational(4096));
  EXPECT_EQ(Out[1].Args.at("alpha"), Rational(1, 10)); // Exact, not binary.
  EXPECT_EQ(Out[1].Args.count("A"), 0u);

  EXPECT_EQ(Out[2].CaseName, "stencil#2");
  EXPECT_EQ(Out[2].Grid, optionDims(64, 64, 2));
  EXPECT_EQ(Out[2].Block, optionDims(32, 8, 1));
  EXPECT_EQ(Out[2].DynamicSmem, Rational(0));
  EXPECT_TRUE(Out[2].Args.empty());
}

TEST_F(LaunchFileTest, AppendsToOut) {
  std::string Path =
      write("l.json", R"([{"kernel": "k", "grid": 1, "block": 1}])");
  std::vector<LaunchSpec> Out(2);
  std::string Error;
  ASSERT_TRUE(parseLaunchFile(Path, Out, Error)) << Error;
  ASSERT_EQ(Out.size(), 3u);
  EXPECT_EQ(Out[2].CaseName, "k#0");
  ASSERT_TRUE(parseLaunchFile(write("e.json", "[]"), Out, Error)) << Error;
  EXPECT_EQ(Out.size(), 3u);
}

TEST_F(LaunchFileTest, FieldErrorsNameEntryAndField) {
  const std::string Ok = R"({"kernel": "k", "grid": 1, "block": 1})";
  EXPECT_EQ(errorFor("[" + Ok + "," + Ok + R"(, {"kernel": "k", "grid": 1,
                      "block": true}])"),
            "entry 2: \"block\" must be a positive integer or an array of 1-3 "
            "of them");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": []}])"),
            "entry 0: \"block\" must be a positive integer or an array of 1-3 "
            "of them");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": [1,2,3,4]}])"),
            "entry 0: \"block\" must be a positive integer or an array of 1-3 "
            "of them");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": [4, 0], "block": 1}])"),
            "entry 0: \"grid\"[1] must be a positive integer, got 0");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1.5, "block": 1}])"),
            "entry 0: \"grid\" must be a positive integer, got 3/2");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": "4x0", "block": 1}])"),
            "entry 0: \"grid\".y must be a positive integer, got 0");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "block": 1}])"),
            "entry 0: missing \"grid\"");
  EXPECT_EQ(errorFor(R"([{"grid": 1, "block": 1}])"),
            "entry 0: \"kernel\" must be a non-empty string (the kernel's "
            "name)");
  EXPECT_EQ(errorFor(R"([{"kernel": "", "grid": 1, "block": 1}])"),
            "entry 0: \"kernel\" must be a non-empty string (the kernel's "
            "name)");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1, "smem": -4}])"),
            "entry 0: \"smem\" must be a non-negative integer (bytes), got -4");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1,
                         "args": {"n": "n+1"}}])"),
            "entry 0: \"args\".\"n\": 'n+1': 'n' is a name, not a number, at "
            "column 1; expected a constant (numbers, + - * / % << >> and "
            "parentheses)");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1,
                         "args": {"n": 18446744073709551615}}])"),
            "entry 0: \"args\".\"n\": 18446744073709551615 does not fit in 64 "
            "bits");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1,
                         "args": {"n": true}}])"),
            "entry 0: \"args\".\"n\": expected a number or a string with a "
            "constant expression, found boolean");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1,
                         "args": [1]}])"),
            "entry 0: \"args\" must be an object of parameter name to value");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1,
                         "args": {"not a name": 1}}])"),
            "entry 0: \"args\".\"not a name\": not a parameter name");
}

TEST_F(LaunchFileTest, StructureErrors) {
  EXPECT_EQ(errorFor(R"({"kernel": "k"})"),
            "expected a JSON array of launches, found object");
  EXPECT_EQ(errorFor("[3]"), "entry 0: expected an object, found number");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "gird": 1, "block": 1}])"),
            "entry 0: unknown key \"gird\" (did you mean \"grid\"?); expected "
            "one of case, kernel, grid, block, smem, args");
  EXPECT_EQ(errorFor(R"([{"kernel": "k", "grid": 1, "block": 1, "x": 1}])"),
            "entry 0: unknown key \"x\"; expected one of case, kernel, grid, "
            "block, smem, args");
  EXPECT_EQ(errorFor(R"([{"case": "c", "kernel": "k", "grid": 1, "block": 1},
                         {"case": "c", "kernel": "j", "grid": 2, "block": 1}
                        ])"),
            "entry 1: case \"c\" is also entry 0");
  std::string E = errorFor("[{\"kernel\": \"k\",\n \"grid\": 1,, }]");
  EXPECT_NE(E.find("parse error at line 2, column"), std::string::npos) << E;
  EXPECT_EQ(E.find("[json.exception"), std::string::npos) << E;
  EXPECT_NE(errorFor("").find("parse error"), std::string::npos);
}

TEST_F(LaunchFileTest, MissingFile) {
  std::vector<LaunchSpec> Out;
  std::string Error;
  EXPECT_FALSE(parseLaunchFile(Dir + "/absent.json", Out, Error));
  EXPECT_NE(Error.find("absent.json: cannot read"), std::string::npos) << Error;
  EXPECT_FALSE(parseLaunchFile(Dir, Out, Error));
  EXPECT_NE(Error.find("cannot read"), std::string::npos) << Error;
}

} // namespace
