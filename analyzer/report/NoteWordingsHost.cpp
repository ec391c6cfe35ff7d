//===- NoteWordingsHost.cpp - Notes of the host code and of measure -------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {
namespace {

/// "the node's " or "the config's ": whose field a launch call's size is.
std::string whoseField(const NoteValues &V) {
  return V.flag("node") ? "the node's " : "the config's ";
}

/// The reason the run gave (the note's part), or Otherwise where it gave
/// none.
std::string reasonOr(const NoteValues &V, const char *Otherwise) {
  std::string Why = V.joinedParts();
  return Why.empty() ? Otherwise : Why;
}

} // namespace

std::string deviceSideLaunch(const NoteValues &V) {
  return "device-side launch from kernel '" + V.str("parent") +
         "': its values come from that kernel's launch";
}

std::string launchDimUnknown(const NoteValues &V) {
  return V.str("dim") +
         " is not known from the source: " + reasonOr(V, "not a constant");
}

std::string launchConfigDimUnknown(const NoteValues &V) {
  return V.str("dim") + " is not known from the source: " + whoseField(V) +
         V.str("field") + " is not known";
}

std::string launchSmemUnknown(const NoteValues &V) {
  return "dynamic shared memory is not known: " + V.joinedParts() +
         " (--bind smem=BYTES gives it)";
}

std::string launchConfigSmemUnknown(const NoteValues &V) {
  return "dynamic shared memory is not known: " + whoseField(V) +
         V.str("field") + " is not known (--bind smem=BYTES gives it)";
}

std::string graphKernelNode(const NoteValues &V) {
  return "a kernel node of a CUDA graph (" + V.str("call") +
         "): it runs each time the graph is launched";
}

std::string launchArgumentUnknown(const NoteValues &V) {
  return "argument '" + V.str("argument") +
         "' is not known from the source: " + V.joinedParts();
}

std::string runsOnlyWhen(const NoteValues &V) {
  return "runs only when `" + V.str("cond") + "` at " + V.str("at") +
         (V.flag("holds") ? " holds" : " does not hold") + " (" +
         reasonOr(V, "known only at run time") + ")";
}

std::string runsWhenCalledBack(const NoteValues &V) {
  return "runs when '" + V.str("call") + "' at " + V.str("at") + " calls '" +
         V.str("function") + "' back; how often is not known";
}

std::string inLoopOfUnknownCount(const NoteValues &V) {
  return "in a loop whose trip count is not known: " + V.joinedParts();
}

std::string notRunBranch(const NoteValues &V) {
  return "not run by the program: `" + V.str("cond") + "` at " + V.str("at") +
         " is " + (V.flag("value") ? "true" : "false") + " when it gets here";
}

std::string notRunCase(const NoteValues &V) {
  return "not run by the program: `" + V.str("cond") + "` at " + V.str("at") +
         " is " + V.str("value") + ", not " + V.str("case") +
         ", when it gets here";
}

std::string devicePropertiesAsOn(const NoteValues &V) {
  return "device properties as on " + V.str("gpu") + " (the first --gpu)";
}

std::string envUnset(const NoteValues &V) {
  const std::string Name = V.str("name");
  return "as run with " + Name + " unset (pass --env " + Name + "=...)";
}

std::string oneGpu(const NoteValues &) {
  return "one GPU (cudaGetDeviceCount)";
}

std::string openMpTeam(const NoteValues &V) {
  return "as OpenMP thread 0 of " + V.whole("threads") +
         " (omp_set_num_threads at " + V.str("at") + ")";
}

std::string runWithoutArguments(const NoteValues &) {
  return "as the program runs without arguments (pass --args to give some)";
}

std::string hostOccupancyFromNvcc(const NoteValues &V) {
  return "occupancy as the runtime computes it on " + V.str("gpu") +
         " (the first --gpu), from nvcc's registers for " + V.str("arch");
}

std::string launchNotReached(const NoteValues &V) {
  return "the program does not reach this launch: " + V.joinedParts();
}

