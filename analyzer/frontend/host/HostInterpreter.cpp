//===- HostInterpreter.cpp ------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/device/LoopShape.h"
#include "analyzer/frontend/host/HostLibrary.h"
#include "analyzer/frontend/host/HostValue.h"
#include "analyzer/frontend/host/LaunchSpecBuilder.h"
#include "analyzer/frontend/host/SourcePlace.h"
#include "analyzer/support/GetoptParse.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace rla {
namespace {

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
/// How a launch's note on a branch the program does not take begins.
constexpr const char *NotRunPrefix = "not run by the program: ";

/// Unknown scalars in V become 0: static storage and value-initialisation.
void zeroFill(HostValue &V) {
  if (V.K == HostValue::Kind::Aggregate) {
    for (HostSlot &E : V.Elems)
      zeroFill(*E);
    return;
  }
  if (!V.known())
    V = HostValue::number(Rational(0));
}

/// A character of a string the program knows (`argv[i][1]`, `*argv[i]`) as
/// its own slot: the terminating NUL after the last; null past it.
HostSlot characterOf(const HostValue &String, const HostValue &Index) {
  if (String.K != HostValue::Kind::String || !Index.isNumber() ||
      !Index.Num.isInteger() || Index.Num.isNegative() ||
      Rational(int64_t(String.Text.size())) < Index.Num)
    return nullptr;
  size_t At = size_t(Index.Num.num());
  unsigned char C = At < String.Text.size() ? String.Text[At] : 0;
  return std::make_shared<HostValue>(HostValue::number(Rational(int64_t(C))));
}

bool isStdRecord(const CXXRecordDecl *R, llvm::StringRef Name) {
  return R && R->getName() == Name && R->isInStdNamespace();
}

const CXXRecordDecl *recordOf(QualType T) {
  return T.getNonReferenceType()->getAsCXXRecordDecl();
}

/// The file name of D's location ("runner.cu").
std::string fileOf(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(D->getLocation()));
  return P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() : "?";
}

/// Where D is written; the same in every unit that includes its file.
std::string placeOf(const Decl *D) {
  return sourcePlace(D->getASTContext().getSourceManager(), D->getLocation());
}

/// Functions whose launches are reachable: those that launch, and their
/// callers; and the functions something in the file refers to.
class CallGraph : public RecursiveASTVisitor<CallGraph> {
  using Base = RecursiveASTVisitor<CallGraph>;

public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    return traverseFn(FD, [&] { return Base::TraverseFunctionDecl(FD); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    return traverseFn(MD, [&] { return Base::TraverseCXXMethodDecl(MD); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *CD) {
    return traverseFn(CD, [&] { return Base::TraverseCXXConstructorDecl(CD); });
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    if (Current)
      Launching.insert(Current);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (Current && !isa<CUDAKernelCallExpr>(C) &&
        launchApiOf(C->getDirectCallee()) != LaunchApi::None)
      Launching.insert(Current);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      refer(F);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasGlobalStorage() && !V->isStaticLocal() &&
        V->isThisDeclarationADefinition() == VarDecl::Definition &&
        V->isExternallyVisible() && !V->getDeclContext()->isDependentContext())
      GlobalDefs.push_back(V);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (const auto *F = dyn_cast<FunctionDecl>(M->getMemberDecl()))
      refer(F);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    refer(C->getConstructor());
    return true;
  }

  /// Whether F launches, directly or through what it calls.
  bool reachesLaunch(const FunctionDecl *F) {
    std::set<const FunctionDecl *> Seen;
    return reaches(F, Seen);
  }

  /// After every unit is traversed: definitions by mangled name, so that a
  /// function one file declares and another defines resolves to its body
  /// (`void run(int);` in app.cu, `void run(int n) {...}` in runner.cu).
  void link() {
    if (Units < 2)
      return;
    for (const FunctionDecl *F : Functions) {
      std::string Name = mangled(F);
      if (Name.empty())
        continue;
      std::vector<const FunctionDecl *> &Defs = ByName[Name];
      // One body per unit: an inline function in a shared header is
      // defined in every file that includes it, all alike (the ODR).
      bool SameUnit = false;
      for (const FunctionDecl *D : Defs)
        SameUnit |= &D->getASTContext() == &F->getASTContext();
      if (!SameUnit)
        Defs.push_back(F);
    }
    for (const VarDecl *V : GlobalDefs)
      GlobalsByName[mangled(V)].push_back(V);
    // A function called from another file is not a root of its own.
    std::set<const FunctionDecl *> Resolved;
    for (const FunctionDecl *F : Referenced)
      if (const FunctionDecl *D = definition(F))
        Resolved.insert(D->getCanonicalDecl());
    // Nor is a function of a file that another file #includes (Rodinia's
    // 3D.cu includes opt1.cu): the copy one unit calls is the other's.
    std::map<std::string, std::vector<const FunctionDecl *>> ByPlace;
    for (const FunctionDecl *F : Functions)
      ByPlace[placeOf(F)].push_back(F);
    for (const FunctionDecl *F : Referenced) {
      const FunctionDecl *Def = nullptr;
      if (!F->hasBody(Def))
        continue;
      for (const FunctionDecl *Copy : ByPlace[placeOf(Def)])
        Resolved.insert(Copy->getCanonicalDecl());
    }
    Referenced.insert(Resolved.begin(), Resolved.end());
  }

  /// F's body: its own, or the one definition another unit has of it.
  const FunctionDecl *definition(const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (F->hasBody(Def) && Def->getBody())
      return Def;
    const std::vector<const FunctionDecl *> *Defs = definitions(F);
    if (!Defs || Defs->size() != 1 || !Defs->front()->getBody())
      return nullptr;
    return Defs->front();
  }
  /// The one definition in another unit of a global this unit declares
  /// `extern` (`extern "C" const uint MIN_SIZE;` beside scan.cu's
  /// `... MIN_SIZE = 4;`); null when there is none or several.
  const VarDecl *globalDefinition(const VarDecl *V) {
    if (GlobalsByName.empty() || !V->isExternallyVisible())
      return nullptr;
    auto It = GlobalsByName.find(mangled(V));
    if (It == GlobalsByName.end() || It->second.size() != 1)
      return nullptr;
    return It->second.front();
  }
  /// The kernel a module loaded at run time names ("VecAdd_kernel" in
  /// cuModuleGetFunction): the one __global__ definition of that name in
  /// the files given; null (Why says so) when there is none or several.
  const FunctionDecl *kernelNamed(llvm::StringRef Name, std::string &Why) {
    std::vector<const FunctionDecl *> Found;
    for (const FunctionDecl *F : Functions)
      if (F->hasAttr<CUDAGlobalAttr>() && F->getDeclName().isIdentifier() &&
          F->getName() == Name && !F->isTemplateInstantiation())
        Found.push_back(F);
    if (Found.size() == 1)
      return Found.front();
    Why = Found.empty() ? "no kernel named '" + Name.str() +
                              "' in the files given (the module is loaded at "
                              "run time; give its .cu file too)"
                        : "several kernels are named '" + Name.str() + "'";
    return nullptr;
  }
  /// "a.cu and b.cu" when several units define F (several programs given
  /// together), else empty.
  std::string ambiguity(const FunctionDecl *F) {
    const std::vector<const FunctionDecl *> *Defs = definitions(F);
    if (!Defs || Defs->size() < 2 || F->hasBody())
      return "";
    std::string Out;
    for (size_t I = 0; I < Defs->size(); ++I)
      Out += (I == 0                  ? ""
              : I + 1 == Defs->size() ? " and "
                                      : ", ") +
             fileOf((*Defs)[I]);
    return Out;
  }
  unsigned Units = 0;

  std::vector<const FunctionDecl *> Functions; ///< with bodies, in order
  std::set<const FunctionDecl *> Referenced;

private:
  template <typename Traverse> bool traverseFn(FunctionDecl *FD, Traverse T) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
      Functions.push_back(FD);
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = T();
    Current = Saved;
    return R;
  }
  void refer(const FunctionDecl *F) {
    if (!F)
      return;
    F = F->getCanonicalDecl();
    if (Current && Current->getCanonicalDecl() != F)
      Referenced.insert(F);
    if (Current)
      Callees[Current->getCanonicalDecl()].insert(F);
  }
  const std::vector<const FunctionDecl *> *definitions(const FunctionDecl *F) {
    if (ByName.empty())
      return nullptr;
    auto It = ByName.find(mangled(F));
    return It == ByName.end() ? nullptr : &It->second;
  }
  /// The linker's name of F; empty for what no other unit can call.
  std::string mangled(const FunctionDecl *F) {
    if (isa<CXXDestructorDecl>(F) || F->hasAttr<CUDAGlobalAttr>() ||
        F->isDependentContext() || !F->isExternallyVisible())
      return "";
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
      return mangledName(F, GlobalDecl(Ctor, Ctor_Complete));
    return mangledName(F, GlobalDecl(F));
  }
  /// The linker's name of a global variable.
  std::string mangled(const VarDecl *V) {
    return mangledName(V, GlobalDecl(V));
  }
  std::string mangledName(const NamedDecl *D, GlobalDecl G) {
    auto &MC = Manglers[&D->getASTContext()];
    if (!MC)
      MC.reset(
          const_cast<ASTContext &>(D->getASTContext()).createMangleContext());
    if (!MC->shouldMangleDeclName(D))
      return D->getName().str();
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    MC->mangleName(G, OS);
    return Name;
  }
  bool reaches(const FunctionDecl *F, std::set<const FunctionDecl *> &Seen) {
    F = F->getCanonicalDecl();
    if (!Seen.insert(F).second)
      return false;
    // Declared here, defined in another unit.
    if (!F->hasBody())
      if (const FunctionDecl *D = definition(F))
        return reaches(D, Seen);
    for (const FunctionDecl *L : Launching)
      if (L->getCanonicalDecl() == F)
        return true;
    for (const FunctionDecl *C : Callees[F])
      if (reaches(C, Seen))
        return true;
    return false;
  }

  const FunctionDecl *Current = nullptr;
  std::map<std::string, std::vector<const FunctionDecl *>> ByName;
  std::vector<const VarDecl *> GlobalDefs;
  std::map<std::string, std::vector<const VarDecl *>> GlobalsByName;
  std::map<const ASTContext *, std::unique_ptr<MangleContext>> Manglers;
  std::set<const FunctionDecl *> Launching;
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> Callees;
};

class Interpreter;

/// The interpreter's values at a launch, for buildLaunchSpec.
class InterpretedValues : public LaunchValues {
public:
  explicit InterpretedValues(Interpreter &I) : I(I) {}
  std::optional<Rational> scalar(const clang::Expr *E,
                                 std::string &Why) override;
  std::array<std::optional<Rational>, 3> dim3(const clang::Expr *E,
                                              std::string &Why) override;
  void fields(const clang::Expr *E, const std::string &Prefix,
              std::map<std::string, Rational> &Out) override;
  const FunctionDecl *kernel(const clang::Expr *E) override;
  std::optional<Rational> pointee(const clang::Expr *Array, unsigned Index,
                                  std::string &Why) override;
  const FunctionDecl *fieldKernel(const clang::Expr *Struct,
                                  llvm::StringRef Field) override;
  std::optional<Rational> fieldPointee(const clang::Expr *Struct,
                                       llvm::StringRef Field, unsigned Index,
                                       std::string &Why) override;

private:
  /// The value at a dotted field path of a struct (members of anonymous
  /// unions found by name, as C++ does); null when not held.
  HostSlot field(const clang::Expr *Struct, llvm::StringRef Path);
  /// Entry Index of the `void *[]` array that A points into, as a number.
  std::optional<Rational> pointeeOf(const HostValue &A, unsigned Index,
                                    std::string &Why, const std::string &What);
  Interpreter &I;
};

class Interpreter {
public:
  Interpreter(const HostRunOptions &Options, CallGraph &Graph, bool Program)
      : Options(Options), Graph(Graph), Program(Program) {}

  /// Runs F with unknown parameters (main: argc/argv as the program runs).
  /// False when the run went over its budget: its launches are dropped.
  bool runRoot(const FunctionDecl *F, std::vector<InterpretedLaunch> &Out);
  std::string StopNote; ///< the last exit() ("exits at a.cu:12")
  std::string MainStop; ///< why main ended early, if it did
  /// The return statement main left by, and the launch sites after it that
  /// it therefore skips.
  const ReturnStmt *MainReturn = nullptr;
  bool RunningMain = false;
  /// Iterations left to a nest of loops without launches that runs as
  /// written (a 9x9 mask counted into a size); unset outside such a nest.
  std::optional<uint64_t> DataNestLeft;
  bool DataNestSpent = false;
  /// Nests that ran out once (a matrix check called per launch): summarised
  /// from then on without trying again.
  std::set<const Stmt *> LargeDataNests;
  /// A large nest's own loop, run with the loops inside it summarised (the
  /// argv loop of Rodinia's gaussian, whose `-s` fills a matrix).
  const Stmt *NestOuter = nullptr;
  bool NestOuterCapped = false;          ///< it ran past NestOuterTrips
  std::set<const Stmt *> LongNestOuters; ///< and is summarised from then on
  /// How often each ran so: a nest met again and again (a check inside a
  /// timing loop) is data work, summarised after NestOuterRunsPerLoop.
  std::map<const Stmt *, unsigned> NestOuterRuns;
  std::set<const CallExpr *> Reached;

  HostValue eval(const clang::Expr *E);
  /// The translation unit of the function running now: each function's
  /// own, so that a call into another file reads that file's source.
  const ASTContext &ctx() const {
    return Stack.empty() ? *RootCtx : Stack.back()->Fn->getASTContext();
  }
  const SourceManager &sm() const { return ctx().getSourceManager(); }
  /// The source of E as the user wrote it: inside a macro's expansion
  /// (`MIN(a, b)`), the macro's use.
  std::string text(const clang::Expr *E) const {
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), sm(),
        ctx().getLangOpts());
    if (Range.isInvalid())
      Range = sm().getExpansionRange(E->getSourceRange());
    return Lexer::getSourceText(Range, sm(), ctx().getLangOpts()).str();
  }
  std::string where(SourceLocation L) const {
    PresumedLoc P = sm().getPresumedLoc(sm().getExpansionLoc(L));
    if (!P.isValid())
      return "?";
    return llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine());
  }

