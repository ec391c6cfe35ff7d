//===- HostTextures.cpp - Texture memory as the host interpreter runs it --===//
///
/// \file
/// The CUDA runtime calls that make the memory behind a texture or surface
/// object: channel descriptions, extents, CUDA arrays and the objects
/// themselves. A texture object carries the bytes of the array, linear
/// buffer or pitched rows it reads, as a cudaMalloc pointer carries its
/// buffer's, so that a kernel's fetches through it are bounded by them.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostLibrary.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace rla {
namespace {

/// The field Name of V, an aggregate of record type T; its type in
/// FieldType. Null when V is not that aggregate.
const HostValue *resourceField(const HostValue &V, QualType T,
                               llvm::StringRef Name,
                               QualType *FieldType = nullptr) {
  const RecordDecl *R = T.isNull() ? nullptr : T->getAsRecordDecl();
  if (!R || V.K != HostValue::Kind::Aggregate)
    return nullptr;
  for (const FieldDecl *F : R->fields()) {
    if (F->getName() != Name)
      continue;
    if (F->getFieldIndex() >= V.Elems.size())
      return nullptr;
    if (FieldType)
      *FieldType = F->getType();
    return V.Elems[F->getFieldIndex()].get();
  }
  return nullptr;
}

std::optional<Rational> wholeNumber(const HostValue *V) {
  if (V && V->isNumber() && V->Num.isInteger() && !V->Num.isNegative())
    return V->Num;
  return std::nullopt;
}

/// Bytes of one element of a cudaChannelFormatDesc: its x, y, z and w bits.
std::optional<Rational> channelBytes(const HostValue &Desc, QualType T) {
  Rational Bits(0);
  for (const char *Component : {"x", "y", "z", "w"}) {
    auto B = wholeNumber(resourceField(Desc, T, Component));
    if (!B)
      return std::nullopt;
    Bits = Bits + *B;
  }
  if (Bits.isZero())
    return std::nullopt;
  return Bits / Rational(8);
}

/// At least 1: a CUDA array's height and depth are 0 for fewer dimensions.
Rational atLeastOne(const Rational &N) { return N.isZero() ? Rational(1) : N; }

/// What the call's argument I points at, with the pointee's type.
const HostValue *pointeeOf(const HostLibraryCall &C, unsigned I, QualType &T) {
  if (I >= C.Args.size() || I >= C.ArgExprs.size())
    return nullptr;
  HostSlot S = C.Args[I].pointee();
  T = C.ArgExprs[I]->IgnoreParenImpCasts()->getType()->getPointeeType();
  return S.get();
}

/// The bytes behind a cudaResourceDesc: the array's, the linear buffer's
/// size, or the pitched rows' width x height elements (the padding of each
/// row is never read).
std::optional<Rational> resourceBytes(const HostValue &Desc, QualType T) {
  QualType ResT;
  const HostValue *Res = resourceField(Desc, T, "res", &ResT);
  if (!Res)
    return std::nullopt;
  auto Type = wholeNumber(resourceField(Desc, T, "resType"));
  QualType SubT;
  // cudaResourceTypeArray, ...Mipmap, ...Linear, ...Pitch2D.
  if (Type && *Type == Rational(0)) {
    const HostValue *Array = resourceField(*Res, ResT, "array", &SubT);
    const HostValue *Ptr =
        Array ? resourceField(*Array, SubT, "array") : nullptr;
    if (Ptr && Ptr->K == HostValue::Kind::Pointer)
      return Ptr->AllocatedBytes;
    return std::nullopt;
  }
  if (Type && *Type == Rational(2)) {
    const HostValue *Linear = resourceField(*Res, ResT, "linear", &SubT);
    if (!Linear)
      return std::nullopt;
    auto Size = wholeNumber(resourceField(*Linear, SubT, "sizeInBytes"));
    const HostValue *Ptr = resourceField(*Linear, SubT, "devPtr");
    if (Size && Ptr && Ptr->AllocatedBytes && Ptr->Offset == 0 &&
        *Ptr->AllocatedBytes < *Size)
      return Ptr->AllocatedBytes;
    return Size;
  }
  if (Type && *Type == Rational(3)) {
    const HostValue *Pitch = resourceField(*Res, ResT, "pitch2D", &SubT);
    if (!Pitch)
      return std::nullopt;
    QualType DescT;
    const HostValue *Channel = resourceField(*Pitch, SubT, "desc", &DescT);
    auto Width = wholeNumber(resourceField(*Pitch, SubT, "width"));
    auto Height = wholeNumber(resourceField(*Pitch, SubT, "height"));
    auto Element = Channel ? channelBytes(*Channel, DescT) : std::nullopt;
    if (Width && Height && Element)
      return *Width * atLeastOne(*Height) * *Element;
    auto Row = wholeNumber(resourceField(*Pitch, SubT, "pitchInBytes"));
    if (Row && Height)
      return *Row * atLeastOne(*Height);
  }
  return std::nullopt;
}

/// cudaCreateChannelDesc<T>(): the bits of each of T's components (a
/// vector type's x, y, z, w) and the kind of its scalars.
HostValue channelDescOf(const ASTContext &Ctx, QualType Element) {
  std::vector<Rational> Bits;
  QualType Scalar = Element;
  if (const RecordDecl *R = Element->getAsRecordDecl()) {
    for (const FieldDecl *F : R->fields()) {
      Scalar = F->getType();
      Bits.push_back(Rational(int64_t(Ctx.getTypeSize(F->getType()))));
    }
  } else {
    Bits.push_back(Rational(int64_t(Ctx.getTypeSize(Element))));
  }
  Bits.resize(4, Rational(0));
  // cudaChannelFormatKindSigned, ...Unsigned, ...Float.
  int64_t Kind = Scalar->isFloatingType()                       ? 2
                 : Scalar->isUnsignedIntegerOrEnumerationType() ? 1
                                                                : 0;
  std::vector<HostValue> Fields;
  for (const Rational &B : Bits)
    Fields.push_back(HostValue::number(B));
  Fields.push_back(HostValue::number(Rational(Kind)));
  return HostValue::aggregate(std::move(Fields), false);
}

/// Device memory made by Name at C.Where, of Bytes when known.
HostValue deviceMemory(const HostLibraryCall &C, llvm::StringRef Name,
                       std::optional<Rational> Bytes) {
  HostValue P = HostValue::untracked(note(
      NoteId::HostDeviceMemoryFrom, {{"call", Name.str()}, {"at", C.Where}}));
  P.AllocatedBytes = Bytes;
  return P;
}

} // namespace

