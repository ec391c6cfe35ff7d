//===- CostWalkerTensor.cpp - Tensor-core MMAs and their data movement ----===//
///
/// \file
/// nvcuda::wmma calls and inline PTX. An MMA is counted once per warp
/// (warpgroup): each thread adds its share, 2*M*N*K / 32, so the launch
/// total is 2*M*N*K times the warps that run it. Fragment loads and stores
/// are a tile of whole lines per warp at the level the pointer points to;
/// ldmatrix, stmatrix and cp.async move the bytes the instruction names.
//===----------------------------------------------------------------------===//
#include "analyzer/cuda/TensorOps.h"
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace rla {
namespace {

const clang::Expr *stripCasts(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParenCasts();
    if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = Temp->getSubExpr();
      continue;
    }
    return E;
  }
}

/// The template arguments of an nvcuda::wmma::fragment.
struct Fragment {
  enum Use { MatrixA, MatrixB, Accumulator } Role = Accumulator;
  unsigned M = 0, N = 0, K = 0;
  std::string Elem;      ///< "__half", "nvcuda::wmma::precision::tf32", ...
  bool ColMajor = false; ///< matrix_a/b: the fragment's layout
  /// Rows x columns of the tile this fragment holds.
  unsigned rows() const { return Role == MatrixB ? K : M; }
  unsigned cols() const { return Role == MatrixA ? K : N; }
};

