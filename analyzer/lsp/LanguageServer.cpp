//===- LanguageServer.cpp -------------------------------------------------===//
#include "analyzer/lsp/LanguageServer.h"
#include "analyzer/driver/LspText.h"
#include "analyzer/frontend/NvccCompatibility.h"
#include "analyzer/lsp/Transport.h"
#include "analyzer/lsp/WarmParser.h"
#include "analyzer/report/DiagnosticRenderer.h"
#include "analyzer/report/HoverRenderer.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace rla {

namespace {

using Clock = std::chrono::steady_clock;
namespace json = llvm::json;

// JSON-RPC error codes.
constexpr int ParseErrorCode = -32700;
constexpr int InvalidParamsCode = -32602;
constexpr int MethodNotFoundCode = -32601;
constexpr int InvalidRequestCode = -32600;
/// LSP messages nest a dozen levels; far deeper is an attack or a bug.
constexpr size_t MaxJsonDepth = 512;

struct Document {
  std::string Path, Text;
  int64_t Version = 0;
  bool Pending = false;
  Clock::time_point Due;
};

/// What the worker analyses: a copy of the document at one version.
struct Snapshot {
  std::string Uri, Path, Text;
  int64_t Version = 0;
};

int lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  default:
    return 3; // Information: remarks and notes
  }
}

json::Object position(unsigned Line, unsigned Character) {
  return json::Object{{"line", Line}, {"character", Character}};
}

/// The LSP range of a diagnostic at L in Text: the identifier that starts
/// there (or one character), the file's start when L has no position.
json::Object rangeOf(const SourceLoc &L, llvm::StringRef Text) {
  if (!L.valid())
    return json::Object{{"start", position(0, 0)}, {"end", position(0, 0)}};
  unsigned Line = L.Line - 1, Byte = L.Column ? L.Column - 1 : 0;
  unsigned Length = tokenLengthAt(Text, Line, Byte);
  return json::Object{
      {"start", position(Line, utf16Column(Text, Line, Byte))},
      {"end", position(Line, utf16Column(Text, Line, Byte + Length))}};
}

/// JSON strings must be UTF-8; a message that quotes what the client sent
/// (a damaged header) or a source line may not be. Found by test/fuzz.
std::string utf8(const std::string &Text) {
  return json::isUTF8(Text) ? Text : json::fixUTF8(Text);
}

json::Value diagnostic(const SourceLoc &L, llvm::StringRef Text, Severity S,
                       const std::string &Source, const std::string &Code,
                       const std::string &Message) {
  json::Object D{{"range", rangeOf(L, Text)},
                 {"severity", lspSeverity(S)},
                 {"source", Source},
                 {"message", utf8(Message)}};
  if (!Code.empty())
    D["code"] = Code;
  return D;
}

class Server {
public:
  Server(const LanguageServerOptions &Options, const GpuDatabase &Gpus,
         std::FILE *Out)
      : Options(Options), Settings(Options.Settings), Gpus(Gpus), Writer(Out) {}

