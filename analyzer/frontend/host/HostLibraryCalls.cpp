//===- HostLibraryCalls.cpp - Library calls that read the run's state -----===//
///
/// \file
/// The library calls the interpreter answers from its own state rather than
/// from their arguments alone: the occupancy calculator
/// (cudaOccupancyMaxPotentialBlockSize, ...ActiveBlocksPerMultiprocessor,
/// and cudaFuncGetAttributes, answered by the run's OccupancyCalculator),
/// getopt over the command line, and cuModuleGetFunction's kernel by name.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/host/HostInterpreterImpl.h"

using namespace clang;

namespace rla {
namespace interp {

std::optional<OccupancyQuestion>
Interpreter::kernelQuestion(const clang::Expr *Func) {
  InterpretedValues Values(*this);
  const FunctionDecl *Kernel = Values.kernel(Func);
  if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>())
    return std::nullopt;
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
  return Q;
}

HostValue Interpreter::occupancy(llvm::StringRef Name,
                                 llvm::ArrayRef<const clang::Expr *> Args,
                                 const CallExpr *Site) {
  bool Active = Name.contains("ActiveBlocks");
  // (int *numBlocks, func, blockSize, smem) or (int *minGridSize,
  // int *blockSize, func, smem = 0, blockSizeLimit = 0).
  if (Args.size() < (Active ? 4u : 3u))
    return unknownCall(Site, Name.str());
  std::string At = where(Site->getBeginLoc());
  auto fail = [&](const Note &Why) {
    // Each output names itself: "`block` comes from ... (why)".
    for (unsigned I = 0; I < (Active ? 1u : 2u); ++I) {
      const clang::Expr *Out = Args[I]->IgnoreParenImpCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(Out);
          U && U->getOpcode() == UO_AddrOf)
        Out = U->getSubExpr();
      if (HostSlot S = eval(Args[I]).pointee())
        *S = HostValue::unknown(note(
            NoteId::HostOccupancyOutput,
            {{"expr", text(Out)}, {"call", Name.str()}, {"at", At}}, {Why}));
    }
    return HostValue::unknown(note(NoteId::HostOccupancyResult,
                                   {{"call", Name.str()}, {"at", At}}, {Why}));
  };
  std::optional<OccupancyQuestion> Asked = kernelQuestion(Args[Active ? 1 : 2]);
  if (!Asked)
    return fail(note(NoteId::HostOccupancyKernelNotKnown));
  OccupancyQuestion &Q = *Asked;
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
    return fail(note(NoteId::HostOccupancyInputsNotKnown));
  Q.BlockSize = unsigned(Block);
  Q.DynamicSmemBytes = Smem;
  Q.BlockSizeLimit = unsigned(Limit);
  if (!Options.Occupancy)
    return fail(Options.NoOccupancy);
  OccupancyAnswer A = Options.Occupancy->answer(Q);
  if (A.Why)
    return fail(*A.Why);
  if (A.Assumption)
    addNoteOnce(Assumptions, *A.Assumption);
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

HostValue Interpreter::funcAttributes(llvm::ArrayRef<const clang::Expr *> Args,
                                      const CallExpr *Site) {
  // (cudaFuncAttributes *attr, func): the fields the compile decides are
  // the kernel's; the others, and all of them when it cannot be compiled,
  // say where they come from.
  HostSlot Out = eval(Args[0]).pointee();
  const RecordDecl *Rec =
      Args[0]->getType()->getPointeeType()->getAsRecordDecl();
  if (!Out || Out->K != HostValue::Kind::Aggregate || !Rec)
    return HostValue::number(Rational(0));
  std::optional<Note> Why;
  OccupancyAnswer A;
  std::optional<OccupancyQuestion> Q = kernelQuestion(Args[1]);
  if (!Q)
    Why = note(NoteId::HostOccupancyKernelNotKnown);
  else if (!Options.Occupancy)
    Why = Options.NoOccupancy;
  else {
    Q->Attributes = true;
    A = Options.Occupancy->answer(*Q);
    Why = A.Why;
  }
  if (!Why && A.Assumption)
    addNoteOnce(Assumptions, *A.Assumption);
  const KernelAttributes &K = A.Attributes;
  std::map<std::string, uint64_t> Known;
  if (!Why)
    Known = {{"numRegs", K.Registers},
             {"sharedSizeBytes", K.StaticSmemBytes},
             {"localSizeBytes", K.LocalBytes},
             {"maxThreadsPerBlock", K.MaxThreadsPerBlock},
             {"binaryVersion", K.BinaryVersion}};
  std::string At = where(Site->getBeginLoc());
  for (const FieldDecl *F : Rec->fields()) {
    if (F->getFieldIndex() >= Out->Elems.size())
      break;
    std::string Field = F->getName().str();
    auto It = Known.find(Field);
    *Out->Elems[F->getFieldIndex()] =
        It != Known.end()
            ? HostValue::number(Rational(int64_t(It->second)))
            : HostValue::unknown(note(
                  NoteId::HostAttributeField, {{"field", Field}, {"at", At}},
                  Why ? std::vector<Note>{*Why} : std::vector<Note>{}));
  }
  return HostValue::number(Rational(0)); // cudaSuccess
}

std::optional<HostValue>
Interpreter::openMp(llvm::StringRef Name,
                    llvm::ArrayRef<const clang::Expr *> Args,
                    const CallExpr *Site) {
  if (Name == "omp_set_num_threads" && Args.size() == 1) {
    HostValue N = eval(Args[0]);
    OpenMpThreads.reset();
    if (N.isNumber() && N.Num.isInteger() && !N.Num.isNegative() &&
        !N.Num.isZero())
      OpenMpThreads = {int64_t(N.Num.num()), where(Site->getBeginLoc())};
    return HostValue::number(Rational(0));
  }
  if (Name == "omp_get_thread_num" && Args.empty())
    return HostValue::number(Rational(0));
  if ((Name == "omp_get_num_threads" || Name == "omp_get_max_threads") &&
      Args.empty()) {
    if (!OpenMpThreads)
      return HostValue::unknown(
          note(NoteId::HostOpenMpThreadsAtRunTime,
               {{"call", Name.str()}, {"at", where(Site->getBeginLoc())}}));
    addNoteOnce(Assumptions, note(NoteId::OpenMpTeam,
                                  {{"threads", double(OpenMpThreads->first)},
                                   {"at", OpenMpThreads->second}}));
    return HostValue::number(Rational(OpenMpThreads->first));
  }
  return std::nullopt;
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
      return HostValue::unknown(note(NoteId::HostGetoptLineNotKnown));
    std::vector<std::string> Words;
    for (int64_t I = 0; Rational(I) < Argc.Num; ++I) {
      size_t At = size_t(Argv.Offset + I);
      if (At >= Argv.Target->Elems.size() ||
          Argv.Target->Elems[At]->K != HostValue::Kind::String)
        return HostValue::unknown(note(NoteId::HostCommandLineArgumentNotKnown,
                                       {{"index", double(I)}}));
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
    *Slot = HostValue::unknown(
        note(NoteId::HostModuleKernelNameNotKnown,
             {{"expr", text(Args[2])}, {"at", where(Site->getBeginLoc())}}));
    return;
  }
  Note Why;
  const FunctionDecl *Kernel = Graph.kernelNamed(KernelName.Text, Why);
  if (!Kernel) {
    *Slot =
        HostValue::unknown(note(NoteId::HostModuleKernelNotFound,
                                {{"at", where(Site->getBeginLoc())}}, {Why}));
    return;
  }
  HostValue V;
  V.K = HostValue::Kind::Function;
  V.Fn = Kernel;
  *Slot = V;
}

} // namespace interp
} // namespace rla
