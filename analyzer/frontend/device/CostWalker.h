//===- CostWalker.h - Per-launch costs of one kernel body -------*- C++ -*-===//
///
/// \file
/// Walks a kernel body (inlining the __device__ functions it calls) and sums
/// every FLOP, memory access and special operation over the threads and loop
/// iterations that execute it. The result is a CostRange of expressions over
/// kernel parameters and launch dimensions; data-dependent control flow turns
/// into a {low, high} range with its reason recorded.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_COSTWALKER_H
#define RLA_FRONTEND_DEVICE_COSTWALKER_H

#include "analyzer/cuda/ThreadSpace.h"
#include "analyzer/frontend/device/AccessClassifier.h"
#include "analyzer/frontend/device/GuardAnalysis.h"
#include "analyzer/frontend/device/LoopShape.h"
#include "analyzer/frontend/device/SymbolicConverter.h"
#include "analyzer/frontend/device/ValueEnv.h"
#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace rla {

/// True when every path through S ends in a return (or, inside a loop body,
/// a continue) so the code after S runs only when S was not entered.
bool alwaysLeaves(const clang::Stmt *S);

class CostWalker {
public:
  CostWalker(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
             KernelModel &Out);

  /// Fills Out.Total, Out.PerThread, and the findings, assumptions and range
  /// reasons met on the way.
  void run();

private:
  /// Costs accumulated for one region of code.
  struct Accumulator {
    CostRange Total;
    CostRange PerThread;
  };
  /// A loop symbol with its range, for sign proofs inside the loop.
  struct LoopContext {
    std::string Symbol;
    Expr Lo, Hi; ///< Symbol in [Lo, Hi]
    /// False for halving/doubling loops: Symbol takes powers of two only.
    bool Dense = true;
  };
  /// State saved around a branch or a loop.
  struct Snapshot {
    ThreadSpace Space;
    std::vector<Expr> Uniform;
    ValueEnv Env;
  };

  // Statements.
  void walkStmt(const clang::Stmt *S);
  void walkCompound(const clang::CompoundStmt *C);
  /// What the code after an if runs under, when one branch always leaves.
  struct AfterIf {
    enum Kind {
      Unchanged,  ///< no early exit, or the narrowing was applied to Space
      Complement, ///< the rest runs where Guard fails: count by subtraction
      Maybe,      ///< which threads stay depends on data
    } How = Unchanged;
    GuardAnalysis Guard;       ///< Complement: the guard of the leaving branch
    bool DataDependent = true; ///< Maybe: whether the condition reads data
  };
  AfterIf walkIf(const clang::IfStmt *If);
  /// Counts `Cond ? Then : Else` (statements or values): exactly when the
  /// condition is a thread guard or uniform, as a range when it reads data.
  /// WalkElse may be empty. What names the construct in range reasons.
  void walkBranches(const clang::Expr *Cond,
                    const std::function<void()> &WalkThen,
                    const std::function<void()> &WalkElse, bool Conditional,
                    const std::string &At);
  /// Walks S (a branch, or the rest of a block) over the threads of the
  /// current space that fail Guard: all of them minus those that pass.
  Accumulator walkOutside(const GuardAnalysis &Guard,
                          const std::function<void()> &Walk);
  /// `T *p = c ? a : b;` choosing between two arrays: the block's rest (from
  /// Decl, its statement at It) runs as `if (c) {p = a; rest} else {p = b;
  /// rest}`, so each side's accesses keep their array. False when S is no
  /// such declaration.
  bool walkPointerSelect(const clang::Stmt *S,
                         const std::function<void()> &WalkRest);
  void walkFor(const clang::ForStmt *For);
  void walkWhile(const clang::Stmt *Loop, const clang::Expr *Cond,
                 const clang::Stmt *Body);
  /// Counts a loop of the given shape: a counted loop exactly, one the model
  /// cannot count with a bindable trip symbol (tripSymbol), never as one
  /// iteration. Outer is the state before the loop's init.
  void walkLoop(const clang::Stmt *Loop, const LoopShape &Shape,
                const clang::Expr *Cond, const clang::Stmt *Body,
                const clang::Expr *Inc, const Snapshot &Outer, bool BodyFirst);
  /// "trips_L12": the per-thread iterations of a loop the model cannot count.
  std::string tripSymbol(const clang::Stmt *Loop);
  void walkSwitch(const clang::SwitchStmt *Switch);
  /// A switch on the thread's own index math, without a default: each case
  /// counted on the threads whose `cond == label` (Labels(I): entry I's
  /// labels; WalkFrom(I): its statements to the next break). False, having
  /// walked nothing, when a case's guard does not decompose exactly.
  bool walkThreadSwitch(
      const clang::SwitchStmt *Switch, size_t Entries,
      const std::function<std::vector<std::optional<Rational>>(size_t)> &Labels,
      const std::function<void(size_t)> &WalkFrom);
  void walkDecl(const clang::VarDecl *V);

