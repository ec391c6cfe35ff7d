//===- HostCallGraph.cpp - Which host functions reach a launch ------------===//
///
/// \file
/// The call graph the host interpreter runs on: the functions of the units
/// run together, which of them launch, and, across units, the one definition
/// a declaration resolves to by its mangled name.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostCallGraph.h"
#include "analyzer/frontend/host/LaunchSpecBuilder.h"
#include "analyzer/frontend/host/SourcePlace.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace rla {
namespace interp {

/// The file name of D's location ("runner.cu").
std::string fileOf(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D->getLocation()));
  return P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() : "?";
}

namespace {

/// Where D is written; the same in every unit that includes its file.
std::string placeOf(const Decl *D) {
  return sourcePlace(D->getASTContext().getSourceManager(), D->getLocation());
}

} // namespace

template <typename Traverse>
bool CallGraph::traverseFn(FunctionDecl *FD, Traverse T) {
  if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
    Functions.push_back(FD);
  const FunctionDecl *Saved = Current;
  Current = FD;
  bool R = T();
  Current = Saved;
  return R;
}

bool CallGraph::TraverseFunctionDecl(FunctionDecl *FD) {
  return traverseFn(FD, [&] { return Base::TraverseFunctionDecl(FD); });
}

bool CallGraph::TraverseCXXMethodDecl(CXXMethodDecl *MD) {
  return traverseFn(MD, [&] { return Base::TraverseCXXMethodDecl(MD); });
}

bool CallGraph::TraverseCXXConstructorDecl(CXXConstructorDecl *CD) {
  return traverseFn(CD, [&] { return Base::TraverseCXXConstructorDecl(CD); });
}

bool CallGraph::VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
  if (Current)
    Launching.insert(Current);
  return true;
}

bool CallGraph::VisitCallExpr(CallExpr *C) {
  if (Current && !isa<CUDAKernelCallExpr>(C) &&
      launchApiOf(C->getDirectCallee()) != LaunchApi::None)
    Launching.insert(Current);
  return true;
}

bool CallGraph::VisitDeclRefExpr(DeclRefExpr *Ref) {
  if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
    refer(F);
  return true;
}

bool CallGraph::VisitVarDecl(VarDecl *V) {
  if (V->hasGlobalStorage() && !V->isStaticLocal() &&
      V->isThisDeclarationADefinition() == VarDecl::Definition &&
      V->isExternallyVisible() && !V->getDeclContext()->isDependentContext())
    GlobalDefs.push_back(V);
  return true;
}

bool CallGraph::VisitMemberExpr(MemberExpr *M) {
  if (const auto *F = dyn_cast<FunctionDecl>(M->getMemberDecl()))
    refer(F);
  return true;
}

bool CallGraph::VisitCXXConstructExpr(CXXConstructExpr *C) {
  refer(C->getConstructor());
  return true;
}

bool CallGraph::reachesLaunch(const FunctionDecl *F) {
  std::set<const FunctionDecl *> Seen;
  return reaches(F, Seen);
}

void CallGraph::link() {
  if (Units < 2)
    return;
  for (const FunctionDecl *F : Functions) {
    std::string Name = mangled(F);
    if (Name.empty())
      continue;
    std::vector<const FunctionDecl *> &Defs = ByName[Name];
    // One body per unit: an inline function in a shared header is
    // defined in every file that includes it, all alike (the ODR).
    bool SameUnit = false;
    for (const FunctionDecl *D : Defs)
      SameUnit |= &D->getASTContext() == &F->getASTContext();
    if (!SameUnit)
      Defs.push_back(F);
  }
  for (const VarDecl *V : GlobalDefs)
    GlobalsByName[mangled(V)].push_back(V);
  // A function called from another file is not a root of its own.
  std::set<const FunctionDecl *> Resolved;
  for (const FunctionDecl *F : Referenced)
    if (const FunctionDecl *D = definition(F))
      Resolved.insert(D->getCanonicalDecl());
  // Nor is a function of a file that another file #includes (Rodinia's
  // 3D.cu includes opt1.cu): the copy one unit calls is the other's.
  std::map<std::string, std::vector<const FunctionDecl *>> ByPlace;
  for (const FunctionDecl *F : Functions)
    ByPlace[placeOf(F)].push_back(F);
  for (const FunctionDecl *F : Referenced) {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def))
      continue;
    for (const FunctionDecl *Copy : ByPlace[placeOf(Def)])
      Resolved.insert(Copy->getCanonicalDecl());
  }
  Referenced.insert(Resolved.begin(), Resolved.end());
}

