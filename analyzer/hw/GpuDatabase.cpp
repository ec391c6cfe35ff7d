//===- GpuDatabase.cpp - Reads and validates data/gpus.json ---------------===//
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/support/JsonDepth.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <map>
#include <sstream>
#include <stdexcept>

#ifndef RLA_DATA_DIR
#error "RLA_DATA_DIR must name the source tree's data/ directory"
#endif

namespace rla {

namespace {

using json = nlohmann::json;

/// A schema violation. Thrown only inside this file and turned into the
/// false + Error result at the loader's boundary.
struct SchemaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The tensor-core formats an entry may list, in the order they are stored:
/// input precisions, and "fp16_acc16" where fp16 with an fp16 accumulator
/// runs at another rate than with fp32 (GeForce parts).
constexpr const char *TensorKinds[] = {
    "fp64", "tf32", "fp16", "fp16_acc16", "bf16", "fp8", "int8", "int4", "fp4"};

std::string normalizeName(const std::string &Name) {
  std::string Key;
  for (char C : Name)
    if (C != ' ' && C != '-' && C != '_')
      Key += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Key;
}

/// Every spelling find() accepts for G.
std::vector<std::string> spellingsOf(const GpuSpec &G) {
  std::vector<std::string> Names = {G.Name, G.FullName};
  Names.insert(Names.end(), G.Aliases.begin(), G.Aliases.end());
  return Names;
}

/// Names one entry (or the top level) and a field path in every complaint.
class Reader {
public:
  explicit Reader(std::string Where) : Where(std::move(Where)) {}

  [[noreturn]] void fail(const std::string &Field,
                         const std::string &Msg) const {
    if (Field.empty())
      throw SchemaError(Where + ": " + Msg);
    throw SchemaError(Where + ": field '" + Field + "': " + Msg);
  }

  /// Rejects keys outside Known so a misspelt optional field is not dropped.
  void checkKeys(const json &Obj, const std::string &Prefix,
                 std::initializer_list<const char *> Known) const {
    checkKeys(Obj, Prefix, llvm::ArrayRef<const char *>(Known));
  }
  void checkKeys(const json &Obj, const std::string &Prefix,
                 llvm::ArrayRef<const char *> Known) const {
    for (const auto &Item : Obj.items()) {
      bool Found = std::any_of(Known.begin(), Known.end(),
                               [&](const char *K) { return Item.key() == K; });
      if (Found)
        continue;
      std::string List;
      for (const char *K : Known)
        List += (List.empty() ? "" : ", ") + std::string(K);
      fail(Prefix + Item.key(),
           "unknown field (expected one of: " + List + ")");
    }
  }

  const json &require(const json &Obj, const std::string &Prefix,
                      const char *Key) const {
    auto It = Obj.find(Key);
    if (It == Obj.end())
      fail(Prefix + Key, "missing");
    return *It;
  }

  std::string string(const json &J, const std::string &Field) const {
    if (!J.is_string() || J.get_ref<const std::string &>().empty())
      fail(Field, "expected a non-empty string");
    return J.get<std::string>();
  }

  std::vector<std::string> strings(const json &J,
                                   const std::string &Field) const {
    if (!J.is_array())
      fail(Field, "expected an array of strings");
    std::vector<std::string> Out;
    for (size_t I = 0; I < J.size(); ++I)
      Out.push_back(string(J[I], Field + "[" + std::to_string(I) + "]"));
    return Out;
  }

  /// {"value": 91.6, "unit": "TFLOP/s", "source": "..."} -> SI value.
  double scaled(const json &J, const std::string &Field, Quantity Q) const {
    const json &Value = require(J, Field + ".", "value");
    if (!Value.is_number())
      fail(Field + ".value", "expected a number");
    double V = Value.get<double>();
    if (!std::isfinite(V) || V <= 0)
      fail(Field + ".value", "must be positive");
    if (Q == Quantity::Count && V != std::floor(V))
      fail(Field + ".value", "must be a whole number");
    // Counts (SMs) become ints in the models.
    if (Q == Quantity::Count && V > INT32_MAX)
      fail(Field + ".value", "must be at most " + std::to_string(INT32_MAX));
    std::string Unit = string(require(J, Field + ".", "unit"), Field + ".unit");
    std::optional<double> Scale = unitScale(Unit, Q);
    if (!Scale)
      fail(Field + ".unit", "unknown unit '" + Unit + "' for " +
                                quantityName(Q) +
                                " (expected one of: " + acceptedUnits(Q) + ")");
    // 1e308 TB/s is a number but not a bandwidth: every time would be 0.
    if (!std::isfinite(V * *Scale))
      fail(Field + ".value", "is too large");
    return V * *Scale;
  }

