//===- Transport.h - JSON-RPC messages over a byte stream -------*- C++ -*-===//
///
/// \file
/// LSP's base protocol: each message is a header block ("Content-Length: N"
/// and optional others, CRLF-terminated, then an empty line) followed by N
/// bytes of JSON.
//===----------------------------------------------------------------------===//
#ifndef RLA_LSP_TRANSPORT_H
#define RLA_LSP_TRANSPORT_H

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace rla {

enum class ReadStatus { Message, EndOfInput, BadFraming };

/// Reads one message body from In. BadFraming (with Error) for a header
/// block without a valid Content-Length.
ReadStatus readMessage(std::FILE *In, std::string &Body, std::string &Error);

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
