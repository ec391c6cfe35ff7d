//===- CudaParser.cpp -----------------------------------------------------===//
#include "analyzer/frontend/CudaParser.h"
#include "analyzer/driver/NvccFlags.h"
#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/frontend/DiagnosticCollector.h"
#include "analyzer/frontend/NvccCompatibility.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/host/LaunchExtractor.h"
#include "analyzer/frontend/host/LibraryCallExtractor.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

using namespace clang;

namespace rla {
namespace {

class ExtractConsumer : public ASTConsumer {
public:
  ExtractConsumer(ParsedFile &Out, DiagnosticCollector &Diags, bool KernelsOnly,
                  const HostRunOptions &Run)
      : Out(Out), Diags(Diags), KernelsOnly(KernelsOnly), Run(Run) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // After a fatal error (a header not found) clang stops parsing: what
    // follows it is missing, so nothing is taken from this AST.
    if (Diags.hadFatalError())
      return;
    Out.Kernels = extractKernels(Ctx, Out.Findings, Diags.errors());
    if (!KernelsOnly) {
      std::map<const clang::CallExpr *, std::vector<LibraryArgument>>
          LibraryArguments;
      Out.Launches = Run.ProgramLaunches
                         ? *Run.ProgramLaunches
                         : extractLaunches(Ctx, Run, &LibraryArguments);
      Out.LibraryCalls = extractLibraryCalls(Ctx, &LibraryArguments);
    }
  }

private:
  ParsedFile &Out;
  DiagnosticCollector &Diags;
  bool KernelsOnly;
  const HostRunOptions &Run;
};

/// Notes where the source branches on __CUDA_ARCH__: the host-side parse
/// sees the host branch of such code, not the device one. The CLI's parse
/// then reads the kernels from the device side (no remark); the plugin and
/// the language server, which have the host side only, say so.
class ArchConditionWatcher : public PPCallbacks {
public:
  ArchConditionWatcher(const SourceManager &SM, const LangOptions &LO,
                       ParsedFile &Out, bool Remark = true)
      : SM(SM), LO(LO), Out(Out), Remark(Remark) {}
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
    Out.DependsOnCudaArch = true;
    if (!Remark)
      return;
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
  bool Remark;
  bool Seen = false;
};

/// Records the user (non-system) files the preprocessor enters, and for
/// each `#include` in a user file the paths searched before the one that
/// answered: a header created at one of them later would shadow it, so a
/// cached result stands only while they stay absent.
class DependencyRecorder : public PPCallbacks {
public:
  DependencyRecorder(const Preprocessor &PP, ParsedFile &Out)
      : SM(PP.getSourceManager()), HS(PP.getHeaderSearchInfo()), Out(Out) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID Id = SM.getFileID(Loc);
    if (Id == SM.getMainFileID())
      return;
    if (OptionalFileEntryRef File = SM.getFileEntryRefForID(Id))
      addOnce(Out.Dependencies, absolute(File->getName()));
  }
  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          llvm::StringRef FileName, bool IsAngled,
                          CharSourceRange, OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    OptionalFileEntryRef Includer =
        SM.getFileEntryRefForID(SM.getFileID(HashLoc));
    // -include and the toolkit wrappers come from the predefines buffer.
    if (!Includer || SM.isInSystemHeader(HashLoc) ||
        llvm::sys::path::is_absolute(FileName))
      return;
    // Where the header was found; empty when it was not (the file then has
    // an error, and a header appearing anywhere would change the result).
    std::string FoundIn = File ? absolute(SearchPath) : "";
    std::vector<std::string> Searched;
    if (!IsAngled)
      Searched.push_back(
          absolute(llvm::sys::path::parent_path(Includer->getName())));
    auto Dirs =
        IsAngled
            ? llvm::make_range(HS.angled_dir_begin(), HS.system_dir_begin())
            : llvm::make_range(HS.quoted_dir_begin(), HS.system_dir_begin());
    for (const DirectoryLookup &Dir : Dirs)
      if (Dir.isNormalDir())
        Searched.push_back(absolute(Dir.getName()));
    for (const std::string &DirName : Searched) {
      if (DirName == FoundIn)
        return;
      llvm::SmallString<256> Candidate(DirName);
      llvm::sys::path::append(Candidate, FileName);
      llvm::sys::path::remove_dots(Candidate, /*remove_dot_dot=*/true);
      addOnce(Out.AbsentIncludes, Candidate.str().str());
    }
  }