  int run(std::FILE *In);

private:
  /// Handles one message; returns an exit code once the client says exit.
  std::optional<int> handle(const json::Object &Message);
  void reply(const json::Value &Id, json::Value Result) {
    Writer.send(json::Object{
        {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
  }
  void replyError(const json::Value &Id, int Code, const std::string &Text) {
    Writer.send(json::Object{
        {"jsonrpc", "2.0"},
        {"id", Id},
        {"error", json::Object{{"code", Code}, {"message", utf8(Text)}}}});
  }
  void publish(const std::string &Uri, std::optional<int64_t> Version,
               json::Array Diagnostics) {
    json::Object Params{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}};
    if (Version)
      Params["version"] = *Version;
    Writer.send(json::Object{{"jsonrpc", "2.0"},
                             {"method", "textDocument/publishDiagnostics"},
                             {"params", std::move(Params)}});
  }

  json::Value initialize(const json::Object *Params, std::string &Error);
  void open(const json::Object &Params);
  void change(const json::Object &Params);
  void save(const json::Object &Params);
  void close(const json::Object &Params);
  json::Value hover(const json::Object &Params);
  void schedule(const std::string &Uri, unsigned DelayMs);

  void work();
  void analyse(const Snapshot &S);

  const LanguageServerOptions &Options;
  RequestSettings Settings; ///< command line plus initializationOptions
  const GpuDatabase &Gpus;
  MessageWriter Writer;
  bool ShutdownRequested = false;

  std::mutex Lock; ///< guards everything below but Parsers
  std::condition_variable Wake;
  std::map<std::string, Document> Documents; ///< by URI
  std::map<std::string, std::shared_ptr<const Report>> Reports;
  std::vector<std::string> Closed; ///< URIs whose parsers can go
  bool Stopping = false;

  /// Owned by the worker thread alone.
  std::map<std::string, std::unique_ptr<WarmParser>> Parsers;
};

json::Value Server::initialize(const json::Object *Params, std::string &Error) {
  // Options for rl-analyze itself, in the plugin's NAME=VALUE form:
  // "initializationOptions": {"options": ["gpu=H100", "bind=n=1<<20"]}.
  if (Params)
    if (const json::Object *Init = Params->getObject("initializationOptions"))
      if (const json::Array *List = Init->getArray("options"))
        for (const json::Value &V : *List) {
          std::optional<llvm::StringRef> Text = V.getAsString();
          if (!Text) {
            Error = "initializationOptions.options must be strings";
            return nullptr;
          }
          if (!applySettingOption(*Text, Settings, Error))
            return nullptr;
        }
  return json::Object{
      {"capabilities",
       json::Object{
           {"textDocumentSync",
            json::Object{{"openClose", true},
                         {"change", 1}, // full text
                         {"save", json::Object{{"includeText", false}}}}},
           {"hoverProvider", true}}},
      {"serverInfo",
       json::Object{{"name", "rl-analyze"}, {"version", RLA_VERSION}}}};
}

void Server::schedule(const std::string &Uri, unsigned DelayMs) {
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return;
  It->second.Pending = true;
  It->second.Due = Clock::now() + std::chrono::milliseconds(DelayMs);
  Wake.notify_all();
}

void Server::open(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  if (!TD)
    return;
  std::string Uri = TD->getString("uri").value_or("").str();
  std::optional<std::string> Path = uriToPath(Uri);
  if (!Path)
    return; // not a file on disk: nothing to analyse it as
  std::lock_guard<std::mutex> Guard(Lock);
  Document &D = Documents[Uri];
  D.Path = *Path;
  D.Text = TD->getString("text").value_or("").str();
  D.Version = TD->getInteger("version").value_or(0);
  schedule(Uri, 0);
}

void Server::change(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  const json::Array *Changes = Params.getArray("contentChanges");
  if (!TD || !Changes)
    return;
  std::string Uri = TD->getString("uri").value_or("").str();
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return;
  Document &D = It->second;
  for (const json::Value &C : *Changes) {
    const json::Object *Change = C.getAsObject();
    if (!Change)
      continue;
    std::string Text = Change->getString("text").value_or("").str();
    const json::Object *Range = Change->getObject("range");
    if (!Range) {
      D.Text = std::move(Text);
      continue;
    }
    // A ranged edit, should a client send one despite full sync.
    auto Offset = [&](const char *Key) -> size_t {
      const json::Object *P = Range->getObject(Key);
      if (!P)
        return 0;
      return offsetOfPosition(D.Text, P->getInteger("line").value_or(0),
                              P->getInteger("character").value_or(0));
    };
    size_t Begin = Offset("start"), End = std::max(Begin, Offset("end"));
    D.Text.replace(Begin, End - Begin, Text);
  }
  D.Version = TD->getInteger("version").value_or(D.Version + 1);
  schedule(Uri, Options.DebounceMs);
}

void Server::save(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  if (!TD)
    return;
  std::string Uri = TD->getString("uri").value_or("").str();
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Documents.find(Uri);
  if (It == Documents.end())
    return;
  if (std::optional<llvm::StringRef> Text = Params.getString("text"))
    It->second.Text = Text->str();
  schedule(Uri, 0);
}

void Server::close(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  if (!TD)
    return;
  std::string Uri = TD->getString("uri").value_or("").str();
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Documents.erase(Uri))
      return;
    Reports.erase(Uri);
    Closed.push_back(Uri);
    Wake.notify_all();
  }
  publish(Uri, std::nullopt, json::Array());
}

