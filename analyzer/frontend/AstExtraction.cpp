//===- AstExtraction.cpp --------------------------------------------------===//
#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/frontend/KernelExtractor.h"
#include "analyzer/frontend/LaunchExtractor.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

using namespace clang;

namespace rla {
namespace {

Finding hostBranchRemark(SourceLoc Where) {
  return Finding{
      "rl-host-branch", Severity::Remark,
      "code here depends on __CUDA_ARCH__: the analysis reads the host "
      "side of the file, so it counts the branch taken when __CUDA_ARCH__ "
      "is not defined",
      std::move(Where)};
}

SourceLoc sourceLocOf(const SourceManager &SM, SourceLocation Loc) {
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return SourceLoc();
  return SourceLoc{P.getFilename(), P.getLine(), P.getColumn()};
}

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
    Out.Findings.push_back(hostBranchRemark(sourceLocOf(SM, Loc)));
  }
  const SourceManager &SM;
  const LangOptions &LO;
  ParsedFile &Out;
  bool Seen = false;
};

bool isConditionalDirective(llvm::StringRef Name) {
  return Name == "if" || Name == "ifdef" || Name == "ifndef" ||
         Name == "elif" || Name == "elifdef" || Name == "elifndef";
}

} // namespace

void extractFromAST(ASTContext &Ctx, ParsedFile &Out) {
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return;
  Out.Kernels = extractKernels(Ctx, Out.Findings);
  Out.Launches = extractLaunches(Ctx);
}

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
  Lexer Raw(Main, *Buffer, SM, LO);
  Raw.SetCommentRetentionState(false);
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  while (Tok.isNot(tok::eof)) {
    if (!Tok.is(tok::hash) || !Tok.isAtStartOfLine()) {
      Raw.LexFromRawLexer(Tok);
      continue;
    }
    Raw.LexFromRawLexer(Tok);
    if (!Tok.is(tok::raw_identifier) ||
        !isConditionalDirective(Tok.getRawIdentifier())) {
      continue; // not a conditional; Tok may start the next line
    }
    SourceLocation DirectiveLoc = Tok.getLocation();
    bool Mentions = false;
    for (Raw.LexFromRawLexer(Tok);
         Tok.isNot(tok::eof) && !Tok.isAtStartOfLine();
         Raw.LexFromRawLexer(Tok))
      Mentions |= Tok.is(tok::raw_identifier) &&
                  Tok.getRawIdentifier() == "__CUDA_ARCH__";
    if (Mentions) {
      Out.Findings.push_back(hostBranchRemark(sourceLocOf(SM, DirectiveLoc)));
      return;
    }
  }
}

} // namespace rla
