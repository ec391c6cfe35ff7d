//===- TailWaveStage.cpp - A last wave of blocks that leaves SMs idle -----===//
///
/// \file
/// A GPU runs a grid in waves of (SMs x resident blocks per SM) blocks. A
/// grid a little over one wave ends with a short wave on a few SMs while
/// the rest idle: the predicted time already weighs the busiest SM
/// (busiestSmFactor), this stage names the cause where it costs most, a
/// grid between one and two waves whose last wave fills at most a quarter
/// of the GPU.
//===----------------------------------------------------------------------===//
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/OccupancyStages.h"

#include <cmath>

namespace rla {
namespace {

/// The largest share of a wave the last one may fill to be reported.
constexpr double TailShareLimit = 0.25;

class TailWaveStage : public LaunchStage {
public:
  const char *name() const override { return "tail-wave"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    std::optional<double> Blocks = launchBlocks(R);
    if (!Blocks || *Blocks <= 0)
      return;
    for (const OccupancyOnGpu &Occ : R.Occupancies) {
      if (!Occ.Result || !Occ.Gpu || !Occ.Gpu->SmCount ||
          Occ.Result->ActiveBlocksPerSm == 0)
        continue;
      double PerWave = Occ.Gpu->SmCount->Value * Occ.Result->ActiveBlocksPerSm;
      double Waves = *Blocks / PerWave;
      double Tail = *Blocks - std::floor(Waves) * PerWave;
      if (Waves <= 1 || Waves >= 2 || Tail <= 0 ||
          Tail > TailShareLimit * PerWave)
        continue;
      R.Findings.push_back(dataFinding(
          "rl-tail-wave", Severity::Remark, C.where(),
          {{"kernel", C.Model.Name},
           {"gpu", Occ.Gpu->Name},
           {"blocks", *Blocks},
           {"per_wave", PerWave},
           {"tail_blocks", Tail},
           {"blocks_per_sm", double(Occ.Result->ActiveBlocksPerSm)}}));
    }
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeTailWaveStage() {
  return std::make_unique<TailWaveStage>();
}

} // namespace rla
