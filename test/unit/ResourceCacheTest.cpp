//===- ResourceCacheTest.cpp - Cache keys, storage, local includes --------===//
#include "analyzer/resources/ResourceCache.h"
#include "analyzer/driver/ByteSize.h"
#include "analyzer/resources/NvccResourceCompiler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

class ScratchDir {
public:
  ScratchDir() { llvm::sys::fs::createUniqueDirectory("rla-cache-test", Path); }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Path); }
  std::string path() const { return std::string(Path); }
  std::string write(const std::string &Name, const std::string &Text) const {
    std::string File = path() + "/" + Name;
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << Text;
    return File;
  }

private:
  llvm::SmallString<128> Path;
};

TEST(ResourceCache, KeysSeparateTheirParts) {
  EXPECT_NE(ResourceCache::keyOf({"ab", "c"}),
            ResourceCache::keyOf({"a", "bc"}));
  EXPECT_EQ(ResourceCache::keyOf({"a", "b"}), ResourceCache::keyOf({"a", "b"}));
  EXPECT_EQ(ResourceCache::keyOf({"x"}).size(), 40u);
}

TEST(ResourceCache, StoresAndLoads) {
  ScratchDir D;
  ResourceCache C(D.path() + "/nested");
  std::string Key = ResourceCache::keyOf({"file", "sm_90"});
  EXPECT_FALSE(C.load(Key));
  C.store(Key, "ptxas info    : Used 3 registers\n");
  ASSERT_TRUE(C.load(Key));
  EXPECT_EQ(*C.load(Key), "ptxas info    : Used 3 registers\n");
}

TEST(NvccFlags, KeepsWhatChangesTheDeviceCode) {
  std::vector<std::string> In = {"-x",
                                 "cuda",
                                 "--cuda-host-only",
                                 "-resource-dir=/r",
                                 "-Iinc",
                                 "-isystem",
                                 "/sys",
                                 "-DN=4",
                                 "-U",
                                 "X",
                                 "-std=c++17",
                                 "-include",
                                 "pre.h",
                                 "-working-directory=/proj",
                                 "-nostdlibinc"};
  std::vector<std::string> Out = nvccFlagsFromParseFlags(In);
  std::vector<std::string> Expected = {
      "-I/proj/inc", "-isystem",   "/sys",     "-DN=4",
      "-UX",         "-std=c++17", "-include", "/proj/pre.h"};
  EXPECT_EQ(Out, Expected);
}

TEST(ByteSize, Units) {
  std::string Error;
  EXPECT_EQ(parseByteSize("0", Error), 0u);
  EXPECT_EQ(parseByteSize("49152", Error), 49152u);
  EXPECT_EQ(parseByteSize("40K", Error), 40960u);
  EXPECT_EQ(parseByteSize("48 KiB", Error), 49152u);
  EXPECT_EQ(parseByteSize("1MB", Error), 1048576u);
  EXPECT_FALSE(parseByteSize("K", Error));
  EXPECT_FALSE(parseByteSize("-1", Error));
  EXPECT_FALSE(parseByteSize("12Q", Error));
  EXPECT_NE(Error.find("unknown unit"), std::string::npos);
  EXPECT_FALSE(parseByteSize("99999999999999999999999", Error));
}

} // namespace