private:
  enum class Flow { Normal, Break, Continue, Return, Stop };
  struct Frame {
    const FunctionDecl *Fn = nullptr;
    std::map<const ValueDecl *, HostSlot> Vars;
    HostSlot This;
    HostValue Ret;
    std::string Label;
  };

  Flow exec(const Stmt *S);
  Flow execLoop(const Stmt *Loop, const Stmt *Init, const clang::Expr *Cond,
                const clang::Expr *Inc, const Stmt *Body, bool CondFirst);
  /// A nest of loops without launches, run within DataLoopLimit iterations
  /// in all, or undone and its writes made unknown.
  Flow execDataNest(const Stmt *Loop, const Stmt *Init, const clang::Expr *Cond,
                    const clang::Expr *Inc, const Stmt *Body, bool CondFirst);
  /// A nest too large to run: its own loop runs (within DataLoopLimit
  /// iterations) while every loop without launches inside it is summarised,
  /// so that what the outer loop sets itself stays known.
  Flow execNestOuter(const Stmt *Loop, const Stmt *Init,
                     const clang::Expr *Cond, const clang::Expr *Inc,
                     const Stmt *Body, bool CondFirst);
  Flow runIterations(const Stmt *Loop, const clang::Expr *Cond,
                     const clang::Expr *Inc, const Stmt *Body, bool CondFirst,
                     bool Launches, uint64_t Limit);
  Flow execRangeFor(const CXXForRangeStmt *F);
  Flow execBranch(const clang::Expr *CondExpr, const Stmt *Then,
                  const Stmt *Else);
  Flow execSwitch(const SwitchStmt *S);
  Flow execSwitchBody(const SwitchStmt *S);
  void summariseLoop(const Stmt *Loop, const Stmt *Body, const clang::Expr *Inc,
                     std::optional<Rational> Count, const std::string &Why);
  /// What S writes becomes unknown; with OnlyCarried (the body of loop S),
  /// only what the loop's iterations carry to the next.
  void havoc(const Stmt *S, const std::string &Why,
             const Stmt *OnlyCarried = nullptr);
  void declare(const VarDecl *V);

  HostSlot lvalue(const clang::Expr *E, std::string &Why);
  HostSlot variable(const ValueDecl *D);
  HostValue load(const clang::Expr *E);
  HostValue evalImpl(const clang::Expr *E);
  HostValue binary(const clang::BinaryOperator *B);
  HostValue unary(const UnaryOperator *U);
  HostValue cast(const CastExpr *C);
  /// `(T *)malloc(bytes)` / calloc with a known size: an array of
  /// bytes / sizeof(T) elements; nullopt when C is no such cast.
  std::optional<HostValue> heapArray(const CastExpr *C);
  HostValue callExpr(const CallExpr *C);
  HostValue invoke(const FunctionDecl *F, llvm::ArrayRef<const clang::Expr *>,
                   HostSlot This, const CallExpr *Site);
  HostValue construct(const CXXConstructExpr *C);
  HostValue initList(const InitListExpr *L);
  HostValue defaultValue(QualType T, const std::string &Why);
  /// size, length, empty, c_str, compare of a std::string known here.
  std::optional<HostValue> stringMethod(const CXXMemberCallExpr *C,
                                        HostSlot Object);
  HostValue vectorMethod(const CXXMemberCallExpr *C, HostSlot Object);
  HostValue unknownCall(const CallExpr *C, const std::string &Name);
  /// cuModuleGetFunction(&f, module, "name"): f holds the kernel of that
  /// name in the files given.
  void moduleFunction(llvm::ArrayRef<const clang::Expr *> Args,
                      const CallExpr *Site);
  void assign(HostSlot To, const HostValue &V, QualType T);
  HostValue coerce(HostValue V, QualType T) const;
  void recordLaunch(const CallExpr *Call);
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
  Snapshot snapshot(const Stmt *A, const Stmt *B);
  std::map<std::pair<const Stmt *, const Stmt *>,
           std::vector<const ValueDecl *>>
      NamedIn;
  void collect(const HostSlot &S, Snapshot &Out) const;
  void restore(const Snapshot &S);
  /// What a loop's iterations are undone to: the state and the entries.
  struct LoopStart {
    Snapshot State;
    size_t Recorded = 0;
    std::vector<std::optional<Rational>> Counts;
  };
  LoopStart loopStart(const Stmt *Loop);
  void undo(const LoopStart &Start);
  void join(const Snapshot &Other, const std::string &Why);

  bool launchesIn(const Stmt *S);
  void runNotTaken(const clang::Expr *CondExpr, bool Value, const Stmt *S);
  void runCounterfactual(const std::string &Condition, const Stmt *Scope,
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
  /// cudaOccupancyMaxPotentialBlockSize, answered by Options.Occupancy.
  HostValue occupancy(llvm::StringRef Name,
                      llvm::ArrayRef<const clang::Expr *> Args,
                      const CallExpr *Site);
  /// A global the C library declares (`optind`, `optarg`) as a slot.
  HostSlot libraryGlobal(llvm::StringRef Name);
  const ASTContext *RootCtx = nullptr;
  const HostRunOptions &Options;
  CallGraph &Graph;
  bool Program; ///< several translation units run as one program
  std::map<const Stmt *, bool> LaunchesIn;
  /// How many branches the program does not take are around the current
  /// statement.
  unsigned Counterfactual = 0;
  std::vector<Frame *> Stack;
  std::map<const VarDecl *, HostSlot> Globals;
  /// Conditions not known around the current statement.
  std::vector<std::string> Conditions;
  /// Trip counts of the summarised loops around the current statement.
  std::vector<std::optional<Rational>> Multipliers;
  std::vector<std::string> Assumptions;
  std::vector<InterpretedLaunch> *Out = nullptr;
  uint64_t Steps = 0;
  bool OverBudget = false;
  uint64_t Limit = StepBudget; ///< lower inside a branch not taken
  bool Stopped = false;        ///< exit() was called
  const ValueDecl *Argc = nullptr, *Argv = nullptr; ///< main's
  /// A branch on a value not known that may leave the loop around it early
  /// (`if (residual < tol) break;`): the loop's trip count is then not known.
  struct EarlyExit {
    const clang::Expr *Cond = nullptr;
    Flow How = Flow::Normal;
  } Exit;
  /// Functions handed to a function that is not here (glutDisplayFunc,
  /// pthread_create, atexit), with the call that registers them: the
  /// library calls them back after the root's own code has run.
  std::vector<std::pair<const FunctionDecl *, std::string>> Callbacks;
  void noteCallbacks(const CallExpr *C, const std::string &Name);
  void runCallbacks();
};

std::string numberText(const HostValue &V) {
  if (!V.isNumber())
    return "?";
  if (V.Num.isInteger())
    return V.Num.str();
  return formatDouble(V.Num.toDouble());
}

bool Interpreter::runRoot(const FunctionDecl *F,
                          std::vector<InterpretedLaunch> &Result) {
  Steps = 0;
  OverBudget = false;
  Stopped = false;
  Globals.clear();
  Assumptions.clear();
  Getopt.reset();
  std::vector<InterpretedLaunch> Launches;
  Out = &Launches;
  RootCtx = &F->getASTContext();
  Frame Root;
  Root.Fn = F;
  Root.Label = F->getNameAsString();
  if (Program)
    Root.Label += " (" + fileOf(F) + ")";
  bool IsMain = F->isMain();
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    HostValue V;
    if (IsMain && I < 2)
      (I == 0 ? Argc : Argv) = P;
    if (IsMain && I == 0) {
      V = HostValue::number(
          Rational(int64_t(Options.Args ? Options.Args->size() + 1 : 1)));
    } else if (IsMain && I == 1) {
      std::vector<HostValue> Argv{HostValue::string("program")};
      if (Options.Args)
        for (const std::string &A : *Options.Args)
          Argv.push_back(HostValue::string(A));
      Argv.push_back(HostValue::number(Rational(0))); // argv[argc] == NULL
      HostValue Array = HostValue::aggregate(std::move(Argv), true);
      V = HostValue::pointer(std::make_shared<HostValue>(std::move(Array)));
    } else {
      V = HostValue::unknown(
          "'" + P->getName().str() + "' is a parameter of '" +
          F->getNameAsString() + "', which nothing in " +
          (Program ? "these files" : "this file") + " calls");
    }
    Root.Vars[P] = std::make_shared<HostValue>(std::move(V));
  }
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isInstance())
    Root.This = std::make_shared<HostValue>(
        defaultValue(ctx().getCanonicalTagType(M->getParent()),
                     "a member of the object '" + F->getNameAsString() +
                         "' runs on, which nothing in this file creates"));
  Callbacks.clear();
  Stack.push_back(&Root);
  RunningMain = IsMain;
  Flow R = exec(F->getBody());
  RunningMain = false;
  Stack.pop_back();
  if (Stopped)
    R = Flow::Stop;
  if (!OverBudget)
    runCallbacks();
  Out = nullptr;
  if (OverBudget)
    return false;
  if (IsMain && R == Flow::Stop)
    MainStop = StopNote.empty() ? "the program stops earlier" : StopNote;
  for (InterpretedLaunch &L : Launches)
    Result.push_back(std::move(L));
  return true;
}

void Interpreter::noteCallbacks(const CallExpr *C, const std::string &Name) {
  if (Counterfactual)
    return;
  for (const clang::Expr *A : C->arguments()) {
    const clang::Expr *Arg = A->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Arg);
        U && U->getOpcode() == UO_AddrOf)
      Arg = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
    const auto *Fn = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    const FunctionDecl *Def = Fn ? Graph.definition(Fn) : nullptr;
    if (!Def || Def->hasAttr<CUDAGlobalAttr>() || !Graph.reachesLaunch(Def))
      continue;
    if (llvm::none_of(Callbacks,
                      [&](const auto &CB) { return CB.first == Def; }))
      Callbacks.push_back(
          {Def, "'" + Name + "' at " + where(C->getBeginLoc())});
  }
}

/// Each callback once, after the root, with the globals as the root left
/// them and its parameters unknown; how often the library calls it is not
/// known, so its launches have no count.
void Interpreter::runCallbacks() {
  constexpr size_t MaxCallbacks = 16;
  for (size_t I = 0; I < Callbacks.size() && I < MaxCallbacks && !OverBudget;
       ++I) {
    auto [Fn, By] = Callbacks[I];
    Frame F;
    F.Fn = Fn;
    F.Label = Fn->getNameAsString() + " (called back by " + By + ")";
    for (const ParmVarDecl *P : Fn->parameters())
      F.Vars[P] = std::make_shared<HostValue>(HostValue::unknown(
          "'" + P->getName().str() + "' is a parameter of '" +
          Fn->getNameAsString() + "', which " + By + " calls back"));
    Stopped = false;
    Multipliers.push_back(std::nullopt);
    Conditions.push_back("runs when " + By + " calls '" +
                         Fn->getNameAsString() +
                         "' back; how often is not known");
    Stack.push_back(&F);
    exec(Fn->getBody());
    Stack.pop_back();
    Conditions.pop_back();
    Multipliers.pop_back();
  }
}

//===-- Statements --------------------------------------------------------===//

Interpreter::Flow Interpreter::exec(const Stmt *S) {
  if (!S || !step())
    return OverBudget ? Flow::Stop : Flow::Normal;
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body()) {
      Flow F = exec(Child);
      if (F != Flow::Normal)
        return F;
    }
    return Flow::Normal;
  }
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Each : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Each))
        declare(V);
    return Flow::Normal;
  }
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    eval(E);
    return OverBudget || Stopped ? Flow::Stop : Flow::Normal;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->isConsteval())
      return exec(If->getElse());
    if (If->getInit())
      exec(If->getInit());
    if (const VarDecl *CV = If->getConditionVariable())
      declare(CV);
    return execBranch(If->getCond(), If->getThen(), If->getElse());
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    if (const VarDecl *CV = For->getConditionVariable())
      declare(CV);
    return execLoop(For, For->getInit(), For->getCond(), For->getInc(),
                    For->getBody(), true);
  }
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return execLoop(W, nullptr, W->getCond(), nullptr, W->getBody(), true);
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return execLoop(Do, nullptr, Do->getCond(), nullptr, Do->getBody(), false);
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S))
    return execRangeFor(RF);
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return execSwitch(Sw);
  if (isa<BreakStmt>(S))
    return Flow::Break;
  if (isa<ContinueStmt>(S))
    return Flow::Continue;
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue())
      Stack.back()->Ret = eval(Ret->getRetValue()).deepCopy();
    if (RunningMain && Stack.size() == 1 && !Counterfactual)
      MainReturn = Ret;
    return Flow::Return;
  }
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return exec(L->getSubStmt());
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return exec(A->getSubStmt());
  if (const auto *T = dyn_cast<CXXTryStmt>(S))
    return exec(T->getTryBlock());
  // goto, asm and the like: what they change is not followed.
  return Flow::Normal;
}

void Interpreter::declare(const VarDecl *V) {
  QualType T = V->getType();
  HostSlot Slot;
  if (T->isReferenceType() && V->getInit()) {
    std::string Why;
    Slot = lvalue(V->getInit(), Why);
  }
  if (!Slot) {
    HostValue Init = V->getInit() ? eval(V->getInit())
                                  : defaultValue(T, "'" + V->getName().str() +
                                                        "' is not initialised");
    Slot = std::make_shared<HostValue>(coerce(Init.deepCopy(), T));
  }
  if (V->isStaticLocal() && Globals.count(V))
    return; // initialised once
  if (V->isStaticLocal())
    Globals[V] = Slot;
  else
    Stack.back()->Vars[V] = Slot;
}

Interpreter::Flow Interpreter::execBranch(const clang::Expr *CondExpr,
                                          const Stmt *Then, const Stmt *Else) {
  HostValue Cond = eval(CondExpr);
  if (OverBudget)
    return Flow::Stop;
  if (Cond.isNumber()) {
    bool Taken = !Cond.Num.isZero();
    runNotTaken(CondExpr, Taken, Taken ? Else : Then);
    return exec(Taken ? Then : Else);
  }
  if (Cond.K == HostValue::Kind::Pointer || Cond.K == HostValue::Kind::String)
    return exec(Then); // a non-null pointer
  // Not known: both sides run, and what they disagree on becomes unknown.
  std::string What =
      "`" + text(CondExpr) + "` at " + where(CondExpr->getBeginLoc());
  std::string Detail =
      " (" + (Cond.Text.empty() ? "known only at run time" : Cond.Text) + ")";
  Snapshot Before = snapshot(Then, Else);
  bool WasStopped = Stopped;
  Conditions.push_back("runs only when " + What + " holds" + Detail);
  Flow A = exec(Then);
  bool StopA = Stopped;
  Stopped = WasStopped;
  Snapshot AfterThen = snapshot(Then, Else);
  restore(Before);
  Conditions.back() = "runs only when " + What + " does not hold" + Detail;
  Flow B = exec(Else);
  Conditions.pop_back();
  if (OverBudget)
    return Flow::Stop;
  // A side that leaves (exit, return, break: an error check) leaves the
  // other side's values; where both go on, what they disagree on is unknown.
  bool LeavesA = A != Flow::Normal, LeavesB = B != Flow::Normal;
  if (LeavesA && LeavesB) {
    Stopped = StopA && Stopped;
    return A == B ? A : (A == Flow::Stop ? B : A);
  }
  if (Flow Leaves = LeavesA ? A : B;
      Leaves == Flow::Break || Leaves == Flow::Return)
    Exit = {CondExpr, Leaves};
  if (LeavesB)
    restore(AfterThen);
  else if (!LeavesA)
    join(AfterThen, "depends on " + What + Detail);
  Stopped = WasStopped;
  return Flow::Normal;
}

/// Launch sites in S, or calls of functions that reach one.
class LaunchSearch : public RecursiveASTVisitor<LaunchSearch> {
public:
  explicit LaunchSearch(CallGraph &Graph) : Graph(Graph) {}
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    Found = true;
    return false;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee();
        F && (launchApiOf(F) != LaunchApi::None || Graph.reachesLaunch(F)))
      Found = true;
    return !Found;
  }
  bool Found = false;

