//===- AffineAccess.cpp ---------------------------------------------------===//
#include "analyzer/models/AffineAccess.h"
#include "analyzer/ir/KernelModel.h"

#include <algorithm>
#include <limits>

namespace rla {

std::optional<int64_t> evalIndex(const Expr &E, const Bindings &Values) {
  EvalResult R = E.evaluate(Values);
  if (!R.ok() || !R.Value->isInteger())
    return std::nullopt;
  __int128 V = R.Value->num();
  if (V > std::numeric_limits<int64_t>::max() / 4 ||
      V < std::numeric_limits<int64_t>::min() / 4)
    return std::nullopt;
  return static_cast<int64_t>(V);
}

namespace {

std::optional<std::pair<int64_t, int64_t>> evalBounds(const IndexBounds &B,
                                                      const Bindings &Values) {
  auto Lo = evalIndex(B.Lo, Values), Hi = evalIndex(B.Hi, Values);
  if (!Lo || !Hi)
    return std::nullopt;
  return std::make_pair(*Lo, std::max(*Lo, *Hi));
}

/// Values of E over the corners of the index box; nullopt when a value is
/// not bound or the centre falls outside the corners' range.
std::optional<std::pair<int64_t, int64_t>> cornerHull(
    const Expr &E, const Bindings &Values,
    const std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>>
        &Vars) {
  if (Vars.size() > 12)
    return std::nullopt;
  std::optional<std::pair<int64_t, int64_t>> Range;
  for (uint64_t Mask = 0; Mask < (uint64_t(1) << Vars.size()); ++Mask) {
    Bindings Point = Values;
    for (size_t I = 0; I < Vars.size(); ++I) {
      auto [Lo, Hi] = Vars[I].second;
      if (Hi <= Lo)
        return std::nullopt; // never runs
      Point[Vars[I].first] = Rational((Mask >> I) & 1 ? Hi - 1 : Lo);
    }
    auto V = evalIndex(E, Point);
    if (!V)
      return std::nullopt;
    Range = Range ? std::make_pair(std::min(Range->first, *V),
                                   std::max(Range->second, *V))
                  : std::make_pair(*V, *V);
  }
  Bindings Centre = Values;
  for (const auto &[Name, R] : Vars)
    Centre[Name] = Rational(R.first + (R.second - 1 - R.first) / 2);
  auto C = evalIndex(E, Centre);
  if (!C || !Range || *C < Range->first || *C > Range->second)
    return std::nullopt;
  return Range;
}

/// The indices E depends on with their ranges under the launch; nullopt
/// when one is not bound (or a grid-stride loop makes the thread indices
/// stand for more than one corner each).
std::optional<std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>>>
indexBox(const Expr &E, const AccessSite &Site, const Bindings &Values,
         const LaunchShape &Shape, const BlockWindow &Window) {
  std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> Vars;
  for (unsigned D = 0; D < 3; ++D) {
    // In a grid-stride loop the thread indices stand for more iterations
    // than one corner per thread shows.
    auto Global = evalBounds(Site.Global[D], Values);
    if (!Global || Global->second > Shape.Grid[D] * Shape.Block[D])
      return std::nullopt;
    std::string Tid = dimSymbol("threadIdx", D), Bid = dimSymbol("blockIdx", D);
    if (E.dependsOn(Tid)) {
      auto R = evalBounds(Site.Thread[D], Values);
      if (!R)
        return std::nullopt;
      Vars.push_back({Tid, *R});
    }
    if (E.dependsOn(Bid)) {
      auto R = evalBounds(Site.Block[D], Values);
      if (!R)
        return std::nullopt;
      if (Window.Count[D] >= 0)
        R->second = std::min(R->second, R->first + Window.Count[D]);
      Vars.push_back({Bid, *R});
    }
  }
  for (const LoopIndex &L : Site.Loops) {
    if (!E.dependsOn(L.Symbol))
      continue;
    auto R = evalBounds(L.Range, Values);
    if (!R)
      return std::nullopt;
    Vars.push_back({L.Symbol, *R});
  }
  return Vars;
}

/// E with each remainder whose dividend stays below its divisor over the
/// launch's indices written as the dividend (a wrap that never wraps: a
/// mask of a power-of-two table the index stays inside).
Expr withoutExactRemainders(const Expr &E, const AccessSite &Site,
                            const Bindings &Values, const LaunchShape &Shape,
                            const BlockWindow &Window) {
  return E.dropExactRemainders(
      [&](const Expr &Dividend) -> std::optional<std::pair<int64_t, int64_t>> {
        auto Vars = indexBox(Dividend, Site, Values, Shape, Window);
        if (!Vars)
          return std::nullopt;
        return cornerHull(Dividend, Values, *Vars);
      });
}

/// A shared address that is not affine, set up to be sampled lane by lane
/// (AffineAccess::Sampled): every symbol a thread, block or loop index, each
/// loop starting where every thread starts, and the thread indices that
/// differ within a warp entering with a constant stride, so that what is not
/// affine is the same for every lane (`tile[threadIdx.x][(threadIdx.y + r) %
/// 32]` with 32 threads in x). A stride that changes with a loop
/// (`sdata[2 * s * tid]`) also changes which lanes the guards keep: not
/// sampled.
void sampleSharedLanes(AffineAccess &A, const Expr &Address,
                       const AccessSite &Site, const Bindings &Values,
                       const LaunchShape &Shape) {
  if (!Site.Shared)
    return;
  int64_t Below = 1; // threads of the lower dimensions
  for (unsigned D = 0; D < 3; ++D) {
    bool VariesInWarp = Below < 32 && Shape.Block[D] > 1;
    Below *= Shape.Block[D];
    std::string Thread = dimSymbol("threadIdx", D);
    if (!VariesInWarp || !Address.dependsOn(Thread))
      continue;
    auto C = Address.coefficientsIn(Thread);
    if (!C || C->size() > 2 || (C->size() == 2 && !(*C)[1].isConstant()))
      return;
  }
  std::set<std::string> Indices;
  for (unsigned D = 0; D < 3; ++D) {
    Indices.insert(dimSymbol("threadIdx", D));
    Indices.insert(dimSymbol("blockIdx", D));
  }
  std::vector<AffineTerm> Loops;
  for (const LoopIndex &L : Site.Loops) {
    Indices.insert(L.Symbol);
    EvalResult Lo = L.Range.Lo.evaluate(Values);
    if (!Lo.ok() || !Lo.Value->isInteger())
      return;
    AffineTerm T;
    T.Var = L.Symbol;
    T.Kind = TermKind::Loop;
    T.Stride = 0; // the lanes' addresses come from LaneAddress
    T.Count = 4;  // warpCost's samples take its first values
    T.Lo = static_cast<int64_t>(Lo.Value->num());
    Loops.push_back(T);
  }
  for (const std::string &S : Address.symbols())
    if (!Indices.count(S))
      return;
  A.Sampled = true;
  A.LaneAddress = Address;
  A.Terms = Loops;
  A.Origin = 0;
}

/// The hull of a non-affine address over the thread, block and loop ranges.
void boundByHull(AffineAccess &A, const Expr &E, const AccessSite &Site,
                 const Bindings &Values, const LaunchShape &Shape,
                 const BlockWindow &Window) {
  auto Vars = indexBox(E, Site, Values, Shape, Window);
  if (!Vars)
    return;
  if (auto H = cornerHull(E, Values, *Vars)) {
    A.Hull = true;
    A.HullLo = H->first;
    A.HullHi = H->second;
  }
}

/// [Lo, Hi) of a loop whose bounds depend on thread or block indices: the
/// smallest Lo and largest Hi over the corners of their ranges. An
/// enclosing loop whose own bounds depend on the thread (`t2 <= t` inside
/// `t = t3..T`) that B does not follow monotonically takes its box too, up
/// to Depth enclosing loops.
std::optional<std::pair<int64_t, int64_t>>
threadBox(const IndexBounds &B, const AccessSite &Site, const Bindings &Values,
          const BlockWindow &Window, unsigned Depth = 0) {
  // An enclosing loop whose own range depends on the thread (`t = t3..T`
  // around `t2 <= t`): B is monotone in its variable, so its extreme is at
  // that loop's own end, which keeps the correlation a box of each would
  // lose (t2 < T, not t2 < 2T). Innermost first: the ends substituted in
  // may name outer loops.
  IndexBounds Tight = B;
  for (auto It = Site.Loops.rbegin(); It != Site.Loops.rend(); ++It) {
    const LoopIndex &L = *It;
    if ((!Tight.Lo.dependsOn(L.Symbol) && !Tight.Hi.dependsOn(L.Symbol)) ||
        evalBounds(L.Range, Values))
      continue;
    auto extreme = [&](const Expr &E, bool Max) -> std::optional<Expr> {
      if (!E.dependsOn(L.Symbol))
        return E;
      auto C = E.coefficientsIn(L.Symbol);
      if (!C || C->size() != 2)
        return std::nullopt;
      auto Slope = evalIndex((*C)[1], Values);
      if (!Slope)
        return std::nullopt;
      bool AtHi = (*Slope > 0) == Max;
      return E.substitute(L.Symbol, AtHi ? L.Range.Hi - Expr(1) : L.Range.Lo);
    };
    auto Lo = extreme(Tight.Lo, false), Hi = extreme(Tight.Hi, true);
    if (Lo && Hi) {
      Tight.Lo = *Lo;
      Tight.Hi = *Hi;
    }
  }
  const IndexBounds &B2 = Tight;
  std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> Vars;
  for (unsigned D = 0; D < 3; ++D) {
    std::string Tid = dimSymbol("threadIdx", D), Bid = dimSymbol("blockIdx", D);
    if (B2.Lo.dependsOn(Tid) || B2.Hi.dependsOn(Tid)) {
      auto R = evalBounds(Site.Thread[D], Values);
      if (!R)
        return std::nullopt;
      Vars.push_back({Tid, *R});
    }
    if (B2.Lo.dependsOn(Bid) || B2.Hi.dependsOn(Bid)) {
      auto R = evalBounds(Site.Block[D], Values);
      if (!R)
        return std::nullopt;
      if (Window.Count[D] >= 0)
        R->second = std::min(R->second, R->first + Window.Count[D]);
      Vars.push_back({Bid, *R});
    }
  }
  // An enclosing loop's variable (`j < i` inside `i < N`): its own range.
  for (const LoopIndex &L : Site.Loops) {
    if (!B2.Lo.dependsOn(L.Symbol) && !B2.Hi.dependsOn(L.Symbol))
      continue;
    auto R = evalBounds(L.Range, Values);
    if (!R && Depth < 4)
      R = threadBox(L.Range, Site, Values, Window, Depth + 1);
    if (!R)
      return std::nullopt;
    Vars.push_back({L.Symbol, *R});
  }
  auto Lo = cornerHull(B2.Lo, Values, Vars);
  auto Hi = cornerHull(B2.Hi, Values, Vars);
  if (!Lo || !Hi)
    return std::nullopt;
  return std::make_pair(Lo->first, std::max(Lo->first, Hi->second));
}

/// B's ends name a loop variable of Site (a guard inside the loop).
bool dependsOnLoop(const IndexBounds &B, const AccessSite &Site) {
  return std::any_of(
      Site.Loops.begin(), Site.Loops.end(), [&](const LoopIndex &L) {
        return B.Lo.dependsOn(L.Symbol) || B.Hi.dependsOn(L.Symbol);
      });
}

/// E is c * S + (terms free of S), c a constant.
bool linearIn(const Expr &E, const std::string &S) {
  auto C = E.coefficientsIn(S);
  return C && C->size() <= 2 && (C->size() < 2 || (*C)[1].isConstant());
}

} // namespace

int64_t AffineAccess::highestAddress() const {
  int64_t High = Lowest;
  for (const AffineTerm &T : Terms)
    High += T.Stride * std::max<int64_t>(0, T.Count - 1);
  return High + (Site ? Site->Bytes : 1) - 1;
}

std::optional<LaunchShape> launchShape(const Bindings &Values) {
  LaunchShape S;
  for (unsigned D = 0; D < 3; ++D) {
    auto B = Values.find(dimSymbol("blockDim", D));
    auto G = Values.find(dimSymbol("gridDim", D));
    if (B == Values.end() || G == Values.end() || !B->second.isInteger() ||
        !G->second.isInteger() || B->second.num() <= 0 || G->second.num() <= 0)
      return std::nullopt;
    S.Block[D] = static_cast<int64_t>(B->second.num());
    S.Grid[D] = static_cast<int64_t>(G->second.num());
  }
  return S;
}

AffineAccess bindAccess(const AccessSite &Site, const Bindings &Values,
                        const LaunchShape &Shape, const BlockWindow &Window) {
  AffineAccess A;
  A.Site = &Site;
  A.BlockSize = Shape.Block;
  // The launch's executions are a whole-grid quantity; a window of blocks
  // (the per-block and re-use sets, searched over many windows) needs only
  // the addresses, and evaluating the count is most of the cost.
  const bool WholeGrid = Window.Count == BlockWindow().Count;
  if (WholeGrid) {
    EvalResult Runs = Site.Executions.High.evaluate(Values);
    if (Runs.ok())
      A.Executions = Runs.Value->toDouble();
    // A count still in thread indices (a trip count the walker could not
    // sum over the threads) is no count: without it there is no estimate,
    // never an access that moves nothing.
    bool ThreadDependent = false;
    for (const std::string &S : Runs.Unbound)
      ThreadDependent |=
          S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0;
    A.ExecutionsFailed = Runs.Overflow || Runs.DomainError || ThreadDependent;
  }
  for (unsigned D = 0; D < 3; ++D)
    if (auto R = evalBounds(Site.Thread[D], Values))
      A.ThreadRange[D] = *R;
  if (!Site.ByteOffset) {
    A.Why = NotAffine::UnfollowedPointer;
    return A;
  }
  std::map<std::string, Expr> Constants;
  for (const auto &[Name, Value] : Values)
    Constants[Name] = Expr(Value);
  Expr E = Site.ByteOffset->substitute(Constants);
  E = withoutExactRemainders(E, Site, Values, Shape, Window);

  // A thread index decomposed by constants (warp and lane, row and column
  // of a 1D block) is written in digits, threadIdx.x == 32 * hi + lo, in
  // which the address is affine.
  struct Digit {
    std::string Name;
    unsigned Dim;
    std::pair<int64_t, int64_t> Range;
    bool Exact;
    TermKind Kind;
  };
  std::vector<Digit> Digits;
  const Expr Undivided = E;
  // Each digit whose own quotient or remainder the address takes
  // (`(lane % 32) / 8`) is split again, lowest digits first: Digits lists
  // a dimension's digits from the lowest place up.
  auto splitDigits = [&](const std::string &Whole,
                         std::pair<int64_t, int64_t> WholeRange, unsigned D,
                         TermKind Kind) {
    bool Exact = true;
    std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> Pending{
        {Whole, WholeRange}};
    for (int Splits = 0; !Pending.empty();) {
      auto [Current, Range] = Pending.back();
      Pending.pop_back();
      auto Divisors = E.divisorsOf(Current);
      if (Divisors.empty() || Splits >= 6) {
        Digits.push_back({Current, D, Range, Exact, Kind});
        continue;
      }
      ++Splits;
      int64_t C = Divisors.front();
      std::string Hi = Current + "/" + std::to_string(C);
      std::string Lo = Current + "%" + std::to_string(C);
      auto [L, H] = Range;
      std::pair<int64_t, int64_t> HiRange, LoRange;
      if (L % C == 0 && H % C == 0) {
        HiRange = {L / C, H / C};
        LoRange = {0, C};
      } else if (H > L && L / C == (H - 1) / C) {
        HiRange = {L / C, L / C + 1};
        LoRange = {L % C, (H - 1) % C + 1};
      } else {
        // Ragged ends: the digit box covers more than the threads.
        HiRange = {L / C, (H + C - 1) / C};
        LoRange = {0, C};
        Exact = false;
      }
      E = E.splitIndex(Current, C, Hi, Lo);
      Pending.push_back({Hi, HiRange});
      Pending.push_back({Lo, LoRange});
    }
  };
  for (unsigned D = 0; D < 3; ++D) {
    std::string Thread = dimSymbol("threadIdx", D);
    std::string Block = dimSymbol("blockIdx", D);
    auto R = evalBounds(Site.Thread[D], Values);
    if (!R || R->first < 0)
      continue;
    // The global index decomposed (`idx / (M * M)`, `(idx / M) % M` with
    // idx = blockIdx.x * blockDim.x + threadIdx.x): the same digits, of the
    // global index, when the address sees the thread and block indices
    // only through it (a window of blocks takes the global indices of its
    // blocks). In a grid-stride loop the global index is the iteration
    // (`r = global / 32` of a warp per row): its digits, whatever the block.
    if (E.dependsOn(Thread) && (Site.GridStride[D] || !linearIn(E, Block))) {
      std::string Global = "global." + std::string(1, "xyz"[D]);
      Expr InGlobal = E.substitute(
          Thread, Expr::symbol(Global) -
                      Expr(Shape.Block[D]) * Expr::symbol(Block));
      auto GlobalRange = evalBounds(Site.Global[D], Values);
      if (GlobalRange && Window.Count[D] >= 0)
        GlobalRange->second =
            std::min(GlobalRange->second,
                     GlobalRange->first + Window.Count[D] * Shape.Block[D]);
      if (!InGlobal.dependsOn(Block) && !InGlobal.divisorsOf(Global).empty() &&
          GlobalRange && GlobalRange->first >= 0 && R->first == 0 &&
          R->second >= Shape.Block[D]) {
        E = InGlobal;
        splitDigits(Global, *GlobalRange, D, TermKind::Global);
        continue;
      }
    }
    if (E.divisorsOf(Thread).empty())
      continue;
    splitDigits(Thread, *R, D, TermKind::Thread);
  }
  // Lanes differ only in thread digits, so only they need LaneAddress; the
  // block digits below leave LaneStride exact.
  if (!Digits.empty())
    A.LaneAddress = Undivided;
  // A block index decomposed by constants (`tile_row = blockIdx.x / 32`,
  // `tile_col = blockIdx.x % 32`, a 2D tiling of a 1D grid) is written in
  // digits too; a window of blocks takes the digits of its blocks.
  for (unsigned D = 0; D < 3; ++D) {
    std::string Block = dimSymbol("blockIdx", D);
    if (E.divisorsOf(Block).empty())
      continue;
    auto R = evalBounds(Site.Block[D], Values);
    if (!R || R->first < 0)
      continue;
    if (Window.Count[D] >= 0)
      R->second = std::min(R->second, R->first + Window.Count[D]);
    splitDigits(Block, *R, D, TermKind::Block);
  }

  std::set<std::string> Vars;
  for (unsigned D = 0; D < 3; ++D) {
    Vars.insert(dimSymbol("threadIdx", D));
    Vars.insert(dimSymbol("blockIdx", D));
  }
  for (const Digit &G : Digits)
    Vars.insert(G.Name);
  for (const LoopIndex &L : Site.Loops)
    Vars.insert(L.Symbol);
  std::map<std::string, int64_t> Coef;
  std::map<std::string, Expr> Zero;
  for (const std::string &S : E.symbols()) {
    if (!Vars.count(S)) {
      A.Why = NotAffine::UnboundSymbol;
      A.WhySymbol = S;
      return A;
    }
    auto C = E.coefficientsIn(S);
    if (!C || C->size() > 2 || (C->size() == 2 && !(*C)[1].isConstant()) ||
        (C->size() == 2 && !(*C)[1].asConstant()->isInteger())) {
      A.Why = NotAffine::NonLinearIn;
      A.WhySymbol = S;
      boundByHull(A, E, Site, Values, Shape, Window);
      sampleSharedLanes(A, Undivided, Site, Values, Shape);
      return A;
    }
    if (C->size() == 2)
      Coef[S] = static_cast<int64_t>((*C)[1].asConstant()->num());
    Zero[S] = Expr(0);
  }
  auto Constant = E.substitute(Zero).asConstant();
  if (!Constant || !Constant->isInteger()) {
    A.Why = NotAffine::NonLinear;
    boundByHull(A, E, Site, Values, Shape, Window);
    sampleSharedLanes(A, Undivided, Site, Values, Shape);
    return A;
  }
  Expr Rebuilt(*Constant);
  for (const auto &[S, C] : Coef)
    Rebuilt += Expr(C) * Expr::symbol(S);
  if (Rebuilt != E) {
    A.Why = NotAffine::NonLinear;
    boundByHull(A, E, Site, Values, Shape, Window);
    sampleSharedLanes(A, Undivided, Site, Values, Shape);
    return A;
  }
  A.Origin = static_cast<int64_t>(Constant->num());

  auto coef = [&](const std::string &S) {
    auto It = Coef.find(S);
    return It == Coef.end() ? int64_t(0) : It->second;
  };
  auto addTerm = [&](AffineTerm T, std::pair<int64_t, int64_t> Range) {
    T.Lo = Range.first;
    T.Count = Range.second - Range.first;
    if (T.Stride != 0)
      A.Terms.push_back(T);
  };
  for (unsigned D = 0; D < 3; ++D) {
    int64_t Thread = coef(dimSymbol("threadIdx", D));
    int64_t Block = coef(dimSymbol("blockIdx", D));
    A.LaneStride[D] = Thread;
    std::optional<std::pair<int64_t, int64_t>> Range;
    if (Thread != 0 && Block == Thread * Shape.Block[D]) {
      Range = evalBounds(Site.Global[D], Values);
      bool Widened = false;
      if (!Range && dependsOnLoop(Site.Global[D], Site)) {
        // A guard inside a loop (`if (y + i - R >= 0)` under `for i`): the
        // indices any iteration runs at, the union over the loop's range.
        Range = threadBox(Site.Global[D], Site, Values, Window);
        Widened = true;
      }
      if (!Range) {
        A.Why = NotAffine::GlobalUnbound;
        return A;
      }
      if (Window.Count[D] >= 0)
        Range->second = std::min(
            Range->second, Range->first + Window.Count[D] * Shape.Block[D]);
      AffineTerm T{"global." + std::string(1, "xyz"[D]), TermKind::Global, D,
                   Thread};
      T.Dense = !Widened;
      addTerm(T, *Range);
      continue;
    }
    if (Thread != 0) {
      Range = evalBounds(Site.Thread[D], Values);
      if (!Range) {
        A.Why = NotAffine::ThreadUnbound;
        return A;
      }
      addTerm({dimSymbol("threadIdx", D), TermKind::Thread, D, Thread}, *Range);
    }
    if (Block != 0) {
      Range = evalBounds(Site.Block[D], Values);
      if (!Range) {
        A.Why = NotAffine::BlockUnbound;
        return A;
      }
      if (Window.Count[D] >= 0)
        Range->second = std::min(Range->second, Range->first + Window.Count[D]);
      addTerm({dimSymbol("blockIdx", D), TermKind::Block, D, Block}, *Range);
    }
  }
  bool LowestDigit[3] = {true, true, true};
  for (const Digit &G : Digits) {
    int64_t C = coef(G.Name);
    if (LowestDigit[G.Dim] && G.Kind != TermKind::Block) {
      A.LaneStride[G.Dim] = C;
      LowestDigit[G.Dim] = false;
    }
    AffineTerm T{G.Name, G.Kind, G.Dim, C};
    T.Dense = G.Exact;
    addTerm(T, G.Range);
  }
  bool ThreadShaped = false;
  for (const LoopIndex &L : Site.Loops) {
    int64_t C = coef(L.Symbol);
    if (C == 0)
      continue;
    auto Range = evalBounds(L.Range, Values);
    bool Widened = false;
    if (!Range) {
      // A range that depends on the thread (`k = lane; k < K; k += 32`,
      // `j <= i`): the box around every thread's range, from the corners of
      // the thread and block ranges (the bounds are monotone in them).
      Range = threadBox(L.Range, Site, Values, Window);
      Widened = true;
      ThreadShaped = true;
    }
    if (!Range) {
      A.Why = NotAffine::LoopBoundsDepend;
      A.WhySymbol = L.Symbol;
      return A;
    }
    AffineTerm T{L.Symbol, TermKind::Loop, 0, C};
    T.Dense = L.Dense && !Widened;
    addTerm(T, *Range);
  }
  // Addresses beyond 2^60 bytes are no real buffer and would overflow below.
  const int64_t Limit = int64_t(1) << 60;
  for (const AffineTerm &T : A.Terms) {
    int64_t Span = 0, Low = 0;
    if (__builtin_mul_overflow(T.Stride < 0 ? -T.Stride : T.Stride,
                               std::max<int64_t>(T.Count, T.Lo + T.Count) + 1,
                               &Span) ||
        __builtin_mul_overflow(T.Stride, T.Lo, &Low) || Span > Limit) {
      A.Terms.clear();
      A.Why = NotAffine::RangeOverflows;
      return A;
    }
  }
  // The executions are the points of a thread-shaped set when every
  // coordinate that varies over the launch moves the address (no two
  // threads share an iteration's element) and the whole grid is counted.
  if (ThreadShaped && A.Executions && WholeGrid) {
    bool OneToOne = true;
    for (unsigned D = 0; D < 3; ++D) {
      bool Digit = std::any_of(Digits.begin(), Digits.end(),
                               [&](const auto &G) { return G.Dim == D; });
      bool GlobalDigit =
          std::any_of(Digits.begin(), Digits.end(), [&](const auto &G) {
            return G.Dim == D && G.Kind == TermKind::Global;
          });
      bool ThreadMoves = coef(dimSymbol("threadIdx", D)) != 0 || Digit;
      bool BlockMoves = coef(dimSymbol("blockIdx", D)) != 0 || GlobalDigit;
      if (Shape.Block[D] > 1 && !ThreadMoves)
        OneToOne = false;
      if (Shape.Grid[D] > 1 && !BlockMoves)
        OneToOne = false;
    }
    // Every loop around the access must move it too (X[j] inside both
    // `i` and `j < i` loops is read again for each i).
    for (const LoopIndex &L : Site.Loops)
      if (coef(L.Symbol) == 0)
        OneToOne = false;
    if (OneToOne)
      A.Points = *A.Executions;
  }
  A.Lowest = A.Origin;
  for (AffineTerm &T : A.Terms) {
    int64_t Last = T.Lo + std::max<int64_t>(0, T.Count - 1);
    A.Lowest += T.Stride > 0 ? T.Stride * T.Lo : T.Stride * Last;
    if (T.Stride < 0) {
      T.Stride = -T.Stride;
      T.Reversed = true;
    }
  }
  A.Affine = true;
  return A;
}

} // namespace rla
