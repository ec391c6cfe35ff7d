//===- HostInterpreterImpl.h - The host interpreter's state -----*- C++ -*-===//
///
/// \file
/// Private to the host interpreter's files (frontend/host/Host*.cpp): the
/// interpreter class, whose statements, loops, expressions, calls and
/// launches are each defined in a file of their own, the bounds that keep a
/// run fast, and the small helpers more than one of those files uses.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTINTERPRETERIMPL_H
#define RLA_FRONTEND_HOST_HOSTINTERPRETERIMPL_H

#include "analyzer/frontend/host/HostCallGraph.h"
#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/frontend/host/HostValue.h"
#include "analyzer/frontend/host/LaunchSpecBuilder.h"
#include "analyzer/support/GetoptParse.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rla {
namespace interp {

/// Bounds that keep a run fast on any input: statements and expressions
/// evaluated per root, iterations a loop runs one by one before it is
/// summarised, and call depth.
constexpr uint64_t StepBudget = 2000000;
/// Iterations and steps of the outer loop of a large data nest that runs
/// with its inner loops summarised (execNestOuter).
constexpr uint64_t NestOuterTrips = 64;
constexpr unsigned NestOuterRunsPerLoop = 4;
constexpr uint64_t NestOuterBudget = 20000;
constexpr uint64_t CounterfactualBudget = 300000;
/// Branches not taken followed inside one another (a switch on the kernel
/// inside a switch on the block size).
constexpr unsigned MaxCounterfactualDepth = 3;
constexpr uint64_t CounterfactualLoopLimit = 8;
constexpr uint64_t LoopUnrollLimit = 4096;
constexpr uint64_t DataLoopLimit = 256;
constexpr unsigned MaxCallDepth = 48;
/// Arrays and vectors up to this size are followed element by element
/// (block-size tables, argv); larger ones hold data, not launch sizes.
constexpr uint64_t MaxElements = 4096;
/// malloc/calloc arrays followed element by element (a mask, a struct).
constexpr uint64_t MaxHeapElements = 256;
/// Distinct calling contexts of one site shown as entries of their own.
constexpr size_t MaxContextsPerSite = 8;
/// Whether a launch's note is a branch the program does not take.
inline bool isNotRunNote(const Note &N) {
  return N.Id == NoteId::NotRunBranch || N.Id == NoteId::NotRunCase;
}

/// Unknown scalars in V become 0: static storage and value-initialisation.
void zeroFill(HostValue &V);
bool isStdRecord(const clang::CXXRecordDecl *R, llvm::StringRef Name);
const clang::CXXRecordDecl *recordOf(clang::QualType T);
/// A number as a call-chain label shows it ("?" when not known).
std::string numberText(const HostValue &V);

class Interpreter;

/// The interpreter's values at a launch, for buildLaunchSpec.
class InterpretedValues : public LaunchValues {
public:
  explicit InterpretedValues(Interpreter &I) : I(I) {}
  std::optional<Rational> scalar(const clang::Expr *E, Note &Why) override;
  std::optional<Rational> allocatedBytes(const clang::Expr *E) override;
  bool hostMemory(const clang::Expr *E) override;
  std::array<std::optional<Rational>, 3> dim3(const clang::Expr *E,
                                              Note &Why) override;
  void fields(const clang::Expr *E, const std::string &Prefix,
              std::map<std::string, Rational> &Out) override;
  const clang::FunctionDecl *kernel(const clang::Expr *E) override;
  std::optional<Rational> pointee(const clang::Expr *Array, unsigned Index,
                                  Note &Why) override;
  const clang::FunctionDecl *fieldKernel(const clang::Expr *Struct,
                                         llvm::StringRef Field) override;
  std::optional<Rational> fieldPointee(const clang::Expr *Struct,
                                       llvm::StringRef Field, unsigned Index,
                                       Note &Why) override;

private:
  /// The value at a dotted field path of a struct (members of anonymous
  /// unions found by name, as C++ does); null when not held.
  HostSlot field(const clang::Expr *Struct, llvm::StringRef Path);
  /// Entry Index of the `void *[]` array that A points into, as a number.
  std::optional<Rational> pointeeOf(const HostValue &A, unsigned Index,
                                    Note &Why, const std::string &Array);
  Interpreter &I;
};

class Interpreter {
public:
  Interpreter(const HostRunOptions &Options, CallGraph &Graph, bool Program)
      : Options(Options), Graph(Graph), Program(Program) {}