private:
  CallGraph &Graph;
};

/// Whether S holds a loop.
bool loopsIn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (loopsIn(Child))
      return true;
  return false;
}

bool Interpreter::launchesIn(const Stmt *S) {
  if (!S)
    return false;
  auto It = LaunchesIn.find(S);
  if (It != LaunchesIn.end())
    return It->second;
  LaunchSearch Search(Graph);
  Search.TraverseStmt(const_cast<Stmt *>(S));
  return LaunchesIn[S] = Search.Found;
}

/// A branch the program does not take, with launches in it: its launches
/// are entries too, with the sizes they would have here and a count of 0,
/// so that a kernel the run skips still gets numbers.
void Interpreter::runNotTaken(const clang::Expr *CondExpr, bool Value,
                              const Stmt *S) {
  if (Counterfactual >= MaxCounterfactualDepth || !launchesIn(S))
    return;
  runCounterfactual(std::string(NotRunPrefix) + "`" + text(CondExpr) + "` at " +
                        where(CondExpr->getBeginLoc()) + " is " +
                        (Value ? "true" : "false") + " when it gets here",
                    S, [&] { exec(S); });
}

void Interpreter::runCounterfactual(const std::string &Condition,
                                    const Stmt *Scope,
                                    llvm::function_ref<void()> Run) {
  Snapshot Before = snapshot(Scope, nullptr);
  bool WasStopped = Stopped;
  // A `return` in the branch is not the function's.
  std::optional<HostValue> Ret;
  if (!Stack.empty())
    Ret = Stack.back()->Ret;
  EarlyExit OuterExit = Exit;
  ++Counterfactual;
  Multipliers.push_back(Rational(0));
  Conditions.push_back(Condition);
  // A branch not taken gets a share of the budget: past it (a benchmark
  // sweep behind a flag) its count-0 entries are dropped, not the run.
  size_t Recorded = Out ? Out->size() : 0;
  uint64_t SavedLimit = Limit;
  Limit = std::min(Limit, Steps + CounterfactualBudget);
  Run();
  if (OverBudget && Limit < SavedLimit) {
    OverBudget = false;
    if (Out)
      Out->resize(Recorded);
  }
  Limit = SavedLimit;
  Conditions.pop_back();
  Multipliers.pop_back();
  --Counterfactual;
  Exit = OuterExit;
  if (Ret)
    Stack.back()->Ret = *Ret;
  Stopped = WasStopped;
  restore(Before);
}

Interpreter::Flow Interpreter::execSwitch(const SwitchStmt *S) {
  // A `break` in a case leaves the switch, not the loop around it.
  EarlyExit Outer = Exit;
  Exit = {};
  Flow F = execSwitchBody(S);
  if (!Exit.Cond || Exit.How == Flow::Break)
    Exit = Outer;
  return F;
}

Interpreter::Flow Interpreter::execSwitchBody(const SwitchStmt *S) {
  if (S->getInit())
    exec(S->getInit());
  HostValue Cond = eval(S->getCond());
  const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
  if (!Cond.isNumber() || !Body) {
    havoc(S, "`" + text(S->getCond()) + "` at " + where(S->getBeginLoc()) +
                 " is not known");
    return Flow::Normal;
  }
  // The cases the program does not take, with launches in them: entries
  // of count 0 with the case's value for the condition (`switch (threads)`
  // `case 128: reduce<128><<<...>>>`), as a branch not taken.
  if (Counterfactual < MaxCounterfactualDepth) {
    const auto *Var =
        dyn_cast<DeclRefExpr>(S->getCond()->IgnoreParenImpCasts());
    const auto &Children = Body->body();
    const Stmt *const *Begin = Children.begin();
    for (const Stmt *const *It = Begin; It != Children.end(); ++It) {
      const auto *Case = dyn_cast<CaseStmt>(*It);
      if (!Case || Case->getRHS())
        continue;
      HostValue V = eval(Case->getLHS());
      if (!V.isNumber() || V.Num == Cond.Num)
        continue;
      // A case runs on from its label to a `break`: its launch can be
      // statements after the first (`cudaFuncSetAttribute(...); k<<<>>>`).
      bool Launches = false;
      for (const Stmt *const *J = It; J != Children.end() && !Launches; ++J) {
        Launches = launchesIn(*J);
        if (J != It && isa<BreakStmt>(*J))
          break;
      }
      if (!Launches)
        continue;
      runCounterfactual(
          std::string(NotRunPrefix) + "`" + text(S->getCond()) + "` at " +
              where(S->getBeginLoc()) + " is " + numberText(Cond) + ", not " +
              numberText(V) + ", when it gets here",
          S, [&] {
            std::string Why;
            if (HostSlot Slot = Var ? lvalue(Var, Why) : nullptr)
              *Slot = coerce(V, Var->getType());
            for (const Stmt *const *J = It; J != Children.end(); ++J) {
              const Stmt *Inner = *J;
              while (true) {
                if (const auto *C = dyn_cast<CaseStmt>(Inner))
                  Inner = C->getSubStmt();
                else if (const auto *D = dyn_cast<DefaultStmt>(Inner))
                  Inner = D->getSubStmt();
                else
                  break;
              }
              if (exec(Inner) != Flow::Normal)
                break;
            }
          });
    }
  }
  // Fall through from the matching case (or default) to a break.
  bool Running = false;
  for (int Pass = 0; Pass < 2 && !Running; ++Pass)
    for (const Stmt *Child : Body->body()) {
      const Stmt *Inner = Child;
      while (true) {
        if (const auto *Case = dyn_cast<CaseStmt>(Inner)) {
          if (!Running && Pass == 0) {
            HostValue V = eval(Case->getLHS());
            Running = V.isNumber() && V.Num == Cond.Num;
          }
          Inner = Case->getSubStmt();
        } else if (const auto *Def = dyn_cast<DefaultStmt>(Inner)) {
          if (Pass == 1)
            Running = true;
          Inner = Def->getSubStmt();
        } else {
          break;
        }
      }
      if (!Running)
        continue;
      Flow F = exec(Inner);
      if (F == Flow::Break)
        return Flow::Normal;
      if (F != Flow::Normal)
        return F;
    }
  return Flow::Normal;
}

/// `for (i = a; i < b; i += c)` with i not changed in the body: the number
/// of iterations from the values at the loop's start.
std::optional<Rational> tripCount(Interpreter &I, const clang::Expr *Cond,
                                  const clang::Expr *Inc, const Stmt *Body) {
  const auto *C = dyn_cast_or_null<clang::BinaryOperator>(
      Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!C || !C->isComparisonOp() || !Inc)
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(C->getLHS()->IgnoreParenImpCasts());
  if (!Ref)
    return std::nullopt;
  std::set<const ValueDecl *> InBody;
  collectAssignedVars(Body, InBody);
  if (InBody.count(Ref->getDecl()))
    return std::nullopt;
  std::optional<Rational> Step;
  Inc = Inc->IgnoreParenImpCasts();
  // `i++, i2++`: the one that steps the variable the condition tests.
  auto steps = [&](const clang::Expr *E) {
    const clang::Expr *Target = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      Target = U->getSubExpr();
    else if (const auto *A = dyn_cast<CompoundAssignOperator>(E))
      Target = A->getLHS();
    const auto *R =
        Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    return R && R->getDecl() == Ref->getDecl();
  };
  while (const auto *Comma = dyn_cast<clang::BinaryOperator>(Inc)) {
    if (Comma->getOpcode() != BO_Comma)
      break;
    const clang::Expr *L = Comma->getLHS()->IgnoreParenImpCasts();
    Inc = steps(L) ? L : Comma->getRHS()->IgnoreParenImpCasts();
  }
  if (!steps(Inc))
    return std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (U->isIncrementDecrementOp())
      Step = Rational(U->isIncrementOp() ? 1 : -1);
  } else if (const auto *A = dyn_cast<CompoundAssignOperator>(Inc)) {
    HostValue S = I.eval(A->getRHS());
    if (S.isNumber() &&
        (A->getOpcode() == BO_AddAssign || A->getOpcode() == BO_SubAssign))
      Step = A->getOpcode() == BO_AddAssign ? S.Num : -S.Num;
  }
  HostValue From = I.eval(C->getLHS()), To = I.eval(C->getRHS());
  if (!Step || Step->isZero() || !From.isNumber() || !To.isNumber())
    return std::nullopt;
  Rational Span = To.Num - From.Num;
  switch (C->getOpcode()) {
  case BO_LT:
  case BO_GT:
    break;
  case BO_LE:
    Span = Span + Rational(Step->isNegative() ? -1 : 1);
    break;
  case BO_GE:
    Span = Span - Rational(1);
    break;
  default:
    return std::nullopt;
  }
  Rational Trips = Span / *Step;
  if (Trips.isNegative())
    return Rational(0);
  return Rational(Trips.ceil(), 1);
}

Interpreter::Flow Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                                        const clang::Expr *Cond,
                                        const clang::Expr *Inc,
                                        const Stmt *Body, bool CondFirst) {
  if (Init)
    exec(Init);
  // A loop without launches only computes values; past a few hundred
  // iterations it is data work (pixels, elements), not launch sizes.
  bool Launches = launchesIn(Body);
  uint64_t Limit = Launches ? LoopUnrollLimit : DataLoopLimit;
  if (Loop == NestOuter)
    Limit = std::min(Limit, NestOuterTrips);
  // In a branch the program does not take every launch counts 0: a few
  // iterations give its entries their values (a benchmark's 100 timing
  // runs of one launch are one entry), the rest is summarised.
  if (Counterfactual > 0)
    Limit = std::min(Limit, CounterfactualLoopLimit);
  // Nested loops without launches walk data (rows by columns), unless
  // the whole nest is small (a 9x9 mask whose ones give a size): it runs
  // as written within one budget, else it is undone and summarised.
  if (NestOuter && Loop != NestOuter && !Launches) {
    havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
    return Flow::Normal;
  }
  if (!Launches && loopsIn(Body) && !DataNestLeft && Loop != NestOuter) {
    if (!LargeDataNests.count(Loop))
      return execDataNest(Loop, Init, Cond, Inc, Body, CondFirst);
    return execNestOuter(Loop, Init, Cond, Inc, Body, CondFirst);
  }
  std::optional<Rational> Trips = tripCount(*this, Cond, Inc, Body);
  // If the body can leave early on a value not known, the iterations run
  // so far are undone and the loop is summarised with no trip count.
  EarlyExit OuterExit = Exit;
  Exit = {};
  LoopStart Start = loopStart(Loop);
  Flow F = Flow::Normal;
  if (Trips && Rational(int64_t(Limit)) < *Trips) {
    if (Launches)
      summariseLoop(Loop, Body, Inc, Trips, "");
    else
      havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
  } else {
    F = runIterations(Loop, Cond, Inc, Body, CondFirst, Launches, Limit);
  }
  if (Exit.Cond && Launches && !OverBudget) {
    std::string Why = "`" + text(Exit.Cond) + "` at " +
                      where(Exit.Cond->getBeginLoc()) + " can leave it early";
    if (Trips)
      Why += " (at most " + Trips->str() + " iterations)";
    undo(Start);
    summariseLoop(Loop, Body, Inc, std::nullopt, Why);
    F = Flow::Normal;
  }
  // A `return` that may happen leaves the loops around this one too.
  Exit = Exit.How == Flow::Return ? Exit : OuterExit;
  return F;
}

Interpreter::Flow Interpreter::execDataNest(const Stmt *Loop, const Stmt *Init,
                                            const clang::Expr *Cond,
                                            const clang::Expr *Inc,
                                            const Stmt *Body, bool CondFirst) {
  LoopStart Start = loopStart(Loop);
  DataNestLeft = DataLoopLimit;
  DataNestSpent = false;
  Flow F = execLoop(Loop, Init, Cond, Inc, Body, CondFirst);
  DataNestLeft.reset();
  if (DataNestSpent || OverBudget) {
    DataNestSpent = false;
    LargeDataNests.insert(Loop);
    undo(Start);
    if (OverBudget) {
      havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
      return Flow::Stop;
    }
    return execNestOuter(Loop, Init, Cond, Inc, Body, CondFirst);
  }
  return F;
}

Interpreter::Flow Interpreter::execNestOuter(const Stmt *Loop, const Stmt *Init,
                                             const clang::Expr *Cond,
                                             const clang::Expr *Inc,
                                             const Stmt *Body, bool CondFirst) {
  LoopStart Start = loopStart(Loop);
  if (Init)
    exec(Init);
  // Only a short outer loop (flags over argv, the channels of an image):
  // one over rows or list elements is data work like its nest.
  std::optional<Rational> Trips = tripCount(*this, Cond, Inc, Body);
  if (NestOuter || LongNestOuters.count(Loop) ||
      NestOuterRuns[Loop]++ >= NestOuterRunsPerLoop ||
      (Trips && Rational(int64_t(NestOuterTrips)) < *Trips)) {
    havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
    return Flow::Normal;
  }
  // Within a budget of its own: a loop that runs longer than it looks (its
  // body steps the counter too) is undone and summarised as before.
  uint64_t OuterLimit = Limit;
  Limit = std::min(Limit, Steps + NestOuterBudget);
  NestOuter = Loop;
  NestOuterCapped = false;
  Flow F = execLoop(Loop, nullptr, Cond, Inc, Body, CondFirst);
  NestOuter = nullptr;
  bool Spent = NestOuterCapped || (OverBudget && Steps <= OuterLimit);
  Limit = OuterLimit;
  if (!Spent)
    return F;
  OverBudget = false;
  LongNestOuters.insert(Loop);
  undo(Start);
  havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
  return Flow::Normal;
}

Interpreter::LoopStart Interpreter::loopStart(const Stmt *Loop) {
  LoopStart Start;
  Start.State = snapshot(Loop, nullptr);
  Start.Recorded = Out ? Out->size() : 0;
  if (Out)
    for (const InterpretedLaunch &L : *Out)
      Start.Counts.push_back(L.Spec.LaunchCount);
  return Start;
}

void Interpreter::undo(const LoopStart &Start) {
  if (Out) {
    Out->resize(Start.Recorded);
    for (size_t I = 0; I < Start.Recorded; ++I)
      (*Out)[I].Spec.LaunchCount = Start.Counts[I];
  }
  restore(Start.State);
}

