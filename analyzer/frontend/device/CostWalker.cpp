//===- CostWalker.cpp - Statements and control flow -----------------------===//
#include "analyzer/frontend/device/CostWalker.h"
#include "analyzer/frontend/device/InductionVars.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {

bool alwaysLeaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S))
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      if (alwaysLeaves(Child))
        return true;
    return false;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && alwaysLeaves(If->getThen()) &&
           alwaysLeaves(If->getElse());
  return false;
}

namespace {

/// A `break` that leaves this loop (not one of a nested loop or switch),
/// other than in Skip (the exit test the loop is counted by).
bool breaksOut(const Stmt *S, const Stmt *Skip = nullptr) {
  if (!S || S == Skip)
    return false;
  if (isa<BreakStmt>(S))
    return true;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<SwitchStmt>(S) || isa<CXXForRangeStmt>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (breaksOut(Child, Skip))
      return true;
  return false;
}

/// A return inside a loop ends the thread's loop early, like a break.
bool returnsFrom(const Stmt *S, const Stmt *Skip = nullptr) {
  if (!S || S == Skip)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (returnsFrom(Child, Skip))
      return true;
  return false;
}

/// A statement whose own work is a run of its line: not a block, a loop
/// (its iterations are, CostWalker::walkLoop) or a label around another.
bool ownsLine(const Stmt *S) {
  return !isa<CompoundStmt>(S) && !isa<ForStmt>(S) && !isa<WhileStmt>(S) &&
         !isa<DoStmt>(S) && !isa<CXXForRangeStmt>(S) && !isa<LabelStmt>(S) &&
         !isa<AttributedStmt>(S) && !isa<NullStmt>(S) && !isa<BreakStmt>(S) &&
         !isa<ContinueStmt>(S);
}

} // namespace

/// The loop's variable and what its body or step assigns: their values
/// before the loop are not what the body reads.
static std::set<const ValueDecl *>
loopWritten(const LoopShape &Shape, const Stmt *Body, const Stmt *Inc) {
  std::set<const ValueDecl *> Out;
  if (Shape.Var)
    Out.insert(Shape.Var);
  collectAssignedVars(Body, Out);
  if (Inc)
    collectAssignedVars(Inc, Out);
  return Out;
}

bool CostWalker::readsThreadDims(const Stmt *Body, unsigned Dims,
                                 const std::set<const ValueDecl *> &Skip,
                                 unsigned Depth) const {
  if (!Body)
    return false;
  auto mentions = [&](const Expr &E) {
    for (unsigned D = 1; D < Dims; ++D)
      if (E.dependsOn(dimSymbol("threadIdx", D)))
        return true;
    return false;
  };
  if (const auto *E = dyn_cast<clang::Expr>(Body)) {
    if (auto B = matchCudaBuiltin(E))
      return B->Variable == "threadIdx" && B->Dim >= 1 && B->Dim < Dims;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E);
        Ref && !Skip.count(Ref->getDecl())) {
      auto V = Env.Values.find(Ref->getDecl());
      if (V != Env.Values.end() && V->second && mentions(*V->second))
        return true;
      auto O = Env.Origins.find(Ref->getDecl());
      if (O != Env.Origins.end() && O->second.Offset &&
          mentions(*O->second.Offset))
        return true;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *F = Call->getDirectCallee())
        if (F->hasBody() && (Depth >= 4 || readsThreadDims(F->getBody(), Dims,
                                                           Skip, Depth + 1)))
          return true;
  }
  for (const Stmt *Child : Body->children())
    if (readsThreadDims(Child, Dims, Skip, Depth))
      return true;
  return false;
}

CostWalker::CostWalker(ASTContext &Ctx, const FunctionDecl *Kernel,
                       KernelModel &Out)
    : Ctx(Ctx), Kernel(Kernel), Out(Out) {
  for (const ParmVarDecl *P : Kernel->parameters())
    KernelParams.insert(P);
}

SymbolicConverter CostWalker::converter() const {
  return SymbolicConverter(Ctx, Env, KernelParams);
}

std::optional<Expr> CostWalker::blockValue(const clang::Expr *E) const {
  auto V = SymbolicConverter(Ctx, Env, KernelParams, /*WithBlockValues=*/true)
               .convert(E);
  if (V && mentionsBlockValue(*V))
    return V;
  return std::nullopt;
}

AccessClassifier CostWalker::classifier() const {
  return AccessClassifier(Ctx, Env, KernelParams);
}

void CostWalker::run() {
  Env.IndexedDims = Out.UsesDimension;
  Accumulator Top;
  Cur = &Top;
  walkStmt(Kernel->getBody());
  Cur = nullptr;
  Out.Total = Top.Total;
  Out.PerThread = Top.PerThread;
  if (!UncountedCalls.empty()) {
    std::string List;
    for (const std::string &Name : UncountedCalls)
      List += (List.empty() ? "" : ", ") + Name;
    assume(note(NoteId::LibraryCallsFree, {{"calls", List}}));
  }
}

void CostWalker::restore(const Snapshot &S) {
  Space = S.Space;
  Uniform = S.Uniform;
  Env = S.Env;
}

CostWalker::Accumulator CostWalker::walkInto(const Stmt *S) {
  Accumulator A;
  Accumulator *Saved = Cur;
  Cur = &A;
  walkStmt(S);
  Cur = Saved;
  return A;
}

