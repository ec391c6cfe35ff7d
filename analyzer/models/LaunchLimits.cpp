//===- LaunchLimits.cpp ---------------------------------------------------===//
#include "analyzer/models/LaunchLimits.h"

namespace rla {

namespace {

bool isPositiveInteger(const std::optional<Rational> &R) {
  return R && !R->overflowed() && R->isInteger() && !R->isNegative() &&
         !R->isZero();
}

} // namespace

std::string launchLimitViolations(const LaunchDims &Grid,
                                  const LaunchDims &Block) {
  static const char *const Names[] = {"x", "y", "z"};
  std::string Out;
  auto Add = [&](const std::string &Why) {
    Out += (Out.empty() ? "" : "; ") + Why;
  };
  Rational Threads(1);
  bool AllKnown = true;
  // x or y above 1024 says all there is; z above 64 can still be few threads.
  bool ThreadsExplained = false;
  for (unsigned D = 0; D < 3; ++D) {
    if (!isPositiveInteger(Block[D])) {
      AllKnown = false;
      continue;
    }
    Threads = Threads * *Block[D];
    if (Rational(CudaMaxBlockDim[D]) < *Block[D]) {
      Add(std::string("blockDim.") + Names[D] + " = " + Block[D]->str() +
          " exceeds CUDA's limit of " + std::to_string(CudaMaxBlockDim[D]));
      ThreadsExplained |= CudaMaxBlockDim[D] >= CudaMaxThreadsPerBlock;
    }
  }
  if (!ThreadsExplained &&
      (Threads.overflowed() || Rational(CudaMaxThreadsPerBlock) < Threads)) {
    std::string Shape;
    for (unsigned D = 0; D < 3; ++D)
      Shape += (D ? "x" : "") +
               (isPositiveInteger(Block[D]) ? Block[D]->str() : "?");
    Add("a block of " + Shape + (AllKnown ? " = " : " >= ") +
        (Threads.overflowed() ? "more than 2^127" : Threads.str()) +
        " threads exceeds CUDA's limit of " +
        std::to_string(CudaMaxThreadsPerBlock) + " threads per block");
  }
  for (unsigned D = 0; D < 3; ++D)
    if (isPositiveInteger(Grid[D]) && Rational(CudaMaxGridDim[D]) < *Grid[D])
      Add(std::string("gridDim.") + Names[D] + " = " + Grid[D]->str() +
          " exceeds CUDA's limit of " + std::to_string(CudaMaxGridDim[D]) +
          (D == 0 ? " (2^31 - 1)" : ""));
  return Out;
}

} // namespace rla