private:
  std::string absolute(llvm::StringRef Name) const {
    llvm::SmallString<256> Path(Name.empty() ? "." : Name);
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    return Path.str().str();
  }
  static void addOnce(std::vector<std::string> &List, std::string Name) {
    if (std::find(List.begin(), List.end(), Name) == List.end())
      List.push_back(std::move(Name));
  }
  const SourceManager &SM;
  const HeaderSearch &HS;
  ParsedFile &Out;
};

class ExtractAction : public ASTFrontendAction {
public:
  ExtractAction(ParsedFile &Out, DiagnosticCollector &Diags, bool DeviceSide,
                const HostRunOptions &Run)
      : Out(Out), Diags(Diags), DeviceSide(DeviceSide), Run(Run) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // "N errors generated": the collected diagnostics say it when asked.
    CI.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
    if (!DeviceSide) {
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<ArchConditionWatcher>(
              CI.getSourceManager(), CI.getLangOpts(), Out, /*Remark=*/false));
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<DependencyRecorder>(CI.getPreprocessor(), Out));
    }
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<ExtractConsumer>(Out, Diags, DeviceSide, Run);
  }

private:
  ParsedFile &Out;
  DiagnosticCollector &Diags;
  bool DeviceSide;
  const HostRunOptions &Run;
};

class ExtractActionFactory : public tooling::FrontendActionFactory {
public:
  ExtractActionFactory(ParsedFile &Out, DiagnosticCollector &Diags,
                       bool DeviceSide, const HostRunOptions &Run)
      : Out(Out), Diags(Diags), DeviceSide(DeviceSide), Run(Run) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ExtractAction>(Out, Diags, DeviceSide, Run);
  }

private:
  ParsedFile &Out;
  DiagnosticCollector &Diags;
  bool DeviceSide;
  const HostRunOptions &Run;
};

const char *const HostOnlyFlag = "--cuda-host-only";

bool hasHeaders(const std::string &Root) {
  return !Root.empty() &&
         llvm::sys::fs::exists(Root + "/include/cuda_runtime.h");
}

