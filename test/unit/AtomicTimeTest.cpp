//===- AtomicTimeTest.cpp - Global atomics at measured rates --------------===//
#include "analyzer/models/AtomicTime.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// Integer rates on 1 and 4096 addresses, and one float address's.
GpuSpec gpuWithRates() {
  GpuSpec G;
  G.AtomicIntervals = {{1, {0.73e-9, "int, one address"}},
                       {4096, {0.03e-9, "int, 4096 addresses"}}};
  G.FloatAtomicInterval = SourcedValue{1.77e-9, "float, one address"};
  return G;
}

TEST(AtomicTime, FloatUpdatesOfOneAddressGoAtTheFloatInterval) {
  GpuSpec G = gpuWithRates();
  // One atomicAdd per block on one float: 131072 of them one after another.
  EXPECT_DOUBLE_EQ(*atomicSiteTime(G, 131072, 1, false, true),
                   131072 * 1.77e-9);
  // The same updates of an int go at the integer interval.
  EXPECT_DOUBLE_EQ(*atomicSiteTime(G, 131072, 1, false, false),
                   131072 * 0.73e-9);
}

TEST(AtomicTime, SpreadFloatUpdatesKeepTheMeasuredRate) {
  GpuSpec G = gpuWithRates();
  // 4096 addresses: 32 updates each in series (57 ns) is less than the
  // measured rate over all of them.
  double Time = *atomicSiteTime(G, 131072, 4096, false, true);
  EXPECT_DOUBLE_EQ(Time, 131072 * 0.03e-9);
}

TEST(AtomicTime, NoFloatRateFallsBackToTheTable) {
  GpuSpec G = gpuWithRates();
  G.FloatAtomicInterval.reset();
  EXPECT_DOUBLE_EQ(*atomicSiteTime(G, 1000, 1, false, true), 1000 * 0.73e-9);
}

} // namespace
