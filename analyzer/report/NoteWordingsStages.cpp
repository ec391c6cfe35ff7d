//===- NoteWordingsStages.cpp - The launch stages' notes ------------------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string noCacheModel(const NoteValues &) {
  return "DRAM bytes = every global load and store the source issues (no "
         "cache model: the launch is not bound)";
}

std::string resourcesFromNearestArch(const NoteValues &V) {
  return "registers, shared memory and SASS on " + V.str("gpu") + " (" +
         V.str("arch") + ") are nvcc's for " + V.str("near") +
         ", the nearest architecture this nvcc compiles for";
}

std::string dramLatencyAssumed(const NoteValues &V) {
  return V.str("gpu") +
         " has no DRAM latency of its own in the GPU database: the latency "
         "term takes the architecture table's assumed " +
         std::to_string(int(V.num("latency") * 1e9 + 0.5)) + " ns (" +
         V.str("source") + ")";
}

std::string launchCostsCarried(const NoteValues &V) {
  return "launch costs on " + V.str("gpu") + " (" +
         V.str("compute_capability") +
         ") are the H200's measurement, not this GPU's: the floor every "
         "launch takes and the cycles per block handed out "
         "(data/architectures.json)";
}

std::string launchCostsWithoutOccupancy(const NoteValues &V) {
  const std::string Why = V.joinedParts();
  return "launch costs on " + V.str("gpu") + " without the launch's occupancy" +
         (Why.empty() ? std::string() : " (" + Why + ")") +
         ": the floor every launch takes, and blocks per SM from the "
         "architecture's thread and block limits alone";
}

std::string tripsAveragedOverWarps(const NoteValues &V) {
  return V.str("metrics") +
         ": a trip count the lanes of each warp share, averaged over the "
         "launch's warps (exact when the threads that run each statement are "
         "spread over the warps like all threads, as under a lane guard)";
}

std::string tripsAveragedOverThreads(const NoteValues &V) {
  return V.str("metrics") +
         ": a trip count that differs between the threads of a warp and has "
         "no closed form over them, averaged thread by thread over one block "
         "(exact when the threads a statement counts are the ones whose trip "
         "reaches it)";
}

std::string formulasForUnusedDims(const NoteValues &V) {
  const bool Y = V.flag("uses_y"), Z = V.flag("uses_z");
  return std::string("formulas are shown for ") +
         (Y ? "" : "gridDim.y = blockDim.y = 1") + (!Y && !Z ? ", " : "") +
         (Z ? "" : "gridDim.z = blockDim.z = 1") +
         " (dimensions the kernel does not use)";
}

std::string noL2Bandwidth(const NoteValues &V) {
  return V.str("gpu") + " has no L2 bandwidth in the GPU database: the L2 "
                        "level is not timed there, so an L2-bound launch is "
                        "called bound by another level";
}

std::string pointerTakenAsBuffer(const NoteValues &V) {
  const std::string P = V.str("pointer");
  return "'" + P + "' is taken as a buffer, not null: the kernel tests it " +
         "and the launch's pointer is not known (--bind " + P +
         "=0 for a null pointer)";
}

std::string gridFollowsCeil(const NoteValues &V) {
  const std::string Symbol = V.str("symbol"), Block = V.str("block");
  return V.str("grid") + " follows " + Symbol + " as ceil(" + Symbol + " / " +
         Block + ") (the launch has " + V.str("launched") + " = ceil(" +
         V.str("value") + " / " + Block + "))";
}

std::string gridFollowsExpression(const NoteValues &V) {
  return V.str("grid") + " follows " + V.str("symbol") +
         " as the launch writes it: " + V.str("expression");
}

} // namespace notewording
} // namespace rla
