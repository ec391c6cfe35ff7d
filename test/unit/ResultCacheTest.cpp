//===- ResultCacheTest.cpp ------------------------------------------------===//
#include "analyzer/driver/ResultCache.h"
#include "analyzer/driver/CacheContext.h"
#include "analyzer/driver/CompileDbFiles.h"
#include "analyzer/support/FileDependencies.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace rla;

namespace {

class CacheDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("rla-cache-test", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string path(const char *Name) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return P.str().str();
  }
  void write(const char *Name, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  llvm::SmallString<256> Dir;
};

using ResultCacheTest = CacheDirTest;

/// Outputs as an analysis gives them: a report with a kernel, and text.
FileOutputs reportOutputs() {
  FileOutputs Out;
  Out.Json = "{\"tool\": \"rl-analyze\", \"kernels\": [{\"name\": \"k\"}]}\n";
  Out.Text = "text";
  Out.TextColor = "colour";
  Out.Diagnostics = "diag";
  return Out;
}
using CompileDbFilesTest = CacheDirTest;

TEST_F(ResultCacheTest, StoresAndFindsUntilAHeaderChanges) {
  write("k.cu", "#include \"k.h\"\n");
  write("k.h", "#define N 4\n");
  ResultCache Cache(path("cache"));
  std::string Key = Cache.key(path("k.cu"), "options");
  ASSERT_FALSE(Key.empty());
  EXPECT_FALSE(Cache.lookup(Key));

  FileOutputs Out = reportOutputs();
  Out.Dependencies = {path("k.h")};
  std::string Error;
  ASSERT_TRUE(Cache.store(Key, Out, Error)) << Error;
  std::optional<FileOutputs> Hit = Cache.lookup(Key);
  ASSERT_TRUE(Hit);
  EXPECT_EQ(Hit->Json, Out.Json);
  EXPECT_EQ(Hit->TextColor, "colour");
  EXPECT_EQ(Hit->Dependencies, Out.Dependencies);

  write("k.h", "#define N 8\n");
  EXPECT_FALSE(Cache.lookup(Key));
}

TEST_F(ResultCacheTest, AHeaderCreatedWhereAnIncludeLooksFirstIsAMiss) {
  write("k.cu", "#include \"h.h\"\n");
  ResultCache Cache(path("cache"));
  std::string Key = Cache.key(path("k.cu"), "options");
  FileOutputs Out = reportOutputs();
  Out.AbsentIncludes = {path("h.h")}; // found in an -I directory instead
  std::string Error;
  ASSERT_TRUE(Cache.store(Key, Out, Error)) << Error;
  ASSERT_TRUE(Cache.lookup(Key));
  EXPECT_EQ(Cache.lookup(Key)->AbsentIncludes, Out.AbsentIncludes);
  write("h.h", "#define N 8\n");
  EXPECT_FALSE(Cache.lookup(Key));
}

TEST(FileDependencies, MakeRulesAsNvccWritesThem) {
  std::string Text = "a.cubin : a.cu \\\n    /inc/h.h \\\n"
                     "    /with\\ space/x.h\n\n/inc/h.h:\n";
  std::vector<std::string> Expected = {"a.cu", "/inc/h.h", "/with space/x.h"};
  EXPECT_EQ(parseMakeDependencies(Text), Expected);
  EXPECT_TRUE(parseMakeDependencies("").empty());
}

TEST_F(ResultCacheTest, KeyCoversContentContextAndPath) {
  write("a.cu", "one");
  ResultCache Cache(path("cache"));
  std::string A = Cache.key(path("a.cu"), "x");
  EXPECT_NE(A, Cache.key(path("a.cu"), "y"));
  write("a.cu", "two");
  EXPECT_NE(A, Cache.key(path("a.cu"), "x"));
  write("b.cu", "two");
  EXPECT_NE(Cache.key(path("a.cu"), "x"), Cache.key(path("b.cu"), "x"));
  EXPECT_EQ(Cache.key(path("missing.cu"), "x"), "");
}

TEST_F(ResultCacheTest, DamagedEntryIsAMiss) {
  write("a.cu", "one");
  ResultCache Cache(path("cache"));
  std::string Key = Cache.key(path("a.cu"), "x");
  std::string Error;
  ASSERT_TRUE(Cache.store(Key, reportOutputs(), Error));
  ASSERT_TRUE(Cache.lookup(Key));
  llvm::SmallString<256> Entry(path("cache"));
  llvm::sys::path::append(Entry, Key + ".json");
  auto Damage = [&](const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream(Entry, EC) << Text;
  };
  const std::string Fields =
      R"("dependencies": {"files": [], "absent": []}, "text": "t",
      "text_color": "t", "diagnostics": "")";
  for (const std::string &Text :
       {std::string("{\"format\": 4, \"json\": 3}"), std::string("[1]"),
        std::string("null"), std::string("{\"format\": \"1\"}"),
        "{\"format\": 4, \"exit\": \"0\", \"json\": \"{}\", " + Fields + "}",
        "{\"format\": 4, \"exit\": 0, \"json\": \"not json\", " + Fields + "}",
        "{\"format\": 4, \"exit\": 0, \"json\": \"{}\", " + Fields + "}",
        // A form that is neither text nor null.
        std::string("{\"format\": 4, \"exit\": 0, \"json\": null, \"text\": 5, "
                    "\"text_color\": null, \"diagnostics\": null, "
                    "\"dependencies\": {\"files\": [], \"absent\": []}}"),
        "{\"format\": 4, \"exit\": 2, \"json\": " +
            nlohmann::json(*reportOutputs().Json).dump() + ", " + Fields + "}",
        "{\"format\": 4, \"exit\": 0, \"json\": " +
            nlohmann::json(*reportOutputs().Json).dump() +
            ", \"dependencies\": {\"files\": [null], \"absent\": []}, "
            "\"text\": \"t\", \"text_color\": "
            "\"t\", \"diagnostics\": \"\"}"}) {
    Damage(Text);
    EXPECT_FALSE(Cache.lookup(Key)) << Text;
  }
  // The same fields, whole, are served.
  Damage("{\"format\": 4, \"exit\": 0, \"error_findings\": 0, "
         "\"input_error_findings\": 0, \"json\": " +
         nlohmann::json(*reportOutputs().Json).dump() + ", " + Fields + "}");
  EXPECT_TRUE(Cache.lookup(Key));
}