std::optional<Fragment> fragmentOf(const clang::Expr *E) {
  QualType T = E->getType().getNonReferenceType().getCanonicalType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "fragment" ||
      Spec->getQualifiedNameAsString().find("wmma") == std::string::npos)
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 5 || Args[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  Fragment F;
  std::string Use = Args[0].getAsType().getCanonicalType().getAsString();
  F.Role = Use.find("matrix_a") != std::string::npos   ? Fragment::MatrixA
           : Use.find("matrix_b") != std::string::npos ? Fragment::MatrixB
                                                       : Fragment::Accumulator;
  unsigned *Dims[] = {&F.M, &F.N, &F.K};
  for (unsigned I = 0; I < 3; ++I) {
    if (Args[I + 1].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    *Dims[I] =
        static_cast<unsigned>(Args[I + 1].getAsIntegral().getZExtValue());
  }
  if (Args[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  static const LangOptions Lang;
  PrintingPolicy Policy(Lang);
  Policy.SuppressTagKeyword = true;
  F.Elem = Args[4].getAsType().getCanonicalType().getAsString(Policy);
  if (Args.size() > 5 && Args[5].getKind() == TemplateArgument::Type)
    F.ColMajor = Args[5].getAsType().getCanonicalType().getAsString().find(
                     "col_major") != std::string::npos;
  return F;
}

} // namespace

void CostWalker::addTensorFlops(TensorPrecision P, const Expr &Amount) {
  unsigned I = static_cast<unsigned>(P);
  addTo([I](CostVector &V) -> Expr & { return V.TensorFlops[I]; }, Amount);
  if (auto Flops = Amount.asConstant())
    addLineWork(&LineWork::TensorFlops, Flops->toDouble());
}

void CostWalker::countTile(const MemoryOrigin &Origin, const TileShape &Tile,
                           bool Store) {
  // Each thread's share of the warp's tile.
  Expr Bytes(Rational(int64_t(Tile.Lines) * Tile.LineBytes, int64_t(32)));
  AccessKind Kind = Store ? AccessKind::Store : AccessKind::Load;
  switch (Origin.Space) {
  case MemorySpace::Shared:
    recordAccess(Origin, Tile.LineBytes, Kind, nullptr, &Tile);
    return add(Store ? &CostVector::SharedStoreBytes
                     : &CostVector::SharedLoadBytes,
               Bytes);
  case MemorySpace::Constant:
  case MemorySpace::Local:
    return;
  case MemorySpace::Unknown:
    assume(note(NoteId::UnknownOriginPointer, {{"pointer", Origin.Base}}));
    [[fallthrough]];
  case MemorySpace::Global:
    recordAccess(Origin, Tile.LineBytes, Kind, nullptr, &Tile);
    add(Store ? &CostVector::GlobalStores : &CostVector::GlobalLoads, Expr(1));
    add(Store ? &CostVector::GlobalStoreBytes : &CostVector::GlobalLoadBytes,
        Bytes);
    return;
  }
}

bool CostWalker::walkWmmaCall(const CallExpr *Call,
                              const FunctionDecl *Callee) {
  std::string Qualified = Callee->getQualifiedNameAsString();
  if (Qualified.rfind("nvcuda::wmma::", 0) != 0)
    return false;
  std::string Name = Callee->getNameAsString();
  unsigned N = Call->getNumArgs();
  if (Name == "fill_fragment") {
    if (N > 1)
      walkExpr(Call->getArg(1));
    return true; // registers only
  }
  if ((Name == "mma_sync" || Name == "bmma_sync") && N >= 4) {
    auto A = fragmentOf(Call->getArg(1));
    auto C = fragmentOf(Call->getArg(3));
    if (!A || !C)
      return false;
    auto P = wmmaPrecision(A->Elem, C->Elem);
    if (!P) {
      finding("rl-unsupported", Severity::Warning,
              note(NoteId::WmmaPrecisionUnknown,
                   {{"call", Name}, {"element", A->Elem}}),
              Call->getBeginLoc());
      return true;
    }
    TensorOp Op;
    Op.M = A->M;
    Op.N = A->N;
    Op.K = A->K;
    Op.Prec = *P;
    addTensorFlops(*P, Expr(Op.flopsPerThread()));
    return true;
  }
  bool Load = Name == "load_matrix_sync", Store = Name == "store_matrix_sync";
  if ((!Load && !Store) || N < 3)
    return false;
  const clang::Expr *FragArg = Call->getArg(Load ? 0 : 1);
  const clang::Expr *Ptr = Call->getArg(Load ? 1 : 0);
  const clang::Expr *Ld = Call->getArg(2);
  auto F = fragmentOf(FragArg);
  if (!F)
    return false;
  walkExpr(Ptr);
  walkExpr(Ld);
  // The layout in memory: the fragment's own for matrix_a/b; the call's
  // mem_row_major / mem_col_major argument for an accumulator.
  bool ColMajor = F->ColMajor;
  if (F->Role == Fragment::Accumulator && N > 3) {
    clang::Expr::EvalResult Value;
    const clang::Expr *Layout = stripCasts(Call->getArg(3));
    if (Layout->EvaluateAsInt(Value, Ctx))
      ColMajor = Value.Val.getInt().getZExtValue() != 0;
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(Layout))
      ColMajor = Ref->getDecl()->getName() == "mem_col_major";
    else
      assume(note(NoteId::AccumulatorLayoutUnknown, {{"at", where(Call)}}));
  }
  unsigned Bits = wmmaElementBits(F->Elem);
  unsigned Rows = F->rows(), Cols = F->cols();
  TileShape Tile;
  Tile.Lines = ColMajor ? Cols : Rows;
  Tile.LineBytes = (ColMajor ? Rows : Cols) * Bits / 8;
  // ldm counts elements (bits for b1, 4-bit nibbles for u4/s4, as the
  // CUDA Programming Guide defines it: elements of the fragment's type).
  std::optional<Expr> LdElems = converter().convert(Ld);
  if (LdElems)
    Tile.StrideBytes = *LdElems * Expr(Rational(int64_t(Bits), int64_t(8)));
  if (Bits == 0 || Tile.LineBytes == 0) {
    finding("rl-unsupported", Severity::Warning,
            note(NoteId::WmmaElementSizeUnknown,
                 {{"call", Name}, {"element", F->Elem}}),
            Call->getBeginLoc());
    return true;
  }
  AccessLoc = Call->getBeginLoc();
  MemoryOrigin Origin = classifier().originOfPointer(Ptr);
  if (!LdElems)
    Origin.Offset.reset(); // the lines' addresses are not known
  countTile(Origin, Tile, Store);
  return true;
}

void CostWalker::walkAsm(const GCCAsmStmt *Asm) {
  std::vector<PtxInstruction> Instructions = scanPtx(Asm->getAsmString());
  auto operand = [&](int Index) -> const clang::Expr * {
    if (Index < 0)
      return nullptr;
    unsigned I = static_cast<unsigned>(Index);
    if (I < Asm->getNumOutputs())
      return Asm->getOutputExpr(I);
    I -= Asm->getNumOutputs();
    return I < Asm->getNumInputs() ? Asm->getInputExpr(I) : nullptr;
  };
  // A shared-memory operand is usually __cvta_generic_to_shared(p): the
  // origin is p's.
  auto originOf = [&](int Index, MemorySpace Default) {
    const clang::Expr *E = operand(Index);
    MemoryOrigin O;
    O.Space = Default;
    O.Base = "asm operand";
    O.Offset.reset();
    if (!E)
      return O;
    E = stripCasts(E);
    if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs())
      E = stripCasts(Call->getArg(0));
    if (E->getType()->isPointerType()) {
      MemoryOrigin P = classifier().originOfPointer(E);
      if (P.Space != MemorySpace::Unknown)
        return P;
      // A generic pointer the classifier lost: the instruction says where.
      P.Space = Default;
      P.Offset.reset();
      return P;
    }
    return O;
  };
  for (const clang::Expr *E : Asm->inputs())
    walkExpr(E);
  AccessLoc = Asm->getBeginLoc();
  bool Counted = false;
  for (const PtxInstruction &I : Instructions) {
    switch (I.Kind) {
    case PtxKind::Mma:
      addTensorFlops(I.Op.Prec, Expr(I.Op.flopsPerThread()));
      if (I.Op.Sparse)
        assume(note(NoteId::SparseMmaHalfProducts, {{"at", where(Asm)}}));
      if (I.Op.Threads == 128)
        assume(note(NoteId::WgmmaDescriptorsUncounted, {{"at", where(Asm)}}));
      Counted = true;
      break;
    case PtxKind::Ldmatrix:
    case PtxKind::Stmatrix: {
      bool Store = I.Kind == PtxKind::Stmatrix;
      MemoryOrigin O = originOf(I.DstOperand, MemorySpace::Shared);
      O.Space = MemorySpace::Shared;
      countAccess(MemoryAccess{O, I.Bytes}, Store);
      Counted = true;
      break;
    }
    case PtxKind::CpAsync:
    case PtxKind::CpAsyncBulk: {
      Expr Bytes(int64_t(I.Bytes));
      if (!I.Bytes) {
        const clang::Expr *Size = operand(I.SizeOperand);
        std::optional<Expr> S = Size ? converter().convert(Size) : std::nullopt;
        if (!S) {
          finding(
              "rl-inline-asm", Severity::Warning,
              note(NoteId::InlineAsmSizeUnknown, {{"mnemonic", I.Mnemonic}}),
              Asm->getBeginLoc());
          break;
        }
        Bytes = *S;
      }
      bool ToGlobal = I.ToGlobal;
      MemoryOrigin Global =
          originOf(ToGlobal ? I.DstOperand : I.SrcOperand, MemorySpace::Global);
      MemoryOrigin Shared =
          originOf(ToGlobal ? I.SrcOperand : I.DstOperand, MemorySpace::Shared);
      Global.Space = MemorySpace::Global;
      Shared.Space = MemorySpace::Shared;
      // A size the source fixes (cp.async's 4/8/16, a bulk copy's constant
      // operand) keeps the addresses: the memory model sees the copy.
      uint64_t Fixed = I.Bytes;
      if (std::optional<Rational> C = Bytes.asConstant();
          !Fixed && C && C->isInteger() && Rational(0) < *C)
        Fixed = uint64_t(C->num());
      if (Fixed) {
        countAccess(MemoryAccess{Global, Fixed}, ToGlobal);
        countAccess(MemoryAccess{Shared, Fixed}, !ToGlobal);
      } else {
        countUnaddressedCopy(Bytes, ToGlobal);
        assume(note(NoteId::PtxCopyUnaddressed, {{"mnemonic", I.Mnemonic},
                                                 {"at", where(Asm)},
                                                 {"bytes", Bytes.str()}}));
      }
      Counted = true;
      break;
    }
    case PtxKind::NoCost:
      Counted = true;
      break;
    case PtxKind::Uncounted:
      finding("rl-inline-asm", Severity::Warning,
              note(NoteId::InlineAsmUncounted, {}, {I.Why.value_or(Note())}),
              Asm->getBeginLoc());
      Counted = true;
      break;
    }
  }
  if (!Counted)
    finding("rl-inline-asm", Severity::Warning,
            note(NoteId::InlineAsmNotAnalysed), Asm->getBeginLoc());
}

