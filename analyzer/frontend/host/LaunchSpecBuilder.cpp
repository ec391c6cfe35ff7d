//===- LaunchSpecBuilder.cpp ----------------------------------------------===//
#include "analyzer/frontend/host/LaunchSpecBuilder.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/device/SymbolicConverter.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {
const char *const DimNames[] = {"x", "y", "z"};

/// cudaTextureObject_t and cudaSurfaceObject_t, integers by type.
bool isTextureObject(QualType T) {
  for (const auto *Typedef = T->getAs<TypedefType>(); Typedef;
       Typedef = Typedef->desugar()->getAs<TypedefType>()) {
    llvm::StringRef Name = Typedef->getDecl()->getName();
    if (Name == "cudaTextureObject_t" || Name == "cudaSurfaceObject_t")
      return true;
  }
  return false;
}
} // namespace

/// Unknown grid dimensions written over values the launch also passes to
/// the kernel: each integer argument that names a host variable stands for
/// its kernel parameter, and the grid expression is converted over them.
void gridOverArguments(const ASTContext &Ctx, const clang::Expr *Grid,
                       const FunctionDecl *Kernel, unsigned NumArgs,
                       const clang::Expr *const *Args, LaunchSpec &Spec);
/// The scalar, struct and pointer arguments of a launch by the kernel's
/// parameters.
void kernelArguments(const ASTContext &Ctx, const FunctionDecl *Kernel,
                     unsigned NumArgs, const clang::Expr *const *Args,
                     LaunchValues &Values, LaunchSpec &Spec);
/// The scalar arguments of a launch through an argument array: what each
/// entry points to.
void pointeeArguments(const FunctionDecl *Kernel, const clang::Expr *Array,
                      LaunchValues &Values, LaunchSpec &Spec);
/// The same, with entry I of the array as Entry gives it.
void pointeeArguments(
    const FunctionDecl *Kernel,
    llvm::function_ref<std::optional<Rational>(unsigned, Note &)> Entry,
    LaunchSpec &Spec);

LaunchSpec buildLaunchSpec(const ASTContext &Ctx,
                           const CUDAKernelCallExpr *Call,
                           const FunctionDecl *Host, LaunchValues &Values,
                           const FunctionDecl *Kernel) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Kernel)
    Kernel = Call->getDirectCallee();
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
    Spec.Notes.push_back(
        note(NoteId::DeviceSideLaunch,
             {{"parent", Host ? Host->getNameAsString() : "?"}}));
  }
  auto evalDims = [&](unsigned Index, const char *What,
                      std::array<std::optional<Rational>, 3> &Dims) {
    Index += First;
    if (!Config || Config->getNumArgs() <= Index)
      return;
    Note Why;
    Dims = Values.dim3(Config->getArg(Index), Why);
    for (unsigned D = 0; D < 3; ++D)
      if (!Dims[D]) {
        Spec.Notes.push_back(
            note(NoteId::LaunchDimUnknown,
                 {{"dim", std::string(What) + "." + DimNames[D]}},
                 partsUnlessBlank(Why)));
        break;
      }
  };
  evalDims(0, "grid", Spec.Grid);
  if (Config && Config->getNumArgs() > First && Kernel)
    gridOverArguments(Ctx, Config->getArg(First), Kernel, Call->getNumArgs(),
                      Call->getArgs(), Spec);
  evalDims(1, "block", Spec.Block);
  if (Config && Config->getNumArgs() > First + 2) {
    Note Why;
    Spec.DynamicSmem = Values.scalar(Config->getArg(First + 2), Why);
    if (!Spec.DynamicSmem)
      Spec.Notes.push_back(
          note(NoteId::LaunchSmemUnknown, {}, partsUnlessBlank(Why)));
  } else {
    Spec.DynamicSmem = Rational(0);
  }
  kernelArguments(Ctx, Kernel, Call->getNumArgs(), Call->getArgs(), Values,
                  Spec);
  return Spec;
}

