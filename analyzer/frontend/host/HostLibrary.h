//===- HostLibrary.h - Library calls as the host interpreter runs them -*- C++
//-*-===//
///
/// \file
/// What the C and C++ libraries, the math library and the CUDA runtime do
/// with known arguments, for the host interpreter: `atoi(argv[1])`,
/// `ceil(n / 256.0)`, `getenv`, `cudaGetDeviceProperties`, `exit`. The
/// arithmetic of host values lives here too, shared by both evaluators.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTLIBRARY_H
#define RLA_FRONTEND_HOST_HOSTLIBRARY_H

#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/frontend/host/HostValue.h"
#include "analyzer/ir/Expr.h" // rationalFromDouble

#include "clang/AST/ASTContext.h"
#include "clang/AST/OperationKinds.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// "0.5", "1e+06": a short form for call-chain labels.
std::string formatDouble(double V);

/// L op R; Integer: the C++ integer operation (division truncates).
HostValue arithmetic(const HostValue &L, const HostValue &R,
                     clang::BinaryOperatorKind Op, bool Integer);
HostValue unaryArithmetic(const HostValue &V, clang::UnaryOperatorKind Op);

/// Writes V where pointer P points, if it points somewhere known (a library
/// call's output argument).
void store(const HostValue &P, HostValue V);

/// Declared by a library (a system header), not by the user.
bool isLibraryFunction(const clang::FunctionDecl *F,
                       const clang::ASTContext &Ctx);

struct HostLibraryCall {
  const clang::FunctionDecl *Callee;
  llvm::ArrayRef<const clang::Expr *> ArgExprs;
  std::vector<HostValue> &Args; ///< evaluated; pointers can be written
  const HostRunOptions &Options;
  std::string Where; ///< "app.cu:12", for reasons
};

struct HostLibraryResult {
  bool Handled = false; ///< false: the caller treats it as unknown
  HostValue Value;
  bool Exits = false; ///< exit(), abort()
  std::vector<Note> Assumptions;
};

HostLibraryResult callLibrary(const HostLibraryCall &Call);

/// Channel descriptions, extents, CUDA arrays, texture and surface objects
/// (HostTextures.cpp): the call's value, or nullopt when Call is not one.
std::optional<HostValue> callTextureLibrary(const HostLibraryCall &Call);

/// cudaHostAlloc, cudaMallocHost and cudaHostGetDevicePointer
/// (HostMappedMemory.cpp): zero-copy host memory; nullopt when Call is not
/// one of them.
std::optional<HostValue> callMappedMemoryLibrary(const HostLibraryCall &Call);

} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTLIBRARY_H
