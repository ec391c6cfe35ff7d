//===- Transport.cpp ------------------------------------------------------===//
#include "analyzer/lsp/Transport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace rla {

namespace {

/// One header line without its line break; false at end of input.
bool readLine(std::FILE *In, std::string &Line) {
  Line.clear();
  int C;
  while ((C = std::fgetc(In)) != EOF) {
    if (C == '\n') {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return true;
    }
    Line += char(C);
  }
  return !Line.empty();
}

} // namespace

ReadStatus readMessage(std::FILE *In, std::string &Body, std::string &Error) {
  std::string Line;
  long long Length = -1;
  bool AnyHeader = false;
  while (true) {
    if (!readLine(In, Line)) {
      if (!AnyHeader)
        return ReadStatus::EndOfInput;
      Error = "end of input inside a message header";
      return ReadStatus::BadFraming;
    }
    if (Line.empty()) {
      if (!AnyHeader)
        continue; // tolerate blank lines between messages
      break;
    }
    AnyHeader = true;
    llvm::StringRef Header(Line);
    auto [Name, Value] = Header.split(':');
    if (Name.trim().equals_insensitive("Content-Length")) {
      unsigned long long N;
      if (Value.trim().getAsInteger(10, N)) {
        Error = "bad Content-Length '" + Value.trim().str() + "'";
        return ReadStatus::BadFraming;
      }
      Length = static_cast<long long>(N);
    }
  }
  if (Length < 0) {
    Error = "message without Content-Length";
    return ReadStatus::BadFraming;
  }
  Body.resize(static_cast<size_t>(Length));
  if (Length > 0 && std::fread(&Body[0], 1, Body.size(), In) != Body.size()) {
    Error = "end of input inside a message body";
    return ReadStatus::BadFraming;
  }
  return ReadStatus::Message;
}

void MessageWriter::send(const llvm::json::Value &Message) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << Message;
  OS.flush();
  std::lock_guard<std::mutex> Guard(Lock);
  std::fprintf(Out, "Content-Length: %zu\r\n\r\n", Text.size());
  std::fwrite(Text.data(), 1, Text.size(), Out);
  std::fflush(Out);
}

} // namespace rla
