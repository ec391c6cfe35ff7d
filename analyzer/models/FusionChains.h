//===- FusionChains.h - Kernels that pass data through DRAM -----*- C++ -*-===//
///
/// \file
/// Launches in one host function, in source order, where each kernel reads a
/// buffer an earlier one wrote, form a chain: the intermediate buffers make a
/// round trip through DRAM. The chain's DRAM bytes (each kernel's estimate)
/// are compared with what one fused kernel would need at least: read every
/// buffer the chain reads before writing it, write every buffer it writes
/// that no later kernel of the chain reads (intermediates are assumed dead
/// after the chain). One file-level `rl-fusion` finding per chain.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_FUSIONCHAINS_H
#define RLA_MODELS_FUSIONCHAINS_H

#include "analyzer/models/LaunchReport.h"

#include <vector>

namespace rla {

struct FusionChain {
  std::vector<size_t> Kernels; ///< indices into the report's kernels
  double ChainBytes = 0;       ///< DRAM bytes of the launches as written
  double FusedBytes = 0;       ///< lower bound for one fused kernel
  double Elements = 0;         ///< elements of the largest buffer
};

/// The chains among the launch-site kernels of Kernels.
std::vector<FusionChain> findFusionChains(const std::vector<KernelReport> &K);

/// One `rl-fusion` finding per chain that fusing would shorten.
std::vector<Finding> fusionFindings(const std::vector<KernelReport> &K);

} // namespace rla

#endif // RLA_MODELS_FUSIONCHAINS_H