void CostWalker::forgetAssigned(const Stmt *S) {
  std::set<const ValueDecl *> Assigned;
  collectAssignedVars(S, Assigned);
  for (const ValueDecl *D : Assigned) {
    Env.forget(D);
    const auto *Parm = dyn_cast<ParmVarDecl>(D);
    if (Parm && KernelParams.count(Parm) && D->getType()->isPointerType()) {
      // A moved pointer argument still points into its array, somewhere.
      MemoryOrigin O = classifier().originOfVariable(D);
      O.Offset.reset();
      Env.Origins[D] = O;
    } else {
      Env.Origins.erase(D);
    }
  }
}

void CostWalker::walkStmt(const Stmt *S) {
  if (!S)
    return;
  if (ownsLine(S) && LineStatement != S) {
    // Its own work is one run of its line; statements inside it are theirs.
    visitLine(S, [&] {
      const Stmt *Outer = LineStatement;
      LineStatement = S;
      walkStmt(S);
      LineStatement = Outer;
    });
    return;
  }
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return walkCompound(C);
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    // Outside a block, an early exit narrows nothing that follows.
    Snapshot Before = save();
    walkIf(If);
    Space = Before.Space;
    Uniform = Before.Uniform;
    return;
  }
  if (const auto *For = dyn_cast<ForStmt>(S))
    return walkFor(For);
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return walkWhile(While, While->getCond(), While->getBody());
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return walkWhile(Do, Do->getCond(), Do->getBody());
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    return walkSwitch(Switch);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        walkDecl(V);
    return;
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    const clang::Expr *Value = Ret->getRetValue();
    if (Value && !CallStack.empty() &&
        CallStack.back()->getReturnType()->isReferenceType()) {
      // A returned reference is an address, not a read.
      walkLValueAddress(Value);
      if (auto A = classifier().classifyLValue(Value))
        ReturnedOrigin = A->Origin;
      return;
    }
    return walkExpr(Value);
  }
  if (const auto *E = dyn_cast<clang::Expr>(S))
    return walkExpr(E);
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
    Snapshot Outer = save();
    LoopShape Shape;
    Shape.Why = note(NoteId::TripRangeFor);
    walkLoop(Range, Shape, nullptr, Range->getBody(), nullptr, Outer,
             /*BodyFirst=*/false);
    return;
  }
  if (isa<NullStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    return;
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return walkStmt(Label->getSubStmt());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return walkStmt(Attributed->getSubStmt());
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    return walkAsm(Asm);
  if (isa<GotoStmt>(S)) {
    finding("rl-unsupported", Severity::Warning, note(NoteId::GotoNotModelled),
            S->getBeginLoc());
    return;
  }
  for (const Stmt *Child : S->children())
    walkStmt(Child);
}

void CostWalker::walkCompound(const CompoundStmt *C) {
  Snapshot Before = save();
  auto Body = C->body();
  for (auto It = Body.begin(); It != Body.end(); ++It) {
    const Stmt *S = *It;
    if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S)) {
      walkStmt(S);
      break; // nothing after it runs
    }
    auto walkAfter = [&](CompoundStmt::const_body_iterator From) {
      for (auto Next = std::next(From); Next != Body.end(); ++Next) {
        walkStmt(*Next);
        if (isa<ReturnStmt>(*Next) || isa<ContinueStmt>(*Next) ||
            isa<BreakStmt>(*Next))
          break;
      }
    };
    if (walkPointerSelect(S, [&] { walkAfter(It); }))
      break;
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If) {
      walkStmt(S);
      continue;
    }
    if (CountedExits.count(If)) {
      // The loop's count ends it here: only the test is work.
      walkExpr(If->getCond());
      continue;
    }
    AfterIf After;
    visitLine(If, [&] { After = walkIf(If); });
    if (After.How == AfterIf::Unchanged)
      continue;
    auto walkRest = [&]() { walkAfter(It); };
    if (After.How == AfterIf::Complement) {
      // The rest runs on the threads that fail a decomposed guard.
      Accumulator Rest = walkOutside(After.Guard, walkRest);
      addScaled(Rest, Expr(1));
      break;
    }
    // Which threads stay depends on data: count the rest as a range.
    Accumulator Rest;
    Accumulator *Saved = Cur;
    Cur = &Rest;
    walkRest();
    Cur = Saved;
    addMaybe(Rest, note(NoteId::RestAfterEarlyExit,
                        {{"at", where(If)},
                         {"cond", sourceText(If->getCond())},
                         {"data_dependent", After.DataDependent ? 1.0 : 0.0}}));
    break;
  }
  Space = Before.Space;
  Uniform = Before.Uniform;
}

bool CostWalker::walkPointerSelect(const Stmt *S,
                                   const std::function<void()> &WalkRest) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  if (!V || !V->getType()->isPointerType() || !V->hasInit())
    return false;
  const auto *Select =
      dyn_cast<ConditionalOperator>(V->getInit()->IgnoreParenImpCasts());
  if (!Select)
    return false;
  MemoryOrigin Then = classifier().originOfPointer(Select->getTrueExpr());
  MemoryOrigin Else = classifier().originOfPointer(Select->getFalseExpr());
  if (Then.Space != MemorySpace::Global || Else.Space != MemorySpace::Global ||
      Then.Base == Else.Base)
    return false;
  visitLine(S, [&] { walkExpr(Select->getCond()); });
  auto walkWith = [&](const clang::Expr *Arm) {
    return [&, Arm] {
      visitLine(S, [&] { walkExpr(Arm); });
      bindValue(Env, V, Arm);
      WalkRest();
    };
  };
  walkBranches(Select->getCond(), walkWith(Select->getTrueExpr()),
               walkWith(Select->getFalseExpr()), /*Conditional=*/true,
               where(S));
  return true;
}

