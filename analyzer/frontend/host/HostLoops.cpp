//===- HostLoops.cpp - Loops the host interpreter runs --------------------===//
///
/// \file
/// Loops as the program runs them: iteration by iteration within a limit;
/// a loop with launches past it summarised (one pass standing for its trip
/// count); nests of data loops run within a budget or undone and made
/// unknown; and what a loop writes made unknown (havoc).
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/device/LoopShape.h"
#include "analyzer/frontend/host/HostInterpreterImpl.h"

using namespace clang;

namespace rla {
namespace interp {

namespace {

/// Whether S holds a loop.
bool loopsIn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (loopsIn(Child))
      return true;
  return false;
}

/// `for (i = a; i < b; i += c)` with i not changed in the body: the number
/// of iterations from the values at the loop's start.
std::optional<Rational> tripCount(Interpreter &I, const clang::Expr *Cond,
                                  const clang::Expr *Inc, const Stmt *Body) {
  const auto *C = dyn_cast_or_null<clang::BinaryOperator>(
      Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!C || !C->isComparisonOp() || !Inc)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(C->getLHS()->IgnoreParenImpCasts());
  if (!Ref)
    return std::nullopt;
  std::set<const ValueDecl *> InBody;
  collectAssignedVars(Body, InBody);
  if (InBody.count(Ref->getDecl()))
    return std::nullopt;
  std::optional<Rational> Step;
  Inc = Inc->IgnoreParenImpCasts();
  // `i++, i2++`: the one that steps the variable the condition tests.
  auto steps = [&](const clang::Expr *E) {
    const clang::Expr *Target = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      Target = U->getSubExpr();
    else if (const auto *A = dyn_cast<CompoundAssignOperator>(E))
      Target = A->getLHS();
    const auto *R =
        Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    return R && R->getDecl() == Ref->getDecl();
  };
  while (const auto *Comma = dyn_cast<clang::BinaryOperator>(Inc)) {
    if (Comma->getOpcode() != BO_Comma)
      break;
    const clang::Expr *L = Comma->getLHS()->IgnoreParenImpCasts();
    Inc = steps(L) ? L : Comma->getRHS()->IgnoreParenImpCasts();
  }
  if (!steps(Inc))
    return std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (U->isIncrementDecrementOp())
      Step = Rational(U->isIncrementOp() ? 1 : -1);
  } else if (const auto *A = dyn_cast<CompoundAssignOperator>(Inc)) {
    HostValue S = I.eval(A->getRHS());
    if (S.isNumber() &&
        (A->getOpcode() == BO_AddAssign || A->getOpcode() == BO_SubAssign))
      Step = A->getOpcode() == BO_AddAssign ? S.Num : -S.Num;
  }
  HostValue From = I.eval(C->getLHS()), To = I.eval(C->getRHS());
  if (!Step || Step->isZero() || !From.isNumber() || !To.isNumber())
    return std::nullopt;
  Rational Span = To.Num - From.Num;
  switch (C->getOpcode()) {
  case BO_LT:
  case BO_GT:
    break;
  case BO_LE:
    Span = Span + Rational(Step->isNegative() ? -1 : 1);
    break;
  case BO_GE:
    Span = Span - Rational(1);
    break;
  default:
    return std::nullopt;
  }
  Rational Trips = Span / *Step;
  if (Trips.isNegative())
    return Rational(0);
  return Rational(Trips.ceil(), 1);
}

/// Whether S always leaves the loop it is in: `{ ...; break; }`.
bool leavesLoop(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->body_empty() ? nullptr : C->body_back();
  return S && (isa<BreakStmt>(S) || isa<ReturnStmt>(S));
}

/// What a loop writes that later iterations see: a write in a branch of
/// the body's top level that leaves the loop (`if (converged) { grid.x =
/// n; final<<<grid, ...>>>(); break; }`) is not seen by the iterations.
void collectCarriedWrites(const Stmt *Loop, const Stmt *Body,
                          std::set<const ValueDecl *> &Out) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C) {
    collectAssignedVars(Loop, Out);
    return;
  }
  for (const Stmt *Child : Loop->children())
    if (Child != Body)
      collectAssignedVars(Child, Out);
  for (const Stmt *S : C->body()) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If) {
      collectAssignedVars(S, Out);
      continue;
    }
    collectAssignedVars(If->getInit(), Out);
    collectAssignedVars(If->getCond(), Out);
    if (!leavesLoop(If->getThen()))
      collectAssignedVars(If->getThen(), Out);
    if (!leavesLoop(If->getElse()))
      collectAssignedVars(If->getElse(), Out);
  }
}

