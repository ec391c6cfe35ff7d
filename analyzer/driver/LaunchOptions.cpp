//===- LaunchOptions.cpp - --bind, --launch and launch files --------------===//
#include "analyzer/driver/LaunchOptions.h"
#include "analyzer/driver/ValueParser.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <map>
#include <set>

namespace rla {

using nlohmann::ordered_json;
using Dims = std::array<std::optional<Rational>, 3>;

namespace {

const char *const DimNames[] = {"x", "y", "z"};

bool isPositiveInteger(const Rational &R) {
  return R.isInteger() && !R.isNegative() && !R.isZero();
}

bool isNonNegativeInteger(const Rational &R) {
  return R.isInteger() && !R.isNegative();
}

/// An 'x' in "0x100" starts a hex number; elsewhere it separates dimensions.
/// Start is where the current dimension's text begins.
bool isHexPrefix(llvm::StringRef Text, size_t XPos, size_t Start) {
  if (XPos == 0 || Text[XPos - 1] != '0' || XPos + 1 >= Text.size() ||
      !llvm::isHexDigit(Text[XPos + 1]))
    return false;
  if (XPos - 1 == Start)
    return true;
  char Before = Text[XPos - 2]; // "10x2" is 10 by 2.
  return !llvm::isAlnum(Before) && Before != '.' && Before != '_' &&
         Before != '\'';
}

/// "X", "XxY" or "XxYxZ"; missing dimensions are 1, every one positive.
/// Field ("grid", "block") starts every message.
bool parseDims(llvm::StringRef Text, llvm::StringRef Field, Dims &Out,
               std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if ((Text[I] == 'x' || Text[I] == 'X') && !isHexPrefix(Text, I, Start)) {
      Parts.push_back(Text.slice(Start, I));
      Start = I + 1;
    }
  }
  Parts.push_back(Text.substr(Start));
  if (Parts.size() > 3) {
    Error = Field.str() + " '" + Text.str() + "' has " +
            std::to_string(Parts.size()) +
            " dimensions; expected X, XxY or XxYxZ";
    return false;
  }
  Dims Result = {Rational(1), Rational(1), Rational(1)};
  for (size_t I = 0; I < Parts.size(); ++I) {
    std::string Where = Field.str() + "." + DimNames[I];
    std::string ValueError;
    std::optional<Rational> V = parseValue(Parts[I], ValueError);
    if (!V) {
      Error = Where + ": " + ValueError;
      return false;
    }
    if (!isPositiveInteger(*V)) {
      Error = Where + " must be a positive integer, got " + V->str();
      return false;
    }
    Result[I] = *V;
  }
  Out = Result;
  return true;
}

/// The position of the ':' after the kernel name: the last ':' not part of
/// a "::" (the last colon of a run of odd length).
size_t findKernelSeparator(llvm::StringRef Text) {
  size_t Sep = llvm::StringRef::npos;
  for (size_t I = 0; I < Text.size();) {
    if (Text[I] != ':') {
      ++I;
      continue;
    }
    size_t End = I;
    while (End < Text.size() && Text[End] == ':')
      ++End;
    if ((End - I) % 2 == 1)
      Sep = End - 1;
    I = End;
  }
  return Sep;
}

/// Collects a parse error message from nlohmann's SAX interface without the
/// exception machinery.
struct ParseErrorCollector {
  std::string Message;
  using J = ordered_json;
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(J::number_integer_t) { return true; }
  bool number_unsigned(J::number_unsigned_t) { return true; }
  bool number_float(J::number_float_t, const J::string_t &) { return true; }
  bool string(J::string_t &) { return true; }
  bool binary(J::binary_t &) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(J::string_t &) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t, const std::string &, const J::exception &Ex) {
    // Drop the "[json.exception.parse_error.101] " tag.
    llvm::StringRef What = Ex.what();
    size_t Tag = What.find("] ");
    Message =
        (Tag == llvm::StringRef::npos ? What : What.substr(Tag + 2)).str();
    return false;
  }
};

