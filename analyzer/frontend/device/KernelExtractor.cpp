//===- KernelExtractor.cpp ------------------------------------------------===//
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/device/CooperativeGroups.h"
#include "analyzer/frontend/device/CostWalker.h"
#include "analyzer/frontend/device/SymbolicConverter.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;

namespace rla {
namespace {

SourceLoc locationOf(const ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return {};
  return SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
}

KernelParam describeParam(const ASTContext &Ctx, const ParmVarDecl *P) {
  KernelParam Out;
  Out.Name = P->getName().str();
  QualType T = P->getType();
  Out.Type = T.getAsString(Ctx.getPrintingPolicy());
  if (const auto *Ptr = T->getAs<PointerType>()) {
    Out.ParamKind = KernelParam::Pointer;
    QualType Pointee = Ptr->getPointeeType();
    if (!Pointee->isIncompleteType() && !Pointee->isDependentType() &&
        !Pointee->isVoidType())
      Out.PointeeBytes =
          static_cast<unsigned>(Ctx.getTypeSizeInChars(Pointee).getQuantity());
  } else if (T->isIntegralOrEnumerationType()) {
    Out.ParamKind = KernelParam::Integer;
  } else if (T->isRealFloatingType()) {
    Out.ParamKind = KernelParam::Floating;
  }
  return Out;
}

/// Which dimensions' index builtins a kernel (and what it calls) reads, and
/// the source ranges of the functions it reaches (where an error sets the
/// kernel aside).
class DimensionScanner : public RecursiveASTVisitor<DimensionScanner> {
public:
  explicit DimensionScanner(const SourceManager &SM) : SM(SM) {}
  std::array<bool, 3> Used{{false, false, false}};
  std::vector<SourceRange> Reached;
  /// Cooperative groups of the block (or a tile of it), of the grid.
  std::array<bool, 2> Groups{{false, false}};
  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    if (auto B = matchCudaBuiltin(E))
      Used[B->Dim] = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    GroupKind G = groupOfCall(Call);
    Groups[G == GroupKind::Grid ? 1 : 0] |= G != GroupKind::None;
    const FunctionDecl *Def = nullptr;
    // Not into the toolkit's headers: cooperative groups' thread_rank()
    // reads every dimension whatever the kernel indexes.
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->hasBody(Def) &&
        !SM.isInSystemHeader(Def->getLocation()) && Seen.insert(Def).second) {
      Reached.push_back(Def->getSourceRange());
      TraverseStmt(Def->getBody());
    }
    return true;
  }

private:
  const SourceManager &SM;
  std::set<const FunctionDecl *> Seen;
};

/// The first error inside one of Ranges (expansion locations, so that an
/// error in a macro used by the kernel counts where it is used).
const SourceError *firstErrorIn(const SourceManager &SM,
                                llvm::ArrayRef<SourceRange> Ranges,
                                llvm::ArrayRef<SourceError> Errors) {
  for (const SourceError &E : Errors)
    for (SourceRange R : Ranges) {
      SourceLocation B = SM.getExpansionLoc(R.getBegin());
      SourceLocation End = SM.getExpansionRange(R.getEnd()).getEnd();
      if (SM.isPointWithin(E.Loc, B, End))
        return &E;
    }
  return nullptr;
}

