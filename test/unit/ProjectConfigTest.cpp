//===- ProjectConfigTest.cpp - .rl-analyze.json ---------------------------===//
#include "analyzer/driver/ProjectConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace rla;

namespace {

const char *const NoSearchVar = "RL_ANALYZE_NO_CONFIG_SEARCH";

class ProjectConfigTest : public ::testing::Test {
protected:
  std::string Dir;
  std::optional<std::string> SavedNoSearch;

  void SetUp() override {
    // The search tests need the search on, whatever the caller's setting.
    if (const char *V = std::getenv(NoSearchVar))
      SavedNoSearch = V;
    unsetenv(NoSearchVar);
    const char *Tmp = std::getenv("TMPDIR");
    std::string Template =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/rla-config-XXXXXX";
    ASSERT_NE(mkdtemp(Template.data()), nullptr);
    // Canonical, so that paths found by the search compare equal.
    llvm::SmallString<256> Real;
    ASSERT_FALSE(llvm::sys::fs::real_path(Template, Real));
    Dir = std::string(Real);
  }

  void TearDown() override {
    llvm::sys::fs::remove_directories(Dir);
    if (SavedNoSearch)
      setenv(NoSearchVar, SavedNoSearch->c_str(), 1);
    else
      unsetenv(NoSearchVar);
  }

  std::string write(const std::string &RelPath, const std::string &Text) {
    std::string Path = Dir + "/" + RelPath;
    llvm::sys::fs::create_directories(llvm::StringRef(Path).rsplit('/').first);
    std::ofstream(Path) << Text;
    return Path;
  }

  /// The error for a config holding Text, without the leading "PATH: ".
  std::string errorFor(const std::string &Text) {
    std::string Path = write(".rl-analyze.json", Text);
    ProjectConfig Config;
    Config.Gpus = {"unchanged"};
    std::string Error;
    EXPECT_FALSE(loadProjectConfig(Path, Config, Error)) << Text;
    EXPECT_EQ(Config.Gpus, std::vector<std::string>{"unchanged"});
    EXPECT_EQ(Error.rfind(Path + ": ", 0), 0u) << Error;
    return Error.substr(std::min(Error.size(), Path.size() + 2));
  }
};

TEST_F(ProjectConfigTest, FindsNearestConfigUpwards) {
  std::string Top = write("proj/.rl-analyze.json", "{}");
  write("proj/src/deep/k.cu", "");
  EXPECT_EQ(findProjectConfig(Dir + "/proj/src/deep/k.cu"), Top);
  // The input need not exist; its directory is where the search starts.
  EXPECT_EQ(findProjectConfig(Dir + "/proj/src/deep/absent.cu"), Top);
  EXPECT_EQ(findProjectConfig(Dir + "/proj/src/../src/deep/k.cu"), Top);

  std::string Near = write("proj/src/.rl-analyze.json", "{}");
  EXPECT_EQ(findProjectConfig(Dir + "/proj/src/deep/k.cu"), Near);
  EXPECT_EQ(findProjectConfig(Dir + "/proj/k.cu"), Top);
}

TEST_F(ProjectConfigTest, SearchStopsAtRoot) {
  write("lone/k.cu", "");
  std::optional<std::string> Found = findProjectConfig(Dir + "/lone/k.cu");
  // Only a stray config above the temporary directory can be found.
  if (Found) {
    EXPECT_EQ(Found->find(Dir), std::string::npos) << *Found;
  }
}

TEST_F(ProjectConfigTest, EnvironmentDisablesSearch) {
  write("proj/.rl-analyze.json", "{}");
  setenv(NoSearchVar, "1", 1);
  EXPECT_EQ(findProjectConfig(Dir + "/proj/k.cu"), std::nullopt);
  setenv(NoSearchVar, "0", 1);
  EXPECT_NE(findProjectConfig(Dir + "/proj/k.cu"), std::nullopt);
}

TEST_F(ProjectConfigTest, LoadsEveryKey) {
  std::string Path = write("proj/.rl-analyze.json", R"({
    "gpu": ["L40S", "H100"],
    "bind": {"n": 16777216, "N": "1<<12", "alpha": 0.5},
    "flags": ["-DTILE=32", "-Iinclude", "-I", "../third", "-I/abs/inc",
              "-isystem", "sys", "-include", "pre.h", "-std=c++17"],
    "launches": "cases/launches.json"
  })");
  ProjectConfig C;
  std::string Error;
  ASSERT_TRUE(loadProjectConfig(Path, C, Error)) << Error;
  EXPECT_EQ(C.Path, Path);
  EXPECT_EQ(C.Gpus, (std::vector<std::string>{"L40S", "H100"}));
  ASSERT_EQ(C.Binds.size(), 3u);
  EXPECT_EQ(C.Binds[0].first, "n"); // File order.
  EXPECT_EQ(C.Binds[0].second, Rational(16777216));
  EXPECT_EQ(C.Binds[1].first, "N");
  EXPECT_EQ(C.Binds[1].second, Rational(4096));
  EXPECT_EQ(C.Binds[2].second, Rational(1, 2));
  std::string P = Dir + "/proj/";
  EXPECT_EQ(C.Flags, (std::vector<std::string>{
                         "-DTILE=32", "-I" + P + "include", "-I",
                         Dir + "/third", "-I/abs/inc", "-isystem", P + "sys",
                         "-include", P + "pre.h", "-std=c++17"}));
  EXPECT_EQ(C.LaunchFile, P + "cases/launches.json");
}

