//===- ResultCache.cpp ----------------------------------------------------===//
#include "analyzer/driver/ResultCache.h"
#include "analyzer/support/JsonDepth.h"
#include "analyzer/support/JsonFields.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace rla {

namespace {

/// Bumped when the entry layout changes, so old entries simply miss.
constexpr int EntryFormat = 1;

std::string entryPath(const std::string &Dir, const std::string &Key) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Key + ".json");
  return Path.str().str();
}

} // namespace

std::string hashFileContent(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "";
  return llvm::utohexstr(llvm::xxh3_64bits((*Buffer)->getBuffer()),
                         /*LowerCase=*/true);
}

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
  if (Outputs.Text.empty() || Outputs.TextColor.empty())
    return false;
  nlohmann::json Report =
      nlohmann::json::parse(Outputs.Json, nullptr, /*allow_exceptions=*/false);
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
  const nlohmann::json *Deps = F.array("dependencies");
  F.integer("exit", Out.Exit);
  F.string("json", Out.Json, JsonFields::Required, /*AllowEmpty=*/true);
  F.string("text", Out.Text, JsonFields::Required, /*AllowEmpty=*/true);
  F.string("text_color", Out.TextColor, JsonFields::Required, true);
  F.string("diagnostics", Out.Diagnostics, JsonFields::Required, true);
  if (!F.ok() || !isUsableReport(Out))
    return std::nullopt;
  for (const nlohmann::json &Dep : *Deps) {
    JsonFields D(Dep, "");
    std::string Path, Hash;
    if (!D.string("path", Path) || !D.string("hash", Hash))
      return std::nullopt;
    if (hashFileContent(Path) != Hash)
      return std::nullopt; // a header changed (or went away)
    Out.Dependencies.push_back(Path);
  }
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
  nlohmann::json Deps = nlohmann::json::array();
  for (const std::string &Path : Outputs.Dependencies) {
    std::string Hash = hashFileContent(Path);
    if (Hash.empty())
      return true; // a dependency we cannot read again: do not cache
    Deps.push_back({{"path", Path}, {"hash", Hash}});
  }
  Entry["dependencies"] = Deps;
  Entry["exit"] = Outputs.Exit;
  Entry["json"] = Outputs.Json;
  Entry["text"] = Outputs.Text;
  Entry["text_color"] = Outputs.TextColor;
  Entry["diagnostics"] = Outputs.Diagnostics;

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

std::string ResultCache::defaultDirectory() {
  llvm::SmallString<256> Path;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Path = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home) {
    Path = Home;
    llvm::sys::path::append(Path, ".cache");
  } else
    return "";
  llvm::sys::path::append(Path, "rl-analyze");
  return Path.str().str();
}

} // namespace rla
