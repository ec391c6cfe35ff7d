//===- LaunchExtractor.cpp ------------------------------------------------===//
#include "analyzer/frontend/LaunchExtractor.h"
#include "analyzer/frontend/HostEvaluator.h"
#include "analyzer/frontend/KernelExtractor.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {

const char *const DimNames[] = {"x", "y", "z"};

class LaunchFinder : public RecursiveASTVisitor<LaunchFinder> {
public:
  LaunchFinder(ASTContext &Ctx, std::vector<LaunchSpec> &Out)
      : Ctx(Ctx), Out(Out) {}

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

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    const SourceManager &SM = Ctx.getSourceManager();
    // A launch clang could not fully build (an error in its arguments) has
    // nothing trustworthy to bind; its error is reported on its own.
    if (SM.isInSystemHeader(Call->getBeginLoc()) || Call->isValueDependent() ||
        Call->isTypeDependent() || Call->containsErrors())
      return true;
    const FunctionDecl *Kernel = Call->getDirectCallee();
    if (!Kernel)
      return true;
    LaunchSpec Spec;
    Spec.Kernel = kernelDisplayName(Kernel);
    if (Current)
      Spec.HostFunction = Current->getQualifiedNameAsString();
    Spec.Source = LaunchSource::LaunchSite;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
    if (P.isValid())
      Spec.Site = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};

    HostEvaluator Eval(Ctx, Current, Call->getBeginLoc());
    const CallExpr *Config = Call->getConfig();
    // A launch from device code (dynamic parallelism) configures through
    // cudaLaunchDevice(func, params, grid, block, smem, stream); host code
    // through __cudaPushCallConfiguration(grid, block, smem, stream).
    unsigned First = 0;
    if (const FunctionDecl *C = Config ? Config->getDirectCallee() : nullptr;
        C && C->getName() == "cudaLaunchDevice") {
      First = 2;
      Spec.Notes.push_back("device-side launch from kernel '" +
                           (Current ? Current->getNameAsString() : "?") +
                           "': its values come from that kernel's launch");
    }
    auto evalDims = [&](unsigned Index, const char *What,
                        std::array<std::optional<Rational>, 3> &Dims) {
      Index += First;
      if (!Config || Config->getNumArgs() <= Index)
        return;
      std::string Why;
      Dims = Eval.evaluateDim3(Config->getArg(Index), Why);
      for (unsigned D = 0; D < 3; ++D)
        if (!Dims[D]) {
          Spec.Notes.push_back(std::string(What) + "." + DimNames[D] +
                               " is not known from the source: " +
                               (Why.empty() ? "not a constant" : Why));
          break;
        }
    };
    evalDims(0, "grid", Spec.Grid);
    evalDims(1, "block", Spec.Block);
    if (Config && Config->getNumArgs() > First + 2) {
      std::string Why;
      Spec.DynamicSmem = Eval.evaluate(Config->getArg(First + 2), Why);
      if (!Spec.DynamicSmem)
        Spec.Notes.push_back("dynamic shared memory is not known: " + Why);
    } else {
      Spec.DynamicSmem = Rational(0);
    }
    for (unsigned I = 0; I < Call->getNumArgs() && I < Kernel->getNumParams();
         ++I) {
      const ParmVarDecl *Param = Kernel->getParamDecl(I);
      QualType T = Param->getType();
      if (T->isRecordType()) {
        Eval.evaluateFields(Call->getArg(I), Param->getName().str(), Spec.Args);
        continue;
      }
      if (T->isPointerType()) {
        const clang::Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
        std::string Text;
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
          Text = Ref->getDecl()->getQualifiedNameAsString();
        else
          Text = Lexer::getSourceText(
                     CharSourceRange::getTokenRange(Arg->getSourceRange()), SM,
                     Ctx.getLangOpts())
                     .str();
        if (!Text.empty())
          Spec.PointerArgs[Param->getName().str()] = Text;
        continue;
      }
      if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
        continue;
      std::string Why;
      if (auto V = Eval.evaluate(Call->getArg(I), Why))
        Spec.Args[Param->getName().str()] = *V;
      else if (T->isIntegralOrEnumerationType())
        Spec.Notes.push_back("argument '" + Param->getName().str() +
                             "' is not known from the source: " + Why);
    }
    Out.push_back(std::move(Spec));
    return true;
  }

private:
  ASTContext &Ctx;
  std::vector<LaunchSpec> &Out;
  const FunctionDecl *Current = nullptr;
};

} // namespace

std::vector<LaunchSpec> extractLaunches(ASTContext &Ctx) {
  std::vector<LaunchSpec> Out;
  LaunchFinder Finder(Ctx, Out);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::vector<LaunchSpec> extractLaunchesFrom(ASTContext &Ctx,
                                            llvm::ArrayRef<Decl *> TopLevel) {
  std::vector<LaunchSpec> Out;
  LaunchFinder Finder(Ctx, Out);
  for (Decl *D : TopLevel)
    Finder.TraverseDecl(D);
  return Out;
}

} // namespace rla
