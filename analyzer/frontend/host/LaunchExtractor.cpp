//===- LaunchExtractor.cpp ------------------------------------------------===//
#include "analyzer/frontend/host/LaunchExtractor.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/host/HostEvaluator.h"
#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/frontend/host/LaunchSpecBuilder.h"
#include "analyzer/frontend/host/SourcePlace.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {

/// The per-function evaluation, for a site the host run did not reach.
class EvaluatorValues : public LaunchValues {
public:
  EvaluatorValues(const ASTContext &Ctx, const FunctionDecl *Host,
                  SourceLocation At)
      : Eval(Ctx, Host, At) {}
  std::optional<Rational> scalar(const clang::Expr *E, Note &Why) override {
    return Eval.evaluate(E, Why);
  }
  std::array<std::optional<Rational>, 3> dim3(const clang::Expr *E,
                                              Note &Why) override {
    return Eval.evaluateDim3(E, Why);
  }
  void fields(const clang::Expr *E, const std::string &Prefix,
              std::map<std::string, Rational> &Out) override {
    Eval.evaluateFields(E, Prefix, Out);
  }

private:
  HostEvaluator Eval;
};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(ASTContext &Ctx, const HostRun &Run,
               std::vector<LaunchSpec> &Out)
      : Ctx(Ctx), Run(Run), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    const FunctionDecl *Saved = Current;
    Current = MD;
    bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(MD);
    Current = Saved;
    return R;
  }

  /// A generic lambda's body is a template: its launches are in the call
  /// operators instantiated for each call (`run(4096)` of
  /// `[&](auto n) { k<<<...>>>(n); }`), which the lambda's own traversal
  /// does not reach.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(L))
      return false;
    if (FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (FunctionDecl *Spec : T->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const SourceManager &SM = Ctx.getSourceManager();
    // A launch clang could not fully build (an error in its arguments) has
    // nothing trustworthy to bind; its error is reported on its own.
    if (SM.isInSystemHeader(Call->getBeginLoc()) || Call->isValueDependent() ||
        Call->isTypeDependent() || Call->containsErrors())
      return true;
    // As the program runs it, when running the host code reached it.
    bool Interpreted = false;
    for (const InterpretedLaunch &L : Run.Launches)
      if (L.Call == Call) {
        Out.push_back(L.Spec);
        Interpreted = true;
      }
    // Through a kernel pointer (`table[k]<<<...>>>`): only the run knows
    // which kernel it is.
    if (Interpreted || !Call->getDirectCallee() || reachedElsewhere(Call))
      return true;
    EvaluatorValues Values(Ctx, Current, Call->getBeginLoc());
    LaunchSpec Spec = buildLaunchSpec(Ctx, Call, Current, Values);
    if (Current && Current->isMain()) {
      for (const Note &Why : Run.Unreached)
        Spec.Notes.push_back(note(NoteId::LaunchNotReached, {}, {Why}));
      if (Run.MainReturn && Ctx.getSourceManager().isBeforeInTranslationUnit(
                                *Run.MainReturn, Call->getBeginLoc()))
        Spec.Notes.push_back(
            note(NoteId::LaunchNotReached, {}, {Run.MainReturnNote}));
    }
    Out.push_back(std::move(Spec));
    return true;
  }

  /// cudaLaunchKernel(kernel, grid, block, args, smem, stream) and its kin.
  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call) ||
        launchApiOf(Call->getDirectCallee()) == LaunchApi::None)
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    if (SM.isInSystemHeader(Call->getBeginLoc()) || Call->isValueDependent() ||
        Call->isTypeDependent() || Call->containsErrors())
      return true;
    bool Interpreted = false;
    for (const InterpretedLaunch &L : Run.Launches)
      if (L.Call == Call) {
        // A kernel another file defines (cuModuleGetFunction by name) gets
        // the launch in that file's report.
        if (!L.Kernel || &L.Kernel->getASTContext() == &Ctx)
          Out.push_back(L.Spec);
        Interpreted = true;
      }
    if (Interpreted || reachedElsewhere(Call))
      return true;
    EvaluatorValues Values(Ctx, Current, Call->getBeginLoc());
    const clang::Expr *KernelArg =
        launchApiKernel(Call, launchApiOf(Call->getDirectCallee()));
    const FunctionDecl *Kernel = KernelArg ? Values.kernel(KernelArg) : nullptr;
    if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>())
      return true; // which kernel runs is not known here
    Out.push_back(buildApiLaunchSpec(Ctx, Call, Kernel, Current, Values));
    return true;
  }

