//===- LibraryCallCostTest.cpp - Library operations on one GPU ------------===//
#include "analyzer/models/LibraryCallCost.h"
#include "analyzer/hw/GpuDatabase.h"
#include "ModelFixtures.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

const GpuSpec &h100() {
  return *fixtures::databaseGpu("H100");
}

LibraryCall gemm(const char *Precision, bool Tensor, unsigned In,
                 unsigned Out) {
  LibraryCall C;
  C.What = LibraryCall::Gemm;
  C.M = C.N = C.K = Rational(4096);
  C.Precision = Precision;
  C.Tensor = Tensor;
  C.InputBytes = In;
  C.OutputBytes = Out;
  return C;
}

TEST(LibraryCallCost, GemmOnItsRoof) {
  LibraryCallCost S = priceLibraryCall(gemm("fp32", false, 4, 4), h100());
  ASSERT_TRUE(S.Time.has_value());
  EXPECT_DOUBLE_EQ(*S.Flops, 2.0 * 4096 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(*S.Bytes, 16.0 * 4096 * 4096); // A, B; C twice
  EXPECT_EQ(S.Roof, "fp32");
  EXPECT_EQ(S.Bound, "compute");
  EXPECT_DOUBLE_EQ(*S.Time, *S.Flops / 67e12);
  LibraryCallCost B = priceLibraryCall(gemm("bf16", true, 2, 4), h100());
  EXPECT_EQ(B.Roof, "tensor bf16");
  EXPECT_DOUBLE_EQ(*B.Time, *B.Flops / 989e12);
}

TEST(LibraryCallCost, CopiesAndFills) {
  LibraryCall C;
  C.What = LibraryCall::Copy;
  C.Bytes = Rational(1 << 20);
  C.Direction = "device-to-device";
  LibraryCallCost D = priceLibraryCall(C, h100());
  EXPECT_DOUBLE_EQ(*D.Bytes, 2.0 * (1 << 20));
  EXPECT_DOUBLE_EQ(*D.Time, 2.0 * (1 << 20) / 3.35e12);
  // PCIe Gen5: 64 GB/s each way.
  C.Direction = "host-to-device";
  LibraryCallCost H = priceLibraryCall(C, h100());
  ASSERT_TRUE(H.Time.has_value());
  EXPECT_DOUBLE_EQ(*H.Time, (1 << 20) / 64e9);
  EXPECT_EQ(H.Bound, "host-link");
  GpuSpec NoLink = h100();
  NoLink.HostLinkBandwidth.reset();
  H = priceLibraryCall(C, NoLink);
  EXPECT_FALSE(H.Time.has_value());
  EXPECT_EQ(H.Why, note(NoteId::NoHostLinkBandwidth, {{"gpu", NoLink.Name}}));
  C.What = LibraryCall::Fill;
  C.Direction = "device";
  EXPECT_DOUBLE_EQ(*priceLibraryCall(C, h100()).Time, (1 << 20) / 3.35e12);
}

TEST(LibraryCallCost, UnknownSizesHaveNoCost) {
  LibraryCall C = gemm("fp32", false, 4, 4);
  C.K.reset();
  LibraryCallCost G = priceLibraryCall(C, h100());
  EXPECT_FALSE(G.Flops.has_value());
  EXPECT_FALSE(G.Time.has_value());
}

} // namespace