std::string programExitsAt(const NoteValues &V) {
  return "the program exits at " + V.str("at") +
         (V.flag("without_arguments") ? " when run without arguments" : "");
}

std::string programStopsEarlier(const NoteValues &) {
  return "the program stops earlier";
}

std::string mainReturnsAt(const NoteValues &V) {
  return "main returns at " + V.str("at") +
         (V.flag("without_arguments") ? " when run without arguments" : "");
}

std::string contextsVary(const NoteValues &V) {
  std::string What = V.has("argument") ? "argument '" + V.str("argument") + "'"
                     : V.flag("smem")  ? std::string("dynamic shared memory")
                                       : V.str("dim");
  std::string Range =
      V.has("low") ? V.str("low") + " to " + V.str("high") : "not known";
  return What + " varies: " + Range + " (" + V.whole("contexts") +
         " calling contexts)";
}

std::string contextsNotShown(const NoteValues &V) {
  return V.whole("dropped") + " more calling context" +
         (V.num("dropped") == 1 ? "" : "s") +
         " behind more branches the program does not take are not shown";
}

std::string largestOfSweep(const NoteValues &V) {
  return "the largest of " + V.whole("contexts") +
         " calling contexts followed in a sweep the program does not run; "
         "the others are not shown";
}

std::string overTheSweep(const NoteValues &V) {
  return "over the sweep, " + V.joinedParts();
}

std::string noLaunchReadable(const NoteValues &V) {
  return "no launch of '" + V.str("kernel") +
         "' could be read: clang reports errors in this file (the first at " +
         V.str("at") +
         "), and a launch in a host statement that does not parse is lost "
         "with it; fix the error, or pass --launch";
}

std::string noLaunchInFile(const NoteValues &V) {
  return "no launch of '" + V.str("kernel") +
         "' in this file; pass --launch or --launches";
}

std::string traceNoArgumentBytes(const NoteValues &) {
  return "the trace has no argument bytes for this launch";
}

std::string traceArgumentCountMismatch(const NoteValues &V) {
  return "the trace has " + V.whole("args") + " arguments, the kernel " +
         V.whole("params") + " parameters; arguments not decoded";
}

std::string traceArgumentNotDecoded(const NoteValues &V) {
  return "argument '" + V.str("argument") + "' not decoded: " + V.str("reason");
}

std::string libraryArgumentUnknown(const NoteValues &V) {
  const std::string Why = V.joinedParts();
  return V.str("argument") + " is not known from the source" +
         (Why.empty() ? "" : ": " + Why);
}

std::string gemmTypeTakenAsFp32(const NoteValues &) {
  return "the type of A is not known from the source: counted as fp32";
}

std::string cublasDefaultMathMode(const NoteValues &) {
  return "cuBLAS's default math mode: fp32 on the CUDA cores (no TF32)";
}

std::string cublasLtLayoutsNotFollowed(const NoteValues &) {
  return "m, n, k and the types are in the matrix layouts "
         "(cublasLtMatrixLayoutCreate), which the model does not follow";
}

std::string deviceNotInDatabase(const NoteValues &V) {
  return "'" + V.str("device") +
         "' is not in the GPU database: its ceilings are derived from the "
         "properties the runtime reported";
}

std::string ncuSays(const NoteValues &V) {
  const std::string Program = V.str("program");
  return "ncu" + (Program.empty() ? "" : " (" + Program + ")") + ": " +
         V.str("text");
}

std::string ncuReadNoCounters(const NoteValues &) {
  return "ncu read no counters; only times are compared";
}

std::string noCounters(const NoteValues &) {
  return "no counters (pass --ncu-csv, or --counters on a GPU machine); only "
         "times are compared";
}

std::string tracedKernelNotInFile(const NoteValues &V) {
  return "'" + V.str("kernel") + "' (" + V.whole("launches") +
         " launches) is not a kernel of '" + V.str("file") + "'; not compared";
}

std::string traceHasNoLaunches(const NoteValues &V) {
  const std::string Program = V.str("program");
  return "the trace has no launches" +
         (Program.empty() ? "" : " of program '" + Program + "'");
}

} // namespace notewording
} // namespace rla