CostWalker::Accumulator
CostWalker::walkOutside(const GuardAnalysis &Guard,
                        const std::function<void()> &Walk) {
  Snapshot Before = save();
  auto walkUnder = [&](bool Guarded) {
    Accumulator A;
    Accumulator *Saved = Cur;
    Cur = &A;
    if (Guarded)
      applyGuard(Guard);
    Walk();
    Cur = Saved;
    restore(Before);
    return A;
  };
  Accumulator All = walkUnder(false);
  bool WasRecording = Recording;
  Recording = false;
  Accumulator Passing = walkUnder(true);
  Recording = WasRecording;
  // Costs add up over disjoint sets of threads: outside = all - passing.
  auto minus = [](const CostVector &X, const CostVector &Y) {
    return CostVector::zipWith(X, Y, [](const Expr &A, const Expr &B) {
      return Expr::max(Expr(0), A - B);
    });
  };
  Accumulator Out;
  Out.Total = {minus(All.Total.Low, Passing.Total.High),
               minus(All.Total.High, Passing.Total.Low)};
  Out.PerThread = All.PerThread;
  return Out;
}

void CostWalker::walkBranches(const clang::Expr *Cond,
                              const std::function<void()> &WalkThen,
                              const std::function<void()> &WalkElse,
                              bool Conditional, const std::string &At) {
  SymbolicConverter Conv = converter();
  GuardAnalysis Then = analyzeGuard(Cond, /*Negate=*/false, Conv, Ctx);
  GuardAnalysis Else = analyzeGuard(Cond, /*Negate=*/true, Conv, Ctx);
  keepSummableThreadGates(Then);
  keepSummableThreadGates(Else);
  noteDivergentModulo(Then, Cond);
  Out.NullTestedPointers.insert(Then.NullTests.begin(), Then.NullTests.end());
  Snapshot Before = save();
  auto walkUnder = [&](const GuardAnalysis &G,
                       const std::function<void()> &Walk) {
    Accumulator A;
    Accumulator *Saved = Cur;
    Cur = &A;
    applyGuard(G);
    Walk();
    Cur = Saved;
    restore(Before);
    return A;
  };

  // A fully decomposed condition whose negation is not a conjunction (the
  // else of `a && b`) is counted exactly as the complement of the other.
  Accumulator ThenCost, ElseCost;
  if (!Then.Exact && Else.Exact) {
    ThenCost = walkOutside(Else, WalkThen);
    Then.Exact = true;
  } else {
    ThenCost = walkUnder(Then, WalkThen);
  }
  if (WalkElse) {
    if (!Else.Exact && Then.Exact && !Then.Reason) {
      ElseCost = walkOutside(Then, WalkElse);
      Else.Exact = true;
    } else {
      ElseCost = walkUnder(Else, WalkElse);
    }
  }

  FindingData On{{"conditional", Conditional ? 1.0 : 0.0},
                 {"at", At},
                 {"data_dependent", Then.DataDependent ? 1.0 : 0.0}};
  if (Then.Reason)
    On.insert({{"part_given", 1.0}, {"part", *Then.Reason}});
  else
    On.insert({"cond", sourceText(Cond)});
  Note Reason = note(NoteId::BranchNotExact, std::move(On));
  if (Then.Exact && (Else.Exact || !WalkElse)) {
    // Disjoint threads: the totals add up; one thread takes one side.
    auto larger = [](const Expr &X, const Expr &Y) { return Expr::max(X, Y); };
    Cur->Total = Cur->Total + ThenCost.Total + ElseCost.Total;
    Cur->PerThread =
        Cur->PerThread +
        CostRange{CostVector::zipWith(ThenCost.PerThread.Low,
                                      ElseCost.PerThread.Low, larger),
                  CostVector::zipWith(ThenCost.PerThread.High,
                                      ElseCost.PerThread.High, larger)};
  } else if (Then.Exact) {
    addScaled(ThenCost, Expr(1));
    addMaybe(ElseCost, Reason);
  } else {
    addAlternatives(ThenCost, ElseCost, Reason);
  }
}