  // Expressions.
  void walkExpr(const clang::Expr *E);
  /// Costs of computing the address of an lvalue (indices), not the access.
  void walkLValueAddress(const clang::Expr *E);
  void walkAssignment(const clang::Expr *LHS, const clang::Expr *RHS,
                      const clang::Expr *Whole, bool Compound,
                      clang::QualType ComputationType);
  /// Moves pointer variable D by Elements (unset: by an unknown amount,
  /// the same for the whole block when UniformShift).
  void movePointer(const clang::ValueDecl *D,
                   const std::optional<Expr> &Elements,
                   bool UniformShift = false);
  void walkCall(const clang::CallExpr *Call);
  void walkOperatorCall(const clang::CXXOperatorCallExpr *Op);
  /// Walks Callee's body as if inlined; ThisObject is the object of a member
  /// call. Returns where a returned reference points, if it does.
  std::optional<MemoryOrigin>
  inlineCall(const clang::FunctionDecl *Callee,
             llvm::ArrayRef<const clang::Expr *> Args, const clang::Expr *Call,
             const clang::Expr *ThisObject = nullptr);
  /// A memory access through a reference a call returns (`at(r, c) = v`).
  std::optional<MemoryAccess> walkReturnedReference(const clang::Expr *E);
  void walkConditionalValue(const clang::Expr *Cond, const clang::Expr *T,
                            const clang::Expr *F);

  // Counting.
  void countAccess(const MemoryAccess &A, bool Store);
  /// A warp's tile in memory: Lines lines of LineBytes contiguous bytes,
  /// StrideBytes apart (the leading dimension).
  struct TileShape {
    unsigned Lines = 0, LineBytes = 0;
    Expr StrideBytes;
  };
  /// Records the access (array, address, index ranges, executions) for the
  /// memory models (CostWalkerAccess.cpp). With Tile, the access is one
  /// warp-collective tile instead of one per thread.
  void recordAccess(const MemoryOrigin &Origin, uint64_t Bytes, AccessKind Kind,
                    const RowPadding *Padding = nullptr,
                    const TileShape *Tile = nullptr);

  // Textures and surfaces (CostWalkerTexture.cpp).
  /// tex2D, tex1Dfetch, surf2Dread, surf2Dwrite, ...: a texture fetch and
  /// its bytes through the object's memory. False when Call is not one.
  bool walkTextureCall(const clang::CallExpr *Call,
                       const clang::FunctionDecl *Callee);
  /// The texel a coordinate names: `x + 0.5f` is texel x, normalized
  /// `u / (float)w` texel u (Normalized set); unset when not followed.
  /// The local variable E names when it is a register (not memory a
  /// reference could alias); null otherwise.
  const clang::VarDecl *integerRegister(const clang::Expr *E) const;
  std::optional<Expr> texelCoordinate(const clang::Expr *E,
                                      bool &Normalized) const;
  /// The bytes from the texture's start of the texel the Coordinates
  /// arguments from First name, in a row-major layout of wide rows.
  std::optional<Expr> texelOffset(const clang::CallExpr *Call, unsigned First,
                                  unsigned Coordinates, bool SurfaceX,
                                  uint64_t TexelBytes, bool &Normalized);

  // cuRAND (CostWalkerRandom.cpp).
  /// curand_init: the state's store, and XORWOW's skip-ahead where it is
  /// counted; otherwise a finding that the time is a lower bound.
  void walkCurandInit(const clang::CallExpr *Call, const std::string &State);
  /// The skip-ahead's matrix products as runs of the toolkit's lines; false
  /// (nothing recorded) where the subsequence's form or the call's place
  /// does not give them.
  bool countXorwowSkipAhead(const clang::CallExpr *Call);

