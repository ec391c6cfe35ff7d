//===- HostExpressions.cpp - Expressions the host interpreter evaluates ---===//
///
/// \file
/// Expressions on the interpreter's values: lvalues (the slot a name, member,
/// element or dereference designates), loads, conversions, literals, casts
/// (malloc'd arrays followed element by element), unary and binary
/// operators.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"
#include "analyzer/frontend/host/HostLibrary.h"

using namespace clang;

namespace rla {
namespace interp {

namespace {

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

} // namespace

HostSlot Interpreter::lvalue(const clang::Expr *E, Note &Why) {
  E = E->IgnoreParens();
  // `(a < b) ? a : b` on lvalues (a MIN macro on int& parameters).
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    HostValue Cond = eval(C->getCond());
    if (Cond.isNumber())
      return lvalue(Cond.Num.isZero() ? C->getFalseExpr() : C->getTrueExpr(),
                    Why);
    Why = Cond.account();
    if (isBlankNote(Why))
      Why = note(NoteId::HostExprNotKnown, {{"expr", text(C->getCond())}});
    return nullptr;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (HostSlot S = variable(Ref->getDecl()))
      return S;
    Why = note(NoteId::HostNameNotFollowed,
               {{"name", Ref->getDecl()->getName().str()}});
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
      if (isBlankNote(Why) && Base && !Base->known())
        Why = Base->Why; // `v.x` of a `v` a library call returned
      if (isBlankNote(Why))
        Why = note(NoteId::HostExprNotFollowed, {{"expr", text(E)}});
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
    Why = note(NoteId::HostExprNotKnown, {{"expr", text(E)}});
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
      Why = note(NoteId::HostExprReadsRunTimeMemory, {{"expr", text(E)}});
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
  // A call that returns a const reference (std::max(a, b), std::min) is
  // read, never written through: its value stands for the object.
  // (Operator and member calls, `v[i]` of a const vector, load through
  // their own lvalue: calling them here would come back to this point.)
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && E->getType().isConstQualified() &&
      !isa<CXXOperatorCallExpr>(Call) && !isa<CXXMemberCallExpr>(Call))
    return std::make_shared<HostValue>(callExpr(Call).deepCopy());
  if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
    if (B->isAssignmentOp()) {
      eval(B);
      return lvalue(B->getLHS(), Why);
    }
  if (isBlankNote(Why))
    Why = note(NoteId::HostExprNotFollowed, {{"expr", text(E)}});
  return nullptr;
}

HostValue Interpreter::eval(const clang::Expr *E) {
  if (!E)
    return HostValue::unknown(note(NoteId::HostNoExpression));
  if (!step())
    return HostValue::unknown(note(NoteId::HostRunsTooLong));
  return evalImpl(E);
}

HostValue Interpreter::load(const clang::Expr *E) {
  Note Why;
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

namespace {

/// The scalars an object of type T holds, arrays of arrays and structs
/// flattened; any count above Cap is Cap + 1 (the product never overflows).
uint64_t flatElements(const ASTContext &Ctx, QualType T, uint64_t Cap) {
  T = T.getNonReferenceType();
  if (const auto *A = Ctx.getAsConstantArrayType(T)) {
    uint64_t N = A->getSize().getZExtValue();
    if (N == 0)
      return 0;
    uint64_t Inner = flatElements(Ctx, A->getElementType(), Cap);
    return Inner > Cap / N ? Cap + 1 : N * Inner;
  }
  if (const auto *R = T->getAsRecordDecl()) {
    uint64_t Sum = 0;
    for (const FieldDecl *F : R->fields()) {
      Sum += flatElements(Ctx, F->getType(), Cap);
      if (Sum > Cap)
        return Cap + 1;
    }
    return Sum;
  }
  return 1;
}

} // namespace

HostValue Interpreter::defaultValue(QualType T, const Note &Why) {
  T = T.getNonReferenceType();
  if (const auto *A = ctx().getAsConstantArrayType(T)) {
    // The whole object, not one dimension: a float g[128][128][64] is a
    // million scalars, each a value the interpreter would keep and copy.
    if (flatElements(ctx(), T, MaxElements) > MaxElements)
      return HostValue::unknown(note(NoteId::HostArrayTooLarge));
    uint64_t N = A->getSize().getZExtValue();
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
    return HostValue::unknown(
        note(NoteId::HostExprNotKnown, {{"expr", text(E)}}));
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
    return HostValue::unknown(
        note(NoteId::HostNameNotKnown, {{"name", D->getName().str()}}));
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
      return HostValue::unknown(note(NoteId::HostExprNotKnown,
                                     {{"expr", text(C->getCond())}},
                                     partsUnlessBlank(Cond.account())));
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
  // `psystem = new ParticleSystem(numParticles, ...)`). Arrays hold data,
  // followed only when small (a plan per GPU, newArray).
  if (const auto *New = dyn_cast<CXXNewExpr>(E); New && !New->isArray()) {
    HostValue Object =
        New->getConstructExpr() ? construct(New->getConstructExpr())
        : New->getInitializer()
            ? coerce(eval(New->getInitializer()), New->getAllocatedType())
            : defaultValue(
                  New->getAllocatedType(),
                  note(NoteId::HostExprNotInitialised, {{"expr", text(New)}}));
    return HostValue::pointer(std::make_shared<HostValue>(std::move(Object)));
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    if (std::optional<HostValue> Small = newArray(New))
      return *Small;
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
    HostValue V = defaultValue(E->getType(), Note());
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
  return HostValue::unknown(
      note(NoteId::HostExprNotEvaluated, {{"expr", text(E)}}));
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
    return HostValue::untracked(
        note(NoteId::HostMemoryFrom, {{"call", Name.str()}, {"at", Where}}));
  }
  return heapBlock(Elem, uint64_t(Bytes.Num.num()) / ElemBytes, Zeroed,
                   note(NoteId::HostUninitialisedMemoryFrom,
                        {{"call", Name.str()}, {"at", Where}}));
}

HostValue Interpreter::heapBlock(QualType Elem, uint64_t Count, bool Zeroed,
                                 const Note &Why) {
  std::vector<HostValue> Elements;
  for (uint64_t I = 0; I < Count; ++I)
    Elements.push_back(
        Zeroed && Elem->isScalarType()
            ? HostValue::number(Rational(0), Elem->isRealFloatingType())
            : defaultValue(Elem, Why));
  return HostValue::pointer(std::make_shared<HostValue>(
      HostValue::aggregate(std::move(Elements), true)));
}

std::optional<HostValue> Interpreter::newArray(const CXXNewExpr *New) {
  std::optional<const clang::Expr *> Size = New->getArraySize();
  QualType Elem = New->getAllocatedType();
  if (!Size || !*Size || Elem->isDependentType() || Elem->isIncompleteType())
    return std::nullopt;
  HostValue Count = eval(*Size);
  if (!Count.isNumber() || !Count.Num.isInteger() || Count.Num.isNegative() ||
      Count.Num.num() > __int128(MaxHeapElements))
    return std::nullopt;
  // `new T[n]()` value-initialises; `new T[n]` leaves scalars unset.
  return heapBlock(Elem, uint64_t(Count.Num.num()),
                   New->getInitializer() != nullptr,
                   note(NoteId::HostUninitialisedNewMemory,
                        {{"at", where(New->getBeginLoc())}}));
}

HostValue Interpreter::cast(const CastExpr *C) {
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
    return load(C->getSubExpr());
  case CK_ArrayToPointerDecay: {
    Note Why;
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
    Note Why;
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
    Note Why;
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
    Note Why;
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

} // namespace interp
} // namespace rla
