//===- ArchitectureLimits.cpp - Reads data/architectures.json -------------===//
#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/support/JsonDepth.h"
#include "analyzer/support/JsonFields.h"
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cctype>

namespace rla {
namespace {

using json = nlohmann::json;

/// Counts reach cuda_occupancy.h as int; shared memory sizes as size_t.
constexpr uint64_t MaxCount = INT32_MAX;
constexpr uint64_t MaxBytes = uint64_t(1) << 40;

/// A required non-negative integer field of at most Max.
template <typename T>
void count(JsonFields &F, const char *Key, T &Out, uint64_t Max) {
  uint64_t V = 0;
  F.integer(Key, V, JsonFields::Required, uint64_t(0), Max);
  Out = static_cast<T>(V);
}

bool parseCapability(const std::string &Text, unsigned &Major,
                     unsigned &Minor) {
  size_t Dot = Text.find('.');
  if (Dot == std::string::npos || Dot == 0 || Dot + 1 == Text.size() ||
      Text.size() > 7)
    return false;
  for (size_t I = 0; I < Text.size(); ++I)
    if (I != Dot && !std::isdigit(static_cast<unsigned char>(Text[I])))
      return false;
  Major = std::stoul(Text.substr(0, Dot));
  Minor = std::stoul(Text.substr(Dot + 1));
  return true;
}

bool readEntry(const json &E, size_t Index, ArchitectureLimits &A,
               std::string &Error) {
  std::string Where = "architectures[" + std::to_string(Index) + "]";
  JsonFields Head(E, Where);
  if (!Head.ok()) {
    Error = Head.error();
    return false;
  }
  std::string Cc;
  if (!Head.string("compute_capability", Cc) ||
      !parseCapability(Cc, A.ComputeMajor, A.ComputeMinor)) {
    Error = Where + ": 'compute_capability' must be a string like \"9.0\"";
    return false;
  }
  JsonFields F(E, Where + " (" + A.computeCapability() + ")");
  if (!F.has("source")) {
    Error = Where + " (" + A.computeCapability() +
            "): every entry needs a 'source'";
    return false;
  }
  F.string("source", A.Source);
  F.string("name", A.Name, JsonFields::Optional);
  count(F, "warp_size", A.WarpSize, MaxCount);
  count(F, "max_warps_per_sm", A.MaxWarpsPerSm, MaxCount);
  count(F, "max_threads_per_sm", A.MaxThreadsPerSm, MaxCount);
  count(F, "max_blocks_per_sm", A.MaxBlocksPerSm, MaxCount);
  count(F, "max_threads_per_block", A.MaxThreadsPerBlock, MaxCount);
  count(F, "registers_per_sm", A.RegistersPerSm, MaxCount);
  count(F, "registers_per_block", A.RegistersPerBlock, MaxCount);
  count(F, "max_registers_per_thread", A.MaxRegistersPerThread, MaxCount);
  count(F, "shared_memory_per_sm", A.SharedMemoryPerSm, MaxBytes);
  count(F, "shared_memory_per_block", A.SharedMemoryPerBlock, MaxBytes);
  count(F, "shared_memory_per_block_optin", A.SharedMemoryPerBlockOptin,
        MaxBytes);
  count(F, "reserved_shared_memory_per_block", A.ReservedSharedMemoryPerBlock,
        MaxBytes);
  if (const json *Rates = F.object("issue_rates", JsonFields::Optional)) {
    JsonFields R(*Rates,
                 Where + " (" + A.computeCapability() + ") 'issue_rates'");
    IssueRates &I = A.Issue;
    R.number("issue", I.Issue, JsonFields::Required, 1e-3, 64);
    R.number("fma", I.Fma, JsonFields::Required, 1e-3, 64);
    R.number("fma_heavy", I.FmaHeavy, JsonFields::Required, 1e-3, 64);
    R.number("alu", I.Alu, JsonFields::Required, 1e-3, 64);
    R.number("fp64", I.Fp64, JsonFields::Required, 1e-3, 64);
    R.number("xu", I.Xu, JsonFields::Required, 1e-3, 64);
    R.number("lsu", I.Lsu, JsonFields::Required, 1e-3, 64);
    R.number("shuffle", I.Shuffle, JsonFields::Required, 1e-3, 64);
    R.number("barrier", I.Barrier, JsonFields::Optional, 1e-3, 64);
    R.number("tensor", I.Tensor, JsonFields::Optional, 1e-3, 64);
    R.number("tensor_fp64", I.TensorFp64, JsonFields::Optional, 1e-3, 64);
    R.string("source", I.Source);
    if (!R.ok()) {
      Error = R.error();
      return false;
    }
  }
  if (const json *Cycles = F.object("latency_cycles", JsonFields::Optional)) {
    JsonFields C(*Cycles,
                 Where + " (" + A.computeCapability() + ") 'latency_cycles'");
    UnitLatencies &U = A.Latencies;
    for (auto [Key, Field] :
         {std::pair{"l1", &U.L1}, std::pair{"l2", &U.L2},
          std::pair{"dram", &U.Dram}, std::pair{"shared", &U.Shared},
          std::pair{"constant", &U.Constant}, std::pair{"special", &U.Special},
          std::pair{"shuffle", &U.Shuffle}, std::pair{"fp64", &U.Fp64},
          std::pair{"tensor", &U.Tensor}, std::pair{"barrier", &U.Barrier}})
      C.number(Key, *Field, JsonFields::Required, 1e-3, 1e6);
    C.number("barrier_per_warp", U.BarrierPerWarp, JsonFields::Optional, 0,
             1e3);
    C.number("dram_unloaded", U.DramUnloaded, JsonFields::Optional, 1e-3, 1e6);
    C.number("dram_loaded_sectors", U.DramLoadedSectors, JsonFields::Optional,
             1, 1e9);
    C.string("source", U.Source);
    if (!C.ok()) {
      Error = C.error();
      return false;
    }
  }
  if (const json *Costs = F.object("launch", JsonFields::Optional)) {
    JsonFields C(*Costs, Where + " (" + A.computeCapability() + ") 'launch'");
    LaunchCosts &L = A.Launch;
    double FloorUs = 0;
    C.number("floor_us", FloorUs, JsonFields::Required, 1e-3, 1e3);
    L.FloorSeconds = FloorUs * 1e-6;
    C.number("block_cycles", L.BlockCycles, JsonFields::Required, 0, 1e6);
    C.number("block_lifetime_cycles", L.BlockLifetimeCycles,
             JsonFields::Required, 0, 1e6);
    C.string("source", L.Source);
    if (!C.ok()) {
      Error = C.error();
      return false;
    }
  }
  if (!F.ok()) {
    Error = F.error();
    return false;
  }
  auto Fail = [&](const char *Why) {
    Error = Where + " (" + A.computeCapability() + "): " + Why;
    return false;
  };
  if (A.WarpSize == 0 ||
      uint64_t(A.MaxWarpsPerSm) * A.WarpSize != A.MaxThreadsPerSm)
    return Fail("max_threads_per_sm must equal max_warps_per_sm x warp_size");
  if (A.MaxBlocksPerSm == 0 || A.MaxThreadsPerBlock == 0 ||
      A.RegistersPerSm == 0 || A.SharedMemoryPerSm == 0)
    return Fail("limits must be positive");
  return true;
}

} // namespace

std::string ArchitectureLimits::computeCapability() const {
  return std::to_string(ComputeMajor) + "." + std::to_string(ComputeMinor);
}

bool ArchitectureTable::loadString(const std::string &Text,
                                   std::string &Error) {
  if (std::string Deep = jsonTooDeep(Text); !Deep.empty()) {
    Error = Deep;
    return false;
  }
  json Doc = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded()) {
    Error = "invalid JSON";
    return false;
  }
  if (!Doc.is_object()) {
    Error = "top level must be an object";
    return false;
  }
  JsonFields Top(Doc, "");
  int64_t Version = 0;
  // Version 2 added the optional issue_rates: version 1 files still read.
  if (!Top.integer("schema_version", Version) || Version < 1 ||
      Version > SupportedSchemaVersion) {
    Error = "unsupported schema_version (this build reads 1 to " +
            std::to_string(SupportedSchemaVersion) + ")";
    return false;
  }
  const json *Latency = Top.object("assumed_dram_latency_ns");
  double LatencyNs = 0;
  std::string LatencySource;
  if (Latency) {
    JsonFields L(*Latency, "'assumed_dram_latency_ns'");
    L.number("value", LatencyNs, JsonFields::Required, 1e-3, 1e9);
    L.string("source", LatencySource);
    if (!L.ok()) {
      Error = "'assumed_dram_latency_ns' needs a positive value and a "
              "source: " +
              L.error();
      return false;
    }
  }
  const json *List = Top.array("architectures");
  if (!Top.ok()) {
    Error = Top.error();
    return false;
  }
  if (List->empty()) {
    Error = "'architectures' must be a non-empty array";
    return false;
  }
  std::vector<ArchitectureLimits> Read;
  for (size_t I = 0; I < List->size(); ++I) {
    ArchitectureLimits A;
    if (!readEntry((*List)[I], I, A, Error))
      return false;
    for (const ArchitectureLimits &B : Read)
      if (B.ComputeMajor == A.ComputeMajor &&
          B.ComputeMinor == A.ComputeMinor) {
        Error = "compute capability " + A.computeCapability() + " listed twice";
        return false;
      }
    Read.push_back(std::move(A));
  }
  Archs = std::move(Read);
  DramLatencyNs = LatencyNs;
  DramLatencySource = LatencySource;
  return true;
}

