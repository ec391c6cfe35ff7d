//===- LaunchSpecBuilder.h - One launch site to a LaunchSpec ----*- C++ -*-===//
///
/// \file
/// Turns a <<<...>>> site into a LaunchSpec with whatever evaluates host
/// values there: the per-function HostEvaluator for a site seen on its own,
/// or the host interpreter's state when it reaches the site running the
/// program from `main`.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_LAUNCHSPECBUILDER_H
#define RLA_FRONTEND_HOST_LAUNCHSPECBUILDER_H

#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/ir/Note.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <array>
#include <map>
#include <optional>
#include <string>

namespace rla {

/// Host values at one launch site.
class LaunchValues {
public:
  virtual ~LaunchValues() = default;
  /// Bytes from pointer E to the end of the buffer it points into, where
  /// the run allocated it with a known size.
  virtual std::optional<Rational> allocatedBytes(const clang::Expr *E) {
    return std::nullopt;
  }
  /// Whether pointer E points into page-locked host memory mapped into
  /// the device.
  virtual bool hostMemory(const clang::Expr *E) { return false; }
  /// A scalar; on failure Why names the culprit.
  virtual std::optional<Rational> scalar(const clang::Expr *E, Note &Why) = 0;
  /// The three components of a dim3 (or an integer converted to one).
  virtual std::array<std::optional<Rational>, 3> dim3(const clang::Expr *E,
                                                      Note &Why) = 0;
  /// The known integer fields of a struct argument ("cfg.n").
  virtual void fields(const clang::Expr *E, const std::string &Prefix,
                      std::map<std::string, Rational> &Out) = 0;
  /// The kernel a function pointer names (`(void *)scale`, a variable
  /// holding one); null when not known.
  virtual const clang::FunctionDecl *kernel(const clang::Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E);
        U && U->getOpcode() == clang::UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenCasts();
    if (const auto *R = llvm::dyn_cast<clang::DeclRefExpr>(E))
      return llvm::dyn_cast<clang::FunctionDecl>(R->getDecl());
    return nullptr;
  }
  /// The value argument I points to in a `void *args[] = {&a, &n}` array
  /// (cudaLaunchKernel's kernel arguments); unset when not known.
  virtual std::optional<Rational> pointee(const clang::Expr *Array, unsigned I,
                                          Note &Why) {
    Why = note(NoteId::HostArgumentArrayNotFollowed);
    return std::nullopt;
  }
  /// The kernel that a struct's function-pointer field holds (a graph
  /// node's `params.func`; Field is a dotted path such as "kernel.func").
  virtual const clang::FunctionDecl *fieldKernel(const clang::Expr *Struct,
                                                 llvm::StringRef Field) {
    return nullptr;
  }
  /// As pointee, for the `void **` argument array a struct's field holds
  /// (a graph node's `params.kernelParams`).
  virtual std::optional<Rational> fieldPointee(const clang::Expr *Struct,
                                               llvm::StringRef Field,
                                               unsigned I, Note &Why) {
    Why = note(NoteId::HostNodeArgumentArrayNotFollowed);
    return std::nullopt;
  }
};

/// The runtime's launch calls: cudaLaunchKernel and
/// cudaLaunchCooperativeKernel (func, grid, block, args, smem, stream), and
/// cudaLaunchKernelEx (config, kernel, args...) with its
/// cudaLaunchConfig_t; the driver's cuLaunchKernel and
/// cuLaunchCooperativeKernel (f, gx, gy, gz, bx, by, bz, smem, stream,
/// params, ...) with f from cuModuleGetFunction. A CUDA graph's kernel node
/// (cudaGraphAddKernelNode, cudaGraphAddNode of a kernel, and the calls that
/// set a kernel node's parameters) launches when the graph does.
enum class LaunchApi { None, Launch, LaunchEx, Driver, GraphNode };
LaunchApi launchApiOf(const clang::FunctionDecl *F);
/// The kernel expression of such a call; null for a graph node, whose kernel
/// is a field of its parameters (graphNodeParams).
const clang::Expr *launchApiKernel(const clang::CallExpr *Call, LaunchApi Api);
/// A graph node call's parameter struct (`&params` stripped to `params`) and
/// the path of the kernel parameters in it ("" or "kernel."); null when the
/// call has no such argument.
const clang::Expr *graphNodeParams(const clang::CallExpr *Call,
                                   std::string &Prefix);

/// The launch at Call, in host function Host (null at file scope), with its
/// configuration and scalar arguments as Values gives them. Kernel: the
/// kernel a `table[k]<<<...>>>` launches through its pointer (default: the
/// call's direct callee).
LaunchSpec buildLaunchSpec(const clang::ASTContext &Ctx,
                           const clang::CUDAKernelCallExpr *Call,
                           const clang::FunctionDecl *Host,
                           LaunchValues &Values,
                           const clang::FunctionDecl *Kernel = nullptr);

/// The launch a runtime launch call makes (launchApiOf(callee) != None);
/// Kernel: the __global__ function it launches.
LaunchSpec buildApiLaunchSpec(const clang::ASTContext &Ctx,
                              const clang::CallExpr *Call,
                              const clang::FunctionDecl *Kernel,
                              const clang::FunctionDecl *Host,
                              LaunchValues &Values);

} // namespace rla

#endif // RLA_FRONTEND_HOST_LAUNCHSPECBUILDER_H
