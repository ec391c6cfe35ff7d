//===- CostWalkerSwitch.cpp - A switch's cases and whom they run on -------===//
#include "analyzer/frontend/device/CostWalker.h"
#include "analyzer/frontend/device/GuardAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace rla {

void CostWalker::walkSwitch(const SwitchStmt *Switch) {
  walkExpr(Switch->getCond());
  // Flatten the body into statements, each with the labels in front of it.
  struct Entry {
    std::vector<std::optional<Rational>> Labels; ///< nullopt: default
    const Stmt *S;
  };
  std::vector<Entry> Entries;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
  std::vector<const Stmt *> Children;
  if (Body)
    Children.assign(Body->body_begin(), Body->body_end());
  else if (Switch->getBody())
    Children.push_back(Switch->getBody());
  for (const Stmt *S : Children) {
    Entry E{{}, S};
    while (true) {
      if (const auto *Case = dyn_cast<CaseStmt>(E.S)) {
        E.Labels.push_back(
            foldInteger(Case->getLHS(), Ctx).value_or(Rational(0)));
        E.S = Case->getSubStmt();
      } else if (const auto *Default = dyn_cast<DefaultStmt>(E.S)) {
        E.Labels.push_back(std::nullopt);
        E.S = Default->getSubStmt();
      } else {
        break;
      }
    }
    Entries.push_back(E);
  }
  // Each label runs from its statement to the next break (falling through).
  auto walkFrom = [&](size_t I) {
    for (size_t J = I; J < Entries.size(); ++J) {
      const Stmt *S = Entries[J].S;
      if (isa<BreakStmt>(S) || isa<ReturnStmt>(S)) {
        walkStmt(S);
        break;
      }
      walkStmt(S);
      if (alwaysLeaves(S))
        break;
    }
  };
  if (walkThreadSwitch(
          Switch, Entries.size(), [&](size_t I) { return Entries[I].Labels; },
          walkFrom))
    return;
  struct Group {
    std::optional<Rational> Label;
    Accumulator Cost;
  };
  std::vector<Group> Groups;
  bool HasDefault = false;
  Snapshot Before = save();
  for (size_t I = 0; I < Entries.size(); ++I)
    for (const auto &Label : Entries[I].Labels) {
      HasDefault |= !Label;
      Accumulator A;
      Accumulator *Saved = Cur;
      Cur = &A;
      walkFrom(I);
      Cur = Saved;
      restore(Before);
      Groups.push_back({Label, A});
    }
  forgetAssigned(Switch->getBody());

  // A switch on parameters is uniform: weight each case by [cond == label].
  const clang::Expr *Cond = Switch->getCond();
  auto Value = converter().convert(Cond);
  bool Uniform = Value.has_value();
  if (Value)
    for (const std::string &S : Value->symbols())
      Uniform &= S.rfind("threadIdx.", 0) != 0 && S.rfind("blockIdx.", 0) != 0;
  if (Uniform) {
    Expr Unmatched(1);
    auto equals = [&](const Rational &L) {
      Expr D = *Value - Expr(L);
      return Expr(1) - Expr::min(Expr(1), Expr::max(D, -D));
    };
    for (const Group &G : Groups)
      if (G.Label) {
        addScaled(G.Cost, equals(*G.Label));
        Unmatched = Unmatched - equals(*G.Label);
      }
    for (const Group &G : Groups)
      if (!G.Label)
        addScaled(G.Cost, Unmatched);
    return;
  }
  // Otherwise each thread takes one case, which one depends on data.
  Note Reason = note(NoteId::SwitchCaseOnData,
                     {{"at", where(Switch)}, {"cond", sourceText(Cond)}});
  if (Groups.empty())
    return;
  Accumulator Combined = Groups.front().Cost;
  Accumulator *Saved = Cur;
  for (size_t I = 1; I < Groups.size(); ++I) {
    Accumulator Next;
    Cur = &Next;
    addAlternatives(Combined, Groups[I].Cost, Reason);
    Combined = Next;
  }
  Cur = Saved;
  if (HasDefault)
    addScaled(Combined, Expr(1));
  else
    addMaybe(Combined, Reason); // no case may match
}

bool CostWalker::walkThreadSwitch(
    const SwitchStmt *Switch, size_t Entries,
    const std::function<std::vector<std::optional<Rational>>(size_t)> &Labels,
    const std::function<void(size_t)> &WalkFrom) {
  // A switch on the thread's own index math (`switch ((tid % 72) / 4)`):
  // each case is the guard `cond == label`, so it runs on the threads that
  // pass it, exactly when every guard decomposes. A default is left to the
  // general rule.
  const clang::Expr *Cond = Switch->getCond();
  auto Value = converter().convert(Cond);
  if (!Value || !mentionsThreadIndex(*Value))
    return false;
  std::vector<std::pair<size_t, GuardAnalysis>> Cases;
  for (size_t I = 0; I < Entries; ++I)
    for (const std::optional<Rational> &Label : Labels(I)) {
      if (!Label || !Label->isInteger())
        return false;
      QualType T = Cond->getType();
      llvm::APInt V(Ctx.getIntWidth(T), uint64_t(Label->num()),
                    /*isSigned=*/true);
      auto *Literal = IntegerLiteral::Create(Ctx, V, T, Switch->getBeginLoc());
      auto *Equals = BinaryOperator::Create(
          Ctx, const_cast<clang::Expr *>(Cond), Literal, BO_EQ, Ctx.IntTy,
          VK_PRValue, OK_Ordinary, Switch->getBeginLoc(), FPOptionsOverride());
      GuardAnalysis G =
          analyzeGuard(Equals, /*Negate=*/false, converter(), Ctx);
      keepSummableThreadGates(G);
      if (!G.Exact || G.DataDependent)
        return false;
      Cases.emplace_back(I, std::move(G));
    }
  Snapshot Before = save();
  auto larger = [](const Expr &X, const Expr &Y) { return Expr::max(X, Y); };
  std::optional<CostRange> PerThread;
  for (const auto &[I, G] : Cases) {
    Accumulator A;
    Accumulator *Saved = Cur;
    Cur = &A;
    applyGuard(G);
    WalkFrom(I);
    Cur = Saved;
    restore(Before);
    // Disjoint threads: the totals add up; one thread takes one case.
    Cur->Total = Cur->Total + A.Total;
    PerThread = !PerThread
                    ? A.PerThread
                    : CostRange{CostVector::zipWith(PerThread->Low,
                                                    A.PerThread.Low, larger),
                                CostVector::zipWith(PerThread->High,
                                                    A.PerThread.High, larger)};
  }
  if (PerThread)
    Cur->PerThread = Cur->PerThread + *PerThread;
  forgetAssigned(Switch->getBody());
  return true;
}

} // namespace rla