LaunchApi launchApiOf(const FunctionDecl *F) {
  if (!F || !F->getDeclName().isIdentifier())
    return LaunchApi::None;
  StringRef Name = F->getName();
  if (Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel")
    return LaunchApi::Launch;
  if (Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC")
    return LaunchApi::LaunchEx;
  if (Name == "cuLaunchKernel" || Name == "cuLaunchCooperativeKernel")
    return LaunchApi::Driver;
  if (Name == "cudaGraphAddKernelNode" || Name == "cudaGraphAddNode" ||
      Name == "cudaGraphKernelNodeSetParams" ||
      Name == "cudaGraphExecKernelNodeSetParams")
    return LaunchApi::GraphNode;
  return LaunchApi::None;
}

const clang::Expr *launchApiKernel(const CallExpr *Call, LaunchApi Api) {
  if (Api == LaunchApi::GraphNode)
    return nullptr;
  unsigned Index = Api == LaunchApi::LaunchEx ? 1 : 0;
  return Call->getNumArgs() > Index ? Call->getArg(Index) : nullptr;
}

const clang::Expr *graphNodeParams(const CallExpr *Call, std::string &Prefix) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getDeclName().isIdentifier() || Call->getNumArgs() == 0)
    return nullptr;
  StringRef Name = F->getName();
  // The parameters are the last argument of each; cudaGraphAddNode's are a
  // cudaGraphNodeParams whose `kernel` member holds them.
  Prefix = Name == "cudaGraphAddNode" ? "kernel." : "";
  const clang::Expr *Params =
      Call->getArg(Call->getNumArgs() - 1)->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Params);
      U && U->getOpcode() == UO_AddrOf)
    return U->getSubExpr();
  return nullptr;
}

LaunchSpec buildApiLaunchSpec(const ASTContext &Ctx, const CallExpr *Call,
                              const FunctionDecl *Kernel,
                              const FunctionDecl *Host, LaunchValues &Values) {
  const SourceManager &SM = Ctx.getSourceManager();
  LaunchApi Api = launchApiOf(Call->getDirectCallee());
  LaunchSpec Spec;
  Spec.Kernel = kernelDisplayName(Kernel);
  if (Host)
    Spec.HostFunction = Host->getQualifiedNameAsString();
  Spec.Source = LaunchSource::LaunchSite;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
  if (P.isValid())
    Spec.Site = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
  std::string Callee = Call->getDirectCallee()->getName().str();
  auto dimNote = [&](const std::string &What, const Note &Why) {
    Spec.Notes.push_back(
        note(NoteId::LaunchDimUnknown, {{"dim", What}}, partsUnlessBlank(Why)));
  };
  if (Api == LaunchApi::Launch) {
    auto dims = [&](unsigned Index, const char *What,
                    std::array<std::optional<Rational>, 3> &Dims) {
      if (Call->getNumArgs() <= Index)
        return;
      Note Why;
      Dims = Values.dim3(Call->getArg(Index), Why);
      for (unsigned D = 0; D < 3; ++D)
        if (!Dims[D]) {
          dimNote(std::string(What) + "." + DimNames[D], Why);
          break;
        }
    };
    dims(1, "grid", Spec.Grid);
    dims(2, "block", Spec.Block);
    Spec.DynamicSmem = Rational(0);
    if (Call->getNumArgs() > 4 && !isa<CXXDefaultArgExpr>(Call->getArg(4))) {
      Note Why;
      Spec.DynamicSmem = Values.scalar(Call->getArg(4), Why);
      if (!Spec.DynamicSmem)
        Spec.Notes.push_back(
            note(NoteId::LaunchSmemUnknown, {}, partsUnlessBlank(Why)));
    }
    if (Call->getNumArgs() > 3)
      pointeeArguments(Kernel, Call->getArg(3), Values, Spec);
    return Spec;
  }
  if (Api == LaunchApi::Driver) {
    // Each size is a scalar argument of its own.
    auto dims = [&](unsigned First, const char *What,
                    std::array<std::optional<Rational>, 3> &Dims) {
      for (unsigned D = 0; D < 3 && First + D < Call->getNumArgs(); ++D) {
        Note Why;
        Dims[D] = Values.scalar(Call->getArg(First + D), Why);
        if (!Dims[D]) {
          dimNote(std::string(What) + "." + DimNames[D], Why);
          break;
        }
      }
    };
    dims(1, "grid", Spec.Grid);
    dims(4, "block", Spec.Block);
    if (Call->getNumArgs() > 7) {
      Note Why;
      Spec.DynamicSmem = Values.scalar(Call->getArg(7), Why);
      if (!Spec.DynamicSmem)
        Spec.Notes.push_back(
            note(NoteId::LaunchSmemUnknown, {}, partsUnlessBlank(Why)));
    }
    if (Call->getNumArgs() > 9)
      pointeeArguments(Kernel, Call->getArg(9), Values, Spec);
    return Spec;
  }
  // cudaLaunchKernelEx: the sizes are the config's fields; a graph node's
  // are its parameters' fields.
  std::string Prefix;
  const clang::Expr *Config = nullptr;
  if (Api == LaunchApi::GraphNode) {
    Config = graphNodeParams(Call, Prefix);
    Spec.Notes.push_back(note(NoteId::GraphKernelNode, {{"call", Callee}}));
  } else {
    Config = Call->getArg(0)->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Config);
        U && U->getOpcode() == UO_AddrOf)
      Config = U->getSubExpr();
  }
  std::map<std::string, Rational> Fields;
  if (Config && Config->getType()->isRecordType())
    Values.fields(Config, "config", Fields);
  auto field = [&](const std::string &Name) -> std::optional<Rational> {
    auto It = Fields.find("config." + Prefix + Name);
    if (It == Fields.end())
      return std::nullopt;
    return It->second;
  };
  // The same fields in both, named a little differently.
  bool Node = Api == LaunchApi::GraphNode;
  for (unsigned D = 0; D < 3; ++D) {
    Spec.Grid[D] = field(std::string("gridDim.") + DimNames[D]);
    Spec.Block[D] = field(std::string("blockDim.") + DimNames[D]);
  }
  for (auto [Dims, What] :
       {std::pair{&Spec.Grid, "grid"}, std::pair{&Spec.Block, "block"}})
    for (unsigned D = 0; D < 3; ++D)
      if (!(*Dims)[D]) {
        Spec.Notes.push_back(
            note(NoteId::LaunchConfigDimUnknown,
                 {{"dim", std::string(What) + "." + DimNames[D]},
                  {"field", std::string(What) + "Dim." + DimNames[D]},
                  {"node", double(Node)}}));
        break;
      }
  std::string Smem = Node ? "sharedMemBytes" : "dynamicSmemBytes";
  Spec.DynamicSmem = field(Smem);
  if (!Spec.DynamicSmem)
    Spec.Notes.push_back(note(NoteId::LaunchConfigSmemUnknown,
                              {{"field", Smem}, {"node", double(Node)}}));
  if (Node && Config)
    pointeeArguments(
        Kernel,
        [&](unsigned I, Note &Why) {
          return Values.fieldPointee(Config, Prefix + "kernelParams", I, Why);
        },
        Spec);
  else if (Callee == "cudaLaunchKernelEx" && Call->getNumArgs() > 2)
    kernelArguments(Ctx, Kernel, Call->getNumArgs() - 2, Call->getArgs() + 2,
                    Values, Spec);
  else if (!Node && Call->getNumArgs() > 2)
    pointeeArguments(Kernel, Call->getArg(2), Values, Spec);
  return Spec;
}

