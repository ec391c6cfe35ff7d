//===- CostWalkerRandom.cpp - cuRAND's curand_init ------------------------===//
///
/// \file
/// curand_init sets every field of its state; a Sobol state's copies its
/// direction vectors and skips ahead through them, which is counted as
/// loads. For an XORWOW state it also skips ahead to the subsequence, the
/// costliest thing a random-number setup kernel does (CurandSkipAhead.h). Where
/// the subsequence is a form whose products are known per warp, the two lines
/// of the toolkit's matrix-vector product that the compiled loop is made of
/// (the table's XOR, the state's store) get their runs, so that the issue model
/// counts the loop's instructions as the launch runs them. Elsewhere the work
/// is not counted, and a finding says the time is a lower bound.
//===----------------------------------------------------------------------===//
#include "analyzer/cuda/CurandSkipAhead.h"
#include "analyzer/frontend/device/CostWalker.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace rla {
namespace {

/// The definitions of the functions Body calls.
std::vector<const FunctionDecl *> calleesOf(const Stmt *Body) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    std::vector<const FunctionDecl *> Found;
    bool VisitCallExpr(CallExpr *Call) {
      if (const FunctionDecl *F = Call->getDirectCallee())
        if (const FunctionDecl *Def = F->getDefinition())
          Found.push_back(Def);
      return true;
    }
  } V;
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return V.Found;
}

/// The first function named Prefix... that From reaches through calls
/// (depth-first, a few levels: curand_init's skip-ahead is three deep).
const FunctionDecl *reach(const FunctionDecl *From, llvm::StringRef Prefix,
                          unsigned Depth) {
  if (!From || !From->hasBody() || Depth == 0)
    return nullptr;
  for (const FunctionDecl *F : calleesOf(From->getBody())) {
    if (F->getName().starts_with(Prefix))
      return F;
    if (const FunctionDecl *Deeper = reach(F, Prefix, Depth - 1))
      return Deeper;
  }
  return nullptr;
}

/// The statements of the matrix-vector product that the compiled loop is
/// made of: `result[k] ^= matrix[...]` (a table load per bit set) and, where
/// the product writes the state vector in place, `vector[i] = result[i]`.
struct ProductLines {
  SourceLocation TableXor, StateStore;
};

ProductLines productLines(const FunctionDecl *Product) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    const ParmVarDecl *Vector = nullptr;
    ProductLines Found;
    bool VisitCompoundAssignOperator(CompoundAssignOperator *Op) {
      if (Op->getOpcode() == BO_XorAssign && Found.TableXor.isInvalid())
        Found.TableXor = Op->getBeginLoc();
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *Op) {
      if (Op->getOpcode() != BO_Assign)
        return true;
      const auto *Element =
          dyn_cast<ArraySubscriptExpr>(Op->getLHS()->IgnoreParenImpCasts());
      const auto *Base =
          Element
              ? dyn_cast<DeclRefExpr>(Element->getBase()->IgnoreParenImpCasts())
              : nullptr;
      if (Base && Base->getDecl() == Vector)
        Found.StateStore = Op->getBeginLoc();
      return true;
    }
  } V;
  if (Product->getNumParams() > 0)
    V.Vector = Product->getParamDecl(0);
  V.TraverseStmt(Product->getBody());
  return V.Found;
}

} // namespace

