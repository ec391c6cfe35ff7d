//===- AccessSiteFixtures.h - Access sites and launches for model tests ---===//
#ifndef RLA_TEST_UNIT_ACCESSSITEFIXTURES_H
#define RLA_TEST_UNIT_ACCESSSITEFIXTURES_H

#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/KernelModel.h"
#include "analyzer/models/AffineAccess.h"

namespace rla::fixtures {

/// A site of 4-byte (or Bytes) accesses at Offset with full index ranges
/// (no guards) and one execution per thread of the launch.
inline AccessSite site(Expr Offset, unsigned Bytes = 4) {
  AccessSite S;
  S.Array = "a";
  S.Bytes = Bytes;
  S.ByteOffset = Offset;
  for (unsigned D = 0; D < 3; ++D) {
    Expr B = Expr::symbol(dimSymbol("blockDim", D));
    Expr G = Expr::symbol(dimSymbol("gridDim", D));
    S.Global[D] = {Expr(0), B * G};
    S.Thread[D] = {Expr(0), B};
    S.Block[D] = {Expr(0), G};
  }
  S.Executions =
      ExprRange(Expr::symbol("blockDim.x") * Expr::symbol("gridDim.x"));
  return S;
}

/// The bindings of a 1D launch.
inline Bindings launch1d(int64_t Grid, int64_t Block) {
  return {{"gridDim.x", Grid}, {"blockDim.x", Block}, {"gridDim.y", 1},
          {"blockDim.y", 1},   {"gridDim.z", 1},      {"blockDim.z", 1}};
}

/// Site bound with one loop term: its elements Stride bytes apart, Count of
/// them, from address 0.
inline AffineAccess alongLoop(const AccessSite &Site, int64_t Stride,
                              int64_t Count) {
  AffineAccess A;
  A.Site = &Site;
  A.Affine = true;
  A.Lowest = 0;
  AffineTerm T;
  T.Stride = Stride;
  T.Count = Count;
  A.Terms.push_back(T);
  return A;
}

} // namespace rla::fixtures

#endif // RLA_TEST_UNIT_ACCESSSITEFIXTURES_H