CostWalker::AfterIf CostWalker::walkIf(const IfStmt *If) {
  if (If->getInit())
    walkStmt(If->getInit());
  if (If->getConditionVariableDeclStmt())
    walkStmt(If->getConditionVariableDeclStmt());
  const clang::Expr *Cond = If->getCond();
  walkExpr(Cond);

  // `if constexpr` and constant conditions: only one branch exists.
  if (auto Known = foldInteger(Cond, Ctx)) {
    walkStmt(Known->isZero() ? If->getElse() : If->getThen());
    return {};
  }

  SymbolicConverter Conv = converter();
  const Stmt *ThenStmt = If->getThen(), *ElseStmt = If->getElse();
  ValueEnv Before = Env;
  std::optional<ValueEnv> ThenEnd, ElseEnd;
  walkBranches(
      Cond,
      [&] {
        walkStmt(ThenStmt);
        ThenEnd = Env;
      },
      ElseStmt ? std::function<void()>([&] {
        walkStmt(ElseStmt);
        ElseEnd = Env;
      })
               : std::function<void()>(),
      /*Conditional=*/false, where(If));
  std::map<const ValueDecl *, Expr> Merged =
      branchValues(If, Before, ThenEnd, ElseEnd);
  forgetAssigned(ThenStmt);
  forgetAssigned(ElseStmt);
  mergeBlockValues(If, ThenEnd,
                   ElseStmt ? ElseEnd : std::optional<ValueEnv>(Before));
  for (const auto &[D, Value] : Merged) {
    Env.Values[D] = Value;
    Env.BlockValues.erase(D);
  }

  // An early exit narrows what follows in the enclosing block.
  bool LeavesOnThen = alwaysLeaves(If->getThen());
  bool LeavesOnElse = If->getElse() && alwaysLeaves(If->getElse());
  AfterIf After;
  auto narrowTo = [&](GuardAnalysis Stay, GuardAnalysis Leave) {
    keepSummableThreadGates(Stay);
    keepSummableThreadGates(Leave);
    if (Stay.Exact) {
      applyGuard(Stay);
    } else if (Leave.Exact && !Leave.Reason) {
      After.How = AfterIf::Complement;
      After.Guard = Leave;
    } else {
      After.How = AfterIf::Maybe;
      After.DataDependent = Stay.DataDependent || Leave.DataDependent;
    }
  };
  if (LeavesOnThen && !LeavesOnElse)
    narrowTo(analyzeGuard(Cond, true, Conv, Ctx),
             analyzeGuard(Cond, false, Conv, Ctx));
  else if (LeavesOnElse && !LeavesOnThen)
    narrowTo(analyzeGuard(Cond, false, Conv, Ctx),
             analyzeGuard(Cond, true, Conv, Ctx));
  else if (LeavesOnThen && LeavesOnElse)
    Uniform.push_back(Expr(0)); // nothing after runs
  return After;
}

void CostWalker::mergeBlockValues(const IfStmt *If,
                                  const std::optional<ValueEnv> &ThenEnd,
                                  const std::optional<ValueEnv> &ElseEnd) {
  if (!ThenEnd || !ElseEnd || !classifier().isBlockUniform(If->getCond()))
    return;
  auto valueIn = [](const ValueEnv &E,
                    const ValueDecl *D) -> std::optional<Expr> {
    if (auto V = E.Values.find(D); V != E.Values.end() && V->second)
      return V->second;
    if (auto B = E.BlockValues.find(D); B != E.BlockValues.end())
      return B->second;
    return std::nullopt;
  };
  auto perThread = [](const Expr &E) {
    return llvm::any_of(E.symbols(), [](const std::string &S) {
      return S.rfind("threadIdx.", 0) == 0;
    });
  };
  std::set<const ValueDecl *> Assigned;
  collectAssignedVars(If->getThen(), Assigned);
  if (If->getElse())
    collectAssignedVars(If->getElse(), Assigned);
  for (const ValueDecl *D : Assigned) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->isLocalVarDecl() ||
        !V->getType()->isIntegralOrEnumerationType())
      continue;
    auto T = valueIn(*ThenEnd, D), F = valueIn(*ElseEnd, D);
    if (!T || !F || perThread(*T) || perThread(*F))
      continue;
    Env.BlockValues[D] = Expr::symbol(BlockValuePrefix + V->getName().str() +
                                      "." + std::to_string(++BlockValueCount));
  }
}

namespace {

/// A jump out of S (return, break, continue, goto): the paths through an
/// `if` around it do not all reach what follows.
bool jumps(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
      isa<GotoStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (jumps(Child))
      return true;
  return false;
}

/// Past this many characters a merged value is dropped: a chain of `if`s
/// doubles its terms each time.
constexpr size_t MaxMergedValueText = 2000;

/// T where the 0/1 indicator Taken is 1, else F: a clamp (`if (x < lo) x =
/// lo`, `if (x >= w) x = w - 1`) is a max or a min, anything else the sum
/// F + Taken * (T - F).
Expr mergedValue(const Expr &Taken, const Expr &T, const Expr &F) {
  if (T == F)
    return T;
  auto positive = [](const Expr &X) {
    return Expr::min(Expr::max(X, Expr(0)), Expr(1));
  };
  if (Taken == positive(T - F))
    return Expr::max(F, T);
  if (Taken == positive(F - T))
    return Expr::min(F, T);
  return F + Taken * (T - F);
}

} // namespace

