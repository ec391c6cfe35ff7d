//===- HostCallGraph.h - Which host functions reach a launch ----*- C++ -*-===//
///
/// \file
/// Private to the host interpreter (frontend/host/). The functions of the
/// translation units run together, which of them launch (directly or
/// through what they call), and the one body a function declared in one
/// unit and defined in another resolves to, by its mangled name.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTCALLGRAPH_H
#define RLA_FRONTEND_HOST_HOSTCALLGRAPH_H

#include "analyzer/ir/Note.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace rla {
namespace interp {

/// The file name of D's location ("runner.cu").
std::string fileOf(const clang::Decl *D);

/// Functions whose launches are reachable: those that launch, and their
/// callers; and the functions something in the file refers to.
class CallGraph : public clang::RecursiveASTVisitor<CallGraph> {
  using Base = clang::RecursiveASTVisitor<CallGraph>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseFunctionDecl(clang::FunctionDecl *FD);
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *MD);
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl *CD);
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *);
  bool VisitCallExpr(clang::CallExpr *C);
  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref);
  bool VisitVarDecl(clang::VarDecl *V);
  bool VisitMemberExpr(clang::MemberExpr *M);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *C);

  /// Whether F launches, directly or through what it calls.
  bool reachesLaunch(const clang::FunctionDecl *F);

  /// After every unit is traversed: definitions by mangled name, so that a
  /// function one file declares and another defines resolves to its body
  /// (`void run(int);` in app.cu, `void run(int n) {...}` in runner.cu).
  void link();

  /// F's body: its own, or the one definition another unit has of it.
  const clang::FunctionDecl *definition(const clang::FunctionDecl *F);
  /// The one definition in another unit of a global this unit declares
  /// `extern` (`extern "C" const uint MIN_SIZE;` beside scan.cu's
  /// `... MIN_SIZE = 4;`); null when there is none or several.
  const clang::VarDecl *globalDefinition(const clang::VarDecl *V);
  /// The kernel a module loaded at run time names ("VecAdd_kernel" in
  /// cuModuleGetFunction): the one __global__ definition of that name in
  /// the files given; null (Why says so) when there is none or several.
  const clang::FunctionDecl *kernelNamed(llvm::StringRef Name, Note &Why);
  /// The files of the units that define F when there are several (several
  /// programs given together), else none.
  std::vector<std::string> ambiguity(const clang::FunctionDecl *F);
  unsigned Units = 0;

  std::vector<const clang::FunctionDecl *> Functions; ///< with bodies, in order
  std::set<const clang::FunctionDecl *> Referenced;

private:
  template <typename Traverse>
  bool traverseFn(clang::FunctionDecl *FD, Traverse T);
  void refer(const clang::FunctionDecl *F);
  const std::vector<const clang::FunctionDecl *> *
  definitions(const clang::FunctionDecl *F);
  /// The linker's name of F; empty for what no other unit can call.
  std::string mangled(const clang::FunctionDecl *F);
  /// The linker's name of a global variable.
  std::string mangled(const clang::VarDecl *V);
  std::string mangledName(const clang::NamedDecl *D, clang::GlobalDecl G);
  bool reaches(const clang::FunctionDecl *F,
               std::set<const clang::FunctionDecl *> &Seen);

  const clang::FunctionDecl *Current = nullptr;
  std::map<std::string, std::vector<const clang::FunctionDecl *>> ByName;
  std::vector<const clang::VarDecl *> GlobalDefs;
  std::map<std::string, std::vector<const clang::VarDecl *>> GlobalsByName;
  std::map<const clang::ASTContext *, std::unique_ptr<clang::MangleContext>>
      Manglers;
  std::set<const clang::FunctionDecl *> Launching;
  std::map<const clang::FunctionDecl *, std::set<const clang::FunctionDecl *>>
      Callees;
};

} // namespace interp
} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTCALLGRAPH_H