  // Tensor cores (CostWalkerTensor.cpp).
  /// nvcuda::wmma calls: MMAs as tensor FLOPs, fragment loads and stores as
  /// tile traffic. False when Call is not one of them.
  bool walkWmmaCall(const clang::CallExpr *Call,
                    const clang::FunctionDecl *Callee);
  /// Inline PTX: mma.sync, wgmma, ldmatrix, stmatrix, cp.async(.bulk).
  void walkAsm(const clang::GCCAsmStmt *Asm);
  void addTensorFlops(TensorPrecision P, const Expr &Amount);
  /// A fragment's tile moved between registers and Origin.
  void countTile(const MemoryOrigin &Origin, const TileShape &Tile, bool Store);
  void countArithmetic(clang::QualType Type, unsigned Amount = 1,
                       bool Division = false);
  /// How often the current point runs over the launch: threads (or
  /// stride-loop iterations) that reach it, times the uniform 0/1 factors.
  ExprRange executions();
  Expr gate() const;
  void addTo(const std::function<Expr &(CostVector &)> &Field,
             const Expr &Amount);
  void add(Expr CostVector::*Field, const Expr &Amount);
  void addFlops(Precision P, const Expr &Amount);
  /// Records the symbolic value (integers) or origin (pointers) of D = Init.
  void bindValue(ValueEnv &Target, const clang::ValueDecl *D,
                 const clang::Expr *Init) const;
  /// The precision of a floating (or __half/bfloat16/half2) type.
  std::optional<Precision> precisionOf(clang::QualType T,
                                       unsigned *Lanes = nullptr) const;

  // Control flow helpers.
  Snapshot save() const { return {Space, Uniform, Env}; }
  void restore(const Snapshot &S);
  /// Walks S into a fresh accumulator and returns it.
  Accumulator walkInto(const clang::Stmt *S);
  /// Adds A with every field scaled by Factor (a trip count).
  void addScaled(const Accumulator &A, const Expr &Factor);
  /// Adds the min (low) / max (high) of two alternatives.
  void addAlternatives(const Accumulator &A, const Accumulator &B,
                       const Note &Reason);
  /// Adds A as something that may or may not run: low 0, high A.
  void addMaybe(const Accumulator &A, const Note &Reason);
  /// Sum of A over Symbol in [0, Trip) (a counted loop).
  void addSummed(const Accumulator &A, const std::string &Symbol,
                 const Expr &Trip);
  /// For a loop whose trip count depends on the thread's index: sums each
  /// thread's own trip count over the threads. False (nothing added) when the
  /// body narrows the thread space itself.
  bool addSummedOverThreads(const Accumulator &A, const std::string &Symbol,
                            const Expr &Trip);
  /// For a loop whose trip count depends on blockIdx.x alone (rows split
  /// among blocks, the last block's shorter) around a body whose total is
  /// the same in every block, with guards inside: each block's own trip
  /// count, summed over the blocks. False (nothing added) otherwise.
  bool addSummedOverBlocks(const Accumulator &A, const std::string &Symbol,
                           const Expr &Trip);
  static bool mentionsThreadIndex(const Expr &E);
  /// Body (or a function it calls) reads threadIdx of dimensions 1 .. Dims-1,
  /// directly or through a variable or pointer made from it.
  bool readsThreadDims(const clang::Stmt *Body, unsigned Dims,
                       const std::set<const clang::ValueDecl *> &Skip,
                       unsigned Depth = 0) const;
  /// Sum of A over a halving/doubling loop whose variable is Symbol.
  void addGeometric(const Accumulator &A, const LoopShape &Shape,
                    const std::string &Symbol);
  void applyGuard(const GuardAnalysis &G);
  /// Drops G's thread gates, making it inexact, when the current space
  /// cannot sum them over its threads, they come with interval constraints,
  /// or they depend on the block index or a halving or doubling loop's
  /// variable.
  void keepSummableThreadGates(GuardAnalysis &G) const;
  /// A branch that keeps the multiples of a growing modulus of the thread
  /// index (`tid % (2 * s) == 0`): rl-divergent-branch at Cond.
  void noteDivergentModulo(const GuardAnalysis &G, const clang::Expr *Cond);
  /// max(0, X) unless X is provably >= 0 in the enclosing loops' ranges.
  Expr clampNonNegative(const Expr &X) const;
  bool provablyNonNegative(const Expr &X) const;
  void forgetAssigned(const clang::Stmt *S);

  // Source lines (CostWalkerLines.cpp).
  /// The statement being walked: how often it runs, and the work counted
  /// in it by line (an inlined call's statements are visits of their own).
  struct LineVisit {
    Expr Executions, WarpExecutions;
    std::map<std::pair<std::string, unsigned>, LineWork> Work;
  };
  /// Walks S's own work as one visit of its line (Walk does the walking).
  void visitLine(const clang::Stmt *S, const std::function<void()> &Walk);
  /// Adds Amount to the work of the line being walked (AccessLoc's).
  void addLineWork(double LineWork::*Field, double Amount);
  /// Count (per iteration of the enclosing loops) summed over those loops.
  /// Exact over halving/doubling loops when ExactPowers (a sum over the
  /// powers of two), else their highest value times their trip count.
  Expr sumOverLoops(Expr Count, bool ExactPowers) const;
  /// Key of the chain of inlined calls the walk is in.
  std::string inlineContext() const;