Interpreter::Flow Interpreter::runIterations(const Stmt *Loop,
                                             const clang::Expr *Cond,
                                             const clang::Expr *Inc,
                                             const Stmt *Body, bool CondFirst,
                                             bool Launches, uint64_t Limit) {
  for (uint64_t Iteration = 0;; ++Iteration) {
    if (OverBudget || DataNestSpent)
      return Flow::Stop;
    if (DataNestLeft && (*DataNestLeft)-- == 0) {
      DataNestSpent = true;
      return Flow::Stop;
    }
    if (Cond && (CondFirst || Iteration > 0)) {
      HostValue C = eval(Cond);
      if (!C.isNumber()) {
        summariseLoop(Loop, Body, Inc, std::nullopt,
                      "`" + text(Cond) + "` at " + where(Cond->getBeginLoc()) +
                          " is not known" +
                          (C.Text.empty() ? "" : " (" + C.Text + ")"));
        return Flow::Normal;
      }
      if (C.Num.isZero())
        return Flow::Normal;
    }
    if (Iteration >= Limit) {
      NestOuterCapped |= Loop == NestOuter;
      if (!Launches) {
        havoc(Loop, "changes in the loop at " + where(Loop->getBeginLoc()));
        return Flow::Normal;
      }
      summariseLoop(Loop, Body, Inc, std::nullopt,
                    "the loop at " + where(Loop->getBeginLoc()) +
                        " runs more than " + std::to_string(Limit) + " times");
      return Flow::Normal;
    }
    Flow F = exec(Body);
    if (F == Flow::Break)
      return Flow::Normal;
    if (F == Flow::Return || F == Flow::Stop)
      return F;
    if (Inc)
      eval(Inc);
  }
}

Interpreter::Flow Interpreter::execRangeFor(const CXXForRangeStmt *F) {
  if (F->getInit())
    exec(F->getInit());
  std::string Why;
  HostSlot Range = lvalue(F->getRangeInit(), Why);
  HostValue Value = Range ? *Range : eval(F->getRangeInit());
  if (Value.K != HostValue::Kind::Aggregate) {
    summariseLoop(F, F->getBody(), nullptr, std::nullopt,
                  "the range `" + text(F->getRangeInit()) + "` at " +
                      where(F->getBeginLoc()) + " is not known");
    return Flow::Normal;
  }
  const VarDecl *Var = F->getLoopVariable();
  for (const HostSlot &Element : Value.Elems) {
    if (OverBudget)
      return Flow::Stop;
    Stack.back()->Vars[Var] = Var->getType()->isReferenceType()
                                  ? Element
                                  : std::make_shared<HostValue>(coerce(
                                        Element->deepCopy(), Var->getType()));
    Flow Result = exec(F->getBody());
    if (Result == Flow::Break)
      break;
    if (Result == Flow::Return || Result == Flow::Stop)
      return Result;
  }
  return Flow::Normal;
}

void Interpreter::summariseLoop(const Stmt *Loop, const Stmt *Body,
                                const clang::Expr *Inc,
                                std::optional<Rational> Count,
                                const std::string &Why) {
  // One pass over the body stands for all iterations: what the loop
  // changes is unknown inside and after it, and launches in it run Count
  // times.
  std::string Changes = "changes in the loop at " + where(Loop->getBeginLoc());
  std::vector<std::pair<HostSlot, std::string>> Inputs;
  {
    std::set<const ValueDecl *> Written;
    collectAssignedVars(Loop, Written);
    for (const ValueDecl *D : Written)
      if (HostSlot Slot = variable(D);
          Slot && Slot->K == HostValue::Kind::Unknown &&
          llvm::StringRef(Slot->Text).contains(" comes from "))
        Inputs.emplace_back(Slot, Slot->Text);
  }
  LoopStart Start = loopStart(Loop);
  havoc(Loop, Changes, /*OnlyCarried=*/Body);
  Multipliers.push_back(Count);
  if (!Count)
    Conditions.push_back("in a loop whose trip count is not known: " + Why);
  Flow F = exec(Body);
  if ((F == Flow::Break || F == Flow::Return) && Count != Rational(1)) {
    // The pass leaves the loop with what the loop carries not known, so
    // the first iteration leaves it: the body runs once, from the values
    // the loop starts with.
    if (!Count)
      Conditions.pop_back();
    undo(Start);
    Multipliers.back() = Rational(1);
    Count = Rational(1);
    exec(Body);
  }
  if (Inc)
    eval(Inc);
  if (!Count)
    Conditions.pop_back();
  Multipliers.pop_back();
  havoc(Loop, Changes);
  // A value read from input before the loop's count was lost
  // (`sscanf(line, "%u", &width)` on a line fgets read) keeps saying so:
  // that is what the user can act on (--bind width=...).
  for (const auto &[Slot, Reason] : Inputs)
    if (Slot->K == HostValue::Kind::Unknown)
      Slot->Text = Reason;
}

/// Whether S always leaves the loop it is in: `{ ...; break; }`.
bool leavesLoop(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->body_empty() ? nullptr : C->body_back();
  return S && (isa<BreakStmt>(S) || isa<ReturnStmt>(S));
}

/// What a loop writes that later iterations see: a write in a branch of
/// the body's top level that leaves the loop (`if (converged) { grid.x =
/// n; final<<<grid, ...>>>(); break; }`) is not seen by the iterations.
void collectCarriedWrites(const Stmt *Loop, const Stmt *Body,
                          std::set<const ValueDecl *> &Out) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C) {
    collectAssignedVars(Loop, Out);
    return;
  }
  for (const Stmt *Child : Loop->children())
    if (Child != Body)
      collectAssignedVars(Child, Out);
  for (const Stmt *S : C->body()) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If) {
      collectAssignedVars(S, Out);
      continue;
    }
    collectAssignedVars(If->getInit(), Out);
    collectAssignedVars(If->getCond(), Out);
    if (!leavesLoop(If->getThen()))
      collectAssignedVars(If->getThen(), Out);
    if (!leavesLoop(If->getElse()))
      collectAssignedVars(If->getElse(), Out);
  }
}

void Interpreter::havoc(const Stmt *S, const std::string &Why,
                        const Stmt *OnlyCarried) {
  std::set<const ValueDecl *> Written;
  if (OnlyCarried)
    collectCarriedWrites(S, OnlyCarried, Written);
  else
    collectAssignedVars(S, Written);
  for (const ValueDecl *D : Written)
    if (HostSlot Slot = variable(D)) {
      HostValue Old = *Slot;
      std::string Reason = "'" + D->getName().str() + "' " + Why;
      // A vector's length changes with it (`v.push_back(x)` in the loop).
      bool Resizable = isStdRecord(recordOf(D->getType()), "vector");
      if (Old.K == HostValue::Kind::Aggregate && !Resizable) {
        for (HostSlot &E : Slot->Elems)
          *E = HostValue::unknown(Reason);
      } else {
        *Slot = HostValue::unknown(Reason);
      }
    }
}

//===-- Snapshots of the state, for branches not known --------------------===//

void Interpreter::collect(const HostSlot &S, Snapshot &Out) const {
  if (!S || Out.count(S.get()))
    return;
  Out[S.get()] = {S, *S};
  for (const HostSlot &E : S->Elems)
    collect(E, Out);
  if (S->Target)
    collect(S->Target, Out);
}

/// Variables a statement names: what a branch can change, as far as the
/// values it hands its callees by reference or pointer go.
class NamedVariables : public RecursiveASTVisitor<NamedVariables> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (isa<VarDecl>(Ref->getDecl()))
      Names.insert(Ref->getDecl());
    return true;
  }
  std::set<const ValueDecl *> Names;
};

Interpreter::Snapshot Interpreter::snapshot(const Stmt *A, const Stmt *B) {
  auto &Names = NamedIn[{A, B}];
  if (Names.empty()) {
    NamedVariables V;
    V.TraverseStmt(const_cast<Stmt *>(A));
    V.TraverseStmt(const_cast<Stmt *>(B));
    Names = std::vector<const ValueDecl *>(V.Names.begin(), V.Names.end());
    Names.push_back(nullptr); // computed, even when empty
  }
  Snapshot Out;
  for (const ValueDecl *D : Names)
    if (D)
      if (HostSlot S = variable(D))
        collect(S, Out);
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
    if ((*It)->This) {
      collect((*It)->This, Out);
      break;
    }
  Steps += Out.size();
  return Out;
}

Interpreter::Snapshot Interpreter::snapshot() {
  Snapshot Out;
  for (const Frame *F : Stack) {
    for (const auto &[D, S] : F->Vars)
      collect(S, Out);
    collect(F->This, Out);
  }
  for (const auto &[D, S] : Globals)
    collect(S, Out);
  // Copying the state is work like any other: it counts toward the budget.
  Steps += Out.size();
  return Out;
}

void Interpreter::restore(const Snapshot &S) {
  for (const auto &[Raw, Saved] : S)
    *Saved.first = Saved.second;
}

void Interpreter::join(const Snapshot &Other, const std::string &Why) {
  for (const auto &[Raw, Saved] : Other) {
    const HostValue &Value = Saved.second;
    HostValue *Slot = Raw;
    bool Same = Value.K == Slot->K && Value.K != HostValue::Kind::Aggregate
                    ? Value.sameAs(*Slot)
                    : Value.K == HostValue::Kind::Aggregate &&
                          Value.Elems.size() == Slot->Elems.size();
    if (Value.K == HostValue::Kind::Aggregate && Same) {
      // Elements are slots of their own: compare them through Other.
      for (size_t I = 0; I < Value.Elems.size(); ++I) {
        auto It = Other.find(Value.Elems[I].get());
        const HostValue &A =
            It != Other.end() ? It->second.second : *Value.Elems[I];
        if (Value.Elems[I] != Slot->Elems[I] &&
            (A.K == HostValue::Kind::Aggregate || !A.sameAs(*Slot->Elems[I])))
          *Slot->Elems[I] = HostValue::unknown(Why);
      }
      continue;
    }
    if (!Same)
      *Slot = HostValue::unknown(Why);
  }
}

//===-- Expressions -------------------------------------------------------===//

HostSlot Interpreter::variable(const ValueDecl *D) {
  if (!Options.Args && (D == Argc || D == Argv)) {
    std::string A = "as the program runs without arguments (pass --args to "
                    "give some)";
    if (std::find(Assumptions.begin(), Assumptions.end(), A) ==
        Assumptions.end())
      Assumptions.push_back(A);
  }
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It) {
    auto Found = (*It)->Vars.find(D);
    if (Found != (*It)->Vars.end())
      return Found->second;
  }
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V || !V->hasGlobalStorage())
    return nullptr;
  // Declared `extern` here and defined in another file given: one variable.
  const VarDecl *Other = nullptr;
  if (!V->getDefinition() && !V->getAnyInitializer())
    if ((Other = Graph.globalDefinition(V)))
      V = Other;
  auto Found = Globals.find(V);
  if (Found != Globals.end())
    return Found->second;
  // A global starts at its initialiser, as the program does.
  const VarDecl *Def = V->getDefinition();
  const VarDecl *WithInit = nullptr;
  V->getAnyInitializer(WithInit);
  HostSlot Slot = std::make_shared<HostValue>();
  Globals[V] = Slot;
  if (Other) {
    // Another file's initialiser, as its compiler folds it.
    *Slot = HostValue::unknown("'" + V->getName().str() + "' is defined in " +
                               fileOf(V) + " as a value known at run time");
    if (!WithInit && V->getType()->isIntegralOrEnumerationType()) {
      *Slot = HostValue::number(Rational(0)); // zero-initialised
    } else if (const APValue *A =
                   WithInit ? WithInit->evaluateValue() : nullptr;
               A && A->isInt() && A->getInt().getSignificantBits() <= 64) {
      const llvm::APSInt &I = A->getInt();
      *Slot = HostValue::number(Rational(
          I.isSigned() ? I.getSExtValue() : int64_t(I.getZExtValue())));
    }
  } else if (WithInit)
    *Slot = coerce(eval(WithInit->getInit()).deepCopy(), V->getType());
  else if (Def && !V->hasExternalStorage()) {
    *Slot = defaultValue(V->getType(), "");
    zeroFill(*Slot);
  } else
    *Slot = HostValue::unknown("'" + V->getName().str() +
                               "' is defined in another file");
  return Slot;
}

/// Where `Base[Index]` is: the aggregate Base points into and the
/// element's place in it, when both are known and the place lies inside.
static std::optional<std::pair<HostSlot, int64_t>>
elementAt(const HostValue &Base, const HostValue &Index) {
  if (Base.K != HostValue::Kind::Pointer || !Base.Target ||
      Base.Target->K != HostValue::Kind::Aggregate || !Index.isNumber() ||
      !Index.Num.isInteger())
    return std::nullopt;
  int64_t At = Base.Offset + int64_t(Index.Num.num());
  if (At < 0 || At >= int64_t(Base.Target->Elems.size()))
    return std::nullopt;
  return std::make_pair(Base.Target, At);
}

HostSlot Interpreter::lvalue(const clang::Expr *E, std::string &Why) {
  E = E->IgnoreParens();
  // `(a < b) ? a : b` on lvalues (a MIN macro on int& parameters).
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    HostValue Cond = eval(C->getCond());
    if (Cond.isNumber())
      return lvalue(Cond.Num.isZero() ? C->getFalseExpr() : C->getTrueExpr(),
                    Why);
    Why = Cond.Text.empty() ? "`" + text(C->getCond()) + "` is not known"
                            : Cond.Text;
    return nullptr;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (HostSlot S = variable(Ref->getDecl()))
      return S;
    Why = "'" + Ref->getDecl()->getName().str() + "' is not followed";
    return nullptr;
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!Field)
      return nullptr;
    HostSlot Base;
    if (M->isArrow()) {
      HostValue P = eval(M->getBase());
      if (P.K == HostValue::Kind::Pointer && P.Target)
        Base = P.Target->Array && P.Offset < int64_t(P.Target->Elems.size()) &&
                       P.Offset >= 0
                   ? P.Target->Elems[P.Offset]
                   : P.Target;
    } else if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())) {
      for (auto It = Stack.rbegin(); It != Stack.rend() && !Base; ++It)
        Base = (*It)->This;
    } else {
      Base = lvalue(M->getBase(), Why);
    }
    unsigned Index = Field->getFieldIndex();
    if (!Base || Base->K != HostValue::Kind::Aggregate ||
        Index >= Base->Elems.size()) {
      if (Why.empty() && Base && !Base->known() && !Base->Text.empty())
        Why = Base->Text; // `v.x` of a `v` a library call returned
      if (Why.empty())
        Why = "`" + text(E) + "` is not followed";
      return nullptr;
    }
    return Base->Elems[Index];
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    HostValue Base = eval(A->getBase());
    HostValue Index = eval(A->getIdx());
    if (auto Element = elementAt(Base, Index))
      return Element->first->Elems[Element->second];
    if (HostSlot Char = characterOf(Base, Index))
      return Char;
    Why = "`" + text(E) + "` is not known";
    return nullptr;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      HostValue P = eval(U->getSubExpr());
      if (P.K == HostValue::Kind::Pointer && P.Target) {
        if (!P.Target->Array)
          return P.Target;
        if (P.Offset >= 0 && P.Offset < int64_t(P.Target->Elems.size()))
          return P.Target->Elems[P.Offset];
      }
      if (HostSlot Char = characterOf(P, HostValue::number(Rational(0))))
        return Char;
      Why = "`" + text(E) + "` reads memory the program fills at run time";
      return nullptr;
    }
    if (U->isPrefix() && U->isIncrementDecrementOp()) {
      eval(U);
      return lvalue(U->getSubExpr(), Why);
    }
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
      HostSlot Vec = lvalue(Op->getArg(0), Why);
      HostValue Index = eval(Op->getArg(1));
      if (Vec && Vec->K == HostValue::Kind::Aggregate && Index.isNumber() &&
          Index.Num.isInteger() && Index.Num.num() >= 0 &&
          Index.Num.num() < __int128(Vec->Elems.size()))
        return Vec->Elems[size_t(Index.Num.num())];
    }
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E))
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_UncheckedDerivedToBase)
      return lvalue(Cast->getSubExpr(), Why);
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return std::make_shared<HostValue>(eval(M->getSubExpr()).deepCopy());
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    if (B->isAssignmentOp()) {
      eval(B);
      return lvalue(B->getLHS(), Why);
    }
  if (Why.empty())
    Why = "`" + text(E) + "` is not followed";
  return nullptr;
}

