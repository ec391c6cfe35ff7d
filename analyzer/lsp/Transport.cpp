//===- Transport.cpp ------------------------------------------------------===//
#include "analyzer/lsp/Transport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace rla {

namespace {

constexpr llvm::StringLiteral LengthHeader = "content-length:";
/// A header line longer than this is garbage; only its end is kept, where a
/// Content-Length header may start.
constexpr size_t MaxLineBytes = 8192;
constexpr size_t KeptLineBytes = 64;

/// "Name: value" with an HTTP token as the name (JSON never starts so).
bool isHeaderLine(llvm::StringRef Line) {
  size_t Colon = Line.find(':');
  if (Colon == 0 || Colon == llvm::StringRef::npos)
    return false;
  return llvm::all_of(Line.take_front(Colon), [](char C) {
    return llvm::isAlnum(C) || C == '-' || C == '_';
  });
}

std::string bytes(size_t N) {
  return std::to_string(N) + (N == 1 ? " byte" : " bytes");
}

} // namespace

size_t findEmbeddedHeader(llvm::StringRef Text) {
  for (size_t From = 0;;) {
    size_t At = Text.find_insensitive(LengthHeader, From);
    if (At == llvm::StringRef::npos)
      return At;
    llvm::StringRef Rest = Text.drop_front(At + LengthHeader.size());
    Rest = Rest.ltrim(" \t");
    size_t Digits = 0;
    while (Digits < Rest.size() && llvm::isDigit(Rest[Digits]))
      ++Digits;
    Rest = Rest.drop_front(Digits);
    if (Digits > 0 && (Rest.starts_with("\n") || Rest.starts_with("\r")))
      return At;
    From = At + 1;
  }
}

int MessageReader::get() {
  if (PendingPos < Pending.size())
    return static_cast<unsigned char>(Pending[PendingPos++]);
  if (!Pending.empty()) {
    Pending.clear();
    PendingPos = 0;
  }
  return std::fgetc(In);
}

void MessageReader::unread(llvm::StringRef Bytes) {
  Pending = Bytes.str() + Pending.substr(PendingPos);
  PendingPos = 0;
}

bool MessageReader::readLine(std::string &Line) {
  Line.clear();
  bool Any = false;
  int C;
  while ((C = get()) != EOF) {
    Any = true;
    if (C == '\n') {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return true;
    }
    Line += char(C);
    if (Line.size() > MaxLineBytes) {
      DroppedBytes += Line.size() - KeptLineBytes;
      Line.erase(0, Line.size() - KeptLineBytes);
    }
  }
  return Any;
}

void MessageReader::readBytes(size_t N, std::string &Out) {
  Out.clear();
  size_t FromPending = std::min(N, Pending.size() - PendingPos);
  Out.append(Pending, PendingPos, FromPending);
  PendingPos += FromPending;
  // In chunks: the memory grows with what arrives, not with what was
  // announced.
  char Chunk[65536];
  while (Out.size() < N) {
    size_t Want = std::min(sizeof Chunk, N - Out.size());
    size_t Got = std::fread(Chunk, 1, Want, In);
    Out.append(Chunk, Got);
    if (Got < Want)
      break;
  }
}

ReadStatus MessageReader::read(std::string &Body, std::string &Error) {
  Body.clear();
  Error.clear();
  DroppedBytes = 0;
  size_t Skipped = 0; // bytes before the header that are none
  bool AnyHeader = false;
  std::optional<uint64_t> Length;
  std::string Bad;
  std::string Line;
  while (true) {
    bool Got = readLine(Line);
    Skipped += DroppedBytes;
    DroppedBytes = 0;
    if (!Got) {
      if (AnyHeader)
        Error = "end of input inside a message header";
      else if (Skipped)
        Error = "end of input after " + bytes(Skipped) +
                " that are not an LSP message";
      return ReadStatus::EndOfInput;
    }
    if (Line.empty()) {
      if (!AnyHeader)
        continue; // tolerate blank lines between messages
      break;
    }
    llvm::StringRef Header(Line);
    // The rest of a body whose Content-Length was too short, then the next
    // message's header on the same line.
    size_t At = Header.find_insensitive(LengthHeader);
    if (At != llvm::StringRef::npos && At > 0) {
      Skipped += At;
      Header = Header.drop_front(At);
    }
    if (!isHeaderLine(Header)) {
      Skipped += Header.size() + 1;
      continue;
    }
    AnyHeader = true;
    auto [Name, Value] = Header.split(':');
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue; // Content-Type and the like
    unsigned long long N;
    if (Value.trim().getAsInteger(10, N))
      Bad = "bad Content-Length '" + Value.trim().str() + "'";
    else if (N > MaxMessageBytes)
      Bad = "Content-Length " + Value.trim().str() + " exceeds the " +
            std::to_string(MaxMessageBytes >> 20) + " MiB limit";
    else
      Length = N;
  }
  std::string Before =
      Skipped ? "skipped " + bytes(Skipped) + " that are not a header; " : "";
  if (!Bad.empty() || !Length) {
    Error = Before + (Bad.empty() ? "message without Content-Length" : Bad) +
            "; reading on at the next Content-Length header";
    return ReadStatus::BadFraming;
  }

  readBytes(*Length, Body);
  size_t Next = findEmbeddedHeader(Body);
  if (Next != std::string::npos) {
    // A Content-Length that was too long: the body ends where the next
    // message starts, and that message is read next.
    unread(llvm::StringRef(Body).drop_front(Next));
    Body.resize(Next);
    Error = Before + "Content-Length " + std::to_string(*Length) +
            " runs into the next message's header after " + bytes(Next);
    return ReadStatus::Message;
  }
  if (Body.size() < *Length) {
    Error = "end of input inside a message body";
    return ReadStatus::EndOfInput;
  }
  if (!Before.empty())
    Error = Before.substr(0, Before.size() - 2);
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