KernelModel buildModel(ASTContext &Ctx, const FunctionDecl *FD,
                       llvm::ArrayRef<SourceError> Errors) {
  KernelModel M;
  M.Name = kernelDisplayName(FD);
  M.MangledName = mangledName(Ctx, FD);
  M.Location = locationOf(Ctx, FD->getLocation());
  for (const ParmVarDecl *P : FD->parameters())
    M.Params.push_back(describeParam(Ctx, P));
  if (const auto *LB = FD->getAttr<CUDALaunchBoundsAttr>()) {
    clang::Expr::EvalResult R;
    if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, Ctx))
      M.LaunchBoundsMaxThreads =
          static_cast<unsigned>(R.Val.getInt().getZExtValue());
  }
  DimensionScanner Dims(Ctx.getSourceManager());
  Dims.Reached.push_back(FD->getSourceRange());
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    Dims.Reached.push_back(Pattern->getSourceRange());
  Dims.TraverseStmt(FD->getBody());
  if (const SourceError *E =
          firstErrorIn(Ctx.getSourceManager(), Dims.Reached, Errors)) {
    Finding F = E->Where;
    F.Id = "rl-not-analysed";
    llvm::StringRef Clang(E->Where.Message);
    Clang.consume_front("clang: ");
    std::string Where = "line " + std::to_string(E->Where.Loc.Line);
    if (E->Where.Loc.File != M.Location.File)
      Where += " of " + llvm::sys::path::filename(E->Where.Loc.File).str();
    F.Message = "kernel '" + M.Name +
                "' is not analysed: clang reports an error in its code at " +
                Where + ": " + Clang.str();
    F.Loc = M.Location;
    M.NotAnalysed = F;
    return M;
  }
  M.UsesDimension = Dims.Used;
  M.UsesDimension[0] = true;
  // Cooperative-groups ranks are linear over the dimensions the kernel
  // indexes; a launch that is not flat in the others breaks them.
  for (unsigned D = 1; D < 3; ++D) {
    if (M.UsesDimension[D])
      continue;
    if (Dims.Groups[0] || Dims.Groups[1])
      M.AssumedBlockDims.emplace(dimSymbol("blockDim", D), Rational(1));
    if (Dims.Groups[1])
      M.AssumedBlockDims.emplace(dimSymbol("gridDim", D), Rational(1));
  }
  if (Dims.Groups[0] || Dims.Groups[1])
    M.Assumptions.push_back(note(NoteId::CooperativeRanksLinear,
                                 {{"uses_y", double(M.UsesDimension[1])},
                                  {"uses_z", double(M.UsesDimension[2])}}));
  M.Assumptions.push_back(note(NoteId::NonNegativeParameters));
  CostWalker Walker(Ctx, FD, M);
  Walker.run();
  return M;
}

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  KernelFinder(ASTContext &Ctx, std::vector<KernelModel> &Out,
               std::vector<Finding> &Findings,
               llvm::ArrayRef<SourceError> Errors)
      : Ctx(Ctx), Out(Out), Findings(Findings), Errors(Errors) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    if (Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return true;
    if (FD->getDescribedFunctionTemplate() || FD->isDependentContext())
      return true; // handled through its template
    if (FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization ||
        FD->getTemplateSpecializationKind() == TSK_Undeclared)
      Out.push_back(buildModel(Ctx, FD, Errors));
    return true;
  }

  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *FTD) {
    FunctionDecl *Pattern = FTD->getTemplatedDecl();
    if (!Pattern->hasAttr<CUDAGlobalAttr>() ||
        !Pattern->doesThisDeclarationHaveABody() ||
        Ctx.getSourceManager().isInSystemHeader(FTD->getLocation()) ||
        FTD != FTD->getCanonicalDecl())
      return true;
    bool Any = false;
    for (FunctionDecl *Spec : FTD->specializations()) {
      if (!Spec->hasBody() ||
          Spec->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
        continue;
      const FunctionDecl *Def = nullptr;
      Spec->hasBody(Def);
      Out.push_back(buildModel(Ctx, Def ? Def : Spec, Errors));
      Any = true;
    }
    if (!Any)
      Findings.push_back(Finding{
          "rl-uninstantiated-template", Severity::Remark,
          "kernel template '" + FTD->getNameAsString() +
              "' is not instantiated in this file; launch it (or add an "
              "explicit instantiation) to analyse it",
          locationOf(Ctx, FTD->getLocation())});
    return true;
  }

private:
  ASTContext &Ctx;
  std::vector<KernelModel> &Out;
  std::vector<Finding> &Findings;
  llvm::ArrayRef<SourceError> Errors;
};

} // namespace

std::string mangledName(ASTContext &Ctx, const FunctionDecl *FD) {
  std::unique_ptr<MangleContext> Mangle(Ctx.createMangleContext());
  GlobalDecl GD(FD, KernelReferenceKind::Kernel);
  if (!Mangle->shouldMangleDeclName(FD))
    return FD->getName().str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Mangle->mangleName(GD, OS);
  return OS.str();
}

std::string kernelDisplayName(const FunctionDecl *FD) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy(FD->getASTContext().getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return OS.str();
}

std::vector<KernelModel> extractKernels(ASTContext &Ctx,
                                        std::vector<Finding> &Findings,
                                        llvm::ArrayRef<SourceError> Errors) {
  std::vector<KernelModel> Out;
  KernelFinder Finder(Ctx, Out, Findings, Errors);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::vector<KernelModel>
extractKernelsFrom(ASTContext &Ctx, llvm::ArrayRef<Decl *> TopLevel,
                   std::vector<Finding> &Findings,
                   llvm::ArrayRef<SourceError> Errors) {
  std::vector<KernelModel> Out;
  KernelFinder Finder(Ctx, Out, Findings, Errors);
  for (Decl *D : TopLevel)
    Finder.TraverseDecl(D);
  return Out;
}

} // namespace rla