/// grid/block of a launch file entry: a number, an array of 1-3, or a string
/// in --launch syntax.
bool dimsFromJson(const ordered_json &V, llvm::StringRef Field, Dims &Out,
                  std::string &Error) {
  if (V.is_string())
    return parseDims(V.get_ref<const std::string &>(),
                     "\"" + Field.str() + "\"", Out, Error);
  std::string Detail;
  if (!V.is_number() && !(V.is_array() && !V.empty() && V.size() <= 3)) {
    Error = "\"" + Field.str() +
            "\" must be a positive integer or an array of 1-3 of them";
    return false;
  }
  Dims Result = {Rational(1), Rational(1), Rational(1)};
  for (size_t I = 0; I < (V.is_array() ? V.size() : 1); ++I) {
    const ordered_json &Elem = V.is_array() ? V[I] : V;
    std::string Where = "\"" + Field.str() + "\"" +
                        (V.is_array() ? "[" + std::to_string(I) + "]" : "");
    std::optional<Rational> R = valueFromJson(Elem, Detail);
    if (!R) {
      Error = Where + ": " + Detail;
      return false;
    }
    if (!isPositiveInteger(*R)) {
      Error = Where + " must be a positive integer, got " + R->str();
      return false;
    }
    Result[I] = *R;
  }
  Out = Result;
  return true;
}

/// One entry of a launch file; Error is relative to the entry.
bool launchFromJson(const ordered_json &Entry, LaunchSpec &Spec,
                    std::string &Error) {
  if (!Entry.is_object()) {
    Error = std::string("expected an object, found ") + Entry.type_name();
    return false;
  }
  static const llvm::StringRef Keys[] = {"case",  "kernel", "grid",
                                         "block", "smem",   "args"};
  if (!checkKnownKeys(Entry, Keys, Error))
    return false;

  auto Kernel = Entry.find("kernel");
  if (Kernel == Entry.end() || !Kernel->is_string() ||
      Kernel->get_ref<const std::string &>().empty()) {
    Error = "\"kernel\" must be a non-empty string (the kernel's name)";
    return false;
  }
  Spec.Kernel = Kernel->get<std::string>();
  if (auto Case = Entry.find("case"); Case != Entry.end()) {
    if (!Case->is_string() || Case->get_ref<const std::string &>().empty()) {
      Error = "\"case\" must be a non-empty string";
      return false;
    }
    Spec.CaseName = Case->get<std::string>();
  }

  for (llvm::StringRef Field : {"grid", "block"}) {
    auto It = Entry.find(Field.str());
    if (It == Entry.end()) {
      Error = "missing \"" + Field.str() + "\"";
      return false;
    }
    if (!dimsFromJson(*It, Field, Field == "grid" ? Spec.Grid : Spec.Block,
                      Error))
      return false;
  }

  Spec.DynamicSmem = Rational(0);
  if (auto Smem = Entry.find("smem"); Smem != Entry.end()) {
    std::string Detail;
    std::optional<Rational> R = valueFromJson(*Smem, Detail);
    if (!R) {
      Error = "\"smem\": " + Detail;
      return false;
    }
    if (!isNonNegativeInteger(*R)) {
      Error =
          "\"smem\" must be a non-negative integer (bytes), got " + R->str();
      return false;
    }
    Spec.DynamicSmem = *R;
  }

  if (auto Args = Entry.find("args"); Args != Entry.end()) {
    if (!Args->is_object()) {
      Error = "\"args\" must be an object of parameter name to value";
      return false;
    }
    for (const auto &[Name, Value] : Args->items()) {
      std::string Where = "\"args\".\"" + Name + "\"";
      if (!isValidBindingName(Name)) {
        Error = Where + ": not a parameter name";
        return false;
      }
      if (Value.is_null()) // Pointers need no value; null says so.
        continue;
      std::string Detail;
      std::optional<Rational> R = valueFromJson(Value, Detail);
      if (!R) {
        Error = Where + ": " + Detail;
        return false;
      }
      Spec.Args[Name] = *R;
    }
  }
  return true;
}

} // namespace

bool isValidBindingName(llvm::StringRef Name) {
  llvm::SmallVector<llvm::StringRef, 2> Parts;
  Name.split(Parts, '.');
  for (llvm::StringRef Part : Parts) {
    if (Part.empty() || !(llvm::isAlpha(Part[0]) || Part[0] == '_'))
      return false;
    for (char C : Part)
      if (!llvm::isAlnum(C) && C != '_')
        return false;
  }
  return true;
}

