//===- InstructionMix.cpp -------------------------------------------------===//
#include "analyzer/models/InstructionMix.h"
#include "analyzer/models/SassControlFlow.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace rla {

namespace {

/// A source position as both sides name it: the file's name and the line
/// (nvcc writes absolute paths, the parse the path it was given), and for
/// a line of an inlined function the line it was inlined at.
struct LineKey {
  std::string File;
  unsigned Line = 0;
  std::string CallerFile;
  unsigned CallerLine = 0;
  bool operator<(const LineKey &O) const {
    return std::tie(File, Line, CallerFile, CallerLine) <
           std::tie(O.File, O.Line, O.CallerFile, O.CallerLine);
  }
  bool operator==(const LineKey &O) const {
    return !(*this < O) && !(O < *this);
  }
};
LineKey keyOf(const std::string &File, unsigned Line,
              const std::string &CallerFile, unsigned CallerLine) {
  return {llvm::sys::path::filename(File).str(), Line,
          CallerFile.empty() ? "" : llvm::sys::path::filename(CallerFile).str(),
          CallerFile.empty() ? 0 : CallerLine};
}

struct LineTotals {
  double Executions = 0, WarpExecutions = 0;
  LineWork Work; ///< over the launch
  /// One run's work (Work over Executions).
  LineWork perRun() const {
    LineWork W;
    if (Executions <= 0)
      return W;
    W.HardwareFlops = Work.HardwareFlops / Executions;
    W.SfuOps = Work.SfuOps / Executions;
    W.GlobalLoadBytes = Work.GlobalLoadBytes / Executions;
    W.GlobalStoreBytes = Work.GlobalStoreBytes / Executions;
    W.SharedLoadBytes = Work.SharedLoadBytes / Executions;
    W.SharedStoreBytes = Work.SharedStoreBytes / Executions;
    W.LocalLoadBytes = Work.LocalLoadBytes / Executions;
    W.LocalStoreBytes = Work.LocalStoreBytes / Executions;
    W.TensorFlops = Work.TensorFlops / Executions;
    return W;
  }
};

void addWork(LineWork &To, const LineWork &W, double Times = 1) {
  To.LoopHeader |= W.LoopHeader;
  To.CacheResident |= W.CacheResident;
  To.HardwareFlops += W.HardwareFlops * Times;
  To.SfuOps += W.SfuOps * Times;
  To.GlobalLoadBytes += W.GlobalLoadBytes * Times;
  To.GlobalStoreBytes += W.GlobalStoreBytes * Times;
  To.SharedLoadBytes += W.SharedLoadBytes * Times;
  To.SharedStoreBytes += W.SharedStoreBytes * Times;
  To.LocalLoadBytes += W.LocalLoadBytes * Times;
  To.LocalStoreBytes += W.LocalStoreBytes * Times;
  To.TensorFlops += W.TensorFlops * Times;
}

/// How many runs' worth of Source's work Sass holds, by the first kind of
/// work both have: bytes of the thread's own arrays in local memory (each
/// element its own LDL or STL: the compiler does not narrow them, where it
/// reads one byte of `idx[i] & 255`), then of global memory, then shared,
/// then tensor-core FLOPs, then FLOPs, then MUFU operations. Bytes and
/// tensor FLOPs are Exact: the source says what each access moves and each
/// MMA's shape; a math function's FLOPs and MUFU operations are known
/// roughly.
struct Anchor {
  double Copies = 0;
  bool Exact = false;
};
std::optional<Anchor> copiesOf(const LineWork &Source, const LineWork &Sass) {
  const double LineWork::*Anchors[] = {
      &LineWork::LocalLoadBytes,  &LineWork::LocalStoreBytes,
      &LineWork::GlobalLoadBytes, &LineWork::GlobalStoreBytes,
      &LineWork::SharedLoadBytes, &LineWork::SharedStoreBytes,
      &LineWork::TensorFlops,     &LineWork::HardwareFlops,
      &LineWork::SfuOps};
  for (unsigned I = 0; I < 9; ++I)
    if (Source.*Anchors[I] > 0 && Sass.*Anchors[I] > 0)
      return Anchor{Sass.*Anchors[I] / (Source.*Anchors[I]), I < 7};
  return std::nullopt;
}

double medianOf(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// The most global loads [First, End) has issued and not yet waited for
/// at any point, by the scoreboards the compiler encoded: an unrolled loop
/// issues its loads together (16 in flight), a pointer chase one at a time.
/// 0 when an instruction has no encoded schedule.
unsigned loadsInFlight(const std::vector<SassInstruction> &Code,
                       const std::vector<SassClass> &Classes, size_t First,
                       size_t End) {
  std::array<unsigned, 6> Pending{};
  unsigned Most = 0;
  for (size_t I = First; I < End; ++I) {
    auto S = Code[I].schedule();
    if (!S)
      return 0;
    for (unsigned B = 0; B < Pending.size(); ++B)
      if (S->WaitMask & (1u << B))
        Pending[B] = 0;
    if (Classes[I].GlobalLoad && S->WriteBarrier < Pending.size())
      ++Pending[S->WriteBarrier];
    unsigned Now = 0;
    for (unsigned P : Pending)
      Now += P;
    Most = std::max(Most, Now);
  }
  return Most;
}

/// A block of the control flow with what the count finds about it.
struct Block : SassBlock {
  double Count = -1;
  bool Anchored = false;
  bool Cold = false; ///< a math function's rare case (not taken)
};

/// One function's instructions counted under one launch (see the header).
class MixCounter {
  struct LineCopies;

public:
  MixCounter(const SassFunction &F, const std::vector<BoundLine> &Lines,
             double LaunchWarps, const SassLatencies *Latencies,
             const LineWavefronts *Wavefronts)
      : Code(F.Instructions), LaunchWarps(LaunchWarps), Latencies(Latencies),
        Wavefronts(Wavefronts) {
    // A line's runs in every context with one caller line add up (two
    // calls of a function on one line)...
    std::map<LineKey, std::pair<LineTotals, LineKey>> ByLine;
    for (const BoundLine &L : Lines) {
      LineKey Key = keyOf(L.File, L.Line, L.CallerFile, L.CallerLine);
      auto &[T, Statement] = ByLine[Key];
      T.Executions += L.Executions;
      T.WarpExecutions += L.WarpExecutions;
      addWork(T.Work, L.PerRun, L.Executions);
      Statement = Key;
      Statement.Line = L.StatementLine ? L.StatementLine : L.Line;
    }
    // ...and the lines of one statement are one: it runs as often as its
    // most frequent line, and does the work of all of them.
    for (const auto &[Key, Entry] : ByLine) {
      const auto &[T, Statement] = Entry;
      LineTotals &S = Source[Statement];
      S.Executions = std::max(S.Executions, T.Executions);
      S.WarpExecutions = std::max(S.WarpExecutions, T.WarpExecutions);
      addWork(S.Work, T.Work);
      StatementOf[Key] = Statement;
    }
  }

  InstructionMix run() {
    if (Code.empty())
      return {};
    resolveLines();
    Cfg = buildControlFlow(Code);
    for (const SassBlock &B : Cfg.Blocks)
      Blocks.push_back(Block{B});
    Loops = Cfg.Loops;
    BlockOf = Cfg.BlockOf;
    IndexOf = Cfg.IndexOf;
    markRareCases();
    countCopies();
    voteBlocks();
    followDominators();
    fillLoops();
    if (const char *Debug = std::getenv("RL_ANALYZE_DEBUG_ISSUE"))
      dump(std::string(Debug) == "2");
    return total();
  }

private:
  /// Each instruction's line: the innermost position the source knows (a
  /// header function's code counts for the line that called it).
  void resolveLines() {
    LineOf.assign(Code.size(), nullptr);
    KeyOf.resize(Code.size());
    Classes.resize(Code.size());
    for (size_t I = 0; I < Code.size(); ++I) {
      Classes[I] = classifySass(Code[I]);
      const auto &O = Code[I].Origins;
      for (size_t K = 0; K < O.size(); ++K) {
        LineKey Key =
            keyOf(O[K].File, O[K].Line, K + 1 < O.size() ? O[K + 1].File : "",
                  K + 1 < O.size() ? O[K + 1].Line : 0);
        auto It = StatementOf.find(Key);
        if (It == StatementOf.end() && K + 1 < O.size())
          It = StatementOf.find(keyOf(O[K].File, O[K].Line, "", 0));
        if (It != StatementOf.end()) {
          KeyOf[I] = It->second;
          LineOf[I] = &Source.at(It->second);
          break;
        }
      }
    }
  }

  /// A math function's rare case: a branch inside one source line that
  /// skips code of that same line holding a loop the line does not have in
  /// the source, local memory (sinf's large-argument reduction loops over a
  /// table) or a call of one of the toolkit's internal special-case
  /// subroutines (IEEE division and sqrt of denormals, infinities). The
  /// model assumes it is not taken; a user's one-line loop is the source's
  /// own.
  void markRareCases() {
    for (size_t B = 0; B + 1 < Blocks.size(); ++B) {
      size_t Last = Blocks[B].End - 1;
      const SassInstruction &Br = Code[Last];
      if (!Blocks[B].Reached || Br.base() != "BRA" || Br.Guard.empty() ||
          !Br.Target || *Br.Target <= Br.Address || !LineOf[Last])
        continue;
      auto It = IndexOf.find(*Br.Target);
      if (It == IndexOf.end())
        continue;
      size_t To = BlockOf[It->second];
      bool SameLine = To > B + 1, Unseen = false;
      for (size_t I = Blocks[B + 1].First; SameLine && I < Blocks[To].First;
           ++I) {
        SameLine = !LineOf[I] || KeyOf[I] == KeyOf[Last];
        llvm::StringRef Base = Code[I].base();
        bool BackEdge = Code[I].Target && *Code[I].Target <= Code[I].Address &&
                        (Base == "BRA" || Base == "JMP");
        // CALL `($__internal_0_$__cuda_sm20_sqrt_rn_f32_slowpath)`: the
        // toolkit's special-case subroutines of sqrt, division, rcp.
        bool Internal =
            Base == "CALL" &&
            llvm::StringRef(Code[I].Operands).contains("__internal_");
        Unseen |= Base == "LDL" || Base == "STL" || Internal ||
                  (BackEdge && !LineOf[Last]->Work.LoopHeader);
      }
      if (SameLine && Unseen)
        for (size_t S = B + 1; S < To; ++S)
          Blocks[S].Cold = true;
    }
  }

  bool counted(size_t I) const {
    return LineOf[I] && Blocks[BlockOf[I]].Reached && !Blocks[BlockOf[I]].Cold;
  }

  /// Copies of each line in each loop (-1: outside loops), from its work.
  void countCopies() {
    std::map<LineKey, std::map<int, LineWork>> SassWork;
    for (size_t I = 0; I < Code.size(); ++I)
      if (counted(I))
        addWork(SassWork[KeyOf[I]][Blocks[BlockOf[I]].Loop], Classes[I].Work);
    for (const auto &[Key, ByLoop] : SassWork) {
      const LineTotals &T = Source.at(Key);
      LineWork PerRun = T.perRun();
      LineCopies &C = Copies[Key];
      for (const auto &[Loop, W] : ByLoop)
        if (auto A = copiesOf(PerRun, W)) {
          double N = A->Copies;
          C.Exact = A->Exact;
          C.ByLoop[Loop] = N;
          C.Total += N;
          if (Loop >= 0 && (C.Main < 0 || N > C.ByLoop[C.Main]))
            C.Main = Loop;
        }
      if (C.ByLoop.empty()) {
        Copies.erase(Key);
        continue;
      }
      // A line whose every copy is straight-line code (a loop unrolled
      // whole) runs once per copy and warp: when it runs a whole number of
      // times per launched warp that agrees with its work within a
      // quarter, that is its copies (math functions' FLOPs are only
      // roughly known).
      double PerWarp = T.WarpExecutions / LaunchWarps;
      if (C.Main < 0 && PerWarp >= 1 &&
          std::abs(PerWarp - std::round(PerWarp)) < 1e-9 &&
          std::abs(C.Total - PerWarp) <= 0.25 * PerWarp)
        C.Total = PerWarp;
      C.Total = std::max(C.Total, 1.0);
    }
  }

  /// What instruction I says its block runs (in warps), if its line has
  /// known copies. The loop holding most copies of a line runs the line:
  /// its runs over those copies. Its copies elsewhere (an unrolled loop's
  /// remainder, the trip count being a multiple of the unrolling) run
  /// nothing. A line only in straight-line code: its runs over all copies.
  std::optional<double> anchoredVote(size_t I) const {
    auto It = Copies.find(KeyOf[I]);
    if (It == Copies.end())
      return std::nullopt;
    const LineCopies &C = It->second;
    int Loop = Blocks[BlockOf[I]].Loop;
    if (C.Main < 0)
      return LineOf[I]->WarpExecutions / C.Total;
    if (auto Split = unrolledSplit(C, LineOf[I]->WarpExecutions))
      return Loop == C.Main         ? Split->first
             : C.ByLoop.count(Loop) ? Split->second
                                    : 0.0;
    if (Loop != C.Main)
      return 0.0;
    return LineOf[I]->WarpExecutions / std::max(1.0, C.ByLoop.at(Loop));
  }

  /// A top-level loop unrolled U times with its remainder as a second
  /// top-level loop of one copy: the runs (in warps) of the unrolled body
  /// and of the remainder's, from the iterations per warp A: floor(A / U)
  /// passes of the unrolled body, the rest one at a time. A loop of fewer
  /// iterations than U (a block-stride loop over a small tile) runs only
  /// its remainder.
  std::optional<std::pair<double, double>>
  unrolledSplit(const LineCopies &C, double WarpExecutions) const {
    if (C.ByLoop.size() != 2 || LaunchWarps <= 0)
      return std::nullopt;
    int Rest = -1;
    for (const auto &[L, N] : C.ByLoop)
      if (L != C.Main)
        Rest = L;
    double U = C.ByLoop.at(C.Main);
    if (Rest < 0 || C.ByLoop.at(Rest) != 1 || U < 2 ||
        Loops[C.Main].Parent >= 0 || Loops[Rest].Parent >= 0)
      return std::nullopt;
    double PerWarp = WarpExecutions / LaunchWarps;
    double Passes = std::floor(PerWarp / U + 1e-9);
    return std::make_pair(Passes * LaunchWarps,
                          (PerWarp - U * Passes) * LaunchWarps);
  }

  /// A loop's copies: those of the lines it is the main loop of.
  double loopCopies(int L) const {
    for (; L >= 0; L = Loops[L].Parent) {
      // Counted in bytes where the loop has such lines.
      std::vector<double> N, Rough;
      for (const auto &[Key, C] : Copies)
        if (C.Main == L)
          (C.Exact ? N : Rough).push_back(C.ByLoop.at(L));
      if (N.empty())
        N = Rough;
      if (!N.empty())
        return std::max(1.0, medianOf(N));
    }
    return 1.0;
  }

  /// Each block's runs: the median of its instructions' votes. A guarded
  /// instruction (@P) is an `if` the compiler turned into a predicate: the
  /// block runs it in every warp that reaches it, while its line counts
  /// only the warps that pass, so unguarded instructions vote first.
  /// Loop M lies strictly inside loop L.
  bool nestedIn(int M, int L) const {
    return M >= 0 && L >= 0 && M != L &&
           Loops[L].FirstBlock <= Loops[M].FirstBlock &&
           Loops[M].LastBlock <= Loops[L].LastBlock;
  }

  /// Instruction I, in a block of loop L, is on the header line of a loop
  /// the SASS has inside L (the line has instructions there too): the
  /// inner loop's setup or exit test, run once per entry of the inner loop,
  /// not per trip of it as the line's count says.
  bool innerLoopSetup(size_t I, int L) const {
    if (!LineOf[I] || !LineOf[I]->Work.LoopHeader || L < 0)
      return false;
    auto It = LoopsOfLine.find(KeyOf[I]);
    return It != LoopsOfLine.end() &&
           llvm::any_of(It->second, [&](int M) { return nestedIn(M, L); });
  }

  /// Instruction I, in a block of loop L, is on a line whose work is all
  /// outside loops: a library function's loop inlined at a call on that
  /// line (curand_init's skip-ahead), whose runs are not the call's.
  bool inlinedLibraryLoop(size_t I, int L) const {
    auto It = Copies.find(KeyOf[I]);
    return L >= 0 && It != Copies.end() && It->second.Main < 0 &&
           !It->second.ByLoop.count(L);
  }

  void voteBlocks() {
    for (size_t I = 0; I < Code.size(); ++I)
      if (LineOf[I])
        LoopsOfLine[KeyOf[I]].insert(Blocks[BlockOf[I]].Loop);
    for (size_t B = 0; B < Blocks.size(); ++B) {
      Block &Bl = Blocks[B];
      if (!Bl.Reached)
        continue;
      if (Bl.Cold) {
        Bl.Count = 0;
        continue;
      }
      // By rank: unguarded before guarded; within each, lines whose copies
      // are counted in bytes, then in FLOPs, then lines without copies.
      std::vector<double> Votes[6];
      for (size_t I = Bl.First; I < Bl.End; ++I) {
        if (!LineOf[I] || inlinedLibraryLoop(I, Bl.Loop))
          continue;
        unsigned Rank = Code[I].Guard.empty() ? 0 : 3;
        if (auto V = anchoredVote(I))
          Votes[Rank + (Copies.at(KeyOf[I]).Exact ? 0 : 1)].push_back(*V);
        else if (!innerLoopSetup(I, Bl.Loop))
          Votes[Rank + 2].push_back(LineOf[I]->WarpExecutions /
                                    loopCopies(Bl.Loop));
      }
      for (unsigned Rank = 0; Rank < 6; ++Rank)
        if (!Votes[Rank].empty()) {
          Bl.Count = medianOf(Votes[Rank]);
          Bl.Anchored = Rank % 3 != 2;
          break;
        }
      // Straight-line code runs at most once per warp.
      if (Bl.Loop < 0 && (Bl.Count < 0 || Bl.Count > LaunchWarps))
        Bl.Count = LaunchWarps;
    }
  }

  /// Blocks every path passes through run as often as where the path
  /// starts, whatever their lines say: the compiler merges the branches of
  /// an `if` into one predicated block, whose lines each count only their
  /// branch's warps. Outside loops, a block on every path from the entry
  /// runs once per warp; inside one, a block on every path from the loop's
  /// head runs as often as the head (nvcc tests its loops at the bottom).
  void followDominators() {
    std::vector<std::vector<bool>> Post = postDominators(Cfg, Code);
    for (size_t B = 0; B < Blocks.size(); ++B) {
      Block &Bl = Blocks[B];
      if (!Bl.Reached || Bl.Cold)
        continue;
      if (Bl.Loop < 0) {
        if (Post[0][B])
          Bl.Count = LaunchWarps;
        continue;
      }
      size_t Head = Loops[Bl.Loop].FirstBlock;
      if (Head != B && Post[Head][B] && Blocks[Head].Count >= 0)
        Bl.Count = Blocks[Head].Count;
    }
  }

  /// Post[A][B]: every path from block A to the kernel's exit passes
  /// through block B (over the reached blocks).
  /// Blocks of a loop with no line of their own run as often as the
  /// loop's other blocks do.
  void fillLoops() {
    for (size_t L = 0; L < Loops.size(); ++L) {
      double Fill = -1;
      for (size_t B = Loops[L].FirstBlock; B <= Loops[L].LastBlock; ++B)
        if (Blocks[B].Reached && Blocks[B].Loop == static_cast<int>(L))
          Fill = std::max(Fill, Blocks[B].Count);
      for (size_t B = Loops[L].FirstBlock; B <= Loops[L].LastBlock; ++B)
        if (Blocks[B].Loop == static_cast<int>(L) && Blocks[B].Count < 0)
          Blocks[B].Count = Fill;
    }
  }

  /// RL_ANALYZE_DEBUG_ISSUE=1 (2: every instruction): the statements, their
  /// copies and each block's runs, on stderr.
  void dump(bool Instructions) const {
    for (const auto &[K, T] : Source) {
      std::fprintf(stderr, "statement %s:%u (inlined at %u): runs %g, warps %g",
                   K.File.c_str(), K.Line, K.CallerLine, T.Executions,
                   T.WarpExecutions);
      if (auto It = Copies.find(K); It != Copies.end()) {
        std::fprintf(stderr, ", copies in loop %d of %g:", It->second.Main,
                     It->second.Total);
        for (const auto &[L, N] : It->second.ByLoop)
          std::fprintf(stderr, " [%d] %g", L, N);
      }
      std::fprintf(stderr, "\n");
    }
    for (size_t B = 0; B < Blocks.size(); ++B) {
      const Block &Bl = Blocks[B];
      if (!Bl.Reached)
        continue;
      std::fprintf(
          stderr, "block %zu at %#x: %zu instructions, loop %d, runs %g%s%s\n",
          B, Code[Bl.First].Address, Bl.End - Bl.First, Bl.Loop, Bl.Count,
          Bl.Anchored ? ", anchored" : "", Bl.Cold ? ", rare case" : "");
      for (size_t I = Bl.First; Instructions && I < Bl.End; ++I)
        std::fprintf(stderr, "  %#06x %s %s  [%s:%u]\n", Code[I].Address,
                     Code[I].Guard.c_str(), Code[I].Opcode.c_str(),
                     LineOf[I] ? KeyOf[I].File.c_str() : "-", KeyOf[I].Line);
    }
  }

  InstructionMix total() const {
    InstructionMix Mix;
    double AnchoredIssued = 0, MostLoadsIssued = 0;
    for (const Block &Bl : Blocks) {
      if (!Bl.Reached)
        continue;
      ++Mix.Blocks;
      // A loop the source says nothing about: once per warp.
      double N = Bl.Count >= 0 ? Bl.Count : LaunchWarps;
      double Loads = 0;
      for (size_t I = Bl.First; I < Bl.End; ++I)
        Loads += Classes[I].GlobalLoad ? N : 0;
      if (Loads > MostLoadsIssued) {
        // The block that issues most of the loads says how many overlap.
        MostLoadsIssued = Loads;
        Mix.LoadsInFlight = loadsInFlight(Code, Classes, Bl.First, Bl.End);
      }
      Mix.BlockCounts.push_back({Code[Bl.First].Address,
                                 static_cast<unsigned>(Bl.End - Bl.First), N,
                                 Bl.Loop >= 0});
      for (size_t I = Bl.First; I < Bl.End; ++I) {
        const SassClass &C = Classes[I];
        ++Mix.StaticInstructions;
        Mix.Total += N;
        Mix.ByPipe[static_cast<unsigned>(C.Pipe)] += N;
        Mix.FmaHeavy += C.FmaHeavy ? N : 0;
        Mix.FmaMma += C.FmaMma ? N : 0;
        Mix.WarpMma += C.WarpMma ? N : 0;
        Mix.WarpMmaFp64 += C.WarpMmaFp64 ? N : 0;
        Mix.Shuffles += C.Shuffle ? N : 0;
        Mix.Barriers += Code[I].base() == "BAR" ? N : 0;
        Mix.GlobalLoadInstructions += C.GlobalLoad ? N : 0;
        Mix.GlobalStoreInstructions += C.GlobalStore ? N : 0;
        // The line's lanes per warp (32 when unknown).
        double Lanes = 32;
        if (LineOf[I] && LineOf[I]->WarpExecutions > 0)
          Lanes =
              std::min(32.0, LineOf[I]->Executions / LineOf[I]->WarpExecutions);
        Mix.HardwareFlops += N * Lanes * C.Work.HardwareFlops;
        Mix.ConstantMoveFlops += C.ConstantMove ? N * Lanes * 2 : 0;
        Mix.LocalLoadBytes += N * Lanes * C.Work.LocalLoadBytes;
        Mix.LocalStoreBytes += N * Lanes * C.Work.LocalStoreBytes;
        AnchoredIssued += Bl.Anchored ? N : 0;
      }
    }
    if (Latencies && LaunchWarps > 0) {
      std::vector<std::pair<size_t, size_t>> Ranges;
      std::vector<int> LoopOf;
      std::vector<bool> Side;
      for (const Block &Bl : Blocks) {
        Ranges.push_back({Bl.First, Bl.End});
        LoopOf.push_back(Bl.Loop);
        Side.push_back(Bl.Loop < 0 && Bl.Count >= 0 &&
                       Bl.Count < 0.999 * LaunchWarps);
      }
      std::vector<std::vector<double>> BarrierCycles;
      std::vector<double> Cycles =
          blockCycles(Code, Ranges, LoopOf, *Latencies, &BarrierCycles, &Side);
      bool Debug = std::getenv("RL_ANALYZE_DEBUG_ISSUE");
      for (size_t B = 0; B < Cycles.size(); ++B)
        if (Blocks[B].Reached && Blocks[B].Count > 0) {
          Mix.WarpCycles += Blocks[B].Count * Cycles[B] / LaunchWarps;
          if (Debug)
            std::fprintf(stderr, "block %zu: %g cycles per run\n", B,
                         Cycles[B]);
        }
      // A listing without the encodings has no schedule, hence no
      // stretches.
      if (!Cycles.empty())
        Mix.Phases = barrierPhases(Cycles, BarrierCycles);
      if (std::getenv("RL_ANALYZE_DEBUG_ISSUE"))
        for (const InstructionMix::Phase &P : Mix.Phases)
          std::fprintf(stderr,
                       "phase: %g instructions, %g cycles, %g L1 wavefronts, "
                       "%g global bytes, %g warp MMAs per warp\n",
                       P.Issued, P.Cycles, P.Wavefronts, P.GlobalBytes,
                       P.WarpMma + P.WarpMmaFp64);
    }
    Mix.Loops = static_cast<unsigned>(Loops.size());
    Mix.AnchoredShare = Mix.Total > 0 ? AnchoredIssued / Mix.Total : 0;
    for (const auto &[Key, C] : Copies)
      for (const auto &[Loop, N] : C.ByLoop)
        Mix.LargestCopies = std::max(Mix.LargestCopies, N);
    return Mix;
  }

  /// Whether loop L (or a loop inside it) has a BAR: the block's warps
  /// then go round it together.
  bool loopHasBarrier(int L) const {
    for (size_t B = Loops[L].FirstBlock; B <= Loops[L].LastBlock; ++B)
      for (size_t I = Blocks[B].First; I < Blocks[B].End; ++I)
        if (Code[I].base() == "BAR")
          return true;
    return false;
  }

  /// Whether I moves data through L1: a global or shared load or store.
  bool movesThroughL1(size_t I) const {
    llvm::StringRef B = Code[I].base();
    return B == "LDG" || B == "STG" || B == "LD" || B == "ST" || B == "LDS" ||
           B == "STS" || B == "LDSM";
  }

  /// L1 wavefronts per warp execution of each instruction: its line's
  /// wavefronts over the runs of the line's loads and stores.
  std::vector<double> wavefrontsPerRun() const {
    std::vector<double> Out(Code.size(), 0);
    if (!Wavefronts)
      return Out;
    std::map<std::pair<std::string, unsigned>, double> Runs;
    // An access inlined from a header (a WMMA fragment load's LDSM) is the
    // line that calls it: the first position outwards the memory model
    // priced.
    auto keyAt = [&](size_t I) {
      std::pair<std::string, unsigned> Key;
      for (const SassInstruction::Position &P : Code[I].Origins) {
        Key = {llvm::sys::path::filename(P.File).str(), P.Line};
        if (Wavefronts->count(Key))
          break;
      }
      return Key;
    };
    for (size_t I = 0; I < Code.size(); ++I) {
      const Block &Bl = Blocks[BlockOf[I]];
      if (movesThroughL1(I) && !Code[I].Origins.empty() && Bl.Reached &&
          Bl.Count > 0)
        Runs[keyAt(I)] += Bl.Count;
    }
    for (size_t I = 0; I < Code.size(); ++I) {
      if (!movesThroughL1(I) || Code[I].Origins.empty())
        continue;
      auto W = Wavefronts->find(keyAt(I));
      auto R = Runs.find(keyAt(I));
      if (W != Wavefronts->end() && R != Runs.end() && R->second > 0)
        Out[I] = W->second / R->second;
      if (std::getenv("RL_ANALYZE_DEBUG_ISSUE"))
        std::fprintf(stderr, "%04x %s line %u: %g wavefronts per run\n",
                     Code[I].Address, Code[I].Opcode.c_str(), keyAt(I).second,
                     Out[I]);
    }
    return Out;
  }

  /// What instruction I adds to a stretch beside its issue slot: the bytes a
  /// warp's global load requests (coalesced: 32 lanes of its width), which
  /// the warp waits for within the stretch, and the tensor pipe's MMAs.
  /// Asynchronous copies (LDGSTS) and stores overlap the stretches after
  /// them.
  static void addPipeWork(InstructionMix::Phase &P, const SassInstruction &I,
                          double PerWarp) {
    SassClass C = classifySass(I);
    if (I.base() == "LDG")
      P.GlobalBytes += PerWarp * 32 * C.Work.GlobalLoadBytes;
    P.WarpMma += C.WarpMma ? PerWarp : 0;
    P.WarpMmaFp64 += C.WarpMmaFp64 ? PerWarp : 0;
  }

  /// The warp's stretches between barriers: each BAR ends one, inside a
  /// block at the cycle the warp passes it. No stretches when no reached
  /// block has one.
  std::vector<InstructionMix::Phase>
  barrierPhases(const std::vector<double> &Cycles,
                const std::vector<std::vector<double>> &BarrierCycles) const {
    std::vector<InstructionMix::Phase> Phases(1);
    const std::vector<double> PerRun = wavefrontsPerRun();
    bool Barrier = false;
    for (size_t B = 0; B < Blocks.size(); ++B) {
      const Block &Bl = Blocks[B];
      if (!Bl.Reached || Bl.Count <= 0)
        continue;
      double PerWarp = Bl.Count / LaunchWarps;
      // A barrier waits for the block's slowest warp: where warps go round
      // a loop without a barrier a fractional number of times on average
      // (a strided loop over a tile that some warps go round once more),
      // that warp goes round the next whole number of times. (A branch
      // some warps take stays at its average: its loads are mostly the
      // halo its neighbours loaded, their latency hidden behind the
      // others'; so does a loop the whole block goes round together.)
      double Slowest = Bl.Loop >= 0 && PerWarp > 1 && !loopHasBarrier(Bl.Loop)
                           ? std::ceil(PerWarp - 1e-6)
                           : PerWarp;
      const std::vector<double> &Bars = BarrierCycles[B];
      size_t Next = 0;   // the block's next barrier
      double Passed = 0; // cycles into the block at the last one
      size_t From = Bl.First;
      for (size_t I = Bl.First; I < Bl.End; ++I) {
        Phases.back().Wavefronts += PerWarp * PerRun[I];
        addPipeWork(Phases.back(), Code[I], PerWarp);
        if (Code[I].base() != "BAR" || Next >= Bars.size())
          continue;
        Phases.back().Issued += PerWarp * double(I + 1 - From);
        Phases.back().Cycles += Slowest * (Bars[Next] - Passed);
        Phases.back().Barriers += PerWarp;
        Passed = Bars[Next++];
        From = I + 1;
        Barrier = true;
        Phases.emplace_back();
      }
      Phases.back().Issued += PerWarp * double(Bl.End - From);
      Phases.back().Cycles += Slowest * std::max(0.0, Cycles[B] - Passed);
    }
    if (!Barrier)
      return {};
    if (Phases.back().Issued <= 0)
      Phases.pop_back();
    return Phases;
  }

  struct LineCopies {
    std::map<int, double> ByLoop; ///< copies per loop (-1: straight-line)
    double Total = 0;
    bool Exact = false; ///< counted in bytes (Anchor)
    int Main = -1;      ///< the loop with the most copies, -1 when in none
  };

  const std::vector<SassInstruction> &Code;
  double LaunchWarps;
  const SassLatencies *Latencies;
  const LineWavefronts *Wavefronts;
  /// The source's statements, and the statement of each line.
  std::map<LineKey, LineTotals> Source;
  std::map<LineKey, LineKey> StatementOf;
  std::vector<const LineTotals *> LineOf;
  std::vector<LineKey> KeyOf;
  /// The SASS loops (-1: none) each line has instructions in.
  std::map<LineKey, std::set<int>> LoopsOfLine;
  std::vector<SassClass> Classes;
  SassControlFlow Cfg;
  std::map<uint32_t, size_t> IndexOf;
  std::vector<Block> Blocks;
  std::vector<size_t> BlockOf;
  std::vector<SassLoop> Loops;
  std::map<LineKey, LineCopies> Copies;
};

} // namespace

const InstructionMix::BlockRuns *
InstructionMix::blockAt(uint32_t Address) const {
  for (const BlockRuns &B : BlockCounts)
    if (B.Address == Address)
      return &B;
  return nullptr;
}

InstructionMix countInstructions(const SassFunction &F,
                                 const std::vector<BoundLine> &Lines,
                                 double LaunchWarps,
                                 const SassLatencies *Latencies,
                                 const LineWavefronts *Wavefronts) {
  return MixCounter(F, Lines, LaunchWarps, Latencies, Wavefronts).run();
}

} // namespace rla
