//===- ResultCache.cpp ----------------------------------------------------===//
#include "analyzer/driver/ResultCache.h"
#include "analyzer/support/FileDependencies.h"
#include "analyzer/support/JsonDepth.h"
#include "analyzer/support/JsonFields.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace rla {

namespace {

/// Bumped when the entry layout changes, so old entries simply miss.
constexpr int EntryFormat = 4;

std::string entryPath(const std::string &Dir, const std::string &Key) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Key + ".json");
  return Path.str().str();
}

} // namespace

std::string ResultCache::key(const std::string &File,
                             const std::string &Context) const {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "";
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::SHA1 Hasher;
  Hasher.update(std::to_string(EntryFormat));
  Hasher.update(llvm::StringRef("\0", 1));
  Hasher.update(Context);
  Hasher.update(llvm::StringRef("\0", 1));
  Hasher.update(Absolute.str());
  Hasher.update(llvm::StringRef("\0", 1));
  // Reports show the path as given ("k.cu" vs "./k.cu").
  Hasher.update(File);
  Hasher.update(llvm::StringRef("\0", 1));
  Hasher.update((*Buffer)->getBuffer());
  return llvm::toHex(Hasher.final(), /*LowerCase=*/true);
}

bool isUsableReport(const FileOutputs &Outputs) {
  if (Outputs.Exit != 0 && Outputs.Exit != 1)
    return false; // input errors are never stored
  if (!Outputs.Json && !Outputs.Text && !Outputs.TextColor &&
      !Outputs.Diagnostics)
    return false;
  if ((Outputs.Text && Outputs.Text->empty()) ||
      (Outputs.TextColor && Outputs.TextColor->empty()))
    return false;
  if (!Outputs.Json)
    return true;
  nlohmann::json Report =
      nlohmann::json::parse(*Outputs.Json, nullptr, /*allow_exceptions=*/false);
  JsonFields F(Report, "");
  std::string Tool;
  F.string("tool", Tool);
  const nlohmann::json *Kernels = F.array("kernels");
  if (!F.ok() || Tool != "rl-analyze")
    return false;
  for (const nlohmann::json &K : *Kernels)
    if (!K.is_object() || !K.contains("name"))
      return false;
  return true;
}

std::optional<FileOutputs> ResultCache::lookup(const std::string &Key) const {
  if (Key.empty())
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(entryPath(Dir, Key));
  if (!Buffer)
    return std::nullopt;
  // Anything that is not an entry this build wrote is a miss; the caller
  // analyses the file again and overwrites it.
  if (!jsonTooDeep((*Buffer)->getBuffer()).empty())
    return std::nullopt;
  nlohmann::json Entry =
      nlohmann::json::parse((*Buffer)->getBuffer(), nullptr, false);
  JsonFields F(Entry, "");
  int Format = 0;
  if (!F.integer("format", Format) || Format != EntryFormat)
    return std::nullopt;
  FileOutputs Out;
  const nlohmann::json *Deps = F.object("dependencies");
  F.integer("exit", Out.Exit);
  F.integer("error_findings", Out.ErrorFindings);
  F.integer("input_error_findings", Out.InputErrorFindings);
  // Each form is a string, or null where the run did not render it.
  bool Forms = true;
  for (auto [Name, Field] : {std::pair{"json", &Out.Json},
                             {"text", &Out.Text},
                             {"text_color", &Out.TextColor},
                             {"diagnostics", &Out.Diagnostics}}) {
    auto It = Entry.find(Name);
    if (It == Entry.end() || !(It->is_null() || It->is_string()))
      Forms = false;
    else if (It->is_string())
      *Field = It->get<std::string>();
  }
  if (!F.ok() || !Forms || !isUsableReport(Out))
    return std::nullopt;
  FileDependencies Recorded;
  if (!Recorded.stillValid(*Deps))
    return std::nullopt; // a header changed, went away or is shadowed
  Out.Dependencies = std::move(Recorded.Files);
  Out.AbsentIncludes = std::move(Recorded.Absent);
  return Out;
}

bool ResultCache::store(const std::string &Key, const FileOutputs &Outputs,
                        std::string &Error) const {
  if (Key.empty())
    return true;
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
    Error = "cannot create cache directory '" + Dir + "': " + EC.message();
    return false;
  }
  nlohmann::json Entry = nlohmann::json::object();
  Entry["format"] = EntryFormat;
  nlohmann::json Deps;
  if (!FileDependencies{Outputs.Dependencies, Outputs.AbsentIncludes}.toJson(
          Deps))
    return true; // a dependency we cannot read again: do not cache
  Entry["dependencies"] = Deps;
  Entry["exit"] = Outputs.Exit;
  Entry["error_findings"] = Outputs.ErrorFindings;
  Entry["input_error_findings"] = Outputs.InputErrorFindings;
  for (auto [Name, Field] : {std::pair{"json", &Outputs.Json},
                             {"text", &Outputs.Text},
                             {"text_color", &Outputs.TextColor},
                             {"diagnostics", &Outputs.Diagnostics}})
    Entry[Name] = *Field ? nlohmann::json(**Field) : nlohmann::json(nullptr);

  std::string Final = entryPath(Dir, Key);
  llvm::SmallString<256> Temp;
  int Fd;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(Final + ".tmp-%%%%%%%%", Fd, Temp)) {
    Error = "cannot write to cache directory '" + Dir + "': " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(Fd, /*shouldClose=*/true);
    OS << Entry.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Final)) {
    llvm::sys::fs::remove(Temp);
    Error = "cannot write cache entry '" + Final + "': " + EC.message();
    return false;
  }
  return true;
}

} // namespace rla
