//===- LaunchSpec.h - One launch configuration of a kernel ------*- C++ -*-===//
///
/// \file
/// A launch as the binder needs it, wherever it came from: a <<<...>>> site in
/// the file, --launch on the command line, a launch file, or a trace. Values
/// the source does not fix stay unset and are reported as unbound.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_LAUNCHSPEC_H
#define RLA_IR_LAUNCHSPEC_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/Note.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rla {

enum class LaunchSource { LaunchSite, Cli, LaunchFile, Trace, None };
const char *launchSourceName(LaunchSource S); ///< "launch-site", "cli", ...

/// One call on the way from where the host run starts to a launch.
struct CallFrame {
  enum Kind {
    Entry,    ///< where the run starts (`main`)
    Call,     ///< a call the host code makes
    Callback, ///< a function a library call is handed and calls back
  } How = Entry;
  std::string Function;
  /// The parameters that got a number, in order: name and value.
  std::vector<std::pair<std::string, std::string>> Numbers;
  /// The file of a function in another translation unit of the program.
  std::string OtherFile;
  /// Callback: the library function that calls it back, and where.
  std::string CalledBy, CalledAt;

  bool operator==(const CallFrame &O) const {
    return How == O.How && Function == O.Function && Numbers == O.Numbers &&
           OtherFile == O.OtherFile && CalledBy == O.CalledBy &&
           CalledAt == O.CalledAt;
  }
  bool operator!=(const CallFrame &O) const { return !(*this == O); }
};

struct LaunchSpec {
  std::string
      Kernel; ///< kernel name as in KernelModel::Name (or its base name)
  std::string CaseName; ///< launch-file "case", empty otherwise
  LaunchSource Source = LaunchSource::None;
  SourceLoc Site; ///< where the <<<...>>> is, for launch sites

  /// Launch dimensions; unset where the source does not determine them.
  std::array<std::optional<Rational>, 3> Grid, Block;
  /// A grid dimension the source leaves unknown but writes as a function of
  /// values it passes to the kernel (`(n + 15) / 16` with `n` the kernel's
  /// argument), over those kernel parameters: what `--solve n` keeps the
  /// grid to.
  std::array<std::optional<Expr>, 3> GridExprs;
  std::optional<Rational> DynamicSmem;
  /// Scalar argument values by kernel parameter name.
  std::map<std::string, Rational> Args;
  /// Why a value is missing (grid.x is not known: 'n' is read from a
  /// file), the conditions the launch runs under and what the run assumed,
  /// to show the user what to bind; worded by report/NoteText.h.
  std::vector<Note> Notes;
  /// Launch sites: the host function the launch is in, and for each pointer
  /// parameter the host expression passed ("d_x"), to follow buffers from
  /// one launch to the next.
  std::string HostFunction;
  std::map<std::string, std::string> PointerArgs;
  /// Pointer parameters whose buffer the run allocated with a size it
  /// knows (cudaMalloc): the bytes from the pointer passed to the buffer's
  /// end, which no footprint of that array can exceed.
  std::map<std::string, Rational> AllocatedBytes;
  /// Pointer parameters the launch passes null: what decides a kernel's
  /// `if (p)` (KernelModel::NullTestedPointers).
  std::set<std::string> NullPointerArgs;
  /// Pointer parameters the launch passes page-locked host memory mapped
  /// into the device (cudaHostAlloc, cudaMallocHost, the pointer
  /// cudaHostGetDevicePointer gives): the kernel reads and writes it over
  /// the host link (zero-copy).
  std::set<std::string> HostMemoryArgs;
  /// Launch sites reached by running the host code from `main` (or from a
  /// function nothing in the file calls): the calls that lead here, outermost
  /// first, with the values they pass (main, then gemmCuda with ni = 512).
  /// report/ words them.
  std::vector<CallFrame> CallChain;
  /// How many times the program runs this launch with these values (a
  /// time-step loop of 100: 100); unset when a loop around it has a trip
  /// count the host code does not decide.
  std::optional<Rational> LaunchCount = Rational(1);
  /// An entry that merges the calling contexts of one site (a loop passing
  /// its counter as the grid): each context's own launch, so that their
  /// costs add up over the program; empty for a single launch.
  std::vector<LaunchSpec> Contexts;
};

/// A launch's grid and block as positive integers (CUDA's limits keep
/// both products within 64 bits).
struct LaunchShape {
  std::array<int64_t, 3> Block{{1, 1, 1}}, Grid{{1, 1, 1}};
  int64_t threadsPerBlock() const { return Block[0] * Block[1] * Block[2]; }
  int64_t blocks() const { return Grid[0] * Grid[1] * Grid[2]; }
};

/// L's shape when all six dimensions are known positive integers.
inline std::optional<LaunchShape> launchShape(const LaunchSpec &L) {
  LaunchShape S;
  for (unsigned D = 0; D < 3; ++D) {
    if (!L.Grid[D] || !L.Block[D] || !L.Grid[D]->isInteger() ||
        !L.Block[D]->isInteger())
      return std::nullopt;
    S.Grid[D] = int64_t(L.Grid[D]->num());
    S.Block[D] = int64_t(L.Block[D]->num());
    if (S.Grid[D] <= 0 || S.Block[D] <= 0)
      return std::nullopt;
  }
  return S;
}

} // namespace rla

#endif // RLA_IR_LAUNCHSPEC_H
