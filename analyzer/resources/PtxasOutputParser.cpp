//===- PtxasOutputParser.cpp ----------------------------------------------===//
#include "analyzer/resources/PtxasOutputParser.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>

namespace rla {
namespace {

using llvm::StringRef;

/// Drops what build systems put before a compiler's line: MSVC's project
/// number ("1>  "), leading blanks.
StringRef stripLinePrefix(StringRef Line) {
  Line = Line.rtrim("\r\n");
  StringRef Rest = Line.ltrim();
  size_t Digits = 0;
  while (Digits < Rest.size() && std::isdigit((unsigned char)Rest[Digits]))
    ++Digits;
  if (Digits > 0 && Digits < Rest.size() && Rest[Digits] == '>')
    Rest = Rest.drop_front(Digits + 1);
  return Rest.ltrim();
}

/// For "<anything>info    : MSG" (nvcc: "ptxas info", NVRTC logs: other
/// prefixes or none) sets Kind ("info"/"warning"/"error") and Message.
bool splitTagged(StringRef Line, StringRef &Kind, StringRef &Message) {
  for (StringRef Tag : {"info", "warning", "error"}) {
    size_t Pos = 0;
    while ((Pos = Line.find(Tag, Pos)) != StringRef::npos) {
      // The tag must start the line or follow the tool name and a blank.
      bool AtWordStart = Pos == 0 || Line[Pos - 1] == ' ';
      StringRef After = Line.drop_front(Pos + Tag.size()).ltrim(' ');
      StringRef Before = Line.take_front(Pos).trim();
      bool KnownPrefix =
          Before.empty() || Before.ends_with("ptxas") || Before.ends_with(":");
      if (AtWordStart && KnownPrefix && After.starts_with(":")) {
        Kind = Tag;
        Message = After.drop_front(1).trim();
        return true;
      }
      Pos += Tag.size();
    }
  }
  return false;
}

bool readNumber(StringRef &S, uint64_t &Value) {
  S = S.ltrim();
  size_t N = 0;
  while (N < S.size() && std::isdigit((unsigned char)S[N]))
    ++N;
  if (N == 0 || S.take_front(N).getAsInteger(10, Value))
    return false;
  S = S.drop_front(N).ltrim();
  return true;
}

/// One comma-separated item of a "Used ..." or stack-frame line. Returns
/// false for an item it does not know.
bool applyItem(StringRef Item, PtxasFunction &F) {
  Item = Item.trim();
  if (Item.consume_front("Used ") || Item.consume_front("used "))
    Item = Item.ltrim();
  uint64_t V = 0;
  if (!readNumber(Item, V))
    return false;
  if (Item == "registers" || Item == "register") {
    F.Registers = static_cast<unsigned>(V);
    F.HasUsage = true;
  } else if (Item == "barriers" || Item == "barrier") {
    F.Barriers = static_cast<unsigned>(V);
  } else if (Item == "bytes smem") {
    F.StaticSmemBytes = V;
  } else if (Item == "bytes stack frame") {
    F.StackFrameBytes = V;
  } else if (Item == "bytes spill stores") {
    F.SpillStoreBytes = V;
  } else if (Item == "bytes spill loads") {
    F.SpillLoadBytes = V;
  } else if (Item == "bytes cumulative stack size") {
    F.CumulativeStackBytes = V;
  } else if (Item.consume_front("bytes cmem[") && Item.ends_with("]")) {
    unsigned Bank = 0;
    if (Item.drop_back().getAsInteger(10, Bank))
      return false;
    F.ConstantBankBytes[Bank] = V;
  } else if (Item == "bytes lmem" || Item == "bytes gmem" ||
             Item == "bytes tmem") {
    // Per-module or rarely printed sizes the occupancy does not use.
  } else {
    return false;
  }
  return true;
}

bool applyItems(StringRef Line, PtxasFunction &F) {
  bool All = true;
  llvm::SmallVector<StringRef, 8> Items;
  Line.split(Items, ',', -1, false);
  for (StringRef Item : Items)
    All &= applyItem(Item, F);
  return All;
}

/// Text between the first pair of single quotes, or after Prefix up to the
/// end when the name is not quoted ("Function properties for NAME").
StringRef quoted(StringRef S) {
  size_t Open = S.find('\'');
  if (Open == StringRef::npos)
    return {};
  size_t Close = S.find('\'', Open + 1);
  if (Close == StringRef::npos)
    return {};
  return S.slice(Open + 1, Close);
}

class Parser {
public:
  PtxasReport Out;

  void line(StringRef Raw) {
    StringRef Line = stripLinePrefix(Raw);
    if (Line.empty())
      return;
    StringRef Kind, Message;
    if (!splitTagged(Line, Kind, Message)) {
      // The untagged, indented line after "Function properties for NAME".
      if (Properties && Line.contains("stack frame")) {
        if (!applyItems(Line, Out.Functions[*Properties]))
          Out.Unparsed.push_back(Line.str());
        Properties.reset();
      }
      return;
    }
    if (Kind != "info") {
      if (Kind == "warning")
        Out.Warnings.push_back(Message.str());
      return;
    }
    info(Message);
  }

private:
  /// Indices into Out.Functions.
  std::optional<size_t> Entry, Properties;

  size_t functionNamed(StringRef Name, StringRef Arch, bool IsEntry) {
    // The entry's own "Function properties" line follows its "Compiling
    // entry function" line: the same record.
    if (Entry && Out.Functions[*Entry].MangledName == Name)
      return *Entry;
    PtxasFunction F;
    F.MangledName = Name.str();
    F.Arch = Arch.str();
    F.IsEntry = IsEntry;
    Out.Functions.push_back(std::move(F));
    return Out.Functions.size() - 1;
  }

  void info(StringRef Message) {
    if (Message.consume_front("Compiling entry function")) {
      StringRef Name = quoted(Message);
      StringRef Rest = Message.drop_front(Message.find(Name) + Name.size());
      StringRef Arch = quoted(Rest.drop_front(1));
      Entry.reset();
      Entry = functionNamed(Name, Arch, /*IsEntry=*/true);
      Properties.reset();
      return;
    }
    if (Message.consume_front("Function properties for")) {
      StringRef Name = Message.trim().trim('\'');
      size_t Index = functionNamed(Name, "", /*IsEntry=*/false);
      if (!Entry || Index != *Entry)
        Entry.reset(); // a device function: a later "Used" is not its own
      Properties = Index;
      return;
    }
    if (Message.starts_with("Used ")) {
      if (!Entry) {
        Out.Unparsed.push_back(Message.str());
        return;
      }
      if (!applyItems(Message, Out.Functions[*Entry]))
        Out.Unparsed.push_back(Message.str());
      return;
    }
    // "N bytes gmem", "Compile time = ...", "(C7510) Potential ...",
    // "Overriding maximum register limit ...": nothing per function.
  }
};

} // namespace

PtxasReport parsePtxasOutput(const std::string &Text) {
  Parser P;
  StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    P.line(Line);
    Rest = Tail;
  }
  return std::move(P.Out);
}

const PtxasFunction *PtxasReport::findEntry(const std::string &Name,
                                            const std::string &Arch) const {
  for (const PtxasFunction &F : Functions)
    if (F.IsEntry && F.MangledName == Name && (Arch.empty() || F.Arch == Arch))
      return &F;
  return nullptr;
}

} // namespace rla
