//===- TensorOpsTest.cpp - What tensor-core instructions count ------------===//
#include "analyzer/cuda/TensorOps.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

TensorOp mma(const std::string &Mnemonic) {
  std::optional<Note> Why;
  auto Op = parsePtxMma(Mnemonic, Why);
  EXPECT_TRUE(Op.has_value()) << Mnemonic << ": " << int(Why->Id);
  return Op.value_or(TensorOp());
}

TEST(TensorOps, MmaSyncShapesAndPrecisions) {
  TensorOp Bf16 = mma("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
  EXPECT_EQ(Bf16.flops(), 2u * 16 * 8 * 16);
  EXPECT_EQ(Bf16.Prec, TensorPrecision::BF16);
  EXPECT_EQ(Bf16.flopsPerThread(), Rational(128));
  EXPECT_EQ(mma("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32").Prec,
            TensorPrecision::TF32);
  TensorOp Int8 =
      mma("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32");
  EXPECT_EQ(Int8.Prec, TensorPrecision::INT8);
  EXPECT_EQ(Int8.flops(), 2u * 16 * 8 * 32);
  EXPECT_EQ(mma("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32").Prec,
            TensorPrecision::FP8);
  // An fp16 accumulator is its own roof on GeForce parts.
  EXPECT_EQ(mma("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16").Prec,
            TensorPrecision::FP16Acc16);
  EXPECT_EQ(mma("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32").Prec,
            TensorPrecision::FP16);
}

TEST(TensorOps, M8n8k4IsFourProductsForF16AndOneForF64) {
  TensorOp F16 = mma("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32");
  EXPECT_EQ(F16.Products, 4u);
  EXPECT_EQ(F16.flops(), 4u * 2 * 8 * 8 * 4);
  TensorOp F64 = mma("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64");
  EXPECT_EQ(F64.Products, 1u);
  EXPECT_EQ(F64.Prec, TensorPrecision::FP64);
  EXPECT_EQ(F64.flopsPerThread(), Rational(16));
}

TEST(TensorOps, WgmmaIsAWarpgroupOf128Threads) {
  TensorOp W = mma("wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16");
  EXPECT_EQ(W.Threads, 128u);
  EXPECT_EQ(W.flops(), 2ull * 64 * 128 * 16);
  EXPECT_EQ(W.flopsPerThread(), Rational(2 * 64 * 16));
  EXPECT_EQ(mma("wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2").Prec,
            TensorPrecision::FP8);
  EXPECT_EQ(mma("wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32").Prec,
            TensorPrecision::TF32);
}

TEST(TensorOps, SparseMmaComputesHalfItsShape) {
  // 2:4 sparsity: m16n8k32 .sp multiplies as many products as a dense
  // m16n8k16 does.
  TensorOp S = mma("mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32");
  EXPECT_TRUE(S.Sparse);
  EXPECT_EQ(S.Prec, TensorPrecision::BF16);
  EXPECT_EQ(S.flops(),
            mma("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32").flops());
  TensorOp O = mma("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col."
                   "f32.e4m3.e4m3.f32");
  EXPECT_EQ(O.flops(), 16ull * 8 * 64);
  TensorOp W = mma("wgmma.mma_async.sp.sync.aligned.m64n128k32.f32.f16.f16");
  EXPECT_EQ(W.flops(), 64ull * 128 * 32);
}

TEST(TensorOps, ScansInstructionsOfAnAsmString) {
  auto I = scanPtx("{\n .reg .pred p;\n"
                   " mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};\n"
                   "}\n");
  ASSERT_EQ(I.size(), 1u);
  EXPECT_EQ(I[0].Kind, PtxKind::Mma);

  auto L = scanPtx(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];");
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Kind, PtxKind::Ldmatrix);
  EXPECT_EQ(L[0].Bytes, 16u); // 4 matrices x 8 x 8 x 2 B over 32 lanes
  EXPECT_EQ(L[0].DstOperand, 4);
  EXPECT_EQ(
      scanPtx("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];")[0].Bytes,
      4u);

  auto C = scanPtx("cp.async.cg.shared.global [%0], [%1], 16;\n"
                   "cp.async.commit_group;\ncp.async.wait_group 0;");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Kind, PtxKind::CpAsync);
  EXPECT_EQ(C[0].Bytes, 16u);
  EXPECT_EQ(C[0].DstOperand, 0);
  EXPECT_EQ(C[0].SrcOperand, 1);
  EXPECT_EQ(C[1].Kind, PtxKind::NoCost);
  EXPECT_EQ(C[2].Kind, PtxKind::NoCost);

  auto B = scanPtx("cp.async.bulk.shared::cluster.global.mbarrier::complete_"
                   "tx::bytes [%0], [%1], %2, [%3];");
  ASSERT_EQ(B.size(), 1u);
  EXPECT_EQ(B[0].Kind, PtxKind::CpAsyncBulk);
  EXPECT_EQ(B[0].SizeOperand, 2);
  EXPECT_FALSE(B[0].ToGlobal);

  auto T = scanPtx("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];");
  ASSERT_EQ(T.size(), 1u);
  EXPECT_EQ(T[0].Kind, PtxKind::Uncounted);
  EXPECT_EQ(T[0].Why, note(NoteId::PtxTensorMapCopy,
                           {{"mnemonic", "cp.async.bulk.tensor.2d.shared::"
                                         "cluster.global.tile.mbarrier::"
                                         "complete_tx::bytes"}}));
  EXPECT_TRUE(scanPtx("mov.u32 %0, %laneid;").empty());
  for (const char *Order :
       {"wgmma.fence.sync.aligned;", "wgmma.commit_group.sync.aligned;",
        "wgmma.wait_group.sync.aligned 0;", "fence.proxy.async.shared::cta;"}) {
    auto O = scanPtx(Order);
    ASSERT_EQ(O.size(), 1u) << Order;
    EXPECT_EQ(O[0].Kind, PtxKind::NoCost) << Order;
  }
}

TEST(TensorOps, WmmaElementTypes) {
  EXPECT_EQ(wmmaPrecision("__half", "float"), TensorPrecision::FP16);
  EXPECT_EQ(wmmaPrecision("__half", "__half"), TensorPrecision::FP16Acc16);
  EXPECT_EQ(wmmaPrecision("__nv_bfloat16", "float"), TensorPrecision::BF16);
  EXPECT_EQ(wmmaPrecision("nvcuda::wmma::precision::tf32", "float"),
            TensorPrecision::TF32);
  EXPECT_EQ(wmmaPrecision("signed char", "int"), TensorPrecision::INT8);
  EXPECT_EQ(wmmaPrecision("unsigned char", "int"), TensorPrecision::INT8);
  EXPECT_EQ(wmmaPrecision("double", "double"), TensorPrecision::FP64);
  EXPECT_EQ(wmmaPrecision("nvcuda::wmma::experimental::precision::u4", "int"),
            TensorPrecision::INT4);
  EXPECT_FALSE(wmmaPrecision("float", "float"));
  EXPECT_EQ(wmmaElementBits("nvcuda::wmma::precision::tf32"), 32u);
  EXPECT_EQ(wmmaElementBits("__nv_bfloat16"), 16u);
  EXPECT_EQ(wmmaElementBits("signed char"), 8u);
  EXPECT_EQ(wmmaElementBits("nvcuda::wmma::experimental::precision::s4"), 4u);
}

} // namespace