  SourcedValue number(const json &J, const std::string &Field,
                      Quantity Q) const {
    if (!J.is_object())
      fail(Field, "expected an object {\"value\", \"unit\", \"source\"}");
    checkKeys(J, Field + ".", {"value", "unit", "source", "measured"});
    SourcedValue V;
    V.Value = scaled(J, Field, Q);
    V.Source = string(require(J, Field + ".", "source"), Field + ".source");
    if (auto It = J.find("measured"); It != J.end()) {
      std::string Sub = Field + ".measured";
      if (!It->is_object())
        fail(Sub, "expected an object {\"value\", \"unit\", \"source\"}");
      checkKeys(*It, Sub + ".", {"value", "unit", "source"});
      V.Measured = scaled(*It, Sub, Q);
      V.MeasuredSource =
          string(require(*It, Sub + ".", "source"), Sub + ".source");
    }
    return V;
  }

  std::optional<SourcedValue> optionalNumber(const json &Obj, const char *Key,
                                             Quantity Q) const {
    auto It = Obj.find(Key);
    if (It == Obj.end())
      return std::nullopt;
    return number(*It, Key, Q);
  }

private:
  std::string Where;
};

/// "8.9" -> (8, 9).
void readComputeCapability(const Reader &R, const json &J, GpuSpec &G) {
  std::string Text = R.string(J, "compute_capability");
  size_t Dot = Text.find('.');
  auto AllDigits = [](const std::string &S) {
    return !S.empty() && S.size() < 4 &&
           std::all_of(S.begin(), S.end(),
                       [](unsigned char C) { return std::isdigit(C); });
  };
  std::string Major = Text.substr(0, Dot);
  std::string Minor = Dot == std::string::npos ? "" : Text.substr(Dot + 1);
  if (!AllDigits(Major) || !AllDigits(Minor))
    R.fail("compute_capability",
           "expected \"major.minor\", got '" + Text + "'");
  G.ComputeMajor = std::stoul(Major);
  G.ComputeMinor = std::stoul(Minor);
}

void readPeakFlops(const Reader &R, const json &J, GpuSpec &G) {
  if (!J.is_object())
    R.fail("peak_flops", "expected an object keyed by precision");
  R.checkKeys(J, "peak_flops.", {"fp16", "bf16", "fp32", "fp64"});
  for (unsigned P = 0; P < NumPrecisions; ++P) {
    const char *Name = precisionName(static_cast<Precision>(P));
    if (auto It = J.find(Name); It != J.end())
      G.PeakFlops[P] =
          R.number(*It, std::string("peak_flops.") + Name, Quantity::FlopRate);
  }
  if (!G.PeakFlops[static_cast<unsigned>(Precision::FP32)])
    R.fail("peak_flops.fp32", "missing (every GPU needs an FP32 peak)");
}

void readTensorFlops(const Reader &R, const json &J, GpuSpec &G) {
  if (!J.is_object())
    R.fail("tensor_flops", "expected an object keyed by format");
  R.checkKeys(J, "tensor_flops.", llvm::ArrayRef<const char *>(TensorKinds));
  for (const char *Kind : TensorKinds)
    if (auto It = J.find(Kind); It != J.end())
      G.TensorFlops.emplace_back(
          Kind, R.number(*It, std::string("tensor_flops.") + Kind,
                         Quantity::FlopRate));
}

/// MUFU results per clock per SM for 32-bit sin/cos/ex2/lg2/rcp/rsqrt, the
/// same for compute capability 5.0 to 12.x in the Programming Guide's table.
constexpr double SfuResultsPerSmClock = 16;
/// Texture units per SM, each one texel fetch per clock: four on every
/// architecture the database holds (the Volta, Turing, Ampere, Ada, Hopper
/// and Blackwell whitepapers' texture units over their SMs: 528 on the
/// H100 SXM's 132 SMs).
constexpr double TextureFetchesPerSmClock = 4;

/// An ascending table of {addresses, value, unit, source} atomic rates.
void readAtomicTable(const Reader &R, const json &J, const std::string &Key,
                     std::vector<GpuSpec::AtomicRate> &Table) {
  auto It = J.find(Key);
  if (It == J.end())
    return;
  if (!It->is_array())
    R.fail(Key, "expected an array of {\"addresses\", \"value\", \"unit\", "
                "\"source\"}");
  for (size_t I = 0; I < It->size(); ++I) {
    std::string Field = Key + "[" + std::to_string(I) + "]";
    json Point = (*It)[I];
    if (!Point.is_object() || !Point.contains("addresses") ||
        !Point["addresses"].is_number() || Point["addresses"] <= 0)
      R.fail(Field, "expected an object with a positive \"addresses\"");
    GpuSpec::AtomicRate Rate;
    Rate.Addresses = Point["addresses"].get<double>();
    Point.erase("addresses");
    Rate.Interval = R.number(Point, Field, Quantity::Duration);
    if (!Table.empty() && Rate.Addresses <= Table.back().Addresses)
      R.fail(Field, "addresses must ascend");
    Table.push_back(Rate);
  }
}

GpuSpec readGpu(const json &J, size_t Index) {
  std::string Where = "entry " + std::to_string(Index);
  if (!J.is_object())
    Reader(Where).fail("", "expected an object");
  Reader Unnamed(Where);
  GpuSpec G;
  G.Name = Unnamed.string(Unnamed.require(J, "", "name"), "name");
  Reader R(Where + " (\"" + G.Name + "\")");
  R.checkKeys(J, "",
              {"name",
               "full_name",
               "aliases",
               "architecture",
               "compute_capability",
               "sm_count",
               "boost_clock",
               "peak_flops",
               "tensor_flops",
               "dram_bandwidth",
               "dram_capacity",
               "l2_cache",
               "l1_cache",
               "l2_bandwidth",
               "l1_bandwidth",
               "dram_latency",
               "host_link_bandwidth",
               "atomic_interval",
               "dram_sustained",
               "dram_fetch",
               "notes",
               "atomic_interval_lane_distinct",
               "scattered_store",
               "atomic_interval_float_one_address",
               "launch_floor",
               "launch_dram"});
  G.FullName = R.string(R.require(J, "", "full_name"), "full_name");
  if (auto It = J.find("aliases"); It != J.end())
    G.Aliases = R.strings(*It, "aliases");
  G.Architecture = R.string(R.require(J, "", "architecture"), "architecture");
  readComputeCapability(R, R.require(J, "", "compute_capability"), G);
  G.SmCount = R.optionalNumber(J, "sm_count", Quantity::Count);
  G.BoostClockHz = R.optionalNumber(J, "boost_clock", Quantity::Frequency);
  readPeakFlops(R, R.require(J, "", "peak_flops"), G);
  if (auto It = J.find("tensor_flops"); It != J.end())
    readTensorFlops(R, *It, G);
  G.DramBandwidth = R.number(R.require(J, "", "dram_bandwidth"),
                             "dram_bandwidth", Quantity::ByteRate);
  G.DramBytes = R.optionalNumber(J, "dram_capacity", Quantity::Bytes);
  G.L2Bytes = R.optionalNumber(J, "l2_cache", Quantity::Bytes);
  G.L1SharedBytesPerSm = R.optionalNumber(J, "l1_cache", Quantity::Bytes);
  G.DramFetchBytes = R.optionalNumber(J, "dram_fetch", Quantity::Bytes);
  G.L2Bandwidth = R.optionalNumber(J, "l2_bandwidth", Quantity::ByteRate);
  G.L1Bandwidth = R.optionalNumber(J, "l1_bandwidth", Quantity::ByteRate);
  G.DramLatency = R.optionalNumber(J, "dram_latency", Quantity::Duration);
  G.HostLinkBandwidth =
      R.optionalNumber(J, "host_link_bandwidth", Quantity::ByteRate);
  G.LaunchFloor = R.optionalNumber(J, "launch_floor", Quantity::Duration);
  G.LaunchDramBytes = R.optionalNumber(J, "launch_dram", Quantity::Bytes);
  if (auto It = J.find("dram_sustained"); It != J.end()) {
    if (!It->is_object())
      R.fail("dram_sustained", "expected an object {\"read\", \"write\", "
                               "\"copy\"}");
    R.checkKeys(*It, "dram_sustained.", {"read", "write", "copy"});
    G.DramReadBandwidth = R.number(R.require(*It, "dram_sustained.", "read"),
                                   "dram_sustained.read", Quantity::ByteRate);
    G.DramWriteBandwidth = R.number(R.require(*It, "dram_sustained.", "write"),
                                    "dram_sustained.write", Quantity::ByteRate);
    G.DramCopyBandwidth = R.number(R.require(*It, "dram_sustained.", "copy"),
                                   "dram_sustained.copy", Quantity::ByteRate);
  }
  readAtomicTable(R, J, "atomic_interval", G.AtomicIntervals);
  readAtomicTable(R, J, "atomic_interval_lane_distinct",
                  G.LaneDistinctAtomicIntervals);
  G.FloatAtomicInterval = R.optionalNumber(
      J, "atomic_interval_float_one_address", Quantity::Duration);
  if (auto It = J.find("scattered_store"); It != J.end()) {
    if (!It->is_object())
      R.fail("scattered_store", "expected an object {\"sector\", \"line\"}");
    R.checkKeys(*It, "scattered_store.", {"sector", "line"});
    G.ScatteredStore = GpuSpec::ScatteredStoreCost{
        R.number(R.require(*It, "scattered_store.", "sector"),
                 "scattered_store.sector", Quantity::Duration),
        R.number(R.require(*It, "scattered_store.", "line"),
                 "scattered_store.line", Quantity::Duration)};
  }
  if (G.SmCount && G.BoostClockHz)
    G.SfuThroughput = SourcedValue{
        G.SmCount->Value * SfuResultsPerSmClock * G.BoostClockHz->Value,
        "derived: SMs x 16 special-function results per clock (CUDA C++ "
        "Programming Guide, arithmetic instruction throughput: sin, cos, "
        "exp2, log2, reciprocal, rsqrt) x boost clock"};
  if (G.SmCount && G.BoostClockHz)
    G.TextureThroughput = SourcedValue{
        G.SmCount->Value * TextureFetchesPerSmClock * G.BoostClockHz->Value,
        "derived: SMs x 4 texture units, one fetch per clock each "
        "(architecture whitepapers' texture unit counts) x boost clock"};
  if (auto It = J.find("notes"); It != J.end())
    G.Notes = R.strings(*It, "notes");
  return G;
}

/// Fails when two entries share a spelling find() would accept.
void checkUnique(const std::vector<GpuSpec> &Gpus) {
  std::map<std::string, size_t> Owner;
  for (size_t I = 0; I < Gpus.size(); ++I) {
    for (const std::string &Spelling : spellingsOf(Gpus[I])) {
      auto [It, Inserted] = Owner.emplace(normalizeName(Spelling), I);
      if (Inserted || It->second == I)
        continue;
      const GpuSpec &Other = Gpus[It->second];
      throw SchemaError("entry " + std::to_string(I) + " (\"" + Gpus[I].Name +
                        "\"): name or alias '" + Spelling +
                        "' already names entry " + std::to_string(It->second) +
                        " (\"" + Other.Name + "\")");
    }
  }
}

std::string &executablePath() {
  static std::string Path;
  return Path;
}

} // namespace

bool GpuDatabase::loadString(const std::string &Text, std::string &Error) {
  if (std::string Deep = jsonTooDeep(Text); !Deep.empty()) {
    Error = Deep;
    return false;
  }
  try {
    json Root = json::parse(Text);
    Reader Top("top level");
    if (!Root.is_object())
      Top.fail("", "expected a JSON object");
    // The version is checked before anything else so that a newer file
    // reports "unsupported version" rather than an unknown field.
    const json &Version = Top.require(Root, "", "schema_version");
    if (!Version.is_number_integer())
      Top.fail("schema_version", "expected an integer");
    int FileVersion = Version.get<int>();
    if (FileVersion != SupportedSchemaVersion)
      Top.fail("schema_version",
               "version " + std::to_string(FileVersion) +
                   " is not supported (this build reads version " +
                   std::to_string(SupportedSchemaVersion) + ")");
    Top.checkKeys(Root, "", {"schema_version", "default", "changelog", "gpus"});
    if (auto It = Root.find("changelog"); It != Root.end() && !It->is_array())
      Top.fail("changelog", "expected an array");

    const json &List = Top.require(Root, "", "gpus");
    if (!List.is_array() || List.empty())
      Top.fail("gpus", "expected a non-empty array");
    GpuDatabase Loaded;
    Loaded.SchemaVersion = FileVersion;
    for (size_t I = 0; I < List.size(); ++I)
      Loaded.Gpus.push_back(readGpu(List[I], I));
    checkUnique(Loaded.Gpus);

    std::string DefaultName =
        Top.string(Top.require(Root, "", "default"), "default");
    const GpuSpec *Default = Loaded.find(DefaultName);
    if (!Default)
      Top.fail("default", "'" + DefaultName + "' is not a GPU in this file");
    Loaded.Default = Default->Name;
    *this = std::move(Loaded);
    return true;
  } catch (const json::exception &E) {
    Error = std::string("invalid JSON: ") + E.what();
  } catch (const SchemaError &E) {
    Error = E.what();
  }
  return false;
}

bool GpuDatabase::loadFile(const std::string &Path, std::string &Error) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error =
        "cannot open GPU database '" + Path + "': " + Text.getError().message();
    return false;
  }
  if (loadString((*Text)->getBuffer().str(), Error))
    return true;
  Error = Path + ": " + Error;
  return false;
}