std::optional<HostValue> callTextureLibrary(const HostLibraryCall &C) {
  llvm::StringRef Name = C.Callee->getName();
  const std::vector<HostValue> &A = C.Args;
  if (Name == "cudaCreateChannelDesc") {
    if (const TemplateArgumentList *T =
            C.Callee->getTemplateSpecializationArgs();
        T && T->size() == 1 && T->get(0).getKind() == TemplateArgument::Type)
      return channelDescOf(C.Callee->getASTContext(), T->get(0).getAsType());
    if (A.size() == 5) {
      std::vector<HostValue> Fields(A.begin(), A.end());
      return HostValue::aggregate(std::move(Fields), false);
    }
    return std::nullopt;
  }
  if (Name == "make_cudaExtent" && A.size() == 3)
    return HostValue::aggregate({A[0], A[1], A[2]}, false);
  if (Name == "cudaMallocArray" || Name == "cudaMalloc3DArray") {
    if (A.size() < 3)
      return std::nullopt;
    QualType DescT;
    const HostValue *Desc = pointeeOf(C, 1, DescT);
    std::optional<Rational> Element =
        Desc ? channelBytes(*Desc, DescT) : std::nullopt;
    std::optional<Rational> Elements;
    if (Name == "cudaMallocArray") {
      auto Width = wholeNumber(&A[2]);
      auto Height = A.size() > 3 ? wholeNumber(&A[3]) : Rational(0);
      if (Width && Height)
        Elements = *Width * atLeastOne(*Height);
    } else if (C.ArgExprs.size() > 2) {
      QualType ExtentT = C.ArgExprs[2]->getType();
      auto Width = wholeNumber(resourceField(A[2], ExtentT, "width"));
      auto Height = wholeNumber(resourceField(A[2], ExtentT, "height"));
      auto Depth = wholeNumber(resourceField(A[2], ExtentT, "depth"));
      if (Width && Height && Depth)
        Elements = *Width * atLeastOne(*Height) * atLeastOne(*Depth);
    }
    std::optional<Rational> Bytes;
    if (Element && Elements)
      Bytes = *Element * *Elements;
    store(A[0], deviceMemory(C, Name, Bytes));
    return HostValue::number(Rational(0));
  }
  if (Name == "cudaCreateTextureObject" || Name == "cudaCreateSurfaceObject") {
    if (A.size() < 2)
      return std::nullopt;
    QualType DescT;
    const HostValue *Desc = pointeeOf(C, 1, DescT);
    store(A[0],
          deviceMemory(C, Name,
                       Desc ? resourceBytes(*Desc, DescT) : std::nullopt));
    return HostValue::number(Rational(0));
  }
  return std::nullopt;
}

} // namespace rla
