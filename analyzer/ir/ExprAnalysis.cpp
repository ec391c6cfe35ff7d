//===- ExprAnalysis.cpp - Queries and transformations of Expr -------------===//
///
/// \file
/// Symbol queries, substitution, polynomial coefficients, closed-form sums
/// and exact evaluation. Atom values are computed by foldAtom, so folding at
/// construction and evaluation under bindings agree by construction.
//===----------------------------------------------------------------------===//
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/ExprNode.h"

#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>

namespace rla {

namespace {

using I128 = __int128;
using U128 = unsigned __int128;

/// floor(log2(V)) for V >= 1.
int bitLength(I128 V) {
  U128 U = static_cast<U128>(V);
  uint64_t High = static_cast<uint64_t>(U >> 64);
  uint64_t Low = static_cast<uint64_t>(U);
  if (High != 0)
    return 64 + 63 - __builtin_clzll(High);
  return 63 - __builtin_clzll(Low);
}

int popcount128(I128 V) {
  U128 U = static_cast<U128>(V);
  return __builtin_popcountll(static_cast<uint64_t>(U >> 64)) +
         __builtin_popcountll(static_cast<uint64_t>(U));
}

Rational integer(I128 V) { return Rational(V, 1); }

void collectSymbols(const Expr &E, std::set<std::string> &Out) {
  for (const auto &Term : ExprBuilder::terms(E)) {
    for (const Factor &F : Term.first) {
      if (F.A->Kind == AtomKind::Symbol)
        Out.insert(F.A->Name);
      if (F.A->Kind == AtomKind::Sum) {
        // The bound variable is not free in the sum.
        collectSymbols(F.A->Operands[0], Out);
        collectSymbols(F.A->Operands[1], Out);
        std::set<std::string> Body;
        collectSymbols(F.A->Operands[2], Body);
        Body.erase(F.A->Name);
        Out.insert(Body.begin(), Body.end());
        continue;
      }
      for (const Expr &Op : F.A->Operands)
        collectSymbols(Op, Out);
    }
  }
}

bool mentions(const Expr &E, const std::map<std::string, Expr> &Names);

bool atomMentions(const Atom &A, const std::map<std::string, Expr> &Names) {
  if (A.Kind == AtomKind::Symbol)
    return Names.count(A.Name) != 0;
  if (A.Kind == AtomKind::Sum) {
    if (mentions(A.Operands[0], Names) || mentions(A.Operands[1], Names))
      return true;
    std::map<std::string, Expr> Free = Names;
    Free.erase(A.Name);
    return !Free.empty() && mentions(A.Operands[2], Free);
  }
  for (const Expr &Op : A.Operands)
    if (mentions(Op, Names))
      return true;
  return false;
}

bool mentions(const Expr &E, const std::map<std::string, Expr> &Names) {
  for (const auto &Term : ExprBuilder::terms(E))
    for (const Factor &F : Term.first)
      if (atomMentions(*F.A, Names))
        return true;
  return false;
}

Expr power(const Expr &E, unsigned N) {
  Expr R(1);
  for (unsigned I = 0; I < N; ++I)
    R = R * E;
  return R;
}

/// Coefficients of S_k(m) = sum_{j=0}^{m-1} j^k as a polynomial in m, lowest
/// power first (Faulhaber's formula, S_k(m) = 1/(k+1) sum_j C(k+1, j) B_j
/// m^(k+1-j) with the Bernoulli numbers B_1 = -1/2), for k <= MaxSumDegree.
/// Computed once; the numbers stay small (B_8 = -1/30).
const std::vector<Rational> &faulhaber(unsigned K) {
  static const std::vector<std::vector<Rational>> Table = [] {
    const unsigned N = Expr::MaxSumDegree + 1;
    std::vector<std::vector<Rational>> Binomial(N + 1);
    for (unsigned I = 0; I <= N; ++I) {
      Binomial[I].assign(I + 1, Rational(1));
      for (unsigned J = 1; J < I; ++J)
        Binomial[I][J] = Binomial[I - 1][J - 1] + Binomial[I - 1][J];
    }
    std::vector<Rational> B(N, Rational(0));
    B[0] = Rational(1);
    for (unsigned M = 1; M < N; ++M) {
      Rational Acc;
      for (unsigned J = 0; J < M; ++J)
        Acc = Acc + Binomial[M + 1][J] * B[J];
      B[M] = -Acc / Rational(int64_t(M + 1));
    }
    std::vector<std::vector<Rational>> Out;
    for (unsigned Deg = 0; Deg < N; ++Deg) {
      std::vector<Rational> C(Deg + 2, Rational(0));
      for (unsigned J = 0; J <= Deg; ++J)
        C[Deg + 1 - J] =
            Binomial[Deg + 1][J] * B[J] / Rational(int64_t(Deg + 1));
      Out.push_back(std::move(C));
    }
    return Out;
  }();
  return Table[K];
}

/// What the evaluations of one expression share inside sums without a
/// closed form: the sum variables bound so far, outermost first, and the
/// values of atoms that depend on only some of them. A term of
/// `sum(b, sum(t, f(t) * g(b, t)))` then computes f(t) once per t, not once
/// per (b, t): the sums of a launch over blocks and threads add up hundreds
/// of thousands of terms, most of whose atoms repeat.
struct SumMemo {
  /// The sum atoms' variable names (owned by the atoms) and values.
  std::vector<std::pair<const std::string *, I128>> Bound;
  using AtomName = std::pair<const Atom *, const std::string *>;
  using AtomPoint = std::pair<const Atom *, std::vector<I128>>;
  struct Hash {
    size_t operator()(const AtomName &K) const {
      return std::hash<const void *>()(K.first) * 31 ^
             std::hash<const void *>()(K.second);
    }
    size_t operator()(const AtomPoint &K) const {
      size_t H = std::hash<const void *>()(K.first);
      for (I128 V : K.second)
        H = H * 1000003 ^ std::hash<uint64_t>()(static_cast<uint64_t>(V)) ^
            std::hash<uint64_t>()(static_cast<uint64_t>(V >> 64));
      return H;
    }
  };
  std::unordered_map<AtomName, bool, Hash> Depends;
  std::unordered_map<AtomPoint, Rational, Hash> Values;
};

/// Evaluates Expr trees while accumulating unbound symbols and error flags;
/// keeps going after a failure so that every unbound symbol is reported.
class Evaluator {
public:
  /// Budget: the sum terms this evaluation may still add up, shared with
  /// the evaluations of nested sum bodies.
  Evaluator(const Bindings &Values, EvalResult &Result, int64_t &Budget,
            SumMemo &Memo)
      : Values(Values), Result(Result), Budget(Budget), Memo(Memo) {}

