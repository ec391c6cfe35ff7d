//===- OccupancyOracle.h - What host code asks of occupancy -----*- C++ -*-===//
///
/// \file
/// Host code that sizes its launches with the CUDA runtime's occupancy
/// calculator (`cudaOccupancyMaxPotentialBlockSize`,
/// `cudaOccupancyMaxActiveBlocksPerMultiprocessor`) asks about a kernel's
/// registers, which only a compile knows. The front end declares here what
/// it asks; the analysis answers (pipeline/HostOccupancy.cpp: nvcc's
/// registers and NVIDIA's calculator) and hands its oracle to the parse
/// through HostRunOptions. The front end calls down through these
/// interfaces and never includes what implements them.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_OCCUPANCYORACLE_H
#define RLA_FRONTEND_HOST_OCCUPANCYORACLE_H

#include "analyzer/ir/Note.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// A question to the CUDA runtime's occupancy calculator about one kernel:
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor (BlockSize set),
/// cudaOccupancyMaxPotentialBlockSize (BlockSize 0, BlockSizeLimit 0 for
/// none) or, with Attributes, cudaFuncGetAttributes.
struct OccupancyQuestion {
  bool Attributes = false;
  std::string MangledName, Name; ///< the kernel, as ptxas names it
  std::string File;              ///< the source file that defines it
  unsigned BlockSize = 0;
  uint64_t DynamicSmemBytes = 0;
  unsigned BlockSizeLimit = 0;
  unsigned MaxThreadsPerBlock = 0; ///< __launch_bounds__, 0 for none
};
/// The fields of cudaFuncAttributes the compile decides.
struct KernelAttributes {
  unsigned Registers = 0, MaxThreadsPerBlock = 0;
  uint64_t StaticSmemBytes = 0, LocalBytes = 0;
  unsigned BinaryVersion = 0; ///< 90 for sm_90
};
struct OccupancyAnswer {
  std::optional<Note> Why; ///< unset when answered
  unsigned ActiveBlocksPerSm = 0;
  unsigned BlockSize = 0, MinGridSize = 0;
  KernelAttributes Attributes;
  /// What the answer assumed (occupancy from nvcc's registers for sm_90).
  std::optional<Note> Assumption;
};

/// Answers the occupancy questions of one parse's host code.
class OccupancyCalculator {
public:
  virtual ~OccupancyCalculator();
  virtual OccupancyAnswer answer(const OccupancyQuestion &Q) = 0;
};

/// Makes the calculator for a parse's flags (the compile command line and
/// nvcc's device-code options): the kernel's registers come from compiling
/// the file with them.
class OccupancyOracle {
public:
  virtual ~OccupancyOracle();
  virtual std::shared_ptr<OccupancyCalculator>
  forParse(const std::vector<std::string> &CommandLine,
           const std::vector<std::string> &CodeFlags) const = 0;
};

} // namespace rla

#endif // RLA_FRONTEND_HOST_OCCUPANCYORACLE_H
