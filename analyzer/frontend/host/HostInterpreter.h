//===- HostInterpreter.h - Runs host code to its launches -------*- C++ -*-===//
///
/// \file
/// Executes the host code of a translation unit from `main` (and from each
/// function with launches that nothing in the file calls) on concrete
/// values: assignments in order, branches and loops on known values, calls
/// into the user's functions with their arguments, argv and getenv as the
/// program is run. Each launch it reaches is recorded with the values at
/// that moment, the call chain that led there and how often it runs. What
/// the source does not decide (a file read, an unknown branch) becomes an
/// unknown value carrying its reason, a Note that report/ words.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTINTERPRETER_H
#define RLA_FRONTEND_HOST_HOSTINTERPRETER_H

#include "analyzer/frontend/host/OccupancyOracle.h"
#include "analyzer/ir/LaunchSpec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rla {

/// How the program is run, for the host code to read.
struct HostRunOptions {
  /// The program's arguments after argv[0] (--args); unset: run without
  /// arguments, which host code sees as argc == 1.
  std::optional<std::vector<std::string>> Args;
  /// getenv's answers (--env NAME=VALUE); other names are unset.
  std::map<std::string, std::string> Env;
  /// cudaDeviceProp fields of the GPU the program runs on
  /// ("multiProcessorCount" -> 132, "maxGridSize[0]" -> 2147483647), from
  /// the first --gpu; empty: unknown before running.
  std::map<std::string, Rational> DeviceProperties;
  std::string DeviceName; ///< for the assumption ("as on H100 SXM")
  /// --bind values: a host variable or parameter of that name whose value
  /// the run does not know takes it (`--bind M=4096` for `void run(int M)`).
  std::map<std::string, Rational> Binds;
  /// This file's launches as the run of all the files given together
  /// reached them (ProgramLinker.h); unset: the file is run on its own.
  std::shared_ptr<const std::vector<LaunchSpec>> ProgramLaunches;
  /// Makes the occupancy calculator for the parse's flags (the compile
  /// command line and nvcc's device-code options; OccupancyOracle.h): the
  /// kernel's registers come from compiling the file with nvcc. Unset:
  /// occupancy questions stay unknown, with NoOccupancy as the reason.
  std::shared_ptr<const OccupancyOracle> OccupancyFor;
  /// OccupancyFor's calculator for this parse, made by the parse.
  std::shared_ptr<OccupancyCalculator> Occupancy;
  Note NoOccupancy = note(NoteId::HostRegistersNotKnown);
};

struct InterpretedLaunch {
  /// A <<<...>>> site or a runtime launch call (cudaLaunchKernel...).
  const clang::CallExpr *Call = nullptr;
  LaunchSpec Spec; ///< with CallChain and LaunchCount set
  /// The kernel launched, and the unit of the site: a kernel a module loads
  /// by name (cuModuleGetFunction) may be defined in another file than the
  /// launch, and its entry belongs to the kernel's file.
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::ASTContext *SiteCtx = nullptr;
};

/// An integer argument of a library call as the run passed it: its value
/// when every run of the call passed the same one.
struct LibraryArgument {
  std::optional<Rational> Value;
  bool Varies = false; ///< runs passed different values (Value unset)
};

struct HostRun {
  std::vector<InterpretedLaunch> Launches;
  /// The arguments of cudaMemcpy, cudaMemset and cuBLAS GEMM calls as the
  /// program runs them (by argument position), for the library-call
  /// extractor where the call's own expressions do not give a number.
  std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
      LibraryArguments;
  /// Roots the run followed ("main"); a site in none of their runs keeps
  /// its own per-function evaluation.
  std::vector<std::string> Roots;
  /// Why sites the run did not reach are not reached (the program exits at
  /// app.cu:12 when run without arguments).
  std::vector<Note> Unreached;
  /// Where main returned; a launch of main after it is not reached
  /// ("main returns at app.cu:14 when run without arguments").
  std::optional<clang::SourceLocation> MainReturn;
  Note MainReturnNote;
};

/// One translation unit of a program: its AST, kept alive while the
/// program runs, and its top-level declarations.
struct HostUnit {
  const clang::ASTContext *Ctx = nullptr;
  std::vector<clang::Decl *> TopLevel;
};

/// Runs the host code of several translation units as one program: `main`
/// in one file calls into the others, a call to a function declared in one
/// and defined in another reaching its body by its mangled name. Launches
/// point into the unit of their site.
HostRun interpretProgram(llvm::ArrayRef<HostUnit> Units,
                         const HostRunOptions &Options);

HostRun interpretHost(const clang::ASTContext &Ctx,
                      llvm::ArrayRef<clang::Decl *> TopLevel,
                      const HostRunOptions &Options);

} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTINTERPRETER_H