/// The byte count of a copy's size argument: a number, or the size an
/// alignment wrapper holds (`cuda::aligned_size_t<16>(sizeof(float4))`,
/// also through a local constant initialised with one).
std::optional<Expr> copySize(const clang::Expr *Size,
                             const SymbolicConverter &C, unsigned Depth = 0) {
  if (!Size || Depth > 4)
    return std::nullopt;
  Size = Size->IgnoreParenImpCasts();
  if (Size->getType()->isIntegralOrEnumerationType())
    return C.convert(Size);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Size))
    return copySize(M->getSubExpr(), C, Depth + 1);
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Size))
    return copySize(B->getSubExpr(), C, Depth + 1);
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Size))
    return copySize(F->getSubExpr(), C, Depth + 1);
  if (const auto *K = dyn_cast<CXXConstructExpr>(Size))
    return K->getNumArgs() == 1 ? copySize(K->getArg(0), C, Depth + 1)
                                : std::nullopt;
  if (const auto *R = dyn_cast<DeclRefExpr>(Size))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
        V && V->getType().isConstQualified() && V->getInit())
      return copySize(V->getInit(), C, Depth + 1);
  return std::nullopt;
}

bool CostWalker::countAsyncCopy(const clang::CallExpr *Call,
                                llvm::StringRef Name) {
  if (Name != "memcpy_async" && Name != "__pipeline_memcpy_async")
    return false;
  // Destination, source, size: the first two pointer arguments and the
  // one after them. A leading group argument copies for the whole group.
  int Dst = -1, Src = -1;
  for (unsigned I = 0; I < Call->getNumArgs() && Src < 0; ++I)
    if (QualType T = Call->getArg(I)->getType();
        T->isPointerType() || T->isArrayType())
      (Dst < 0 ? Dst : Src) = int(I);
  if (Dst < 0 || Src < 0 || unsigned(Src) + 1 >= Call->getNumArgs())
    return false;
  const bool Group = Dst > 0;
  std::optional<Expr> Bytes =
      Group ? std::nullopt : copySize(Call->getArg(Src + 1), converter());
  std::string At = where(Call);
  if (!Bytes) {
    // Unknown bytes are a symbol the totals wait for, not 0.
    unsigned Line =
        Ctx.getSourceManager().getSpellingLineNumber(Call->getBeginLoc());
    std::string Symbol = "copy_bytes_L" + std::to_string(Line);
    Bytes = Expr::symbol(Symbol);
    assume(note(NoteId::AsyncCopySizeSymbol, {{"call", Name.str()},
                                              {"at", At},
                                              {"symbol", Symbol},
                                              {"group", Group ? 1.0 : 0.0}}));
  } else if (std::optional<Rational> Fixed = Bytes->asConstant();
             Fixed && Fixed->isInteger() && Rational(0) < *Fixed) {
    // A fixed size per thread: a global load at the source's address and a
    // shared store at the destination's, as cp.async is (the memory model
    // sees its sectors, footprint and DRAM reads).
    AccessLoc = Call->getBeginLoc();
    uint64_t Size = uint64_t(Fixed->num());
    countAccess(
        MemoryAccess{copyOrigin(Call->getArg(Src), MemorySpace::Global), Size},
        /*Store=*/false);
    countAccess(
        MemoryAccess{copyOrigin(Call->getArg(Dst), MemorySpace::Shared), Size},
        /*Store=*/true);
    return true;
  } else {
    assume(note(NoteId::AsyncCopyUnaddressed,
                {{"call", Name.str()}, {"at", At}, {"bytes", Bytes->str()}}));
  }
  countUnaddressedCopy(*Bytes, /*ToGlobal=*/false);
  return true;
}

MemoryOrigin CostWalker::copyOrigin(const clang::Expr *Pointer,
                                    MemorySpace Default) {
  MemoryOrigin O = classifier().originOfPointer(stripCasts(Pointer));
  // A pointer the classifier lost (a ?: over two arrays, a cast from an
  // integer): the copy says which memory it is; its address is unknown.
  if (O.Space == MemorySpace::Unknown || O.Space == MemorySpace::Local) {
    O.Space = Default;
    O.Offset.reset();
  }
  return O;
}

void CostWalker::countUnaddressedCopy(const Expr &Bytes, bool ToGlobal) {
  add(ToGlobal ? &CostVector::GlobalStores : &CostVector::GlobalLoads, Expr(1));
  add(ToGlobal ? &CostVector::GlobalStoreBytes : &CostVector::GlobalLoadBytes,
      Bytes);
  add(ToGlobal ? &CostVector::SharedLoadBytes : &CostVector::SharedStoreBytes,
      Bytes);
}

} // namespace rla