/// Parameter I of Kernel as a declaration that names it (the definition
/// among them), where the one called is a prototype without names (`__global__
/// void k(float *, int);` above main).
static const ParmVarDecl *namedParam(const FunctionDecl *Kernel, unsigned I) {
  const ParmVarDecl *Param = Kernel->getParamDecl(I);
  if (!Param->getName().empty())
    return Param;
  for (const FunctionDecl *D : Kernel->redecls())
    if (I < D->getNumParams() && !D->getParamDecl(I)->getName().empty())
      return D->getParamDecl(I);
  return Param;
}

void pointeeArguments(const FunctionDecl *Kernel, const clang::Expr *Array,
                      LaunchValues &Values, LaunchSpec &Spec) {
  pointeeArguments(
      Kernel,
      [&](unsigned I, Note &Why) { return Values.pointee(Array, I, Why); },
      Spec);
}

void pointeeArguments(
    const FunctionDecl *Kernel,
    llvm::function_ref<std::optional<Rational>(unsigned, Note &)> Entry,
    LaunchSpec &Spec) {
  for (unsigned I = 0; I < Kernel->getNumParams(); ++I) {
    const ParmVarDecl *Param = namedParam(Kernel, I);
    QualType T = Param->getType();
    if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
      continue;
    Note Why;
    if (auto V = Entry(I, Why))
      Spec.Args[Param->getName().str()] = *V;
    else if (T->isIntegralOrEnumerationType())
      Spec.Notes.push_back(note(NoteId::LaunchArgumentUnknown,
                                {{"argument", Param->getName().str()}},
                                partsUnlessBlank(Why)));
  }
}

