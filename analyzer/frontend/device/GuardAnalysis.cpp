//===- GuardAnalysis.cpp --------------------------------------------------===//
#include "analyzer/frontend/device/GuardAnalysis.h"
#include "analyzer/ir/KernelModel.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace rla {
namespace {

bool isThreadSymbol(const std::string &S) {
  return S.rfind("threadIdx.", 0) == 0 || S.rfind("blockIdx.", 0) == 0;
}

bool mentionsThread(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (isThreadSymbol(S))
      return true;
  return false;
}

bool mentionsThreadIdx(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (S.rfind("threadIdx.", 0) == 0)
      return true;
  return false;
}

/// Writes Diff (an integer expression) as Coef * X + Rest with X one thread
/// coordinate and Rest free of thread coordinates.
struct Decomposed {
  IndexKind Kind;
  unsigned Dim;
  Expr Coef;
  Expr Rest;
  std::optional<Rational> AssumedBlockDim;
};

std::optional<Decomposed> decompose(const Expr &Diff) {
  for (unsigned D = 0; D < 3; ++D) {
    std::string Tid = dimSymbol("threadIdx", D);
    std::string Bid = dimSymbol("blockIdx", D);
    bool HasT = Diff.dependsOn(Tid), HasB = Diff.dependsOn(Bid);
    if (!HasT && !HasB)
      continue;
    if (HasT) {
      auto C = Diff.coefficientsIn(Tid);
      if (!C || C->size() != 2 || !(*C)[1].isConstant())
        return std::nullopt;
      Expr Coef = (*C)[1];
      Expr Rest = (*C)[0];
      if (Rest.dependsOn(Bid)) {
        auto CB = Rest.coefficientsIn(Bid);
        Expr BlockDim = Expr::symbol(dimSymbol("blockDim", D));
        if (!CB || CB->size() != 2)
          return std::nullopt;
        std::optional<Rational> Tile;
        if ((*CB)[1] != Coef * BlockDim) {
          // blockIdx * TILE + threadIdx: the global index if blockDim == TILE.
          auto BlockCoef = (*CB)[1].asConstant();
          auto ThreadCoef = Coef.asConstant();
          if (!BlockCoef || !ThreadCoef || ThreadCoef->isZero())
            return std::nullopt;
          Rational Size = *BlockCoef / *ThreadCoef;
          if (!Size.isInteger() || Size.isNegative() || Size.isZero())
            return std::nullopt;
          Tile = Size;
        }
        Rest = (*CB)[0];
        if (mentionsThread(Rest))
          return std::nullopt;
        return Decomposed{IndexKind::Global, D, Coef, Rest, Tile};
      }
      if (mentionsThread(Rest))
        return std::nullopt;
      return Decomposed{IndexKind::Thread, D, Coef, Rest};
    }
    auto CB = Diff.coefficientsIn(Bid);
    if (!CB || CB->size() != 2 || !(*CB)[1].isConstant() ||
        mentionsThread((*CB)[0]))
      return std::nullopt;
    return Decomposed{IndexKind::Block, D, (*CB)[1], (*CB)[0]};
  }
  return std::nullopt;
}

/// 0/1 value of `Diff op 0` for integers, as an expression.
std::optional<Expr> indicator(const Expr &Diff, BinaryOperatorKind Op) {
  // [x > 0] == min(1, max(0, x)) for integer x.
  auto positive = [](const Expr &X) {
    return Expr::min(Expr(1), Expr::max(Expr(0), X));
  };
  switch (Op) {
  case BO_GT:
    return positive(Diff);
  case BO_GE:
    return positive(Diff + Expr(1));
  case BO_LT:
    return positive(-Diff);
  case BO_LE:
    return positive(Expr(1) - Diff);
  case BO_NE: // [x != 0] == min(1, |x|)
    return Expr::min(Expr(1), Expr::max(Diff, -Diff));
  case BO_EQ:
    return Expr(1) - Expr::min(Expr(1), Expr::max(Diff, -Diff));
  default:
    return std::nullopt;
  }
}

BinaryOperatorKind negateComparison(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_GE:
    return BO_LT;
  case BO_GT:
    return BO_LE;
  case BO_LE:
    return BO_GT;
  case BO_EQ:
    return BO_NE;
  case BO_NE:
    return BO_EQ;
  default:
    return Op;
  }
}

