//===- TensorOps.cpp ------------------------------------------------------===//
#include "analyzer/cuda/TensorOps.h"

#include <cctype>
#include <regex>
#include <sstream>

namespace rla {

Rational TensorOp::flopsPerThread() const {
  return Rational(__int128(flops()), __int128(Threads));
}

namespace {

/// The last component of a qualified name: "nvcuda::wmma::precision::tf32"
/// -> "tf32".
std::string lastComponent(const std::string &Name) {
  size_t Colon = Name.rfind("::");
  std::string Tail = Colon == std::string::npos ? Name : Name.substr(Colon + 2);
  // "const __half" and "struct ..." spellings.
  for (const char *Prefix : {"const ", "struct ", "class "})
    if (Tail.rfind(Prefix, 0) == 0)
      Tail = Tail.substr(std::string(Prefix).size());
  return Tail;
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Out;
  std::string Cur;
  for (char C : S) {
    if (C == Sep) {
      Out.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  Out.push_back(Cur);
  return Out;
}

std::string trim(const std::string &S) {
  size_t B = 0, E = S.size();
  while (B < E && std::isspace(static_cast<unsigned char>(S[B])))
    ++B;
  while (E > B && std::isspace(static_cast<unsigned char>(S[E - 1])))
    --E;
  return S.substr(B, E - B);
}

/// A PTX type suffix's tensor input precision.
std::optional<TensorPrecision> ptxInputPrecision(const std::string &T) {
  if (T == "f16")
    return TensorPrecision::FP16;
  if (T == "bf16")
    return TensorPrecision::BF16;
  if (T == "tf32")
    return TensorPrecision::TF32;
  if (T == "f64")
    return TensorPrecision::FP64;
  if (T == "s8" || T == "u8")
    return TensorPrecision::INT8;
  if (T == "s4" || T == "u4")
    return TensorPrecision::INT4;
  if (T == "e4m3" || T == "e5m2")
    return TensorPrecision::FP8;
  if (T == "e2m1")
    return TensorPrecision::FP4;
  if (T == "b1")
    return TensorPrecision::B1;
  return std::nullopt;
}

bool isPtxType(const std::string &T) {
  static const char *Types[] = {"f16",  "f32",  "bf16", "tf32", "f64",  "s8",
                                "u8",   "s4",   "u4",   "e4m3", "e5m2", "e2m1",
                                "e3m2", "e2m3", "b1",   "s32"};
  for (const char *X : Types)
    if (T == X)
      return true;
  return false;
}

/// "%3" -> 3; "[%3]" -> 3; -1 otherwise.
int operandIndex(std::string Text) {
  Text = trim(Text);
  if (!Text.empty() && Text.front() == '[' && Text.back() == ']')
    Text = trim(Text.substr(1, Text.size() - 2));
  if (Text.size() < 2 || Text[0] != '%')
    return -1;
  for (size_t I = 1; I < Text.size(); ++I)
    if (!std::isdigit(static_cast<unsigned char>(Text[I])))
      return -1;
  return std::stoi(Text.substr(1));
}

/// A literal byte count ("16"), 0 when not a literal.
unsigned literalBytes(const std::string &Text) {
  std::string T = trim(Text);
  if (T.empty())
    return 0;
  for (char C : T)
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return 0;
  return static_cast<unsigned>(std::stoul(T));
}

/// ldmatrix / stmatrix: .mMnN .xC .bB -> bytes per thread of the warp.
unsigned matrixBytesPerThread(const std::vector<std::string> &Parts) {
  unsigned Rows = 8, Cols = 8, Count = 1, Bits = 16;
  static const std::regex Shape("m([0-9]+)n([0-9]+)");
  for (const std::string &P : Parts) {
    std::smatch Match;
    if (std::regex_match(P, Match, Shape)) {
      Rows = std::stoul(Match[1]);
      Cols = std::stoul(Match[2]);
    } else if (P.size() == 2 && P[0] == 'x' && std::isdigit(P[1])) {
      Count = P[1] - '0';
    } else if (P == "b16") {
      Bits = 16;
    } else if (P == "b8") {
      Bits = 8;
    }
  }
  return Rows * Cols * Bits / 8 * Count / 32;
}

} // namespace

std::optional<TensorPrecision> wmmaPrecision(const std::string &Elem,
                                             const std::string &Acc) {
  std::string E = lastComponent(Elem), A = lastComponent(Acc);
  if (E == "__half" || E == "half")
    return A == "__half" || A == "half" ? TensorPrecision::FP16Acc16
                                        : TensorPrecision::FP16;
  if (E == "__nv_bfloat16")
    return TensorPrecision::BF16;
  if (E == "tf32")
    return TensorPrecision::TF32;
  if (E == "double")
    return TensorPrecision::FP64;
  if (E == "signed char" || E == "unsigned char" || E == "char")
    return TensorPrecision::INT8;
  if (E == "u4" || E == "s4")
    return TensorPrecision::INT4;
  if (E == "b1")
    return TensorPrecision::B1;
  return std::nullopt;
}

unsigned wmmaElementBits(const std::string &Elem) {
  std::string E = lastComponent(Elem);
  if (E == "__half" || E == "half" || E == "__nv_bfloat16")
    return 16;
  if (E == "tf32" || E == "float" || E == "int")
    return 32;
  if (E == "double")
    return 64;
  if (E == "signed char" || E == "unsigned char" || E == "char")
    return 8;
  if (E == "u4" || E == "s4")
    return 4;
  if (E == "b1")
    return 1;
  return 0;
}

std::optional<TensorOp> parsePtxMma(const std::string &Mnemonic,
                                    std::optional<Note> &Why) {
  std::vector<std::string> Parts = split(Mnemonic, '.');
  bool Warpgroup = Parts[0] == "wgmma";
  TensorOp Op;
  Op.Threads = Warpgroup ? 128 : 32;
  for (const std::string &P : Parts)
    Op.Sparse |= P == "sp" || P == "sp::ordered_metadata";
  static const std::regex Shape("m([0-9]+)n([0-9]+)k([0-9]+)");
  bool HaveShape = false;
  std::vector<std::string> Types;
  for (const std::string &P : Parts) {
    std::smatch Match;
    if (std::regex_match(P, Match, Shape)) {
      Op.M = std::stoul(Match[1]);
      Op.N = std::stoul(Match[2]);
      Op.K = std::stoul(Match[3]);
      HaveShape = true;
    } else if (isPtxType(P)) {
      Types.push_back(P);
    }
  }
  if (!HaveShape) {
    Why = note(NoteId::PtxNoShape, {{"mnemonic", Mnemonic}});
    return std::nullopt;
  }
  // mma.sync: .dtype.atype.btype.ctype (b1: .s32.b1.b1.s32); wgmma:
  // .dtype.atype.btype. The second type is the input.
  if (Types.size() < 2) {
    Why = note(NoteId::PtxNoInputType, {{"mnemonic", Mnemonic}});
    return std::nullopt;
  }
  auto Input = ptxInputPrecision(Types[1]);
  if (!Input) {
    Why = note(NoteId::PtxInputHasNoRoof,
               {{"type", Types[1]}, {"mnemonic", Mnemonic}});
    return std::nullopt;
  }
  Op.Prec = *Input;
  if (Op.Prec == TensorPrecision::FP16 && Types[0] == "f16")
    Op.Prec = TensorPrecision::FP16Acc16;
  // PTX ISA: m8n8k4 with .f16 inputs is four 8x8x4 products, one per quad
  // pair of the warp (the sm_70 form); the .f64 form is one.
  if (!Warpgroup && Op.M == 8 && Op.N == 8 && Op.K == 4 &&
      (Op.Prec == TensorPrecision::FP16 ||
       Op.Prec == TensorPrecision::FP16Acc16))
    Op.Products = 4;
  return Op;
}

std::vector<PtxInstruction> scanPtx(const std::string &Asm) {
  std::vector<PtxInstruction> Out;
  std::string Flat;
  for (char C : Asm)
    Flat += C == '\n' ? ';' : C;
  static const std::regex Address("\\[\\s*%([0-9]+)\\s*\\]");
  for (std::string Stmt : split(Flat, ';')) {
    // Scope braces around declarations: "{ .reg .pred p; ... }".
    Stmt = trim(Stmt);
    while (!Stmt.empty() && (Stmt.front() == '{' || Stmt.front() == '}'))
      Stmt = trim(Stmt.substr(1));
    if (!Stmt.empty() && Stmt[0] == '@') { // a guard predicate: @p mma...
      size_t Space = Stmt.find_first_of(" \t");
      Stmt = Space == std::string::npos ? "" : trim(Stmt.substr(Space));
    }
    if (Stmt.empty() || Stmt[0] == '.')
      continue;
    size_t Space = Stmt.find_first_of(" \t");
    std::string Mnemonic = Stmt.substr(0, Space);
    std::string Args = Space == std::string::npos ? "" : Stmt.substr(Space);
    std::vector<std::string> Operands = split(Args, ',');
    std::vector<int> Addresses;
    for (auto It = std::sregex_iterator(Args.begin(), Args.end(), Address);
         It != std::sregex_iterator(); ++It)
      Addresses.push_back(std::stoi((*It)[1]));
    std::vector<std::string> Parts = split(Mnemonic, '.');
    PtxInstruction I;
    I.Mnemonic = Mnemonic;
    const std::string &Head = Parts[0];
    // Ordering around asynchronous MMAs and copies moves no data.
    if ((Head == "wgmma" && Parts.size() > 1 &&
         (Parts[1] == "fence" || Parts[1] == "commit_group" ||
          Parts[1] == "wait_group")) ||
        Head == "mbarrier" ||
        (Head == "fence" && Parts.size() > 1 &&
         Parts[1].rfind("proxy", 0) == 0)) {
      I.Kind = PtxKind::NoCost;
      Out.push_back(I);
      continue;
    }
    if ((Head == "mma" || Head == "wgmma") && Parts.size() > 1 &&
        (Parts[1] == "sync" || Parts[1] == "mma_async" || Parts[1] == "sp")) {
      if (auto Op = parsePtxMma(Mnemonic, I.Why)) {
        I.Kind = PtxKind::Mma;
        I.Op = *Op;
      }
      Out.push_back(I);
      continue;
    }
    if (Head == "ldmatrix" || Head == "stmatrix") {
      I.Kind = Head == "ldmatrix" ? PtxKind::Ldmatrix : PtxKind::Stmatrix;
      I.Bytes = matrixBytesPerThread(Parts);
      I.DstOperand = Addresses.empty() ? -1 : Addresses.front();
      Out.push_back(I);
      continue;
    }
    if (Head == "cp" && Parts.size() > 1 && Parts[1] == "async") {
      bool Bulk = Parts.size() > 2 && Parts[2] == "bulk";
      bool Control = false;
      for (const std::string &P : Parts)
        Control |= P == "commit_group" || P == "wait_group" ||
                   P == "wait_all" || P == "mbarrier" || P == "prefetch";
      if (Control && !Bulk) {
        I.Kind = PtxKind::NoCost; // ordering, not data movement
        Out.push_back(I);
        continue;
      }
      if (Bulk && Parts.size() > 3 && Parts[3] == "tensor") {
        I.Why = note(NoteId::PtxTensorMapCopy, {{"mnemonic", Mnemonic}});
        Out.push_back(I);
        continue;
      }
      if (Bulk && (Parts.size() > 3 &&
                   (Parts[3] == "commit_group" || Parts[3] == "wait_group" ||
                    Parts[3].rfind("wait_group", 0) == 0))) {
        I.Kind = PtxKind::NoCost;
        Out.push_back(I);
        continue;
      }
      I.Kind = Bulk ? PtxKind::CpAsyncBulk : PtxKind::CpAsync;
      // cp.async{.bulk}.<dst space>.<src space>
      I.ToGlobal = Bulk && Parts.size() > 3 && Parts[3] == "global";
      if (Addresses.size() >= 2 && Operands.size() >= 3) {
        I.DstOperand = Addresses[0];
        I.SrcOperand = Addresses[1];
        I.Bytes = literalBytes(Operands[2]);
        if (!I.Bytes)
          I.SizeOperand = operandIndex(Operands[2]);
      }
      if (!I.Bytes && I.SizeOperand < 0) {
        I.Kind = PtxKind::Uncounted;
        I.Why = note(NoteId::PtxSizeNotRead, {{"mnemonic", Mnemonic}});
      }
      Out.push_back(I);
      continue;
    }
  }
  return Out;
}

} // namespace rla