HostValue Interpreter::eval(const clang::Expr *E) {
  if (!E)
    return HostValue::unknown("no expression");
  if (!step())
    return HostValue::unknown("the host code runs too long to follow");
  return evalImpl(E);
}

HostValue Interpreter::load(const clang::Expr *E) {
  std::string Why;
  HostSlot S = lvalue(E, Why);
  HostValue V = S ? *S : HostValue::unknown(Why);
  if (!V.known())
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
      auto It = Options.Binds.find(Ref->getDecl()->getName().str());
      if (It != Options.Binds.end())
        return HostValue::number(It->second,
                                 Ref->getType()->isRealFloatingType());
    }
  return V;
}

HostValue Interpreter::coerce(HostValue V, QualType T) const {
  T = T.getNonReferenceType().getCanonicalType();
  if (!V.isNumber())
    return V;
  if (T->isBooleanType())
    return HostValue::number(Rational(V.Num.isZero() ? 0 : 1));
  if (T->isIntegralOrEnumerationType()) {
    if (!V.Num.isInteger())
      return HostValue::number(
          Rational(V.Num.isNegative() ? V.Num.ceil() : V.Num.floor(), 1));
    V.Float = false;
    return V;
  }
  if (T->isRealFloatingType())
    V.Float = true;
  return V;
}

HostValue Interpreter::defaultValue(QualType T, const std::string &Why) {
  T = T.getNonReferenceType();
  if (const auto *A = ctx().getAsConstantArrayType(T)) {
    uint64_t N = A->getSize().getZExtValue();
    if (N > MaxElements)
      return HostValue::unknown("the array is too large to follow");
    std::vector<HostValue> Elements;
    for (uint64_t I = 0; I < N; ++I)
      Elements.push_back(defaultValue(A->getElementType(), Why));
    return HostValue::aggregate(std::move(Elements), true);
  }
  if (const auto *R = T->getAsRecordDecl()) {
    if (const auto *CR = dyn_cast<CXXRecordDecl>(R); isStdRecord(CR, "vector"))
      return HostValue::aggregate({}, true);
    std::vector<HostValue> Fields;
    for (const FieldDecl *F : R->fields())
      Fields.push_back(
          F->hasInClassInitializer()
              ? coerce(eval(F->getInClassInitializer()), F->getType())
              : defaultValue(F->getType(), Why));
    return HostValue::aggregate(std::move(Fields), false);
  }
  return HostValue::unknown(Why);
}

void Interpreter::assign(HostSlot To, const HostValue &V, QualType T) {
  HostValue New = coerce(V.deepCopy(), T);
  // Keep the slots of an aggregate: pointers into it stay valid.
  if (To->K == HostValue::Kind::Aggregate &&
      New.K == HostValue::Kind::Aggregate &&
      To->Elems.size() == New.Elems.size()) {
    for (size_t I = 0; I < New.Elems.size(); ++I)
      *To->Elems[I] = *New.Elems[I];
    return;
  }
  *To = std::move(New);
}

HostValue Interpreter::evalImpl(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return HostValue::number(Rational(int64_t(I->getValue().getSExtValue())));
  if (const auto *F = dyn_cast<FloatingLiteral>(E))
    if (auto R = rationalFromDouble(F->getValueAsApproximateDouble()))
      return HostValue::number(*R, true);
  if (const auto *C = dyn_cast<CharacterLiteral>(E))
    return HostValue::number(Rational(int64_t(C->getValue())));
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return HostValue::number(Rational(B->getValue() ? 1 : 0));
  if (const auto *S = dyn_cast<StringLiteral>(E))
    return HostValue::string(S->getBytes().str());
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E))
    return HostValue::number(Rational(0));
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return eval(C->getSubExpr());
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<SizeOfPackExpr>(E)) {
    clang::Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, ctx()))
      return HostValue::number(Rational(R.Val.getInt().getExtValue()));
    return HostValue::unknown("`" + text(E) + "` is not known");
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      return HostValue::number(Rational(EC->getInitVal().getExtValue()));
    if (const auto *F = dyn_cast<FunctionDecl>(D)) {
      HostValue V;
      V.K = HostValue::Kind::Function;
      V.Fn = F;
      return V;
    }
    if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(D))
      (void)NT;
    if (HostSlot S = variable(D))
      return *S;
    // A constant the compiler can fold (template arguments and the like).
    clang::Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsRValue(R, ctx()) &&
        R.Val.isInt())
      return HostValue::number(Rational(R.Val.getInt().getExtValue()));
    return HostValue::unknown("'" + D->getName().str() + "' is not known");
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return cast(Cast);
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    return binary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return unary(U);
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    HostValue Cond = eval(C->getCond());
    if (!Cond.isNumber() && Cond.K != HostValue::Kind::Pointer)
      return HostValue::unknown("`" + text(C->getCond()) + "` is not known" +
                                (Cond.Text.empty() ? "" : ": " + Cond.Text));
    bool True = Cond.K == HostValue::Kind::Pointer || !Cond.Num.isZero();
    return coerce(eval(True ? C->getTrueExpr() : C->getFalseExpr()),
                  E->getType());
  }
  if (isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E))
    return load(E);
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E)) {
    recordLaunch(K);
    return HostValue::number(Rational(0));
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return callExpr(C);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return construct(C);
  // `new T(args)`: one object, constructed as a local one is (particles'
  // `psystem = new ParticleSystem(numParticles, ...)`); arrays hold data.
  if (const auto *New = dyn_cast<CXXNewExpr>(E); New && !New->isArray()) {
    HostValue Object =
        New->getConstructExpr() ? construct(New->getConstructExpr())
        : New->getInitializer()
            ? coerce(eval(New->getInitializer()), New->getAllocatedType())
            : defaultValue(New->getAllocatedType(),
                           "`" + text(New) + "` is not initialised");
    return HostValue::pointer(std::make_shared<HostValue>(std::move(Object)));
  }
  if (const auto *L = dyn_cast<InitListExpr>(E))
    return initList(L->isSemanticForm() || !L->getSemanticForm()
                        ? L
                        : L->getSemanticForm());
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(D->getExpr());
  if (const auto *D = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(D->getExpr());
  if (const auto *C = dyn_cast<ExprWithCleanups>(E))
    return eval(C->getSubExpr());
  // A template's value parameter in an instantiated body: `Block` of
  // launchFixed<512> is 512.
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(S->getReplacement());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(M->getSubExpr());
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(B->getSubExpr());
  if (const auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
    return eval(L->getSubExpr());
  if (isa<CXXScalarValueInitExpr>(E) || isa<ImplicitValueInitExpr>(E)) {
    HostValue V = defaultValue(E->getType(), "");
    zeroFill(V);
    return V;
  }
  if (const auto *L = dyn_cast<LambdaExpr>(E)) {
    HostValue V;
    V.K = HostValue::Kind::Function;
    V.Fn = L->getCallOperator();
    return V;
  }
  if (isa<CXXThisExpr>(E))
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      if ((*It)->This)
        return HostValue::pointer((*It)->This);
  return HostValue::unknown("`" + text(E) + "` is not evaluated");
}

std::optional<HostValue> Interpreter::heapArray(const CastExpr *C) {
  const auto *Call = dyn_cast<CallExpr>(C->getSubExpr()->IgnoreParenImpCasts());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !C->getType()->isPointerType())
    return std::nullopt;
  llvm::StringRef Name = F->getName();
  bool Zeroed = Name == "calloc";
  if (!(Name == "malloc" && Call->getNumArgs() == 1) &&
      !(Zeroed && Call->getNumArgs() == 2))
    return std::nullopt;
  QualType Elem = C->getType()->getPointeeType();
  if (Elem->isVoidType() || Elem->isIncompleteType() || Elem->isDependentType())
    return std::nullopt;
  uint64_t ElemBytes = ctx().getTypeSizeInChars(Elem).getQuantity();
  HostValue Bytes = eval(Call->getArg(0));
  if (Zeroed)
    Bytes = arithmetic(Bytes, eval(Call->getArg(1)), BO_Mul, true);
  std::string Where = where(Call->getBeginLoc());
  if (!Bytes.isNumber() || !Bytes.Num.isInteger() || ElemBytes == 0 ||
      Bytes.Num.isNegative() ||
      Bytes.Num.num() / __int128(ElemBytes) > __int128(MaxHeapElements)) {
    HostValue P;
    P.K = HostValue::Kind::Pointer;
    P.Text = "memory from " + Name.str() + " at " + Where;
    return P;
  }
  uint64_t Count = uint64_t(Bytes.Num.num()) / ElemBytes;
  std::string Why = "uninitialised memory from " + Name.str() + " at " + Where;
  std::vector<HostValue> Elements;
  for (uint64_t I = 0; I < Count; ++I)
    Elements.push_back(
        Zeroed && Elem->isScalarType()
            ? HostValue::number(Rational(0), Elem->isRealFloatingType())
            : defaultValue(Elem, Why));
  return HostValue::pointer(std::make_shared<HostValue>(
      HostValue::aggregate(std::move(Elements), true)));
}

HostValue Interpreter::cast(const CastExpr *C) {
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
    return load(C->getSubExpr());
  case CK_ArrayToPointerDecay: {
    std::string Why;
    if (HostSlot S = lvalue(C->getSubExpr(), Why))
      return HostValue::pointer(S);
    if (const auto *Str =
            dyn_cast<StringLiteral>(C->getSubExpr()->IgnoreParenImpCasts()))
      return HostValue::string(Str->getBytes().str());
    return HostValue::unknown(Why);
  }
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
    return eval(C->getSubExpr());
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
    return eval(C->getSubExpr());
  case CK_BitCast:
    // `(int *)malloc(n * sizeof(int))`: n elements the program can fill
    // (a mask whose ones give a size, a struct whose fields do).
    if (auto Heap = heapArray(C))
      return *Heap;
    return coerce(eval(C->getSubExpr()), C->getType());
  default:
    return coerce(eval(C->getSubExpr()), C->getType());
  }
}

HostValue Interpreter::binary(const clang::BinaryOperator *B) {
  BinaryOperatorKind Op = B->getOpcode();
  if (Op == BO_Comma) {
    eval(B->getLHS());
    return eval(B->getRHS());
  }
  if (Op == BO_LAnd || Op == BO_LOr) {
    HostValue L = eval(B->getLHS());
    if (L.isNumber() && (L.Num.isZero() == (Op == BO_LAnd)))
      return HostValue::number(Rational(Op == BO_LAnd ? 0 : 1));
    HostValue R = eval(B->getRHS());
    if (R.isNumber() && (R.Num.isZero() == (Op == BO_LAnd)))
      return HostValue::number(Rational(Op == BO_LAnd ? 0 : 1));
    if (!L.isNumber())
      return L;
    if (!R.isNumber())
      return R;
    return HostValue::number(Rational(Op == BO_LAnd ? 1 : 0));
  }
  if (B->isAssignmentOp()) {
    std::string Why;
    HostValue R = eval(B->getRHS());
    HostSlot To = lvalue(B->getLHS(), Why);
    if (!To)
      return R;
    if (Op == BO_Assign) {
      assign(To, R, B->getLHS()->getType());
      return *To;
    }
    HostValue Result = arithmetic(
        *To, R, clang::BinaryOperator::getOpForCompoundAssignment(Op),
        B->getLHS()->getType()->isIntegralOrEnumerationType() && !R.Float);
    *To = coerce(Result, B->getLHS()->getType());
    return *To;
  }
  HostValue L = eval(B->getLHS());
  HostValue R = eval(B->getRHS());
  // Pointer arithmetic within an array: argv + 1, p + i.
  if (L.K == HostValue::Kind::Pointer && R.isNumber() && R.Num.isInteger() &&
      (Op == BO_Add || Op == BO_Sub)) {
    L.Offset += int64_t(Op == BO_Add ? R.Num.num() : -R.Num.num());
    return L;
  }
  if (B->isComparisonOp() &&
      (L.K == HostValue::Kind::Pointer || R.K == HostValue::Kind::Pointer)) {
    // Against NULL: a pointer the program holds is not null.
    bool LNull = L.isNumber() && L.Num.isZero();
    bool RNull = R.isNumber() && R.Num.isZero();
    if ((LNull || RNull) && (Op == BO_EQ || Op == BO_NE))
      return HostValue::number(Rational(Op == BO_NE ? 1 : 0));
  }
  if (B->isComparisonOp() && L.K == HostValue::Kind::String && R.isNumber() &&
      R.Num.isZero())
    return HostValue::number(Rational(Op == BO_NE ? 1 : 0));
  // A pointer into a string the program knows (`pos + 1` after strstr):
  // the rest of the string from there.
  if (L.K == HostValue::Kind::String && R.isNumber() && R.Num.isInteger() &&
      Op == BO_Add && !R.Num.isNegative() &&
      R.Num <= Rational(int64_t(L.Text.size())))
    return HostValue::string(L.Text.substr(size_t(R.Num.num())));
  return coerce(
      arithmetic(L, R, Op, B->getType()->isIntegralOrEnumerationType()),
      B->getType());
}

HostValue Interpreter::unary(const UnaryOperator *U) {
  switch (U->getOpcode()) {
  case UO_AddrOf: {
    std::string Why;
    // `&arr[i]` points into the array, as `arr + i` does: the driver API's
    // argument array passed as `&arr[0]` (the NVRTC samples).
    if (const auto *A =
            dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
      if (auto Element = elementAt(eval(A->getBase()), eval(A->getIdx()));
          Element && Element->first->Array)
        return HostValue::pointer(Element->first, Element->second);
    if (HostSlot S = lvalue(U->getSubExpr(), Why))
      return HostValue::pointer(S);
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
      if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl())) {
        HostValue V;
        V.K = HostValue::Kind::Function;
        V.Fn = F;
        return V;
      }
    return HostValue::unknown(Why);
  }
  case UO_Deref:
    return load(U);
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    std::string Why;
    HostSlot S = lvalue(U->getSubExpr(), Why);
    if (!S)
      return HostValue::unknown(Why);
    HostValue Old = *S;
    if (Old.isNumber())
      *S = coerce(
          HostValue::number(Old.Num + Rational(U->isIncrementOp() ? 1 : -1),
                            Old.Float),
          U->getSubExpr()->getType());
    else if (Old.K == HostValue::Kind::Pointer)
      S->Offset += U->isIncrementOp() ? 1 : -1;
    return U->isPrefix() ? *S : Old;
  }
  default: {
    HostValue V = eval(U->getSubExpr());
    return coerce(unaryArithmetic(V, U->getOpcode()), U->getType());
  }
  }
}