TEST(ResultCache, UsableReports) {
  FileOutputs Out = reportOutputs();
  EXPECT_TRUE(isUsableReport(Out));
  Out.Exit = 2;
  EXPECT_FALSE(isUsableReport(Out));
  Out = reportOutputs();
  Out.Text->clear();
  EXPECT_FALSE(isUsableReport(Out));
  // Only the forms a run asked for are kept: one is enough, none is not.
  FileOutputs JsonOnly;
  JsonOnly.Json = reportOutputs().Json;
  EXPECT_TRUE(isUsableReport(JsonOnly));
  FileOutputs DiagnosticsOnly;
  DiagnosticsOnly.Diagnostics = "";
  EXPECT_TRUE(isUsableReport(DiagnosticsOnly));
  EXPECT_FALSE(isUsableReport(FileOutputs{}));
  Out = reportOutputs();
  Out.Json = "{\"tool\": \"rl-analyze\", \"kernels\": {}}";
  EXPECT_FALSE(isUsableReport(Out));
  Out.Json = "{\"tool\": \"rl-analyze\", \"kernels\": [3]}";
  EXPECT_FALSE(isUsableReport(Out));
  Out.Json = "{\"tool\": \"rl-analyze\", \"kernels\": [";
  EXPECT_FALSE(isUsableReport(Out));
}

TEST_F(CompileDbFilesTest, ListsCudaEntriesOnce) {
  write("compile_commands.json", R"([
    {"directory": "/src", "file": "a.cu", "command": "nvcc -c a.cu"},
    {"directory": "/src", "file": "/src/a.cu", "command": "nvcc -c a.cu -G"},
    {"directory": "/src", "file": "b.cpp", "arguments": ["nvcc", "-x", "cu", "-c", "b.cpp"]},
    {"directory": "/src", "file": "c.cpp", "command": "c++ -c c.cpp"},
    {"directory": "/src", "file": "sub/../d.cuh", "command": "clang++ -c d.cuh"},
    {"directory": "/src", "file": "e.cpp", "command": "nvcc '-x'  \"cu\" -c e.cpp"}
  ])");
  std::vector<std::string> Files;
  std::string Error;
  ASSERT_TRUE(listCudaSources(Dir.str().str(), Files, Error)) << Error;
  EXPECT_EQ(Files, (std::vector<std::string>{"/src/a.cu", "/src/b.cpp",
                                             "/src/d.cuh", "/src/e.cpp"}));
}

TEST_F(CompileDbFilesTest, MissingOrMalformedDatabase) {
  std::vector<std::string> Files;
  std::string Error;
  EXPECT_FALSE(listCudaSources(Dir.str().str(), Files, Error));
  EXPECT_NE(Error.find("no compile_commands.json"), std::string::npos);
  write("compile_commands.json", "{\"not\": \"an array\"}");
  EXPECT_FALSE(listCudaSources(Dir.str().str(), Files, Error));
  write("compile_commands.json", "[{\"directory\": \"/src\"}]");
  EXPECT_FALSE(listCudaSources(Dir.str().str(), Files, Error));
  EXPECT_NE(Error.find("\"file\""), std::string::npos);
}

} // namespace

namespace {

std::string context(std::vector<std::string> Options,
                    std::vector<std::string> Flags = {}) {
  CacheContextInputs In;
  In.ToolIdentity = "tool";
  In.Options = std::move(Options);
  In.CompilerFlags = std::move(Flags);
  In.Inputs = {"k.cu"};
  return cacheContext(In);
}

TEST(CacheContext, ResultOptionsCountPresentationOptionsDoNot) {
  std::string Base = context({"k.cu", "--gpu=H100"});
  EXPECT_EQ(Base, context({"k.cu", "--gpu=H100", "-j2", "--format=json"}));
  EXPECT_EQ(Base, context({"-j", "4", "k.cu", "--gpu=H100", "--verbose",
                           "--cache-dir", "/c", "--fail-on", "warning",
                           "--baseline", "b.json", "--no-cache", "--all"}));
  EXPECT_NE(Base, context({"k.cu", "--gpu=L40S"}));
  EXPECT_NE(Base, context({"k.cu", "--gpu=H100", "--bind", "n=4"}));
  // Flags after "--" change the parse.
  EXPECT_NE(Base, context({"k.cu", "--gpu=H100"}, {"-DTILE=8"}));
  EXPECT_NE(context({"k.cu"}, {"-DTILE=4"}), context({"k.cu"}, {"-DTILE=8"}));
}

TEST(CacheContext, Tolerance) {
  double T = 0;
  EXPECT_TRUE(parseTolerance("5%", T));
  EXPECT_DOUBLE_EQ(T, 0.05);
  EXPECT_TRUE(parseTolerance("0.1", T));
  EXPECT_DOUBLE_EQ(T, 0.1);
  EXPECT_FALSE(parseTolerance("lots", T));
  EXPECT_FALSE(parseTolerance("-5%", T));
}

} // namespace
