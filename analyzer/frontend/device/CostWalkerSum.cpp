//===- CostWalkerSum.cpp - Combining costs over branches and loops --------===//
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace rla {

void CostWalker::addScaled(const Accumulator &A, const Expr &Factor) {
  Cur->Total = Cur->Total + CostRange{A.Total.Low.scaled(Factor),
                                      A.Total.High.scaled(Factor)};
  Cur->PerThread = Cur->PerThread + CostRange{A.PerThread.Low.scaled(Factor),
                                              A.PerThread.High.scaled(Factor)};
}

void CostWalker::addAlternatives(const Accumulator &A, const Accumulator &B,
                                 const Note &Reason) {
  auto lower = [](const Expr &X, const Expr &Y) { return Expr::min(X, Y); };
  auto upper = [](const Expr &X, const Expr &Y) { return Expr::max(X, Y); };
  CostRange Total{CostVector::zipWith(A.Total.Low, B.Total.Low, lower),
                  CostVector::zipWith(A.Total.High, B.Total.High, upper)};
  CostRange Per{CostVector::zipWith(A.PerThread.Low, B.PerThread.Low, lower),
                CostVector::zipWith(A.PerThread.High, B.PerThread.High, upper)};
  bool Differ = !CostRange{A.Total.Low, B.Total.Low}.isExact() ||
                !CostRange{A.Total.High, B.Total.High}.isExact();
  if (Differ)
    rangeReason(Reason);
  Cur->Total = Cur->Total + Total;
  Cur->PerThread = Cur->PerThread + Per;
}

void CostWalker::addMaybe(const Accumulator &A, const Note &Reason) {
  addAlternatives(A, Accumulator(), Reason);
}

void CostWalker::addSummed(const Accumulator &A, const std::string &Symbol,
                           const Expr &Trip) {
  // A closed form when the costs are polynomials in the loop variable,
  // otherwise a sum that is added up term by term once the launch is bound.
  auto sumVector = [&](const CostVector &V) {
    return V.map(
        [&](const Expr &F) { return Expr::sum(Symbol, Expr(0), Trip, F); });
  };
  CostRange Total{sumVector(A.Total.Low), sumVector(A.Total.High)};
  CostRange Per{sumVector(A.PerThread.Low), sumVector(A.PerThread.High)};
  Cur->Total = Cur->Total + Total;
  Cur->PerThread = Cur->PerThread + Per;
}

bool CostWalker::mentionsThreadIndex(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0)
      return true;
  return false;
}

bool CostWalker::addSummedOverThreads(const Accumulator &A,
                                      const std::string &Symbol,
                                      const Expr &Trip) {
  // Only when every cost of the body is its per-thread cost times the
  // current space: then no guard inside narrows the threads.
  ExprRange N = Space.count();
  Expr Gate = gate();
  CostVector ExpectLow = A.PerThread.Low.scaled(N.Low * Gate);
  CostVector ExpectHigh = A.PerThread.High.scaled(N.High * Gate);
  if (!CostRange{ExpectLow, A.Total.Low}.isExact() ||
      !CostRange{ExpectHigh, A.Total.High}.isExact())
    return false;
  bool Ok = true;
  auto perThread = [&](const Expr &F) {
    return Expr::sum(Symbol, Expr(0), Trip, F);
  };
  auto overThreads = [&](const Expr &F, bool Low) {
    auto S = Space.sumOverPoints(F);
    if (!S) {
      Ok = false;
      return Expr(0);
    }
    return (Low ? S->Low : S->High) * Gate;
  };
  CostRange Per{A.PerThread.Low.map(perThread),
                A.PerThread.High.map(perThread)};
  CostRange Total{
      Per.Low.map([&](const Expr &F) { return overThreads(F, true); }),
      Per.High.map([&](const Expr &F) { return overThreads(F, false); })};
  if (!Ok)
    return false;
  Cur->Total = Cur->Total + Total;
  Cur->PerThread = Cur->PerThread + Per;
  return true;
}

