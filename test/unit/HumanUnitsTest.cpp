//===- HumanUnitsTest.cpp -------------------------------------------------===//
#include "analyzer/support/HumanUnits.h"

#include <gtest/gtest.h>

#include <limits>

using namespace rla;

namespace {

TEST(HumanUnitsTest, Significant) {
  EXPECT_EQ(formatSignificant(1.0 / 6), "0.167");
  EXPECT_EQ(formatSignificant(20), "20.0");
  EXPECT_EQ(formatSignificant(106.02), "106");
  EXPECT_EQ(formatSignificant(9.996), "10.0");
  EXPECT_EQ(formatSignificant(0), "0");
  EXPECT_EQ(formatSignificant(-0.25), "-0.250");
  EXPECT_EQ(formatSignificant(1.5e-6), "1.50e-06");
  EXPECT_EQ(formatSignificant(std::numeric_limits<double>::infinity()), "inf");
}

TEST(HumanUnitsTest, SiPrefixes) {
  EXPECT_EQ(formatSi(512), "512");
  EXPECT_EQ(formatSi(0.5), "0.500");
  EXPECT_EQ(formatSi(33554432), "33.6M");
  EXPECT_EQ(formatSi(134217728), "134M");
  EXPECT_EQ(formatSi(1024), "1.02K");
  EXPECT_EQ(formatSi(999700), "1.00M");
  EXPECT_EQ(formatSi(144e9, "FLOP/s"), "144 GFLOP/s");
  EXPECT_EQ(formatSi(12, "B"), "12 B");
}

TEST(HumanUnitsTest, Grouped) {
  EXPECT_EQ(formatGrouped(33554432), "33,554,432");
  EXPECT_EQ(formatGrouped(999), "999");
  EXPECT_EQ(formatGrouped(-1000), "-1,000");
  EXPECT_EQ(formatGrouped(0.5), "0.500");
  EXPECT_EQ(formatGrouped(1e17), "100P");
}

TEST(HumanUnitsTest, Durations) {
  EXPECT_EQ(formatDuration(366.3e-9), "366 ns");
  EXPECT_EQ(formatDuration(233.02e-6), "233 us");
  EXPECT_EQ(formatDuration(1.0016e-6), "1.00 us");
  EXPECT_EQ(formatDuration(999.7e-9), "1.00 us");
  EXPECT_EQ(formatDuration(1.5e-3), "1.50 ms");
  EXPECT_EQ(formatDuration(2), "2.00 s");
  EXPECT_EQ(formatDuration(4000), "4000 s");
  EXPECT_EQ(formatDuration(0.5e-9), "0.500 ns");
  EXPECT_EQ(formatDuration(0), "0 s");
}

TEST(HumanUnitsTest, Ranges) {
  auto F = [](double X) { return formatSi(X); };
  EXPECT_EQ(formatRange(3, 3, F), "3");
  EXPECT_EQ(formatRange(0, 67108864, F), "0 .. 67.1M");
}

} // namespace