bool isThreadIndex(llvm::StringRef Name) {
  // A thread's or block's own index takes every value of the launch; one
  // value for all of them would count one thread's footprint as the grid's.
  for (llvm::StringRef Varying : {"threadIdx", "blockIdx"})
    if (Name == Varying || Name.starts_with((Varying + ".").str()))
      return true;
  return false;
}

const char *const ThreadIndexBindError =
    "takes every value of the launch and cannot be bound; bind the launch's "
    "size (gridDim.x, blockDim.x, or --launch KERNEL:grid=...,block=...)";

bool parseBinding(llvm::StringRef Text, std::string &Name, Rational &Value,
                  std::string &Error) {
  size_t Eq = Text.find('=');
  if (Eq == llvm::StringRef::npos) {
    Error = "'" + Text.str() + "': expected NAME=VALUE (e.g. n=1<<24)";
    return false;
  }
  llvm::StringRef N = Text.take_front(Eq).trim();
  if (!isValidBindingName(N)) {
    Error = "'" + Text.str() + "': '" + N.str() +
            "' is not a name; expected an identifier such as n or blockDim.x";
    return false;
  }
  if (isThreadIndex(N)) {
    Error = "'" + Text.str() + "': " + N.str() + " " + ThreadIndexBindError;
    return false;
  }
  std::string ValueError;
  std::optional<Rational> V = parseValue(Text.drop_front(Eq + 1), ValueError);
  if (!V) {
    Error = "binding '" + N.str() + "': " + ValueError;
    return false;
  }
  Name = N.str();
  Value = *V;
  return true;
}

bool parseLaunchOption(llvm::StringRef Text, LaunchSpec &Out,
                       std::string &Error) {
  const std::string Prefix = "launch '" + Text.str() + "': ";
  const char *Usage =
      "expected KERNEL:grid=X[xYxZ],block=X[xYxZ][,smem=BYTES][,ARG=VALUE...]";
  size_t Sep = findKernelSeparator(Text);
  if (Sep == llvm::StringRef::npos) {
    Error = Prefix + Usage;
    return false;
  }
  LaunchSpec Spec;
  Spec.Source = LaunchSource::Cli;
  Spec.Kernel = Text.take_front(Sep).trim().str();
  Spec.DynamicSmem = Rational(0);
  if (Spec.Kernel.empty()) {
    Error = Prefix + "missing the kernel name before ':'; " + Usage;
    return false;
  }

  llvm::SmallVector<llvm::StringRef, 8> Items;
  Text.drop_front(Sep + 1).split(Items, ',');
  std::set<std::string> Seen;
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    size_t Eq = Item.find('=');
    if (Item.empty() || Eq == llvm::StringRef::npos) {
      Error = Prefix + "'" + Item.str() + "' is not key=value; " + Usage;
      return false;
    }
    std::string Key = Item.take_front(Eq).trim().str();
    llvm::StringRef Value = Item.drop_front(Eq + 1).trim();
    if (!Seen.insert(Key).second) {
      Error = Prefix + "'" + Key + "' is given twice";
      return false;
    }
    std::string Detail;
    if (Key == "grid" || Key == "block") {
      if (!parseDims(Value, Key, Key == "grid" ? Spec.Grid : Spec.Block,
                     Detail)) {
        Error = Prefix + Detail;
        return false;
      }
      continue;
    }
    if (!isValidBindingName(Key)) {
      Error = Prefix + "'" + Key +
              "' is neither grid, block, smem nor a parameter name";
      return false;
    }
    std::optional<Rational> V = parseValue(Value, Detail);
    if (!V) {
      Error = Prefix + Key + ": " + Detail;
      return false;
    }
    if (Key == "smem") {
      if (!isNonNegativeInteger(*V)) {
        Error = Prefix + "smem must be a non-negative integer (bytes), got " +
                V->str();
        return false;
      }
      Spec.DynamicSmem = *V;
    } else {
      Spec.Args[Key] = *V;
    }
  }
  for (const char *Required : {"grid", "block"}) {
    if (!Seen.count(Required)) {
      Error = Prefix + "missing " + Required + "=; " + Usage;
      return false;
    }
  }
  Out = std::move(Spec);
  return true;
}

