//===- LaunchEnumeration.cpp ----------------------------------------------===//
#include "analyzer/models/LaunchEnumeration.h"

#include <array>

namespace rla {

std::optional<double> meanOverLaunchWarps(const Expr &F, const Bindings &Values,
                                          const LaunchSpec &Launch) {
  std::optional<LaunchShape> Shape = launchShape(Launch);
  if (!Shape)
    return std::nullopt;
  const std::array<int64_t, 3> &Grid = Shape->Grid, &Block = Shape->Block;
  double Threads = double(Shape->blocks()) * Shape->threadsPerBlock();
  // Lanes are consecutive threadIdx.x; the formula must be the same for
  // all 32 of them: a function of threadIdx.x - lane (or threadIdx.x / 32).
  const std::string Tx = "threadIdx.x";
  int64_t Step = Block[0];
  if (F.dependsOn(Tx)) {
    if (Block[0] % 32 != 0)
      return std::nullopt;
    const std::string Warp = "%warp", Lane = "%lane";
    Expr Split = F.splitIndex(Tx, 32, Warp, Lane);
    if (Split.dependsOn(Lane) || Split.dependsOn(Tx))
      return std::nullopt;
    Step = 32;
  }
  if (Threads / double(Step) > MaxEnumeratedWarps)
    return std::nullopt;
  Bindings At = Values;
  double Sum = 0;
  for (int64_t Bz = 0; Bz < Grid[2]; ++Bz)
    for (int64_t By = 0; By < Grid[1]; ++By)
      for (int64_t Bx = 0; Bx < Grid[0]; ++Bx)
        for (int64_t Tz = 0; Tz < Block[2]; ++Tz)
          for (int64_t Ty = 0; Ty < Block[1]; ++Ty)
            for (int64_t X = 0; X < Block[0]; X += Step) {
              At["blockIdx.x"] = Rational(Bx);
              At["blockIdx.y"] = Rational(By);
              At["blockIdx.z"] = Rational(Bz);
              At["threadIdx.x"] = Rational(X);
              At["threadIdx.y"] = Rational(Ty);
              At["threadIdx.z"] = Rational(Tz);
              EvalResult R = F.evaluate(At);
              if (!R.ok())
                return std::nullopt;
              Sum += R.Value->toDouble() * double(Step);
            }
  return Sum / Threads;
}

std::optional<double> meanOverBlockThreads(const Expr &F,
                                           const Bindings &Values,
                                           const LaunchSpec &Launch) {
  std::optional<LaunchShape> Shape = launchShape(Launch);
  if (!Shape || Shape->threadsPerBlock() > 1024 ||
      Shape->threadsPerBlock() <= 0)
    return std::nullopt;
  for (const char *B : {"blockIdx.x", "blockIdx.y", "blockIdx.z"})
    if (F.dependsOn(B))
      return std::nullopt;
  const std::array<int64_t, 3> &Block = Shape->Block;
  Bindings At = Values;
  double Sum = 0;
  for (int64_t Tz = 0; Tz < Block[2]; ++Tz)
    for (int64_t Ty = 0; Ty < Block[1]; ++Ty)
      for (int64_t X = 0; X < Block[0]; ++X) {
        At["threadIdx.x"] = Rational(X);
        At["threadIdx.y"] = Rational(Ty);
        At["threadIdx.z"] = Rational(Tz);
        EvalResult R = F.evaluate(At);
        if (!R.ok())
          return std::nullopt;
        Sum += R.Value->toDouble();
      }
  return Sum / double(Shape->threadsPerBlock());
}

} // namespace rla
