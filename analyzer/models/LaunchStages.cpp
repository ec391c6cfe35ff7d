//===- LaunchStages.cpp - The stage list ----------------------------------===//
#include "analyzer/models/LaunchStage.h"

namespace rla {

std::unique_ptr<LaunchStage> makeBindStage();
std::unique_ptr<LaunchStage> makeTotalsStage();
std::unique_ptr<LaunchStage> makeMemoryStage();
std::unique_ptr<LaunchStage> makeNoWorkStage();
std::unique_ptr<LaunchStage> makeRooflineStage();
std::unique_ptr<LaunchStage> makeOccupancyStage();
std::unique_ptr<LaunchStage> makeIssueStage();
std::unique_ptr<LaunchStage> makeLocalMemoryStage();
std::unique_ptr<LaunchStage> makeLatencyStage();
std::unique_ptr<LaunchStage> makeLaunchCostStage();
std::unique_ptr<LaunchStage> makeVerdictStage();
std::unique_ptr<LaunchStage> makeOccupancyAdviceStage();
std::unique_ptr<LaunchStage> makeTailWaveStage();
std::unique_ptr<LaunchStage> makeMissingTermStage();
std::unique_ptr<LaunchStage> makeNextStepStage();

const std::vector<std::unique_ptr<LaunchStage>> &launchStages() {
  static const std::vector<std::unique_ptr<LaunchStage>> Stages = [] {
    std::vector<std::unique_ptr<LaunchStage>> S;
    S.push_back(makeBindStage());
    S.push_back(makeTotalsStage());
    S.push_back(makeMemoryStage());
    S.push_back(makeNoWorkStage());
    S.push_back(makeRooflineStage());
    S.push_back(makeOccupancyStage());
    S.push_back(makeIssueStage());
    S.push_back(makeLocalMemoryStage());
    S.push_back(makeLatencyStage());
    S.push_back(makeLaunchCostStage());
    // Every term is known from here on: the verdict, then advice on it.
    S.push_back(makeVerdictStage());
    S.push_back(makeOccupancyAdviceStage());
    S.push_back(makeTailWaveStage());
    S.push_back(makeMissingTermStage());
    S.push_back(makeNextStepStage());
    return S;
  }();
  return Stages;
}

const LaunchStage *launchStage(const std::string &Name) {
  for (const std::unique_ptr<LaunchStage> &Stage : launchStages())
    if (Name == Stage->name())
      return Stage.get();
  return nullptr;
}

KernelReport runLaunchStages(LaunchContext &C) {
  KernelReport R;
  for (const std::unique_ptr<LaunchStage> &Stage : launchStages())
    Stage->run(C, R);
  return R;
}

} // namespace rla
