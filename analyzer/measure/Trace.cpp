//===- Trace.cpp ----------------------------------------------------------===//
#include "analyzer/measure/Trace.h"
#include "analyzer/support/JsonDepth.h"
#include "analyzer/support/JsonFields.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace rla {
namespace {

using nlohmann::json;

bool hexToBytes(const std::string &Hex, std::vector<uint8_t> &Out) {
  if (Hex.size() % 2)
    return false;
  auto Digit = [](char C) -> int {
    if (C >= '0' && C <= '9')
      return C - '0';
    if (C >= 'a' && C <= 'f')
      return C - 'a' + 10;
    if (C >= 'A' && C <= 'F')
      return C - 'A' + 10;
    return -1;
  };
  for (size_t I = 0; I < Hex.size(); I += 2) {
    int H = Digit(Hex[I]), L = Digit(Hex[I + 1]);
    if (H < 0 || L < 0)
      return false;
    Out.push_back(static_cast<uint8_t>(H * 16 + L));
  }
  return true;
}

constexpr int64_t NoValue = -1; ///< what the tracer writes when unknown

/// grid / block: three positive integers, each within what CUDA launches.
bool dims(JsonFields &F, const char *Key, std::array<uint64_t, 3> &Out) {
  const json *V = F.array(Key);
  if (!V)
    return false;
  if (V->size() != 3)
    return F.fail(Key, "must be an array of 3 integers");
  for (unsigned D = 0; D < 3; ++D) {
    int64_t N;
    std::string Why;
    if (!jsonInteger((*V)[D], 1, UINT32_MAX, N, Why))
      return F.failElement(Key, D, Why);
    Out[D] = static_cast<uint64_t>(N);
  }
  return true;
}

bool parseDevice(const json &J, TraceDevice &D, std::string &Error) {
  JsonFields F(J, "device record");
  F.string("name", D.Name);
  F.integer("device", D.Ordinal, JsonFields::Optional, 0);
  F.string("program", D.Program, JsonFields::Optional, /*AllowEmpty=*/true);
  if (const json *Cc = F.array("cc", JsonFields::Optional)) {
    int64_t Major = 0, Minor = 0;
    std::string Why;
    if (Cc->size() != 2 || !jsonInteger((*Cc)[0], 0, 99, Major, Why) ||
        !jsonInteger((*Cc)[1], 0, 99, Minor, Why))
      F.fail("cc", "must be [major, minor] with integers in [0, 99]");
    D.CcMajor = static_cast<int>(Major);
    D.CcMinor = static_cast<int>(Minor);
  }
  for (auto [Key, Field] :
       {std::pair{"sms", &TraceDevice::SmCount},
        {"sm_clock_khz", &TraceDevice::SmClockKHz},
        {"mem_clock_khz", &TraceDevice::MemClockKHz},
        {"mem_bus_bits", &TraceDevice::MemBusBits},
        {"l2_bytes", &TraceDevice::L2Bytes},
        {"global_mem_bytes", &TraceDevice::GlobalMemBytes},
        {"max_threads_per_sm", &TraceDevice::MaxThreadsPerSm},
        {"max_blocks_per_sm", &TraceDevice::MaxBlocksPerSm},
        {"regs_per_sm", &TraceDevice::RegsPerSm},
        {"smem_per_sm", &TraceDevice::SmemPerSm}})
    F.integer(Key, D.*Field, JsonFields::Optional, NoValue);
  F.string("source", D.Source, JsonFields::Optional, /*AllowEmpty=*/true);
  Error = F.error();
  return F.ok();
}

bool parseArg(const json &A, size_t Index, TraceArg &Arg, std::string &Error) {
  JsonFields F(A, "\"args\"[" + std::to_string(Index) + "]");
  std::string Hex;
  uint64_t Size = 0;
  F.string("hex", Hex, JsonFields::Required, /*AllowEmpty=*/true);
  F.integer("offset", Arg.Offset, JsonFields::Optional);
  F.integer("size", Size, JsonFields::Optional);
  if (F.ok() && !hexToBytes(Hex, Arg.Bytes))
    F.fail("hex", "must be the argument's bytes as hexadecimal digits");
  if (F.ok() && F.has("size") && Size != Arg.Bytes.size())
    F.fail("size", "does not match the " + std::to_string(Arg.Bytes.size()) +
                       " bytes of \"hex\"");
  Error = F.error();
  return F.ok();
}

bool parseLaunch(const json &J, TraceLaunch &L, std::string &Error) {
  JsonFields F(J, "");
  auto Done = [&] {
    Error = F.error();
    return F.ok();
  };
  if (!F.string("kernel", L.Kernel)) {
    Error = "launch record without a 'kernel' name";
    return false;
  }
  if (!dims(F, "grid", L.Grid) || !dims(F, "block", L.Block))
    return Done();
  F.integer("device", L.Device, JsonFields::Optional, 0);
  F.integer("dynamic_smem", L.DynamicSmem, JsonFields::Optional);
  F.integer("stream", L.Stream, JsonFields::Optional);
  F.integer("correlation", L.Correlation, JsonFields::Optional);
  if (F.has("duration_ns")) {
    double D = 0;
    if (F.number("duration_ns", D, JsonFields::Required, 0))
      L.DurationNs = D;
  } else if (F.has("start_ns") && F.has("end_ns")) {
    uint64_t S = 0, E = 0;
    if (F.integer("start_ns", S) && F.integer("end_ns", E)) {
      if (E < S)
        F.fail("end_ns", "is before \"start_ns\"");
      else
        L.DurationNs = static_cast<double>(E - S);
    }
  }
  for (auto [Key, Field] :
       {std::pair{"registers", &TraceLaunch::Registers},
        {"static_smem", &TraceLaunch::StaticSmem},
        {"local_bytes", &TraceLaunch::LocalBytes},
        {"active_blocks_per_sm", &TraceLaunch::ActiveBlocksPerSm}})
    F.integer(Key, L.*Field, JsonFields::Optional, int(NoValue));
  if (const json *Args = F.array("args", JsonFields::Optional)) {
    L.HasArgs = true;
    for (size_t I = 0; I < Args->size() && F.ok(); ++I) {
      TraceArg Arg;
      std::string Why;
      if (!parseArg((*Args)[I], I, Arg, Why)) {
        Error = Why;
        return false;
      }
      L.Args.push_back(std::move(Arg));
    }
  }
  return Done();
}

} // namespace

