//===- HostStatements.cpp - Statements the host interpreter runs ----------===//
///
/// \file
/// Statements as the program runs them: blocks, declarations, branches on
/// known values (the one taken; the other, when it launches, as a branch not
/// taken whose launches count 0), branches on values not known (both sides,
/// joined), and switches.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace rla {
namespace interp {

namespace {

/// Launch sites in S, or calls of functions that reach one.
class LaunchSearch : public RecursiveASTVisitor<LaunchSearch> {
public:
  explicit LaunchSearch(CallGraph &Graph) : Graph(Graph) {}
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    Found = true;
    return false;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee();
        F && (launchApiOf(F) != LaunchApi::None || Graph.reachesLaunch(F)))
      Found = true;
    return !Found;
  }
  bool Found = false;

private:
  CallGraph &Graph;
};

} // namespace

Interpreter::Flow Interpreter::exec(const Stmt *S) {
  if (!S || !step())
    return OverBudget ? Flow::Stop : Flow::Normal;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body()) {
      Flow F = exec(Child);
      if (F != Flow::Normal)
        return F;
    }
    return Flow::Normal;
  }
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Each : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Each))
        declare(V);
    return Flow::Normal;
  }
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    eval(E);
    return OverBudget || Stopped ? Flow::Stop : Flow::Normal;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->isConsteval())
      return exec(If->getElse());
    if (If->getInit())
      exec(If->getInit());
    if (const VarDecl *CV = If->getConditionVariable())
      declare(CV);
    return execBranch(If->getCond(), If->getThen(), If->getElse());
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    if (const VarDecl *CV = For->getConditionVariable())
      declare(CV);
    return execLoop(For, For->getInit(), For->getCond(), For->getInc(),
                    For->getBody(), true);
  }
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return execLoop(W, nullptr, W->getCond(), nullptr, W->getBody(), true);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return execLoop(Do, nullptr, Do->getCond(), nullptr, Do->getBody(), false);
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S))
    return execRangeFor(RF);
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return execSwitch(Sw);
  if (isa<BreakStmt>(S))
    return Flow::Break;
  if (isa<ContinueStmt>(S))
    return Flow::Continue;
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue())
      Stack.back()->Ret = eval(Ret->getRetValue()).deepCopy();
    if (RunningMain && Stack.size() == 1 && !Counterfactual)
      MainReturn = Ret;
    return Flow::Return;
  }
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return exec(L->getSubStmt());
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return exec(A->getSubStmt());
  if (const auto *T = dyn_cast<CXXTryStmt>(S))
    return exec(T->getTryBlock());
  // goto, asm and the like: what they change is not followed.
  return Flow::Normal;
}

void Interpreter::declare(const VarDecl *V) {
  QualType T = V->getType();
  HostSlot Slot;
  if (T->isReferenceType() && V->getInit()) {
    Note Why;
    Slot = lvalue(V->getInit(), Why);
  }
  if (!Slot) {
    HostValue Init =
        V->getInit() ? eval(V->getInit())
                     : defaultValue(T, note(NoteId::HostNameNotInitialised,
                                            {{"name", V->getName().str()}}));
    Slot = std::make_shared<HostValue>(coerce(Init.deepCopy(), T));
  }
  if (V->isStaticLocal() && Globals.count(V))
    return; // initialised once
  if (V->isStaticLocal())
    Globals[V] = Slot;
  else
    Stack.back()->Vars[V] = Slot;
}

