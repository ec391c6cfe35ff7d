//===- HostInterpreter.cpp - Runs host code to its launches ---------------===//
///
/// \file
/// The host interpreter's run: the roots it starts from (main, then every
/// function with launches that nothing calls), each root's frame (argc and
/// argv as the program is run), the functions a library calls back, and each
/// launch site's contexts made into the entries of the run.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"

using namespace clang;

namespace rla {
namespace interp {

bool Interpreter::runRoot(const FunctionDecl *F,
                          std::vector<InterpretedLaunch> &Result) {
  Steps = 0;
  OverBudget = false;
  Stopped = false;
  Globals.clear();
  Assumptions.clear();
  Getopt.reset();
  OpenMpThreads.reset();
  std::vector<InterpretedLaunch> Launches;
  Out = &Launches;
  RootCtx = &F->getASTContext();
  Frame Root;
  Root.Fn = F;
  Root.Call.Function = F->getNameAsString();
  if (Program)
    Root.Call.OtherFile = fileOf(F);
  bool IsMain = F->isMain();
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    HostValue V;
    if (IsMain && I < 2)
      (I == 0 ? Argc : Argv) = P;
    if (IsMain && I == 0) {
      V = HostValue::number(
          Rational(int64_t(Options.Args ? Options.Args->size() + 1 : 1)));
    } else if (IsMain && I == 1) {
      std::vector<HostValue> Argv{HostValue::string("program")};
      if (Options.Args)
        for (const std::string &A : *Options.Args)
          Argv.push_back(HostValue::string(A));
      Argv.push_back(HostValue::number(Rational(0))); // argv[argc] == NULL
      HostValue Array = HostValue::aggregate(std::move(Argv), true);
      V = HostValue::pointer(std::make_shared<HostValue>(std::move(Array)));
    } else {
      V = HostValue::unknown(
          note(NoteId::HostRootParameter, {{"name", P->getName().str()},
                                           {"function", F->getNameAsString()},
                                           {"program", double(Program)}}));
    }
    Root.Vars[P] = std::make_shared<HostValue>(std::move(V));
  }
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isInstance())
    Root.This = std::make_shared<HostValue>(defaultValue(
        ctx().getCanonicalTagType(M->getParent()),
        note(NoteId::HostRootObject, {{"function", F->getNameAsString()}})));
  Callbacks.clear();
  Stack.push_back(&Root);
  RunningMain = IsMain;
  Flow R = exec(F->getBody());
  RunningMain = false;
  Stack.pop_back();
  if (Stopped)
    R = Flow::Stop;
  if (!OverBudget)
    runCallbacks();
  Out = nullptr;
  if (OverBudget)
    return false;
  if (IsMain && R == Flow::Stop)
    MainStop = StopNote ? *StopNote : note(NoteId::ProgramStopsEarlier);
  for (InterpretedLaunch &L : Launches)
    Result.push_back(std::move(L));
  return true;
}

void Interpreter::noteCallbacks(const CallExpr *C, const std::string &Name) {
  if (Counterfactual)
    return;
  for (const clang::Expr *A : C->arguments()) {
    const clang::Expr *Arg = A->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Arg);
        U && U->getOpcode() == UO_AddrOf)
      Arg = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
    const auto *Fn = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    const FunctionDecl *Def = Fn ? Graph.definition(Fn) : nullptr;
    if (!Def || Def->hasAttr<CUDAGlobalAttr>() || !Graph.reachesLaunch(Def))
      continue;
    if (llvm::none_of(Callbacks,
                      [&](const Callback &CB) { return CB.Fn == Def; }))
      Callbacks.push_back({Def, Name, where(C->getBeginLoc())});
  }
}