/// Whether a value's reason says it was read from input (`width` comes from
/// sscanf at a.cu:12), however deep another reason cites it.
bool readFromInput(const Note &Why) {
  switch (Why.Id) {
  case NoteId::HostExprComesFrom:
  case NoteId::HostOccupancyOutput:
  case NoteId::HostAttributeField:
    return true;
  case NoteId::Verbatim: {
    auto Text = Why.Data.find("text");
    const std::string *S = Text == Why.Data.end()
                               ? nullptr
                               : std::get_if<std::string>(&Text->second);
    return S && llvm::StringRef(*S).contains(" comes from ");
  }
  case NoteId::HostExprNotKnown:
    // "`c` is not known: comes from cudaX at a.cu:12".
    if (llvm::any_of(Why.Parts, [](const Note &P) {
          return P.Id == NoteId::HostComesFrom;
        }))
      return true;
    break;
  default:
    break;
  }
  return llvm::any_of(Why.Parts, readFromInput);
}

} // namespace

Note Interpreter::changesInLoop(const Stmt *Loop) const {
  return note(NoteId::HostNameChangesInLoop,
              {{"at", where(Loop->getBeginLoc())}});
}

Interpreter::Flow Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                                        const clang::Expr *Cond,
                                        const clang::Expr *Inc,
                                        const Stmt *Body, bool CondFirst) {
  if (Init)
    exec(Init);
  // A loop without launches only computes values; past a few hundred
  // iterations it is data work (pixels, elements), not launch sizes.
  bool Launches = launchesIn(Body);
  uint64_t Limit = Launches ? LoopUnrollLimit : DataLoopLimit;
  if (Loop == NestOuter)
    Limit = std::min(Limit, NestOuterTrips);
  // In a branch the program does not take every launch counts 0: a few
  // iterations give its entries their values (a benchmark's 100 timing
  // runs of one launch are one entry), the rest is summarised.
  if (Counterfactual > 0)
    Limit = std::min(Limit, CounterfactualLoopLimit);
  // Nested loops without launches walk data (rows by columns), unless
  // the whole nest is small (a 9x9 mask whose ones give a size): it runs
  // as written within one budget, else it is undone and summarised.
  if (NestOuter && Loop != NestOuter && !Launches) {
    havoc(Loop, changesInLoop(Loop));
    return Flow::Normal;
  }
  if (!Launches && loopsIn(Body) && !DataNestLeft && Loop != NestOuter) {
    if (!LargeDataNests.count(Loop))
      return execDataNest(Loop, Init, Cond, Inc, Body, CondFirst);
    return execNestOuter(Loop, Init, Cond, Inc, Body, CondFirst);
  }
  std::optional<Rational> Trips = tripCount(*this, Cond, Inc, Body);
  // If the body can leave early on a value not known, the iterations run
  // so far are undone and the loop is summarised with no trip count.
  EarlyExit OuterExit = Exit;
  Exit = {};
  LoopStart Start = loopStart(Loop);
  Flow F = Flow::Normal;
  if (Trips && Rational(int64_t(Limit)) < *Trips) {
    if (Launches)
      summariseLoop(Loop, Body, Inc, Trips, Note());
    else
      havoc(Loop, changesInLoop(Loop));
  } else {
    F = runIterations(Loop, Cond, Inc, Body, CondFirst, Launches, Limit);
  }
  if (Exit.Cond && Launches && !OverBudget) {
    Note Why = note(NoteId::HostLoopMayLeaveEarly,
                    {{"cond", text(Exit.Cond)},
                     {"at", where(Exit.Cond->getBeginLoc())},
                     {"trips", Trips ? Trips->str() : std::string()}});
    undo(Start);
    summariseLoop(Loop, Body, Inc, std::nullopt, Why);
    F = Flow::Normal;
  }
  // A `return` that may happen leaves the loops around this one too.
  Exit = Exit.How == Flow::Return ? Exit : OuterExit;
  return F;
}

