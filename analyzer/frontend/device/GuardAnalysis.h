//===- GuardAnalysis.h - Conditions as thread-index constraints -*- C++ -*-===//
///
/// \file
/// Splits a branch condition into what decides which threads pass (interval
/// constraints on thread coordinates), what is uniform across the launch (a
/// comparison of parameters, turned into a 0/1 factor), and what depends on
/// data (a value loaded from memory, a float): the part the model can only
/// bound with a {low, high} range.
//===----------------------------------------------------------------------===//
#ifndef RLA_FRONTEND_DEVICE_GUARDANALYSIS_H
#define RLA_FRONTEND_DEVICE_GUARDANALYSIS_H

#include "analyzer/cuda/ThreadSpace.h"
#include "analyzer/frontend/device/SymbolicConverter.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

struct IndexConstraint {
  IndexKind Kind = IndexKind::Global;
  unsigned Dim = 0;
  std::optional<Expr> Lo, Hi; ///< Lo <= index < Hi
  /// Set when the index was written with a constant tile size instead of
  /// blockDim (`blockIdx.y * 16 + threadIdx.y`): it is the global index only
  /// if blockDim.Dim equals this.
  std::optional<Rational> AssumedBlockDim;
  /// index % Modulus == Residue (!= when ModNegated) instead of an interval.
  std::optional<Rational> Modulus;
  Rational Residue;
  Rational ResidueEnd = Rational(1); ///< residues [Residue, ResidueEnd)
  /// Set instead of ResidueEnd where the end is not a constant (`lane <
  /// offset`, offset halving): residues [0, end) of the constant Modulus.
  std::optional<Expr> SymbolicResidueEnd;
  bool ModNegated = false;
  /// A modulus that is not a constant (`tid % (2 * s) == 0`, s a loop's
  /// doubling variable): set instead of Modulus.
  std::optional<Expr> SymbolicModulus;
};

struct GuardAnalysis {
  /// A conjunction the condition implies exactly (together with Uniform).
  std::vector<IndexConstraint> Constraints;
  /// 0/1 factors: comparisons of parameters only.
  std::vector<Expr> Uniform;
  /// 0/1 factors of the thread that are no interval of one index
  /// (`i > max(0, tid * 16 - 1)` in a loop over i): exact once the walker
  /// sums them over the threads; ThreadGateText is the comparison, the
  /// reason when it cannot.
  std::vector<Expr> ThreadGates;
  std::string ThreadGateText;
  /// False when part of the condition is data-dependent or too complex;
  /// Reason says which part.
  bool Exact = true;
  /// When not exact: true if the condition reads memory or floating values,
  /// false if it only has a form the model does not decompose.
  bool DataDependent = false;
  /// The source text of the part, "" when it has none; report/ words it.
  std::optional<std::string> Reason;
  /// Pointer parameters the condition tests for null (`if (p)`, `p != NULL`):
  /// their symbols, which the launch binds to 1 (a buffer) or 0 (null).
  std::vector<std::string> NullTests;
};

/// Analyses Cond (or its negation, when Negate is set).
GuardAnalysis analyzeGuard(const clang::Expr *Cond, bool Negate,
                           const SymbolicConverter &Converter,
                           const clang::ASTContext &Ctx);

} // namespace rla

#endif // RLA_FRONTEND_DEVICE_GUARDANALYSIS_H
