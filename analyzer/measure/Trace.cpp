//===- Trace.cpp ----------------------------------------------------------===//
#include "analyzer/measure/Trace.h"
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

template <typename T> T number(const json &J, const char *Key, T Default) {
  auto It = J.find(Key);
  if (It == J.end() || !It->is_number())
    return Default;
  return It->get<T>();
}

bool dims(const json &J, const char *Key, std::array<uint64_t, 3> &Out,
          std::string &Error) {
  auto It = J.find(Key);
  if (It == J.end() || !It->is_array() || It->size() != 3) {
    Error = std::string("'") + Key + "' must be an array of 3 integers";
    return false;
  }
  for (unsigned D = 0; D < 3; ++D) {
    if (!(*It)[D].is_number_unsigned() || (*It)[D].get<uint64_t>() == 0) {
      Error = std::string("'") + Key + "' must hold positive integers";
      return false;
    }
    Out[D] = (*It)[D].get<uint64_t>();
  }
  return true;
}

bool parseDevice(const json &J, TraceDevice &D, std::string &Error) {
  if (!J.contains("name") || !J["name"].is_string()) {
    Error = "device record without a 'name'";
    return false;
  }
  D.Name = J["name"].get<std::string>();
  D.Ordinal = number<int>(J, "device", 0);
  if (J.contains("program") && J["program"].is_string())
    D.Program = J["program"].get<std::string>();
  if (J.contains("cc") && J["cc"].is_array() && J["cc"].size() == 2) {
    D.CcMajor = J["cc"][0].get<int>();
    D.CcMinor = J["cc"][1].get<int>();
  }
  D.SmCount = number<int64_t>(J, "sms", -1);
  D.SmClockKHz = number<int64_t>(J, "sm_clock_khz", -1);
  D.MemClockKHz = number<int64_t>(J, "mem_clock_khz", -1);
  D.MemBusBits = number<int64_t>(J, "mem_bus_bits", -1);
  D.L2Bytes = number<int64_t>(J, "l2_bytes", -1);
  D.GlobalMemBytes = number<int64_t>(J, "global_mem_bytes", -1);
  D.MaxThreadsPerSm = number<int64_t>(J, "max_threads_per_sm", -1);
  D.MaxBlocksPerSm = number<int64_t>(J, "max_blocks_per_sm", -1);
  D.RegsPerSm = number<int64_t>(J, "regs_per_sm", -1);
  D.SmemPerSm = number<int64_t>(J, "smem_per_sm", -1);
  if (J.contains("source") && J["source"].is_string())
    D.Source = J["source"].get<std::string>();
  return true;
}

bool parseLaunch(const json &J, TraceLaunch &L, std::string &Error) {
  if (!J.contains("kernel") || !J["kernel"].is_string() ||
      J["kernel"].get<std::string>().empty()) {
    Error = "launch record without a 'kernel' name";
    return false;
  }
  L.Kernel = J["kernel"].get<std::string>();
  if (!dims(J, "grid", L.Grid, Error) || !dims(J, "block", L.Block, Error))
    return false;
  L.Device = number<int>(J, "device", 0);
  L.DynamicSmem = number<uint64_t>(J, "dynamic_smem", 0);
  L.Stream = number<uint64_t>(J, "stream", 0);
  L.Correlation = number<uint64_t>(J, "correlation", 0);
  if (J.contains("duration_ns")) {
    double D = number<double>(J, "duration_ns", -1);
    if (D < 0) {
      Error = "'duration_ns' must be a non-negative number";
      return false;
    }
    L.DurationNs = D;
  } else if (J.contains("start_ns") && J.contains("end_ns")) {
    uint64_t S = number<uint64_t>(J, "start_ns", 0),
             E = number<uint64_t>(J, "end_ns", 0);
    if (E < S) {
      Error = "'end_ns' is before 'start_ns'";
      return false;
    }
    L.DurationNs = static_cast<double>(E - S);
  }
  L.Registers = number<int>(J, "registers", -1);
  L.StaticSmem = number<int>(J, "static_smem", -1);
  L.LocalBytes = number<int>(J, "local_bytes", -1);
  L.ActiveBlocksPerSm = number<int>(J, "active_blocks_per_sm", -1);
  if (J.contains("args")) {
    if (!J["args"].is_array()) {
      Error = "'args' must be an array";
      return false;
    }
    L.HasArgs = true;
    for (const json &A : J["args"]) {
      TraceArg Arg;
      if (!A.is_object() || !A.contains("hex") || !A["hex"].is_string() ||
          !hexToBytes(A["hex"].get<std::string>(), Arg.Bytes)) {
        Error = "an argument needs 'hex' (its bytes as hexadecimal digits)";
        return false;
      }
      Arg.Offset = number<uint64_t>(A, "offset", 0);
      if (A.contains("size") &&
          number<uint64_t>(A, "size", 0) != Arg.Bytes.size()) {
        Error = "an argument's 'size' does not match its 'hex' bytes";
        return false;
      }
      L.Args.push_back(std::move(Arg));
    }
  }
  return true;
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
