//===- SassControlFlow.cpp ------------------------------------------------===//
#include "analyzer/models/SassControlFlow.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <set>

namespace rla {
namespace {

bool isJump(llvm::StringRef B) {
  return B == "BRA" || B == "BRX" || B == "JMP" || B == "JMX" || B == "EXIT" ||
         B == "RET" || B == "KILL";
}

bool endsBlock(const SassInstruction &I) {
  return isJump(I.base()) || I.base() == "BREAK";
}

bool fallsThrough(const SassInstruction &I) {
  return !isJump(I.base()) || !I.Guard.empty();
}

void buildBlocks(const std::vector<SassInstruction> &Code,
                 SassControlFlow &Cfg) {
  for (size_t I = 0; I < Code.size(); ++I)
    Cfg.IndexOf[Code[I].Address] = I;
  std::set<size_t> Leaders = {0};
  for (size_t I = 0; I < Code.size(); ++I) {
    if (endsBlock(Code[I]) && I + 1 < Code.size())
      Leaders.insert(I + 1);
    llvm::StringRef B = Code[I].base();
    if (Code[I].Target && B != "BSSY" && B != "CALL")
      if (auto It = Cfg.IndexOf.find(*Code[I].Target); It != Cfg.IndexOf.end())
        Leaders.insert(It->second);
  }
  Cfg.BlockOf.resize(Code.size());
  for (auto It = Leaders.begin(); It != Leaders.end(); ++It) {
    SassBlock Bl;
    Bl.First = *It;
    auto Next = std::next(It);
    Bl.End = Next == Leaders.end() ? Code.size() : *Next;
    for (size_t I = Bl.First; I < Bl.End; ++I)
      Cfg.BlockOf[I] = Cfg.Blocks.size();
    Cfg.Blocks.push_back(Bl);
  }
  for (size_t B = 0; B < Cfg.Blocks.size(); ++B) {
    const SassInstruction &Last = Code[Cfg.Blocks[B].End - 1];
    if (fallsThrough(Last) && B + 1 < Cfg.Blocks.size())
      Cfg.Blocks[B].Successors.push_back(B + 1);
    if (Last.Target && (Last.base() == "BRA" || Last.base() == "JMP"))
      if (auto It = Cfg.IndexOf.find(*Last.Target); It != Cfg.IndexOf.end())
        Cfg.Blocks[B].Successors.push_back(Cfg.BlockOf[It->second]);
  }
  std::vector<size_t> Work = {0};
  Cfg.Blocks[0].Reached = true;
  while (!Work.empty()) {
    size_t B = Work.back();
    Work.pop_back();
    for (size_t S : Cfg.Blocks[B].Successors)
      if (!Cfg.Blocks[S].Reached) {
        Cfg.Blocks[S].Reached = true;
        Work.push_back(S);
      }
  }
}

/// A branch back to an earlier block closes a loop; a block's loop is the
/// shortest such span that holds it.
void findLoops(SassControlFlow &Cfg) {
  for (size_t B = 0; B < Cfg.Blocks.size(); ++B)
    if (Cfg.Blocks[B].Reached)
      for (size_t S : Cfg.Blocks[B].Successors)
        if (S <= B)
          Cfg.Loops.push_back({S, B, -1});
  auto span = [&](size_t L) {
    return Cfg.Loops[L].LastBlock - Cfg.Loops[L].FirstBlock;
  };
  std::vector<size_t> BySpan(Cfg.Loops.size());
  for (size_t I = 0; I < Cfg.Loops.size(); ++I)
    BySpan[I] = I;
  std::stable_sort(BySpan.begin(), BySpan.end(),
                   [&](size_t A, size_t B) { return span(A) < span(B); });
  for (size_t B = 0; B < Cfg.Blocks.size(); ++B)
    for (size_t L : BySpan)
      if (Cfg.Loops[L].FirstBlock <= B && B <= Cfg.Loops[L].LastBlock) {
        Cfg.Blocks[B].Loop = static_cast<int>(L);
        break;
      }
  for (size_t L = 0; L < Cfg.Loops.size(); ++L)
    for (size_t P : BySpan)
      if (P != L && span(P) > span(L) &&
          Cfg.Loops[P].FirstBlock <= Cfg.Loops[L].FirstBlock &&
          Cfg.Loops[L].LastBlock <= Cfg.Loops[P].LastBlock) {
        Cfg.Loops[L].Parent = static_cast<int>(P);
        break;
      }
}

} // namespace

SassControlFlow buildControlFlow(const std::vector<SassInstruction> &Code) {
  SassControlFlow Cfg;
  if (Code.empty())
    return Cfg;
  buildBlocks(Code, Cfg);
  findLoops(Cfg);
  return Cfg;
}

std::vector<std::vector<bool>>
postDominators(const SassControlFlow &Cfg,
               const std::vector<SassInstruction> &Code) {
  size_t N = Cfg.Blocks.size();
  std::vector<std::vector<size_t>> Succ(N);
  std::vector<bool> Exits(N, false);
  for (size_t B = 0; B < N; ++B) {
    if (!Cfg.Blocks[B].Reached)
      continue;
    const SassInstruction &Last = Code[Cfg.Blocks[B].End - 1];
    llvm::StringRef Base = Last.base();
    Exits[B] = Base == "EXIT" || Base == "RET" || Base == "KILL" ||
               Cfg.Blocks[B].Successors.empty();
    for (size_t S : Cfg.Blocks[B].Successors)
      if (Cfg.Blocks[S].Reached)
        Succ[B].push_back(S);
  }
  // PostDom(B) = {B} + the intersection of the successors' sets; an exit
  // leaves through nothing else.
  std::vector<std::vector<bool>> Post(N, std::vector<bool>(N, true));
  for (size_t B = 0; B < N; ++B)
    if (!Cfg.Blocks[B].Reached || (Exits[B] && Succ[B].empty())) {
      std::fill(Post[B].begin(), Post[B].end(), false);
      Post[B][B] = Cfg.Blocks[B].Reached;
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t B = N; B-- > 0;) {
      if (!Cfg.Blocks[B].Reached || (Exits[B] && Succ[B].empty()))
        continue;
      std::vector<bool> Next(N, !Exits[B]);
      for (size_t S : Succ[B])
        for (size_t X = 0; X < N; ++X)
          Next[X] = Next[X] && Post[S][X];
      Next[B] = true;
      if (Next != Post[B]) {
        Post[B] = std::move(Next);
        Changed = true;
      }
    }
  }
  // Post[A][B] as "B post-dominates A".
  return Post;
}

} // namespace rla