bool GpuDatabase::loadDefault(std::string &Error) {
  return loadFile(defaultPath(), Error);
}

const GpuSpec *GpuDatabase::find(const std::string &NameOrAlias) const {
  std::string Key = normalizeName(NameOrAlias);
  if (Key.empty())
    return nullptr;
  for (const GpuSpec &G : Gpus)
    for (const std::string &Spelling : spellingsOf(G))
      if (normalizeName(Spelling) == Key)
        return &G;
  return nullptr;
}

std::string GpuDatabase::knownNames() const {
  std::vector<std::string> Names;
  for (const GpuSpec &G : Gpus)
    Names.push_back(G.Name);
  std::sort(Names.begin(), Names.end());
  std::string Joined;
  for (const std::string &N : Names)
    Joined += (Joined.empty() ? "" : ", ") + N;
  return Joined;
}

void GpuDatabase::setExecutablePath(const std::string &Argv0) {
  executablePath() = Argv0;
}

std::string GpuDatabase::defaultPath() {
  if (const char *Dir = std::getenv("RL_ANALYZE_DATA_DIR"); Dir && *Dir) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, "gpus.json");
    return std::string(Path);
  }
  if (!executablePath().empty()) {
    // Any function in this binary serves as the address getMainExecutable
    // needs where argv[0] alone cannot locate the executable.
    void *Anchor = reinterpret_cast<void *>(&GpuDatabase::defaultPath);
    std::string Exe =
        llvm::sys::fs::getMainExecutable(executablePath().c_str(), Anchor);
    if (!Exe.empty()) {
      llvm::SmallString<256> Path(llvm::sys::path::parent_path(Exe));
      llvm::sys::path::append(Path, "..", "share", "rl-analyze", "gpus.json");
      if (llvm::sys::fs::exists(Path))
        return std::string(Path);
    }
  }
  return std::string(RLA_DATA_DIR) + "/gpus.json";
}

} // namespace rla