/// Flags for a host-side CUDA parse, before the user's flags.
std::vector<std::string> baseArguments(const ParseOptions &O) {
  std::vector<std::string> Args = {"-x",
                                   "cuda",
                                   HostOnlyFlag,
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

/// The main file with `k<< <grid, block>> >(...)` (spaces inside the
/// chevrons, which nvcc accepts) written as `<<<  >>> `, keeping every
/// offset; unset when the file has none.
std::optional<std::string> mainFileAsNvccReadsIt(const std::string &File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return std::nullopt;
  std::string Text = (*Buffer)->getBuffer().str();
  bool Changed = false;
  auto closeUp = [&](size_t At, char C) -> size_t {
    // At points to two C's followed by blanks and a third C.
    size_t I = At + 2;
    while (I < Text.size() && (Text[I] == ' ' || Text[I] == '\t'))
      ++I;
    if (I == At + 2 || I >= Text.size() || Text[I] != C)
      return std::string::npos;
    Text[At + 2] = C;
    for (size_t J = At + 3; J <= I; ++J)
      Text[J] = ' ';
    return I;
  };
  for (size_t At = Text.find("<<"); At != std::string::npos;
       At = Text.find("<<", At + 2)) {
    size_t End = closeUp(At, '<');
    if (End == std::string::npos)
      continue;
    Changed = true;
    // The matching `>> >` on the same statement.
    size_t Close = Text.find(">>", End);
    size_t Stop = Text.find(';', End);
    if (Close != std::string::npos &&
        (Stop == std::string::npos || Close < Stop))
      closeUp(Close, '>');
    At = End;
  }
  if (!Changed)
    return std::nullopt;
  return Text;
}

/// A file system of its own for one parse, with the nvcc compatibility
/// overlay: on the process's, -working-directory= would chdir the whole
/// process, and parses in other threads (-j) would find relative paths (-p
/// build among them) from the wrong folder.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
parseFileSystem(const ParseOptions &O, const std::vector<std::string> &Args) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files =
      llvm::vfs::createPhysicalFileSystem();
  if (std::string Overlay = nvccCompatibilityOverlay(O, Args); !Overlay.empty())
    if (auto Redirected = llvm::vfs::getVFSFromYAML(
            llvm::MemoryBuffer::getMemBufferCopy(Overlay), nullptr, "", nullptr,
            Files))
      Files =
          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(Redirected.release());
  return Files;
}

/// One clang job over File; false when clang could not run it at all.
bool runJob(const ParseOptions &O, const std::vector<std::string> &Args,
            const std::optional<std::string> &Rewritten,
            DiagnosticCollector &Diags, ParsedFile &Out, bool DeviceSide) {
  const std::string &File = O.File;
  tooling::FixedCompilationDatabase Db(".", Args);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files =
      parseFileSystem(O, Args);
  tooling::ClangTool Tool(Db, {File},
                          std::make_shared<PCHContainerOperations>(), Files);
  Tool.setPrintErrorMessage(false);
  if (Rewritten)
    Tool.mapVirtualFile(File, *Rewritten);
  // One consumer for the driver and the compiler, so that a bad flag (a
  // driver error, which does not stop the parse) is counted too.
  Tool.setDiagnosticConsumer(&Diags);
  ExtractActionFactory Factory(Out, Diags, DeviceSide, O.HostRun);
  int Status = Tool.run(&Factory);
  return Status == 0 || Diags.getNumErrors() > 0;
}

/// The errors of Diags into Out, once each, and clang's text.
void takeDiagnostics(DiagnosticCollector &Diags, ParsedFile &Out) {
  for (const SourceError &E : Diags.errors()) {
    bool Known = false;
    for (const Finding &F : Out.CompilerErrors)
      Known |= F.Loc.File == E.Where.Loc.File &&
               F.Loc.Line == E.Where.Loc.Line &&
               F.Loc.Column == E.Where.Loc.Column;
    if (!Known)
      Out.CompilerErrors.push_back(E.Where);
  }
  Out.UnplacedErrors += Diags.unplacedErrors();
  Out.ErrorCount = std::max<unsigned>(
      Out.ErrorCount, Out.CompilerErrors.size() + Out.UnplacedErrors);
  Out.CompilerOutput += Diags.text();
}

/// The host job's arguments as the device-side job of Arch.
std::vector<std::string> deviceArguments(std::vector<std::string> Args,
                                         const std::string &Arch) {
  for (std::string &A : Args) {
    if (A == HostOnlyFlag)
      A = "--cuda-device-only";
    else if (llvm::StringRef(A).starts_with("--cuda-gpu-arch="))
      A = "--cuda-gpu-arch=" + Arch;
  }
  return Args;
}

/// What two parses of one kernel count, to tell whether its body differs
/// between architectures.
std::string costFingerprint(const KernelModel &K) {
  std::string Text = K.NotAnalysed ? K.NotAnalysed->Message : "";
  for (const auto &[Name, Field] : CostVector::scalarFields())
    Text += std::string(metricKey(Name)) + "=" + (K.Total.Low.*Field).str() +
            "/" + (K.Total.High.*Field).str() + ";";
  for (unsigned P = 0; P < NumPrecisions; ++P)
    Text +=
        K.Total.Low.Flops[P].str() + "/" + K.Total.High.Flops[P].str() + ";";
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    Text += K.Total.Low.TensorFlops[P].str() + "/" +
            K.Total.High.TensorFlops[P].str() + ";";
  Text += std::to_string(K.Accesses.size());
  return Text;
}

/// Replaces Out.Kernels by the device-side parse of each architecture
/// asked for; a kernel whose counts differ between them gets one model
/// per architecture (Archs set).
void readDeviceSideKernels(const ParseOptions &O,
                           const std::vector<std::string> &HostArgs,
                           const std::optional<std::string> &Rewritten,
                           ParsedFile &Out) {
  std::vector<std::string> Archs = O.DeviceArchs;
  if (Archs.empty())
    Archs.push_back(O.CudaArch);
  std::vector<std::vector<KernelModel>> PerArch;
  for (const std::string &Arch : Archs) {
    ParsedFile Device;
    DiagnosticCollector Diags;
    Diags.setSide(Arch);
    if (!runJob(O, deviceArguments(HostArgs, Arch), Rewritten, Diags, Device,
                /*DeviceSide=*/true) ||
        Diags.hadFatalError()) {
      takeDiagnostics(Diags, Out);
      return; // keep the host side's kernels; the errors say why
    }
    takeDiagnostics(Diags, Out);
    PerArch.push_back(std::move(Device.Kernels));
    for (Finding &F : Device.Findings)
      Out.Findings.push_back(std::move(F));
  }
  // A kernel that clang rejects on one device side only (inline PTX with
  // operand syntax nvcc accepts) keeps its host-side body, said so.
  for (size_t A = 0; A < PerArch.size(); ++A)
    for (KernelModel &Device : PerArch[A]) {
      if (!Device.NotAnalysed)
        continue;
      for (const KernelModel &Host : Out.Kernels)
        if (Host.Name == Device.Name && !Host.NotAnalysed) {
          std::string Why = Device.NotAnalysed->Message;
          Device = Host;
          Device.Assumptions.push_back(note(
              NoteId::BodyFromHostParse, {{"arch", Archs[A]}, {"error", Why}}));
          break;
        }
    }
  std::vector<KernelModel> Kernels;
  for (size_t K = 0; K < PerArch[0].size(); ++K) {
    const KernelModel &First = PerArch[0][K];
    bool Same = true;
    for (size_t A = 1; A < PerArch.size(); ++A)
      Same &= K < PerArch[A].size() && PerArch[A][K].Name == First.Name &&
              costFingerprint(PerArch[A][K]) == costFingerprint(First);
    if (Same) {
      Kernels.push_back(First);
      continue;
    }
    for (size_t A = 0; A < PerArch.size(); ++A)
      if (K < PerArch[A].size()) {
        Kernels.push_back(PerArch[A][K]);
        Kernels.back().Archs = {Archs[A]};
      }
  }
  Out.Kernels = std::move(Kernels);
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
                         std::string &Error, std::string *HostCompiler,
                         std::vector<std::string> *CodeFlags) {
  // The user's flags may be nvcc's, copied from a Makefile.
  NvccTranslation User = translateUserFlags(O.ExtraArgs);
  std::string Arch = O.CudaArch;
  if (!User.CudaArch.empty() && Arch == "sm_90")
    Arch = User.CudaArch;
  ParseOptions WithUserArch = O;
  WithUserArch.CudaArch = Arch;
  Args = baseArguments(WithUserArch);
  if (CodeFlags)
    CodeFlags->clear();
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
    const tooling::CompileCommand &Command = Commands.front();
    NvccTranslation Translated =
        translateNvccArguments(Command.CommandLine, Command.Directory);
    if (!Translated.Error.empty()) {
      Error = "the entry of '" + O.File + "' in " + DbFile + ": " +
              Translated.Error;
      return false;
    }
    if (!Translated.CudaArch.empty() && Arch == "sm_90")
      Arch = Translated.CudaArch;
    ParseOptions WithArch = O;
    WithArch.CudaArch = Arch;
    Args = baseArguments(WithArch);
    // Relative -I paths in the database are relative to its directory.
    Args.push_back("-working-directory=" + Command.Directory);
    Args.insert(Args.end(), Translated.Args.begin(), Translated.Args.end());
    if (HostCompiler && !Translated.HostCompiler.empty())
      *HostCompiler = Translated.HostCompiler;
    if (CodeFlags)
      *CodeFlags = Translated.CodeFlags;
  }
  Args.insert(Args.end(), User.Args.begin(), User.Args.end());
  if (HostCompiler && !User.HostCompiler.empty())
    *HostCompiler = User.HostCompiler;
  if (CodeFlags)
    CodeFlags->insert(CodeFlags->end(), User.CodeFlags.begin(),
                      User.CodeFlags.end());
  return true;
}

