//===- HostLibrary.cpp ----------------------------------------------------===//
#include "analyzer/frontend/host/HostLibrary.h"
#include "analyzer/support/ScanFormat.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

using namespace clang;

namespace rla {

std::string formatDouble(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", V);
  return Buf;
}

namespace {

/// Every scalar inside an aggregate becomes unknown, for the same reason.
void forgetFields(HostValue &Aggregate, const Note &Why) {
  for (HostSlot &E : Aggregate.Elems) {
    if (E->K == HostValue::Kind::Aggregate)
      forgetFields(*E, Why);
    else
      *E = HostValue::unknown(Why);
  }
}

HostValue firstUnknown(const HostValue &L, const HostValue &R) {
  if (!L.isNumber())
    return L.known() ? HostValue::unknown(note(NoteId::HostNotANumber)) : L;
  return R.known() ? HostValue::unknown(note(NoteId::HostNotANumber)) : R;
}

HostValue fromReal(double V) {
  if (auto R = rationalFromDouble(V))
    return HostValue::number(*R, true);
  return HostValue::unknown(note(NoteId::HostNotFinite));
}

HostValue truth(bool B) { return HostValue::number(Rational(B ? 1 : 0)); }

} // namespace

HostValue arithmetic(const HostValue &L, const HostValue &R,
                     BinaryOperatorKind Op, bool Integer) {
  if (!L.isNumber() || !R.isNumber())
    return firstUnknown(L, R);
  const Rational &A = L.Num, &B = R.Num;
  bool Float = L.Float || R.Float;
  HostValue V;
  switch (Op) {
  case BO_Add:
    V = HostValue::number(A + B, Float);
    break;
  case BO_Sub:
    V = HostValue::number(A - B, Float);
    break;
  case BO_Mul:
    V = HostValue::number(A * B, Float);
    break;
  case BO_Div: {
    if (B.isZero())
      return HostValue::unknown(note(NoteId::HostDivisionByZero));
    Rational Q = A / B;
    if (Integer)
      Q = Rational(Q.isNegative() ? Q.ceil() : Q.floor(), 1);
    V = HostValue::number(Q, Float && !Integer);
    break;
  }
  case BO_Rem:
    if (B.isZero() || !A.isInteger() || !B.isInteger())
      return HostValue::unknown(note(NoteId::HostNotIntegerRemainder));
    V = HostValue::number(Rational(A.num() % B.num(), 1));
    break;
  case BO_Shl:
    if (!A.isInteger() || !B.isInteger() || B.num() < 0 || B.num() > 62)
      return HostValue::unknown(note(NoteId::HostShiftOutOfRange));
    V = HostValue::number(A * Rational(int64_t(1) << int(B.num())));
    break;
  case BO_Shr:
    if (!A.isInteger() || !B.isInteger() || B.num() < 0 || B.num() > 62)
      return HostValue::unknown(note(NoteId::HostShiftOutOfRange));
    V = HostValue::number(Rational(A.num() >> int(B.num()), 1));
    break;
  case BO_And:
  case BO_Or:
  case BO_Xor: {
    if (!A.isInteger() || !B.isInteger())
      return HostValue::unknown(note(NoteId::HostBitOperationOnFraction));
    __int128 X = A.num(), Y = B.num();
    V = HostValue::number(Rational(Op == BO_And  ? X & Y
                                   : Op == BO_Or ? X | Y
                                                 : X ^ Y,
                                   1));
    break;
  }
  case BO_LT:
    return truth(A < B);
  case BO_GT:
    return truth(B < A);
  case BO_LE:
    return truth(A <= B);
  case BO_GE:
    return truth(B <= A);
  case BO_EQ:
    return truth(A == B);
  case BO_NE:
    return truth(A != B);
  default:
    return HostValue::unknown(note(NoteId::HostOperatorNotFollowed));
  }
  if (V.Num.overflowed())
    return HostValue::unknown(note(NoteId::HostValueOverflows));
  return V;
}

HostValue unaryArithmetic(const HostValue &V, UnaryOperatorKind Op) {
  if (Op == UO_LNot && V.K == HostValue::Kind::Pointer)
    return truth(false);
  if (!V.isNumber())
    return V;
  switch (Op) {
  case UO_Minus:
    return HostValue::number(-V.Num, V.Float);
  case UO_Plus:
    return V;
  case UO_LNot:
    return truth(V.Num.isZero());
  case UO_Not:
    if (V.Num.isInteger())
      return HostValue::number(Rational(~V.Num.num(), 1));
    break;
  default:
    break;
  }
  return HostValue::unknown(note(NoteId::HostOperatorNotFollowed));
}

bool isLibraryFunction(const FunctionDecl *F, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isInSystemHeader(F->getLocation()) || F->getBuiltinID() != 0 ||
         SM.isInSystemHeader(
             SM.getExpansionLoc(F->getCanonicalDecl()->getLocation()));
}

namespace {

/// cudaDeviceAttr enumerators by the cudaDeviceProp field they read.
std::string attributeField(llvm::StringRef Enumerator) {
  llvm::StringRef Name = Enumerator;
  if (!Name.consume_front("cudaDevAttr"))
    return "";
  std::string Mapped =
      llvm::StringSwitch<std::string>(Name)
          .Case("MaxSharedMemoryPerBlock", "sharedMemPerBlock")
          .Case("MaxSharedMemoryPerMultiprocessor",
                "sharedMemPerMultiprocessor")
          .Case("MaxSharedMemoryPerBlockOptin", "sharedMemPerBlockOptin")
          .Case("MaxGridDimX", "maxGridSize[0]")
          .Case("MaxGridDimY", "maxGridSize[1]")
          .Case("MaxGridDimZ", "maxGridSize[2]")
          .Case("MaxBlockDimX", "maxThreadsDim[0]")
          .Case("MaxBlockDimY", "maxThreadsDim[1]")
          .Case("MaxBlockDimZ", "maxThreadsDim[2]")
          .Case("ComputeCapabilityMajor", "major")
          .Case("ComputeCapabilityMinor", "minor")
          .Case("MaxRegistersPerBlock", "regsPerBlock")
          .Case("MaxRegistersPerMultiprocessor", "regsPerMultiprocessor")
          .Case("MaxThreadsPerMultiProcessor", "maxThreadsPerMultiProcessor")
          .Case("MaxBlocksPerMultiprocessor", "maxBlocksPerMultiProcessor")
          .Default("");
  if (!Mapped.empty())
    return Mapped;
  std::string Field = Name.str();
  if (!Field.empty())
    Field[0] = char(std::tolower(Field[0]));
  return Field;
}

void fillDeviceProperties(const HostLibraryCall &C, HostLibraryResult &R) {
  if (C.Args.empty() || C.Args[0].K != HostValue::Kind::Pointer ||
      !C.Args[0].Target)
    return;
  const RecordDecl *Rec =
      C.ArgExprs[0]->getType()->getPointeeType()->getAsRecordDecl();
  HostSlot Prop = C.Args[0].Target;
  if (!Rec || Prop->K != HostValue::Kind::Aggregate)
    return;
  auto value = [&](const std::string &Name) {
    auto It = C.Options.DeviceProperties.find(Name);
    if (It != C.Options.DeviceProperties.end())
      return HostValue::number(It->second);
    return HostValue::unknown(
        note(NoteId::HostDevicePropertyAtRunTime, {{"property", Name}}));
  };
  for (const FieldDecl *F : Rec->fields()) {
    if (F->getFieldIndex() >= Prop->Elems.size())
      break;
    HostValue &Slot = *Prop->Elems[F->getFieldIndex()];
    std::string Name = F->getName().str();
    if (Slot.K == HostValue::Kind::Aggregate) {
      for (size_t I = 0; I < Slot.Elems.size(); ++I)
        *Slot.Elems[I] = value(Name + "[" + std::to_string(I) + "]");
      continue;
    }
    Slot = value(Name);
  }
  if (!C.Options.DeviceProperties.empty())
    R.Assumptions.push_back(
        note(NoteId::DevicePropertiesAsOn, {{"gpu", C.Options.DeviceName}}));
}

std::optional<double> real(const HostValue &V) {
  if (V.isNumber())
    return V.Num.toDouble();
  return std::nullopt;
}

/// atoi, strtol, stof and friends on a known string.
std::optional<HostValue> parseNumber(llvm::StringRef Name, const HostValue &S) {
  if (S.K != HostValue::Kind::String)
    return std::nullopt;
  const char *Text = S.Text.c_str();
  bool Real = Name.contains("f") || Name.contains("d");
  if (Real) {
    double D = std::strtod(Text, nullptr);
    return fromReal(D);
  }
  long long L = std::strtoll(Text, nullptr, 0);
  if (Name == "atoi" || Name.starts_with("sto"))
    L = std::strtoll(Text, nullptr, 10);
  return HostValue::number(Rational(int64_t(L)));
}

} // namespace

void store(const HostValue &P, HostValue V) {
  if (HostSlot To = P.pointee())
    *To = std::move(V);
}

HostLibraryResult callLibrary(const HostLibraryCall &C) {
  HostLibraryResult R;
  llvm::StringRef Name = C.Callee->getName();
  const std::vector<HostValue> &A = C.Args;
  auto done = [&](HostValue V) {
    R.Handled = true;
    R.Value = std::move(V);
    return R;
  };
  if (std::optional<HostValue> V = callTextureLibrary(C))
    return done(std::move(*V));
  if (std::optional<HostValue> V = callMappedMemoryLibrary(C))
    return done(std::move(*V));
  // Math on known values: ceil(n / 256.0), fmax(a, b), std::min(a, b).
  // ceilf and ceill are ceil.
  static const std::set<llvm::StringRef> Math = {
      "ceil",  "floor",  "trunc",     "round",  "abs",    "fabs",  "labs",
      "llabs", "sqrt",   "cbrt",      "log2",   "log",    "log10", "exp",
      "exp2",  "fmin",   "fmax",      "min",    "max",    "pow",   "rint",
      "lrint", "llrint", "nearbyint", "lround", "llround"};
  llvm::StringRef Base = Name;
  if (!Math.count(Base) && Base.size() > 2 &&
      (Base.ends_with("f") || Base.ends_with("l")) &&
      Math.count(Base.drop_back()))
    Base = Base.drop_back();
  if (A.size() == 1 && A[0].isNumber()) {
    const Rational &X = A[0].Num;
    double D = X.toDouble();
    if (Base == "ceil")
      return done(HostValue::number(Rational(X.ceil(), 1), true));
    if (Base == "floor")
      return done(HostValue::number(Rational(X.floor(), 1), true));
    if (Base == "trunc")
      return done(HostValue::number(
          Rational(X.isNegative() ? X.ceil() : X.floor(), 1), true));
    if (Base == "round" || Base == "lround" || Base == "llround") {
      // Halfway cases away from zero; lround's result is an integer.
      Rational Half(1, 2);
      return done(HostValue::number(X.isNegative()
                                        ? -Rational((-X + Half).floor(), 1)
                                        : Rational((X + Half).floor(), 1),
                                    Base == "round"));
    }
    if (Base == "rint" || Base == "nearbyint" || Base == "lrint" ||
        Base == "llrint") {
      // The default rounding mode: halfway cases to the even neighbour.
      Rational Below(X.floor(), 1);
      Rational Frac = X - Below;
      Rational Half(1, 2);
      bool Up = Half < Frac || (Frac == Half && X.floor() % 2 != 0);
      return done(HostValue::number(Up ? Below + Rational(1) : Below,
                                    Base == "rint" || Base == "nearbyint"));
    }
    if (Base == "abs" || Base == "fabs" || Base == "labs" || Base == "llabs")
      return done(HostValue::number(X.isNegative() ? -X : X, A[0].Float));
    if (Base == "sqrt" && D >= 0)
      return done(fromReal(std::sqrt(D)));
    if (Base == "cbrt")
      return done(fromReal(std::cbrt(D)));
    if (Base == "log2" && D > 0)
      return done(fromReal(std::log2(D)));
    if (Base == "log" && D > 0)
      return done(fromReal(std::log(D)));
    if (Base == "log10" && D > 0)
      return done(fromReal(std::log10(D)));
    if (Base == "exp")
      return done(fromReal(std::exp(D)));
    if (Base == "exp2")
      return done(fromReal(std::exp2(D)));
  }
  if (A.size() == 2 && A[0].isNumber() && A[1].isNumber()) {
    if (Base == "fmin" || Base == "min" || Base == "fmax" || Base == "max") {
      bool Less = A[0].Num < A[1].Num;
      bool Min = Base == "fmin" || Base == "min";
      return done(Min == Less ? A[0] : A[1]);
    }
    if (Base == "pow") {
      if (A[1].Num.isInteger() && A[1].Num.num() >= 0 && A[1].Num.num() < 64) {
        Rational P(1);
        for (int I = 0; I < int(A[1].Num.num()); ++I)
          P = P * A[0].Num;
        if (!P.overflowed())
          return done(HostValue::number(P, true));
      }
      return done(fromReal(std::pow(A[0].Num.toDouble(), A[1].Num.toDouble())));
    }
  }
  // Strings the program was given.
  if (Name == "atoi" || Name == "atol" || Name == "atoll" || Name == "atof" ||
      Name == "strtol" || Name == "strtoll" || Name == "strtoul" ||
      Name == "strtoull" || Name == "strtod" || Name == "strtof" ||
      Name == "stoi" || Name == "stol" || Name == "stoll" || Name == "stoul" ||
      Name == "stoull" || Name == "stof" || Name == "stod") {
    if (!A.empty())
      if (auto V = parseNumber(Name, A[0]))
        return done(*V);
    return R;
  }
  // sscanf(argv[2], "%d", &n) on the program's arguments.
  if (Name == "sscanf" && A.size() >= 2 && A[0].K == HostValue::Kind::String &&
      A[1].K == HostValue::Kind::String)
    if (auto Scan = scanFormat(A[0].Text, A[1].Text)) {
      for (size_t I = 0; I < Scan->Values.size() && I + 2 < A.size(); ++I) {
        const ScannedValue &V = Scan->Values[I];
        const HostValue &To = A[I + 2];
        if (V.ValueKind == ScannedValue::Kind::Text) {
          // %s fills a character buffer: the buffer holds the string.
          if (To.K == HostValue::Kind::Pointer && To.Target && To.Offset == 0)
            *To.Target = HostValue::string(V.Str);
          continue;
        }
        store(To, V.ValueKind == ScannedValue::Kind::Real
                      ? fromReal(V.Real)
                      : HostValue::number(Rational(V.Int)));
      }
      return done(HostValue::number(Rational(int64_t(Scan->Returned))));
    }
  // strstr/strchr/strrchr: the rest of the string from the match (the
  // pointer they return), or NULL.
  if ((Name == "strstr" || Name == "strchr" || Name == "strrchr") &&
      A.size() == 2 && A[0].K == HostValue::Kind::String &&
      (A[1].K == HostValue::Kind::String || A[1].isNumber())) {
    const std::string &S = A[0].Text;
    std::string Needle = A[1].K == HostValue::Kind::String
                             ? A[1].Text
                             : std::string(1, char(A[1].Num.floor()));
    size_t At = Name == "strrchr" ? S.rfind(Needle) : S.find(Needle);
    if (At == std::string::npos)
      return done(HostValue::number(Rational(0)));
    return done(HostValue::string(S.substr(At)));
  }
  if (Name == "strlen" && A.size() == 1 && A[0].K == HostValue::Kind::String)
    return done(HostValue::number(Rational(int64_t(A[0].Text.size()))));
  if ((Name == "strcmp" || Name == "strcasecmp") && A.size() == 2 &&
      A[0].K == HostValue::Kind::String && A[1].K == HostValue::Kind::String) {
    int Cmp = Name == "strcmp"
                  ? A[0].Text.compare(A[1].Text)
                  : llvm::StringRef(A[0].Text).compare_insensitive(A[1].Text);
    return done(HostValue::number(Rational(Cmp < 0 ? -1 : Cmp > 0 ? 1 : 0)));
  }
  if (Name == "getenv" && A.size() == 1 && A[0].K == HostValue::Kind::String) {
    auto It = C.Options.Env.find(A[0].Text);
    if (It != C.Options.Env.end())
      return done(HostValue::string(It->second));
    R.Assumptions.push_back(note(NoteId::EnvUnset, {{"name", A[0].Text}}));
    return done(HostValue::number(Rational(0)));
  }
  if (Name == "exit" || Name == "_exit" || Name == "abort" ||
      Name == "quick_exit") {
    R.Exits = true;
    return done(HostValue::number(Rational(0)));
  }
  // Output and memory management change nothing the launches read.
  if (Name == "printf" || Name == "fprintf" || Name == "puts" ||
      Name == "fputs" || Name == "putchar" || Name == "fflush" ||
      Name == "perror" || Name == "free" || Name == "memset" ||
      Name == "memcpy" || Name == "srand" || Name == "fclose" ||
      Name == "sprintf" || Name == "snprintf" || Name == "setbuf")
    return done(HostValue::number(Rational(0)));
  if (Name == "malloc" || Name == "calloc" || Name == "realloc" ||
      Name == "fopen") {
    return done(HostValue::untracked(
        note(NoteId::HostMemoryFrom, {{"call", Name.str()}, {"at", C.Where}})));
  }
  // The CUDA runtime and libraries: calls succeed (the program's error
  // checks pass), and what they report about the GPU is that of --gpu.
  if (Name == "cudaGetDeviceProperties" ||
      Name == "cudaGetDeviceProperties_v2") {
    fillDeviceProperties(C, R);
    return done(HostValue::number(Rational(0)));
  }
  if (Name == "cudaDeviceGetAttribute" && A.size() >= 2) {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(C.ArgExprs[1]->IgnoreParenImpCasts());
    std::string Field =
        Ref ? attributeField(Ref->getDecl()->getName()) : std::string();
    auto It = C.Options.DeviceProperties.find(Field);
    if (It != C.Options.DeviceProperties.end()) {
      store(A[0], HostValue::number(It->second));
      R.Assumptions.push_back(
          note(NoteId::DevicePropertiesAsOn, {{"gpu", C.Options.DeviceName}}));
    } else {
      store(A[0], HostValue::unknown(
                      note(NoteId::HostAttributeAtRunTime, {{"at", C.Where}})));
    }
    return done(HostValue::number(Rational(0)));
  }
  if (Name == "cudaGetDeviceCount" && !A.empty()) {
    store(A[0], HostValue::number(Rational(1)));
    R.Assumptions.push_back(note(NoteId::OneGpu));
    return done(HostValue::number(Rational(0)));
  }
  if (Name == "cudaGetDevice" && !A.empty()) {
    store(A[0], HostValue::number(Rational(0)));
    return done(HostValue::number(Rational(0)));
  }
  if (Name.starts_with("cudaMalloc") || Name == "cudaHostAlloc") {
    if (!A.empty()) {
      HostValue P =
          HostValue::untracked(note(NoteId::HostDeviceMemoryFrom,
                                    {{"call", Name.str()}, {"at", C.Where}}));
      // cudaMalloc(&p, bytes), cudaMallocManaged(&p, bytes, flags): the
      // size bounds what a kernel can touch through p. Pitched and array
      // allocations choose their own size, and host memory is not the
      // device's.
      bool Sized = Name == "cudaMalloc" || Name == "cudaMallocManaged" ||
                   Name == "cudaMallocAsync";
      if (Sized && A.size() > 1 && A[1].isNumber() && A[1].Num.isInteger() &&
          !A[1].Num.isNegative())
        P.AllocatedBytes = A[1].Num;
      store(A[0], P);
    }
    return done(HostValue::number(Rational(0)));
  }
  if (Name == "cudaGetErrorString" || Name == "cudaGetErrorName")
    return done(HostValue::string("no error"));
  bool Runtime = Name.starts_with("cuda") || Name.starts_with("cublas") ||
                 Name.starts_with("cufft") || Name.starts_with("curand") ||
                 Name.starts_with("cusparse") || Name.starts_with("cusolver") ||
                 Name.starts_with("cudnn") || Name.starts_with("nccl") ||
                 Name.starts_with("cu");
  if (Runtime && !Name.starts_with("cudaOccupancy") &&
      C.Callee->getReturnType()->isIntegralOrEnumerationType()) {
    // Outputs through pointers are not known; the status is success.
    Note From =
        note(NoteId::HostComesFrom, {{"call", Name.str()}, {"at", C.Where}});
    for (size_t I = 0; I < A.size(); ++I) {
      const HostValue &P = A[I];
      if (P.K != HostValue::Kind::Pointer || !P.Target || P.Target->Array)
        continue;
      if (P.Target->K != HostValue::Kind::Aggregate) {
        store(P, HostValue::unknown(From));
        continue;
      }
      // A struct the call fills (cuMemGetAllocationPropertiesFromHandle's
      // properties): every field is the call's, unless it only reads it.
      if (I < C.Callee->getNumParams() && !C.Callee->getParamDecl(I)
                                               ->getType()
                                               ->getPointeeType()
                                               .isConstQualified())
        forgetFields(*P.Target, From);
    }
    return done(HostValue::number(Rational(0)));
  }
  return R;
}

} // namespace rla
