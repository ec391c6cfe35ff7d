//===- FindingWordings.cpp ------------------------------------------------===//
#include "analyzer/report/FindingWordings.h"
#include "analyzer/models/ByteText.h"
#include "analyzer/models/NextStep.h"
#include "analyzer/support/HumanUnits.h"

#include <cmath>
#include <cstdio>

namespace rla {
namespace wording {

/// Shared-memory sizes, as CUDA states its limits: "48 KiB".
static std::string kibText(double Bytes) {
  return formatSignificant(Bytes / 1024.0) + " KiB";
}

static std::string quoted(const std::string &S) { return "'" + S + "'"; }

std::string blockSizeMismatch(const FindingValues &V) {
  if (V.has("tile"))
    return quoted(V.str("kernel")) + " steps a grid-stride loop by " +
           V.str("tile") + " * gridDim but this launch has " +
           V.str("dimension") + " = " + V.str("launched") + ": threads past " +
           V.str("tile") +
           " repeat elements of the next tile; counted as about " +
           V.str("launched") + "/" + V.str("tile") + " passes over the data";
  if (V.has("group"))
    return quoted(V.str("kernel")) + " counts a grid-stride loop in groups " +
           "of " + V.str("group") + " consecutive threads but this " +
           "launch has " + V.str("dimension") + " = " + V.str("launched") +
           ", not a multiple of " + V.str("group") +
           ": a group spans two blocks; the counts assume whole groups";
  return quoted(V.str("kernel")) + " is written for " + V.str("dimension") +
         " == " + V.str("assumed") +
         " (a block-size constant or cooperative-groups ranks in its "
         "indices) but this launch has " +
         V.str("dimension") + " = " + V.str("launched") +
         "; the counts assume the former";
}

std::string unknownArgument(const FindingValues &V) {
  if (V.has("bind"))
    return "--bind " + V.str("bind") +
           ": no kernel in this file has a parameter " + quoted(V.str("bind"));
  return "launch argument " + quoted(V.str("argument")) +
         " is not a parameter of " + quoted(V.str("kernel"));
}

std::string invalidBinding(const FindingValues &V) {
  return quoted(V.str("symbol")) + " = " + V.str("value") +
         ": the model needs a " + V.str("needs") + " here";
}

std::string invalidLaunch(const FindingValues &V) {
  return "CUDA rejects this launch of " + quoted(V.str("kernel")) + " (" +
         V.str("violations") +
         "): it fails with cudaErrorInvalidConfiguration and runs nothing, "
         "so nothing is predicted";
}

std::string spills(const FindingValues &V) {
  return "ptxas spills registers of " + quoted(V.str("kernel")) + " on " +
         V.str("arch") + ": " + V.whole("spill_store_bytes") +
         " bytes of spill stores and " + V.whole("spill_load_bytes") +
         " bytes of spill loads per thread (static counts), local-memory "
         "traffic and latency (the verdict counts its bytes where the "
         "compiled code is listed); reduce live values or relax "
         "__launch_bounds__";
}

std::string noWork(const FindingValues &V) {
  return "kernel " + quoted(V.str("kernel")) +
         " counts no FLOPs and no memory traffic for this launch: its body "
         "as compiled" +
         (V.has("arch") ? " for " + V.str("arch") : std::string()) +
         " does nothing the model counts; its time is what the launch itself "
         "costs (the floor and handing out its blocks) and, where the kernel "
         "was compiled, its instructions' issue and latency";
}

std::string unbound(const FindingValues &V) {
  if (V.has("summed_contexts"))
    return quoted(V.str("kernel")) + " has values that vary over its " +
           V.whole("summed_contexts") + " calling contexts (" +
           V.str("symbols") +
           "): each context is bound and their sum is given (\"in all\"; "
           "context_sum in JSON); --launch '" +
           V.str("kernel") + ":grid=...,block=...' binds one of them";
  return quoted(V.str("kernel")) + " has unbound symbols: " + V.str("symbols") +
         "; bind them with --launch '" + V.str("kernel") +
         ":grid=...,block=...' and --bind NAME=VALUE";
}

std::string overflow(const FindingValues &V) {
  return quoted(V.str("metric")) + " does not fit in 128-bit arithmetic";
}

std::string undefinedTotal(const FindingValues &V) {
  if (V.has("negative"))
    return quoted(V.str("metric")) + " has no number for this launch: its "
           "formula (" + V.str("formula") + ") evaluates to " +
           formatSignificant(V.num("negative")) +
           ", below zero, so it does not hold for these values";
  if (V.has("term_budget"))
    return quoted(V.str("metric")) +
           " is not evaluated for this launch: its loops have no closed "
           "form and need more than " +
           V.whole("term_budget") + " terms added one by one (" +
           V.str("formula") + ")";
  return quoted(V.str("metric")) + " is undefined for this launch (" +
         V.str("formula") +
         ": a division by zero, or a loop too long to sum term by term)";
}

std::string threadDependent(const FindingValues &V) {
  return quoted(V.str("metric")) + " still depends on the thread index (" +
         V.str("thread_formula") +
         "): a construct the model does not sum over threads";
}

std::string divergentBranch(const FindingValues &V) {
  std::string M = V.str("modulus");
  return "branch " + V.str("condition") + " keeps one thread in every " + M +
         " of " + V.str("index") +
         ": while that is 32 or less every warp runs it with most lanes "
         "idle, and each warp issues the branch's instructions for all 32 "
         "(a divergent modulo branch); index the work by the thread's rank "
         "instead (`i = " +
         M +
         " * tid; if (i < blockDim.x)`) so that the working threads "
         "fill whole warps and the rest retire";
}

std::string bankConflict(const FindingValues &V) {
  double Wavefronts = V.num("wavefronts"), Ideal = V.num("ideal_wavefronts");
  return "shared-memory " + V.str("access") + " of " + quoted(V.str("array")) +
         " is a " + formatFixed(Wavefronts / Ideal, 0) +
         "-way bank conflict: " + formatFixed(Wavefronts, 1) +
         " wavefronts per warp instead of " + formatFixed(Ideal, 0) +
         " (lanes " + V.whole("lane_stride_bytes") +
         " bytes apart in threadIdx.x; pad the row to break it)";
}

std::string uncoalesced(const FindingValues &V) {
  return "uncoalesced global " + V.str("access") + " of " +
         quoted(V.str("array")) + ": " +
         formatFixed(V.num("sectors_per_request"), 1) +
         " sectors per warp request for " +
         formatFixed(V.num("requested_bytes"), 0) +
         " requested bytes (efficiency " +
         formatFixed(100 * V.num("efficiency"), 1) + "%; lanes " +
         V.whole("lane_stride_bytes") + " bytes apart)";
}

std::string atomicContention(const FindingValues &V) {
  std::string Time;
  if (V.has("site_seconds"))
    Time = ", about " + formatFixed(V.num("site_seconds") * 1e6, 2) +
           " us at the rate " + V.str("gpu") + " measured for " +
           (V.flag("lane_distinct")
                ? std::string("lanes on distinct addresses")
                : formatFixed(V.num("addresses"), 0) + " addresses") +
           "; the predicted time includes it";
  else if (V.has("serialized_seconds"))
    Time = ", about " + formatFixed(V.num("serialized_seconds") * 1e6, 2) +
           " us serialized per address at one update per clock; the "
           "predicted time ignores this";
  else
    Time = "; the predicted time ignores this";
  return "atomic on " + quoted(V.str("array")) + ": " +
         formatFixed(V.num("updates"), 0) + " updates to" +
         (V.flag("addresses_exact") ? "" : " at most") + " " +
         formatFixed(V.num("addresses"), 0) + " distinct addresses (" +
         formatFixed(V.num("per_address"), 0) + " per address) serialize" +
         Time;
}

std::string fusion(const FindingValues &V) {
  double Chain = V.num("chain_bytes"), Fused = V.num("fused_bytes");
  std::string PerElement;
  if (V.has("elements"))
    PerElement = " (" + formatFixed(Chain / V.num("elements"), 1) + " vs " +
                 formatFixed(Fused / V.num("elements"), 1) + " B per element)";
  return "kernels " + V.str("kernels") +
         " pass data through DRAM: together they move " + bytesText(Chain) +
         ", fused at least " + bytesText(Fused) + PerElement +
         "; fusing these kernels would save " + bytesText(Chain - Fused) +
         " (assuming the intermediate buffers are not used afterwards)";
}

/// "registers and shared memory", from "registers,shared_memory".
static std::vector<std::string> limiters(const FindingValues &V) {
  std::vector<std::string> Out;
  std::string List = V.str("limiting");
  for (size_t Start = 0; Start < List.size();) {
    size_t End = List.find(',', Start);
    if (End == std::string::npos)
      End = List.size();
    Out.push_back(List.substr(Start, End - Start));
    Start = End + 1;
  }
  return Out;
}

/// What to change, per limiting resource.
static std::string remedy(const FindingValues &V) {
  std::string Out;
  for (const std::string &L : limiters(V)) {
    std::string Step;
    if (L == "registers" && V.has("registers_cap"))
      Step = "cap registers at " + V.whole("registers_cap") +
             " per thread (now " + V.whole("registers_per_thread") +
             ") with __launch_bounds__(" + V.whole("block_size") + ", " +
             V.whole("blocks_needed") + ") or by keeping fewer values live";
    else if (L == "shared_memory" && V.has("shared_memory_cap_bytes"))
      Step = "use at most " + kibText(V.num("shared_memory_cap_bytes")) +
             " of shared memory per block (now " +
             kibText(V.num("shared_memory_per_block_bytes")) + ") for " +
             V.whole("blocks_needed") + " blocks per SM";
    else if (L == "blocks")
      Step = "use larger blocks: " + V.whole("max_blocks_per_sm") +
             " blocks of " + V.whole("block_size") + " threads hold only " +
             V.whole("active_warps_per_sm") + " warps";
    else if (L == "warps")
      Step = "pick a block size that divides the SM's " +
             V.whole("max_threads_per_sm") + " threads";
    else if (L == "barriers")
      Step = "use fewer named barriers per block";
    if (!Step.empty())
      Out += (Out.empty() ? "" : "; or ") + Step;
  }
  return Out;
}

std::string lowOccupancy(const FindingValues &V) {
  std::string Limiting;
  for (const std::string &L : limiters(V))
    Limiting += (Limiting.empty() ? "" : " and ") +
                (L == "shared_memory" ? std::string("shared memory") : L);
  if (Limiting.empty())
    Limiting = "nothing";
  std::string Msg =
      "occupancy " +
      std::to_string(static_cast<int>(std::lround(V.num("occupancy") * 100))) +
      "% on " + V.str("gpu") + " (" + V.whole("active_warps_per_sm") + " of " +
      V.whole("max_warps_per_sm") + " warps per SM, limited by " + Limiting +
      ") keeps about " + kibText(V.num("in_flight_bytes_per_sm")) +
      " of loads in flight per SM, but streaming at DRAM bandwidth needs " +
      kibText(V.num("needed_bytes_per_sm")) + " (" +
      formatSi(V.num("dram_bandwidth"), "B/s") + " / " + V.whole("sm_count") +
      " SMs x " + formatSignificant(V.num("latency_seconds") * 1e9) + " ns " +
      (V.flag("latency_assumed") ? "assumed" : "measured") +
      " latency), about " + V.whole("warps_needed") + " warps at " +
      formatSignificant(V.num("in_flight_bytes_per_warp")) + " B per warp";
  std::string Fix = remedy(V);
  if (!Fix.empty())
    Msg += "; to raise it: " + Fix;
  return Msg;
}

std::string noKernels(const FindingValues &V) {
  return "no __global__ kernels in " + quoted(V.str("file"));
}

std::string tailWave(const FindingValues &V) {
  double Tail = V.num("tail_blocks"), PerWave = V.num("per_wave");
  return quoted(V.str("kernel")) + " on " + V.str("gpu") + ": " +
         V.whole("blocks") + " blocks fill one wave of " + V.whole("per_wave") +
         " (" + V.whole("blocks_per_sm") +
         " per SM) and a last wave of " + V.whole("tail_blocks") +
         " that keeps " + formatFixed(100.0 * Tail / PerWave, 0) +
         "% of the GPU busy while the rest idles; the predicted time "
         "includes that tail. A grid of a whole number of waves (" +
         V.whole("per_wave") +
         " blocks, each doing more, or a grid-stride loop over them) "
         "removes it";
}

std::string missingTerm(const FindingValues &V) {
  auto Name = [](const std::string &L) {
    return L == "l1" ? std::string("L1") : L == "l2" ? "L2" : "DRAM";
  };
  std::string Level = Name(V.str("level")), Below = Name(V.str("below"));
  return quoted(V.str("kernel")) + " on " + V.str("gpu") +
         ": the GPU database has no " + Level + " bandwidth, so the " +
         formatSi(V.num("bytes"), "B") + " through " + Level +
         " are not timed; an " + Level + " no faster than " + Below + " (" +
         formatSi(V.num("below_bandwidth"), "B/s") +
         ", the least it can be) would take up to " +
         formatDuration(V.num("up_to_s")) +
         " and bound the launch: the predicted time is " +
         formatDuration(V.num("predicted_s")) + " .. " +
         formatDuration(V.num("up_to_s"));
}

} // namespace wording
} // namespace rla