  // Reporting.
  SourceLoc locOf(clang::SourceLocation L) const;
  std::string where(const clang::Stmt *S) const; ///< "file.cu:12:3"
  std::string where(clang::SourceLocation Loc) const;
  std::string sourceText(const clang::Stmt *S) const;
  /// Records a finding once (the same words at the same place are one);
  /// returns it, for the caller to add data the report reads. Its words
  /// are a note that report/ words.
  Finding &finding(const std::string &Id, Severity Level, Note Words,
                   clang::SourceLocation L);
  void assume(Note Assumption);
  /// `cuda::memcpy_async(dst, src, size, pipe)`, `__pipeline_memcpy_async`,
  /// the group forms: the global bytes it loads into shared memory; a size
  /// not known from the source is a symbol to bind, never 0 bytes. False
  /// when Call is no such copy.
  bool countAsyncCopy(const clang::CallExpr *Call, llvm::StringRef Name);
  /// A copy between global and shared memory of Bytes per thread whose
  /// addresses are not modelled: the bytes are counted, no address recorded.
  void countUnaddressedCopy(const Expr &Bytes, bool ToGlobal);
  /// Where an asynchronous copy's pointer argument points; a pointer the
  /// classifier loses is in Default's memory at an unknown address.
  MemoryOrigin copyOrigin(const clang::Expr *Pointer, MemorySpace Default);
  void rangeReason(Note Reason);
  std::string freshSymbol(const std::string &Base);
  SymbolicConverter converter() const;
  /// E's value where it mentions a block-uniform unknown (ValueEnv::
  /// BlockValues): kept for addresses, unset otherwise.
  std::optional<Expr> blockValue(const clang::Expr *E) const;
  /// After an `if` on a block-uniform condition: an integer that both paths
  /// leave with a value free of threadIdx, but different ones, is the same
  /// for the whole block: a fresh block-uniform unknown.
  void mergeBlockValues(const clang::IfStmt *If,
                        const std::optional<ValueEnv> &ThenEnd,
                        const std::optional<ValueEnv> &ElseEnd);
  /// After an `if` neither side of which jumps: an integer local that the
  /// paths leave with known values is the one its thread's path gave it,
  /// `F + [cond] * (T - F)` (a clamp to a border: `if (x >= w) x = w - 1`).
  /// A local declared without a value takes the other path's: reading it
  /// unassigned is undefined, so only that path's value is ever read.
  std::map<const clang::ValueDecl *, Expr>
  branchValues(const clang::IfStmt *If, const ValueEnv &Before,
               const std::optional<ValueEnv> &ThenEnd,
               const std::optional<ValueEnv> &ElseEnd) const;
  AccessClassifier classifier() const;

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  KernelModel &Out;
  std::set<const clang::ParmVarDecl *> KernelParams;

  ThreadSpace Space;
  std::vector<Expr> Uniform; ///< 0/1 factors of uniform conditions
  ValueEnv Env;
  Accumulator *Cur = nullptr;
  std::vector<LoopContext> Loops;
  /// Exit tests a loop's trip count comes from (LoopShape::CountedExit).
  std::set<const clang::IfStmt *> CountedExits;
  std::vector<const clang::FunctionDecl *> CallStack;
  std::set<std::string> UncountedCalls;
  /// Where the last inlined function returning a reference pointed.
  std::optional<MemoryOrigin> ReturnedOrigin;
  unsigned NextSymbol = 0;
  /// Trip symbols by loop location ("file:line:col").
  std::map<std::string, std::string> TripSymbols;
  /// Block-uniform unknowns made so far, for fresh names.
  unsigned BlockValueCount = 0;
  /// Off while a region is walked a second time only to subtract its counts
  /// (walkOutside), so each access is recorded once.
  bool Recording = true;
  /// The location of the expression being walked, for recorded accesses.
  clang::SourceLocation AccessLoc;
  /// Statements being walked, innermost last.
  std::vector<LineVisit> LineVisits;
  /// The statement whose line visit is open (walkStmt then walks it).
  const clang::Stmt *LineStatement = nullptr;
  /// Calls being inlined, outermost first.
  std::vector<const clang::Expr *> InlineSites;
  /// Statements already recorded, with their inline context.
  std::set<std::pair<const clang::Stmt *, std::string>> VisitedLines;
  /// Out.Lines index by (file, line, inline context).
  std::map<std::tuple<std::string, unsigned, std::string>, size_t> LineIndex;
};

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_COSTWALKER_H