Interpreter::Flow Interpreter::execDataNest(const Stmt *Loop, const Stmt *Init,
                                            const clang::Expr *Cond,
                                            const clang::Expr *Inc,
                                            const Stmt *Body, bool CondFirst) {
  LoopStart Start = loopStart(Loop);
  DataNestLeft = DataLoopLimit;
  DataNestSpent = false;
  Flow F = execLoop(Loop, Init, Cond, Inc, Body, CondFirst);
  DataNestLeft.reset();
  if (DataNestSpent || OverBudget) {
    DataNestSpent = false;
    LargeDataNests.insert(Loop);
    undo(Start);
    if (OverBudget) {
      havoc(Loop, changesInLoop(Loop));
      return Flow::Stop;
    }
    return execNestOuter(Loop, Init, Cond, Inc, Body, CondFirst);
  }
  return F;
}

Interpreter::Flow Interpreter::execNestOuter(const Stmt *Loop, const Stmt *Init,
                                             const clang::Expr *Cond,
                                             const clang::Expr *Inc,
                                             const Stmt *Body, bool CondFirst) {
  LoopStart Start = loopStart(Loop);
  if (Init)
    exec(Init);
  // Only a short outer loop (flags over argv, the channels of an image):
  // one over rows or list elements is data work like its nest.
  std::optional<Rational> Trips = tripCount(*this, Cond, Inc, Body);
  if (NestOuter || LongNestOuters.count(Loop) ||
      NestOuterRuns[Loop]++ >= NestOuterRunsPerLoop ||
      (Trips && Rational(int64_t(NestOuterTrips)) < *Trips)) {
    havoc(Loop, changesInLoop(Loop));
    return Flow::Normal;
  }
  // Within a budget of its own: a loop that runs longer than it looks (its
  // body steps the counter too) is undone and summarised as before.
  uint64_t OuterLimit = Limit;
  Limit = std::min(Limit, Steps + NestOuterBudget);
  NestOuter = Loop;
  NestOuterCapped = false;
  Flow F = execLoop(Loop, nullptr, Cond, Inc, Body, CondFirst);
  NestOuter = nullptr;
  bool Spent = NestOuterCapped || (OverBudget && Steps <= OuterLimit);
  Limit = OuterLimit;
  if (!Spent)
    return F;
  OverBudget = false;
  LongNestOuters.insert(Loop);
  undo(Start);
  havoc(Loop, changesInLoop(Loop));
  return Flow::Normal;
}

Interpreter::LoopStart Interpreter::loopStart(const Stmt *Loop) {
  LoopStart Start;
  Start.State = snapshot(Loop, nullptr);
  Start.Recorded = Out ? Out->size() : 0;
  if (Out)
    for (const InterpretedLaunch &L : *Out)
      Start.Counts.push_back(L.Spec.LaunchCount);
  return Start;
}

void Interpreter::undo(const LoopStart &Start) {
  if (Out) {
    Out->resize(Start.Recorded);
    for (size_t I = 0; I < Start.Recorded; ++I)
      (*Out)[I].Spec.LaunchCount = Start.Counts[I];
  }
  restore(Start.State);
}

Interpreter::Flow Interpreter::runIterations(const Stmt *Loop,
                                             const clang::Expr *Cond,
                                             const clang::Expr *Inc,
                                             const Stmt *Body, bool CondFirst,
                                             bool Launches, uint64_t Limit) {
  for (uint64_t Iteration = 0;; ++Iteration) {
    if (OverBudget || DataNestSpent)
      return Flow::Stop;
    if (DataNestLeft && (*DataNestLeft)-- == 0) {
      DataNestSpent = true;
      return Flow::Stop;
    }
    if (Cond && (CondFirst || Iteration > 0)) {
      HostValue C = eval(Cond);
      if (!C.isNumber()) {
        summariseLoop(
            Loop, Body, Inc, std::nullopt,
            note(NoteId::HostLoopConditionNotKnown,
                 {{"cond", text(Cond)}, {"at", where(Cond->getBeginLoc())}},
                 partsUnlessBlank(C.account())));
        return Flow::Normal;
      }
      if (C.Num.isZero())
        return Flow::Normal;
    }
    if (Iteration >= Limit) {
      NestOuterCapped |= Loop == NestOuter;
      if (!Launches) {
        havoc(Loop, changesInLoop(Loop));
        return Flow::Normal;
      }
      summariseLoop(
          Loop, Body, Inc, std::nullopt,
          note(NoteId::HostLoopRunsTooLong,
               {{"at", where(Loop->getBeginLoc())}, {"limit", double(Limit)}}));
      return Flow::Normal;
    }
    Flow F = exec(Body);
    if (F == Flow::Break)
      return Flow::Normal;
    if (F == Flow::Return || F == Flow::Stop)
      return F;
    if (Inc)
      eval(Inc);
  }
}

