//===- OccupancyTest.cpp - cuda_occupancy.h filled from the data file -----===//
#include "analyzer/models/Occupancy.h"
#include "ModelFixtures.h"
#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/models/OccupancyWhatIf.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {

OccupancyResult occupancy(unsigned Major, unsigned Minor, unsigned Regs,
                          unsigned Block, uint64_t Dynamic = 0,
                          uint64_t Static = 0) {
  const ArchitectureLimits *A =
      fixtures::architectureTable().find(Major, Minor);
  EXPECT_NE(A, nullptr);
  KernelResourceUse U;
  U.Registers = Regs;
  U.StaticSmemBytes = Static;
  Note Error;
  auto R = computeOccupancy(*A, U, Block, Dynamic, Error);
  EXPECT_TRUE(R.has_value()) << int(Error.Id);
  return R.value_or(OccupancyResult());
}

bool limitedBy(const OccupancyResult &R, const std::string &What) {
  return std::find(R.Limiting.begin(), R.Limiting.end(), What) !=
         R.Limiting.end();
}

// The L40S numbers the course works by hand.
TEST(Occupancy, L40SRegisters) {
  OccupancyResult R64 = occupancy(8, 9, 64, 256);
  EXPECT_EQ(R64.ActiveWarpsPerSm, 32u);
  EXPECT_NEAR(R64.Occupancy, 2.0 / 3, 1e-9);
  EXPECT_TRUE(limitedBy(R64, "registers"));
  EXPECT_EQ(occupancy(8, 9, 128, 256).ActiveWarpsPerSm, 16u);
  OccupancyResult R40 = occupancy(8, 9, 40, 256);
  EXPECT_EQ(R40.ActiveWarpsPerSm, 48u);
  EXPECT_DOUBLE_EQ(R40.Occupancy, 1.0);
  OccupancyResult R42 = occupancy(8, 9, 42, 256);
  EXPECT_LT(R42.Occupancy, 1.0);
  EXPECT_EQ(R42.AllocatedRegistersPerThread, 48u);
}

TEST(Occupancy, L40SSharedMemoryAndBlockSizes) {
  OccupancyResult Smem = occupancy(8, 9, 32, 256, 40 * 1024);
  EXPECT_EQ(Smem.ActiveBlocksPerSm, 2u);
  EXPECT_EQ(Smem.ActiveWarpsPerSm, 16u);
  EXPECT_TRUE(limitedBy(Smem, "shared_memory"));
  OccupancyResult Small = occupancy(8, 9, 32, 32);
  EXPECT_EQ(Small.ActiveBlocksPerSm, 24u);
  EXPECT_EQ(Small.ActiveWarpsPerSm, 24u);
  EXPECT_TRUE(limitedBy(Small, "blocks"));
  OccupancyResult Big = occupancy(8, 9, 32, 1024);
  EXPECT_EQ(Big.ActiveBlocksPerSm, 1u);
  EXPECT_NEAR(Big.Occupancy, 2.0 / 3, 1e-9);
}

// The reference's worked examples: 32 registers fill an sm_80/sm_90 SM with
// 256-thread blocks, 33 round to 40 and leave 6 blocks.
TEST(Occupancy, RegisterRoundingOnAmpereAndHopper) {
  for (unsigned Major : {8u, 9u}) {
    EXPECT_EQ(occupancy(Major, 0, 32, 256).ActiveBlocksPerSm, 8u);
    OccupancyResult R = occupancy(Major, 0, 33, 256);
    EXPECT_EQ(R.ActiveBlocksPerSm, 6u);
    EXPECT_DOUBLE_EQ(R.Occupancy, 0.75);
  }
}

TEST(Occupancy, StaticAndDynamicSharedMemoryAddUp) {
  // H200: 228 KiB per SM, 1 KiB reserved per block.
  OccupancyResult R = occupancy(9, 0, 32, 128, 32 * 1024, 16 * 1024);
  EXPECT_EQ(R.ActiveBlocksPerSm, 4u); // 4 x 49 KiB fits, 5 x does not
  EXPECT_TRUE(limitedBy(R, "shared_memory"));
}

