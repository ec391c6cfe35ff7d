//===- LibraryCallExtractor.cpp -------------------------------------------===//
#include "analyzer/frontend/host/LibraryCallExtractor.h"
#include "analyzer/frontend/host/HostEvaluator.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

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

class LibraryCallFinder : public RecursiveASTVisitor<LibraryCallFinder> {
public:
  LibraryCallFinder(ASTContext &Ctx, std::vector<LibraryCall> &Out)
      : Ctx(Ctx), Out(Out) {}

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

private:
  ASTContext &Ctx;
  std::vector<LibraryCall> &Out;
  const FunctionDecl *Current = nullptr;
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
  return Out;
}

} // namespace rla
