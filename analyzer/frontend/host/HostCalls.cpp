//===- HostCalls.cpp - Calls the host interpreter follows -----------------===//
///
/// \file
/// Calls: operators and methods, the user's functions entered with their
/// arguments (across units), library functions by what they do
/// (HostLibrary.cpp), calls not followed (what they write through pointers
/// made unknown), std::string and std::vector methods, constructors and
/// initialiser lists.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"
#include "analyzer/frontend/host/HostLibrary.h"

#include <functional>

using namespace clang;

namespace rla {
namespace interp {

HostValue Interpreter::callExpr(const CallExpr *C) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
    // Copy and move assignment of a struct (dim3 grid = ...; grid = g2).
    if (Op->getOperator() == OO_Equal && Method &&
        (Method->isCopyAssignmentOperator() ||
         Method->isMoveAssignmentOperator()) &&
        (Method->isTrivial() || Method->isDefaulted())) {
      Note Why;
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
      Note Why;
      HostSlot This = lvalue(Op->getArg(0), Why);
      std::vector<const clang::Expr *> Args(Op->arg_begin() + 1, Op->arg_end());
      return invoke(Method, Args, This, C);
    }
  }
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C)) {
    const clang::Expr *Object = M->getImplicitObjectArgument();
    Note Why;
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
  if (llvm::StringRef(Name).starts_with("omp_") && Site &&
      isLibraryFunction(F, ctx()))
    if (std::optional<HostValue> Team = openMp(Name, Args, Site))
      return *Team;
  if (Name == "cudaFuncGetAttributes" && Args.size() == 2 && Site &&
      isLibraryFunction(F, ctx()))
    return funcAttributes(Args, Site);
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
    recordLibraryArguments(F, Values, Site);
    HostLibraryCall Call{F, Args, Values, Options, where(Site->getBeginLoc())};
    HostLibraryResult R = callLibrary(Call);
    for (Note &A : R.Assumptions)
      addNoteOnce(Assumptions, std::move(A));
    if (R.Exits) {
      StopNote = note(NoteId::ProgramExitsAt,
                      {{"at", where(Site->getBeginLoc())},
                       {"without_arguments", double(!Options.Args)}});
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
    if (std::vector<std::string> Files = Graph.ambiguity(F); !Files.empty()) {
      std::vector<Note> Defining;
      for (std::string &File : Files)
        Defining.push_back(
            note(NoteId::HostDefiningFile, {{"file", std::move(File)}}));
      return HostValue::unknown(note(NoteId::HostFunctionDefinedInSeveral,
                                     {{"function", Name}},
                                     std::move(Defining)));
    }
    return unknownCall(Site, Name);
  }
  if (Stack.size() >= MaxCallDepth)
    return HostValue::unknown(
        note(NoteId::HostFunctionRecursesTooDeep, {{"function", Name}}));
  Frame Callee;
  Callee.Fn = Def;
  Callee.This = This;
  Callee.Call.How = CallFrame::Call;
  Callee.Call.Function = Name;
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    HostSlot Slot;
    if (P->getType()->isReferenceType()) {
      Note Why;
      Slot = lvalue(Args[I], Why);
    }
    if (!Slot)
      Slot = std::make_shared<HostValue>(
          coerce(eval(Args[I]).deepCopy(), P->getType()));
    Callee.Vars[P] = Slot;
    if (Slot->isNumber() && !P->getName().empty())
      Callee.Call.Numbers.emplace_back(P->getName().str(), numberText(*Slot));
  }
  // A call into another translation unit names the file it enters.
  if (&Def->getASTContext() != &ctx())
    Callee.Call.OtherFile = fileOf(Def);
  Stack.push_back(&Callee);
  Flow R = exec(Def->getBody());
  Stack.pop_back();
  // A nest of data loops that ran out of iterations is undone, not an exit.
  if (R == Flow::Stop && !DataNestSpent)
    Stopped = true;
  if (!Def->getReturnType()->isVoidType() && !Callee.Ret.known() &&
      isBlankNote(Callee.Ret.Why))
    return HostValue::unknown(
        note(NoteId::HostFunctionReturnsNoValue, {{"function", Name}}));
  return coerce(Callee.Ret, Site->getType());
}