class GuardBuilder {
public:
  GuardBuilder(const SymbolicConverter &Conv, const ASTContext &Ctx)
      : Conv(Conv), Ctx(Ctx) {}

  void add(const clang::Expr *E, bool Negate) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot)
      return add(U->getSubExpr(), !Negate);
    if (const auto *B = dyn_cast<clang::BinaryOperator>(E)) {
      // A && B is a conjunction; so is !(A || B).
      if ((B->getOpcode() == BO_LAnd && !Negate) ||
          (B->getOpcode() == BO_LOr && Negate)) {
        add(B->getLHS(), Negate);
        add(B->getRHS(), Negate);
        return;
      }
      if (B->isComparisonOp() && addNullComparison(B, Negate))
        return;
      if (B->isComparisonOp())
        return addComparison(B, Negate);
    }
    // `if (p)` on a pointer parameter: whether the launch passed a buffer.
    if (auto P = Conv.pointerParam(E))
      return addNullTest(*P, Negate ? BO_EQ : BO_NE, E);
    if (auto Known = foldInteger(E, Ctx)) {
      bool Value = !Known->isZero();
      if (Value == Negate)
        Result.Uniform.push_back(Expr(0));
      return;
    }
    // `if (flag)` is `if (flag != 0)`.
    if (E->getType()->isIntegralOrEnumerationType() ||
        E->getType()->isBooleanType()) {
      if (auto V = Conv.convert(E)) {
        Expr Zero(0);
        return addDifference(*V, Negate ? BO_EQ : BO_NE, E);
      }
    }
    fail(E);
  }

  GuardAnalysis Result;