json::Value Server::hover(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  const json::Object *Pos = Params.getObject("position");
  if (!TD || !Pos)
    return nullptr;
  std::string Uri = TD->getString("uri").value_or("").str();
  std::string Text;
  std::shared_ptr<const Report> R;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Doc = Documents.find(Uri);
    auto Rep = Reports.find(Uri);
    if (Doc == Documents.end() || Rep == Reports.end())
      return nullptr;
    Text = Doc->second.Text;
    R = Rep->second;
  }
  unsigned Line = Pos->getInteger("line").value_or(0);
  size_t Offset =
      offsetOfPosition(Text, Line, Pos->getInteger("character").value_or(0));
  size_t Begin, End;
  std::string Word = identifierAt(Text, Offset, Begin, End);
  std::vector<const KernelReport *> Kernels;
  if (!Word.empty())
    Kernels = kernelsNamed(*R, Word);
  if (Kernels.empty()) {
    // Not a kernel's name: the traffic of the line, when it accesses memory.
    std::string Lines = renderLineHover(*R, R->InputFile, Line + 1);
    if (Lines.empty())
      return nullptr;
    return json::Object{
        {"contents", json::Object{{"kind", "markdown"}, {"value", Lines}}}};
  }
  // Begin/End are on Line: identifiers do not span lines.
  size_t LineStart = Text.rfind('\n', Begin == 0 ? 0 : Begin - 1);
  LineStart = LineStart == std::string::npos || Begin == 0 ? 0 : LineStart + 1;
  unsigned ByteBegin = Begin - LineStart, ByteEnd = End - LineStart;
  return json::Object{
      {"contents",
       json::Object{{"kind", "markdown"}, {"value", renderHover(Kernels)}}},
      {"range",
       json::Object{
           {"start", position(Line, utf16Column(Text, Line, ByteBegin))},
           {"end", position(Line, utf16Column(Text, Line, ByteEnd))}}}};
}

