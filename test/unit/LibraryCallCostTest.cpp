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
  // A GEMM launches a kernel: the floor adds to its work.
  EXPECT_DOUBLE_EQ(
      *priceLibraryCall(gemm("fp32", false, 4, 4), h100(), 2e-6).Time,
      2e-6 + *S.Flops / 67e12);
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

LibraryCall vector(const char *Operation, double N) {
  LibraryCall C;
  C.What = LibraryCall::Vector;
  C.Operation = Operation;
  C.N = Rational(static_cast<int64_t>(N));
  C.Stride = Rational(1);
  return C;
}

/// The DRAM time of a stream on the H100, as a kernel's is taken.
double streamTime(double Read, double Written) {
  return h100().dramTime(Read, Written).value_or((Read + Written) / 3.35e12);
}

TEST(LibraryCallCost, VectorOperationsStreamTheirVectors) {
  const double N = 1 << 20, Floor = 2e-6;
  LibraryCallCost Axpy = priceLibraryCall(vector("axpy", N), h100(), Floor);
  ASSERT_TRUE(Axpy.Time.has_value());
  EXPECT_DOUBLE_EQ(*Axpy.Flops, 2 * N);
  EXPECT_DOUBLE_EQ(*Axpy.ReadBytes, 8 * N); // x and y
  EXPECT_DOUBLE_EQ(*Axpy.WrittenBytes, 4 * N);
  EXPECT_EQ(Axpy.Launches, 1u);
  EXPECT_DOUBLE_EQ(*Axpy.Time, Floor + streamTime(8 * N, 4 * N));
  EXPECT_EQ(Axpy.Bound, "dram");
  // 8 MB of vectors fit the 50 MB L2: the written y is still there at the end.
  EXPECT_DOUBLE_EQ(*Axpy.DeferredWriteBytes, 4 * N);
  // A reduction ends in a second, one-block launch.
  LibraryCallCost Dot = priceLibraryCall(vector("dot", N), h100(), Floor);
  EXPECT_EQ(Dot.Launches, 2u);
  EXPECT_DOUBLE_EQ(*Dot.Time, 2 * Floor + streamTime(8 * N, 0));
  EXPECT_DOUBLE_EQ(*priceLibraryCall(vector("copy", N), h100()).Flops, 0);
}

TEST(LibraryCallCost, ComplexAndStridedVectors) {
  const double N = 1 << 20;
  LibraryCall C = vector("axpy", N);
  C.Complex = true;
  C.InputBytes = C.OutputBytes = 8;
  LibraryCallCost Caxpy = priceLibraryCall(C, h100());
  EXPECT_DOUBLE_EQ(*Caxpy.Flops, 8 * N);
  EXPECT_DOUBLE_EQ(*Caxpy.ReadBytes, 16 * N);
  // Every other float: a sector brings 4 of them, 8 bytes an element.
  LibraryCall S = vector("scal", N);
  S.Stride = Rational(2);
  EXPECT_DOUBLE_EQ(*priceLibraryCall(S, h100()).ReadBytes, 8 * N);
  // Far apart, an element costs a whole sector.
  S.Stride = Rational(100);
  EXPECT_DOUBLE_EQ(*priceLibraryCall(S, h100()).ReadBytes, 32 * N);
}

TEST(LibraryCallCost, GemvAndSparseMv) {
  LibraryCall G;
  G.What = LibraryCall::Gemv;
  G.M = Rational(1000);
  G.N = Rational(2000);
  G.Stride = Rational(1);
  LibraryCallCost Gemv = priceLibraryCall(G, h100());
  EXPECT_DOUBLE_EQ(*Gemv.Flops, 2.0 * 1000 * 2000);
  // A, x (n) and y (m) read; y written.
  EXPECT_DOUBLE_EQ(*Gemv.ReadBytes, 4.0 * (1000 * 2000 + 2000 + 1000));
  EXPECT_DOUBLE_EQ(*Gemv.WrittenBytes, 4.0 * 1000);
  LibraryCall S;
  S.What = LibraryCall::SparseMv;
  S.M = S.N = Rational(1000);
  S.Nnz = Rational(3000);
  LibraryCallCost Spmv = priceLibraryCall(S, h100(), 1e-6);
  EXPECT_DOUBLE_EQ(*Spmv.Flops, 2.0 * 3000);
  // Row offsets, column indices and values, x and y.
  EXPECT_DOUBLE_EQ(*Spmv.ReadBytes, 4.0 * 1001 + 8.0 * 3000 + 4.0 * 2000);
  EXPECT_EQ(Spmv.Launches, 2u);
  EXPECT_DOUBLE_EQ(Spmv.LaunchFloor, 2e-6);
  EXPECT_EQ(Spmv.Bound, "launch");
}

TEST(LibraryCallCost, UnknownSizesHaveNoCost) {
  LibraryCall C = gemm("fp32", false, 4, 4);
  C.K.reset();
  LibraryCallCost G = priceLibraryCall(C, h100());
  EXPECT_FALSE(G.Flops.has_value());
  EXPECT_FALSE(G.Time.has_value());
}

} // namespace
