//===- LibraryCallExtractor.cpp -------------------------------------------===//
#include "analyzer/frontend/host/LibraryCallExtractor.h"
#include "analyzer/frontend/host/HostEvaluator.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;

namespace rla {
namespace {

/// The enumerator an argument names (CUDA_R_16F, cudaMemcpyHostToDevice),
/// empty when it is not a plain enumerator.
std::string enumeratorName(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return Ref->getDecl()->getNameAsString();
  return "";
}

/// cudaDataType_t -> (precision, bytes per element); bytes 0 when unknown.
std::pair<std::string, unsigned> dataType(const std::string &Name) {
  if (Name == "CUDA_R_16F")
    return {"fp16", 2};
  if (Name == "CUDA_R_16BF")
    return {"bf16", 2};
  if (Name == "CUDA_R_32F")
    return {"fp32", 4};
  if (Name == "CUDA_R_64F")
    return {"fp64", 8};
  if (Name == "CUDA_R_8I" || Name == "CUDA_R_8U")
    return {"int8", 1};
  if (Name == "CUDA_R_32I")
    return {"int32", 4};
  if (Name == "CUDA_R_8F_E4M3" || Name == "CUDA_R_8F_E5M2")
    return {"fp8", 1};
  return {"", 0};
}

/// A cuBLAS BLAS-1 routine's name, split: cublasSaxpy -> ('S', "axpy"),
/// cublasScnrm2 -> ('C', "nrm2") (the vector is complex, the result real),
/// cublasIsamax -> ('S', "amax"), cublasCsscal -> ('C', "rscal"). Type 0
/// where Base is not one.
std::pair<char, std::string> vectorRoutine(llvm::StringRef Base) {
  if (!Base.consume_front("cublas"))
    return {0, ""};
  bool Index = Base.consume_front("I");
  if (Base.empty())
    return {0, ""};
  char Type = llvm::toUpper(Base.front());
  if (!llvm::StringRef("SDCZ").contains(Type) ||
      (Index != llvm::isLower(Base.front())))
    return {0, ""};
  Base = Base.drop_front();
  static const char *const Ops[] = {"axpy", "dotu", "dotc", "dot",
                                    "copy", "swap", "scal", "nrm2",
                                    "asum", "amax", "amin"};
  auto isOp = [](llvm::StringRef Name) {
    return llvm::is_contained(Ops, Name);
  };
  bool RealScalar = false;
  // Scnrm2, Dzasum: complex vectors with a real result; Csscal, Zdscal: a
  // real scalar times complex vectors.
  if (!isOp(Base) && Base.size() > 1 &&
      llvm::StringRef("sdcz").contains(Base.front()) &&
      isOp(Base.drop_front())) {
    char Second = llvm::toUpper(Base.front());
    if ((Type == 'S' || Type == 'D') && (Second == 'C' || Second == 'Z'))
      Type = Second;
    else if ((Type == 'C' || Type == 'Z') && (Second == 'S' || Second == 'D'))
      RealScalar = true;
    else
      return {0, ""};
    Base = Base.drop_front();
  }
  if (!isOp(Base) || Index != (Base == "amax" || Base == "amin") ||
      (RealScalar && Base != "scal"))
    return {0, ""};
  return {Type, RealScalar ? "rscal" : Base.str()};
}

/// Precision, element bytes and complexity of a BLAS type letter.
void setBlasType(LibraryCall &L, char Type) {
  L.Complex = Type == 'C' || Type == 'Z';
  L.Precision = Type == 'S' || Type == 'C' ? "fp32" : "fp64";
  unsigned Real = L.Precision == "fp32" ? 4 : 8;
  L.InputBytes = L.OutputBytes = L.Complex ? 2 * Real : Real;
}

class LibraryCallFinder : public RecursiveASTVisitor<LibraryCallFinder> {
public:
  LibraryCallFinder(ASTContext &Ctx, std::vector<LibraryCall> &Out)
      : Ctx(Ctx), Out(Out) {}