void Server::analyse(const Snapshot &S) {
  auto Start = Clock::now();
  json::Array Diagnostics;
  auto Fail = [&](const std::string &Message) {
    Diagnostics.push_back(diagnostic(SourceLoc(), S.Text, Severity::Error,
                                     "rl-analyze", "", Message));
    publish(S.Uri, S.Version, std::move(Diagnostics));
    llvm::errs() << "rl-analyze lsp: " << S.Path << ": " << Message << "\n";
  };

  AnalysisRequest Req;
  std::vector<std::string> ConfigFlags;
  std::vector<const GpuSpec *> Gpus;
  std::string Error;
  if (!buildRequest(Settings, S.Path, Req, ConfigFlags, Error) ||
      !resolveGpus(Req.GpuNames, this->Gpus, Gpus, Error))
    return Fail(Error);
  Req.Parse = Options.Parse;
  Req.Parse.File = S.Path;
  Req.Parse.ExtraArgs = ConfigFlags;
  Req.Parse.ExtraArgs.insert(Req.Parse.ExtraArgs.end(),
                             Options.Parse.ExtraArgs.begin(),
                             Options.Parse.ExtraArgs.end());
  if (!Req.Parse.NoCudaHeaders) {
    Req.Parse.CudaPath = findCudaToolkit(Req.Parse.CudaPath, Error);
    if (Req.Parse.CudaPath.empty())
      return Fail(Error);
  }
  std::vector<std::string> Args, CodeFlags;
  if (!buildParseArguments(Req.Parse, Args, Error, nullptr, &CodeFlags))
    return Fail(Error);

  std::unique_ptr<WarmParser> &Parser = Parsers[S.Uri];
  if (!Parser || Parser->arguments() != Args) {
    std::vector<std::string> Compat;
    addNvccCompatibilityArguments(Req.Parse, Compat);
    Parser = std::make_unique<WarmParser>(Args, S.Path, std::move(Compat));
  }
  WarmParse Parse;
  if (!Parser->parse(S.Text, Parse, Error)) {
    Parser.reset();
    return Fail(Error);
  }
  Parse.Parsed.NvccCodeFlags = CodeFlags;

  for (const CompilerDiagnostic &C : Parse.Compiler) {
    if (C.Loc.File.empty() || C.Loc.File == S.Path) {
      Diagnostics.push_back(
          diagnostic(C.Loc, S.Text, C.Level, "clang", "", C.Message));
    } else {
      // In a header: shown at the top of the document that includes it.
      Diagnostics.push_back(
          diagnostic(SourceLoc(), S.Text, C.Level, "clang", "",
                     C.Loc.File + ":" + std::to_string(C.Loc.Line) + ":" +
                         std::to_string(C.Loc.Column) + ": " + C.Message));
    }
  }
  size_t Findings = 0;
  if (!Parse.HasErrors) {
    AnalysisResult Result =
        reportFromParsed(Req, Req.Parse, Gpus, std::move(Parse.Parsed));
    if (Result.Exit == ExitInputError)
      return Fail(Result.Error);
    for (const Finding &F : collectDiagnostics(Result.R)) {
      if (!F.Loc.File.empty() && F.Loc.File != S.Path)
        continue; // a header's own findings show when it is opened
      Diagnostics.push_back(
          diagnostic(F.Loc, S.Text, F.Level, "rl-analyze", F.Id, F.Message));
      ++Findings;
    }
    std::lock_guard<std::mutex> Guard(Lock);
    if (Documents.count(S.Uri))
      Reports[S.Uri] = std::make_shared<const Report>(std::move(Result.R));
  }
  publish(S.Uri, S.Version, std::move(Diagnostics));
  double Total =
      std::chrono::duration<double, std::milli>(Clock::now() - Start).count();
  llvm::errs() << "rl-analyze lsp: " << S.Path << " v" << S.Version << ": "
               << Findings << " findings, "
               << (Parse.HasErrors ? "compile errors, " : "")
               << llvm::format("%.1f", Total) << " ms (parse "
               << llvm::format("%.1f", Parse.ParseMilliseconds)
               << " ms, extraction "
               << llvm::format("%.1f",
                               Parse.Milliseconds - Parse.ParseMilliseconds)
               << " ms, " << (Parse.ReusedPreamble ? "re-parse" : "first parse")
               << ")\n";
}

void Server::work() {
  std::unique_lock<std::mutex> Guard(Lock);
  while (!Stopping) {
    for (const std::string &Uri : Closed)
      Parsers.erase(Uri);
    Closed.clear();
    const std::string *Next = nullptr;
    Clock::time_point Due = Clock::time_point::max();
    for (const auto &[Uri, D] : Documents)
      if (D.Pending && D.Due < Due) {
        Next = &Uri;
        Due = D.Due;
      }
    if (!Next) {
      Wake.wait(Guard);
      continue;
    }
    if (Due > Clock::now()) {
      Wake.wait_until(Guard, Due);
      continue;
    }
    Document &D = Documents[*Next];
    D.Pending = false;
    Snapshot S{*Next, D.Path, D.Text, D.Version};
    Guard.unlock();
    analyse(S);
    Guard.lock();
  }
}