const TraceDevice *Trace::deviceOf(const TraceLaunch &L) const {
  for (const TraceDevice &D : Devices)
    if (D.Ordinal == L.Device && D.Program == L.Program)
      return &D;
  for (const TraceDevice &D : Devices)
    if (D.Ordinal == L.Device)
      return &D;
  return Devices.empty() ? nullptr : &Devices.front();
}

bool parseTrace(const std::string &Text, Trace &Out, std::string &Error) {
  std::istringstream In(Text);
  std::string Line, Program;
  unsigned LineNo = 0;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    auto Fail = [&](const std::string &Why) {
      Error = "line " + std::to_string(LineNo) + ": " + Why;
      return false;
    };
    if (std::string Deep = jsonTooDeep(Line); !Deep.empty())
      return Fail(Deep);
    json J = json::parse(Line, nullptr, /*allow_exceptions=*/false);
    if (J.is_discarded() || !J.is_object())
      return Fail("not a JSON object");
    std::string Type = J.contains("type") && J["type"].is_string()
                           ? J["type"].get<std::string>()
                           : "";
    std::string Why;
    if (Type == "device") {
      TraceDevice D;
      if (!parseDevice(J, D, Why))
        return Fail(Why);
      Program = D.Program;
      Out.Devices.push_back(std::move(D));
    } else if (Type == "launch") {
      TraceLaunch L;
      if (!parseLaunch(J, L, Why))
        return Fail(Why);
      L.Program = Program;
      L.Line = LineNo;
      Out.Launches.push_back(std::move(L));
    } else {
      return Fail("unknown record type '" + Type +
                  "' (expected \"device\" or \"launch\")");
    }
  }
  return true;
}

bool readTraceFile(const std::string &Path, Trace &Out, std::string &Error) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error = "cannot read trace '" + Path + "'";
    return false;
  }
  if (!parseTrace((*Text)->getBuffer().str(), Out, Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  return true;
}

} // namespace rla