std::map<const ValueDecl *, Expr>
CostWalker::branchValues(const IfStmt *If, const ValueEnv &Before,
                         const std::optional<ValueEnv> &ThenEnd,
                         const std::optional<ValueEnv> &ElseEnd) const {
  std::map<const ValueDecl *, Expr> Out;
  if (!ThenEnd || (If->getElse() && !ElseEnd) || jumps(If->getThen()) ||
      jumps(If->getElse()))
    return Out;
  std::optional<Expr> Taken = converter().indicator(If->getCond());
  if (!Taken)
    return Out;
  const ValueEnv &Other = If->getElse() ? *ElseEnd : Before;
  std::set<const ValueDecl *> Assigned;
  collectAssignedVars(If->getThen(), Assigned);
  if (If->getElse())
    collectAssignedVars(If->getElse(), Assigned);
  // Known: a value; unset: unknown; Unassigned: declared without one.
  enum class State { Known, Unknown, Unassigned };
  auto stateIn = [](const ValueEnv &E, const VarDecl *V, Expr &Value) {
    auto It = E.Values.find(V);
    if (It == E.Values.end())
      return V->hasInit() ? State::Unknown : State::Unassigned;
    if (!It->second)
      return State::Unknown;
    Value = *It->second;
    return State::Known;
  };
  for (const ValueDecl *D : Assigned) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->isLocalVarDecl() || V->getType()->isReferenceType() ||
        !V->getType()->isIntegralOrEnumerationType() ||
        Env.LocalReferences.count(V))
      continue;
    Expr T, F;
    State OnThen = stateIn(*ThenEnd, V, T), OnElse = stateIn(Other, V, F);
    std::optional<Expr> Value;
    if (OnThen == State::Known && OnElse == State::Known)
      Value = mergedValue(*Taken, T, F);
    else if (OnThen == State::Known && OnElse == State::Unassigned)
      Value = T;
    else if (OnThen == State::Unassigned && OnElse == State::Known)
      Value = F;
    if (Value && Value->str().size() <= MaxMergedValueText)
      Out.emplace(D, *Value);
  }
  return Out;
}

void CostWalker::noteDivergentModulo(const GuardAnalysis &G,
                                     const clang::Expr *Cond) {
  for (const IndexConstraint &C : G.Constraints) {
    if (!C.SymbolicModulus || C.ModNegated || C.Kind == IndexKind::Block ||
        C.Dim != 0)
      continue;
    SourceLoc Loc = locOf(Cond->getBeginLoc());
    for (const Finding &F : Out.Findings)
      if (F.Id == "rl-divergent-branch" && F.Loc.Line == Loc.Line &&
          F.Loc.Column == Loc.Column)
        return;
    Out.Findings.push_back(dataFinding(
        "rl-divergent-branch", Severity::Warning, Loc,
        {{"condition", sourceText(Cond)},
         {"modulus", C.SymbolicModulus->str()},
         {"index", C.Kind == IndexKind::Thread ? std::string("threadIdx.x")
                                               : std::string("the index")}}));
    return;
  }
}

void CostWalker::keepSummableThreadGates(GuardAnalysis &G) const {
  if (G.ThreadGates.empty())
    return;
  Expr Product = gate();
  for (const Expr &T : G.ThreadGates)
    Product = Product * T;
  // Halving and doubling loops' symbols count powers of two: the memory
  // model does not sum a 0/1 factor over them. Other constraints of the
  // same guard would narrow the space the sum was checked in.
  bool OverPowers = llvm::any_of(Loops, [&](const LoopContext &L) {
    return !L.Dense && Product.dependsOn(L.Symbol);
  });
  // A factor of the block index too (`i + blockDim.x < n` with i from
  // blockIdx and threadIdx) is not summed: the memory model prices sites per
  // block.
  bool OfBlocks = llvm::any_of(Product.symbols(), [](const std::string &S) {
    return S.rfind("blockIdx.", 0) == 0;
  });
  if (!OverPowers && !OfBlocks && G.Constraints.empty() &&
      Space.sumOverPoints(Product))
    return;
  G.ThreadGates.clear();
  G.Exact = false;
  if (!G.Reason)
    G.Reason = G.ThreadGateText;
}

void CostWalker::applyGuard(const GuardAnalysis &G) {
  for (const IndexConstraint &C : G.Constraints) {
    // Skip the clamp to the index range where the loop context proves it.
    Expr Natural = C.Kind == IndexKind::Global   ? Space.globalExtent(C.Dim)
                   : C.Kind == IndexKind::Thread ? Space.threadExtent(C.Dim)
                                                 : Space.blockExtent(C.Dim);
    if (C.AssumedBlockDim) {
      std::string Dim = dimSymbol("blockDim", C.Dim);
      if (Out.AssumedBlockDims.emplace(Dim, *C.AssumedBlockDim).second)
        assume(note(NoteId::TileSizedGuard,
                    {{"dim", Dim}, {"tile", C.AssumedBlockDim->str()}}));
    }
    if (C.Modulus && C.Kind == IndexKind::Thread && Space.inGridStride(C.Dim) &&
        !C.Lo && !C.Hi) {
      // A lane guard in a grid-stride loop passes fixed residues of the
      // loop's index when blocks hold whole groups of the modulus.
      std::string Dim = dimSymbol("blockDim", C.Dim);
      auto Known = Out.BlockDimMultiples.find(Dim);
      if ((Known == Out.BlockDimMultiples.end() ||
           (Known->second / *C.Modulus).isInteger()) &&
          Space.groupGridStride(C.Dim, *C.Modulus) &&
          Out.BlockDimMultiples.emplace(Dim, *C.Modulus).second)
        assume(note(NoteId::LaneGuardInGridStride, {{"at", where(AccessLoc)},
                                                    {"width", C.Modulus->str()},
                                                    {"dim", Dim}}));
    }
    if (C.Modulus && C.SymbolicResidueEnd) {
      if (!Space.constrainModuloBelow(C.Kind, C.Dim, *C.Modulus,
                                      *C.SymbolicResidueEnd, C.ModNegated))
        rangeReason(note(NoteId::SecondModularCondition));
      continue;
    }
    if (C.Modulus || C.SymbolicModulus) {
      if (!(C.Modulus ? Space.constrainModuloRange(C.Kind, C.Dim, *C.Modulus,
                                                   C.Residue, C.ResidueEnd,
                                                   C.ModNegated)
                      : Space.constrainSymbolicModulo(
                            C.Kind, C.Dim, *C.SymbolicModulus, C.Residue,
                            C.ResidueEnd, C.ModNegated)))
        rangeReason(note(NoteId::SecondModularCondition));
      continue;
    }
    bool HiInside = C.Hi && provablyNonNegative(Natural - *C.Hi);
    bool LoInside = C.Lo && provablyNonNegative(*C.Lo);
    Space.constrain(C.Kind, C.Dim, C.Lo, C.Hi, HiInside, LoInside);
  }
  for (const Expr &U : G.Uniform)
    Uniform.push_back(U);
  for (const Expr &T : G.ThreadGates)
    Uniform.push_back(T);
}

