//===- SharedAccessWidths.h - Shared accesses as compiled -------*- C++ -*-===//
///
/// \file
/// nvcc merges scalar shared-memory accesses of an unrolled loop into vector
/// ones: `As[row * 8 + k]` for k = 0..7 becomes two LDS.128. A broadcast
/// LDS.128 takes 2 wavefronts where the source's 8 scalar loads take 8, so
/// the memory model prices a shared site at the width the SASS accesses
/// it with, when the SASS says so.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_SHAREDACCESSWIDTHS_H
#define RLA_MODELS_SHAREDACCESSWIDTHS_H

#include "analyzer/models/AffineAccess.h"
#include "analyzer/resources/SassListing.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rla {

/// The shared loads (LDS) and stores (STS) the compiled code holds for
/// each source line, keyed by file name (no directory) and line: the
/// innermost position of each instruction. Per kind, the bytes per lane the
/// instructions of each width move (static: one copy of each).
struct SharedWidths {
  std::map<unsigned, unsigned> LoadBytes, StoreBytes; ///< width -> bytes
};
using SharedWidthsByLine =
    std::map<std::pair<std::string, unsigned>, SharedWidths>;

SharedWidthsByLine sharedWidthsByLine(const SassFunction &F);

/// How the compiled code accesses a shared site: Share of its bytes in
/// Width-byte vectors, the rest as the source writes them.
struct CompiledWidth {
  unsigned Width = 0; ///< 0: as written
  double Share = 0;
};

/// A's site is merged when its line's widest shared instruction of its kind
/// is wider than the site and the site can be: every instruction on the
/// line is that wide, or the site walks its elements contiguously along a
/// loop of at least a vector's elements (`As[r * 8 + k]` beside a scalar
/// `Bs[k * 32 + c]`). The share is the wide instructions' bytes over the
/// bytes the line's mergeable sites move (all of them for gemm's `As`,
/// 16 of 64 where nvcc merged only one group of a masked index).
/// Sites: every site on A's line (the memory model's, any order).
CompiledWidth compiledSharedWidth(const SharedWidthsByLine &Widths,
                                  const AffineAccess &A,
                                  const std::vector<AffineAccess> &Sites);

} // namespace rla

#endif // RLA_MODELS_SHAREDACCESSWIDTHS_H