bool CostWalker::addSummedOverBlocks(const Accumulator &A,
                                     const std::string &Symbol,
                                     const Expr &Trip) {
  const std::string BlockX = "blockIdx.x";
  for (const std::string &S : Trip.symbols())
    if (S != BlockX && (S.rfind("threadIdx.", 0) == 0 ||
                        S.rfind("blockIdx.", 0) == 0 || S.rfind("$", 0) == 0))
      return false;
  // Every block of x runs the loop (no guard on the block or global index,
  // no loop over blocks around it), so that the sum below is over them all.
  if (Space.interval(IndexKind::Block, 0).constrained() ||
      Space.interval(IndexKind::Global, 0).constrained() ||
      Space.inGridStride(0) ||
      Space.blockExtent(0) != Expr::symbol("gridDim.x") || !gate().asConstant())
    return false;
  // The body's total is then the whole grid's for one trip count: per block
  // the same (it names no index), gridDim.x times what one block does.
  for (const CostVector *V : {&A.Total.Low, &A.Total.High})
    for (const auto &[Q, Field] : CostVector::scalarFields())
      if (mentionsThreadIndex(V->*Field))
        return false;
  for (const CostVector *V : {&A.Total.Low, &A.Total.High}) {
    for (const Expr &F : V->Flops)
      if (mentionsThreadIndex(F))
        return false;
    for (const Expr &F : V->TensorFlops)
      if (mentionsThreadIndex(F))
        return false;
  }
  // sum over blocks b of (the grid's total at b's trip count) / gridDim.x:
  // exact, as that total is gridDim.x times one block's.
  Expr Blocks = Expr::symbol("gridDim.x");
  std::string B = freshSymbol("block");
  auto overBlocks = [&](const Expr &F) {
    Expr AtTrip = Expr::sum(Symbol, Expr(0), Trip, F);
    return Expr::floorDiv(Expr::sum(B, Expr(0), Blocks,
                                    AtTrip.substitute(BlockX, Expr::symbol(B))),
                          Blocks);
  };
  auto perThread = [&](const Expr &F) {
    return Expr::sum(Symbol, Expr(0), Trip, F);
  };
  Cur->Total = Cur->Total + CostRange{A.Total.Low.map(overBlocks),
                                      A.Total.High.map(overBlocks)};
  Cur->PerThread = Cur->PerThread + CostRange{A.PerThread.Low.map(perThread),
                                              A.PerThread.High.map(perThread)};
  return true;
}

void CostWalker::addGeometric(const Accumulator &A, const LoopShape &Shape,
                              const std::string &Symbol) {
  const Expr &Trip = Shape.Trip;
  const Expr &Start = Shape.Init;
  // The variable's value in iteration t, for costs that are not linear in it.
  std::string Counter = Symbol + "'";
  Expr T = Expr::symbol(Counter);
  Expr Scale = Expr::pow2(Shape.Shift == 1 ? T : Expr(Shape.Shift) * T);
  Expr ValueAt = Shape.ShapeKind == LoopShape::Halving
                     ? Expr::floorDiv(Start, Scale)
                     : Start * Scale;
  // Sum of the loop variable over all iterations.
  Expr VarSum;
  if (Shape.Shift != 1) {
    VarSum = Expr::sum(Counter, Expr(0), Trip, ValueAt);
  } else if (Shape.ShapeKind == LoopShape::Halving) {
    // sum_{t<T} floor(a/2^t) = H(a) - H(floor(a/2^T)), H(x) = 2x - popcount(x).
    auto H = [](const Expr &X) { return Expr(2) * X - Expr::popcount(X); };
    // Halving down to zero leaves no tail.
    VarSum = Shape.Bound.isZero()
                 ? H(Start)
                 : H(Start) - H(Expr::floorDiv(Start, Expr::pow2(Trip)));
  } else {
    VarSum = Start * (Expr::pow2(Trip) - Expr(1));
  }
  auto sum = [&](const Expr &F) -> Expr {
    if (!F.dependsOn(Symbol))
      return F * Trip;
    auto Coeffs = F.coefficientsIn(Symbol);
    if (Coeffs && Coeffs->size() == 2)
      return (*Coeffs)[0] * Trip + (*Coeffs)[1] * VarSum;
    return Expr::sum(Counter, Expr(0), Trip, F.substitute(Symbol, ValueAt));
  };
  auto sumVector = [&](const CostVector &V) { return V.map(sum); };
  Cur->Total =
      Cur->Total + CostRange{sumVector(A.Total.Low), sumVector(A.Total.High)};
  Cur->PerThread = Cur->PerThread + CostRange{sumVector(A.PerThread.Low),
                                              sumVector(A.PerThread.High)};
}