HostValue Interpreter::callExpr(const CallExpr *C) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
    // Copy and move assignment of a struct (dim3 grid = ...; grid = g2).
    if (Op->getOperator() == OO_Equal && Method &&
        (Method->isCopyAssignmentOperator() ||
         Method->isMoveAssignmentOperator()) &&
        (Method->isTrivial() || Method->isDefaulted())) {
      std::string Why;
      HostValue R = eval(Op->getArg(1));
      if (HostSlot To = lvalue(Op->getArg(0), Why))
        assign(To, R, Op->getArg(0)->getType());
      return R;
    }
    if (Op->getOperator() == OO_Subscript || Op->getOperator() == OO_Star)
      if (const CXXRecordDecl *R = recordOf(Op->getArg(0)->getType());
          isStdRecord(R, "vector") || isStdRecord(R, "array"))
        return load(Op);
    // `prec == "double"` on std::string.
    if ((Op->getOperator() == OO_EqualEqual ||
         Op->getOperator() == OO_ExclaimEqual) &&
        Op->getNumArgs() == 2) {
      HostValue L = eval(Op->getArg(0)), R = eval(Op->getArg(1));
      if (L.K == HostValue::Kind::String && R.K == HostValue::Kind::String)
        return HostValue::number(Rational(int64_t(
            (L.Text == R.Text) == (Op->getOperator() == OO_EqualEqual))));
    }
    if (Op->getOperator() == OO_Call) {
      HostValue Callee = eval(Op->getArg(0));
      if (Method && Method->getParent()->isLambda()) {
        std::vector<const clang::Expr *> Args(Op->arg_begin() + 1,
                                              Op->arg_end());
        return invoke(Method, Args, nullptr, C);
      }
    }
    if (Method) {
      std::string Why;
      HostSlot This = lvalue(Op->getArg(0), Why);
      std::vector<const clang::Expr *> Args(Op->arg_begin() + 1, Op->arg_end());
      return invoke(Method, Args, This, C);
    }
  }
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C)) {
    const clang::Expr *Object = M->getImplicitObjectArgument();
    std::string Why;
    HostSlot This;
    if (const auto *ME = dyn_cast<MemberExpr>(M->getCallee()->IgnoreParens());
        ME && ME->isArrow()) {
      HostValue P = eval(Object);
      if (P.K == HostValue::Kind::Pointer && P.Target)
        This = P.Target->Array && P.Offset >= 0 &&
                       P.Offset < int64_t(P.Target->Elems.size())
                   ? P.Target->Elems[P.Offset]
                   : P.Target;
    } else if (Object) {
      This = lvalue(Object, Why);
    }
    if (isStdRecord(M->getRecordDecl(), "vector") ||
        isStdRecord(M->getRecordDecl(), "array"))
      return vectorMethod(M, This);
    if (isStdRecord(M->getRecordDecl(), "basic_string"))
      if (std::optional<HostValue> V = stringMethod(M, This))
        return *V;
    std::vector<const clang::Expr *> Args(M->arg_begin(), M->arg_end());
    if (const CXXMethodDecl *Method = M->getMethodDecl())
      return invoke(Method, Args, This, C);
  }
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee) {
    HostValue F = eval(C->getCallee());
    if (F.K == HostValue::Kind::Function)
      Callee = F.Fn;
  }
  if (!Callee)
    return unknownCall(C, text(C->getCallee()));
  std::vector<const clang::Expr *> Args(C->arg_begin(), C->arg_end());
  return invoke(Callee, Args, nullptr, C);
}

HostValue Interpreter::invoke(const FunctionDecl *F,
                              llvm::ArrayRef<const clang::Expr *> Args,
                              HostSlot This, const CallExpr *Site) {
  std::string Name = F->getNameAsString();
  // cudaLaunchKernel and its kin launch as <<<...>>> does.
  if (launchApiOf(F) != LaunchApi::None && Site &&
      !isa<CUDAKernelCallExpr>(Site) &&
      !sm().isInSystemHeader(Site->getBeginLoc())) {
    recordLaunch(Site);
    return HostValue::number(Rational(0)); // cudaSuccess
  }
  if ((Name == "getopt" || Name == "getopt_long" ||
       Name == "getopt_long_only") &&
      Args.size() >= 3 && Site && isLibraryFunction(F, ctx()))
    return getopt(Args, Name != "getopt");
  if (llvm::StringRef(Name).starts_with("cudaOccupancyMax") && Site &&
      isLibraryFunction(F, ctx()) &&
      (llvm::StringRef(Name).contains("ActiveBlocksPerMultiprocessor") ||
       Name == "cudaOccupancyMaxPotentialBlockSize" ||
       Name == "cudaOccupancyMaxPotentialBlockSizeWithFlags"))
    return occupancy(Name, Args, Site);
  if (Name == "cuModuleGetFunction" && Args.size() == 3 && Site &&
      isLibraryFunction(F, ctx())) {
    moduleFunction(Args, Site);
    return HostValue::number(Rational(0)); // CUDA_SUCCESS
  }
  // The C library, the math library and the CUDA runtime by what they do.
  std::vector<HostValue> Values;
  if (isLibraryFunction(F, ctx())) {
    for (const clang::Expr *A : Args)
      Values.push_back(eval(A));
    HostLibraryCall Call{F, Args, Values, Options, where(Site->getBeginLoc())};
    HostLibraryResult R = callLibrary(Call);
    for (std::string &A : R.Assumptions)
      if (std::find(Assumptions.begin(), Assumptions.end(), A) ==
          Assumptions.end())
        Assumptions.push_back(std::move(A));
    if (R.Exits) {
      StopNote = "the program exits at " + where(Site->getBeginLoc()) +
                 (Options.Args ? "" : " when run without arguments");
      Stopped = true;
    }
    if (R.Handled)
      return coerce(R.Value, Site->getType());
    // The toolkit's inline vector constructors (make_uint3, make_float2)
    // run as written; other library code is not followed.
    if (!llvm::StringRef(Name).starts_with("make_") || !F->hasBody())
      return unknownCall(Site, Name);
  }
  // Defined here, or (several files given) in another translation unit.
  const FunctionDecl *Def = Graph.definition(F);
  if (!Def) {
    if (std::string Where = Graph.ambiguity(F); !Where.empty())
      return HostValue::unknown("'" + Name + "' is defined in " + Where +
                                ": which one the program links is not known");
    return unknownCall(Site, Name);
  }
  if (Stack.size() >= MaxCallDepth)
    return HostValue::unknown("'" + Name + "' recurses too deep to follow");
  Frame Callee;
  Callee.Fn = Def;
  Callee.This = This;
  std::string Params;
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    HostSlot Slot;
    if (P->getType()->isReferenceType()) {
      std::string Why;
      Slot = lvalue(Args[I], Why);
    }
    if (!Slot)
      Slot = std::make_shared<HostValue>(
          coerce(eval(Args[I]).deepCopy(), P->getType()));
    Callee.Vars[P] = Slot;
    if (Slot->isNumber() && !P->getName().empty())
      Params += (Params.empty() ? "" : ", ") + P->getName().str() + "=" +
                numberText(*Slot);
  }
  Callee.Label = Name + "(" + Params + ")";
  // A call into another translation unit names the file it enters.
  if (&Def->getASTContext() != &ctx())
    Callee.Label += " (" + fileOf(Def) + ")";
  Stack.push_back(&Callee);
  Flow R = exec(Def->getBody());
  Stack.pop_back();
  // A nest of data loops that ran out of iterations is undone, not an exit.
  if (R == Flow::Stop && !DataNestSpent)
    Stopped = true;
  if (!Def->getReturnType()->isVoidType() && !Callee.Ret.known() &&
      Callee.Ret.Text.empty())
    return HostValue::unknown("'" + Name + "' returns no known value");
  return coerce(Callee.Ret, Site->getType());
}

HostValue Interpreter::occupancy(llvm::StringRef Name,
                                 llvm::ArrayRef<const clang::Expr *> Args,
                                 const CallExpr *Site) {
  bool Active = Name.contains("ActiveBlocks");
  // (int *numBlocks, func, blockSize, smem) or (int *minGridSize,
  // int *blockSize, func, smem = 0, blockSizeLimit = 0).
  if (Args.size() < (Active ? 4u : 3u))
    return unknownCall(Site, Name.str());
  auto fail = [&](const std::string &Why) {
    // Each output names itself: "`block` comes from ... (why)".
    for (unsigned I = 0; I < (Active ? 1u : 2u); ++I) {
      const clang::Expr *Out = Args[I]->IgnoreParenImpCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(Out);
          U && U->getOpcode() == UO_AddrOf)
        Out = U->getSubExpr();
      if (HostSlot S = eval(Args[I]).pointee())
        *S = HostValue::unknown("`" + text(Out) + "` comes from " + Name.str() +
                                " at " + where(Site->getBeginLoc()) + " (" +
                                Why + ")");
    }
    return HostValue::unknown("the result of " + Name.str() + " at " +
                              where(Site->getBeginLoc()) + " (" + Why + ")");
  };
  InterpretedValues Values(*this);
  const FunctionDecl *Kernel = Values.kernel(Args[Active ? 1 : 2]);
  if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>())
    return fail("which kernel it asks about is not known");
  OccupancyQuestion Q;
  Q.MangledName =
      mangledName(const_cast<ASTContext &>(Kernel->getASTContext()), Kernel);
  Q.Name = Kernel->getNameAsString();
  const SourceManager &KernelSM = Kernel->getASTContext().getSourceManager();
  if (OptionalFileEntryRef F = KernelSM.getFileEntryRefForID(
          KernelSM.getFileID(KernelSM.getExpansionLoc(Kernel->getLocation()))))
    Q.File = F->getName().str();
  if (const auto *Bounds = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    clang::Expr::EvalResult R;
    if (Bounds->getMaxThreads() &&
        Bounds->getMaxThreads()->EvaluateAsInt(R, Kernel->getASTContext()))
      Q.MaxThreadsPerBlock = unsigned(R.Val.getInt().getZExtValue());
  }
  auto number = [&](const clang::Expr *E, uint64_t &Out) {
    HostValue V = eval(E);
    if (!V.isNumber() || V.Num.isNegative() || !V.Num.isInteger())
      return false;
    Out = uint64_t(V.Num.num());
    return true;
  };
  uint64_t Block = 0, Smem = 0, Limit = 0;
  if (Active ? !number(Args[2], Block) || !number(Args[3], Smem)
             : (Args.size() > 3 && !number(Args[3], Smem)) ||
                   (Args.size() > 4 && !number(Args[4], Limit)))
    return fail("its block size or shared memory is not known");
  Q.BlockSize = unsigned(Block);
  Q.DynamicSmemBytes = Smem;
  Q.BlockSizeLimit = unsigned(Limit);
  if (!Options.Occupancy)
    return fail(Options.NoOccupancy);
  OccupancyAnswer A = Options.Occupancy(Q);
  if (!A.Why.empty())
    return fail(A.Why);
  if (!A.Assumption.empty() && std::find(Assumptions.begin(), Assumptions.end(),
                                         A.Assumption) == Assumptions.end())
    Assumptions.push_back(A.Assumption);
  auto set = [&](const clang::Expr *E, unsigned V) {
    if (HostSlot S = eval(E).pointee())
      *S = HostValue::number(Rational(int64_t(V)));
  };
  if (Active) {
    set(Args[0], A.ActiveBlocksPerSm);
  } else {
    set(Args[0], A.MinGridSize);
    set(Args[1], A.BlockSize);
  }
  return HostValue::number(Rational(0)); // cudaSuccess
}