TEST(Occupancy, ImpossibleLaunchesSayWhy) {
  const ArchitectureLimits &A = *fixtures::architectureTable().find(8, 9);
  KernelResourceUse U;
  U.Registers = 32;
  Note Error;
  EXPECT_FALSE(computeOccupancy(A, U, 2048, 0, Error));
  EXPECT_EQ(Error,
            note(NoteId::BlockTooLarge,
                 {{"block", 2048.0}, {"max", 1024.0}, {"launch_bounds", 0.0}}));
  EXPECT_FALSE(computeOccupancy(A, U, 256, 200 * 1024, Error));
  EXPECT_EQ(Error.Id, NoteId::TooMuchSharedMemory);
  EXPECT_EQ(Error.Data.at("bytes"), FindingValue(200.0 * 1024));
  U.MaxThreadsPerBlock = 128;
  EXPECT_FALSE(computeOccupancy(A, U, 256, 0, Error));
  EXPECT_EQ(Error,
            note(NoteId::BlockTooLarge,
                 {{"block", 256.0}, {"max", 128.0}, {"launch_bounds", 1.0}}));
  U = KernelResourceUse();
  U.Registers = 256;
  EXPECT_FALSE(computeOccupancy(A, U, 256, 0, Error));
  EXPECT_EQ(Error.Id, NoteId::TooManyRegisters);
}

TEST(Occupancy, BestBlockSizeIsTheLargestOfTheHighestOccupancy) {
  const ArchitectureLimits &A = *fixtures::architectureTable().find(8, 9);
  KernelResourceUse U;
  U.Registers = 32;
  Note Error;
  auto Best = bestBlockSize(A, 142, U, 0, Error);
  ASSERT_TRUE(Best.has_value()) << int(Error.Id);
  EXPECT_EQ(Best->BlockSize, 768u); // 2 x 768 = 1536 threads, 100%
  EXPECT_EQ(Best->MinGridSize, 284u);
}

// cudaFuncAttributes::maxThreadsPerBlock: 64K registers per block on
// Hopper, allocated per warp in units of 256.
TEST(Occupancy, MaxThreadsPerBlockIsWhereOneBlocksRegistersFit) {
  const ArchitectureLimits &A = *fixtures::architectureTable().find(9, 0);
  KernelResourceUse U;
  U.Registers = 64; // 2048 per warp: 32 warps fit
  EXPECT_EQ(maxThreadsPerBlock(A, U), 1024u);
  U.Registers = 72; // 2304 per warp: 28 warps
  EXPECT_EQ(maxThreadsPerBlock(A, U), 896u);
  U.Registers = 255; // 8192 per warp: 8 warps
  EXPECT_EQ(maxThreadsPerBlock(A, U), 256u);
  U.Registers = 32;
  U.MaxThreadsPerBlock = 200; // __launch_bounds__(200)
  EXPECT_EQ(maxThreadsPerBlock(A, U), 200u);
}

TEST(ArchitectureTable, CoversEveryGpuOfTheDatabase) {
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadFile(std::string(RLA_DATA_DIR) + "/gpus.json", Error))
      << Error;
  for (const GpuSpec &G : Db.all())
    EXPECT_NE(
        fixtures::architectureTable().find(G.ComputeMajor, G.ComputeMinor),
        nullptr)
        << G.Name << " (" << G.ComputeMajor << "." << G.ComputeMinor << ")";
}

TEST(ArchitectureTable, H200MatchesWhatTheDeviceReports) {
  // cudaGetDeviceProperties on an H200: sharedMemPerMultiprocessor 233472,
  // sharedMemPerBlockOptin 232448, regsPerSM 65536, maxThreadsPerSM 2048,
  // maxBlocksPerSM 32.
  const ArchitectureLimits *H = fixtures::architectureTable().find(9, 0);
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->SharedMemoryPerSm, 233472u);
  EXPECT_EQ(H->SharedMemoryPerBlockOptin, 232448u);
  EXPECT_EQ(H->RegistersPerSm, 65536u);
  EXPECT_EQ(H->MaxThreadsPerSm, 2048u);
  EXPECT_EQ(H->MaxBlocksPerSm, 32u);
  EXPECT_GT(fixtures::architectureTable().assumedDramLatencyNs(), 0);
}