Interpreter::Flow Interpreter::execBranch(const clang::Expr *CondExpr,
                                          const Stmt *Then, const Stmt *Else) {
  HostValue Cond = eval(CondExpr);
  if (OverBudget)
    return Flow::Stop;
  if (Cond.isNumber()) {
    bool Taken = !Cond.Num.isZero();
    runNotTaken(CondExpr, Taken, Taken ? Else : Then);
    return exec(Taken ? Then : Else);
  }
  if (Cond.K == HostValue::Kind::Pointer || Cond.K == HostValue::Kind::String)
    return exec(Then); // a non-null pointer
  // Not known: both sides run, and what they disagree on becomes unknown.
  FindingData Where{{"cond", text(CondExpr)},
                    {"at", where(CondExpr->getBeginLoc())}};
  std::vector<Note> Why = partsUnlessBlank(Cond.Why);
  Snapshot Before = snapshot(Then, Else);
  bool WasStopped = Stopped;
  FindingData Holds = Where;
  Holds["holds"] = 1.0;
  Note Runs = note(NoteId::RunsOnlyWhen, std::move(Holds), Why);
  Conditions.push_back(Runs);
  Flow A = exec(Then);
  bool StopA = Stopped;
  Stopped = WasStopped;
  Snapshot AfterThen = snapshot(Then, Else);
  restore(Before);
  Runs.Data["holds"] = 0.0;
  Conditions.back() = std::move(Runs);
  Flow B = exec(Else);
  Conditions.pop_back();
  if (OverBudget)
    return Flow::Stop;
  // A side that leaves (exit, return, break: an error check) leaves the
  // other side's values; where both go on, what they disagree on is unknown.
  bool LeavesA = A != Flow::Normal, LeavesB = B != Flow::Normal;
  if (LeavesA && LeavesB) {
    Stopped = StopA && Stopped;
    return A == B ? A : (A == Flow::Stop ? B : A);
  }
  if (Flow Leaves = LeavesA ? A : B;
      Leaves == Flow::Break || Leaves == Flow::Return)
    Exit = {CondExpr, Leaves};
  if (LeavesB)
    restore(AfterThen);
  else if (!LeavesA)
    join(AfterThen, note(NoteId::HostDependsOnBranch, Where, Why));
  Stopped = WasStopped;
  return Flow::Normal;
}

bool Interpreter::launchesIn(const Stmt *S) {
  if (!S)
    return false;
  auto It = LaunchesIn.find(S);
  if (It != LaunchesIn.end())
    return It->second;
  LaunchSearch Search(Graph);
  Search.TraverseStmt(const_cast<Stmt *>(S));
  return LaunchesIn[S] = Search.Found;
}

/// A branch the program does not take, with launches in it: its launches
/// are entries too, with the sizes they would have here and a count of 0,
/// so that a kernel the run skips still gets numbers.
void Interpreter::runNotTaken(const clang::Expr *CondExpr, bool Value,
                              const Stmt *S) {
  if (Counterfactual >= MaxCounterfactualDepth || !launchesIn(S))
    return;
  runCounterfactual(
      note(NoteId::NotRunBranch, {{"cond", text(CondExpr)},
                                  {"at", where(CondExpr->getBeginLoc())},
                                  {"value", double(Value)}}),
      S, [&] { exec(S); });
}

void Interpreter::runCounterfactual(Note Condition, const Stmt *Scope,
                                    llvm::function_ref<void()> Run) {
  Snapshot Before = snapshot(Scope, nullptr);
  bool WasStopped = Stopped;
  // A `return` in the branch is not the function's.
  std::optional<HostValue> Ret;
  if (!Stack.empty())
    Ret = Stack.back()->Ret;
  EarlyExit OuterExit = Exit;
  ++Counterfactual;
  Multipliers.push_back(Rational(0));
  Conditions.push_back(std::move(Condition));
  // A branch not taken gets a share of the budget: past it (a benchmark
  // sweep behind a flag) its count-0 entries are dropped, not the run.
  size_t Recorded = Out ? Out->size() : 0;
  uint64_t SavedLimit = Limit;
  Limit = std::min(Limit, Steps + CounterfactualBudget);
  Run();
  if (OverBudget && Limit < SavedLimit) {
    OverBudget = false;
    if (Out)
      Out->resize(Recorded);
  }
  Limit = SavedLimit;
  Conditions.pop_back();
  Multipliers.pop_back();
  --Counterfactual;
  Exit = OuterExit;
  if (Ret)
    Stack.back()->Ret = *Ret;
  Stopped = WasStopped;
  restore(Before);
}