void CostWalker::walkFor(const ForStmt *For) {
  Snapshot Outer = save();
  if (For->getInit())
    walkStmt(For->getInit());
  LoopShape Shape = analyzeForLoop(For, converter());
  walkLoop(For, Shape, For->getCond(), For->getBody(), For->getInc(), Outer,
           /*BodyFirst=*/false);
}

void CostWalker::walkWhile(const Stmt *Loop, const clang::Expr *Cond,
                           const Stmt *Body) {
  Snapshot Outer = save();
  bool BodyFirst = isa<DoStmt>(Loop);
  LoopShape Shape = analyzeWhileLoop(Cond, Body, BodyFirst, converter());
  walkLoop(Loop, Shape, Cond, Body, nullptr, Outer, BodyFirst);
}

std::string CostWalker::tripSymbol(const Stmt *Loop) {
  SourceLoc L = locOf(Loop->getBeginLoc());
  std::string Key =
      L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
  auto It = TripSymbols.find(Key);
  if (It != TripSymbols.end())
    return It->second;
  std::string Name = "trips_L" + std::to_string(L.Line);
  for (const auto &[OtherKey, OtherName] : TripSymbols)
    if (OtherName == Name) {
      Name += "_C" + std::to_string(L.Column);
      break;
    }
  TripSymbols[Key] = Name;
  return Name;
}

