//===- GetoptParse.cpp ----------------------------------------------------===//
#include "analyzer/support/GetoptParse.h"

namespace rla {
namespace {

/// How a short option takes an argument: 0 none, 1 required, 2 optional
/// (`c::`); -1 when it is not an option of Spec.
int shortArgument(const std::string &Spec, char C) {
  if (C == ':')
    return -1;
  size_t At = Spec.find(C);
  if (At == std::string::npos)
    return -1;
  if (At + 1 < Spec.size() && Spec[At + 1] == ':')
    return At + 2 < Spec.size() && Spec[At + 2] == ':' ? 2 : 1;
  return 0;
}

} // namespace

ParsedCommandLine parseCommandLine(const std::vector<std::string> &Argv,
                                   const std::string &ShortOptions,
                                   const std::vector<LongOption> &Long) {
  ParsedCommandLine R;
  std::string Spec = ShortOptions;
  bool StopAtOperand = false;
  // Leading '+' (POSIX order) and ':' (quiet errors) are modes, not options.
  while (!Spec.empty() &&
         (Spec[0] == '+' || Spec[0] == ':' || Spec[0] == '-')) {
    StopAtOperand |= Spec[0] == '+';
    Spec.erase(0, 1);
  }
  std::vector<std::string> OptionWords, Operands;
  size_t I = 1;
  // A required argument is the next word (`-s 256`, `--size 256`); '?' when
  // there is none.
  auto takeNextWord = [&](ParsedOption &P) {
    if (I + 1 < Argv.size()) {
      P.Arg = Argv[++I];
      OptionWords.push_back(*P.Arg);
    } else {
      P.Returned = '?';
    }
  };
  for (; I < Argv.size(); ++I) {
    const std::string &A = Argv[I];
    if (A == "--") {
      OptionWords.push_back(A);
      ++I;
      break;
    }
    if (A.size() < 2 || A[0] != '-') {
      if (StopAtOperand)
        break;
      Operands.push_back(A);
      continue;
    }
    OptionWords.push_back(A);
    if (A[1] == '-') {
      // --name, --name=value, --name value.
      std::string Name = A.substr(2), Value;
      size_t Eq = Name.find('=');
      bool HasValue = Eq != std::string::npos;
      if (HasValue) {
        Value = Name.substr(Eq + 1);
        Name.resize(Eq);
      }
      int Found = -1;
      for (size_t L = 0; L < Long.size(); ++L)
        if (Long[L].Name == Name)
          Found = int(L);
      if (Found < 0) {
        R.Options.push_back({'?', std::nullopt, -1});
        continue;
      }
      const LongOption &L = Long[Found];
      ParsedOption P{L.SetsFlag ? 0 : L.Val, std::nullopt, Found};
      if (HasValue && L.HasArg == 0) {
        P.Returned = '?';
      } else if (HasValue) {
        P.Arg = Value;
      } else if (L.HasArg == 1) {
        takeNextWord(P);
      }
      R.Options.push_back(P);
      continue;
    }
    // -abc, -s256, -s 256.
    for (size_t J = 1; J < A.size(); ++J) {
      int Kind = shortArgument(Spec, A[J]);
      if (Kind < 0) {
        R.Options.push_back({'?', std::nullopt, -1});
        continue;
      }
      ParsedOption P{static_cast<unsigned char>(A[J]), std::nullopt, -1};
      if (Kind > 0 && J + 1 < A.size()) {
        P.Arg = A.substr(J + 1);
        R.Options.push_back(P);
        break;
      }
      if (Kind == 1)
        takeNextWord(P);
      R.Options.push_back(P);
    }
  }
  for (; I < Argv.size(); ++I)
    Operands.push_back(Argv[I]);
  R.Argv.push_back(Argv.empty() ? std::string() : Argv[0]);
  R.Argv.insert(R.Argv.end(), OptionWords.begin(), OptionWords.end());
  R.Optind = int(R.Argv.size());
  R.Argv.insert(R.Argv.end(), Operands.begin(), Operands.end());
  return R;
}

} // namespace rla