/// The arguments of a CUDA host parse made those of a C compile: a `.c`
/// file of the program (Rodinia's facetrain.c, with K&R definitions and
/// `void *` conversions C++ rejects) is built by the C compiler.
std::vector<std::string> asCArguments(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-x" && I + 1 < Args.size()) {
      Out.insert(Out.end(), {"-x", "c"});
      ++I;
      continue;
    }
    if (A == "-include" && I + 1 < Args.size() &&
        Args[I + 1] == nvccCompatHeaderPath()) {
      ++I;
      continue;
    }
    if (A == HostOnlyFlag || A == "-fgpu-rdc" || A == "-nocudainc" ||
        A == "-nocudalib" || A == "-Wno-unknown-cuda-version" ||
        A.starts_with("--cuda-gpu-arch=") || A.starts_with("--cuda-path=") ||
        A.starts_with("-std=c++") || A.starts_with("-std=gnu++"))
      continue;
    Out.push_back(A.str());
  }
  return Out;
}

std::unique_ptr<ASTUnit> parseHostUnit(const ParseOptions &Options,
                                       std::string &Error) {
  ParseOptions O = Options;
  std::vector<std::string> Args;
  if (!buildParseArguments(O, Args, Error, &O.HostCompiler))
    return nullptr;
  addNvccCompatibilityArguments(O, Args);
  if (llvm::sys::path::extension(O.File) == ".c")
    Args = asCArguments(Args);
  tooling::FixedCompilationDatabase Db(".", Args);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files =
      parseFileSystem(O, Args);
  tooling::ClangTool Tool(Db, {O.File},
                          std::make_shared<PCHContainerOperations>(), Files);
  Tool.setPrintErrorMessage(false);
  // mapVirtualFile keeps a reference to the text: it must outlive the parse.
  std::optional<std::string> Rewritten = mainFileAsNvccReadsIt(O.File);
  if (Rewritten)
    Tool.mapVirtualFile(O.File, *Rewritten);
  // The file's own analysis reports its errors; here they are not wanted.
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  std::vector<std::unique_ptr<ASTUnit>> Units;
  Tool.buildASTs(Units);
  if (Units.empty() || !Units.front()) {
    Error = "'" + O.File + "' could not be parsed";
    return nullptr;
  }
  return std::move(Units.front());
}