std::optional<int> Server::handle(const json::Object &Message) {
  std::string Method = Message.getString("method").value_or("").str();
  const json::Value *Id = Message.get("id");
  const json::Object *Params = Message.getObject("params");
  static const json::Object NoParams;
  const json::Object &P = Params ? *Params : NoParams;

  if (Method == "initialize") {
    std::string Error;
    json::Value Result = initialize(Params, Error);
    if (!Error.empty())
      replyError(Id ? *Id : nullptr, InvalidParamsCode, Error);
    else
      reply(Id ? *Id : nullptr, std::move(Result));
  } else if (Method == "shutdown") {
    ShutdownRequested = true;
    reply(Id ? *Id : nullptr, nullptr);
  } else if (Method == "exit") {
    return ShutdownRequested ? 0 : 1;
  } else if (Method == "textDocument/didOpen") {
    open(P);
  } else if (Method == "textDocument/didChange") {
    change(P);
  } else if (Method == "textDocument/didSave") {
    save(P);
  } else if (Method == "textDocument/didClose") {
    close(P);
  } else if (Method == "textDocument/hover") {
    if (Id)
      reply(*Id, hover(P));
  } else if (Id && !Method.empty()) {
    replyError(*Id, MethodNotFoundCode, "unsupported method '" + Method + "'");
  } else if (Id && !Message.get("result") && !Message.get("error")) {
    // Neither a request nor a response: without a reply the client waits.
    replyError(*Id, InvalidRequestCode, "a request needs a \"method\" string");
  }
  // Other notifications (initialized, $/cancelRequest, ...) need nothing.
  return std::nullopt;
}

int Server::run(std::FILE *In) {
  std::thread Worker([this] { work(); });
  MessageReader Reader(In);
  int Exit = 1;
  bool AnyMessage = false;
  size_t BadFrames = 0;
  while (true) {
    std::string Body, Error;
    ReadStatus Status = Reader.read(Body, Error);
    if (Status == ReadStatus::EndOfInput) {
      if (!Error.empty())
        llvm::errs() << "rl-analyze lsp: error: " << Error << "\n";
      // Input with no message at all is not LSP (2); otherwise the end of
      // input without shutdown is 1, as LSP says.
      bool NotLsp = !AnyMessage && (BadFrames > 0 || !Error.empty());
      Exit = ShutdownRequested ? 0 : NotLsp ? 2 : 1;
      break;
    }
    if (Status == ReadStatus::BadFraming) {
      // One bad message must not end the session: say so and go on.
      llvm::errs() << "rl-analyze lsp: error: " << Error << "\n";
      ++BadFrames;
      replyError(nullptr, ParseErrorCode, "bad message framing: " + Error);
      continue;
    }
    AnyMessage = true;
    if (!Error.empty())
      llvm::errs() << "rl-analyze lsp: warning: " << Error << "\n";
    // llvm::json parses recursively: measure first, so that deep nesting is
    // an error reply rather than a stack overflow.
    if (jsonNestingDepth(Body) > MaxJsonDepth) {
      replyError(nullptr, ParseErrorCode,
                 "invalid JSON: nested deeper than " +
                     std::to_string(MaxJsonDepth) + " levels");
      continue;
    }
    llvm::Expected<json::Value> Parsed = json::parse(Body);
    if (!Parsed) {
      replyError(nullptr, ParseErrorCode,
                 "invalid JSON: " + llvm::toString(Parsed.takeError()));
      continue;
    }
    const json::Object *Message = Parsed->getAsObject();
    if (!Message) {
      replyError(nullptr, ParseErrorCode, "a message must be a JSON object");
      continue;
    }
    if (std::optional<int> Code = handle(*Message)) {
      Exit = *Code;
      break;
    }
  }
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Stopping = true;
    Wake.notify_all();
  }
  Worker.join();
  return Exit;
}

} // namespace

int runLanguageServer(const LanguageServerOptions &Options,
                      const GpuDatabase &Gpus, std::FILE *In, std::FILE *Out) {
  Server S(Options, Gpus, Out);
  return S.run(In);
}

} // namespace rla
