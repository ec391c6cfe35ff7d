//===- NcuCsv.cpp ---------------------------------------------------------===//
#include "analyzer/measure/NcuCsv.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace rla {
namespace {

/// Splits one CSV line (RFC 4180 quoting; ncu quotes every field).
std::vector<std::string> splitCsv(const std::string &Line) {
  std::vector<std::string> Fields;
  std::string Field;
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Field += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Field += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Fields.push_back(std::move(Field));
      Field.clear();
    } else if (C != '\r') {
      Field += C;
    }
  }
  Fields.push_back(std::move(Field));
  return Fields;
}

/// "4,003,840" -> 4003840; nullopt for text ("PolicySpread", "n/a", "").
std::optional<double> parseNumber(std::string S) {
  S.erase(std::remove(S.begin(), S.end(), ','), S.end());
  if (S.empty())
    return std::nullopt;
  char *End = nullptr;
  double V = std::strtod(S.c_str(), &End);
  if (End != S.c_str() + S.size())
    return std::nullopt;
  return V;
}

/// Scale of a unit ncu prints when --print-units base was not honoured.
double unitScale(const std::string &Unit) {
  static const std::map<std::string, double> Scales = {
      {"Kbyte", 1e3},  {"Mbyte", 1e6}, {"Gbyte", 1e9},   {"KB", 1e3},
      {"MB", 1e6},     {"GB", 1e9},    {"usecond", 1e3}, {"msecond", 1e6},
      {"second", 1e9}, {"us", 1e3},    {"ms", 1e6},      {"Khz", 1e3},
      {"Mhz", 1e6},    {"Ghz", 1e9},   {"KB/s", 1e3},    {"MB/s", 1e6},
      {"GB/s", 1e9}};
  auto It = Scales.find(Unit);
  return It == Scales.end() ? 1.0 : It->second;
}

/// "(1024, 1, 1)" -> {1024, 1, 1}.
std::array<uint64_t, 3> parseDims(const std::string &S) {
  std::array<uint64_t, 3> D{{0, 0, 0}};
  unsigned I = 0;
  const char *P = S.c_str();
  while (*P && I < 3) {
    if (*P >= '0' && *P <= '9') {
      char *End;
      D[I++] = std::strtoull(P, &End, 10);
      P = End;
    } else {
      ++P;
    }
  }
  return D;
}

} // namespace

std::optional<double> NcuLaunch::metric(const std::string &Name) const {
  auto It = Metrics.find(Name);
  if (It == Metrics.end())
    return std::nullopt;
  return It->second;
}

std::optional<double> NcuLaunch::flops(char P) const {
  std::string Prefix = "smsp__sass_thread_inst_executed_op_";
  auto Get = [&](const char *Op) {
    return metric(Prefix + P + Op + "_pred_on.sum");
  };
  auto Add = Get("add"), Mul = Get("mul"), Fma = Get("fma");
  if (!Add || !Mul || !Fma)
    return std::nullopt;
  return *Add + *Mul + 2 * *Fma;
}

std::optional<double> NcuLaunch::totalFlops() const {
  double Sum = 0;
  bool Any = false;
  for (char P : {'f', 'd', 'h'})
    if (auto V = flops(P)) {
      Sum += *V;
      Any = true;
    }
  if (!Any)
    return std::nullopt;
  return Sum;
}

std::optional<double> NcuLaunch::dramBytes() const {
  auto R = metric("dram__bytes_read.sum"), W = metric("dram__bytes_write.sum");
  if (!R || !W)
    return std::nullopt;
  return *R + *W;
}

std::optional<double> NcuLaunch::durationNs() const {
  return metric("gpu__time_duration.sum");
}

std::optional<double> NcuLaunch::activeBlocksPerSm() const {
  std::optional<double> Least;
  for (const char *Limit :
       {"blocks", "registers", "shared_mem", "warps", "barriers"})
    if (auto V = metric(std::string("launch__occupancy_limit_") + Limit))
      Least = Least ? std::min(*Least, *V) : *V;
  return Least;
}

bool parseNcuCsv(const std::string &Text, NcuResults &Out, std::string &Error) {
  std::istringstream In(Text);
  std::string Line, Program;
  std::vector<std::string> Header, Units;
  unsigned LineNo = 0;
  bool SawHeader = false;
  unsigned FirstOther = 0; ///< first line before any header
  while (std::getline(In, Line)) {
    ++LineNo;
    if (Line.rfind("# program:", 0) == 0) {
      Program = Line.substr(10);
      Program.erase(0, Program.find_first_not_of(" \t"));
      Program.erase(Program.find_last_not_of(" \t\r") + 1);
      Header.clear();
      Units.clear();
      continue;
    }
    if (Line.rfind("==ERROR==", 0) == 0) {
      Out.Errors[Program].push_back(Line);
      continue;
    }
    if (Line.empty() || Line[0] == '#' || Line.rfind("==", 0) == 0)
      continue;
    // ncu quotes every field; a line that does not start with a quote is
    // the program's own output, which `ncu --csv` prints around its rows.
    if (Line[0] != '"') {
      if (!FirstOther)
        FirstOther = LineNo;
      continue;
    }
    std::vector<std::string> Fields = splitCsv(Line);
    if (Header.empty()) {
      // ncu's stdout carries the program's own output before the CSV.
      if (std::find(Fields.begin(), Fields.end(), "Kernel Name") ==
          Fields.end()) {
        if (!FirstOther)
          FirstOther = LineNo;
        continue;
      }
      Header = std::move(Fields);
      SawHeader = true;
      continue;
    }
    if (Units.empty() && !Fields.empty() && Fields[0].empty()) {
      Units = std::move(Fields); // the units row has no ID
      continue;
    }
    if (Fields.size() != Header.size()) {
      Error = "line " + std::to_string(LineNo) + ": " +
              std::to_string(Fields.size()) + " fields, the header has " +
              std::to_string(Header.size());
      return false;
    }
    NcuLaunch L;
    L.Program = Program;
    for (size_t I = 0; I < Header.size(); ++I) {
      const std::string &H = Header[I];
      if (H == "Kernel Name")
        L.Kernel = Fields[I];
      else if (H == "Grid Size")
        L.Grid = parseDims(Fields[I]);
      else if (H == "Block Size")
        L.Block = parseDims(Fields[I]);
      else if (H.find("__") != std::string::npos)
        if (auto V = parseNumber(Fields[I])) {
          double Scaled = *V * (I < Units.size() ? unitScale(Units[I]) : 1.0);
          // Counters, times and rates are finite and not negative; "inf",
          // "nan" or 1e400 would become a measured "inf B" and "nan%".
          if (!std::isfinite(Scaled) || Scaled < 0) {
            Error = "line " + std::to_string(LineNo) + ": \"" + H +
                    "\" must be a finite non-negative number, found '" +
                    Fields[I] + "'";
            return false;
          }
          L.Metrics[H] = Scaled;
        }
    }
    Out.Launches.push_back(std::move(L));
  }
  if (!SawHeader && FirstOther) {
    Error = "line " + std::to_string(FirstOther) +
            ": expected ncu's CSV header (with \"Kernel Name\"); none found";
    return false;
  }
  return true;
}

bool readNcuCsvFile(const std::string &Path, NcuResults &Out,
                    std::string &Error) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text) {
    Error = "cannot read ncu CSV '" + Path + "'";
    return false;
  }
  if (!parseNcuCsv((*Text)->getBuffer().str(), Out, Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  return true;
}

} // namespace rla