bool ArchitectureTable::loadFile(const std::string &Path, std::string &Error) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error = "cannot open '" + Path + "'";
    return false;
  }
  if (!loadString((*Text)->getBuffer().str(), Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  return true;
}

bool ArchitectureTable::loadDefault(std::string &Error) {
  return loadFile(defaultPath(), Error);
}

std::string ArchitectureTable::defaultPath() {
  llvm::SmallString<256> Dir(GpuDatabase::defaultPath());
  llvm::sys::path::remove_filename(Dir);
  llvm::sys::path::append(Dir, "architectures.json");
  return std::string(Dir);
}

const ArchitectureLimits *ArchitectureTable::find(unsigned Major,
                                                  unsigned Minor) const {
  for (const ArchitectureLimits &A : Archs)
    if (A.ComputeMajor == Major && A.ComputeMinor == Minor)
      return &A;
  return nullptr;
}

double UnitLatencies::dramWith(double SectorsInFlight) const {
  if (DramUnloaded <= 0 || DramLoadedSectors <= 0 || DramUnloaded >= Dram ||
      SectorsInFlight <= 0)
    return Dram;
  return DramUnloaded + (Dram - DramUnloaded) *
                            std::min(1.0, SectorsInFlight / DramLoadedSectors);
}

} // namespace rla
