//===- Suppressions.cpp ---------------------------------------------------===//
#include "analyzer/report/Suppressions.h"
#include "analyzer/report/VerdictFinding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <tuple>

namespace rla {

namespace {

/// How far above a kernel's name its declaration may start
/// (`template <...>` / `__launch_bounds__(...)` / `__global__ void`).
constexpr unsigned MaxDeclarationLines = 4;

bool isCommentLine(llvm::StringRef Trimmed) {
  return Trimmed.starts_with("//") || Trimmed.starts_with("/*") ||
         Trimmed.starts_with("*");
}

using IdSet = std::set<std::string>;

bool silences(const IdSet &Ids, const std::string &Id) {
  return Ids.count("*") || Ids.count(Id);
}

void addIds(IdSet &Into, const std::string &Line) {
  if (auto Ids = ignoredIds(Line))
    Into.insert(Ids->begin(), Ids->end());
}

/// IDs silenced for a finding at Loc: its line and the line above.
IdSet idsAt(SourceLines &Sources, const SourceLoc &Loc) {
  IdSet Ids;
  if (!Loc.valid() || Loc.File.empty())
    return Ids;
  addIds(Ids, Sources.line(Loc.File, Loc.Line));
  if (Loc.Line > 1)
    addIds(Ids, Sources.line(Loc.File, Loc.Line - 1));
  return Ids;
}

/// IDs silenced for a whole kernel: the line of its name and the
/// declaration lines above it, through the first comment line.
IdSet kernelIds(SourceLines &Sources, const SourceLoc &Loc) {
  IdSet Ids;
  if (!Loc.valid() || Loc.File.empty())
    return Ids;
  addIds(Ids, Sources.line(Loc.File, Loc.Line));
  for (unsigned L = Loc.Line - 1, N = 0; L >= 1 && N < MaxDeclarationLines;
       --L, ++N) {
    const std::string &Text = Sources.line(Loc.File, L);
    llvm::StringRef Trimmed = llvm::StringRef(Text).trim();
    if (Trimmed.empty() || Trimmed.ends_with(";") || Trimmed.ends_with("}") ||
        Trimmed.ends_with("{"))
      break;
    addIds(Ids, Text);
    if (isCommentLine(Trimmed))
      break;
  }
  return Ids;
}

void record(std::vector<Finding> &Suppressed, const Finding &F) {
  if (std::none_of(Suppressed.begin(), Suppressed.end(),
                   [&](const Finding &G) { return sameFinding(F, G); }))
    Suppressed.push_back(F);
}

/// Removes from List what Extra (kernel-wide IDs) or the finding's own
/// lines silence.
void filter(std::vector<Finding> &List, const IdSet &Extra,
            SourceLines &Sources, std::vector<Finding> &Suppressed) {
  auto Silenced = [&](const Finding &F) {
    return silences(Extra, F.Id) || silences(idsAt(Sources, F.Loc), F.Id);
  };
  for (const Finding &F : List)
    if (Silenced(F))
      record(Suppressed, F);
  List.erase(std::remove_if(List.begin(), List.end(), Silenced), List.end());
}

} // namespace

std::optional<IdSet> ignoredIds(const std::string &Line) {
  llvm::StringRef Text(Line);
  size_t Comment = std::min(Text.find("//"), Text.find("/*"));
  if (Comment == llvm::StringRef::npos)
    return std::nullopt;
  size_t Tag = Text.find("rl-analyze:", Comment);
  if (Tag == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest =
      Text.drop_front(Tag + llvm::StringRef("rl-analyze:").size()).ltrim();
  if (!Rest.consume_front("ignore"))
    return std::nullopt;
  Rest = Rest.ltrim();
  if (!Rest.consume_front("["))
    return std::nullopt;
  size_t Close = Rest.find(']');
  if (Close == llvm::StringRef::npos)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Rest.take_front(Close).split(Parts, ',', -1, false);
  IdSet Ids;
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Ids.insert(P.trim().str());
  return Ids;
}

const std::string &SourceLines::line(const std::string &File, unsigned Line) {
  static const std::string Empty;
  auto It = Files.find(File);
  if (It == Files.end()) {
    std::vector<std::string> Lines;
    if (auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true)) {
      llvm::SmallVector<llvm::StringRef, 0> Split;
      (*Buffer)->getBuffer().split(Split, '\n');
      for (llvm::StringRef L : Split)
        Lines.push_back(L.rtrim("\r").str());
    }
    It = Files.emplace(File, std::move(Lines)).first;
  }
  if (Line == 0 || Line > It->second.size())
    return Empty;
  return It->second[Line - 1];
}

void suppressKernel(KernelReport &K, SourceLines &Sources,
                    std::vector<Finding> &Suppressed) {
  IdSet KernelWide = kernelIds(Sources, K.Model.Location);
  filter(K.Findings, KernelWide, Sources, Suppressed);
  filter(K.Model.Findings, KernelWide, Sources, Suppressed);
  if (std::optional<Finding> Verdict = verdictFinding(K))
    if (silences(KernelWide, Verdict->Id)) {
      K.VerdictSuppressed = true;
      record(Suppressed, *Verdict);
    }
}

void suppressFileFindings(std::vector<Finding> &Findings, SourceLines &Sources,
                          std::vector<Finding> &Suppressed) {
  filter(Findings, {}, Sources, Suppressed);
}

void applySuppressions(Report &R, SourceLines &Sources) {
  suppressFileFindings(R.Findings, Sources, R.Suppressed);
  for (KernelReport &K : R.Kernels)
    suppressKernel(K, Sources, R.Suppressed);
}

} // namespace rla
