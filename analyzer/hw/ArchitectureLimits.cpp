//===- ArchitectureLimits.cpp - Reads data/architectures.json -------------===//
#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuDatabase.h"
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace rla {
namespace {

using json = nlohmann::json;

struct SchemaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

uint64_t count(const json &Obj, const char *Key, const std::string &Where) {
  if (!Obj.contains(Key))
    throw SchemaError(Where + ": missing field '" + Key + "'");
  const json &V = Obj.at(Key);
  if (!V.is_number_unsigned() &&
      !(V.is_number_integer() && V.get<int64_t>() >= 0))
    throw SchemaError(Where + ": field '" + Key +
                      "' must be a non-negative integer");
  return V.get<uint64_t>();
}

bool parseCapability(const std::string &Text, unsigned &Major,
                     unsigned &Minor) {
  size_t Dot = Text.find('.');
  if (Dot == std::string::npos || Dot == 0 || Dot + 1 == Text.size())
    return false;
  for (size_t I = 0; I < Text.size(); ++I)
    if (I != Dot && !std::isdigit(static_cast<unsigned char>(Text[I])))
      return false;
  Major = std::stoul(Text.substr(0, Dot));
  Minor = std::stoul(Text.substr(Dot + 1));
  return true;
}

ArchitectureLimits readEntry(const json &E, size_t Index) {
  std::string Where = "architectures[" + std::to_string(Index) + "]";
  if (!E.is_object())
    throw SchemaError(Where + ": not an object");
  ArchitectureLimits A;
  if (!E.contains("compute_capability") ||
      !E.at("compute_capability").is_string() ||
      !parseCapability(E.at("compute_capability").get<std::string>(),
                       A.ComputeMajor, A.ComputeMinor))
    throw SchemaError(Where +
                      ": 'compute_capability' must be a string like \"9.0\"");
  Where += " (" + A.computeCapability() + ")";
  if (!E.contains("source") || !E.at("source").is_string() ||
      E.at("source").get<std::string>().empty())
    throw SchemaError(Where + ": every entry needs a 'source'");
  A.Source = E.at("source").get<std::string>();
  if (E.contains("name") && E.at("name").is_string())
    A.Name = E.at("name").get<std::string>();
  A.WarpSize = count(E, "warp_size", Where);
  A.MaxWarpsPerSm = count(E, "max_warps_per_sm", Where);
  A.MaxThreadsPerSm = count(E, "max_threads_per_sm", Where);
  A.MaxBlocksPerSm = count(E, "max_blocks_per_sm", Where);
  A.MaxThreadsPerBlock = count(E, "max_threads_per_block", Where);
  A.RegistersPerSm = count(E, "registers_per_sm", Where);
  A.RegistersPerBlock = count(E, "registers_per_block", Where);
  A.MaxRegistersPerThread = count(E, "max_registers_per_thread", Where);
  A.SharedMemoryPerSm = count(E, "shared_memory_per_sm", Where);
  A.SharedMemoryPerBlock = count(E, "shared_memory_per_block", Where);
  A.SharedMemoryPerBlockOptin =
      count(E, "shared_memory_per_block_optin", Where);
  A.ReservedSharedMemoryPerBlock =
      count(E, "reserved_shared_memory_per_block", Where);
  if (A.WarpSize == 0 || A.MaxWarpsPerSm * A.WarpSize != A.MaxThreadsPerSm)
    throw SchemaError(Where + ": max_threads_per_sm must equal "
                              "max_warps_per_sm x warp_size");
  if (A.MaxBlocksPerSm == 0 || A.MaxThreadsPerBlock == 0 ||
      A.RegistersPerSm == 0 || A.SharedMemoryPerSm == 0)
    throw SchemaError(Where + ": limits must be positive");
  return A;
}

} // namespace

std::string ArchitectureLimits::computeCapability() const {
  return std::to_string(ComputeMajor) + "." + std::to_string(ComputeMinor);
}

bool ArchitectureTable::loadString(const std::string &Text,
                                   std::string &Error) {
  try {
    json Doc = json::parse(Text);
    if (!Doc.is_object())
      throw SchemaError("top level must be an object");
    if (!Doc.contains("schema_version") ||
        !Doc.at("schema_version").is_number_integer() ||
        Doc.at("schema_version").get<int>() != SupportedSchemaVersion)
      throw SchemaError("unsupported schema_version (this build reads " +
                        std::to_string(SupportedSchemaVersion) + ")");
    const json &Latency = Doc.value("assumed_dram_latency_ns", json());
    if (!Latency.is_object() || !Latency.contains("value") ||
        !Latency.at("value").is_number() ||
        Latency.at("value").get<double>() <= 0 || !Latency.contains("source") ||
        !Latency.at("source").is_string())
      throw SchemaError("'assumed_dram_latency_ns' needs a positive value "
                        "and a source");
    const json &List = Doc.value("architectures", json());
    if (!List.is_array() || List.empty())
      throw SchemaError("'architectures' must be a non-empty array");
    std::vector<ArchitectureLimits> Read;
    for (size_t I = 0; I < List.size(); ++I) {
      ArchitectureLimits A = readEntry(List[I], I);
      for (const ArchitectureLimits &B : Read)
        if (B.ComputeMajor == A.ComputeMajor &&
            B.ComputeMinor == A.ComputeMinor)
          throw SchemaError("compute capability " + A.computeCapability() +
                            " listed twice");
      Read.push_back(std::move(A));
    }
    Archs = std::move(Read);
    DramLatencyNs = Latency.at("value").get<double>();
    DramLatencySource = Latency.at("source").get<std::string>();
    return true;
  } catch (const std::exception &E) {
    Error = E.what();
    return false;
  }
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

} // namespace rla
