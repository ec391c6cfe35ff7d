//===- HostState.cpp - Variables, globals and snapshots -------------------===//
///
/// \file
/// The host interpreter's state: where a variable lives (the frames, then the
/// globals, each initialised as the program does, across units), snapshots of
/// the values a branch can change, to undo it or to join two branches, and the
/// small helpers on values and types the other files share.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"
#include "analyzer/frontend/host/HostLibrary.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace rla {
namespace interp {

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

bool isStdRecord(const CXXRecordDecl *R, llvm::StringRef Name) {
  return R && R->getName() == Name && R->isInStdNamespace();
}

const CXXRecordDecl *recordOf(QualType T) {
  return T.getNonReferenceType()->getAsCXXRecordDecl();
}

std::string numberText(const HostValue &V) {
  if (!V.isNumber())
    return "?";
  if (V.Num.isInteger())
    return V.Num.str();
  return formatDouble(V.Num.toDouble());
}

void Interpreter::collect(const HostSlot &S, Snapshot &Out) const {
  if (!S || Out.count(S.get()))
    return;
  Out[S.get()] = {S, *S};
  for (const HostSlot &E : S->Elems)
    collect(E, Out);
  if (S->Target)
    collect(S->Target, Out);
}

namespace {

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

} // namespace

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

void Interpreter::join(const Snapshot &Other, const Note &Why) {
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

HostSlot Interpreter::variable(const ValueDecl *D) {
  if (!Options.Args && (D == Argc || D == Argv)) {
    addNoteOnce(Assumptions, note(NoteId::RunWithoutArguments));
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
    *Slot = HostValue::unknown(
        note(NoteId::HostNameDefinedIn,
             {{"name", V->getName().str()}, {"file", fileOf(V)}}));
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
    *Slot = defaultValue(V->getType(), Note());
    zeroFill(*Slot);
  } else
    *Slot = HostValue::unknown(
        note(NoteId::HostNameDefinedElsewhere, {{"name", V->getName().str()}}));
  return Slot;
}

} // namespace interp
} // namespace rla