void kernelArguments(const ASTContext &Ctx, const FunctionDecl *Kernel,
                     unsigned NumArgs, const clang::Expr *const *Args,
                     LaunchValues &Values, LaunchSpec &Spec) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (unsigned I = 0; I < NumArgs && I < Kernel->getNumParams(); ++I) {
    const ParmVarDecl *Param = namedParam(Kernel, I);
    const clang::Expr *ArgI = Args[I];
    QualType T = Param->getType();
    if (T->isRecordType()) {
      Values.fields(ArgI, Param->getName().str(), Spec.Args);
      continue;
    }
    // A texture or surface object reads the memory it was made from.
    if (isTextureObject(T)) {
      if (auto Bytes = Values.allocatedBytes(ArgI))
        Spec.AllocatedBytes[Param->getName().str()] = *Bytes;
      continue;
    }
    if (T->isPointerType()) {
      const clang::Expr *Arg = ArgI->IgnoreParenImpCasts();
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
      if (auto Bytes = Values.allocatedBytes(ArgI))
        Spec.AllocatedBytes[Param->getName().str()] = *Bytes;
      if (Values.hostMemory(ArgI))
        Spec.HostMemoryArgs.insert(Param->getName().str());
      // A null pointer decides the kernel's `if (p)`: its symbol is 0.
      Note Why;
      if (Arg->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                     clang::Expr::NPC_ValueDependentIsNotNull))
        Spec.NullPointerArgs.insert(Param->getName().str());
      else if (auto V = Values.scalar(ArgI, Why); V && V->isZero())
        Spec.NullPointerArgs.insert(Param->getName().str());
      continue;
    }
    if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
      continue;
    Note Why;
    if (auto V = Values.scalar(ArgI, Why))
      Spec.Args[Param->getName().str()] = *V;
    else if (T->isIntegralOrEnumerationType())
      Spec.Notes.push_back(note(NoteId::LaunchArgumentUnknown,
                                {{"argument", Param->getName().str()}},
                                partsUnlessBlank(Why)));
  }
}

void gridOverArguments(const ASTContext &Ctx, const clang::Expr *Grid,
                       const FunctionDecl *Kernel, unsigned NumArgs,
                       const clang::Expr *const *Args, LaunchSpec &Spec) {
  if (Spec.Grid[0] && Spec.Grid[1] && Spec.Grid[2])
    return;
  ValueEnv Env;
  for (unsigned I = 0; I < NumArgs && I < Kernel->getNumParams(); ++I) {
    const ParmVarDecl *Param = Kernel->getParamDecl(I);
    const auto *Ref = dyn_cast<DeclRefExpr>(Args[I]->IgnoreParenImpCasts());
    if (!Ref || Param->getName().empty() ||
        !Param->getType()->isIntegralOrEnumerationType() ||
        !Ref->getType()->isIntegralOrEnumerationType())
      continue;
    Env.Values.emplace(Ref->getDecl(), Expr::symbol(Param->getName().str()));
  }
  if (Env.Values.empty())
    return;
  const std::set<const ParmVarDecl *> NoKernelParams;
  SymbolicConverter Convert(Ctx, Env, NoKernelParams);
  // dim3(x, y, z) with its omitted dimensions 1, or one integer for x; a
  // local `dim3 grid(...)` is read from its declaration.
  const clang::Expr *E = Grid;
  for (unsigned Step = 0; Step < 8; ++Step) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
        Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
        Copy->getConstructor()->isCopyOrMoveConstructor()) {
      E = Copy->getArg(0);
      continue;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->hasLocalStorage() || !Var->getInit() ||
        !Var->getType()->isRecordType())
      break;
    E = Var->getInit();
  }
  std::array<const clang::Expr *, 3> Dims{{nullptr, nullptr, nullptr}};
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    for (unsigned D = 0; D < 3 && D < Construct->getNumArgs(); ++D)
      if (!isa<CXXDefaultArgExpr>(Construct->getArg(D)))
        Dims[D] = Construct->getArg(D);
  } else if (E->getType()->isIntegralOrEnumerationType()) {
    Dims[0] = E;
  }
  for (unsigned D = 0; D < 3; ++D)
    if (!Spec.Grid[D] && Dims[D])
      if (std::optional<Expr> X = Convert.convert(Dims[D]))
        if (!X->asConstant())
          Spec.GridExprs[D] = *X;
}

} // namespace rla