TEST_F(ProjectConfigTest, SingleGpuAndDefaults) {
  std::string Path = write(".rl-analyze.json", R"({"gpu": "L40S"})");
  ProjectConfig C;
  std::string Error;
  ASSERT_TRUE(loadProjectConfig(Path, C, Error)) << Error;
  EXPECT_EQ(C.Gpus, std::vector<std::string>{"L40S"});
  EXPECT_TRUE(C.Binds.empty());
  EXPECT_TRUE(C.Flags.empty());
  EXPECT_TRUE(C.LaunchFile.empty());

  Path = write("b/.rl-analyze.json", R"({"launches": "/abs/l.json"})");
  ASSERT_TRUE(loadProjectConfig(Path, C, Error)) << Error;
  EXPECT_EQ(C.LaunchFile, "/abs/l.json");
}

TEST_F(ProjectConfigTest, Errors) {
  EXPECT_EQ(errorFor(R"({"gpus": "L40S"})"),
            "unknown key \"gpus\" (did you mean \"gpu\"?); expected one of "
            "gpu, bind, flags, launches, checks");
  EXPECT_EQ(errorFor(R"({"gpu": 4})"),
            "\"gpu\" must be a GPU name or a non-empty array of names");
  EXPECT_EQ(errorFor(R"({"gpu": []})"),
            "\"gpu\" must be a GPU name or a non-empty array of names");
  EXPECT_EQ(errorFor(R"({"gpu": ["L4", ""]})"),
            "\"gpu\" must be a GPU name or a non-empty array of names; "
            "element 1 is not");
  EXPECT_EQ(errorFor(R"({"bind": {"n": "1<<"}})"),
            "\"bind\".\"n\": '1<<': unexpected end of the value at column 4; "
            "expected a number or '('");
  EXPECT_EQ(errorFor(R"({"bind": {"2n": 1}})"),
            "\"bind\".\"2n\": not a name (expected an identifier such as n)");
  EXPECT_EQ(errorFor(R"({"bind": [1]})"),
            "\"bind\" must be an object of name to value");
  EXPECT_EQ(errorFor(R"({"flags": "-DX"})"),
            "\"flags\" must be an array of strings");
  EXPECT_EQ(errorFor(R"({"flags": ["-DX", 3]})"),
            "\"flags\"[1] must be a string, found number");
  EXPECT_EQ(errorFor(R"({"launches": 3})"),
            "\"launches\" must be the path of a launch file");
  EXPECT_EQ(errorFor("[]"), "expected a JSON object, found array");
  EXPECT_NE(errorFor("{\"gpu\": }").find("parse error at line 1"),
            std::string::npos);
}

TEST_F(ProjectConfigTest, MissingFile) {
  ProjectConfig C;
  std::string Error;
  EXPECT_FALSE(loadProjectConfig(Dir + "/none.json", C, Error));
  EXPECT_NE(Error.find("none.json: cannot read"), std::string::npos) << Error;
}

} // namespace