bool CostWalker::provablyNonNegative(const Expr &X) const {
  if (X.isProvablyNonNegativeRelaxed())
    return true;
  // Replace each enclosing loop variable by the end of its range that makes
  // X smallest (X is linear in it), innermost first.
  Expr Y = X;
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    if (!Y.dependsOn(It->Symbol))
      continue;
    auto Coeffs = Y.coefficientsIn(It->Symbol);
    if (!Coeffs || Coeffs->size() != 2)
      return false;
    const Expr &Slope = (*Coeffs)[1];
    if (Slope.isProvablyNonNegativeRelaxed())
      Y = Y.substitute(It->Symbol, It->Lo);
    else if ((-Slope).isProvablyNonNegativeRelaxed())
      Y = Y.substitute(It->Symbol, It->Hi);
    else
      return false;
    if (Y.isProvablyNonNegativeRelaxed())
      return true;
  }
  return Y.isProvablyNonNegativeRelaxed();
}

Expr CostWalker::clampNonNegative(const Expr &X) const {
  if (provablyNonNegative(X))
    return X;
  return Expr::max(Expr(0), X);
}

SourceLoc CostWalker::locOf(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Expansion = SM.getExpansionLoc(L);
  PresumedLoc P = SM.getPresumedLoc(Expansion);
  if (P.isInvalid())
    return {};
  return SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
}

std::string CostWalker::where(const Stmt *S) const {
  return where(S->getBeginLoc());
}

std::string CostWalker::where(clang::SourceLocation Loc) const {
  SourceLoc L = locOf(Loc);
  std::string File = L.File;
  size_t Slash = File.find_last_of('/');
  if (Slash != std::string::npos)
    File = File.substr(Slash + 1);
  return File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string CostWalker::sourceText(const Stmt *S) const {
  if (!S)
    return "";
  llvm::StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts());
  std::string Out = Text.str();
  std::replace(Out.begin(), Out.end(), '\n', ' ');
  if (Out.size() > 60)
    Out = Out.substr(0, 57) + "...";
  return "`" + Out + "`";
}

Finding &CostWalker::finding(const std::string &Id, Severity Level, Note Words,
                             SourceLocation L) {
  SourceLoc Loc = locOf(L);
  for (Finding &F : Out.Findings)
    if (F.Id == Id && F.Loc.Line == Loc.Line && F.Loc.Column == Loc.Column &&
        F.Message.empty() && F.Words == Words)
      return F;
  Finding F{Id, Level, "", Loc};
  F.Words = std::move(Words);
  return Out.Findings.emplace_back(std::move(F));
}

void CostWalker::assume(Note Assumption) {
  addNoteOnce(Out.Assumptions, std::move(Assumption));
}

void CostWalker::rangeReason(Note Reason) {
  addNoteOnce(Out.RangeReasons, std::move(Reason));
}

std::string CostWalker::freshSymbol(const std::string &Base) {
  return "$" + Base + "#" + std::to_string(++NextSymbol);
}

} // namespace rla