private:
  /// Whether every operand is an integer value of parameters and indices
  /// (then a failure is a form the model does not decompose, not data).
  bool convertible(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<clang::BinaryOperator>(E))
      if (B->isComparisonOp() || B->isLogicalOp())
        return convertible(B->getLHS()) && convertible(B->getRHS());
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_LNot)
      return convertible(U->getSubExpr());
    return Conv.convert(E).has_value();
  }

  void fail(const clang::Expr *E) {
    Result.Exact = false;
    if (Result.Reason)
      return;
    // Whether the condition reads data, or only has a form not modelled.
    Result.DataDependent = !convertible(E);
    Result.Reason = sourceOf(E);
  }

  std::string sourceOf(const clang::Expr *E) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }

  /// Both sides integers: `[x > 0]` is then min(1, max(0, x)).
  static bool isIntegerComparison(const clang::Expr *E) {
    const auto *B = dyn_cast<clang::BinaryOperator>(E->IgnoreParenImpCasts());
    return B && B->isComparisonOp() &&
           B->getLHS()->IgnoreParenImpCasts()->getType()->isIntegerType() &&
           B->getRHS()->IgnoreParenImpCasts()->getType()->isIntegerType();
  }

  /// `p != NULL`, `p == nullptr`, `0 != p` on a pointer parameter.
  bool addNullComparison(const clang::BinaryOperator *B, bool Negate) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Op != BO_EQ && Op != BO_NE)
      return false;
    const clang::Expr *L = B->getLHS(), *R = B->getRHS();
    auto IsNull = [&](const clang::Expr *E) {
      return E->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                      clang::Expr::NPC_ValueDependentIsNotNull);
    };
    std::optional<std::string> P;
    if (IsNull(R))
      P = Conv.pointerParam(L);
    else if (IsNull(L))
      P = Conv.pointerParam(R);
    if (!P)
      return false;
    if (Negate)
      Op = negateComparison(Op);
    addNullTest(*P, Op == BO_EQ ? BO_EQ : BO_NE, B);
    return true;
  }

  /// The pointer's symbol compared with 0 (Op is == or !=).
  void addNullTest(const std::string &Pointer, BinaryOperatorKind Op,
                   const clang::Expr *E) {
    Result.NullTests.push_back(Pointer);
    addDifference(Expr::symbol(Pointer), Op, E);
  }

  void addComparison(const clang::BinaryOperator *B, bool Negate) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Negate)
      Op = negateComparison(Op);
    auto L = Conv.convert(B->getLHS());
    auto R = Conv.convert(B->getRHS());
    if (!L || !R)
      return fail(B);
    addDifference(*L - *R, Op, B);
  }

  /// The condition `Diff op 0`.
  void addDifference(const Expr &Diff, BinaryOperatorKind Op,
                     const clang::Expr *B) {
    if (!mentionsThread(Diff)) {
      if (Diff.symbols().empty()) {
        auto V = Diff.asConstant();
        bool Holds = false;
        switch (Op) {
        case BO_LT:
          Holds = V->isNegative();
          break;
        case BO_LE:
          Holds = V->isNegative() || V->isZero();
          break;
        case BO_GT:
          Holds = !V->isNegative() && !V->isZero();
          break;
        case BO_GE:
          Holds = !V->isNegative();
          break;
        case BO_EQ:
          Holds = V->isZero();
          break;
        case BO_NE:
          Holds = !V->isZero();
          break;
        default:
          break;
        }
        if (!Holds)
          Result.Uniform.push_back(Expr(0));
        return;
      }
      if (auto I = indicator(Diff, Op)) {
        Result.Uniform.push_back(*I);
        return;
      }
      return fail(B);
    }
    auto Dec = decompose(Diff);
    if (!Dec && addModulo(Diff, Op))
      return;
    if (!Dec && addFloorDiv(Diff, Op, B))
      return;
    if (!Dec && B && isIntegerComparison(B))
      if (auto I = indicator(Diff, Op)) {
        Result.ThreadGates.push_back(*I);
        if (Result.ThreadGateText.empty())
          Result.ThreadGateText = sourceOf(B);
        return;
      }
    if (!Dec)
      return fail(B);
    auto CoefValue = Dec->Coef.asConstant();
    if (!CoefValue || CoefValue->isZero())
      return fail(B);
    // Normalise to Coef > 0: Coef*X + Rest op 0.
    Expr Rest = Dec->Rest;
    Expr Coef = Dec->Coef;
    if (CoefValue->isNegative()) {
      Coef = -Coef;
      Rest = -Rest;
      Op = clang::BinaryOperator::reverseComparisonOp(Op);
    }
    Expr NegRest = -Rest; // X op' NegRest / Coef
    bool Unit = Coef == Expr(1);
    auto ceilQ = [&] { return Unit ? NegRest : Expr::ceilDiv(NegRest, Coef); };
    auto floorQ = [&] {
      return Unit ? NegRest : Expr::floorDiv(NegRest, Coef);
    };
    IndexConstraint C{Dec->Kind, Dec->Dim, std::nullopt, std::nullopt,
                      Dec->AssumedBlockDim};
    switch (Op) {
    case BO_LT: // X < q  <=>  X < ceil(q)
      C.Hi = ceilQ();
      break;
    case BO_LE:
      C.Hi = floorQ() + Expr(1);
      break;
    case BO_GT:
      C.Lo = floorQ() + Expr(1);
      break;
    case BO_GE:
      C.Lo = ceilQ();
      break;
    case BO_EQ:
      if (!Unit)
        return fail(B);
      C.Lo = NegRest;
      C.Hi = NegRest + Expr(1);
      break;
    default:
      return fail(B);
    }
    Result.Constraints.push_back(C);
  }

  /// `index % c == r` (or !=, <, <=, >, >=) for one thread coordinate:
  /// the lane of a warp, the column of a row in a 1D block.
  bool addModulo(const Expr &Diff, BinaryOperatorKind Op) {
    auto M = Diff.asModPlusConstant();
    if (M && M->SymbolicDivisor)
      return addSymbolicModulo(*M, Op);
    if (!M)
      return addModuloBelow(Diff, Op);
    if (!M || !M->Divisor.isInteger() || M->Divisor.isNegative() ||
        M->Divisor.isZero() || !M->Offset.isInteger())
      return false;
    // `(index / w) % c` (odd warps: `(threadIdx.x / 32) & 1`): the
    // residues of index modulo w * c, w per residue of the quotient.
    Rational Width(1);
    Expr Dividend = M->Dividend;
    if (auto F = Dividend.asFloorDivPlus();
        F && F->Coef == Rational(1) && F->Rest.isZero() &&
        F->Divisor.isInteger() && !F->Divisor.isNegative() &&
        !F->Divisor.isZero()) {
      Width = F->Divisor;
      Dividend = F->Dividend;
    }
    auto Index = decompose(Dividend);
    if (!Index || Index->Coef != Expr(1) || !Index->Rest.isZero())
      return false;
    // index % c + Offset op 0: the residues [Lo, Hi) that pass.
    Rational Bound = -M->Offset;
    Rational Lo(0), Hi = M->Divisor;
    bool Negated = false;
    switch (Op) {
    case BO_EQ:
    case BO_NE:
      Lo = Bound;
      Hi = Bound + Rational(1);
      Negated = Op == BO_NE;
      break;
    case BO_LT:
      Hi = Bound;
      break;
    case BO_LE:
      Hi = Bound + Rational(1);
      break;
    case BO_GT:
      Lo = Bound + Rational(1);
      break;
    case BO_GE:
      Lo = Bound;
      break;
    default:
      return false;
    }
    if (Lo.isNegative())
      Lo = Rational(0);
    if (M->Divisor < Hi)
      Hi = M->Divisor;
    if (!(Lo < Hi)) { // no residue passes
      if (!Negated)
        Result.Uniform.push_back(Expr(0));
      return true;
    }
    if (Lo.isZero() && Hi == M->Divisor) { // every residue passes
      if (Negated)
        Result.Uniform.push_back(Expr(0));
      return true;
    }
    IndexConstraint C{Index->Kind, Index->Dim, std::nullopt, std::nullopt,
                      Index->AssumedBlockDim};
    C.Modulus = M->Divisor * Width;
    C.Residue = Lo * Width;
    C.ResidueEnd = Hi * Width;
    C.ModNegated = Negated;
    Result.Constraints.push_back(C);
    return true;
  }

  /// `index % c < s` (<=, >, >=) where s is uniform but not a constant (a
  /// warp's tree reduction, `lane < offset` with offset halving): the
  /// residues [0, s) of c, or the others, counted for each value s takes.
  bool addModuloBelow(const Expr &Diff, BinaryOperatorKind Op) {
    auto M = Diff.asModPlus();
    if (!M) {
      // `offset > lane`: the remainder on the right.
      M = (-Diff).asModPlus();
      Op = Op == BO_LT   ? BO_GT
           : Op == BO_GT ? BO_LT
           : Op == BO_LE ? BO_GE
           : Op == BO_GE ? BO_LE
                         : Op;
    }
    if (!M || M->SymbolicDivisor || !M->Divisor.isInteger() ||
        M->Divisor.isNegative() || M->Divisor.isZero() ||
        mentionsThread(M->Rest) || M->Rest.asConstant())
      return false;
    auto Index = decompose(M->Dividend);
    if (!Index || Index->Coef != Expr(1) || !Index->Rest.isZero())
      return false;
    // index % c + Rest op 0: the residue against -Rest.
    Expr Bound = -M->Rest;
    Expr End;
    bool Negated = false;
    switch (Op) {
    case BO_LT:
      End = Bound;
      break;
    case BO_LE:
      End = Bound + Expr(1);
      break;
    case BO_GE: // not below Bound
      End = Bound;
      Negated = true;
      break;
    case BO_GT:
      End = Bound + Expr(1);
      Negated = true;
      break;
    default:
      return false;
    }
    IndexConstraint C{Index->Kind, Index->Dim, std::nullopt, std::nullopt,
                      Index->AssumedBlockDim};
    C.Modulus = M->Divisor;
    C.Residue = Rational(0);
    C.SymbolicResidueEnd = End;
    C.ModNegated = Negated;
    Result.Constraints.push_back(C);
    return true;
  }

  /// `index % m == 0` (or !=) where m is not a constant but a loop's value
  /// (`tid % (2 * s) == 0` with s doubling, the interleaved reduction): the
  /// multiples of m, counted for each value m takes.
  bool addSymbolicModulo(const ModForm &M, BinaryOperatorKind Op) {
    // Residue 0 only: a residue r >= m would count threads none of which
    // pass, and m's smallest value is not known here.
    if ((Op != BO_EQ && Op != BO_NE) || !M.Offset.isZero())
      return false;
    auto Index = decompose(M.Dividend);
    if (!Index || Index->Coef != Expr(1) || !Index->Rest.isZero())
      return false;
    IndexConstraint C{Index->Kind, Index->Dim, std::nullopt, std::nullopt,
                      Index->AssumedBlockDim};
    C.SymbolicModulus = *M.SymbolicDivisor;
    C.Residue = Rational(0);
    C.ResidueEnd = Rational(1);
    C.ModNegated = Op == BO_NE;
    Result.Constraints.push_back(C);
    return true;
  }

  /// `index / c op q` (the warp of a thread, the row of a 1D block): an
  /// interval of the index, c*q <= index < c*(q+1) for ==.
  bool addFloorDiv(const Expr &Diff, BinaryOperatorKind Op,
                   const clang::Expr *B) {
    auto F = Diff.asFloorDivPlus();
    if (!F || !F->Divisor.isInteger() || F->Divisor.isNegative() ||
        F->Divisor.isZero() || mentionsThreadIdx(F->Rest) ||
        !mentionsThread(F->Dividend) || F->Coef.isZero())
      return false;
    // Coef * floor(X / c) + Rest op 0, normalised to Coef > 0.
    Rational Coef = F->Coef;
    Expr Rest = F->Rest;
    if (Coef.isNegative()) {
      Coef = -Coef;
      Rest = -Rest;
      Op = clang::BinaryOperator::reverseComparisonOp(Op);
    }
    Expr Q = -Rest; // floor(X / c) op Q / Coef
    bool Unit = Coef == Rational(1);
    Expr CoefE(Coef), C(F->Divisor);
    auto ceilQ = [&] { return Unit ? Q : Expr::ceilDiv(Q, CoefE); };
    auto floorQ = [&] { return Unit ? Q : Expr::floorDiv(Q, CoefE); };
    // floor(X/c) < k <=> X < c*k and floor(X/c) >= k <=> X >= c*k.
    switch (Op) {
    case BO_LT:
      addDifference(F->Dividend - C * ceilQ(), BO_LT, B);
      return true;
    case BO_LE:
      addDifference(F->Dividend - C * (floorQ() + Expr(1)), BO_LT, B);
      return true;
    case BO_GT:
      addDifference(F->Dividend - C * (floorQ() + Expr(1)), BO_GE, B);
      return true;
    case BO_GE:
      addDifference(F->Dividend - C * ceilQ(), BO_GE, B);
      return true;
    case BO_EQ:
      if (!Unit)
        return false;
      addDifference(F->Dividend - C * Q, BO_GE, B);
      addDifference(F->Dividend - C * (Q + Expr(1)), BO_LT, B);
      return true;
    default:
      return false;
    }
  }

  const SymbolicConverter &Conv;
  const ASTContext &Ctx;
};

} // namespace

GuardAnalysis analyzeGuard(const clang::Expr *Cond, bool Negate,
                           const SymbolicConverter &Converter,
                           const ASTContext &Ctx) {
  GuardBuilder Builder(Converter, Ctx);
  if (Cond)
    Builder.add(Cond, Negate);
  return Builder.Result;
}

} // namespace rla