void CostWalker::walkLoop(const Stmt *LoopStmt, const LoopShape &Found,
                          const clang::Expr *Cond, const Stmt *Body,
                          const clang::Expr *Inc, const Snapshot &Outer,
                          bool BodyFirst) {
  LoopShape Shape = Found;
  // A grid-stride loop over blocks inside a guard on the block index (or
  // another such loop) is counted per block instead; so is a block-stride
  // loop over the linear thread index whose body still tells the flattened
  // threads apart (it reads threadIdx.y, or a value made from it).
  if ((Shape.ShapeKind == LoopShape::BlockGridStride &&
       !ThreadSpace(Space).enterBlockGridStride(Shape.Dim, Shape.Bound)) ||
      (Shape.FlatDims > 1 &&
       (!ThreadSpace(Space).enterFlatBlockStride(Shape.FlatDims, Shape.Bound) ||
        readsThreadDims(Body, Shape.FlatDims,
                        loopWritten(Shape, Body, Inc))))) {
    Shape.ShapeKind = LoopShape::Counted;
    Shape.Trip = Expr::ceilDiv(Shape.Bound - Shape.Init, Shape.Step);
    Shape.TripMayBeNegative = true;
  }
  // Variables advanced by a fixed step: their value before the loop, the
  // step in their own units (bytes for pointers).
  struct Induction {
    const ValueDecl *Var;
    std::optional<Expr> Start;
    std::optional<MemoryOrigin> Origin;
    std::optional<Expr> Step;
    std::optional<Expr> ElementStep; ///< Step in elements for pointers
  };
  std::vector<Induction> Inductions;
  for (const InductionStep &S : findInductionVars(Body, Inc)) {
    Induction I{S.Var, std::nullopt, std::nullopt, std::nullopt};
    std::optional<Expr> Step =
        S.Amount ? converter().convert(S.Amount) : Expr(S.Constant);
    if (Step && S.Negate)
      Step = -*Step;
    QualType T = S.Var->getType();
    if (S.AmountUnit.isNull())
      I.ElementStep = Step;
    if (T->isPointerType()) {
      uint64_t Size = classifier().sizeOf(
          S.AmountUnit.isNull() ? T->getPointeeType() : S.AmountUnit);
      if (Step && Size)
        I.Step = *Step * Expr(int64_t(Size));
      MemoryOrigin O = classifier().originOfVariable(S.Var);
      if (O.Offset)
        I.Origin = O;
    } else {
      I.Step = Step;
      I.Start = converter().valueOf(S.Var);
    }
    Inductions.push_back(I);
  }
  forgetAssigned(Body);
  if (Inc)
    forgetAssigned(Inc);
  bool Leaves = breaksOut(Body, Shape.CountedExit) ||
                returnsFrom(Body, Shape.CountedExit);
  bool MayExitEarly = Leaves || Shape.MayStopEarly;
  if (Shape.CountedExit) {
    CountedExits.insert(Shape.CountedExit);
    assume(
        note(NoteId::LoopEndsAtExitTest,
             {{"loop", where(LoopStmt)}, {"exit", where(Shape.CountedExit)}}));
  }
  auto walkIteration = [&]() {
    Accumulator A;
    Accumulator *Saved = Cur;
    Cur = &A;
    // The loop's test and step run once per iteration: its line's runs.
    visitLine(LoopStmt, [&] {
      if (!BodyFirst)
        walkExpr(Cond);
      walkStmt(Body);
      if (Inc)
        walkExpr(Inc);
      if (BodyFirst)
        walkExpr(Cond);
    });
    Cur = Saved;
    return A;
  };
  /// Binds an induction variable to Start + Step * Index.
  auto bindOne = [&](const Induction &I, const Expr &Index) {
    if (I.Start)
      Env.Values[I.Var] = *I.Start + *I.Step * Index;
    else if (I.Origin) {
      MemoryOrigin O = *I.Origin;
      O.Offset = *O.Offset + *I.Step * Index;
      Env.Origins[I.Var] = O;
    }
  };
  auto bindInductions = [&](const Expr &Index) {
    for (const Induction &I : Inductions)
      if (I.Step)
        bindOne(I, Index);
  };
  /// A stride loop walks one point of its space per iteration, with the loop
  /// variable at that point's index. A variable advanced by the loop's own
  /// step (`px += step` beside `i += step`) is then its start plus the
  /// point's distance from the thread's first index: its start, written in
  /// the same thread coordinates. Others stay unknown.
  auto bindStrideInductions = [&](const Expr &VarValue) {
    if (!(Shape.Init == VarValue))
      return;
    for (const Induction &I : Inductions)
      if (I.Step && I.ElementStep && *I.ElementStep == Shape.Step &&
          I.Var != Shape.Var)
        bindOne(I, Expr(0));
  };
  /// A stride loop's body: each point of the space is one iteration, and
  /// a thread runs up to Trip of them.
  auto addStrideIterations = [&](const Accumulator &BodyCost) {
    Cur->Total = Cur->Total + BodyCost.Total;
    Cur->PerThread.Low =
        Cur->PerThread.Low + BodyCost.PerThread.Low.scaled(Shape.Trip);
    Cur->PerThread.High =
        Cur->PerThread.High + BodyCost.PerThread.High.scaled(Shape.Trip);
  };
  Accumulator *Target = Cur;
  Accumulator Loop;
  Cur = &Loop;
  std::optional<Expr> Trips; // per thread, when every thread runs the same

  switch (Shape.ShapeKind) {
  case LoopShape::Counted:
  case LoopShape::Unknown: {
    Expr Trip;
    std::string T;
    if (Shape.ShapeKind == LoopShape::Counted) {
      T = freshSymbol(Shape.Var->getName().str());
      Trip =
          Shape.TripMayBeNegative ? clampNonNegative(Shape.Trip) : Shape.Trip;
    } else {
      // Never one iteration silently: the count is a symbol the user binds.
      std::string Name = tripSymbol(LoopStmt);
      T = freshSymbol(Shape.Var ? Shape.Var->getName().str() : "iteration");
      Trip = Expr::symbol(Name);
      Note Why = Shape.Why.value_or(Note());
      Finding &Ask =
          finding("rl-unknown-trip-count", Severity::Remark,
                  note(NoteId::UnknownTripCount, {{"symbol", Name}}, {Why}),
                  LoopStmt->getBeginLoc());
      Ask.Data["symbol"] = Name;
      assume(note(NoteId::LoopTripSymbol,
                  {{"loop", where(LoopStmt)}, {"symbol", Name}}, {Why}));
    }
    bindInductions(Expr::symbol(T));
    if (Shape.ShapeKind == LoopShape::Counted)
      Env.Values[Shape.Var] = Shape.Init + Shape.Step * Expr::symbol(T);
    Loops.push_back({T, Expr(0), Trip - Expr(1)});
    Accumulator BodyCost = walkIteration();
    Loops.pop_back();
    // Threads are summed over once, at the outermost loop whose trip count
    // is the thread's own: an inner one (`t2 <= t` under `t = t3..T`) is
    // summed per thread first.
    bool OuterPerThread = llvm::any_of(
        Loops, [](const LoopContext &L) { return mentionsThreadIndex(L.Hi); });
    if (!mentionsThreadIndex(Trip) || OuterPerThread ||
        (!addSummedOverThreads(BodyCost, T, Trip) &&
         !addSummedOverBlocks(BodyCost, T, Trip)))
      addSummed(BodyCost, T, Trip);
    Trips = Trip;
    break;
  }
  case LoopShape::GridStride:
  case LoopShape::BlockStride: {
    unsigned D = Shape.Dim;
    Expr Tid = Expr::symbol(dimSymbol("threadIdx", D));
    bool Grid = Shape.ShapeKind == LoopShape::GridStride;
    Env.Values[Shape.Var] =
        Grid ? Expr::symbol(dimSymbol("blockIdx", D)) *
                       Expr::symbol(dimSymbol("blockDim", D)) +
                   Tid
             : Tid;
    if (Shape.StrideTile)
      Out.StrideTiles.emplace(dimSymbol("blockDim", D), *Shape.StrideTile);
    if (Shape.GroupWidth) {
      // Each index is W threads' iteration: the loop's points are those
      // threads, and the variable is the point's group.
      Expr W(*Shape.GroupWidth);
      Env.Values[Shape.Var] =
          Expr::floorDiv(Expr::symbol(dimSymbol("blockIdx", D)) *
                                 Expr::symbol(dimSymbol("blockDim", D)) +
                             Tid,
                         W);
      if (Out.BlockDimMultiples
              .emplace(dimSymbol("blockDim", D), *Shape.GroupWidth)
              .second)
        assume(note(NoteId::StrideIndexPerGroup,
                    {{"loop", where(LoopStmt)},
                     {"width", W.str()},
                     {"dim", dimSymbol("blockDim", D)}}));
    }
    if (Shape.FlatAssumedBlock) {
      const auto &[X, Y] = *Shape.FlatAssumedBlock;
      bool NewX =
          Out.AssumedBlockDims.emplace(dimSymbol("blockDim", 0), X).second;
      bool NewY =
          Out.AssumedBlockDims.emplace(dimSymbol("blockDim", 1), Y).second;
      if (NewX || NewY)
        assume(note(NoteId::StrideWalksRows, {{"loop", where(LoopStmt)},
                                              {"x", X.str()},
                                              {"y", Y.str()},
                                              {"step", (X * Y).str()}}));
    }
    bool Entered = Grid
                       ? Space.enterGridStride(D, Shape.Bound, Shape.StrideTile,
                                               Shape.GroupWidth)
                   : Shape.FlatDims > 1
                       ? Space.enterFlatBlockStride(Shape.FlatDims, Shape.Bound)
                       : Space.enterBlockStride(D, Shape.Bound);
    if (!Entered) {
      rangeReason(note(NoteId::StrideLoopInGuard, {{"loop", where(LoopStmt)}}));
    }
    bindStrideInductions(*Env.Values[Shape.Var]);
    addStrideIterations(walkIteration());
    break;
  }
  case LoopShape::BlockGridStride: {
    // Each block takes every gridDim-th row: the rows replace the blocks.
    unsigned D = Shape.Dim;
    Env.Values[Shape.Var] = Expr::symbol(dimSymbol("blockIdx", D));
    Space.enterBlockGridStride(D, Shape.Bound);
    bindStrideInductions(*Env.Values[Shape.Var]);
    addStrideIterations(walkIteration());
    break;
  }
  case LoopShape::Halving:
  case LoopShape::Doubling: {
    std::string S = freshSymbol(Shape.Var->getName().str());
    Env.Values[Shape.Var] = Expr::symbol(S);
    if (Shape.ShapeKind == LoopShape::Halving)
      Loops.push_back({S, Shape.Bound + Expr(1), Shape.Init, false});
    else
      Loops.push_back({S, Shape.Init, Shape.Bound - Expr(1), false});
    Accumulator BodyCost = walkIteration();
    Loops.pop_back();
    addGeometric(BodyCost, Shape, S);
    break;
  }
  }
  Cur = Target;
  Snapshot AfterEnv = save();
  restore(Outer);
  Env = AfterEnv.Env;
  // What the loop wrote is unknown after it (its values mention the loop's
  // own symbols), except induction variables of a loop every thread runs in
  // full: start + trips * step.
  forgetAssigned(Body);
  if (Inc)
    forgetAssigned(Inc);
  if (Shape.Var)
    Env.forget(Shape.Var);
  if (Trips && !MayExitEarly && !mentionsThreadIndex(*Trips))
    bindInductions(*Trips);
  if (MayExitEarly)
    addMaybe(Loop, note(NoteId::LoopMayExitEarly, {{"loop", where(LoopStmt)}},
                        {Leaves ? note(NoteId::LoopBreaksOrReturns)
                                : Shape.StopsEarlyWhy.value_or(Note())}));
  else
    addScaled(Loop, Expr(1));
}

void CostWalker::walkDecl(const VarDecl *V) {
  if (!V->hasInit())
    return;
  const clang::Expr *Init = V->getInit();
  QualType T = V->getType();
  if (T->isReferenceType()) {
    walkLValueAddress(Init);
    if (auto A = classifier().classifyLValue(Init))
      Env.References[V] = BoundReference{A->Origin};
    return;
  }
  walkExpr(Init);
  bindValue(Env, V, Init);
}

void CostWalker::bindValue(ValueEnv &Target, const ValueDecl *D,
                           const clang::Expr *Init) const {
  QualType T = D->getType();
  if (T->isIntegralOrEnumerationType()) {
    Target.Values[D] = converter().convert(Init);
    Target.BlockValues.erase(D);
    if (!Target.Values[D])
      if (auto B = blockValue(Init))
        Target.BlockValues[D] = *B;
  } else if (T->isPointerType())
    Target.Origins[D] = classifier().originOfPointer(Init);
  else if (T->isRealFloatingType()) {
    bool Normalized = false;
    if (auto Texel = texelCoordinate(Init, Normalized))
      Target.Texels[D] = TexelValue{*Texel, Normalized};
    else
      Target.Texels.erase(D);
  }
}

} // namespace rla