HostSlot Interpreter::libraryGlobal(llvm::StringRef Name) {
  auto &Ctx = const_cast<ASTContext &>(ctx());
  for (NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (const auto *V = dyn_cast<VarDecl>(D))
      return variable(V);
  return nullptr;
}

HostValue Interpreter::getopt(llvm::ArrayRef<const clang::Expr *> Args,
                              bool Long) {
  if (!Getopt) {
    HostValue Argc = eval(Args[0]), Argv = eval(Args[1]), Spec = eval(Args[2]);
    if (!Argc.isNumber() || Argv.K != HostValue::Kind::Pointer ||
        !Argv.Target || !Argv.Target->Array ||
        Spec.K != HostValue::Kind::String)
      return HostValue::unknown("the command line `getopt` reads is not known");
    std::vector<std::string> Words;
    for (int64_t I = 0; Rational(I) < Argc.Num; ++I) {
      size_t At = size_t(Argv.Offset + I);
      if (At >= Argv.Target->Elems.size() ||
          Argv.Target->Elems[At]->K != HostValue::Kind::String)
        return HostValue::unknown("argument " + std::to_string(I) +
                                  " of the command line is not known");
      Words.push_back(Argv.Target->Elems[At]->Text);
    }
    GetoptRun Run;
    std::vector<LongOption> Table;
    HostValue Opts = Long && Args.size() > 3 ? eval(Args[3]) : HostValue();
    if (Opts.K == HostValue::Kind::Pointer && Opts.Target && Opts.Target->Array)
      for (size_t I = size_t(Opts.Offset); I < Opts.Target->Elems.size(); ++I) {
        // struct option {name, has_arg, flag, val}; a null name ends it.
        const HostValue &E = *Opts.Target->Elems[I];
        if (E.K != HostValue::Kind::Aggregate || E.Elems.size() < 4 ||
            E.Elems[0]->K != HostValue::Kind::String ||
            !E.Elems[1]->isNumber() || !E.Elems[3]->isNumber())
          break;
        bool Flag = E.Elems[2]->K == HostValue::Kind::Pointer;
        Table.push_back({E.Elems[0]->Text, int(E.Elems[1]->Num.floor()), Flag,
                         int(E.Elems[3]->Num.floor())});
        Run.Flags.push_back({Flag ? E.Elems[2]->Target : nullptr,
                             int(E.Elems[3]->Num.floor())});
      }
    Run.Parsed = parseCommandLine(Words, Spec.Text, Table);
    Run.ArgvArray = Argv.Target;
    Run.ArgvOffset = Argv.Offset;
    Getopt = std::move(Run);
  }
  GetoptRun &Run = *Getopt;
  if (Run.Next < Run.Parsed.Options.size()) {
    const ParsedOption &O = Run.Parsed.Options[Run.Next++];
    if (HostSlot Optarg = libraryGlobal("optarg"))
      *Optarg =
          O.Arg ? HostValue::string(*O.Arg) : HostValue::number(Rational(0));
    // A long option with a `flag` stores its `val` there.
    if (O.LongIndex >= 0 && size_t(O.LongIndex) < Run.Flags.size())
      if (const auto &[Flag, Val] = Run.Flags[O.LongIndex]; Flag)
        *Flag = HostValue::number(Rational(int64_t(Val)));
    return HostValue::number(Rational(int64_t(O.Returned)));
  }
  // The end: operands after the options, optind at the first of them.
  for (size_t I = 0; I < Run.Parsed.Argv.size(); ++I) {
    size_t At = size_t(Run.ArgvOffset) + I;
    if (At < Run.ArgvArray->Elems.size())
      *Run.ArgvArray->Elems[At] = HostValue::string(Run.Parsed.Argv[I]);
  }
  if (HostSlot Optind = libraryGlobal("optind"))
    *Optind = HostValue::number(Rational(int64_t(Run.Parsed.Optind)));
  return HostValue::number(Rational(-1));
}

HostValue Interpreter::unknownCall(const CallExpr *C, const std::string &Name) {
  noteCallbacks(C, Name);
  // What the call can write through its pointer and reference arguments
  // comes from running it: `fread(&n, ...)`, `scanf("%d", &n)`.
  std::string From = "comes from " + Name + " at " + where(C->getBeginLoc());
  for (const clang::Expr *A : C->arguments()) {
    const clang::Expr *Arg = A->IgnoreParenImpCasts();
    const auto *U = dyn_cast<UnaryOperator>(Arg);
    if (!U || U->getOpcode() != UO_AddrOf)
      continue;
    std::string Why;
    if (HostSlot S = lvalue(U->getSubExpr(), Why)) {
      std::string Reason = "`" + text(U->getSubExpr()) + "` " + From;
      if (S->K == HostValue::Kind::Aggregate)
        for (HostSlot &E : S->Elems)
          *E = HostValue::unknown(Reason);
      else
        *S = HostValue::unknown(Reason);
    }
  }
  return HostValue::unknown("the result of `" + Name + "` at " +
                            where(C->getBeginLoc()) +
                            " is known only at run time");
}

std::optional<HostValue> Interpreter::stringMethod(const CXXMemberCallExpr *C,
                                                   HostSlot Object) {
  std::string Name = C->getMethodDecl()->getNameAsString();
  if (!Object || Object->K != HostValue::Kind::String)
    return std::nullopt;
  const std::string &Text = Object->Text;
  if ((Name == "size" || Name == "length") && C->getNumArgs() == 0)
    return HostValue::number(Rational(int64_t(Text.size())));
  if (Name == "empty" && C->getNumArgs() == 0)
    return HostValue::number(Rational(Text.empty() ? 1 : 0));
  if ((Name == "c_str" || Name == "data") && C->getNumArgs() == 0)
    return *Object;
  if (Name == "compare" && C->getNumArgs() == 1) {
    HostValue Other = eval(C->getArg(0));
    if (Other.K != HostValue::Kind::String)
      return std::nullopt;
    int Cmp = Text.compare(Other.Text);
    return HostValue::number(Rational(Cmp < 0 ? -1 : Cmp > 0 ? 1 : 0));
  }
  return std::nullopt;
}

HostValue Interpreter::vectorMethod(const CXXMemberCallExpr *C,
                                    HostSlot Object) {
  std::string Name = C->getMethodDecl()->getNameAsString();
  if (Object && Object->K == HostValue::Kind::Unknown && !Object->Text.empty())
    return HostValue::unknown(Object->Text);
  if (!Object || Object->K != HostValue::Kind::Aggregate)
    return HostValue::unknown("`" + text(C->getImplicitObjectArgument()) +
                              "` is not known");
  if (Name == "size")
    return HostValue::number(Rational(int64_t(Object->Elems.size())));
  if (Name == "empty")
    return HostValue::number(Rational(Object->Elems.empty() ? 1 : 0));
  if ((Name == "push_back" || Name == "emplace_back") && C->getNumArgs() == 1) {
    Object->Elems.push_back(
        std::make_shared<HostValue>(eval(C->getArg(0)).deepCopy()));
    return HostValue::number(Rational(0));
  }
  if (Name == "clear") {
    Object->Elems.clear();
    return HostValue::number(Rational(0));
  }
  if (Name == "pop_back" && !Object->Elems.empty()) {
    Object->Elems.pop_back();
    return HostValue::number(Rational(0));
  }
  if ((Name == "at" || Name == "operator[]") && C->getNumArgs() == 1) {
    HostValue I = eval(C->getArg(0));
    if (I.isNumber() && I.Num.isInteger() && I.Num.num() >= 0 &&
        I.Num.num() < __int128(Object->Elems.size()))
      return *Object->Elems[size_t(I.Num.num())];
  }
  if (Name == "data")
    return HostValue::pointer(Object);
  havoc(C, "changes through `" + text(C) + "`");
  return HostValue::unknown("`" + text(C) + "` is not followed");
}

HostValue Interpreter::construct(const CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  const CXXRecordDecl *R = Ctor ? Ctor->getParent() : nullptr;
  if (!R)
    return HostValue::unknown("`" + text(C) + "` is not followed");
  if (isStdRecord(R, "basic_string") && C->getNumArgs() >= 1) {
    HostValue S = eval(C->getArg(0));
    if (S.K == HostValue::Kind::String)
      return S;
    return HostValue::unknown("a string not known");
  }
  if (isStdRecord(R, "vector")) {
    if (C->getNumArgs() >= 1) {
      HostValue First = eval(C->getArg(0));
      if (First.K == HostValue::Kind::Aggregate) // {1, 2, 3} or a copy
        return First.deepCopy();
      if (First.isNumber() && First.Num.isInteger() && First.Num.num() >= 0 &&
          First.Num.num() <= MaxElements) {
        HostValue Fill =
            C->getNumArgs() >= 2 && !isa<CXXDefaultArgExpr>(C->getArg(1))
                ? eval(C->getArg(1))
                : HostValue::number(Rational(0));
        std::vector<HostValue> Elements(size_t(First.Num.num()), Fill);
        return HostValue::aggregate(std::move(Elements), true);
      }
    }
    return HostValue::aggregate({}, true);
  }
  if ((Ctor->isCopyOrMoveConstructor() ||
       Ctor->isConvertingConstructor(false)) &&
      C->getNumArgs() == 1 && Ctor->isTrivial())
    return eval(C->getArg(0)).deepCopy();
  if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1 &&
      Ctor->isDefaulted())
    return eval(C->getArg(0)).deepCopy();
  if (R->isInStdNamespace())
    return HostValue::unknown("a '" + R->getNameAsString() +
                              "' of the standard library is not followed");
  HostSlot Object = std::make_shared<HostValue>(defaultValue(
      ctx().getCanonicalTagType(R),
      "a field of '" + R->getNameAsString() + "' is not initialised"));
  if (C->requiresZeroInitialization())
    zeroFill(*Object);
  std::vector<const clang::Expr *> Args(C->arg_begin(), C->arg_end());
  // Its body here, or (several files given) where another file defines it.
  const auto *CtorDef =
      llvm::dyn_cast_or_null<CXXConstructorDecl>(Graph.definition(Ctor));
  if (!CtorDef)
    return *Object;
  Frame Callee;
  Callee.Fn = CtorDef;
  Callee.This = Object;
  for (unsigned I = 0; I < CtorDef->getNumParams() && I < Args.size(); ++I)
    Callee.Vars[CtorDef->getParamDecl(I)] = std::make_shared<HostValue>(
        coerce(eval(Args[I]).deepCopy(), CtorDef->getParamDecl(I)->getType()));
  Stack.push_back(&Callee);
  for (const CXXCtorInitializer *Init : CtorDef->inits())
    if (const FieldDecl *F = Init->getMember();
        F && F->getFieldIndex() < Object->Elems.size())
      *Object->Elems[F->getFieldIndex()] =
          coerce(eval(Init->getInit()).deepCopy(), F->getType());
  exec(CtorDef->getBody());
  Stack.pop_back();
  return *Object;
}

HostValue Interpreter::initList(const InitListExpr *L) {
  QualType T = L->getType();
  if (!T->isArrayType() && !T->isRecordType())
    return L->getNumInits() ? coerce(eval(L->getInit(0)), T)
                            : HostValue::number(Rational(0));
  std::vector<HostValue> Elements;
  for (const clang::Expr *I : L->inits())
    Elements.push_back(eval(I));
  if (const auto *A = ctx().getAsConstantArrayType(T)) {
    uint64_t N = A->getSize().getZExtValue();
    while (Elements.size() < N && N <= MaxElements) {
      HostValue Zero = defaultValue(A->getElementType(), "");
      zeroFill(Zero);
      Elements.push_back(Zero);
    }
    return HostValue::aggregate(std::move(Elements), true);
  }
  if (T->isArrayType())
    return HostValue::aggregate(std::move(Elements), true);
  const RecordDecl *R = T->getAsRecordDecl();
  std::vector<HostValue> Fields;
  size_t I = 0;
  for (const FieldDecl *F : R->fields()) {
    if (I < Elements.size()) {
      Fields.push_back(coerce(Elements[I++], F->getType()));
    } else {
      HostValue Zero = defaultValue(F->getType(), "");
      zeroFill(Zero);
      Fields.push_back(Zero);
    }
  }
  return HostValue::aggregate(std::move(Fields), false);
}

void Interpreter::moduleFunction(llvm::ArrayRef<const clang::Expr *> Args,
                                 const CallExpr *Site) {
  HostValue Out = eval(Args[0]);
  if (Out.K != HostValue::Kind::Pointer || !Out.Target)
    return;
  HostSlot Slot = Out.Target;
  if (Slot->Array) {
    if (Out.Offset < 0 || Out.Offset >= int64_t(Slot->Elems.size()))
      return;
    Slot = Slot->Elems[Out.Offset];
  }
  HostValue KernelName = eval(Args[2]);
  if (KernelName.K != HostValue::Kind::String) {
    *Slot = HostValue::unknown("the kernel name `" + text(Args[2]) +
                               "` of cuModuleGetFunction at " +
                               where(Site->getBeginLoc()) + " is not known");
    return;
  }
  std::string Why;
  const FunctionDecl *Kernel = Graph.kernelNamed(KernelName.Text, Why);
  if (!Kernel) {
    *Slot = HostValue::unknown(Why + " (cuModuleGetFunction at " +
                               where(Site->getBeginLoc()) + ")");
    return;
  }
  HostValue V;
  V.K = HostValue::Kind::Function;
  V.Fn = Kernel;
  *Slot = V;
}

void Interpreter::recordLaunch(const CallExpr *Call) {
  if (!Out || Call->containsErrors())
    return;
  InterpretedValues Values(*this);
  const FunctionDecl *Host = Stack.empty() ? nullptr : Stack.back()->Fn;
  LaunchSpec Spec;
  const FunctionDecl *Kernel = nullptr;
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(Call)) {
    // `table[k]<<<...>>>`: the kernel the pointer holds now.
    Kernel = K->getDirectCallee();
    if (!Kernel)
      Kernel = Values.kernel(K->getCallee());
    if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>())
      return;
    Spec = buildLaunchSpec(ctx(), K, Host, Values, Kernel);
  } else if (!Call->getDirectCallee()) {
    return;
  } else {
    // cudaLaunchKernel(kernel, ...): the kernel its pointer names here; a
    // graph node's is its parameters' `func`.
    LaunchApi Api = launchApiOf(Call->getDirectCallee());
    if (Api == LaunchApi::GraphNode) {
      std::string Prefix;
      if (const clang::Expr *Params = graphNodeParams(Call, Prefix))
        Kernel = Values.fieldKernel(Params, Prefix + "func");
    } else if (const clang::Expr *KernelArg = launchApiKernel(Call, Api)) {
      Kernel = Values.kernel(KernelArg);
    }
    if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>())
      return;
    Spec = buildApiLaunchSpec(ctx(), Call, Kernel, Host, Values);
  }
  Reached.insert(Call);
  for (const Frame *F : Stack)
    Spec.CallChain.push_back(F->Label);
  std::optional<Rational> Count = Rational(1);
  for (const std::optional<Rational> &M : Multipliers)
    Count = Count && M ? std::optional<Rational>(*Count * *M) : std::nullopt;
  // A graph's node runs as often as the graph is launched: not followed.
  if (!isa<CUDAKernelCallExpr>(Call) &&
      launchApiOf(Call->getDirectCallee()) == LaunchApi::GraphNode)
    Count = std::nullopt;
  // Behind a branch not taken, a loop of unknown count still runs 0 times.
  if (llvm::any_of(Multipliers, [](const std::optional<Rational> &M) {
        return M && *M == Rational(0);
      }))
    Count = Rational(0);
  Spec.LaunchCount = Count;
  for (const std::string &C : Conditions)
    Spec.Notes.push_back(C);
  for (const std::string &A : Assumptions)
    Spec.Notes.push_back(A);
  // The same values again (a time-step loop): one entry, counted.
  for (InterpretedLaunch &L : *Out)
    if (L.Call == Call && L.Spec.Kernel == Spec.Kernel &&
        L.Spec.Grid == Spec.Grid && L.Spec.Block == Spec.Block &&
        L.Spec.DynamicSmem == Spec.DynamicSmem && L.Spec.Args == Spec.Args &&
        L.Spec.Notes == Spec.Notes) {
      L.Spec.LaunchCount =
          L.Spec.LaunchCount && Count
              ? std::optional<Rational>(*L.Spec.LaunchCount + *Count)
              : std::nullopt;
      return;
    }
  Out->push_back({Call, std::move(Spec), Kernel, &ctx()});
}

//===-- Values at a launch
//-------------------------------------------------===//

std::optional<Rational> InterpretedValues::scalar(const clang::Expr *E,
                                                  std::string &Why) {
  HostValue V = I.eval(E);
  if (V.isNumber() && !V.Num.overflowed())
    return V.Num;
  Why = V.Text.empty() ? "`" + I.text(E) + "` is not a number" : V.Text;
  return std::nullopt;
}

std::array<std::optional<Rational>, 3>
InterpretedValues::dim3(const clang::Expr *E, std::string &Why) {
  std::array<std::optional<Rational>, 3> Out;
  HostValue V = I.eval(E);
  if (V.isNumber()) {
    Out = {V.Num, Rational(1), Rational(1)};
    return Out;
  }
  if (V.K != HostValue::Kind::Aggregate) {
    Why = V.Text.empty() ? "`" + I.text(E) + "` is not known" : V.Text;
    return Out;
  }
  for (size_t D = 0; D < 3 && D < V.Elems.size(); ++D) {
    if (V.Elems[D]->isNumber())
      Out[D] = V.Elems[D]->Num;
    else if (Why.empty())
      Why = V.Elems[D]->Text;
  }
  return Out;
}

void flattenFields(const ASTContext &Ctx, const HostValue &V, QualType T,
                   const std::string &Prefix,
                   std::map<std::string, Rational> &Out, unsigned Depth) {
  const RecordDecl *R = T->getAsRecordDecl();
  if (!R || V.K != HostValue::Kind::Aggregate || Depth > 4)
    return;
  for (const FieldDecl *F : R->fields()) {
    if (F->getFieldIndex() >= V.Elems.size())
      break;
    const HostValue &E = *V.Elems[F->getFieldIndex()];
    // A member of an anonymous union is named as a member of the record.
    std::string Name = F->isAnonymousStructOrUnion()
                           ? Prefix
                           : Prefix + "." + F->getName().str();
    if (F->getType()->isIntegralOrEnumerationType() && E.isNumber())
      Out[Name] = E.Num;
    else if (F->getType()->isRecordType())
      flattenFields(Ctx, E, F->getType(), Name, Out, Depth + 1);
  }
}

void InterpretedValues::fields(const clang::Expr *E, const std::string &Prefix,
                               std::map<std::string, Rational> &Out) {
  flattenFields(I.ctx(), I.eval(E), E->getType(), Prefix, Out, 0);
}