bool CostWalker::countXorwowSkipAhead(const CallExpr *Call) {
  // A walk that only subtracts counts records no lines and no findings: the
  // recording walk of the same call decided.
  if (!Recording)
    return true;
  std::optional<Expr> Offset = converter().convert(Call->getArg(2));
  std::optional<Expr> Subsequence = converter().convert(Call->getArg(1));
  if (!Offset || !Offset->isZero() || !Subsequence || !Loops.empty())
    return false;
  std::optional<Expr> Products = xorwowSkipAheadWarpProducts(*Subsequence);
  if (!Products)
    return false;
  // Every thread of the launch calls it once: the sum is over all warps.
  ExprRange N = executions();
  Expr All = Expr::symbol("gridDim.x") * Expr::symbol("gridDim.y") *
             Expr::symbol("gridDim.z") * Expr::symbol("blockDim.x") *
             Expr::symbol("blockDim.y") * Expr::symbol("blockDim.z");
  if (N.Low != All || N.High != All)
    return false;
  const FunctionDecl *Init = Call->getDirectCallee();
  Init = Init ? Init->getDefinition() : nullptr;
  const FunctionDecl *Skip = reach(Init, "_skipahead_sequence", 4);
  const FunctionDecl *Product = reach(Skip, "__curand_matvec", 2);
  if (!Product || !Product->hasBody())
    return false;
  ProductLines Lines = productLines(Product);
  if (Lines.TableXor.isInvalid())
    return false;
  auto addLine = [&](SourceLocation Where, Expr WarpRuns, LineWork PerRun,
                     int64_t LanesPerRun) {
    SourceLoc L = locOf(Where);
    LineSite Site;
    Site.File = L.File;
    Site.Line = L.Line;
    Site.StatementLine = L.Line;
    Site.WarpExecutions = WarpRuns;
    Site.Executions = WarpRuns * Expr(LanesPerRun);
    Site.PerRun = PerRun;
    Out.Lines.push_back(std::move(Site));
  };
  // Per product and warp: 800 XORs of a table word (all 160 bits, each set
  // in some lane; in half the lanes on average), 5 words stored.
  const int64_t Bits = XorwowWords * XorwowBitsPerWord;
  LineWork Load;
  Load.GlobalLoadBytes = 4;
  Load.CacheResident = true;
  addLine(Lines.TableXor, *Products * Expr(Bits * XorwowWords), Load, 16);
  if (Lines.StateStore.isValid()) {
    LineWork Store;
    Store.GlobalStoreBytes = 4;
    addLine(Lines.StateStore, *Products * Expr(XorwowWords), Store, 32);
  }
  assume(note(NoteId::CurandSkipAheadCounted,
              {{"subsequence", Subsequence->str()}}));
  return true;
}

void CostWalker::walkCurandInit(const CallExpr *Call,
                                const std::string &State) {
  // The state is the last argument of every generator's curand_init.
  const clang::Expr *StatePtr = Call->getArg(Call->getNumArgs() - 1);
  uint64_t StateBytes = 0;
  if (const auto *P = StatePtr->getType()->getAs<PointerType>())
    StateBytes = classifier().sizeOf(P->getPointeeType());
  MemoryOrigin StateOrigin = classifier().originOfPointer(StatePtr);
  countAccess({StateOrigin, StateBytes}, true);
  if (llvm::StringRef(State).contains("Sobol")) {
    // A quasi-random state copies its direction vectors (the first
    // argument, an array of 32 or 64 words) and skips ahead by XORing those
    // of the offset's Gray code, read back from the state: straight-line
    // code of fixed length, which the compiled code's count covers.
    const FunctionDecl *Init = Call->getDirectCallee();
    uint64_t VectorBytes = 0;
    if (Init && Init->getNumParams() > 0)
      VectorBytes =
          classifier().sizeOf(Init->getParamDecl(0)->getOriginalType());
    if (VectorBytes > 0) {
      countAccess({classifier().originOfPointer(Call->getArg(0)), VectorBytes},
                  false);
      countAccess({StateOrigin, VectorBytes}, false);
    }
    return;
  }
  if (State == "curandStateXORWOW" && Call->getNumArgs() == 4 &&
      countXorwowSkipAhead(Call))
    return;
  // The skip-ahead's integer work is not counted, and the finding says the
  // time is a lower bound.
  UncountedCalls.insert("curand_init");
  if (State == "curandStateXORWOW" || State == "curandStatePhilox4_32_10" ||
      State == "curandStateMRG32k3a")
    finding("rl-uncounted-library-work", Severity::Warning,
            note(NoteId::LibraryWorkNotCounted,
                 {{"callee", "curand_init"},
                  {"work", std::string("its skip-ahead to the "
                                       "subsequence and offset")}}),
            Call->getBeginLoc());
}

} // namespace rla
