//===- FileDependencies.cpp -----------------------------------------------===//
#include "analyzer/support/FileDependencies.h"
#include "analyzer/support/JsonFields.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

namespace rla {

std::string hashFileContent(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "";
  return llvm::utohexstr(llvm::xxh3_64bits((*Buffer)->getBuffer()),
                         /*LowerCase=*/true);
}

bool FileDependencies::toJson(nlohmann::json &Out) const {
  nlohmann::json Hashed = nlohmann::json::array();
  for (const std::string &Path : Files) {
    std::string Hash = hashFileContent(Path);
    if (Hash.empty())
      return false;
    Hashed.push_back({{"path", Path}, {"hash", Hash}});
  }
  Out = {{"files", Hashed}, {"absent", Absent}};
  return true;
}

bool FileDependencies::stillValid(const nlohmann::json &Recorded) {
  JsonFields F(Recorded, "");
  const nlohmann::json *Hashed = F.array("files");
  const nlohmann::json *Missing = F.array("absent");
  if (!F.ok())
    return false;
  Files.clear();
  Absent.clear();
  for (const nlohmann::json &Entry : *Hashed) {
    JsonFields E(Entry, "");
    std::string Path, Hash;
    if (!E.string("path", Path) || !E.string("hash", Hash))
      return false;
    if (hashFileContent(Path) != Hash)
      return false; // changed, or gone
    Files.push_back(Path);
  }
  for (const nlohmann::json &Path : *Missing) {
    if (!Path.is_string())
      return false;
    if (llvm::sys::fs::exists(Path.get<std::string>()))
      return false; // a new header shadows the one the compile read
    Absent.push_back(Path.get<std::string>());
  }
  return true;
}

std::vector<std::string> parseMakeDependencies(const std::string &Text) {
  std::vector<std::string> Files;
  std::string Word;
  bool AfterColon = false;
  auto Flush = [&] {
    if (!Word.empty() && AfterColon)
      Files.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char Next = Text[I + 1];
      if (Next == '\n' || Next == '\r') { // a continued line
        Flush();
        ++I;
        continue;
      }
      if (Next == ' ' || Next == '#' || Next == '\\') {
        Word += Next;
        ++I;
        continue;
      }
    }
    if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Word += '$';
      ++I;
      continue;
    }
    if (C == ':' && !AfterColon &&
        (I + 1 == Text.size() || Text[I + 1] == ' ' || Text[I + 1] == '\n')) {
      Word.clear(); // the target
      AfterColon = true;
      continue;
    }
    if (C == '\n') {
      Flush();
      AfterColon = false; // the next rule starts
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r') {
      Flush();
      continue;
    }
    Word += C;
  }
  Flush();
  return Files;
}

} // namespace rla