const FunctionDecl *InterpretedValues::kernel(const clang::Expr *E) {
  if (const FunctionDecl *F = LaunchValues::kernel(E))
    return F;
  // A variable, array element or parameter holding the kernel's pointer.
  HostValue V = I.eval(E);
  return V.K == HostValue::Kind::Function ? V.Fn : nullptr;
}

std::optional<Rational> InterpretedValues::pointee(const clang::Expr *Array,
                                                   unsigned Index,
                                                   std::string &Why) {
  return pointeeOf(I.eval(Array), Index, Why, "`" + I.text(Array) + "`");
}

/// The field named Name of record R in aggregate V, looking into anonymous
/// structs and unions; Decl is set to the field found.
HostSlot fieldNamed(const RecordDecl *R, const HostValue &V,
                    llvm::StringRef Name, const FieldDecl *&Decl) {
  if (!R || V.K != HostValue::Kind::Aggregate)
    return nullptr;
  for (const FieldDecl *F : R->fields()) {
    if (F->getFieldIndex() >= V.Elems.size())
      break;
    const HostSlot &E = V.Elems[F->getFieldIndex()];
    if (F->getName() == Name) {
      Decl = F;
      return E;
    }
    if (F->isAnonymousStructOrUnion() && E)
      if (HostSlot Inner =
              fieldNamed(F->getType()->getAsRecordDecl(), *E, Name, Decl))
        return Inner;
  }
  return nullptr;
}

HostSlot InterpretedValues::field(const clang::Expr *Struct,
                                  llvm::StringRef Path) {
  HostSlot At = std::make_shared<HostValue>(I.eval(Struct));
  QualType T = Struct->getType();
  llvm::SmallVector<llvm::StringRef, 4> Names;
  Path.split(Names, '.');
  for (llvm::StringRef Name : Names) {
    const FieldDecl *Decl = nullptr;
    At = fieldNamed(T->getAsRecordDecl(), *At, Name, Decl);
    if (!At)
      return nullptr;
    T = Decl->getType();
  }
  return At;
}

const FunctionDecl *InterpretedValues::fieldKernel(const clang::Expr *Struct,
                                                   llvm::StringRef Field) {
  HostSlot V = field(Struct, Field);
  return V && V->K == HostValue::Kind::Function ? V->Fn : nullptr;
}

std::optional<Rational>
InterpretedValues::fieldPointee(const clang::Expr *Struct,
                                llvm::StringRef Field, unsigned Index,
                                std::string &Why) {
  HostSlot V = field(Struct, Field);
  return pointeeOf(V ? *V : HostValue(), Index, Why,
                   "`" + I.text(Struct) + "." + Field.str() + "`");
}

std::optional<Rational> InterpretedValues::pointeeOf(const HostValue &A,
                                                     unsigned Index,
                                                     std::string &Why,
                                                     const std::string &What) {
  HostSlot Element;
  if (A.K == HostValue::Kind::Pointer && A.Target) {
    int64_t At = A.Offset + Index;
    if (A.Target->Array && At >= 0 && At < int64_t(A.Target->Elems.size()))
      Element = A.Target->Elems[At];
  }
  if (Element && Element->K == HostValue::Kind::Pointer && Element->Target &&
      !Element->Target->Array && Element->Target->isNumber())
    return Element->Target->Num;
  if (Element && Element->K == HostValue::Kind::Pointer && Element->Target &&
      !Element->Target->Text.empty())
    Why = Element->Target->Text;
  else
    Why = "entry " + std::to_string(Index) + " of " + What + " is not known";
  return std::nullopt;
}

/// "from 0 to 99" over the values a launch parameter takes.
std::string rangeText(const std::vector<Rational> &Values) {
  Rational Lo = Values.front(), Hi = Values.front();
  for (const Rational &V : Values) {
    if (V < Lo)
      Lo = V;
    if (Hi < V)
      Hi = V;
  }
  return Lo.str() + " to " + Hi.str();
}

/// One entry for a site the run reaches with many different values (a loop
/// passing its counter): what stays the same is kept, what varies is
/// unknown with its range, and the count is the sum.
InterpretedLaunch mergeContexts(std::vector<InterpretedLaunch> &Contexts) {
  InterpretedLaunch Merged = Contexts.front();
  LaunchSpec &M = Merged.Spec;
  size_t N = Contexts.size();
  auto mergeOne = [&](std::optional<Rational> &Field, const std::string &Name,
                      auto Get) {
    std::vector<Rational> Values;
    bool Same = true, AllKnown = true;
    for (InterpretedLaunch &C : Contexts) {
      std::optional<Rational> V = Get(C.Spec);
      if (!V) {
        AllKnown = false;
        continue;
      }
      Values.push_back(*V);
      Same &= !Field || *V == *Field;
    }
    if (Same && AllKnown)
      return;
    Field.reset();
    M.Notes.push_back(
        Name + " varies: " +
        (Values.empty() ? std::string("not known") : rangeText(Values)) + " (" +
        std::to_string(N) + " calling contexts)");
  };
  const char *Dims[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    mergeOne(M.Grid[D], std::string("grid.") + Dims[D],
             [&](const LaunchSpec &S) { return S.Grid[D]; });
    mergeOne(M.Block[D], std::string("block.") + Dims[D],
             [&](const LaunchSpec &S) { return S.Block[D]; });
  }
  mergeOne(M.DynamicSmem, "dynamic shared memory",
           [](const LaunchSpec &S) { return S.DynamicSmem; });
  std::map<std::string, Rational> Args;
  for (const auto &[Name, Value] : M.Args) {
    std::optional<Rational> Field = Value;
    mergeOne(Field, "argument '" + Name + "'",
             [&, Name = Name](const LaunchSpec &S) -> std::optional<Rational> {
               auto It = S.Args.find(Name);
               if (It == S.Args.end())
                 return std::nullopt;
               return It->second;
             });
    if (Field)
      Args[Name] = *Field;
  }
  M.Args = Args;
  // The calls all contexts share, outermost first.
  size_t Common = M.CallChain.size();
  for (InterpretedLaunch &C : Contexts) {
    size_t I = 0;
    while (I < Common && I < C.Spec.CallChain.size() &&
           C.Spec.CallChain[I] == M.CallChain[I])
      ++I;
    Common = I;
  }
  M.CallChain.resize(Common);
  std::optional<Rational> Count = Rational(0);
  for (InterpretedLaunch &C : Contexts)
    Count = Count && C.Spec.LaunchCount
                ? std::optional<Rational>(*Count + *C.Spec.LaunchCount)
                : std::nullopt;
  M.LaunchCount = Count;
  for (InterpretedLaunch &C : Contexts) {
    M.Contexts.push_back(C.Spec);
    M.Contexts.back().Contexts.clear();
  }
  return Merged;
}

/// How many branches the program does not take lead to the launch.
size_t untakenBranches(const InterpretedLaunch &L) {
  return llvm::count_if(L.Spec.Notes, [](const std::string &N) {
    return llvm::StringRef(N).starts_with(NotRunPrefix);
  });
}

/// A site with too many contexts keeps those that the fewest untaken
/// branches reach: a kernel the run skips (`reduce<double>` when `datatype`
/// is float) is shown as the nearest run would launch it, not as a merge of
/// that run with a benchmark sweep behind one more flag.
void keepNearestContexts(std::vector<InterpretedLaunch> &Contexts) {
  size_t Fewest = untakenBranches(Contexts.front());
  for (const InterpretedLaunch &L : Contexts)
    Fewest = std::min(Fewest, untakenBranches(L));
  size_t Before = Contexts.size();
  llvm::erase_if(Contexts, [&](const InterpretedLaunch &L) {
    return untakenBranches(L) > Fewest;
  });
  size_t Dropped = Before - Contexts.size();
  if (!Dropped)
    return;
  for (InterpretedLaunch &L : Contexts)
    L.Spec.Notes.push_back(
        std::to_string(Dropped) + " more calling context" +
        (Dropped == 1 ? "" : "s") +
        " behind more branches the program does not take are not shown");
}

/// The branches not taken that lead to the launch, as one key.
std::string untakenKey(const InterpretedLaunch &L) {
  std::string Key;
  for (const std::string &N : L.Spec.Notes)
    if (llvm::StringRef(N).starts_with(NotRunPrefix))
      Key += N + "\n";
  return Key;
}

/// Threads of a launch, 0 when a size is not known.
Rational threadsOf(const LaunchSpec &S) {
  Rational N(1);
  for (unsigned D = 0; D < 3; ++D) {
    if (!S.Grid[D] || !S.Block[D])
      return Rational(0);
    N = N * *S.Grid[D] * *S.Block[D];
  }
  return N;
}

/// A sweep the program does not run (count 0 in every context) as its
/// largest context, with the range it spans: what the kernel costs at the
/// sweep's top, not a merge whose sizes are all unknown.
InterpretedLaunch largestOfSweep(std::vector<InterpretedLaunch> &Contexts) {
  InterpretedLaunch Merged = mergeContexts(Contexts);
  size_t Best = 0;
  for (size_t I = 1; I < Contexts.size(); ++I)
    if (threadsOf(Contexts[Best].Spec) < threadsOf(Contexts[I].Spec))
      Best = I;
  InterpretedLaunch Largest = Contexts[Best];
  if (threadsOf(Largest.Spec) == Rational(0))
    return Merged;
  Largest.Spec.Notes.push_back(
      "the largest of " + std::to_string(Contexts.size()) +
      " calling contexts followed in a sweep the program does not run; "
      "the others are not shown");
  for (const std::string &N : Merged.Spec.Notes)
    if (llvm::StringRef(N).contains(" varies: "))
      Largest.Spec.Notes.push_back("over the sweep, " + N);
  return Largest;
}

/// Whether no context of a site's group is run by the program.
bool notRun(const std::vector<InterpretedLaunch> &Contexts) {
  return llvm::all_of(Contexts, [](const InterpretedLaunch &L) {
    return L.Spec.LaunchCount && *L.Spec.LaunchCount == Rational(0);
  });
}

/// The entries of one site. Over MaxContextsPerSite contexts, the contexts
/// behind the same branches not taken (one sweep) become one entry, so that
/// a run the program could make next to a sweep stays exact; with more such
/// groups than entries allowed, the site is one entry.
std::vector<InterpretedLaunch>
mergeSweeps(std::vector<InterpretedLaunch> &Contexts) {
  if (Contexts.size() <= MaxContextsPerSite)
    return std::move(Contexts);
  std::vector<std::string> Order;
  std::map<std::string, std::vector<InterpretedLaunch>> Groups;
  for (const InterpretedLaunch &L : Contexts) {
    std::string Key = untakenKey(L);
    if (!Groups.count(Key))
      Order.push_back(Key);
    Groups[Key].push_back(L);
  }
  if (Order.size() == 1 || Order.size() > MaxContextsPerSite)
    return {notRun(Contexts) ? largestOfSweep(Contexts)
                             : mergeContexts(Contexts)};
  // Each group one entry; then the smallest groups shown context by
  // context while the site stays within MaxContextsPerSite entries.
  std::vector<const std::string *> BySize;
  for (const std::string &Key : Order)
    BySize.push_back(&Key);
  llvm::stable_sort(BySize, [&](const std::string *A, const std::string *B) {
    return Groups[*A].size() < Groups[*B].size();
  });
  std::set<std::string> Expanded;
  size_t Count = Order.size();
  for (const std::string *Key : BySize) {
    size_t Size = Groups[*Key].size();
    if (Count - 1 + Size > MaxContextsPerSite)
      break;
    Count += Size - 1;
    Expanded.insert(*Key);
  }
  std::vector<InterpretedLaunch> Entries;
  for (const std::string &Key : Order) {
    std::vector<InterpretedLaunch> &Group = Groups[Key];
    if (!Expanded.count(Key)) {
      Entries.push_back(notRun(Group) ? largestOfSweep(Group)
                                      : mergeContexts(Group));
      continue;
    }
    for (InterpretedLaunch &L : Group)
      Entries.push_back(std::move(L));
  }
  return Entries;
}

} // namespace

HostRun interpretHost(const ASTContext &Ctx, llvm::ArrayRef<Decl *> TopLevel,
                      const HostRunOptions &Options) {
  HostUnit Unit{&Ctx, std::vector<Decl *>(TopLevel.begin(), TopLevel.end())};
  return interpretProgram(Unit, Options);
}

HostRun interpretProgram(llvm::ArrayRef<HostUnit> Units,
                         const HostRunOptions &Options) {
  HostRun Run;
  CallGraph Graph;
  Graph.Units = Units.size();
  for (const HostUnit &U : Units)
    for (Decl *D : U.TopLevel)
      Graph.TraverseDecl(D);
  Graph.link();
  Interpreter I(Options, Graph, Units.size() > 1);
  std::vector<const FunctionDecl *> Roots;
  for (const FunctionDecl *F : Graph.Functions)
    if (F->isMain())
      Roots.push_back(F);
  // Then every function with launches that nothing here calls: a library's
  // entry points, or code called from another file.
  for (const FunctionDecl *F : Graph.Functions) {
    if (F->isMain() || Graph.Referenced.count(F->getCanonicalDecl()) ||
        F->getASTContext().getSourceManager().isInSystemHeader(
            F->getLocation()) ||
        F->hasAttr<CUDAGlobalAttr>() || F->hasAttr<CUDADeviceAttr>() ||
        isa<CXXConstructorDecl>(F) || F->isTemplateInstantiation() ||
        !Graph.reachesLaunch(F))
      continue;
    Roots.push_back(F);
  }
  for (const FunctionDecl *F : Roots) {
    std::vector<InterpretedLaunch> Launches;
    if (!I.runRoot(F, Launches))
      continue;
    Run.Roots.push_back(F->getNameAsString());
    for (InterpretedLaunch &L : Launches)
      Run.Launches.push_back(std::move(L));
  }
  if (!I.MainStop.empty())
    Run.Unreached.push_back(I.MainStop);
  if (I.MainReturn) {
    Run.MainReturn = I.MainReturn->getBeginLoc();
    Run.MainReturnNote = "main returns at " +
                         I.where(I.MainReturn->getBeginLoc()) +
                         (Options.Args ? "" : " when run without arguments");
  }
  // A site with more contexts than a report can show becomes one entry.
  // (A site that launches through a kernel pointer is one site per kernel.)
  using Site = std::pair<const CallExpr *, std::string>;
  std::map<Site, std::vector<InterpretedLaunch>> BySite;
  std::vector<Site> Order;
  for (InterpretedLaunch &L : Run.Launches) {
    Site Key{L.Call, L.Spec.Kernel};
    if (!BySite.count(Key))
      Order.push_back(Key);
    BySite[Key].push_back(std::move(L));
  }
  Run.Launches.clear();
  for (const Site &Key : Order) {
    std::vector<InterpretedLaunch> &Contexts = BySite[Key];
    if (Contexts.size() > MaxContextsPerSite)
      keepNearestContexts(Contexts);
    for (InterpretedLaunch &L : mergeSweeps(Contexts))
      Run.Launches.push_back(std::move(L));
  }
  return Run;
}

} // namespace rla
