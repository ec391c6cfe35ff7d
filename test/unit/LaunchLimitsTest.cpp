//===- LaunchLimitsTest.cpp - Launch dimensions CUDA accepts --------------===//
#include "analyzer/models/LaunchLimits.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

LaunchDims dims(int64_t X, int64_t Y, int64_t Z) {
  return {Rational(X), Rational(Y), Rational(Z)};
}

TEST(LaunchLimits, AcceptsWhatCudaAccepts) {
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(1, 1, 1)), "");
  EXPECT_EQ(
      launchLimitViolations(dims(2147483647, 65535, 65535), dims(1024, 1, 1)),
      "");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(1, 1024, 1)), "");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(16, 1, 64)), "");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(32, 32, 1)), "");
}

TEST(LaunchLimits, EachLimit) {
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(32, 32, 2)),
            "a block of 32x32x2 = 2048 threads exceeds CUDA's limit of 1024 "
            "threads per block");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(1, 1, 65)),
            "blockDim.z = 65 exceeds CUDA's limit of 64");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(1, 1025, 1)),
            "blockDim.y = 1025 exceeds CUDA's limit of 1024");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), dims(32, 1, 128)),
            "blockDim.z = 128 exceeds CUDA's limit of 64; a block of 32x1x128 "
            "= 4096 threads exceeds CUDA's limit of 1024 threads per block");
  EXPECT_EQ(launchLimitViolations(dims(int64_t(1) << 31, 1, 1), dims(1, 1, 1)),
            "gridDim.x = 2147483648 exceeds CUDA's limit of 2147483647 "
            "(2^31 - 1)");
  EXPECT_EQ(launchLimitViolations(dims(1, 65536, 1), dims(1, 1, 1)),
            "gridDim.y = 65536 exceeds CUDA's limit of 65535");
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 65536), dims(1, 1, 1)),
            "gridDim.z = 65536 exceeds CUDA's limit of 65535");
}

TEST(LaunchLimits, UnknownDimensionsPass) {
  LaunchDims Unknown = {std::nullopt, std::nullopt, std::nullopt};
  EXPECT_EQ(launchLimitViolations(Unknown, Unknown), "");
  // The known part of the block is already too large.
  LaunchDims Block = {Rational(64), Rational(32), std::nullopt};
  EXPECT_EQ(launchLimitViolations(Unknown, Block),
            "a block of 64x32x? >= 2048 threads exceeds CUDA's limit of 1024 "
            "threads per block");
  // Values the binder rejects itself (zero, negative) are not counted here.
  EXPECT_EQ(launchLimitViolations(dims(0, -1, 1), dims(0, 1, 1)), "");
}

TEST(LaunchLimits, HugeBlocksDoNotOverflow) {
  Rational Big(int64_t(1) << 62);
  EXPECT_EQ(launchLimitViolations(dims(1, 1, 1), {Big, Big, Big}),
            "blockDim.x = 4611686018427387904 exceeds CUDA's limit of 1024; "
            "blockDim.y = 4611686018427387904 exceeds CUDA's limit of 1024; "
            "blockDim.z = 4611686018427387904 exceeds CUDA's limit of 64");
  EXPECT_NE(
      launchLimitViolations(dims(1, 1, 1), {Rational(4), Rational(4), Big})
          .find("4x4x4611686018427387904 = 73786976294838206464 threads"),
      std::string::npos);
}

} // namespace