  std::optional<Rational> eval(const Expr &E) {
    Rational Sum;
    bool Complete = true;
    for (const auto &[M, C] : ExprBuilder::terms(E)) {
      Rational Product = C;
      for (const Factor &F : M) {
        std::optional<Rational> V = evalMemoized(*F.A);
        if (!V) {
          Complete = false;
          continue;
        }
        for (unsigned I = 0; I < F.Power && !Product.overflowed(); ++I)
          Product = Product * *V;
      }
      Sum = Sum + Product;
    }
    if (Sum.overflowed())
      Result.Overflow = true;
    if (!Complete || Sum.overflowed())
      return std::nullopt;
    return Sum;
  }

private:
  /// Inside a sum, an atom that does not depend on every bound sum variable
  /// is looked up by the values of those it depends on. Only values are
  /// kept: a failure is evaluated again, so that it is reported.
  std::optional<Rational> evalMemoized(const Atom &A) {
    if (Memo.Bound.empty() || A.Kind == AtomKind::Symbol)
      return evalAtom(A);
    std::vector<I128> Key;
    bool All = true;
    for (const auto &[Name, Value] : Memo.Bound) {
      auto [It, New] = Memo.Depends.try_emplace({&A, Name}, false);
      if (New)
        It->second = atomMentions(A, {{*Name, Expr()}});
      if (It->second)
        Key.push_back(Value);
      else
        All = false;
    }
    if (All)
      return evalAtom(A);
    auto Found = Memo.Values.find({&A, Key});
    if (Found != Memo.Values.end())
      return Found->second;
    EvalResult Own;
    std::optional<Rational> V =
        Evaluator(Values, Own, Budget, Memo).evalAtom(A);
    Result.Unbound.insert(Own.Unbound.begin(), Own.Unbound.end());
    Result.Overflow |= Own.Overflow;
    Result.DomainError |= Own.DomainError;
    Result.OverBudget |= Own.OverBudget;
    if (V && Own.Unbound.empty() && !Own.Overflow && !Own.DomainError)
      Memo.Values.emplace(std::make_pair(&A, std::move(Key)), *V);
    return V;
  }