TEST(ArchitectureTable, DramLatencyGrowsWithTheSectorsInFlight) {
  // The H200's pointer chases: one thread alone 671.7 cycles, 16384 chains
  // at once 1176; in between, linearly; past them, the loaded latency.
  const UnitLatencies &L = fixtures::architectureTable().find(9, 0)->Latencies;
  EXPECT_DOUBLE_EQ(L.dramWith(0), L.Dram);
  EXPECT_NEAR(L.dramWith(1), 671.7, 0.1);
  EXPECT_DOUBLE_EQ(L.dramWith(8192), 671.7 + (1176 - 671.7) / 2);
  EXPECT_DOUBLE_EQ(L.dramWith(16384), 1176);
  EXPECT_DOUBLE_EQ(L.dramWith(1e6), 1176);
  // Without the idle end, the loaded latency throughout.
  UnitLatencies Loaded = L;
  Loaded.DramUnloaded = 0;
  EXPECT_DOUBLE_EQ(Loaded.dramWith(1), 1176);
}

TEST(ArchitectureTable, RejectsBadFiles) {
  ArchitectureTable T;
  std::string Error;
  EXPECT_FALSE(T.loadString("[]", Error));
  EXPECT_FALSE(T.loadString(R"({"schema_version": 99})", Error));
  EXPECT_NE(Error.find("schema_version"), std::string::npos);
  const char *Missing = R"({"schema_version": 1,
    "assumed_dram_latency_ns": {"value": 600, "source": "x"},
    "architectures": [{"compute_capability": "9.0", "source": "x"}]})";
  EXPECT_FALSE(T.loadString(Missing, Error));
  EXPECT_NE(Error.find("\"warp_size\" is missing"), std::string::npos) << Error;
  EXPECT_FALSE(T.loadFile("/nonexistent/architectures.json", Error));
}

// `rl-analyze occupancy --registers 255 --block 1024`: 262,144 registers
// for one block (255 per thread, allocated as 256), an SM has 65,536; no
// block fits, so the answer is an error, not "0% occupancy".
TEST(OccupancyWhatIf, ConfigurationThatCannotRunIsAnError) {
  WhatIfQuery Q;
  Q.Arch = fixtures::architectureTable().find(9, 0);
  ASSERT_NE(Q.Arch, nullptr);
  Q.Use.Registers = 255;
  Q.BlockSize = 1024;
  WhatIfAnswer A;
  Note Error;
  EXPECT_FALSE(answerWhatIf(Q, A, Error));
  EXPECT_EQ(Error.Id, NoteId::NoBlockFits);
  EXPECT_EQ(Error.Data.at("arch"), FindingValue("sm_90"));
  ASSERT_EQ(Error.Parts.size(), 1u);
  EXPECT_EQ(Error.Parts[0].Id, NoteId::BlockRegistersExceed);
  EXPECT_EQ(Error.Parts[0].Data.at("needed"), FindingValue(262144.0));
  Q.BlockSize = 256;
  EXPECT_TRUE(answerWhatIf(Q, A, Error)) << int(Error.Id);
  ASSERT_TRUE(A.Single);
  EXPECT_EQ(A.Single->ActiveBlocksPerSm, 1u);
  // The sweep lists only the block sizes that run.
  Q.BlockSize.reset();
  Q.Sweep = true;
  WhatIfAnswer S;
  ASSERT_TRUE(answerWhatIf(Q, S, Error)) << int(Error.Id);
  ASSERT_FALSE(S.Sweep.empty());
  for (const OccupancyResult &R : S.Sweep)
    EXPECT_GT(R.ActiveBlocksPerSm, 0u) << R.BlockSize;
  EXPECT_EQ(S.Sweep.back().BlockSize, 256u);
}

} // namespace
