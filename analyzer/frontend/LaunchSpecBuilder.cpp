//===- LaunchSpecBuilder.cpp ----------------------------------------------===//
#include "analyzer/frontend/LaunchSpecBuilder.h"
#include "analyzer/frontend/KernelExtractor.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {
const char *const DimNames[] = {"x", "y", "z"};
} // namespace

LaunchSpec buildLaunchSpec(const ASTContext &Ctx,
                           const CUDAKernelCallExpr *Call,
                           const FunctionDecl *Host, LaunchValues &Values) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Kernel = Call->getDirectCallee();
  LaunchSpec Spec;
  Spec.Kernel = kernelDisplayName(Kernel);
  if (Host)
    Spec.HostFunction = Host->getQualifiedNameAsString();
  Spec.Source = LaunchSource::LaunchSite;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
  if (P.isValid())
    Spec.Site = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};

  const CallExpr *Config = Call->getConfig();
  // A launch from device code (dynamic parallelism) configures through
  // cudaLaunchDevice(func, params, grid, block, smem, stream); host code
  // through __cudaPushCallConfiguration(grid, block, smem, stream).
  unsigned First = 0;
  if (const FunctionDecl *C = Config ? Config->getDirectCallee() : nullptr;
      C && C->getName() == "cudaLaunchDevice") {
    First = 2;
    Spec.Notes.push_back("device-side launch from kernel '" +
                         (Host ? Host->getNameAsString() : "?") +
                         "': its values come from that kernel's launch");
  }
  auto evalDims = [&](unsigned Index, const char *What,
                      std::array<std::optional<Rational>, 3> &Dims) {
    Index += First;
    if (!Config || Config->getNumArgs() <= Index)
      return;
    std::string Why;
    Dims = Values.dim3(Config->getArg(Index), Why);
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
    Spec.DynamicSmem = Values.scalar(Config->getArg(First + 2), Why);
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
      Values.fields(Call->getArg(I), Param->getName().str(), Spec.Args);
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
    if (auto V = Values.scalar(Call->getArg(I), Why))
      Spec.Args[Param->getName().str()] = *V;
    else if (T->isIntegralOrEnumerationType())
      Spec.Notes.push_back("argument '" + Param->getName().str() +
                           "' is not known from the source: " + Why);
  }
  return Spec;
}

} // namespace rla