void Interpreter::recordLibraryArguments(const FunctionDecl *F,
                                         const std::vector<HostValue> &Values,
                                         const CallExpr *Site) {
  // Only what the program runs: not a branch it does not take.
  if (!Site || Counterfactual)
    return;
  llvm::StringRef Name = F->getName();
  Name.consume_back("_v2");
  if (!Name.starts_with("cudaMemcpy") && !Name.starts_with("cudaMemset") &&
      !Name.starts_with("cublas") && Name != "cusparseCreateCsr")
    return;
  auto [It, First] = LibraryArguments.try_emplace(Site);
  std::vector<LibraryArgument> &Seen = It->second;
  if (First)
    Seen.resize(Values.size());
  for (size_t I = 0; I < Values.size() && I < Seen.size(); ++I) {
    std::optional<Rational> V;
    if (Values[I].isNumber() && Values[I].Num.isInteger())
      V = Values[I].Num;
    if (First)
      Seen[I].Value = V;
    else if (Seen[I].Value != V && !Seen[I].Varies) {
      Seen[I].Varies = true;
      Seen[I].Value.reset();
    }
  }
}

HostValue Interpreter::unknownCall(const CallExpr *C, const std::string &Name) {
  noteCallbacks(C, Name);
  // What the call can write through its pointer and reference arguments
  // comes from running it: `fread(&n, ...)`, `scanf("%d", &n)`.
  std::string At = where(C->getBeginLoc());
  for (const clang::Expr *A : C->arguments()) {
    const clang::Expr *Arg = A->IgnoreParenImpCasts();
    const auto *U = dyn_cast<UnaryOperator>(Arg);
    if (!U || U->getOpcode() != UO_AddrOf)
      continue;
    Note Why;
    if (HostSlot S = lvalue(U->getSubExpr(), Why)) {
      Note Reason =
          note(NoteId::HostExprComesFrom,
               {{"expr", text(U->getSubExpr())}, {"call", Name}, {"at", At}});
      if (S->K == HostValue::Kind::Aggregate)
        for (HostSlot &E : S->Elems)
          *E = HostValue::unknown(Reason);
      else
        *S = HostValue::unknown(Reason);
    }
  }
  return HostValue::unknown(
      note(NoteId::HostCallResultAtRunTime, {{"call", Name}, {"at", At}}));
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
  if (Object && Object->K == HostValue::Kind::Unknown &&
      !isBlankNote(Object->Why))
    return HostValue::unknown(Object->Why);
  if (!Object || Object->K != HostValue::Kind::Aggregate)
    return HostValue::unknown(
        note(NoteId::HostExprNotKnown,
             {{"expr", text(C->getImplicitObjectArgument())}}));
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
  havoc(C, note(NoteId::HostNameChangesThrough, {{"expr", text(C)}}));
  return HostValue::unknown(
      note(NoteId::HostExprNotFollowed, {{"expr", text(C)}}));
}

HostValue Interpreter::construct(const CXXConstructExpr *C) {
  if (!ctx().getAsConstantArrayType(C->getType()))
    return constructObject(C);
  // `TGPUplan plan[MAX_GPU_COUNT]`: every element constructed as one is.
  HostValue Array = defaultValue(C->getType(), Note());
  if (!Array.known())
    return Array; // too large to follow
  HostValue One = constructObject(C);
  std::function<void(HostValue &)> fill = [&](HostValue &V) {
    if (V.K == HostValue::Kind::Aggregate && V.Array) {
      for (HostSlot &E : V.Elems)
        fill(*E);
      return;
    }
    V = One.deepCopy();
  };
  fill(Array);
  return Array;
}

HostValue Interpreter::constructObject(const CXXConstructExpr *C) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  const CXXRecordDecl *R = Ctor ? Ctor->getParent() : nullptr;
  if (!R)
    return HostValue::unknown(
        note(NoteId::HostExprNotFollowed, {{"expr", text(C)}}));
  if (isStdRecord(R, "basic_string") && C->getNumArgs() >= 1) {
    HostValue S = eval(C->getArg(0));
    if (S.K == HostValue::Kind::String)
      return S;
    return HostValue::unknown(note(NoteId::HostStringNotKnown));
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
    return HostValue::unknown(note(NoteId::HostStdRecordNotFollowed,
                                   {{"record", R->getNameAsString()}}));
  HostSlot Object = std::make_shared<HostValue>(defaultValue(
      ctx().getCanonicalTagType(R), note(NoteId::HostFieldNotInitialised,
                                         {{"record", R->getNameAsString()}})));
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
      HostValue Zero = defaultValue(A->getElementType(), Note());
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
      HostValue Zero = defaultValue(F->getType(), Note());
      zeroFill(Zero);
      Fields.push_back(Zero);
    }
  }
  return HostValue::aggregate(std::move(Fields), false);
}

} // namespace interp
} // namespace rla
