//===- Occupancy.cpp - cuda_occupancy.h filled from the data files --------===//
#include "analyzer/models/Occupancy.h"

#include <climits>
// NVIDIA's calculator: host-only, header-only, ships with every toolkit.
#include <cuda_occupancy.h>

namespace rla {
namespace {

cudaOccDeviceProp deviceProp(const ArchitectureLimits &A, unsigned SmCount) {
  cudaOccDeviceProp P;
  P.computeMajor = static_cast<int>(A.ComputeMajor);
  P.computeMinor = static_cast<int>(A.ComputeMinor);
  P.maxThreadsPerBlock = static_cast<int>(A.MaxThreadsPerBlock);
  P.maxThreadsPerMultiprocessor = static_cast<int>(A.MaxThreadsPerSm);
  P.regsPerBlock = static_cast<int>(A.RegistersPerBlock);
  P.regsPerMultiprocessor = static_cast<int>(A.RegistersPerSm);
  P.warpSize = static_cast<int>(A.WarpSize);
  P.sharedMemPerBlock = A.SharedMemoryPerBlock;
  P.sharedMemPerMultiprocessor = A.SharedMemoryPerSm;
  P.numSms = static_cast<int>(SmCount ? SmCount : 1);
  P.sharedMemPerBlockOptin = A.SharedMemoryPerBlockOptin;
  P.reservedSharedMemPerBlock = A.ReservedSharedMemoryPerBlock;
  return P;
}

/// The kernel as the runtime sees it after
/// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize, ...)
/// to the opt-in maximum: any dynamic size the SM can hold is allowed.
cudaOccFuncAttributes funcAttributes(const ArchitectureLimits &A,
                                     const KernelResourceUse &U) {
  cudaOccFuncAttributes F;
  F.maxThreadsPerBlock = static_cast<int>(
      U.MaxThreadsPerBlock ? U.MaxThreadsPerBlock : A.MaxThreadsPerBlock);
  F.numRegs = static_cast<int>(U.Registers);
  F.sharedSizeBytes = U.StaticSmemBytes;
  F.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  F.maxDynamicSharedSizeBytes =
      A.SharedMemoryPerBlockOptin > U.StaticSmemBytes
          ? A.SharedMemoryPerBlockOptin - U.StaticSmemBytes
          : 0;
  F.numBlockBarriers = static_cast<int>(U.Barriers);
  return F;
}

unsigned limitOrZero(int Limit) {
  return Limit == INT_MAX || Limit < 0 ? 0 : static_cast<unsigned>(Limit);
}

Note errorNote(cudaOccError E) {
  switch (E) {
  case CUDA_OCC_ERROR_INVALID_INPUT:
    return note(NoteId::OccupancyInputRejected);
  case CUDA_OCC_ERROR_UNKNOWN_DEVICE:
    return note(NoteId::OccupancyDeviceUnknown);
  default:
    return note(NoteId::OccupancyCalculatorFailed);
  }
}

/// Why a launch cannot run at all, in the user's terms; none when it can.
std::optional<Note> launchError(const ArchitectureLimits &A,
                                const KernelResourceUse &U, unsigned BlockSize,
                                uint64_t Dynamic) {
  unsigned MaxBlock =
      U.MaxThreadsPerBlock ? U.MaxThreadsPerBlock : A.MaxThreadsPerBlock;
  if (BlockSize == 0)
    return note(NoteId::BlockSizeZero);
  if (BlockSize > MaxBlock)
    return note(NoteId::BlockTooLarge,
                {{"block", double(BlockSize)},
                 {"max", double(MaxBlock)},
                 {"launch_bounds", U.MaxThreadsPerBlock ? 1.0 : 0.0}});
  if (U.Registers > A.MaxRegistersPerThread)
    return note(NoteId::TooManyRegisters,
                {{"registers", double(U.Registers)},
                 {"max", double(A.MaxRegistersPerThread)}});
  if (U.StaticSmemBytes + Dynamic > A.SharedMemoryPerBlockOptin)
    return note(NoteId::TooMuchSharedMemory,
                {{"bytes", double(U.StaticSmemBytes + Dynamic)},
                 {"max", double(A.SharedMemoryPerBlockOptin)},
                 {"major", double(A.ComputeMajor)},
                 {"minor", double(A.ComputeMinor)}});
  return std::nullopt;
}

} // namespace

std::optional<OccupancyResult> computeOccupancy(const ArchitectureLimits &A,
                                                const KernelResourceUse &U,
                                                unsigned BlockSize,
                                                uint64_t Dynamic, Note &Error) {
  if (std::optional<Note> Refused = launchError(A, U, BlockSize, Dynamic)) {
    Error = std::move(*Refused);
    return std::nullopt;
  }
  cudaOccDeviceProp Prop = deviceProp(A, 1);
  cudaOccFuncAttributes Func = funcAttributes(A, U);
  cudaOccDeviceState State;
  cudaOccResult Res{};
  cudaOccError Status = cudaOccMaxActiveBlocksPerMultiprocessor(
      &Res, &Prop, &Func, &State, static_cast<int>(BlockSize), Dynamic);
  if (Status != CUDA_OCC_SUCCESS) {
    Error = errorNote(Status);
    return std::nullopt;
  }
  OccupancyResult R;
  R.RegistersPerThread = U.Registers;
  unsigned WarpsPerBlock = (BlockSize + A.WarpSize - 1) / A.WarpSize;
  // Registers are allocated per warp; per thread is that share of it.
  R.AllocatedRegistersPerThread =
      WarpsPerBlock ? static_cast<unsigned>(Res.allocatedRegistersPerBlock) /
                          (WarpsPerBlock * A.WarpSize)
                    : 0;
  R.StaticSmemBytes = U.StaticSmemBytes;
  R.DynamicSmemBytes = Dynamic;
  R.BlockSize = BlockSize;
  R.ActiveBlocksPerSm =
      static_cast<unsigned>(Res.activeBlocksPerMultiprocessor);
  R.ActiveWarpsPerSm = R.ActiveBlocksPerSm * WarpsPerBlock;
  R.MaxWarpsPerSm = A.MaxWarpsPerSm;
  R.Occupancy = static_cast<double>(R.ActiveWarpsPerSm) / A.MaxWarpsPerSm;
  // Ties name every resource that stops the next block.
  if (R.ActiveBlocksPerSm > 0) {
    if (Res.limitingFactors & OCC_LIMIT_WARPS)
      R.Limiting.push_back("warps");
    if (Res.limitingFactors & OCC_LIMIT_REGISTERS)
      R.Limiting.push_back("registers");
    if (Res.limitingFactors & OCC_LIMIT_SHARED_MEMORY)
      R.Limiting.push_back("shared_memory");
    if (Res.limitingFactors & OCC_LIMIT_BLOCKS)
      R.Limiting.push_back("blocks");
    if (Res.limitingFactors & OCC_LIMIT_BARRIERS)
      R.Limiting.push_back("barriers");
  } else {
    if (Res.blockLimitRegs == 0)
      R.Limiting.push_back("registers");
    if (Res.blockLimitSharedMem == 0)
      R.Limiting.push_back("shared_memory");
    if (Res.blockLimitWarps == 0)
      R.Limiting.push_back("warps");
  }
  R.BlockLimitWarps = limitOrZero(Res.blockLimitWarps);
  R.BlockLimitRegisters = limitOrZero(Res.blockLimitRegs);
  R.BlockLimitSharedMemory = limitOrZero(Res.blockLimitSharedMem);
  R.BlockLimitBlocks = limitOrZero(Res.blockLimitBlocks);
  return R;
}

std::optional<BestBlockSize> bestBlockSize(const ArchitectureLimits &A,
                                           unsigned SmCount,
                                           const KernelResourceUse &U,
                                           uint64_t Dynamic, Note &Error) {
  if (std::optional<Note> Refused = launchError(A, U, A.WarpSize, Dynamic)) {
    Error = std::move(*Refused);
    return std::nullopt;
  }
  cudaOccDeviceProp Prop = deviceProp(A, SmCount);
  cudaOccFuncAttributes Func = funcAttributes(A, U);
  cudaOccDeviceState State;
  int MinGrid = 0, Block = 0;
  cudaOccError Status = cudaOccMaxPotentialOccupancyBlockSize(
      &MinGrid, &Block, &Prop, &Func, &State, nullptr, Dynamic);
  if (Status != CUDA_OCC_SUCCESS) {
    Error = errorNote(Status);
    return std::nullopt;
  }
  if (Block <= 0) {
    Error = note(NoteId::NoBlockSizeRuns);
    return std::nullopt;
  }
  return BestBlockSize{static_cast<unsigned>(Block),
                       static_cast<unsigned>(MinGrid)};
}

unsigned maxThreadsPerBlock(const ArchitectureLimits &A,
                            const KernelResourceUse &U) {
  unsigned Max =
      U.MaxThreadsPerBlock ? U.MaxThreadsPerBlock : A.MaxThreadsPerBlock;
  auto runs = [&](unsigned Block) {
    Note Error;
    std::optional<OccupancyResult> O = computeOccupancy(A, U, Block, 0, Error);
    return O && O->ActiveBlocksPerSm > 0;
  };
  if (Max && runs(Max))
    return Max;
  // Fewer warps until one block's registers fit.
  for (unsigned Block = (Max - 1) / A.WarpSize * A.WarpSize; Block > 0;
       Block -= A.WarpSize)
    if (runs(Block))
      return Block;
  return 0;
}

} // namespace rla