/// Each callback once, after the root, with the globals as the root left
/// them and its parameters unknown; how often the library calls it is not
/// known, so its launches have no count.
void Interpreter::runCallbacks() {
  constexpr size_t MaxCallbacks = 16;
  for (size_t I = 0; I < Callbacks.size() && I < MaxCallbacks && !OverBudget;
       ++I) {
    const FunctionDecl *Fn = Callbacks[I].Fn;
    Frame F;
    F.Fn = Fn;
    F.Call.How = CallFrame::Callback;
    F.Call.Function = Fn->getNameAsString();
    F.Call.CalledBy = Callbacks[I].Call;
    F.Call.CalledAt = Callbacks[I].At;
    for (const ParmVarDecl *P : Fn->parameters())
      F.Vars[P] = std::make_shared<HostValue>(HostValue::unknown(note(
          NoteId::HostCallbackParameter, {{"name", P->getName().str()},
                                          {"function", Fn->getNameAsString()},
                                          {"call", Callbacks[I].Call},
                                          {"at", Callbacks[I].At}})));
    Stopped = false;
    Multipliers.push_back(std::nullopt);
    Conditions.push_back(note(NoteId::RunsWhenCalledBack,
                              {{"call", Callbacks[I].Call},
                               {"at", Callbacks[I].At},
                               {"function", Fn->getNameAsString()}}));
    Stack.push_back(&F);
    exec(Fn->getBody());
    Stack.pop_back();
    Conditions.pop_back();
    Multipliers.pop_back();
  }
}

} // namespace interp

HostRun interpretHost(const ASTContext &Ctx, llvm::ArrayRef<Decl *> TopLevel,
                      const HostRunOptions &Options) {
  HostUnit Unit{&Ctx, std::vector<Decl *>(TopLevel.begin(), TopLevel.end())};
  return interpretProgram(Unit, Options);
}

HostRun interpretProgram(llvm::ArrayRef<HostUnit> Units,
                         const HostRunOptions &Options) {
  HostRun Run;
  interp::CallGraph Graph;
  Graph.Units = Units.size();
  for (const HostUnit &U : Units)
    for (Decl *D : U.TopLevel)
      Graph.TraverseDecl(D);
  Graph.link();
  interp::Interpreter I(Options, Graph, Units.size() > 1);
  std::vector<const FunctionDecl *> Roots;
  for (const FunctionDecl *F : Graph.Functions)
    if (F->isMain())
      Roots.push_back(F);
  // Then every function with launches that nothing here calls: a library's
  // entry points, or code called from another file.
  for (const FunctionDecl *F : Graph.Functions) {
    if (F->isMain() || Graph.Referenced.count(F->getCanonicalDecl()) ||
        F->getASTContext().getSourceManager().isInSystemHeader(
            F->getLocation()) ||
        F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>() ||
        isa<CXXConstructorDecl>(F) || F->isTemplateInstantiation() ||
        !Graph.reachesLaunch(F))
      continue;
    Roots.push_back(F);
  }
  for (const FunctionDecl *F : Roots) {
    std::vector<InterpretedLaunch> Launches;
    if (!I.runRoot(F, Launches))
      continue;
    Run.Roots.push_back(F->getNameAsString());
    for (InterpretedLaunch &L : Launches)
      Run.Launches.push_back(std::move(L));
  }
  Run.LibraryArguments = std::move(I.LibraryArguments);
  if (I.MainStop)
    Run.Unreached.push_back(*I.MainStop);
  if (I.MainReturn) {
    Run.MainReturn = I.MainReturn->getBeginLoc();
    Run.MainReturnNote = note(NoteId::MainReturnsAt,
                              {{"at", I.where(I.MainReturn->getBeginLoc())},
                               {"without_arguments", double(!Options.Args)}});
  }
  // A site with more contexts than a report can show becomes one entry.
  // (A site that launches through a kernel pointer is one site per kernel.)
  using Site = std::pair<const CallExpr *, std::string>;
  std::map<Site, std::vector<InterpretedLaunch>> BySite;
  std::vector<Site> Order;
  for (InterpretedLaunch &L : Run.Launches) {
    Site Key{L.Call, L.Spec.Kernel};
    if (!BySite.count(Key))
      Order.push_back(Key);
    BySite[Key].push_back(std::move(L));
  }
  Run.Launches.clear();
  for (const Site &Key : Order) {
    std::vector<InterpretedLaunch> &Contexts = BySite[Key];
    if (Contexts.size() > interp::MaxContextsPerSite)
      interp::keepNearestContexts(Contexts);
    for (InterpretedLaunch &L : interp::mergeSweeps(Contexts))
      Run.Launches.push_back(std::move(L));
  }
  return Run;
}

} // namespace rla