bool parseLaunchFile(const std::string &Path, std::vector<LaunchSpec> &Out,
                     std::string &Error) {
  ordered_json Root;
  if (!readJsonFile(Path, Root, Error))
    return false;
  if (!Root.is_array()) {
    Error =
        Path + ": expected a JSON array of launches, found " + Root.type_name();
    return false;
  }
  std::vector<LaunchSpec> Specs;
  std::map<std::string, size_t> CaseIndex;
  for (size_t I = 0; I < Root.size(); ++I) {
    std::string Prefix = Path + ": entry " + std::to_string(I) + ": ";
    LaunchSpec Spec;
    Spec.Source = LaunchSource::LaunchFile;
    std::string Detail;
    if (!launchFromJson(Root[I], Spec, Detail)) {
      Error = Prefix + Detail;
      return false;
    }
    if (Spec.CaseName.empty())
      Spec.CaseName = Spec.Kernel + "#" + std::to_string(I);
    auto [It, New] = CaseIndex.emplace(Spec.CaseName, I);
    if (!New) {
      // Reports are keyed by case; a repeated name is a copy-paste slip.
      Error = Prefix + "case \"" + Spec.CaseName + "\" is also entry " +
              std::to_string(It->second);
      return false;
    }
    Specs.push_back(std::move(Spec));
  }
  Out.insert(Out.end(), std::make_move_iterator(Specs.begin()),
             std::make_move_iterator(Specs.end()));
  return true;
}

bool readJsonFile(const std::string &Path, ordered_json &Out,
                  std::string &Error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Error = Path + ": cannot read: " + Buffer.getError().message();
    return false;
  }
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (std::string Deep = jsonTooDeep(Text); !Deep.empty()) {
    Error = Path + ": " + Deep;
    return false;
  }
  ordered_json Parsed = ordered_json::parse(Text.begin(), Text.end(), nullptr,
                                            /*allow_exceptions=*/false);
  if (Parsed.is_discarded()) {
    // parse() without exceptions gives no position; a second pass does.
    ParseErrorCollector Collector;
    ordered_json::sax_parse(Text.begin(), Text.end(), &Collector);
    Error = Path + ": " +
            (Collector.Message.empty() ? "invalid JSON" : Collector.Message);
    return false;
  }
  Out = std::move(Parsed);
  return true;
}

std::optional<Rational> valueFromJson(const ordered_json &V,
                                      std::string &Error) {
  if (V.is_number_unsigned()) {
    uint64_t U = V.get<uint64_t>();
    if (U > static_cast<uint64_t>(INT64_MAX)) {
      Error = std::to_string(U) + " does not fit in 64 bits";
      return std::nullopt;
    }
    return Rational(static_cast<int64_t>(U));
  }
  if (V.is_number_integer())
    return Rational(V.get<int64_t>());
  if (V.is_number_float()) {
    double D = V.get<double>();
    if (!std::isfinite(D)) {
      Error = "expected a finite number";
      return std::nullopt;
    }
    // The shortest text that reads back as D is what was typed (for up to
    // 17 digits), so 0.1 becomes exactly 1/10, not the double's binary value.
    char Buf[64];
    auto [End, Ec] = std::to_chars(Buf, Buf + sizeof(Buf), D);
    if (Ec != std::errc()) {
      Error = "cannot convert the number";
      return std::nullopt;
    }
    return parseValue(llvm::StringRef(Buf, End - Buf), Error);
  }
  if (V.is_string())
    return parseValue(V.get_ref<const std::string &>(), Error);
  Error = std::string("expected a number or a string with a constant "
                      "expression, found ") +
          V.type_name();
  return std::nullopt;
}

bool checkKnownKeys(const ordered_json &Object,
                    llvm::ArrayRef<llvm::StringRef> Allowed,
                    std::string &Error) {
  for (const auto &Item : Object.items()) {
    llvm::StringRef Key = Item.key();
    if (llvm::is_contained(Allowed, Key))
      continue;
    Error = "unknown key \"" + Key.str() + "\"";
    llvm::StringRef Best;
    unsigned BestDistance = 3; // Further than this is not a typo.
    for (llvm::StringRef A : Allowed) {
      unsigned D =
          Key.edit_distance(A, /*AllowReplacements=*/true, BestDistance);
      if (D < BestDistance) {
        Best = A;
        BestDistance = D;
      }
    }
    if (!Best.empty())
      Error += " (did you mean \"" + Best.str() + "\"?)";
    Error += "; expected one of " + llvm::join(Allowed, ", ");
    return false;
  }
  return true;
}

} // namespace rla