const FunctionDecl *CallGraph::definition(const FunctionDecl *F) {
  const FunctionDecl *Def = nullptr;
  if (F->hasBody(Def) && Def->getBody())
    return Def;
  const std::vector<const FunctionDecl *> *Defs = definitions(F);
  if (!Defs || Defs->size() != 1 || !Defs->front()->getBody())
    return nullptr;
  return Defs->front();
}

const VarDecl *CallGraph::globalDefinition(const VarDecl *V) {
  if (GlobalsByName.empty() || !V->isExternallyVisible())
    return nullptr;
  auto It = GlobalsByName.find(mangled(V));
  if (It == GlobalsByName.end() || It->second.size() != 1)
    return nullptr;
  return It->second.front();
}

const FunctionDecl *CallGraph::kernelNamed(llvm::StringRef Name, Note &Why) {
  std::vector<const FunctionDecl *> Found;
  for (const FunctionDecl *F : Functions)
    if (F->hasAttr<CUDAGlobalAttr>() && F->getDeclName().isIdentifier() &&
        F->getName() == Name && !F->isTemplateInstantiation())
      Found.push_back(F);
  if (Found.size() == 1)
    return Found.front();
  Why = note(Found.empty() ? NoteId::HostNoKernelNamed
                           : NoteId::HostSeveralKernelsNamed,
             {{"name", Name.str()}});
  return nullptr;
}

std::vector<std::string> CallGraph::ambiguity(const FunctionDecl *F) {
  const std::vector<const FunctionDecl *> *Defs = definitions(F);
  if (!Defs || Defs->size() < 2 || F->hasBody())
    return {};
  std::vector<std::string> Files;
  for (const FunctionDecl *D : *Defs)
    Files.push_back(fileOf(D));
  return Files;
}

void CallGraph::refer(const FunctionDecl *F) {
  if (!F)
    return;
  F = F->getCanonicalDecl();
  if (Current && Current->getCanonicalDecl() != F)
    Referenced.insert(F);
  if (Current)
    Callees[Current->getCanonicalDecl()].insert(F);
}

const std::vector<const FunctionDecl *> *
CallGraph::definitions(const FunctionDecl *F) {
  if (ByName.empty())
    return nullptr;
  auto It = ByName.find(mangled(F));
  return It == ByName.end() ? nullptr : &It->second;
}

std::string CallGraph::mangled(const FunctionDecl *F) {
  if (isa<CXXDestructorDecl>(F) || F->hasAttr<CUDAGlobalAttr>() ||
      F->isDependentContext() || !F->isExternallyVisible())
    return "";
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
    return mangledName(F, GlobalDecl(Ctor, Ctor_Complete));
  return mangledName(F, GlobalDecl(F));
}

std::string CallGraph::mangled(const VarDecl *V) {
  return mangledName(V, GlobalDecl(V));
}

std::string CallGraph::mangledName(const NamedDecl *D, GlobalDecl G) {
  auto &MC = Manglers[&D->getASTContext()];
  if (!MC)
    MC.reset(
        const_cast<ASTContext &>(D->getASTContext()).createMangleContext());
  if (!MC->shouldMangleDeclName(D))
    return D->getName().str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  MC->mangleName(G, OS);
  return Name;
}

bool CallGraph::reaches(const FunctionDecl *F,
                        std::set<const FunctionDecl *> &Seen) {
  F = F->getCanonicalDecl();
  if (!Seen.insert(F).second)
    return false;
  // Declared here, defined in another unit.
  if (!F->hasBody())
    if (const FunctionDecl *D = definition(F))
      return reaches(D, Seen);
  for (const FunctionDecl *L : Launching)
    if (L->getCanonicalDecl() == F)
      return true;
  for (const FunctionDecl *C : Callees[F])
    if (reaches(C, Seen))
      return true;
  return false;
}

} // namespace interp
} // namespace rla