Interpreter::Flow Interpreter::execSwitch(const SwitchStmt *S) {
  // A `break` in a case leaves the switch, not the loop around it.
  EarlyExit Outer = Exit;
  Exit = {};
  Flow F = execSwitchBody(S);
  if (!Exit.Cond || Exit.How == Flow::Break)
    Exit = Outer;
  return F;
}

Interpreter::Flow Interpreter::execSwitchBody(const SwitchStmt *S) {
  if (S->getInit())
    exec(S->getInit());
  HostValue Cond = eval(S->getCond());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
  if (!Cond.isNumber() || !Body) {
    havoc(S, note(NoteId::HostNameAfterUnknownSwitch,
                  {{"cond", text(S->getCond())},
                   {"at", where(S->getBeginLoc())}}));
    return Flow::Normal;
  }
  // The cases the program does not take, with launches in them: entries
  // of count 0 with the case's value for the condition (`switch (threads)`
  // `case 128: reduce<128><<<...>>>`), as a branch not taken.
  if (Counterfactual < MaxCounterfactualDepth) {
    const auto *Var =
        dyn_cast<DeclRefExpr>(S->getCond()->IgnoreParenImpCasts());
    const auto &Children = Body->body();
    const Stmt *const *Begin = Children.begin();
    for (const Stmt *const *It = Begin; It != Children.end(); ++It) {
      const auto *Case = dyn_cast<CaseStmt>(*It);
      if (!Case || Case->getRHS())
        continue;
      HostValue V = eval(Case->getLHS());
      if (!V.isNumber() || V.Num == Cond.Num)
        continue;
      // A case runs on from its label to a `break`: its launch can be
      // statements after the first (`cudaFuncSetAttribute(...); k<<<>>>`).
      bool Launches = false;
      for (const Stmt *const *J = It; J != Children.end() && !Launches; ++J) {
        Launches = launchesIn(*J);
        if (J != It && isa<BreakStmt>(*J))
          break;
      }
      if (!Launches)
        continue;
      runCounterfactual(
          note(NoteId::NotRunCase, {{"cond", text(S->getCond())},
                                    {"at", where(S->getBeginLoc())},
                                    {"value", numberText(Cond)},
                                    {"case", numberText(V)}}),
          S, [&] {
            Note Why;
            if (HostSlot Slot = Var ? lvalue(Var, Why) : nullptr)
              *Slot = coerce(V, Var->getType());
            for (const Stmt *const *J = It; J != Children.end(); ++J) {
              const Stmt *Inner = *J;
              while (true) {
                if (const auto *C = dyn_cast<CaseStmt>(Inner))
                  Inner = C->getSubStmt();
                else if (const auto *D = dyn_cast<DefaultStmt>(Inner))
                  Inner = D->getSubStmt();
                else
                  break;
              }
              if (exec(Inner) != Flow::Normal)
                break;
            }
          });
    }
  }
  // Fall through from the matching case (or default) to a break.
  bool Running = false;
  for (int Pass = 0; Pass < 2 && !Running; ++Pass)
    for (const Stmt *Child : Body->body()) {
      const Stmt *Inner = Child;
      while (true) {
        if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
          if (!Running && Pass == 0) {
            HostValue V = eval(Case->getLHS());
            Running = V.isNumber() && V.Num == Cond.Num;
          }
          Inner = Case->getSubStmt();
        } else if (const auto *Def = dyn_cast<DefaultStmt>(Inner)) {
          if (Pass == 1)
            Running = true;
          Inner = Def->getSubStmt();
        } else {
          break;
        }
      }
      if (!Running)
        continue;
      Flow F = exec(Inner);
      if (F == Flow::Break)
        return Flow::Normal;
      if (F != Flow::Normal)
        return F;
    }
  return Flow::Normal;
}

} // namespace interp
} // namespace rla