  /// A call in a function template is read in each instantiation, where
  /// its arguments have types (the template itself is value-dependent).
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    // Device code calls no host library.
    if (FD->hasAttr<CUDAGlobalAttr>() ||
        (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
      return true;
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!Current || SM.isInSystemHeader(Call->getBeginLoc()) ||
        Call->isValueDependent() || Call->containsErrors())
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    std::string Name = Callee->getNameAsString();
    // The _v2 names are what cublas_v2.h's macros expand to.
    std::string Base = Name;
    if (Base.size() > 3 && Base.compare(Base.size() - 3, 3, "_v2") == 0)
      Base = Base.substr(0, Base.size() - 3);
    LibraryCall L;
    L.Name = Base;
    L.HostFunction = Current->getQualifiedNameAsString();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Call->getBeginLoc()));
    if (P.isValid())
      L.Location = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
    HostEvaluator Eval(Ctx, Current, Call->getBeginLoc());
    auto value = [&](unsigned I, const char *What) -> std::optional<Rational> {
      if (I >= Call->getNumArgs())
        return std::nullopt;
      Note Why;
      auto V = Eval.evaluate(Call->getArg(I), Why);
      // The value the program's run passed, where the source alone does
      // not give one.
      if (!V && Run)
        if (auto It = Run->find(Call);
            It != Run->end() && I < It->second.size() && It->second[I].Value)
          V = It->second[I].Value;
      if (!V)
        L.Notes.push_back(note(NoteId::LibraryArgumentUnknown,
                               {{"argument", What}}, partsUnlessBlank(Why)));
      return V;
    };
    unsigned N = Call->getNumArgs();
    // The largest |inc| of the arguments at Incs; unset (with a note, as 1)
    // where one is not known.
    auto stride = [&](const std::vector<unsigned> &Incs) {
      std::optional<Rational> Largest = Rational(1);
      for (unsigned I : Incs) {
        std::optional<Rational> Inc = value(I, "inc");
        if (!Inc) {
          Largest.reset();
          break;
        }
        Rational Abs = Inc->isNegative() ? -*Inc : *Inc;
        if (*Largest < Abs)
          Largest = Abs;
      }
      L.Stride = Largest;
    };
    if ((Base == "cublasSgemm" || Base == "cublasDgemm" ||
         Base == "cublasHgemm" || Base == "cublasGemmEx") &&
        N >= 6) {
      L.What = LibraryCall::Gemm;
      L.M = value(3, "m");
      L.N = value(4, "n");
      L.K = value(5, "k");
      if (Base == "cublasDgemm") {
        L.Precision = "fp64";
        L.InputBytes = L.OutputBytes = 8;
        L.Tensor = true;
      } else if (Base == "cublasHgemm") {
        L.Precision = "fp16";
        L.InputBytes = L.OutputBytes = 2;
        L.Tensor = true;
      } else if (Base == "cublasGemmEx" && N >= 19) {
        auto [APrec, ABytes] = dataType(enumeratorName(Call->getArg(8)));
        auto [CPrec, CBytes] = dataType(enumeratorName(Call->getArg(15)));
        std::string Compute = enumeratorName(Call->getArg(17));
        if (ABytes == 0) {
          L.Notes.push_back(note(NoteId::GemmTypeTakenAsFp32));
          APrec = "fp32";
          ABytes = 4;
        }
        L.Precision = APrec;
        L.InputBytes = ABytes;
        L.OutputBytes = CBytes ? CBytes : ABytes;
        L.Tensor = APrec != "fp32" ||
                   Compute.find("TF32") != std::string::npos ||
                   Compute.find("FAST_16") != std::string::npos;
        if (APrec == "fp32" && Compute.find("TF32") != std::string::npos)
          L.Precision = "tf32";
      } else {
        L.Notes.push_back(note(NoteId::CublasDefaultMathMode));
      }
      Out.push_back(L);
      return true;
    }
    // Level 1: (handle, n, [alpha,] x, incx[, y, incy][, result]).
    if (auto [Type, Op] = vectorRoutine(Base); Type && N >= 4) {
      L.What = LibraryCall::Vector;
      L.Operation = Op;
      setBlasType(L, Type);
      L.N = value(1, "n");
      bool Scaled = Op == "axpy" || Op == "scal" || Op == "rscal";
      unsigned X = Scaled ? 3 : 2;
      bool TwoVectors = Op != "scal" && Op != "rscal" && Op != "nrm2" &&
                        Op != "asum" && Op != "amax" && Op != "amin";
      std::vector<unsigned> Incs = {X + 1};
      if (TwoVectors)
        Incs.push_back(X + 3);
      stride(Incs);
      Out.push_back(L);
      return true;
    }
    // (handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy).
    if ((Base == "cublasSgemv" || Base == "cublasDgemv" ||
         Base == "cublasCgemv" || Base == "cublasZgemv") &&
        N >= 12) {
      L.What = LibraryCall::Gemv;
      setBlasType(L, Base[6]);
      L.Transposed = enumeratorName(Call->getArg(1)) != "CUBLAS_OP_N";
      L.M = value(2, "m");
      L.N = value(3, "n");
      stride({8, 11});
      Out.push_back(L);
      return true;
    }
    // (handle, op, alpha, matA, vecX, beta, vecY, computeType, alg, buffer):
    // the sizes are matA's, from the cusparseCreateCsr that made it.
    if (Base == "cusparseSpMV" && N >= 7) {
      L.What = LibraryCall::SparseMv;
      L.Operation = "spmv";
      Pending.push_back({Out.size(), referencedVariable(Call->getArg(3))});
      Out.push_back(L);
      return true;
    }
    // (&matA, rows, cols, nnz, rowOffsets, colInd, values, rowOffsetsType,
    // colIndType, idxBase, valueType).
    if (Base == "cusparseCreateCsr" && N >= 11) {
      const VarDecl *Matrix = nullptr;
      if (const auto *U =
              dyn_cast<UnaryOperator>(Call->getArg(0)->IgnoreParenImpCasts());
          U && U->getOpcode() == UO_AddrOf)
        Matrix = referencedVariable(U->getSubExpr());
      if (!Matrix)
        return true;
      L.M = value(1, "rows");
      L.N = value(2, "cols");
      L.Nnz = value(3, "nnz");
      L.IndexBytes =
          enumeratorName(Call->getArg(8)) == "CUSPARSE_INDEX_64I" ? 8 : 4;
      auto [Prec, Bytes] = dataType(enumeratorName(Call->getArg(10)));
      if (Bytes) {
        L.Precision = Prec;
        L.InputBytes = L.OutputBytes = Bytes;
      } else {
        L.Notes.push_back(note(NoteId::GemmTypeTakenAsFp32));
      }
      Matrices[Matrix] = L;
      return true;
    }
    if (Base == "cublasLtMatmul") {
      L.What = LibraryCall::Gemm;
      L.Notes.push_back(note(NoteId::CublasLtLayoutsNotFollowed));
      Out.push_back(L);
      return true;
    }
    if ((Base == "cudaMemcpy" || Base == "cudaMemcpyAsync") && N >= 4) {
      L.What = LibraryCall::Copy;
      L.Bytes = value(2, "count");
      std::string Kind = enumeratorName(Call->getArg(3));
      L.Direction = Kind == "cudaMemcpyHostToDevice"     ? "host-to-device"
                    : Kind == "cudaMemcpyDeviceToHost"   ? "device-to-host"
                    : Kind == "cudaMemcpyDeviceToDevice" ? "device-to-device"
                    : Kind == "cudaMemcpyHostToHost"     ? "host-to-host"
                    : Kind == "cudaMemcpyDefault"        ? "default"
                                                         : "unknown";
      Out.push_back(L);
      return true;
    }
    if ((Base == "cudaMemset" || Base == "cudaMemsetAsync") && N >= 3) {
      L.What = LibraryCall::Fill;
      L.Bytes = value(2, "count");
      L.Direction = "device";
      Out.push_back(L);
      return true;
    }
    return true;
  }

