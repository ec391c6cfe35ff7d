//===- SassListing.cpp ----------------------------------------------------===//
#include "analyzer/resources/SassListing.h"

#include "llvm/ADT/StringRef.h"

#include <cstring>
#include <map>

namespace rla {
namespace {

using Position = SassInstruction::Position;

/// `"/a/b.cu", line 12` at the front of L, consumed.
std::optional<Position> parsePosition(llvm::StringRef &L) {
  L = L.ltrim();
  if (!L.consume_front("\""))
    return std::nullopt;
  size_t Quote = L.find('"');
  if (Quote == llvm::StringRef::npos)
    return std::nullopt;
  Position P;
  P.File = L.take_front(Quote).str();
  L = L.drop_front(Quote + 1).ltrim();
  if (!L.consume_front(","))
    return std::nullopt;
  L = L.ltrim();
  if (!L.consume_front("line"))
    return std::nullopt;
  L = L.ltrim();
  if (L.consumeInteger(10, P.Line))
    return std::nullopt;
  return P;
}

/// `//## File "/a/b.cu", line 12 inlined at "/a/c.cu", line 40`.
std::optional<std::vector<Position>> parseLineComment(llvm::StringRef L) {
  L = L.trim();
  if (!L.consume_front("//## File"))
    return std::nullopt;
  std::vector<Position> Out;
  auto First = parsePosition(L);
  if (!First)
    return std::nullopt;
  Out.push_back(*First);
  while (L.ltrim().starts_with("inlined at")) {
    L = L.ltrim().drop_front(strlen("inlined at"));
    auto Next = parsePosition(L);
    if (!Next)
      break;
    Out.push_back(*Next);
  }
  return Out;
}

/// "        /*01e0*/  @!P0 LDG.E R18, desc[UR6][R4.64] ;"
std::optional<SassInstruction> parseInstruction(llvm::StringRef L) {
  L = L.trim();
  if (!L.consume_front("/*"))
    return std::nullopt;
  size_t End = L.find("*/");
  if (End == llvm::StringRef::npos)
    return std::nullopt;
  SassInstruction I;
  if (L.take_front(End).getAsInteger(16, I.Address))
    return std::nullopt;
  L = L.drop_front(End + 2).trim();
  // The encoding comment cuobjdump adds after the ';'.
  L = L.take_front(L.find(';')).trim();
  if (L.empty())
    return std::nullopt;
  if (L.starts_with("@")) {
    size_t Space = L.find_first_of(" \t");
    I.Guard = L.take_front(Space).str();
    L = L.drop_front(Space).ltrim();
  }
  size_t Space = L.find_first_of(" \t");
  I.Opcode = L.take_front(Space).str();
  I.Operands =
      Space == llvm::StringRef::npos ? "" : L.drop_front(Space).trim().str();
  return I;
}

/// "/* 0x000fe20000000800 */" alone on a line: the second encoding word.
std::optional<uint64_t> encodingWord(llvm::StringRef L) {
  L = L.trim();
  if (!L.consume_front("/*") || !L.consume_back("*/"))
    return std::nullopt;
  L = L.trim();
  uint64_t Word = 0;
  if (!L.consume_front("0x") || L.size() != 16 || L.getAsInteger(16, Word))
    return std::nullopt;
  return Word;
}

/// The label a branch names ("`(.L_x_4)" -> ".L_x_4"), empty when none.
llvm::StringRef branchLabel(llvm::StringRef Operands) {
  size_t Open = Operands.find("`(");
  if (Open == llvm::StringRef::npos)
    return {};
  llvm::StringRef Label = Operands.drop_front(Open + 2);
  return Label.take_front(Label.find(')'));
}

/// A plain target address (cuobjdump's "BRA 0x1a0").
std::optional<uint32_t> branchAddress(llvm::StringRef Operands) {
  llvm::StringRef Last = Operands.rsplit(' ').second.trim();
  if (Last.empty())
    Last = Operands.trim();
  uint32_t Address = 0;
  if (!Last.consume_front("0x") || Last.getAsInteger(16, Address))
    return std::nullopt;
  return Address;
}

bool isBranch(llvm::StringRef Base) {
  return Base == "BRA" || Base == "BRX" || Base == "CALL" || Base == "JMP" ||
         Base == "JMX" || Base == "BREAK" || Base == "BSSY" || Base == "SSY" ||
         Base == "PBK" || Base == "PCNT" || Base == "CAL" || Base == "JCAL";
}

} // namespace

std::optional<SassInstruction::Schedule> SassInstruction::schedule() const {
  if (!HighWord)
    return std::nullopt;
  // Bits 105-125 of the instruction: stall (4), yield (1), write
  // scoreboard (3), read scoreboard (3), wait mask (6).
  uint64_t Control = *HighWord >> 41;
  Schedule S;
  S.Stall = static_cast<unsigned>(Control & 0xF);
  S.WriteBarrier = static_cast<unsigned>((Control >> 5) & 0x7);
  S.ReadBarrier = static_cast<unsigned>((Control >> 8) & 0x7);
  S.WaitMask = static_cast<unsigned>((Control >> 11) & 0x3F);
  return S;
}

const SassFunction *SassListing::find(const std::string &MangledName) const {
  for (const SassFunction &F : Functions)
    if (F.MangledName == MangledName)
      return &F;
  return nullptr;
}

SassListing parseSassListing(const std::string &Text) {
  SassListing Out;
  SassFunction *Cur = nullptr;
  std::vector<Position> Origins;
  bool InComments = false; ///< the last line was a line-table comment
  // Labels of the current function: name -> address of what follows.
  std::map<std::string, uint32_t> Labels;
  std::vector<std::string> PendingLabels;
  // Branches may name labels further down: resolved once the function ends.
  auto finish = [&]() {
    if (!Cur)
      return;
    for (SassInstruction &I : Cur->Instructions) {
      if (!isBranch(I.base()) || I.Target)
        continue;
      auto It = Labels.find(branchLabel(I.Operands).str());
      if (It != Labels.end())
        I.Target = It->second;
    }
    Labels.clear();
    PendingLabels.clear();
  };
  llvm::StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Raw, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef L = Raw.trim();
    if (L.empty())
      continue;
    // A function starts at ".text.<name>:" (nvdisasm) or "Function : <name>"
    // (cuobjdump).
    if (L.starts_with(".text.") && L.ends_with(":")) {
      finish();
      Out.Functions.push_back({});
      Cur = &Out.Functions.back();
      Cur->MangledName = L.drop_front(6).drop_back(1).str();
      Origins.clear();
      continue;
    }
    if (L.consume_front("Function :")) {
      finish();
      Out.Functions.push_back({});
      Cur = &Out.Functions.back();
      Cur->MangledName = L.trim().str();
      Origins.clear();
      continue;
    }
    if (!Cur)
      continue;
    if (L.starts_with("//##")) {
      // nvdisasm -gi writes an inlining chain one link per comment:
      // "153 inlined at 168", then "168 inlined at 182", then "182".
      if (auto Parsed = parseLineComment(L)) {
        const Position &Head = Parsed->front();
        bool Continues = InComments && !Origins.empty() &&
                         Origins.back().File == Head.File &&
                         Origins.back().Line == Head.Line;
        if (Continues)
          Origins.insert(Origins.end(), Parsed->begin() + 1, Parsed->end());
        else
          Origins = std::move(*Parsed);
        InComments = true;
      }
      continue;
    }
    if (L.starts_with(".L") && L.ends_with(":")) {
      PendingLabels.push_back(L.drop_back(1).str());
      continue;
    }
    if (auto Word = encodingWord(L)) {
      if (!Cur->Instructions.empty() && !Cur->Instructions.back().HighWord)
        Cur->Instructions.back().HighWord = Word;
      continue;
    }
    auto I = parseInstruction(L);
    if (!I)
      continue;
    InComments = false;
    I->Origins = Origins;
    for (const std::string &Label : PendingLabels)
      Labels[Label] = I->Address;
    PendingLabels.clear();
    if (isBranch(I->base()) && branchLabel(I->Operands).empty())
      I->Target = branchAddress(I->Operands);
    Cur->Instructions.push_back(std::move(*I));
  }
  finish();
  // A cuobjdump listing names a function once per fatbin entry; keep the
  // first of each name.
  std::vector<SassFunction> Unique;
  for (SassFunction &F : Out.Functions) {
    bool Seen = false;
    for (const SassFunction &U : Unique)
      Seen |= U.MangledName == F.MangledName;
    if (!Seen && !F.Instructions.empty())
      Unique.push_back(std::move(F));
  }
  Out.Functions = std::move(Unique);
  return Out;
}

} // namespace rla
