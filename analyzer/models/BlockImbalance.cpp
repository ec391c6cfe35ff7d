//===- BlockImbalance.cpp -------------------------------------------------===//
#include "analyzer/models/BlockImbalance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace rla {
namespace {

Expr workOf(const CostVector &V, BlockWork Work) {
  // Shared bytes count as 4-byte accesses, beside the global ones.
  Expr Memory = V.GlobalLoads + V.GlobalStores + V.AtomicOps +
                (V.SharedLoadBytes + V.SharedStoreBytes) * Expr(Rational(1, 4));
  if (Work == BlockWork::Memory)
    return Memory;
  return Memory + V.totalFlops() + V.SfuOps + V.IntOps + V.CompareOps;
}

bool mentionsBlockIndex(const Expr &E) {
  for (const std::string &S : E.symbols())
    if (S.rfind("blockIdx.", 0) == 0)
      return true;
  return false;
}

std::optional<double> value(const Expr &E, const Bindings &Values) {
  EvalResult R = E.evaluate(Values);
  if (!R.ok())
    return std::nullopt;
  return R.Value->toDouble();
}

} // namespace

BlockWeights weighBlocks(const KernelModel &Model, const Bindings &Values,
                         const LaunchSpec &Launch, BlockWork Work) {
  BlockWeights W;
  Expr PerThread = workOf(Model.PerThread.High, Work);
  if (!mentionsBlockIndex(PerThread))
    return W;
  std::optional<LaunchShape> Shape = launchShape(Launch);
  if (!Shape)
    return W;
  const std::array<int64_t, 3> &Grid = Shape->Grid, &Block = Shape->Block;
  double Blocks = Shape->blocks();
  double Threads = Shape->threadsPerBlock();
  // Every thread of a weighed block is evaluated: a bounded cost.
  if (Threads > 1024)
    return W;
  std::optional<double> Total = value(workOf(Model.Total.High, Work), Values);
  if (!Total || *Total <= 0)
    return W;
  double Mean = *Total / Blocks;
  Bindings At = Values;
  auto weigh = [&](int64_t Bx, int64_t By,
                   int64_t Bz) -> std::optional<double> {
    At["blockIdx.x"] = Rational(Bx);
    At["blockIdx.y"] = Rational(By);
    At["blockIdx.z"] = Rational(Bz);
    double Sum = 0;
    for (int64_t Tz = 0; Tz < Block[2]; ++Tz)
      for (int64_t Ty = 0; Ty < Block[1]; ++Ty)
        for (int64_t Tx = 0; Tx < Block[0]; ++Tx) {
          At["threadIdx.x"] = Rational(Tx);
          At["threadIdx.y"] = Rational(Ty);
          At["threadIdx.z"] = Rational(Tz);
          std::optional<double> V = value(PerThread, At);
          if (!V)
            return std::nullopt;
          Sum += *V;
        }
    return Sum / Mean;
  };
  double Heaviest = 0;
  if (Blocks * Threads <= MaxWeighedThreads) {
    for (int64_t Bz = 0; Bz < Grid[2]; ++Bz)
      for (int64_t By = 0; By < Grid[1]; ++By)
        for (int64_t Bx = 0; Bx < Grid[0]; ++Bx) {
          std::optional<double> B = weigh(Bx, By, Bz);
          if (!B)
            return BlockWeights();
          W.Each.push_back(*B);
          Heaviest = std::max(Heaviest, *B);
        }
  } else {
    for (int64_t By : {int64_t(0), Grid[1] - 1})
      for (int64_t Bx : {int64_t(0), Grid[0] - 1}) {
        std::optional<double> B = weigh(Bx, By, 0);
        if (!B)
          return BlockWeights();
        Heaviest = std::max(Heaviest, *B);
      }
  }
  // No block is heavier than the whole launch.
  W.Heaviest = std::clamp(Heaviest, 1.0, Blocks);
  return W;
}

double heaviestBlockOverMean(const KernelModel &Model, const Bindings &Values,
                             const LaunchSpec &Launch, BlockWork Work) {
  return weighBlocks(Model, Values, Launch, Work).Heaviest;
}

double busiestSmFactor(double Blocks, double Sms, const BlockWeights &W) {
  double Factor = busiestSmFactor(Blocks, Sms, W.Heaviest);
  if (W.Each.empty() || Sms < 1 || Blocks <= 0)
    return Factor;
  std::vector<double> PerSm(size_t(std::min<double>(Sms, W.Each.size())), 0);
  for (size_t B = 0; B < W.Each.size(); ++B)
    PerSm[B % PerSm.size()] += W.Each[B];
  double Busiest = *std::max_element(PerSm.begin(), PerSm.end());
  return std::max(Factor, Busiest / (Blocks / Sms));
}

double busiestSmFactor(double Blocks, double Sms, double Heaviest) {
  if (Blocks <= 0 || Sms <= 0)
    return 1;
  double PerSm = Blocks / Sms;
  return std::max(std::ceil(PerSm), std::max(1.0, Heaviest)) / PerSm;
}

} // namespace rla