  /// Runs F with unknown parameters (main: argc/argv as the program runs).
  /// False when the run went over its budget: its launches are dropped.
  bool runRoot(const clang::FunctionDecl *F,
               std::vector<InterpretedLaunch> &Out);
  std::optional<Note> StopNote; ///< the last exit() ("exits at a.cu:12")
  std::optional<Note> MainStop; ///< why main ended early, if it did
  /// What the run passed to the library calls the extractor prices.
  std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
      LibraryArguments;
  void recordLibraryArguments(const clang::FunctionDecl *F,
                              const std::vector<HostValue> &Values,
                              const clang::CallExpr *Site);
  /// The return statement main left by, and the launch sites after it that
  /// it therefore skips.
  const clang::ReturnStmt *MainReturn = nullptr;
  bool RunningMain = false;
  /// Iterations left to a nest of loops without launches that runs as
  /// written (a 9x9 mask counted into a size); unset outside such a nest.
  std::optional<uint64_t> DataNestLeft;
  bool DataNestSpent = false;
  /// Nests that ran out once (a matrix check called per launch): summarised
  /// from then on without trying again.
  std::set<const clang::Stmt *> LargeDataNests;
  /// A large nest's own loop, run with the loops inside it summarised (the
  /// argv loop of Rodinia's gaussian, whose `-s` fills a matrix).
  const clang::Stmt *NestOuter = nullptr;
  bool NestOuterCapped = false; ///< it ran past NestOuterTrips
  std::set<const clang::Stmt *>
      LongNestOuters; ///< and is summarised from then on
  /// How often each ran so: a nest met again and again (a check inside a
  /// timing loop) is data work, summarised after NestOuterRunsPerLoop.
  std::map<const clang::Stmt *, unsigned> NestOuterRuns;
  std::set<const clang::CallExpr *> Reached;

  HostValue eval(const clang::Expr *E);
  /// The translation unit of the function running now: each function's
  /// own, so that a call into another file reads that file's source.
  const clang::ASTContext &ctx() const {
    return Stack.empty() ? *RootCtx : Stack.back()->Fn->getASTContext();
  }
  const clang::SourceManager &sm() const { return ctx().getSourceManager(); }
  /// The source of E as the user wrote it: inside a macro's expansion
  /// (`MIN(a, b)`), the macro's use.
  std::string text(const clang::Expr *E) const {
    clang::CharSourceRange Range = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(E->getSourceRange()), sm(),
        ctx().getLangOpts());
    if (Range.isInvalid())
      Range = sm().getExpansionRange(E->getSourceRange());
    return clang::Lexer::getSourceText(Range, sm(), ctx().getLangOpts()).str();
  }
  std::string where(clang::SourceLocation L) const {
    clang::PresumedLoc P = sm().getPresumedLoc(sm().getExpansionLoc(L));
    if (!P.isValid())
      return "?";
    return llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine());
  }

