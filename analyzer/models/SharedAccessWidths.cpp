//===- SharedAccessWidths.cpp ---------------------------------------------===//
#include "analyzer/models/SharedAccessWidths.h"
#include "analyzer/models/SassClass.h"

#include "llvm/Support/Path.h"

#include <cstdlib>

namespace rla {

SharedWidthsByLine sharedWidthsByLine(const SassFunction &F) {
  SharedWidthsByLine Out;
  for (const SassInstruction &I : F.Instructions) {
    llvm::StringRef Base = I.base();
    if ((Base != "LDS" && Base != "STS") || I.Origins.empty())
      continue;
    const SassInstruction::Position &P = I.Origins.front();
    SharedWidths &W = Out[{llvm::sys::path::filename(P.File).str(), P.Line}];
    unsigned Bytes = sassAccessBytes(I.Opcode);
    (Base == "LDS" ? W.LoadBytes : W.StoreBytes)[Bytes] += Bytes;
  }
  return Out;
}

namespace {

bool sameLine(const AccessSite &A, const AccessSite &B) {
  return A.Line == B.Line &&
         llvm::sys::path::filename(A.File) == llvm::sys::path::filename(B.File);
}

/// A vector of Width bytes can hold consecutive elements of A: it walks
/// them one element apart along a loop of at least that many iterations.
bool contiguous(const AffineAccess &A, unsigned Width) {
  for (const AffineTerm &T : A.Terms)
    if (T.Kind == TermKind::Loop && std::llabs(T.Stride) == A.Site->Bytes &&
        T.Count >= int64_t(Width / A.Site->Bytes))
      return true;
  return false;
}

} // namespace

CompiledWidth compiledSharedWidth(const SharedWidthsByLine &Widths,
                                  const AffineAccess &A,
                                  const std::vector<AffineAccess> &Sites) {
  const AccessSite &S = *A.Site;
  if (!S.Shared || S.Kind == AccessKind::Atomic || S.Bytes == 0 ||
      S.TileLineBytes)
    return {};
  auto It = Widths.find({llvm::sys::path::filename(S.File).str(), S.Line});
  if (It == Widths.end())
    return {};
  const std::map<unsigned, unsigned> &On =
      S.Kind == AccessKind::Load ? It->second.LoadBytes : It->second.StoreBytes;
  if (On.empty())
    return {};
  const unsigned Widest = On.rbegin()->first;
  if (Widest <= S.Bytes || Widest % S.Bytes)
    return {};
  if (On.begin()->first > S.Bytes)
    return {Widest, 1}; // every instruction of the line is wide
  if (!contiguous(A, Widest))
    return {};
  // Narrow and wide instructions on one line: the wide ones' share of the
  // line's bytes goes to the sites that can be merged.
  double Narrow = 0, Mergeable = 0;
  for (const AffineAccess &O : Sites) {
    if (!O.Site->Shared || O.Site->Kind != S.Kind || !sameLine(*O.Site, S))
      continue;
    if (O.Site->Bytes >= Widest)
      return {}; // a vector access written as such: the shares are unclear
    Narrow += O.Site->Bytes;
    if (contiguous(O, Widest))
      Mergeable += O.Site->Bytes;
  }
  double All = 0;
  for (const auto &[Width, Bytes] : On)
    All += Bytes;
  double WideShare = On.rbegin()->second / All;
  return {Widest, std::min(1.0, WideShare * Narrow / Mergeable)};
}

} // namespace rla