  std::optional<Rational> evalAtom(const Atom &A) {
    if (A.Kind == AtomKind::Symbol) {
      auto It = Values.find(A.Name);
      if (It == Values.end()) {
        Result.Unbound.insert(A.Name);
        return std::nullopt;
      }
      if (It->second.overflowed()) {
        Result.Overflow = true;
        return std::nullopt;
      }
      return It->second;
    }
    if (A.Kind == AtomKind::Sum)
      return evalSum(A);
    std::vector<Rational> Ops;
    bool Complete = true;
    for (const Expr &Op : A.Operands) {
      std::optional<Rational> V = eval(Op);
      if (V)
        Ops.push_back(*V);
      else
        Complete = false;
    }
    if (!Complete)
      return std::nullopt;
    return foldAtom(A.Kind, Ops, Result.DomainError, Result.Overflow);
  }

  /// Adds the terms one by one: the body had no closed form.
  std::optional<Rational> evalSum(const Atom &A) {
    std::optional<Rational> Lo = eval(A.Operands[0]);
    std::optional<Rational> Hi = eval(A.Operands[1]);
    if (!Lo || !Hi)
      return std::nullopt;
    if (!Lo->isInteger() || !Hi->isInteger()) {
      Result.DomainError = true;
      return std::nullopt;
    }
    // Every term counts against the one budget, so that nested sums
    // without a closed form (their terms multiply) cannot run for hours.
    if (Hi->num() - Lo->num() > Budget) {
      Result.DomainError = true;
      Result.OverBudget = true;
      return std::nullopt;
    }
    if (Hi->num() > Lo->num())
      Budget -= static_cast<int64_t>(Hi->num() - Lo->num());
    // The same long sum recurs across the formulas of a launch (FLOPs,
    // bytes, loads, each access's count): its value is kept by its text
    // and the values of its free symbols. The budget is charged as if it
    // were added up again, so that a result never depends on what was
    // evaluated before.
    std::string Key;
    if (Memo.Bound.empty() && Hi->num() - Lo->num() >= MinCachedTerms) {
      Key = sumKey(A, *Lo, *Hi);
      auto &Cache = longSums();
      if (auto It = Cache.find(Key); It != Cache.end()) {
        if (It->second.InnerTerms > Budget) {
          Result.DomainError = true;
          Result.OverBudget = true;
          return std::nullopt;
        }
        Budget -= It->second.InnerTerms;
        return It->second.Value;
      }
    }
    const int64_t Before = Budget;
    std::optional<Rational> Total = addTerms(A, *Lo, *Hi);
    if (Total && !Key.empty()) {
      auto &Cache = longSums();
      if (Cache.size() >= MaxCachedSums)
        Cache.clear();
      Cache.emplace(std::move(Key), CachedSum{*Total, Before - Budget});
    }
    return Total;
  }

  /// Shorter sums are added up again (their text costs about as much).
  static constexpr I128 MinCachedTerms = 16;
  static constexpr size_t MaxCachedSums = 4096;

  /// A sum's value and the terms its nested sums added up.
  struct CachedSum {
    Rational Value;
    int64_t InnerTerms = 0;
  };
  static std::unordered_map<std::string, CachedSum> &longSums() {
    thread_local std::unordered_map<std::string, CachedSum> Cache;
    return Cache;
  }

  std::string sumKey(const Atom &A, const Rational &Lo, const Rational &Hi) {
    std::string Key =
        A.Name + "=" + Lo.str() + ".." + Hi.str() + ":" + A.Operands[2].str();
    std::set<std::string> Free;
    collectSymbols(A.Operands[2], Free);
    Free.erase(A.Name);
    for (const std::string &S : Free) {
      auto It = Values.find(S);
      Key += "|" + S + "=" + (It == Values.end() ? "?" : It->second.str());
    }
    return Key;
  }