  const std::map<const CallExpr *, std::vector<LibraryArgument>> *Run = nullptr;

  /// Each SpMV takes the sizes of the matrix its descriptor was made with.
  void resolveSparseMatrices() {
    for (auto [Index, Matrix] : Pending) {
      LibraryCall &L = Out[Index];
      auto It = Matrix ? Matrices.find(Matrix) : Matrices.end();
      if (It == Matrices.end()) {
        L.Notes.push_back(note(NoteId::LibraryArgumentUnknown,
                               {{"argument", "the matrix's sizes"}}));
        continue;
      }
      const LibraryCall &Made = It->second;
      L.M = Made.M;
      L.N = Made.N;
      L.Nnz = Made.Nnz;
      L.IndexBytes = Made.IndexBytes;
      L.Precision = Made.Precision;
      L.InputBytes = Made.InputBytes;
      L.OutputBytes = Made.OutputBytes;
      L.Notes.insert(L.Notes.end(), Made.Notes.begin(), Made.Notes.end());
    }
  }

private:
  static const VarDecl *referencedVariable(const clang::Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(Ref->getDecl());
    return nullptr;
  }

  ASTContext &Ctx;
  std::vector<LibraryCall> &Out;
  const FunctionDecl *Current = nullptr;
  std::map<const VarDecl *, LibraryCall> Matrices;
  std::vector<std::pair<size_t, const VarDecl *>> Pending;
};

} // namespace

std::vector<LibraryCall> extractLibraryCalls(
    ASTContext &Ctx,
    const std::map<const CallExpr *, std::vector<LibraryArgument>>
        *RunArguments) {
  std::vector<LibraryCall> Out;
  LibraryCallFinder Finder(Ctx, Out);
  Finder.Run = RunArguments;
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  Finder.resolveSparseMatrices();
  return Out;
}

} // namespace rla
