//===- MetricTest.cpp - The report's names of the launch totals ----------===//
#include "analyzer/ir/Metric.h"
#include "analyzer/ir/KernelModel.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace rla;

TEST(MetricTest, KeysAreDistinctAndReadBack) {
  std::set<std::string> Seen;
  for (Metric M : allMetrics()) {
    std::string Key = metricKey(M);
    EXPECT_TRUE(Seen.insert(Key).second) << Key;
    EXPECT_EQ(metricFromKey(Key), M) << Key;
  }
  EXPECT_EQ(Seen.size(), NumMetrics);
  EXPECT_FALSE(metricFromKey("no_such_key").has_value());
}

TEST(MetricTest, PrecisionsNameTheirMetrics) {
  for (unsigned P = 0; P < NumPrecisions; ++P)
    EXPECT_EQ(std::string(metricKey(flopsMetric(Precision(P)))),
              std::string("flops_") + precisionName(Precision(P)));
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    EXPECT_EQ(std::string(metricKey(tensorFlopsMetric(TensorPrecision(P)))),
              std::string("tensor_flops_") +
                  tensorPrecisionName(TensorPrecision(P)));
}

TEST(MetricTest, ScalarFieldsAreTheirMetrics) {
  // In the order the JSON report lists them (docs/json-format.md).
  const auto &Fields = CostVector::scalarFields();
  ASSERT_FALSE(Fields.empty());
  EXPECT_STREQ(metricKey(Fields.front().first), "sfu_ops");
  EXPECT_STREQ(metricKey(Fields.back().first), "texture_fetches");
}
