//===- OccupancyCommand.cpp - The what-if occupancy calculator ------------===//
///
/// \file
/// `rl-analyze occupancy --gpu L40S --registers 64 --block 256 --smem 0`:
/// occupancy from numbers alone, no source file; `--sweep` lists every
/// block size and the best one.
//===----------------------------------------------------------------------===//
#include "OccupancyCommand.h"

#include "analyzer/driver/ByteSize.h"
#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/models/OccupancyWhatIf.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/report/WhatIfRenderer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rla {
namespace {

cl::SubCommand Occupancy("occupancy",
                         "What-if occupancy calculator: registers, block "
                         "size and shared memory in, occupancy out");

cl::opt<std::string> Gpu("gpu", cl::desc("GPU (default: the database default)"),
                         cl::value_desc("name"), cl::sub(Occupancy));
cl::opt<unsigned> Registers("registers", cl::desc("Registers per thread"),
                            cl::value_desc("N"), cl::sub(Occupancy));
cl::opt<unsigned> Block("block", cl::desc("Threads per block"),
                        cl::value_desc("N"), cl::sub(Occupancy));
cl::opt<std::string> Smem("smem",
                          cl::desc("Dynamic shared memory per block (bytes, "
                                   "or with K/M: 40K = 40960)"),
                          cl::init("0"), cl::value_desc("bytes"),
                          cl::sub(Occupancy));
cl::opt<std::string> StaticSmem("static-smem",
                                cl::desc("Static shared memory per block"),
                                cl::init("0"), cl::value_desc("bytes"),
                                cl::sub(Occupancy));
cl::opt<unsigned> MaxThreads(
    "max-threads",
    cl::desc("__launch_bounds__ maximum threads per block (0: none)"),
    cl::init(0), cl::value_desc("N"), cl::sub(Occupancy));
cl::opt<bool> Sweep("sweep", cl::desc("List every block size and the best one"),
                    cl::sub(Occupancy));
cl::opt<std::string> Format("format", cl::desc("text (default) or json"),
                            cl::init("text"), cl::sub(Occupancy));

int fail(const std::string &Message) {
  errs() << "rl-analyze occupancy: error: " << Message << "\n";
  return 2;
}

} // namespace

bool occupancyCommandRequested() { return static_cast<bool>(Occupancy); }

int runOccupancyCommand(const GpuDatabase &Db) {
  if (Format != "text" && Format != "json")
    return fail("--format must be text or json, not '" + Format + "'");
  std::string Name = Gpu.empty() ? Db.defaultName() : std::string(Gpu);
  const GpuSpec *G = Db.find(Name);
  if (!G)
    return fail("unknown GPU '" + Name + "'; known GPUs: " + Db.knownNames());
  ArchitectureTable Archs;
  std::string Error;
  if (!Archs.loadDefault(Error))
    return fail("cannot load the architecture table: " + Error);
  const ArchitectureLimits *A = Archs.find(G->ComputeMajor, G->ComputeMinor);
  if (!A)
    return fail("no architecture limits for " + G->Name + " (compute " +
                std::to_string(G->ComputeMajor) + "." +
                std::to_string(G->ComputeMinor) + ")");
  if (Registers.getNumOccurrences() == 0)
    return fail("--registers is required (registers per thread, as ptxas "
                "-v reports them)");
  if (Block.getNumOccurrences() == 0 && !Sweep)
    return fail("give --block N, or --sweep for every block size");

  WhatIfQuery Q;
  Q.Gpu = G;
  Q.Arch = A;
  Q.Use.Registers = Registers;
  Q.Use.MaxThreadsPerBlock = MaxThreads;
  auto Dynamic = parseByteSize(Smem, Error);
  if (!Dynamic)
    return fail("--smem: " + Error);
  auto Static = parseByteSize(StaticSmem, Error);
  if (!Static)
    return fail("--static-smem: " + Error);
  Q.DynamicSmemBytes = *Dynamic;
  Q.Use.StaticSmemBytes = *Static;
  if (Block.getNumOccurrences())
    Q.BlockSize = Block;
  Q.Sweep = Sweep;

  WhatIfAnswer Answer;
  Note WhyNot;
  if (!answerWhatIf(Q, Answer, WhyNot))
    return fail(noteText(WhyNot));
  outs() << (Format == "json" ? renderWhatIfJson(Q, Answer)
                              : renderWhatIfText(Q, Answer));
  return 0;
}

} // namespace rla
