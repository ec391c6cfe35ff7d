//===- HostContexts.cpp - A launch site's calling contexts ----------------===//
///
/// \file
/// A launch site the run reaches in more calling contexts than a report shows
/// (MaxContextsPerSite): the contexts behind the fewest branches not taken
/// kept, the contexts of one sweep merged into one entry (what varies a range,
/// the counts summed), or a sweep the program does not run shown at its
/// largest.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostInterpreterImpl.h"

using namespace clang;

namespace rla {
namespace interp {

namespace {

/// The lowest and highest of the values a launch parameter takes, as the
/// "low" and "high" of What's ContextsVary note.
void addRange(FindingData &What, const std::vector<Rational> &Values) {
  Rational Lo = Values.front(), Hi = Values.front();
  for (const Rational &V : Values) {
    if (V < Lo)
      Lo = V;
    if (Hi < V)
      Hi = V;
  }
  What["low"] = Lo.str();
  What["high"] = Hi.str();
}

/// One entry for a site the run reaches with many different values (a loop
/// passing its counter): what stays the same is kept, what varies is
/// unknown with its range, and the count is the sum.
InterpretedLaunch mergeContexts(std::vector<InterpretedLaunch> &Contexts) {
  InterpretedLaunch Merged = Contexts.front();
  LaunchSpec &M = Merged.Spec;
  size_t N = Contexts.size();
  // What: the value's name (dim, smem or argument) in the note.
  auto mergeOne = [&](std::optional<Rational> &Field, FindingData What,
                      auto Get) {
    std::vector<Rational> Values;
    bool Same = true, AllKnown = true;
    for (InterpretedLaunch &C : Contexts) {
      std::optional<Rational> V = Get(C.Spec);
      if (!V) {
        AllKnown = false;
        continue;
      }
      Values.push_back(*V);
      Same &= !Field || *V == *Field;
    }
    if (Same && AllKnown)
      return;
    Field.reset();
    if (!Values.empty())
      addRange(What, Values);
    What["contexts"] = double(N);
    M.Notes.push_back(note(NoteId::ContextsVary, std::move(What)));
  };
  const char *Dims[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    mergeOne(M.Grid[D], {{"dim", std::string("grid.") + Dims[D]}},
             [&](const LaunchSpec &S) { return S.Grid[D]; });
    mergeOne(M.Block[D], {{"dim", std::string("block.") + Dims[D]}},
             [&](const LaunchSpec &S) { return S.Block[D]; });
  }
  mergeOne(M.DynamicSmem, {{"smem", 1.0}},
           [](const LaunchSpec &S) { return S.DynamicSmem; });
  std::map<std::string, Rational> Args;
  for (const auto &[Name, Value] : M.Args) {
    std::optional<Rational> Field = Value;
    mergeOne(Field, {{"argument", Name}},
             [&, Name = Name](const LaunchSpec &S) -> std::optional<Rational> {
               auto It = S.Args.find(Name);
               if (It == S.Args.end())
                 return std::nullopt;
               return It->second;
             });
    if (Field)
      Args[Name] = *Field;
  }
  M.Args = Args;
  // A buffer's size bounds each context's footprint: the largest bounds
  // them all; one a context does not know bounds none.
  for (auto It = M.AllocatedBytes.begin(); It != M.AllocatedBytes.end();) {
    bool InAll = true;
    for (InterpretedLaunch &C : Contexts) {
      auto Own = C.Spec.AllocatedBytes.find(It->first);
      if (Own == C.Spec.AllocatedBytes.end()) {
        InAll = false;
        break;
      }
      if (It->second < Own->second)
        It->second = Own->second;
    }
    It = InAll ? std::next(It) : M.AllocatedBytes.erase(It);
  }
  // A pointer is null for the merged entry only where every context
  // passes null.
  for (InterpretedLaunch &C : Contexts)
    for (auto It = M.NullPointerArgs.begin(); It != M.NullPointerArgs.end();)
      It = C.Spec.NullPointerArgs.count(*It) ? std::next(It)
                                             : M.NullPointerArgs.erase(It);
  // Host memory for the merged entry only where every context passes it.
  for (InterpretedLaunch &C : Contexts)
    for (auto It = M.HostMemoryArgs.begin(); It != M.HostMemoryArgs.end();)
      It = C.Spec.HostMemoryArgs.count(*It) ? std::next(It)
                                            : M.HostMemoryArgs.erase(It);
  // The calls all contexts share, outermost first.
  size_t Common = M.CallChain.size();
  for (InterpretedLaunch &C : Contexts) {
    size_t I = 0;
    while (I < Common && I < C.Spec.CallChain.size() &&
           C.Spec.CallChain[I] == M.CallChain[I])
      ++I;
    Common = I;
  }
  M.CallChain.resize(Common);
  std::optional<Rational> Count = Rational(0);
  for (InterpretedLaunch &C : Contexts)
    Count = Count && C.Spec.LaunchCount
                ? std::optional<Rational>(*Count + *C.Spec.LaunchCount)
                : std::nullopt;
  M.LaunchCount = Count;
  for (InterpretedLaunch &C : Contexts) {
    M.Contexts.push_back(C.Spec);
    M.Contexts.back().Contexts.clear();
  }
  return Merged;
}

/// How many branches the program does not take lead to the launch.
size_t untakenBranches(const InterpretedLaunch &L) {
  return llvm::count_if(L.Spec.Notes, isNotRunNote);
}

} // namespace

/// A site with too many contexts keeps those that the fewest untaken
/// branches reach: a kernel the run skips (`reduce<double>` when `datatype`
/// is float) is shown as the nearest run would launch it, not as a merge of
/// that run with a benchmark sweep behind one more flag.
void keepNearestContexts(std::vector<InterpretedLaunch> &Contexts) {
  size_t Fewest = untakenBranches(Contexts.front());
  for (const InterpretedLaunch &L : Contexts)
    Fewest = std::min(Fewest, untakenBranches(L));
  size_t Before = Contexts.size();
  llvm::erase_if(Contexts, [&](const InterpretedLaunch &L) {
    return untakenBranches(L) > Fewest;
  });
  size_t Dropped = Before - Contexts.size();
  if (!Dropped)
    return;
  for (InterpretedLaunch &L : Contexts)
    L.Spec.Notes.push_back(
        note(NoteId::ContextsNotShown, {{"dropped", double(Dropped)}}));
}

namespace {

/// The branches not taken that lead to the launch, as one key.
std::string untakenKey(const InterpretedLaunch &L) {
  std::string Key;
  for (const Note &N : L.Spec.Notes)
    if (isNotRunNote(N))
      Key += noteKey(N) + "\n";
  return Key;
}

/// Threads of a launch, 0 when a size is not known.
Rational threadsOf(const LaunchSpec &S) {
  Rational N(1);
  for (unsigned D = 0; D < 3; ++D) {
    if (!S.Grid[D] || !S.Block[D])
      return Rational(0);
    N = N * *S.Grid[D] * *S.Block[D];
  }
  return N;
}

/// A sweep the program does not run (count 0 in every context) as its
/// largest context, with the range it spans: what the kernel costs at the
/// sweep's top, not a merge whose sizes are all unknown.
InterpretedLaunch largestOfSweep(std::vector<InterpretedLaunch> &Contexts) {
  InterpretedLaunch Merged = mergeContexts(Contexts);
  size_t Best = 0;
  for (size_t I = 1; I < Contexts.size(); ++I)
    if (threadsOf(Contexts[Best].Spec) < threadsOf(Contexts[I].Spec))
      Best = I;
  InterpretedLaunch Largest = Contexts[Best];
  if (threadsOf(Largest.Spec) == Rational(0))
    return Merged;
  Largest.Spec.Notes.push_back(
      note(NoteId::LargestOfSweep, {{"contexts", double(Contexts.size())}}));
  for (const Note &N : Merged.Spec.Notes)
    if (N.Id == NoteId::ContextsVary)
      Largest.Spec.Notes.push_back(note(NoteId::OverTheSweep, {}, {N}));
  return Largest;
}

/// Whether no context of a site's group is run by the program.
bool notRun(const std::vector<InterpretedLaunch> &Contexts) {
  return llvm::all_of(Contexts, [](const InterpretedLaunch &L) {
    return L.Spec.LaunchCount && *L.Spec.LaunchCount == Rational(0);
  });
}

} // namespace

/// The entries of one site. Over MaxContextsPerSite contexts, the contexts
/// behind the same branches not taken (one sweep) become one entry, so that
/// a run the program could make next to a sweep stays exact; with more such
/// groups than entries allowed, the site is one entry.
std::vector<InterpretedLaunch>
mergeSweeps(std::vector<InterpretedLaunch> &Contexts) {
  if (Contexts.size() <= MaxContextsPerSite)
    return std::move(Contexts);
  std::vector<std::string> Order;
  std::map<std::string, std::vector<InterpretedLaunch>> Groups;
  for (const InterpretedLaunch &L : Contexts) {
    std::string Key = untakenKey(L);
    if (!Groups.count(Key))
      Order.push_back(Key);
    Groups[Key].push_back(L);
  }
  if (Order.size() == 1 || Order.size() > MaxContextsPerSite)
    return {notRun(Contexts) ? largestOfSweep(Contexts)
                             : mergeContexts(Contexts)};
  // Each group one entry; then the smallest groups shown context by
  // context while the site stays within MaxContextsPerSite entries.
  std::vector<const std::string *> BySize;
  for (const std::string &Key : Order)
    BySize.push_back(&Key);
  llvm::stable_sort(BySize, [&](const std::string *A, const std::string *B) {
    return Groups[*A].size() < Groups[*B].size();
  });
  std::set<std::string> Expanded;
  size_t Count = Order.size();
  for (const std::string *Key : BySize) {
    size_t Size = Groups[*Key].size();
    if (Count - 1 + Size > MaxContextsPerSite)
      break;
    Count += Size - 1;
    Expanded.insert(*Key);
  }
  std::vector<InterpretedLaunch> Entries;
  for (const std::string &Key : Order) {
    std::vector<InterpretedLaunch> &Group = Groups[Key];
    if (!Expanded.count(Key)) {
      Entries.push_back(notRun(Group) ? largestOfSweep(Group)
                                      : mergeContexts(Group));
      continue;
    }
    for (InterpretedLaunch &L : Group)
      Entries.push_back(std::move(L));
  }
  return Entries;
}

} // namespace interp
} // namespace rla