bool parseCudaFile(const ParseOptions &Options, ParsedFile &Out,
                   std::string &Error) {
  // The compile database may name the host compiler (-ccbin).
  ParseOptions O = Options;
  std::vector<std::string> Args;
  if (!buildParseArguments(O, Args, Error, &O.HostCompiler, &Out.NvccCodeFlags))
    return false;
  // The user's flags (the nvcc compile for resources reuses them), then
  // what makes clang accept what nvcc accepts.
  Out.CommandLine = Args;
  if (O.HostRun.OccupancyFor)
    O.HostRun.Occupancy =
        O.HostRun.OccupancyFor->forParse(Out.CommandLine, Out.NvccCodeFlags);
  addNvccCompatibilityArguments(O, Args);

  std::optional<std::string> Rewritten = mainFileAsNvccReadsIt(O.File);
  DiagnosticCollector HostDiags;
  if (!runJob(O, Args, Rewritten, HostDiags, Out, /*DeviceSide=*/false))
    Out.ErrorCount = std::max(Out.ErrorCount, 1u);
  takeDiagnostics(HostDiags, Out);

  // Kernel bodies as the GPU compiles them: where the user's code branches
  // on __CUDA_ARCH__, each architecture's device-side parse gives its own.
  if (Out.DependsOnCudaArch && !HostDiags.hadFatalError())
    readDeviceSideKernels(O, Args, Rewritten, Out);
  return true;
}

// The rl-host-branch watcher for the other front ends (AstExtraction.h);
// defined here, beside the watcher the CLI's parse uses.

std::unique_ptr<PPCallbacks> createArchConditionWatcher(const SourceManager &SM,
                                                        const LangOptions &LO,
                                                        ParsedFile &Out) {
  return std::make_unique<ArchConditionWatcher>(SM, LO, Out, /*Remark=*/true);
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