private:
  enum class Flow { Normal, Break, Continue, Return, Stop };
  struct Frame {
    const clang::FunctionDecl *Fn = nullptr;
    std::map<const clang::ValueDecl *, HostSlot> Vars;
    HostSlot This;
    HostValue Ret;
    CallFrame Call; ///< how the launch's call chain names this frame
  };

  Flow exec(const clang::Stmt *S);
  Flow execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, bool CondFirst);
  /// A nest of loops without launches, run within DataLoopLimit iterations
  /// in all, or undone and its writes made unknown.
  Flow execDataNest(const clang::Stmt *Loop, const clang::Stmt *Init,
                    const clang::Expr *Cond, const clang::Expr *Inc,
                    const clang::Stmt *Body, bool CondFirst);
  /// A nest too large to run: its own loop runs (within DataLoopLimit
  /// iterations) while every loop without launches inside it is summarised,
  /// so that what the outer loop sets itself stays known.
  Flow execNestOuter(const clang::Stmt *Loop, const clang::Stmt *Init,
                     const clang::Expr *Cond, const clang::Expr *Inc,
                     const clang::Stmt *Body, bool CondFirst);
  Flow runIterations(const clang::Stmt *Loop, const clang::Expr *Cond,
                     const clang::Expr *Inc, const clang::Stmt *Body,
                     bool CondFirst, bool Launches, uint64_t Limit);
  Flow execRangeFor(const clang::CXXForRangeStmt *F);
  Flow execBranch(const clang::Expr *CondExpr, const clang::Stmt *Then,
                  const clang::Stmt *Else);
  Flow execSwitch(const clang::SwitchStmt *S);
  Flow execSwitchBody(const clang::SwitchStmt *S);
  void summariseLoop(const clang::Stmt *Loop, const clang::Stmt *Body,
                     const clang::Expr *Inc, std::optional<Rational> Count,
                     const Note &Why);
  /// What S writes becomes unknown, each variable for Why with its "name"
  /// added; with OnlyCarried (the body of loop S), only what the loop's
  /// iterations carry to the next.
  void havoc(const clang::Stmt *S, const Note &Why,
             const clang::Stmt *OnlyCarried = nullptr);
  /// havoc's reason for what Loop changes ("'n' changes in the loop at
  /// a.cu:12").
  Note changesInLoop(const clang::Stmt *Loop) const;
  void declare(const clang::VarDecl *V);

  HostSlot lvalue(const clang::Expr *E, Note &Why);
  HostSlot variable(const clang::ValueDecl *D);
  HostValue load(const clang::Expr *E);
  HostValue evalImpl(const clang::Expr *E);
  HostValue binary(const clang::BinaryOperator *B);
  HostValue unary(const clang::UnaryOperator *U);
  HostValue cast(const clang::CastExpr *C);
  /// `(T *)malloc(bytes)` / calloc with a known size: an array of
  /// bytes / sizeof(T) elements; nullopt when C is no such cast.
  std::optional<HostValue> heapArray(const clang::CastExpr *C);
  /// `new T[n]` of at most MaxHeapElements elements, each followed as a
  /// local T is (`new TOptionPlan[GPU_N]`); none for larger or unknown n.
  std::optional<HostValue> newArray(const clang::CXXNewExpr *New);
  /// A pointer to Count fresh elements of Elem: zero scalars when Zeroed,
  /// else values unset for Why.
  HostValue heapBlock(clang::QualType Elem, uint64_t Count, bool Zeroed,
                      const Note &Why);
  HostValue callExpr(const clang::CallExpr *C);
  HostValue invoke(const clang::FunctionDecl *F,
                   llvm::ArrayRef<const clang::Expr *>, HostSlot This,
                   const clang::CallExpr *Site);
  HostValue construct(const clang::CXXConstructExpr *C);
  /// One object of the constructor's class (construct does arrays of them).
  HostValue constructObject(const clang::CXXConstructExpr *C);
  HostValue initList(const clang::InitListExpr *L);
  HostValue defaultValue(clang::QualType T, const Note &Why);
  /// size, length, empty, c_str, compare of a std::string known here.
  std::optional<HostValue> stringMethod(const clang::CXXMemberCallExpr *C,
                                        HostSlot Object);
  HostValue vectorMethod(const clang::CXXMemberCallExpr *C, HostSlot Object);
  HostValue unknownCall(const clang::CallExpr *C, const std::string &Name);
  /// cuModuleGetFunction(&f, module, "name"): f holds the kernel of that
  /// name in the files given.
  void moduleFunction(llvm::ArrayRef<const clang::Expr *> Args,
                      const clang::CallExpr *Site);
  void assign(HostSlot To, const HostValue &V, clang::QualType T);
  HostValue coerce(HostValue V, clang::QualType T) const;
  void recordLaunch(const clang::CallExpr *Call);
  bool step() {
    if (++Steps > Limit)
      OverBudget = true;
    return !OverBudget;
  }

  /// Values of all variables, to undo a branch and to join two.
  /// Slots are held, so that none is freed before it is restored.
  using Snapshot = std::map<HostValue *, std::pair<HostSlot, HostValue>>;
  Snapshot snapshot();
  /// Only what statements A and B name (and this object): cheap enough for
  /// every branch of a long run.
  Snapshot snapshot(const clang::Stmt *A, const clang::Stmt *B);
  std::map<std::pair<const clang::Stmt *, const clang::Stmt *>,
           std::vector<const clang::ValueDecl *>>
      NamedIn;
  void collect(const HostSlot &S, Snapshot &Out) const;
  void restore(const Snapshot &S);
  /// What a loop's iterations are undone to: the state and the entries.
  struct LoopStart {
    Snapshot State;
    size_t Recorded = 0;
    std::vector<std::optional<Rational>> Counts;
  };
  LoopStart loopStart(const clang::Stmt *Loop);
  void undo(const LoopStart &Start);
  void join(const Snapshot &Other, const Note &Why);

  bool launchesIn(const clang::Stmt *S);
  void runNotTaken(const clang::Expr *CondExpr, bool Value,
                   const clang::Stmt *S);
  void runCounterfactual(Note Condition, const clang::Stmt *Scope,
                         llvm::function_ref<void()> Run);

  friend class InterpretedValues;
  /// getopt's parse of the whole command line, made at its first call;
  /// each call returns the next option.
  struct GetoptRun {
    ParsedCommandLine Parsed;
    size_t Next = 0;
    HostSlot ArgvArray; ///< the argv array, permuted at the end
    int64_t ArgvOffset = 0;
    /// getopt_long's `flag` and `val` per long option.
    std::vector<std::pair<HostSlot, int>> Flags;
  };
  std::optional<GetoptRun> Getopt;
  HostValue getopt(llvm::ArrayRef<const clang::Expr *> Args, bool Long);
  /// cudaOccupancyMaxActiveBlocksPerMultiprocessor and
  /// cudaOccupancyMaxPotentialBlockSize, answered by Options.Occupancy
  /// (OccupancyOracle.h).
  HostValue occupancy(llvm::StringRef Name,
                      llvm::ArrayRef<const clang::Expr *> Args,
                      const clang::CallExpr *Site);
  /// cudaFuncGetAttributes: the compiled kernel's registers, shared and
  /// local memory and largest block, from the same calculator.
  HostValue funcAttributes(llvm::ArrayRef<const clang::Expr *> Args,
                           const clang::CallExpr *Site);
  /// The kernel a runtime call names (its function argument), as the
  /// occupancy calculator is asked about it; none when not known.
  std::optional<OccupancyQuestion> kernelQuestion(const clang::Expr *Func);
  /// The OpenMP team size omp_set_num_threads set, and where.
  std::optional<std::pair<int64_t, std::string>> OpenMpThreads;
  /// omp_set_num_threads, omp_get_num_threads, omp_get_max_threads and
  /// omp_get_thread_num. A parallel region runs once, as thread 0 of the
  /// team omp_set_num_threads set (a multi-GPU program's one thread per
  /// GPU); without it the team's size is known only at run time. None for
  /// other omp_ calls.
  std::optional<HostValue> openMp(llvm::StringRef Name,
                                  llvm::ArrayRef<const clang::Expr *> Args,
                                  const clang::CallExpr *Site);
  /// A global the C library declares (`optind`, `optarg`) as a slot.
  HostSlot libraryGlobal(llvm::StringRef Name);
  const clang::ASTContext *RootCtx = nullptr;
  const HostRunOptions &Options;
  CallGraph &Graph;
  bool Program; ///< several translation units run as one program
  std::map<const clang::Stmt *, bool> LaunchesIn;
  /// How many branches the program does not take are around the current
  /// statement.
  unsigned Counterfactual = 0;
  std::vector<Frame *> Stack;
  std::map<const clang::VarDecl *, HostSlot> Globals;
  /// Conditions not known around the current statement.
  std::vector<Note> Conditions;
  /// Trip counts of the summarised loops around the current statement.
  std::vector<std::optional<Rational>> Multipliers;
  std::vector<Note> Assumptions;
  std::vector<InterpretedLaunch> *Out = nullptr;
  uint64_t Steps = 0;
  bool OverBudget = false;
  uint64_t Limit = StepBudget; ///< lower inside a branch not taken
  bool Stopped = false;        ///< exit() was called
  const clang::ValueDecl *Argc = nullptr, *Argv = nullptr; ///< main's
  /// A branch on a value not known that may leave the loop around it early
  /// (`if (residual < tol) break;`): the loop's trip count is then not known.
  struct EarlyExit {
    const clang::Expr *Cond = nullptr;
    Flow How = Flow::Normal;
  } Exit;
  /// Functions handed to a function that is not here (glutDisplayFunc,
  /// pthread_create, atexit), with the call that registers them: the
  /// library calls them back after the root's own code has run.
  struct Callback {
    const clang::FunctionDecl *Fn = nullptr;
    std::string Call, At; ///< the function it is handed to, and where
  };
  std::vector<Callback> Callbacks;
  void noteCallbacks(const clang::CallExpr *C, const std::string &Name);
  void runCallbacks();
};

/// A site with too many contexts keeps those that the fewest untaken
/// branches reach (HostContexts.cpp).
void keepNearestContexts(std::vector<InterpretedLaunch> &Contexts);
/// The entries of one site: its contexts, or fewer that merge them
/// (HostContexts.cpp).
std::vector<InterpretedLaunch>
mergeSweeps(std::vector<InterpretedLaunch> &Contexts);

} // namespace interp
} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTINTERPRETERIMPL_H