private:
  /// Whether the run reached this site's text in another unit: a file that
  /// another file #includes (Rodinia's 3D.cu includes opt1.cu) has its
  /// launches run through the includer's copy, whose contexts this file's
  /// report gets (launchesOfUnit); no per-function guess beside them.
  bool reachedElsewhere(const CallExpr *Call) {
    std::string Place =
        sourcePlace(Ctx.getSourceManager(), Call->getBeginLoc());
    for (const InterpretedLaunch &L : Run.Launches)
      if (L.SiteCtx && L.SiteCtx != &Ctx && L.Call &&
          sourcePlace(L.SiteCtx->getSourceManager(), L.Call->getBeginLoc()) ==
              Place)
        return true;
    return false;
  }

  ASTContext &Ctx;
  const HostRun &Run;
  std::vector<LaunchSpec> &Out;
  const FunctionDecl *Current = nullptr;
};

} // namespace

std::vector<LaunchSpec>
extractLaunches(ASTContext &Ctx, const HostRunOptions &Options,
                std::map<const CallExpr *, std::vector<LibraryArgument>>
                    *LibraryArguments) {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  std::vector<Decl *> TopLevel(TU->decls_begin(), TU->decls_end());
  return extractLaunchesFrom(Ctx, TopLevel, Options, LibraryArguments);
}

std::vector<LaunchSpec>
extractLaunchesFrom(ASTContext &Ctx, llvm::ArrayRef<Decl *> TopLevel,
                    const HostRunOptions &Options,
                    std::map<const CallExpr *, std::vector<LibraryArgument>>
                        *LibraryArguments) {
  HostRun Run = interpretHost(Ctx, TopLevel, Options);
  if (LibraryArguments)
    *LibraryArguments = Run.LibraryArguments;
  return launchesOfUnit(Ctx, TopLevel, Run);
}

std::vector<LaunchSpec> launchesOfUnit(ASTContext &Ctx,
                                       llvm::ArrayRef<Decl *> TopLevel,
                                       const HostRun &Run) {
  std::vector<LaunchSpec> Out;
  LaunchFinder Finder(Ctx, Run, Out);
  for (Decl *D : TopLevel)
    Finder.TraverseDecl(D);
  // This file's kernels launched from another file's host code: by name
  // (cuModuleGetFunction), or from a file that #includes this one (Rodinia's
  // `#include "backprop_cuda_kernel.cu"`), where the kernel is that file's
  // copy of this file's definition.
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  for (const InterpretedLaunch &L : Run.Launches) {
    if (!L.Kernel || !L.SiteCtx || L.SiteCtx == &Ctx)
      continue;
    const ASTContext &KernelCtx = L.Kernel->getASTContext();
    bool Here = &KernelCtx == &Ctx;
    if (!Here && &KernelCtx == L.SiteCtx && Main) {
      const SourceManager &KSM = KernelCtx.getSourceManager();
      OptionalFileEntryRef Defined = KSM.getFileEntryRefForID(
          KSM.getFileID(KSM.getExpansionLoc(L.Kernel->getLocation())));
      Here = Defined &&
             KSM.getMainFileID() !=
                 KSM.getFileID(KSM.getExpansionLoc(L.Kernel->getLocation())) &&
             Defined->getUniqueID() == Main->getUniqueID();
    }
    if (Here)
      Out.push_back(L.Spec);
  }
  return Out;
}

} // namespace rla
