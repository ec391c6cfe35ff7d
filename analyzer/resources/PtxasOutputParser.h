//===- PtxasOutputParser.h - Reads `ptxas -v` resource lines ----*- C++ -*-===//
///
/// \file
/// Turns the resource report of `nvcc -Xptxas -v` (or NVRTC's log with
/// --ptxas-options=-v) into one record per compiled function and
/// architecture: registers, barriers, static shared memory, stack frame,
/// spill stores and loads, constant banks. Accepts what toolkits print
/// differently (no barrier count in older ones, cmem fields on some
/// architectures only, "sm_90a", MSVC's "1>  " line prefix, NVRTC's
/// prefixes, warnings between the info lines).
//===----------------------------------------------------------------------===//
#ifndef RLA_RESOURCES_PTXASOUTPUTPARSER_H
#define RLA_RESOURCES_PTXASOUTPUTPARSER_H

#include "analyzer/ir/Note.h"
#include "analyzer/resources/SassListing.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rla {

struct PtxasFunction {
  std::string MangledName; ///< as ptxas prints it ("plain" for extern "C")
  std::string Arch;        ///< "sm_90a"; empty for a non-entry function
  bool IsEntry = false;    ///< a __global__ kernel ("Compiling entry ...")
  bool HasUsage = false;   ///< a "Used N registers" line was seen
  unsigned Registers = 0;
  std::optional<unsigned> Barriers; ///< older toolkits do not print it
  uint64_t StaticSmemBytes = 0;
  uint64_t StackFrameBytes = 0;
  uint64_t SpillStoreBytes = 0;
  uint64_t SpillLoadBytes = 0;
  uint64_t CumulativeStackBytes = 0;
  std::map<unsigned, uint64_t> ConstantBankBytes; ///< cmem[N] -> bytes
};

struct PtxasReport {
  std::vector<PtxasFunction> Functions; ///< in the order ptxas printed them
  /// "ptxas warning : ..." texts (without the prefix), in order.
  std::vector<std::string> Warnings;
  /// Lines that looked like resource lines but did not parse.
  std::vector<std::string> Unparsed;
  /// The same compile's machine code (nvdisasm of the cubin); empty with
  /// SassWhy saying why when there is none (no disassembler, ...).
  SassListing Sass;
  Note SassWhy;

  /// The entry Name compiled for Arch (any arch when Arch is empty).
  const PtxasFunction *findEntry(const std::string &Name,
                                 const std::string &Arch = "") const;
};

PtxasReport parsePtxasOutput(const std::string &Text);

} // namespace rla

#endif // RLA_RESOURCES_PTXASOUTPUTPARSER_H
