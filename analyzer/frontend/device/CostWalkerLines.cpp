//===- CostWalkerLines.cpp - How often each source line runs
//---------------===//
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/AST/StmtCXX.h"

namespace rla {

Expr CostWalker::sumOverLoops(Expr Count, bool ExactPowers) const {
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    if (It->Dense) {
      Count = Expr::sum(It->Symbol, It->Lo, It->Hi + Expr(1), Count);
    } else if (ExactPowers) {
      // The powers of two in [Lo, Hi]: 2^k for k from ceil(log2(Lo)).
      std::string K = It->Symbol + "_log2";
      Count = Expr::sum(
          K, Expr::log2Ceil(It->Lo), Expr::log2Floor(It->Hi) + Expr(1),
          Count.substitute(It->Symbol, Expr::pow2(Expr::symbol(K))));
    } else {
      // Powers of two between Lo and Hi: the iterations of a halving loop.
      Expr Trip = Expr::log2Floor(It->Hi) - Expr::log2Floor(It->Lo) + Expr(1);
      Count = Count.substitute(It->Symbol, It->Hi) * Trip;
    }
  }
  return Count;
}

std::string CostWalker::inlineContext() const {
  std::string Key;
  for (const clang::Expr *Call : InlineSites)
    Key += std::to_string(reinterpret_cast<uintptr_t>(Call)) + "/";
  return Key;
}

void CostWalker::visitLine(const clang::Stmt *S,
                           const std::function<void()> &Walk) {
  std::string Context = inlineContext();
  if (!Recording || !VisitedLines.insert({S, Context}).second) {
    // Walked before in this context (or only to subtract): counted once.
    Walk();
    return;
  }
  LineVisit V;
  Expr Here = Space.count().High * gate();
  V.Executions = sumOverLoops(Here, /*ExactPowers=*/true);
  if (mentionsThreadIndex(V.Executions)) {
    // A trip count that is the thread's own: summed over the threads.
    if (auto PerThread = Space.sumOverPoints(sumOverLoops(gate(), true)))
      V.Executions = PerThread->High;
  }
  V.WarpExecutions = sumOverLoops(Space.warpCount() * gate(), true);
  if (mentionsThreadIndex(V.WarpExecutions)) {
    // A count that is the thread's own: a warp runs as long as its busiest
    // lane, not a 32nd of its lanes' runs.
    auto Warps = Space.sumOverWarps(sumOverLoops(gate(), true));
    V.WarpExecutions = Warps ? *Warps : V.Executions * Expr(Rational(1, 32));
  }
  LineVisits.push_back(std::move(V));
  clang::SourceLocation Saved = AccessLoc;
  AccessLoc = S->getBeginLoc();
  // The statement's own line runs even when it counts no work.
  SourceLoc Own = locOf(S->getBeginLoc());
  LineVisits.back().Work[{Own.File, Own.Line}].LoopHeader =
      llvm::isa<clang::ForStmt>(S) || llvm::isa<clang::WhileStmt>(S) ||
      llvm::isa<clang::DoStmt>(S) || llvm::isa<clang::CXXForRangeStmt>(S);
  Walk();
  AccessLoc = Saved;
  LineVisit Done = std::move(LineVisits.back());
  LineVisits.pop_back();
  SourceLoc Caller;
  if (!InlineSites.empty())
    Caller = locOf(InlineSites.back()->getBeginLoc());
  for (const auto &[Where, Work] : Done.Work) {
    if (Where.second == 0)
      continue;
    auto Key = std::make_tuple(Where.first, Where.second, Context);
    auto [It, New] = LineIndex.try_emplace(Key, Out.Lines.size());
    if (New) {
      LineSite L;
      L.File = Where.first;
      L.Line = Where.second;
      L.CallerFile = Caller.File;
      L.CallerLine = Caller.Line;
      L.StatementLine = Where.first == Own.File ? Own.Line : Where.second;
      L.Executions = Done.Executions;
      L.WarpExecutions = Done.WarpExecutions;
      L.PerRun = Work;
      Out.Lines.push_back(std::move(L));
      continue;
    }
    // Another statement of the same line: it runs as often as the most
    // frequent one, and each run does the work of all of them.
    LineSite &L = Out.Lines[It->second];
    L.Executions = Expr::max(L.Executions, Done.Executions);
    L.WarpExecutions = Expr::max(L.WarpExecutions, Done.WarpExecutions);
    L.PerRun.HardwareFlops += Work.HardwareFlops;
    L.PerRun.SfuOps += Work.SfuOps;
    L.PerRun.GlobalLoadBytes += Work.GlobalLoadBytes;
    L.PerRun.GlobalStoreBytes += Work.GlobalStoreBytes;
    L.PerRun.SharedLoadBytes += Work.SharedLoadBytes;
    L.PerRun.SharedStoreBytes += Work.SharedStoreBytes;
    L.PerRun.LocalLoadBytes += Work.LocalLoadBytes;
    L.PerRun.LocalStoreBytes += Work.LocalStoreBytes;
    L.PerRun.TensorFlops += Work.TensorFlops;
    L.PerRun.LoopHeader |= Work.LoopHeader;
  }
}

void CostWalker::addLineWork(double LineWork::*Field, double Amount) {
  if (LineVisits.empty() || !Recording)
    return;
  SourceLoc L = locOf(AccessLoc);
  LineVisits.back().Work[{L.File, L.Line}].*Field += Amount;
}

} // namespace rla
