//===- Transport.h - JSON-RPC messages over a byte stream -------*- C++ -*-===//
///
/// \file
/// LSP's base protocol: each message is a header block ("Content-Length: N"
/// and optional others, CRLF-terminated, then an empty line) followed by N
/// bytes of JSON.
///
/// One badly framed message must not end an editing session, so the reader
/// recovers: a header block without a usable Content-Length (missing, not a
/// number, above MaxMessageBytes) is reported and skipped, and reading goes
/// on at the next "Content-Length:" header, also when it follows the rest of
/// a body without a line break (a Content-Length that was too short). A body
/// that runs into the next header (a Content-Length that was too long) ends
/// where that header starts.
//===----------------------------------------------------------------------===//
#ifndef RLA_LSP_TRANSPORT_H
#define RLA_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace rla {

enum class ReadStatus {
  Message,    ///< Body holds one message (Error may hold a warning)
  BadFraming, ///< Error says what was skipped; the next read goes on
  EndOfInput, ///< nothing more (Error set when it ended inside a message)
};

class MessageReader {
public:
  /// No editor sends a message this large; a larger Content-Length is an
  /// error, not an allocation.
  static constexpr size_t MaxMessageBytes = size_t(64) << 20;

  explicit MessageReader(std::FILE *In) : In(In) {}
  ReadStatus read(std::string &Body, std::string &Error);

private:
  int get();
  /// One line without its line break; false at the end of input. Very long
  /// lines keep only their end (where a header may follow garbage).
  bool readLine(std::string &Line);
  /// Up to N bytes; fewer at the end of input.
  void readBytes(size_t N, std::string &Out);
  /// Bytes to be read again before In.
  void unread(llvm::StringRef Bytes);

  std::FILE *In;
  std::string Pending;
  size_t PendingPos = 0;
  size_t DroppedBytes = 0; ///< of long lines, since read() asked
};

/// Where Text holds a "Content-Length:" header (the name in any case, then
/// digits up to a raw line break): never inside valid JSON, whose strings
/// cannot hold a raw line break. npos when none.
size_t findEmbeddedHeader(llvm::StringRef Text);

/// Writes messages to Out, one at a time from any thread.
class MessageWriter {
public:
  explicit MessageWriter(std::FILE *Out) : Out(Out) {}
  void send(const llvm::json::Value &Message);

private:
  std::FILE *Out;
  std::mutex Lock;
};

} // namespace rla

#endif // RLA_LSP_TRANSPORT_H
