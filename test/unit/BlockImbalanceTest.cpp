//===- BlockImbalanceTest.cpp - The busiest SM when blocks differ ---------===//
#include "analyzer/models/BlockImbalance.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

/// A kernel whose thread i = blockIdx.x * blockDim.x + threadIdx.x loads
/// PerThread values, summed over the launch as Total.
KernelModel loads(const Expr &PerThread, const Expr &Total) {
  KernelModel M;
  M.Name = "k";
  M.PerThread.Low.GlobalLoads = M.PerThread.High.GlobalLoads = PerThread;
  M.Total.Low.GlobalLoads = M.Total.High.GlobalLoads = Total;
  return M;
}

LaunchSpec blocksLaunch(int64_t Grid, int64_t Block) {
  LaunchSpec L;
  L.Grid = {Rational(Grid), Rational(1), Rational(1)};
  L.Block = {Rational(Block), Rational(1), Rational(1)};
  return L;
}

Expr threadIndex() {
  return Expr::symbol("blockIdx.x") * Expr::symbol("blockDim.x") +
         Expr::symbol("threadIdx.x");
}

} // namespace

// Thread i sums row i of a triangle (i + 1 loads), 8192 rows in 32 blocks
// of 256: the last block loads 2,064,512 values, the mean block
// (8192 * 8193 / 2) / 32 = 1,048,704: 1.969x.
TEST(BlockImbalanceTest, TheLastBlockOfATriangleIsTheHeaviest) {
  Bindings Values{{"blockDim.x", Rational(256)}, {"gridDim.x", Rational(32)}};
  KernelModel M = loads(threadIndex() + 1, Expr(Rational(8192 * 8193 / 2)));
  double Heaviest = heaviestBlockOverMean(M, Values, blocksLaunch(32, 256),
                                          BlockWork::Memory);
  EXPECT_NEAR(Heaviest, 2064512.0 / 1048704.0, 1e-9);
  // One block per SM: the busiest SM runs the heaviest block, against the
  // mean SM's 32/132 of a mean block.
  EXPECT_NEAR(busiestSmFactor(32, 132, Heaviest), Heaviest * 132 / 32, 1e-9);
}

TEST(BlockImbalanceTest, EqualBlocksAreNotWeighed) {
  Bindings Values{{"blockDim.x", Rational(256)}, {"gridDim.x", Rational(32)}};
  KernelModel M = loads(Expr(4), Expr(4 * 32 * 256));
  EXPECT_EQ(heaviestBlockOverMean(M, Values, blocksLaunch(32, 256),
                                  BlockWork::Memory),
            1);
}

// Without imbalance the busiest SM runs ceil(blocks / SMs) blocks: 133
// blocks on 132 SMs take two blocks' time; a whole number of waves is even.
TEST(BlockImbalanceTest, BusiestSmRunsTheLastPartialWave) {
  EXPECT_NEAR(busiestSmFactor(133, 132, 1), 2 / (133.0 / 132), 1e-12);
  EXPECT_DOUBLE_EQ(busiestSmFactor(264, 132, 1), 1);
  // A heavy block among many is spread out by the scheduler.
  EXPECT_DOUBLE_EQ(busiestSmFactor(1320, 132, 1.9), 1);
}

// Rows of a triangle, 32 threads a block in 256 blocks on 132 SMs: SM 123
// gets blocks 123 and 255, the two heaviest that share an SM, so it carries
// more than two mean blocks or the heaviest block alone.
TEST(BlockImbalanceTest, BlocksSharingAnSmAddUp) {
  Bindings Values{{"blockDim.x", Rational(32)}, {"gridDim.x", Rational(256)}};
  KernelModel M = loads(threadIndex() + 1, Expr(Rational(8192 * 8193 / 2)));
  BlockWeights W =
      weighBlocks(M, Values, blocksLaunch(256, 32), BlockWork::Memory);
  ASSERT_EQ(W.Each.size(), 256u);
  double Mean = 8192.0 * 8193 / 2 / 256;
  // Block b loads sum(32b + t + 1, t = 0 .. 31) = 1024 b + 528 values.
  EXPECT_NEAR(W.Each[255], (1024.0 * 255 + 528) / Mean, 1e-9);
  double Pair = (1024.0 * (123 + 255) + 2 * 528) / Mean;
  EXPECT_NEAR(busiestSmFactor(256, 132, W), Pair / (256.0 / 132), 1e-9);
  EXPECT_GT(busiestSmFactor(256, 132, W),
            busiestSmFactor(256, 132, W.Heaviest));
  // Equal blocks stay at ceil(blocks / SMs).
  KernelModel Flat = loads(Expr(4), Expr(4 * 256 * 32));
  BlockWeights Even =
      weighBlocks(Flat, Values, blocksLaunch(256, 32), BlockWork::Memory);
  EXPECT_TRUE(Even.Each.empty());
  EXPECT_NEAR(busiestSmFactor(256, 132, Even), 2 / (256.0 / 132), 1e-12);
}
