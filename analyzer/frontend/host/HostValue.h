//===- HostValue.h - A host value as the interpreter runs it ---*- C++ -*-===//
///
/// \file
/// What a host variable holds while the host interpreter runs: a number, a
/// string (argv), an aggregate (array, std::vector, dim3, struct fields in
/// declaration order), a pointer into another value, a function, or unknown
/// with its reason as a Note (worded by report/).
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_HOST_HOSTVALUE_H
#define RLA_FRONTEND_HOST_HOSTVALUE_H

#include "analyzer/ir/Expr.h"
#include "analyzer/ir/Note.h"

#include "clang/AST/Decl.h"

#include <memory>
#include <string>
#include <vector>

namespace rla {

struct HostValue;
/// Storage of one value: variables, array elements and fields are slots, so
/// that references and pointers can share them.
using HostSlot = std::shared_ptr<HostValue>;

struct HostValue {
  enum class Kind { Unknown, Number, String, Aggregate, Pointer, Function };
  Kind K = Kind::Unknown;
  Rational Num;       ///< Number
  bool Float = false; ///< Number of floating type
  std::string Text;   ///< String: its text
  /// Unknown: why it is not known (blank where nothing says); Pointer
  /// without a target: what it points to (cudaMalloc's memory at a.cu:12).
  Note Why;
  std::vector<HostSlot> Elems; ///< Aggregate: elements or fields in order
  bool Array = false;          ///< Aggregate indexed by pointers
  HostSlot Target;             ///< Pointer: what it points into
  int64_t Offset = 0;          ///< Pointer: element of an Array target
  /// Pointer from cudaMalloc and its kin with a known size: the buffer's
  /// bytes from where it starts (Offset counts elements from there).
  std::optional<Rational> AllocatedBytes;
  /// Pointer into page-locked host memory mapped into the device
  /// (cudaHostAlloc, cudaMallocHost): kernels reach it over the host link.
  bool HostMemory = false;
  const clang::FunctionDecl *Fn = nullptr; ///< Function

  static HostValue unknown(Note Why) {
    HostValue V;
    V.Why = std::move(Why);
    return V;
  }
  /// A pointer to memory the run does not follow, made where From says.
  static HostValue untracked(Note From) {
    HostValue V;
    V.K = Kind::Pointer;
    V.Why = std::move(From);
    return V;
  }
  static HostValue number(Rational N, bool IsFloat = false) {
    HostValue V;
    V.K = Kind::Number;
    V.Num = N;
    V.Float = IsFloat;
    return V;
  }
  static HostValue string(std::string S) {
    HostValue V;
    V.K = Kind::String;
    V.Text = std::move(S);
    return V;
  }
  static HostValue aggregate(std::vector<HostValue> Elements, bool IsArray) {
    HostValue V;
    V.K = Kind::Aggregate;
    V.Array = IsArray;
    for (HostValue &E : Elements)
      V.Elems.push_back(std::make_shared<HostValue>(std::move(E)));
    return V;
  }
  static HostValue pointer(HostSlot To, int64_t At = 0) {
    HostValue V;
    V.K = Kind::Pointer;
    V.Target = std::move(To);
    V.Offset = At;
    return V;
  }

  bool known() const { return K != Kind::Unknown; }

  /// What V says of itself where a number was wanted: an unknown's reason,
  /// what a pointer points to, a string's own text; blank for the rest.
  Note account() const {
    if (K == Kind::String)
      return Text.empty() ? Note() : verbatimNote(Text);
    return K == Kind::Unknown || K == Kind::Pointer ? Why : Note();
  }
  bool isNumber() const { return K == Kind::Number; }

  /// The slot a pointer points at (an array's element at Offset); null
  /// when it is not a pointer or points nowhere known.
  HostSlot pointee() const {
    if (K != Kind::Pointer || !Target)
      return nullptr;
    if (!Target->Array)
      return Target;
    if (Offset < 0 || Offset >= int64_t(Target->Elems.size()))
      return nullptr;
    return Target->Elems[Offset];
  }

  /// A copy whose aggregate elements live in new slots (C++ value
  /// semantics of assignment and pass-by-value).
  HostValue deepCopy() const {
    HostValue C = *this;
    for (HostSlot &E : C.Elems)
      E = std::make_shared<HostValue>(E->deepCopy());
    return C;
  }

  /// Equal as values: numbers, strings, elements; pointers by target.
  bool sameAs(const HostValue &O) const {
    if (K != O.K)
      return false;
    switch (K) {
    case Kind::Unknown:
      return Why == O.Why;
    case Kind::Number:
      return Num == O.Num && Float == O.Float;
    case Kind::String:
      return Text == O.Text;
    case Kind::Pointer:
      return Target == O.Target && Offset == O.Offset && Why == O.Why;
    case Kind::Function:
      return Fn == O.Fn;
    case Kind::Aggregate:
      if (Elems.size() != O.Elems.size())
        return false;
      for (size_t I = 0; I < Elems.size(); ++I)
        if (!Elems[I]->sameAs(*O.Elems[I]))
          return false;
      return true;
    }
    return false;
  }
};

} // namespace rla

#endif // RLA_FRONTEND_HOST_HOSTVALUE_H