Interpreter::Flow Interpreter::execRangeFor(const CXXForRangeStmt *F) {
  if (F->getInit())
    exec(F->getInit());
  Note Why;
  HostSlot Range = lvalue(F->getRangeInit(), Why);
  HostValue Value = Range ? *Range : eval(F->getRangeInit());
  if (Value.K != HostValue::Kind::Aggregate) {
    summariseLoop(
        F, F->getBody(), nullptr, std::nullopt,
        note(NoteId::HostLoopRangeNotKnown, {{"range", text(F->getRangeInit())},
                                             {"at", where(F->getBeginLoc())}}));
    return Flow::Normal;
  }
  const VarDecl *Var = F->getLoopVariable();
  for (const HostSlot &Element : Value.Elems) {
    if (OverBudget)
      return Flow::Stop;
    Stack.back()->Vars[Var] = Var->getType()->isReferenceType()
                                  ? Element
                                  : std::make_shared<HostValue>(coerce(
                                        Element->deepCopy(), Var->getType()));
    Flow Result = exec(F->getBody());
    if (Result == Flow::Break)
      break;
    if (Result == Flow::Return || Result == Flow::Stop)
      return Result;
  }
  return Flow::Normal;
}

void Interpreter::summariseLoop(const Stmt *Loop, const Stmt *Body,
                                const clang::Expr *Inc,
                                std::optional<Rational> Count,
                                const Note &Why) {
  // One pass over the body stands for all iterations: what the loop
  // changes is unknown inside and after it, and launches in it run Count
  // times.
  Note Changes = changesInLoop(Loop);
  std::vector<std::pair<HostSlot, Note>> Inputs;
  {
    std::set<const ValueDecl *> Written;
    collectAssignedVars(Loop, Written);
    for (const ValueDecl *D : Written)
      if (HostSlot Slot = variable(D); Slot &&
                                       Slot->K == HostValue::Kind::Unknown &&
                                       readFromInput(Slot->Why))
        Inputs.emplace_back(Slot, Slot->Why);
  }
  LoopStart Start = loopStart(Loop);
  havoc(Loop, Changes, /*OnlyCarried=*/Body);
  Multipliers.push_back(Count);
  if (!Count)
    Conditions.push_back(
        note(NoteId::InLoopOfUnknownCount, {}, partsUnlessBlank(Why)));
  Flow F = exec(Body);
  if ((F == Flow::Break || F == Flow::Return) && Count != Rational(1)) {
    // The pass leaves the loop with what the loop carries not known, so
    // the first iteration leaves it: the body runs once, from the values
    // the loop starts with.
    if (!Count)
      Conditions.pop_back();
    undo(Start);
    Multipliers.back() = Rational(1);
    Count = Rational(1);
    exec(Body);
  }
  if (Inc)
    eval(Inc);
  if (!Count)
    Conditions.pop_back();
  Multipliers.pop_back();
  havoc(Loop, Changes);
  // A value read from input before the loop's count was lost
  // (`sscanf(line, "%u", &width)` on a line fgets read) keeps saying so:
  // that is what the user can act on (--bind width=...).
  for (const auto &[Slot, Reason] : Inputs)
    if (Slot->K == HostValue::Kind::Unknown)
      Slot->Why = Reason;
}

void Interpreter::havoc(const Stmt *S, const Note &Why,
                        const Stmt *OnlyCarried) {
  std::set<const ValueDecl *> Written;
  if (OnlyCarried)
    collectCarriedWrites(S, OnlyCarried, Written);
  else
    collectAssignedVars(S, Written);
  for (const ValueDecl *D : Written)
    if (HostSlot Slot = variable(D)) {
      HostValue Old = *Slot;
      Note Reason = Why;
      Reason.Data["name"] = D->getName().str();
      // A vector's length changes with it (`v.push_back(x)` in the loop).
      bool Resizable = isStdRecord(recordOf(D->getType()), "vector");
      if (Old.K == HostValue::Kind::Aggregate && !Resizable) {
        for (HostSlot &E : Slot->Elems)
          *E = HostValue::unknown(Reason);
      } else {
        *Slot = HostValue::unknown(Reason);
      }
    }
}

} // namespace interp
} // namespace rla
