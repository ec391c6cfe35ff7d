//===- WhatIfRenderer.cpp -------------------------------------------------===//
#include "analyzer/report/WhatIfRenderer.h"
#include "analyzer/report/OccupancyJson.h"
#include "analyzer/report/OccupancyText.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace rla {

using Json = nlohmann::ordered_json;

namespace {

std::string inputLine(const WhatIfQuery &Q) {
  std::ostringstream OS;
  OS << (Q.Gpu ? Q.Gpu->Name : std::string("?")) << " (sm_"
     << Q.Arch->ComputeMajor << Q.Arch->ComputeMinor << ": "
     << Q.Arch->MaxWarpsPerSm << " warps, " << Q.Arch->MaxBlocksPerSm
     << " blocks, " << Q.Arch->RegistersPerSm << " registers, "
     << Q.Arch->SharedMemoryPerSm / 1024 << " KiB shared memory per SM)\n"
     << "kernel: " << Q.Use.Registers << " registers per thread, "
     << Q.Use.StaticSmemBytes << " B static + " << Q.DynamicSmemBytes
     << " B dynamic shared memory per block";
  if (Q.Use.MaxThreadsPerBlock)
    OS << ", at most " << Q.Use.MaxThreadsPerBlock << " threads per block";
  OS << "\n";
  return OS.str();
}

} // namespace

std::string renderWhatIfText(const WhatIfQuery &Q, const WhatIfAnswer &A) {
  std::ostringstream OS;
  OS << inputLine(Q);
  if (A.Single)
    OS << "block " << A.Single->BlockSize << ": "
       << occupancyResultText(*A.Single) << "\n";
  if (!A.Sweep.empty()) {
    OS << "  block  blocks/SM  warps/SM  occupancy  limited by\n";
    for (const OccupancyResult &R : A.Sweep) {
      std::string Limits;
      for (const std::string &L : R.Limiting)
        Limits += (Limits.empty() ? "" : "+") + L;
      char Line[128];
      std::snprintf(Line, sizeof Line, "  %5u  %9u  %8u  %8.0f%%  %s\n",
                    R.BlockSize, R.ActiveBlocksPerSm, R.ActiveWarpsPerSm,
                    R.Occupancy * 100, Limits.c_str());
      OS << Line;
    }
  }
  if (A.Best)
    OS << "best: block " << A.Best->BlockSize
       << " (cudaOccMaxPotentialOccupancyBlockSize: the "
       << "largest block of the highest occupancy); a grid of at least "
       << A.Best->MinGridSize << " blocks fills every SM\n";
  return OS.str();
}

std::string renderWhatIfJson(const WhatIfQuery &Q, const WhatIfAnswer &A) {
  Json J = Json::object();
  J["tool"] = "rl-analyze";
  J["version"] = RLA_VERSION;
  J["gpu"] = Q.Gpu ? Json(Q.Gpu->Name) : Json(nullptr);
  J["compute_capability"] = Q.Arch->computeCapability();
  J["registers_per_thread"] = Q.Use.Registers;
  J["static_smem_bytes"] = Q.Use.StaticSmemBytes;
  J["dynamic_smem_bytes"] = Q.DynamicSmemBytes;
  J["max_threads_per_block"] =
      Q.Use.MaxThreadsPerBlock ? Json(Q.Use.MaxThreadsPerBlock) : Json(nullptr);
  J["occupancy"] = A.Single ? occupancyResultJson(*A.Single) : Json(nullptr);
  if (!A.Sweep.empty() || A.Best) {
    Json Rows = Json::array();
    for (const OccupancyResult &R : A.Sweep)
      Rows.push_back(occupancyResultJson(R));
    J["sweep"] = Rows;
    Json Best = Json::object();
    if (A.Best) {
      Best["block_size"] = A.Best->BlockSize;
      Best["min_grid_size"] = A.Best->MinGridSize;
    }
    J["best"] = A.Best ? Best : Json(nullptr);
  }
  return J.dump(2) + "\n";
}

} // namespace rla
