//===- HostLaunches.cpp - Launches the host interpreter records -----------===//
///
/// \file
/// A launch the run reaches (<<<...>>>, the runtime's launch calls, graph
/// nodes, through kernel pointers) recorded with its values, call chain,
/// conditions and count; and the interpreter's values as buildLaunchSpec
/// reads them (InterpretedValues).
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"

using namespace clang;

namespace rla {
namespace interp {

namespace {

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

} // namespace

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
    Spec.CallChain.push_back(F->Call);
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
  for (const Note &C : Conditions)
    Spec.Notes.push_back(C);
  for (const Note &A : Assumptions)
    Spec.Notes.push_back(A);
  // The same values again (a time-step loop): one entry, counted.
  for (InterpretedLaunch &L : *Out)
    if (L.Call == Call && L.Spec.Kernel == Spec.Kernel &&
        L.Spec.Grid == Spec.Grid && L.Spec.Block == Spec.Block &&
        L.Spec.DynamicSmem == Spec.DynamicSmem && L.Spec.Args == Spec.Args &&
        L.Spec.Notes == Spec.Notes &&
        L.Spec.AllocatedBytes == Spec.AllocatedBytes &&
        L.Spec.NullPointerArgs == Spec.NullPointerArgs &&
        L.Spec.HostMemoryArgs == Spec.HostMemoryArgs) {
      L.Spec.LaunchCount =
          L.Spec.LaunchCount && Count
              ? std::optional<Rational>(*L.Spec.LaunchCount + *Count)
              : std::nullopt;
      return;
    }
  Out->push_back({Call, std::move(Spec), Kernel, &ctx()});
}

std::optional<Rational> InterpretedValues::scalar(const clang::Expr *E,
                                                  Note &Why) {
  HostValue V = I.eval(E);
  if (V.isNumber() && !V.Num.overflowed())
    return V.Num;
  Why = V.account();
  if (isBlankNote(Why))
    Why = note(NoteId::HostExprNotNumber, {{"expr", I.text(E)}});
  return std::nullopt;
}

std::optional<Rational>
InterpretedValues::allocatedBytes(const clang::Expr *E) {
  HostValue V = I.eval(E);
  if (V.K != HostValue::Kind::Pointer || V.Target || !V.AllocatedBytes)
    return std::nullopt;
  // An offset counts elements of the type the pointer had when it moved;
  // taken as the argument's, and none where that type has no size.
  Rational Left = *V.AllocatedBytes;
  if (V.Offset != 0) {
    QualType Pointee = E->IgnoreParenImpCasts()->getType()->getPointeeType();
    if (Pointee.isNull() || Pointee->isIncompleteType() ||
        Pointee->isDependentType())
      return std::nullopt;
    int64_t Size = I.ctx().getTypeSizeInChars(Pointee).getQuantity();
    Left = Left - Rational(V.Offset * Size);
  }
  if (Left.isNegative())
    return std::nullopt;
  return Left;
}

bool InterpretedValues::hostMemory(const clang::Expr *E) {
  HostValue V = I.eval(E);
  return V.K == HostValue::Kind::Pointer && V.HostMemory;
}

std::array<std::optional<Rational>, 3>
InterpretedValues::dim3(const clang::Expr *E, Note &Why) {
  std::array<std::optional<Rational>, 3> Out;
  HostValue V = I.eval(E);
  if (V.isNumber()) {
    Out = {V.Num, Rational(1), Rational(1)};
    return Out;
  }
  if (V.K != HostValue::Kind::Aggregate) {
    Why = V.account();
    if (isBlankNote(Why))
      Why = note(NoteId::HostExprNotKnown, {{"expr", I.text(E)}});
    return Out;
  }
  for (size_t D = 0; D < 3 && D < V.Elems.size(); ++D) {
    if (V.Elems[D]->isNumber())
      Out[D] = V.Elems[D]->Num;
    else if (isBlankNote(Why))
      Why = V.Elems[D]->account();
  }
  return Out;
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
                                                   unsigned Index, Note &Why) {
  return pointeeOf(I.eval(Array), Index, Why, I.text(Array));
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
                                Note &Why) {
  HostSlot V = field(Struct, Field);
  return pointeeOf(V ? *V : HostValue(), Index, Why,
                   I.text(Struct) + "." + Field.str());
}

std::optional<Rational> InterpretedValues::pointeeOf(const HostValue &A,
                                                     unsigned Index, Note &Why,
                                                     const std::string &Array) {
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
      !isBlankNote(Element->Target->account()))
    Why = Element->Target->account();
  else
    Why = note(NoteId::HostArgumentEntryNotKnown,
               {{"index", double(Index)}, {"expr", Array}});
  return std::nullopt;
}

} // namespace interp
} // namespace rla