  std::optional<Rational> addTerms(const Atom &A, const Rational &Lo,
                                   const Rational &Hi) {
    Bindings Local = Values;
    Rational &Current = Local[A.Name];
    Memo.Bound.push_back({&A.Name, 0});
    struct Pop {
      SumMemo &M;
      ~Pop() { M.Bound.pop_back(); }
    } PopOnExit{Memo};
    Rational Total;
    for (I128 T = Lo.num(); T < Hi.num(); ++T) {
      Current = Rational(T, 1);
      Memo.Bound.back().second = T;
      EvalResult Term;
      std::optional<Rational> Value =
          Evaluator(Local, Term, Budget, Memo).eval(A.Operands[2]);
      Result.Unbound.insert(Term.Unbound.begin(), Term.Unbound.end());
      Result.Overflow |= Term.Overflow;
      Result.DomainError |= Term.DomainError;
      Result.OverBudget |= Term.OverBudget;
      if (!Value || !Term.Unbound.empty() || Term.Overflow || Term.DomainError)
        return std::nullopt;
      Total = Total + *Value;
      if (Total.overflowed()) {
        Result.Overflow = true;
        return std::nullopt;
      }
    }
    return Total;
  }

  const Bindings &Values;
  EvalResult &Result;
  int64_t &Budget;
  SumMemo &Memo;
};

} // namespace

std::optional<Rational> foldAtom(AtomKind Kind,
                                 const std::vector<Rational> &Ops,
                                 bool &DomainError, bool &Overflow) {
  for (const Rational &R : Ops) {
    if (R.overflowed()) {
      Overflow = true;
      return std::nullopt;
    }
  }
  auto Checked = [&](const Rational &R) -> std::optional<Rational> {
    if (R.overflowed()) {
      Overflow = true;
      return std::nullopt;
    }
    return R;
  };
  auto Domain = [&]() -> std::optional<Rational> {
    DomainError = true;
    return std::nullopt;
  };
  switch (Kind) {
  case AtomKind::Symbol:
  case AtomKind::Sum: // evaluated term by term, never folded here
    return std::nullopt;
  case AtomKind::FloorDiv:
  case AtomKind::CeilDiv:
  case AtomKind::Mod: {
    if (Ops[1].isZero())
      return Domain();
    Rational Q = Ops[0] / Ops[1];
    if (Q.overflowed())
      return Checked(Q);
    if (Kind == AtomKind::CeilDiv)
      return integer(Q.ceil());
    Rational Floor = integer(Q.floor());
    if (Kind == AtomKind::FloorDiv)
      return Floor;
    return Checked(Ops[0] - Ops[1] * Floor);
  }
  case AtomKind::Min:
    return Ops[1] < Ops[0] ? Ops[1] : Ops[0];
  case AtomKind::Max:
    return Ops[0] < Ops[1] ? Ops[1] : Ops[0];
  case AtomKind::Log2Floor:
    if (!Ops[0].isInteger())
      return Domain();
    if (Ops[0].num() <= 0)
      return Rational(-1);
    return Rational(bitLength(Ops[0].num()));
  case AtomKind::Log2Ceil:
    if (!Ops[0].isInteger())
      return Domain();
    if (Ops[0].num() <= 1)
      return Rational(0);
    return Rational(bitLength(Ops[0].num() - 1) + 1);
  case AtomKind::Popcount:
    if (!Ops[0].isInteger() || Ops[0].isNegative())
      return Domain();
    return Rational(popcount128(Ops[0].num()));
  case AtomKind::Pow2:
    if (!Ops[0].isInteger() || Ops[0].isNegative())
      return Domain();
    if (Ops[0].num() >= 127) {
      Overflow = true;
      return std::nullopt;
    }
    return integer(static_cast<I128>(1) << static_cast<int>(Ops[0].num()));
  }
  return std::nullopt;
}

std::set<std::string> Expr::symbols() const {
  std::set<std::string> Out;
  collectSymbols(*this, Out);
  return Out;
}

bool Expr::dependsOn(const std::string &Symbol) const {
  return mentions(*this, {{Symbol, Expr()}});
}

Expr Expr::substitute(const std::string &Symbol, const Expr &Value) const {
  return substitute(std::map<std::string, Expr>{{Symbol, Value}});
}

/// E with every atom replaced by Rewrite(atom), re-simplified; the shared
/// walk of substitute() and resolveMinMax().
static Expr rewriteAtoms(const Expr &E,
                         const std::function<Expr(const AtomRef &)> &Rewrite) {
  Expr Sum;
  for (const auto &[M, C] : ExprBuilder::terms(E)) {
    Expr Product(C);
    for (const Factor &F : M)
      Product = Product * power(Rewrite(F.A), F.Power);
    Sum = Sum + Product;
  }
  return Sum;
}

Expr Expr::substitute(const std::map<std::string, Expr> &Values) const {
  if (!mentions(*this, Values))
    return *this;
  return rewriteAtoms(*this, [&](const AtomRef &Ref) {
    const Atom &A = *Ref;
    if (A.Kind == AtomKind::Symbol) {
      auto It = Values.find(A.Name);
      return It != Values.end() ? It->second : ExprBuilder::fromAtom(Ref);
    }
    if (A.Kind == AtomKind::Sum) {
      std::map<std::string, Expr> Free = Values;
      Free.erase(A.Name);
      return Expr::sum(A.Name, A.Operands[0].substitute(Values),
                       A.Operands[1].substitute(Values),
                       A.Operands[2].substitute(Free));
    }
    if (std::none_of(A.Operands.begin(), A.Operands.end(),
                     [&](const Expr &Op) { return mentions(Op, Values); }))
      return ExprBuilder::fromAtom(Ref);
    std::vector<Expr> Ops;
    for (const Expr &Op : A.Operands)
      Ops.push_back(Op.substitute(Values));
    return ExprBuilder::rebuild(A.Kind, Ops);
  });
}

/// Calls Visit on every atom of E, also inside other atoms' operands.
static void forEachAtom(const Expr &E,
                        const std::function<void(const Atom &)> &Visit) {
  for (const auto &[M, C] : ExprBuilder::terms(E))
    for (const Factor &F : M) {
      Visit(*F.A);
      for (const Expr &Op : F.A->Operands)
        forEachAtom(Op, Visit);
    }
}

/// K when Dividend is K * Symbol with K a positive integer (1 for the
/// symbol itself), and Divisor a positive integer multiple of K: then
/// floor(K * s / d) == floor(s / (d / K)) and K * s % d == K * (s % (d / K)),
/// which is how `(8 * blockIdx.x) / 256` decomposes the block index.
static std::optional<int64_t> scaleOfDividend(const Expr &Dividend,
                                              const Expr &Divisor,
                                              const std::string &Symbol) {
  auto D = Divisor.asConstant();
  if (!D || !D->isInteger() || D->num() <= 0 || D->num() >= (__int128(1) << 40))
    return std::nullopt;
  if (Dividend == Expr::symbol(Symbol))
    return 1;
  auto C = Dividend.coefficientsIn(Symbol);
  if (!C || C->size() != 2 || !(*C)[0].isZero() || !(*C)[1].isConstant())
    return std::nullopt;
  auto K = (*C)[1].asConstant();
  if (!K->isInteger() || K->num() <= 1 || D->num() % K->num() != 0)
    return std::nullopt;
  return static_cast<int64_t>(K->num());
}

std::vector<int64_t> Expr::divisorsOf(const std::string &Symbol) const {
  std::set<int64_t> Found;
  forEachAtom(*this, [&](const Atom &A) {
    if ((A.Kind != AtomKind::FloorDiv && A.Kind != AtomKind::Mod) ||
        A.Operands.size() != 2)
      return;
    auto K = scaleOfDividend(A.Operands[0], A.Operands[1], Symbol);
    if (!K)
      return;
    int64_t C = static_cast<int64_t>(A.Operands[1].asConstant()->num()) / *K;
    if (C > 1)
      Found.insert(C);
  });
  return {Found.begin(), Found.end()};
}

Expr Expr::splitIndex(const std::string &Symbol, int64_t C,
                      const std::string &HiName,
                      const std::string &LoName) const {
  Expr S = Expr::symbol(Symbol);
  Expr Hi = Expr::symbol(HiName), Lo = Expr::symbol(LoName);
  Expr Whole = Expr(C) * Hi + Lo;
  if (!dependsOn(Symbol))
    return *this;
  return rewriteAtoms(*this, [&](const AtomRef &Ref) {
    const Atom &A = *Ref;
    if (A.Kind == AtomKind::Symbol)
      return A.Name == Symbol ? Whole : ExprBuilder::fromAtom(Ref);
    if ((A.Kind == AtomKind::FloorDiv || A.Kind == AtomKind::Mod) &&
        A.Operands.size() == 2)
      if (auto Scale = scaleOfDividend(A.Operands[0], A.Operands[1], Symbol)) {
        int64_t Div =
            static_cast<int64_t>(A.Operands[1].asConstant()->num()) / *Scale;
        bool Floor = A.Kind == AtomKind::FloorDiv;
        Expr Times(*Scale); // a remainder of K * x keeps the factor K
        if (Div % C == 0) {
          // floor(x / kC) == floor(Hi / k); x % kC == C * (Hi % k) + Lo.
          Expr K(Div / C);
          return Floor ? Expr::floorDiv(Hi, K)
                       : Times * (Expr(C) * Expr::mod(Hi, K) + Lo);
        }
        if (C % Div == 0) {
          // floor(x / d) == (C/d) * Hi + floor(Lo / d); x % d == Lo % d.
          Expr Dv(Div);
          return Floor ? Expr(C / Div) * Hi + Expr::floorDiv(Lo, Dv)
                       : Times * Expr::mod(Lo, Dv);
        }
      }
    if (A.Kind == AtomKind::Sum)
      return Expr::sum(A.Name,
                       A.Operands[0].splitIndex(Symbol, C, HiName, LoName),
                       A.Operands[1].splitIndex(Symbol, C, HiName, LoName),
                       A.Operands[2].splitIndex(Symbol, C, HiName, LoName));
    std::vector<Expr> Ops;
    for (const Expr &Op : A.Operands)
      Ops.push_back(Op.splitIndex(Symbol, C, HiName, LoName));
    return ExprBuilder::rebuild(A.Kind, Ops);
  });
}

std::optional<DivForm> Expr::asFloorDivPlus() const {
  std::optional<DivForm> Out;
  TermMap Rest;
  for (const auto &[M, C] : ExprBuilder::terms(*this)) {
    if (M.size() == 1 && M[0].Power == 1 &&
        M[0].A->Kind == AtomKind::FloorDiv) {
      auto Divisor = M[0].A->Operands[1].asConstant();
      if (Divisor && !Out) {
        Out = DivForm{M[0].A->Operands[0], *Divisor, C, Expr()};
        continue;
      }
    }
    Rest.emplace(M, C);
  }
  if (Out)
    Out->Rest = ExprBuilder::fromTerms(std::move(Rest));
  return Out;
}

std::optional<ModForm> Expr::asModPlusConstant() const {
  std::optional<ModForm> Out;
  Rational Offset;
  for (const auto &[M, C] : ExprBuilder::terms(*this)) {
    if (M.empty()) {
      Offset = C;
      continue;
    }
    if (Out || M.size() != 1 || M[0].Power != 1 || C != Rational(1) ||
        M[0].A->Kind != AtomKind::Mod)
      return std::nullopt;
    auto Divisor = M[0].A->Operands[1].asConstant();
    Out = ModForm{M[0].A->Operands[0], Divisor.value_or(Rational()),
                  Rational()};
    if (!Divisor)
      Out->SymbolicDivisor = M[0].A->Operands[1];
  }
  if (Out)
    Out->Offset = Offset;
  return Out;
}

std::optional<ModForm> Expr::asModPlus() const {
  std::optional<ModForm> Out;
  TermMap Rest;
  for (const auto &[M, C] : ExprBuilder::terms(*this)) {
    if (!Out && M.size() == 1 && M[0].Power == 1 && C == Rational(1) &&
        M[0].A->Kind == AtomKind::Mod) {
      auto Divisor = M[0].A->Operands[1].asConstant();
      Out = ModForm{M[0].A->Operands[0], Divisor.value_or(Rational()),
                    Rational()};
      if (!Divisor)
        Out->SymbolicDivisor = M[0].A->Operands[1];
      continue;
    }
    Rest.emplace(M, C);
  }
  if (Out)
    Out->Rest = ExprBuilder::fromTerms(std::move(Rest));
  return Out;
}

Expr Expr::resolveMinMax(const Bindings &Values) const {
  return rewriteAtoms(*this, [&](const AtomRef &Ref) {
    const Atom &A = *Ref;
    if (A.Kind == AtomKind::Symbol)
      return ExprBuilder::fromAtom(Ref);
    if (A.Kind == AtomKind::Sum) // min/max in the body use the bound variable
      return Expr::sum(A.Name, A.Operands[0].resolveMinMax(Values),
                       A.Operands[1].resolveMinMax(Values), A.Operands[2]);
    std::vector<Expr> Ops;
    for (const Expr &Op : A.Operands)
      Ops.push_back(Op.resolveMinMax(Values));
    if (A.Kind == AtomKind::Min || A.Kind == AtomKind::Max) {
      EvalResult X = Ops[0].evaluate(Values), Y = Ops[1].evaluate(Values);
      if (X.ok() && Y.ok()) {
        bool TakeFirst;
        if (*X.Value == *Y.Value) // a tie: keep the simpler formula
          TakeFirst = Ops[0].symbols().size() < Ops[1].symbols().size() ||
                      (Ops[0].symbols().size() == Ops[1].symbols().size() &&
                       Ops[0].str().size() <= Ops[1].str().size());
        else
          TakeFirst = (A.Kind == AtomKind::Min) == (*X.Value < *Y.Value);
        return TakeFirst ? Ops[0] : Ops[1];
      }
    }
    return ExprBuilder::rebuild(A.Kind, Ops);
  });
}

Expr Expr::dropExactRemainders(
    const std::function<std::optional<std::pair<int64_t, int64_t>>(
        const Expr &)> &Range) const {
  return rewriteAtoms(*this, [&](const AtomRef &Ref) {
    const Atom &A = *Ref;
    if (A.Kind == AtomKind::Symbol || A.Kind == AtomKind::Sum)
      return ExprBuilder::fromAtom(Ref);
    std::vector<Expr> Ops;
    for (const Expr &Op : A.Operands)
      Ops.push_back(Op.dropExactRemainders(Range));
    if (A.Kind == AtomKind::Mod)
      if (std::optional<Rational> M = Ops[1].asConstant();
          M && M->isInteger() && M->num() > 0)
        if (auto R = Range(Ops[0]);
            R && R->first >= 0 && __int128(R->second) < M->num())
          return Ops[0];
    return ExprBuilder::rebuild(A.Kind, Ops);
  });
}

std::optional<std::vector<Expr>>
Expr::coefficientsIn(const std::string &Symbol) const {
  std::vector<TermMap> Coefficients(1);
  for (const auto &[M, C] : ExprBuilder::terms(*this)) {
    unsigned K = 0;
    Monomial Rest;
    for (const Factor &F : M) {
      if (F.A->Kind == AtomKind::Symbol && F.A->Name == Symbol) {
        K = F.Power;
        continue;
      }
      for (const Expr &Op : F.A->Operands)
        if (Op.dependsOn(Symbol))
          return std::nullopt;
      Rest.push_back(F);
    }
    if (Coefficients.size() <= K)
      Coefficients.resize(K + 1);
    // Removing one atom keeps the rest sorted, and distinct monomials with
    // the same power of Symbol have distinct rests.
    Coefficients[K].emplace(std::move(Rest), C);
  }
  std::vector<Expr> Out;
  for (TermMap &T : Coefficients)
    Out.push_back(ExprBuilder::fromTerms(std::move(T)));
  return Out;
}

std::optional<Expr> Expr::sumOver(const std::string &Symbol, const Expr &Lo,
                                  const Expr &Hi) const {
  std::optional<std::vector<Expr>> Coefficients = coefficientsIn(Symbol);
  if (!Coefficients || Coefficients->size() > MaxSumDegree + 1)
    return std::nullopt;
  std::vector<Expr> HiPowers{Expr(1)}, LoPowers{Expr(1)};
  for (unsigned J = 1; J <= Coefficients->size(); ++J) {
    HiPowers.push_back(HiPowers.back() * Hi);
    LoPowers.push_back(LoPowers.back() * Lo);
  }
  Expr Sum;
  for (unsigned K = 0; K < Coefficients->size(); ++K) {
    const Expr &Coef = (*Coefficients)[K];
    if (Coef.isZero())
      continue;
    const std::vector<Rational> &S = faulhaber(K);
    Expr Difference;
    for (unsigned J = 0; J < S.size(); ++J)
      if (!S[J].isZero())
        Difference = Difference + Expr(S[J]) * (HiPowers[J] - LoPowers[J]);
    Sum = Sum + Coef * Difference;
  }
  return Sum;
}

EvalResult Expr::evaluate(const Bindings &Values) const {
  EvalResult Result;
  int64_t Budget = MaxSumTerms;
  SumMemo Memo;
  Evaluator E(Values, Result, Budget, Memo);
  std::optional<Rational> V = E.eval(*this);
  if (V && Result.Unbound.empty() && !Result.DomainError && !Result.Overflow)
    Result.Value = V;
  return Result;
}

} // namespace rla
