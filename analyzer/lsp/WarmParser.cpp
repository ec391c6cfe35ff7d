//===- WarmParser.cpp -----------------------------------------------------===//
#include "analyzer/lsp/WarmParser.h"
#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/host/LaunchExtractor.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <chrono>

using namespace clang;

namespace rla {

namespace {

Severity severityOf(DiagnosticsEngine::Level L) {
  switch (L) {
  case DiagnosticsEngine::Error:
  case DiagnosticsEngine::Fatal:
    return Severity::Error;
  case DiagnosticsEngine::Warning:
    return Severity::Warning;
  case DiagnosticsEngine::Remark:
    return Severity::Remark;
  default:
    return Severity::Note;
  }
}

void collectCompilerDiagnostics(ASTUnit &Unit, WarmParse &Out) {
  for (const StoredDiagnostic &D : Unit.storedDiagnostics()) {
    if (D.getLevel() < DiagnosticsEngine::Warning)
      continue; // notes and remarks of clang itself: not worth a squiggle
    CompilerDiagnostic C;
    C.Level = severityOf(D.getLevel());
    C.Message = D.getMessage().str();
    if (D.getLocation().isValid()) {
      PresumedLoc P = D.getLocation().getPresumedLoc();
      if (P.isValid())
        C.Loc = SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
    }
    Out.HasErrors |= C.Level == Severity::Error;
    Out.Compiler.push_back(std::move(C));
  }
}

} // namespace

WarmParser::WarmParser(std::vector<std::string> Args, std::string File,
                       std::vector<std::string> Compat)
    : Args(std::move(Args)), File(std::move(File)), Compat(std::move(Compat)) {}

WarmParser::~WarmParser() = default;

bool WarmParser::createUnit(const std::string &Text, WarmParse &Out,
                            std::string &Error) {
  std::vector<const char *> Argv = {"clang"};
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  for (const std::string &A : Compat)
    Argv.push_back(A.c_str());
  Argv.push_back(File.c_str());
  // A file system of this unit's own: -working-directory= (from -p) moves
  // its current folder, where on the process's it would chdir the whole
  // server and later documents would find relative paths (-p build) from
  // the compile command's folder.
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::createPhysicalFileSystem();
  auto DiagOpts = std::make_shared<DiagnosticOptions>();
  auto *DriverDiags = new TextDiagnosticBuffer();
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
      CompilerInstance::createDiagnostics(*FS, *DiagOpts, DriverDiags,
                                          /*ShouldOwnClient=*/true);
  CreateInvocationOptions Options;
  Options.Diags = Diags;
  Options.VFS = FS;
  std::shared_ptr<CompilerInvocation> Invocation =
      createInvocation(Argv, Options);
  if (!Invocation) {
    for (auto It = DriverDiags->err_begin(); It != DriverDiags->err_end(); ++It)
      Out.Compiler.push_back({Severity::Error, It->second, SourceLoc()});
    Out.HasErrors = !Out.Compiler.empty();
    if (!Out.HasErrors)
      Error = "clang could not make a compile job of these arguments";
    return Out.HasErrors;
  }

  // The driver asks cc1 not to free its AST at exit; this one is reused.
  Invocation->getFrontendOpts().DisableFree = false;
  // The preamble covers what -include brings in (the CUDA runtime wrapper)
  // as well as the #include lines at the top of the file.
  PreprocessorOptions &PPOpts = Invocation->getPreprocessorOpts();
  // The ASTUnit owns remapped buffers.
  PPOpts.addRemappedFile(
      File, llvm::MemoryBuffer::getMemBufferCopy(Text, File).release());

  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  Unit = ASTUnit::LoadFromCompilerInvocation(
      Invocation, std::make_shared<PCHContainerOperations>(), DiagOpts, Diags,
      Files, /*OnlyLocalDecls=*/false, CaptureDiagsKind::All,
      /*PrecompilePreambleAfterNParses=*/1, TU_Complete,
      /*CacheCodeCompletionResults=*/false,
      /*IncludeBriefCommentsInCodeCompletion=*/false,
      /*UserFilesAreVolatile=*/true);
  if (!Unit) {
    Error = "clang could not parse the file";
    return false;
  }
  return true;
}

bool WarmParser::parse(const std::string &Text, WarmParse &Out,
                       std::string &Error) {
  auto Start = std::chrono::steady_clock::now();
  if (!Unit) {
    if (!createUnit(Text, Out, Error))
      return false;
    if (!Unit)
      return true; // the arguments themselves are wrong: Out says why
  } else {
    ASTUnit::RemappedFile Remapped(
        File, llvm::MemoryBuffer::getMemBufferCopy(Text, File).release());
    if (Unit->Reparse(std::make_shared<PCHContainerOperations>(), {Remapped})) {
      Unit.reset();
      Error = "clang could not re-parse the file";
      return false;
    }
  }
  ++Parses;
  Out.ReusedPreamble = Parses > 1;

  auto Parsed = std::chrono::steady_clock::now();
  collectCompilerDiagnostics(*Unit, Out);
  if (!Out.HasErrors) {
    ASTContext &Ctx = Unit->getASTContext();
    // Only what is outside system headers: walking the whole TU would load
    // every declaration of the CUDA headers back from the preamble.
    const SourceManager &SM = Unit->getSourceManager();
    std::vector<Decl *> Local;
    for (auto It = Unit->top_level_begin(), End = Unit->top_level_end();
         It != End; ++It)
      if (!SM.isInSystemHeader((*It)->getLocation()))
        Local.push_back(*It);
    Out.Parsed.Kernels = extractKernelsFrom(Ctx, Local, Out.Parsed.Findings);
    Out.Parsed.Launches = extractLaunchesFrom(Ctx, Local);
    scanMainFileArchConditions(Unit->getSourceManager(), Unit->getLangOpts(),
                               Out.Parsed);
  }
  Out.Parsed.CommandLine = Args;
  Out.ParseMilliseconds =
      std::chrono::duration<double, std::milli>(Parsed - Start).count();
  Out.Milliseconds = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
  return true;
}

} // namespace rla
