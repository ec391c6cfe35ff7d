//===- CudaParser.cpp -----------------------------------------------------===//
#include "analyzer/frontend/CudaParser.h"
#include "analyzer/driver/NvccFlags.h"
#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/frontend/KernelExtractor.h"
#include "analyzer/frontend/LaunchExtractor.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>

using namespace clang;

namespace rla {
namespace {

class ExtractConsumer : public ASTConsumer {
public:
  explicit ExtractConsumer(ParsedFile &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // the AST may be incomplete; clang has said why
    Out.Kernels = extractKernels(Ctx, Out.Findings);
    Out.Launches = extractLaunches(Ctx);
  }

private:
  ParsedFile &Out;
};

/// Notes where the source branches on __CUDA_ARCH__: the host-side parse
/// sees the host branch of such code, not the device one.
class ArchConditionWatcher : public PPCallbacks {
public:
  ArchConditionWatcher(const SourceManager &SM, const LangOptions &LO,
                       ParsedFile &Out)
      : SM(SM), LO(LO), Out(Out) {}
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    check(Loc, Name.getIdentifierInfo() ? Name.getIdentifierInfo()->getName()
                                        : llvm::StringRef());
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    Ifdef(Loc, Name, MacroDefinition());
  }
  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind) override {
    check(Loc, Lexer::getSourceText(CharSourceRange::getCharRange(Condition),
                                    SM, LO));
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind,
            SourceLocation) override {
    If(Loc, Condition, CVK_NotEvaluated);
  }

private:
  void check(SourceLocation Loc, llvm::StringRef Text) {
    if (Seen || !Text.contains("__CUDA_ARCH__") || SM.isInSystemHeader(Loc))
      return;
    Seen = true;
    PresumedLoc P = SM.getPresumedLoc(Loc);
    SourceLoc Where;
    if (P.isValid())
      Where = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
    Out.Findings.push_back(Finding{
        "rl-host-branch", Severity::Remark,
        "code here depends on __CUDA_ARCH__: the analysis reads the host "
        "side of the file, so it counts the branch taken when __CUDA_ARCH__ "
        "is not defined",
        Where});
  }
  const SourceManager &SM;
  const LangOptions &LO;
  ParsedFile &Out;
  bool Seen = false;
};

/// Records the user (non-system) files the preprocessor enters.
class DependencyRecorder : public PPCallbacks {
public:
  DependencyRecorder(const SourceManager &SM, ParsedFile &Out)
      : SM(SM), Out(Out) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID Id = SM.getFileID(Loc);
    if (Id == SM.getMainFileID())
      return;
    if (OptionalFileEntryRef File = SM.getFileEntryRefForID(Id)) {
      llvm::SmallString<256> Path(File->getName());
      SM.getFileManager().makeAbsolutePath(Path);
      std::string Name = Path.str().str();
      if (std::find(Out.Dependencies.begin(), Out.Dependencies.end(), Name) ==
          Out.Dependencies.end())
        Out.Dependencies.push_back(Name);
    }
  }

private:
  const SourceManager &SM;
  ParsedFile &Out;
};

class ExtractAction : public ASTFrontendAction {
public:
  explicit ExtractAction(ParsedFile &Out) : Out(Out) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<ArchConditionWatcher>(
        CI.getSourceManager(), CI.getLangOpts(), Out));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<DependencyRecorder>(CI.getSourceManager(), Out));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<ExtractConsumer>(Out);
  }

private:
  ParsedFile &Out;
};

class ExtractActionFactory : public tooling::FrontendActionFactory {
public:
  explicit ExtractActionFactory(ParsedFile &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ExtractAction>(Out);
  }

private:
  ParsedFile &Out;
};

bool hasHeaders(const std::string &Root) {
  return !Root.empty() &&
         llvm::sys::fs::exists(Root + "/include/cuda_runtime.h");
}

/// Flags for a host-side CUDA parse, before the user's flags.
std::vector<std::string> baseArguments(const ParseOptions &O) {
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   "--cuda-host-only",
                                   "-resource-dir=" RLA_CLANG_RESOURCE_DIR,
                                   "-Wno-unknown-cuda-version",
                                   "--cuda-gpu-arch=" + O.CudaArch};
  if (O.NoCudaHeaders) {
    Args.insert(Args.end(), {"-nocudainc", "-nocudalib"});
  } else {
    Args.push_back("--cuda-path=" + O.CudaPath);
    // CUDA 13 keeps Thrust/CUB/libcu++ here; nvcc adds it, clang does not.
    std::string Cccl = O.CudaPath + "/include/cccl";
    if (llvm::sys::fs::exists(Cccl))
      Args.insert(Args.end(), {"-isystem", Cccl});
  }
  return Args;
}

} // namespace

std::string findCudaToolkit(const std::string &Explicit, std::string &Error) {
  std::vector<std::string> Candidates;
  if (!Explicit.empty()) {
    if (hasHeaders(Explicit))
      return Explicit;
    Error = "no CUDA toolkit at '" + Explicit +
            "' (--cuda-path): include/cuda_runtime.h not found";
    return "";
  }
  if (const char *Env = std::getenv("CUDA_PATH"); Env && *Env) {
    if (hasHeaders(Env))
      return Env;
    Error = "no CUDA toolkit at '" + std::string(Env) +
            "' (CUDA_PATH): include/cuda_runtime.h not found";
    return "";
  }
  if (hasHeaders(RLA_DEFAULT_CUDA_PATH))
    return RLA_DEFAULT_CUDA_PATH;
  Error = "no CUDA toolkit found at " RLA_DEFAULT_CUDA_PATH
          "; install it, pass --cuda-path=DIR or set CUDA_PATH (or use "
          "--no-cuda-headers for a parse without CUDA headers)";
  return "";
}

bool buildParseArguments(const ParseOptions &O, std::vector<std::string> &Args,
                         std::string &Error) {
  Args = baseArguments(O);
  std::string Arch = O.CudaArch;
  if (!O.CompileDbDir.empty()) {
    std::string DbError;
    // The JSON database itself: no interpolation from other files' flags.
    std::string DbFile = O.CompileDbDir + "/compile_commands.json";
    if (!llvm::sys::fs::exists(DbFile)) {
      Error = "no compile_commands.json in '" + O.CompileDbDir + "' (-p)";
      return false;
    }
    auto Db = tooling::JSONCompilationDatabase::loadFromFile(
        DbFile, DbError, tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Db) {
      Error = "cannot read '" + DbFile + "': " + DbError;
      return false;
    }
    llvm::SmallString<256> Abs(O.File);
    llvm::sys::fs::make_absolute(Abs);
    auto Commands = Db->getCompileCommands(Abs);
    if (Commands.empty()) {
      Error = "'" + O.File + "' has no entry in " + O.CompileDbDir +
              "/compile_commands.json";
      return false;
    }
    std::string DbArch;
    std::vector<std::string> Translated =
        translateNvccArguments(Commands.front().CommandLine, DbArch);
    if (!DbArch.empty() && Arch == "sm_90")
      Arch = DbArch;
    ParseOptions WithArch = O;
    WithArch.CudaArch = Arch;
    Args = baseArguments(WithArch);
    // Relative -I paths in the database are relative to its directory.
    Args.push_back("-working-directory=" + Commands.front().Directory);
    Args.insert(Args.end(), Translated.begin(), Translated.end());
  }
  Args.insert(Args.end(), O.ExtraArgs.begin(), O.ExtraArgs.end());
  return true;
}

bool parseCudaFile(const ParseOptions &O, ParsedFile &Out, std::string &Error) {
  std::vector<std::string> Args;
  if (!buildParseArguments(O, Args, Error))
    return false;
  Out.CommandLine = Args;

  tooling::FixedCompilationDatabase Db(".", Args);
  tooling::ClangTool Tool(Db, {O.File});
  // One printer for the driver and the compiler, so that a bad flag (a
  // driver error, which does not stop the parse) is counted too.
  DiagnosticOptions DiagOpts;
  llvm::raw_ostream &DiagOut =
      O.DiagnosticStream ? *O.DiagnosticStream : llvm::errs();
  DiagOpts.ShowColors = DiagOut.has_colors();
  TextDiagnosticPrinter Printer(DiagOut, DiagOpts);
  Tool.setDiagnosticConsumer(&Printer);
  ExtractActionFactory Factory(Out);
  int Status = Tool.run(&Factory);
  Out.ErrorCount = Printer.getNumErrors();
  if (Status != 0 && Out.ErrorCount == 0)
    Out.ErrorCount = 1;
  return true;
}

// The rl-host-branch watcher for the other front ends (AstExtraction.h);
// defined here, beside the watcher the CLI's parse uses.

std::unique_ptr<PPCallbacks> createArchConditionWatcher(const SourceManager &SM,
                                                        const LangOptions &LO,
                                                        ParsedFile &Out) {
  return std::make_unique<ArchConditionWatcher>(SM, LO, Out);
}

void scanMainFileArchConditions(const SourceManager &SM, const LangOptions &LO,
                                ParsedFile &Out) {
  FileID Main = SM.getMainFileID();
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(Main);
  if (!Buffer)
    return;
  // Each conditional directive's condition goes through the watcher, which
  // reports the first that mentions __CUDA_ARCH__.
  ArchConditionWatcher Watcher(SM, LO, Out);
  Lexer Raw(Main, *Buffer, SM, LO);
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  while (Tok.isNot(tok::eof)) {
    if (!Tok.is(tok::hash) || !Tok.isAtStartOfLine()) {
      Raw.LexFromRawLexer(Tok);
      continue;
    }
    Raw.LexFromRawLexer(Tok);
    if (!Tok.is(tok::raw_identifier))
      continue;
    llvm::StringRef Name = Tok.getRawIdentifier();
    if (Name != "if" && Name != "ifdef" && Name != "ifndef" && Name != "elif" &&
        Name != "elifdef" && Name != "elifndef")
      continue; // not a conditional; Tok may start the next line
    SourceLocation Directive = Tok.getLocation();
    SourceLocation Begin, End;
    for (Raw.LexFromRawLexer(Tok);
         Tok.isNot(tok::eof) && !Tok.isAtStartOfLine();
         Raw.LexFromRawLexer(Tok)) {
      if (Begin.isInvalid())
        Begin = Tok.getLocation();
      End = Tok.getEndLoc();
    }
    if (Begin.isValid())
      Watcher.If(Directive, SourceRange(Begin, End),
                 PPCallbacks::CVK_NotEvaluated);
  }
}

} // namespace rla
