//===- JsonRenderer.cpp ---------------------------------------------------===//
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/models/BoundLevel.h"
#include "analyzer/report/CallFrameText.h"
#include "analyzer/report/FootprintRuleText.h"
#include "analyzer/report/LibraryCallText.h"
#include "analyzer/report/LineTrafficText.h"
#include "analyzer/report/NextStepText.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/report/OccupancyJson.h"
#include "analyzer/report/QuestionsText.h"
#include "analyzer/report/ReportWriter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

namespace rla {

namespace {

using Json = nlohmann::ordered_json;

/// Whole numbers below 2^53 are written as integers; beyond that a double
/// cannot hold every integer, so the value is written as a double.
constexpr double MaxExactJsonInteger = 9007199254740992.0;

/// The formula and total keys in the order the format documents them; keys
/// not listed here (added by a later model) follow in name order.
const std::vector<Metric> &orderedKeys() {
  static const std::vector<Metric> Keys = [] {
    std::vector<Metric> Listed = {Metric::Flops, Metric::FlopsFp16,
                                  Metric::FlopsBf16, Metric::FlopsFp32,
                                  Metric::FlopsFp64};
    for (const auto &[Q, Field] : CostVector::scalarFields())
      Listed.push_back(Q);
    Listed.push_back(Metric::DramBytes);
    std::vector<Metric> Rest;
    for (Metric Q : allMetrics())
      if (std::find(Listed.begin(), Listed.end(), Q) == Listed.end())
        Rest.push_back(Q);
    std::sort(Rest.begin(), Rest.end(), [](Metric A, Metric B) {
      return std::string_view(metricKey(A)) < metricKey(B);
    });
    Listed.insert(Listed.end(), Rest.begin(), Rest.end());
    return Listed;
  }();
  return Keys;
}

/// JSON has no infinity or NaN: those become null.
Json number(double V) {
  if (!std::isfinite(V))
    return nullptr;
  if (V == std::floor(V) && std::fabs(V) < MaxExactJsonInteger)
    return static_cast<int64_t>(V);
  return V;
}

Json number(const Rational &V) {
  const __int128 Limit = static_cast<__int128>(1) << 53;
  if (V.isInteger() && V.num() < Limit && V.num() > -Limit)
    return static_cast<int64_t>(V.num());
  return number(V.toDouble());
}

Json optionalNumber(const std::optional<Rational> &V) {
  return V ? number(*V) : Json(nullptr);
}

/// A plain number when both ends agree, else {"low", "high"} with low <= high.
Json range(double Low, double High) {
  if (Low == High)
    return number(Low);
  Json J = Json::object();
  J["low"] = number(std::min(Low, High));
  J["high"] = number(std::max(Low, High));
  return J;
}

Json range(const BoundValue &V) {
  return V ? range(V->Low, V->High) : Json(nullptr);
}

Json formula(const std::pair<std::string, std::string> &F) {
  if (F.first == F.second)
    return F.first;
  Json J = Json::object();
  J["low"] = F.first;
  J["high"] = F.second;
  return J;
}

Json formulas(const FormulaTable &Map) {
  Json J = Json::object();
  for (Metric Q : orderedKeys()) {
    auto It = Map.find(Q);
    if (It != Map.end())
      J[metricKey(Q)] = formula(It->second);
  }
  return J;
}

Json location(const SourceLoc &L) {
  Json J = Json::object();
  J["file"] = L.File;
  J["line"] = L.Line;
  J["column"] = L.Column;
  return J;
}

Json sourced(const std::optional<SourcedValue> &V) {
  return V ? number(V->Value) : Json(nullptr);
}

Json gpu(const GpuSpec &G) {
  Json J = Json::object();
  J["name"] = G.Name;
  J["full_name"] = G.FullName;
  J["compute_capability"] =
      std::to_string(G.ComputeMajor) + "." + std::to_string(G.ComputeMinor);
  Json Peaks = Json::object();
  for (unsigned P = 0; P < NumPrecisions; ++P)
    Peaks[precisionName(static_cast<Precision>(P))] = sourced(G.PeakFlops[P]);
  J["peak_flops"] = Peaks;
  J["dram_bandwidth"] = sourced(G.DramBandwidth);
  J["l2_bytes"] = sourced(G.L2Bytes);
  J["l1_shared_bytes"] = sourced(G.L1SharedBytesPerSm);
  J["dram_fetch_bytes"] = sourced(G.DramFetchBytes);
  J["l2_bandwidth"] = sourced(G.L2Bandwidth);
  J["l1_bandwidth"] = sourced(G.L1Bandwidth);
  return J;
}

Json launch(const LaunchSpec &L) {
  Json J = Json::object();
  Json Grid = Json::array(), Block = Json::array();
  for (unsigned D = 0; D < 3; ++D) {
    Grid.push_back(optionalNumber(L.Grid[D]));
    Block.push_back(optionalNumber(L.Block[D]));
  }
  J["grid"] = Grid;
  J["block"] = Block;
  J["dynamic_smem"] = optionalNumber(L.DynamicSmem);
  Json Args = Json::object();
  for (const auto &[Name, Value] : L.Args)
    Args[Name] = number(Value);
  J["args"] = Args;
  J["source"] = launchSourceName(L.Source);
  J["site"] = L.Site.valid() ? location(L.Site) : Json(nullptr);
  J["host_function"] =
      L.HostFunction.empty() ? Json(nullptr) : Json(L.HostFunction);
  J["notes"] = eachNoteText(L.Notes);
  J["call_chain"] = callChainText(L.CallChain);
  J["launch_count"] = L.LaunchCount ? number(*L.LaunchCount) : Json(nullptr);
  return J;
}

Json totalsOf(const std::optional<BoundTotals> &Known);
Json verdict(const GpuVerdict &V, bool TotalsBound);

/// A merged entry's launch configurations, each as one launch of it costs:
/// what a profiler's first launch of that shape is compared with.
Json contextLaunches(const ContextSum &S) {
  Json Out = Json::array();
  for (const ContextLaunch &L : S.ByLaunch) {
    Json J = Json::object();
    J["grid"] = Json::array();
    J["block"] = Json::array();
    for (unsigned D = 0; D < 3; ++D) {
      J["grid"].push_back(optionalNumber(L.Launch.Grid[D]));
      J["block"].push_back(optionalNumber(L.Launch.Block[D]));
    }
    J["dynamic_smem"] = optionalNumber(L.Launch.DynamicSmem);
    J["launches"] = number(L.Launches);
    J["totals"] = totalsOf(L.Totals);
    Json Verdicts = Json::array();
    for (const GpuVerdict &V : L.Verdicts)
      Verdicts.push_back(verdict(V, L.Totals.has_value()));
    J["verdicts"] = Verdicts;
    Out.push_back(J);
  }
  return Out;
}

/// A merged entry's contexts bound one by one, summed over the program.
Json contextSum(const ContextSum &S) {
  const std::vector<const GpuSpec *> &Gpus = S.Gpus;
  Json J = Json::object();
  J["contexts"] = S.Contexts;
  J["unbound_contexts"] = S.Unbound;
  const std::string Why = S.Why ? noteText(*S.Why) : std::string();
  J["unbound_reason"] = Why.empty() ? Json(nullptr) : Json(Why);
  bool Complete = S.complete();
  J["launches"] = Complete ? number(S.Launches) : Json(nullptr);
  J["flops"] = Complete ? range(S.Flops.Low, S.Flops.High) : Json(nullptr);
  J["dram_bytes"] =
      Complete ? range(S.DramBytes.Low, S.DramBytes.High) : Json(nullptr);
  Json Times = Json::object(), PerLaunch = Json::object();
  for (size_t G = 0; G < Gpus.size() && G < S.Time.size(); ++G) {
    if (!Gpus[G])
      continue;
    Times[Gpus[G]->Name] =
        Complete ? range(S.Time[G].Low, S.Time[G].High) : Json(nullptr);
    PerLaunch[Gpus[G]->Name] =
        Complete ? Json({{"fastest", number(S.LaunchTime[G].Low)},
                         {"slowest", number(S.LaunchTime[G].High)}})
                 : Json(nullptr);
  }
  J["predicted_time_s"] = Times;
  J["launch_time_s"] = PerLaunch;
  J["by_launch"] = contextLaunches(S);
  J["by_launch_dropped"] = S.ContextLaunchesDropped;
  return J;
}

Json totals(const KernelReport &K) {
  // Unbound, the counts that do not depend on what is missing are known.
  return totalsOf(K.Totals ? K.Totals : K.PartialTotals);
}

Json totalsOf(const std::optional<BoundTotals> &Known) {
  auto Value = [&](Metric Q) {
    return Known ? range(Known->get(Q)) : Json(nullptr);
  };
  Json J = Json::object();
  J["flops"] = Value(Metric::Flops);
  Json ByPrecision = Json::object();
  for (unsigned P = 0; P < NumPrecisions; ++P) {
    std::string Name = precisionName(static_cast<Precision>(P));
    ByPrecision[Name] = Value(flopsMetric(static_cast<Precision>(P)));
  }
  J["flops_by_precision"] = ByPrecision;
  for (const auto &[Q, Field] : CostVector::scalarFields())
    J[metricKey(Q)] = Value(Q);
  // Tensor-core FLOPs by input precision; fp16 includes the MMAs that
  // accumulate in fp16, also given on their own.
  Json Tensor = Json::object();
  for (unsigned P = 0; P < NumTensorPrecisions; ++P) {
    auto TP = static_cast<TensorPrecision>(P);
    if (TP == TensorPrecision::FP16Acc16)
      continue;
    Metric Key = tensorFlopsMetric(TP);
    if (TP == TensorPrecision::FP16 && Known) {
      BoundValue A = Known->get(Key),
                 B = Known->get(Metric::TensorFlopsFp16Acc16);
      Tensor["fp16"] = A && B ? range(BoundValue(NumberRange{
                                    A->Low + B->Low, A->High + B->High}))
                              : Json(nullptr);
      continue;
    }
    Tensor[tensorPrecisionName(TP)] = Value(Key);
  }
  J["tensor_flops"] = Tensor;
  J["tensor_flops_total"] = Value(Metric::TensorFlops);
  J["tensor_flops_fp16_acc16"] = Value(Metric::TensorFlopsFp16Acc16);
  // Footprint and the L2 level come with the memory model; null until then.
  J["footprint_bytes"] = Value(Metric::FootprintBytes);
  J["dram_bytes"] = Value(Metric::DramBytes);
  J["dram_read_bytes"] = Value(Metric::DramReadBytes);
  J["dram_write_bytes"] = Value(Metric::DramWriteBytes);
  J["dram_deferred_write_bytes"] = Value(Metric::DramDeferredWriteBytes);
  J["dram_launch_bytes"] = Value(Metric::DramLaunchBytes);
  J["dram_kernel_bytes"] = Value(Metric::DramKernelBytes);
  J["l2_bytes"] = Value(Metric::L2Bytes);
  J["l1_bytes"] = Value(Metric::L1Bytes);
  J["global_sector_bytes"] = Value(Metric::GlobalSectorBytes);
  J["shared_wavefront_bytes"] = Value(Metric::SharedWavefrontBytes);
  J["footprint_sector_bytes"] = Value(Metric::FootprintSectorBytes);
  return J;
}

/// Per array: what a measurement harness needs to size its buffers, and the
/// traffic the memory model attributes to it.
Json arrays(const KernelReport &K) {
  Json List = Json::array();
  if (!K.Memory)
    return List;
  auto optional = [](const std::optional<double> &V) {
    return V ? number(*V) : Json(nullptr);
  };
  for (const ArrayTraffic &A : K.Memory->Arrays) {
    Json J = Json::object();
    J["name"] = A.Name;
    J["space"] = A.Shared ? "shared" : "global";
    J["footprint_bytes"] = optional(A.FootprintBytes);
    J["footprint_exact"] =
        A.FootprintBytes ? Json(A.FootprintExact) : Json(nullptr);
    J["footprint_rule"] = A.FootprintCounted
                              ? Json(footprintRuleText(*A.FootprintCounted,
                                                       A.FootprintSectorsAsBox))
                              : Json(nullptr);
    J["extent_bytes"] = optional(A.ExtentBytes);
    // Highest element index + 1, in the parameter's own element type.
    const KernelParam *P = K.Model.findParam(A.Name);
    J["extent_elements"] =
        A.ExtentBytes && P && P->PointeeBytes
            ? number(std::ceil(*A.ExtentBytes / P->PointeeBytes))
            : Json(nullptr);
    J["reads"] = number(A.ReadBytes);
    J["writes"] = number(A.WriteBytes);
    J["atomics"] = number(A.AtomicBytes);
    J["load_sector_bytes"] = number(A.LoadSectorBytes);
    J["store_sector_bytes"] = number(A.StoreSectorBytes);
    J["dram_bytes"] = A.Shared ? Json(nullptr) : number(A.DramBytes);
    J["allocated_bytes"] = optional(A.AllocatedBytes);
    List.push_back(J);
  }
  return List;
}

/// A roofline number that exists only when the data behind it does: a GPU
/// without an fp64 peak has no ridge point, whatever the struct holds.
Json known(bool Have, double Low, double High) {
  return Have ? range(Low, High) : Json(nullptr);
}

/// The SASS issue model on one GPU (IssueTime.h).
Json issueJson(const IssueEstimate &E) {
  const InstructionMix &M = E.Mix;
  Json ByPipe = Json::object();
  for (unsigned P = 0; P < NumSassPipes; ++P)
    ByPipe[sassPipeName(static_cast<SassPipe>(P))] = M.ByPipe[P];
  return {{"warp_instructions", M.Total},
          {"by_pipe", ByPipe},
          {"hardware_flops", M.HardwareFlops},
          {"constant_move_flops", M.ConstantMoveFlops},
          {"global_load_instructions", M.GlobalLoadInstructions},
          {"global_store_instructions", M.GlobalStoreInstructions},
          {"static_instructions", M.StaticInstructions},
          {"loops", M.Loops},
          {"anchored_share", M.AnchoredShare},
          {"largest_copies", M.LargestCopies},
          {"loads_in_flight", M.LoadsInFlight},
          {"warp_cycles", M.WarpCycles},
          {"warps_per_scheduler", E.WarpsPerScheduler},
          {"resident_per_scheduler", E.ResidentPerScheduler},
          {"wave_factor", E.WaveFactor},
          {"heaviest_block", E.HeaviestBlock},
          {"clock_hz", E.ClockHz},
          {"issue_time_s", E.IssueSlotTime},
          {"pipe_time_s",
           {{"fma", E.FmaTime},
            {"alu", E.AluTime},
            {"fp64", E.Fp64Time},
            {"math", E.MathTime},
            {"warp_latency", E.WarpLatencyTime},
            {"sync_phases", E.SyncPhaseTime},
            {"barrier", E.BarrierTime},
            {"xu", E.XuTime},
            {"lsu", E.LsuTime},
            {"tensor", E.TensorTime}}},
          {"time_s", E.Time},
          {"limiter", E.Limiter}};
}

Json verdict(const GpuVerdict &V, bool TotalsBound) {
  const RooflineResult &Lo = V.Low, &Hi = V.High;
  bool Peak = TotalsBound && Lo.PeakFlops > 0 && Hi.PeakFlops > 0;
  bool Bandwidth = TotalsBound && Lo.Bandwidth > 0 && Hi.Bandwidth > 0;
  bool Decided =
      TotalsBound && Hi.Verdict != std::nullopt && Lo.Verdict != std::nullopt;
  Json J = Json::object();
  J["gpu"] = V.Gpu ? Json(V.Gpu->Name) : Json(nullptr);
  J["precision"] = precisionName(Hi.DominantPrecision);
  J["ridge_point"] = known(Peak && Bandwidth, Lo.RidgePoint, Hi.RidgePoint);
  J["intensity"] = known(TotalsBound, Lo.Intensity, Hi.Intensity);
  J["attainable_flops"] =
      known(Peak && Bandwidth, Lo.AttainableFlops, Hi.AttainableFlops);
  J["compute_time_s"] = known(Peak, Lo.ComputeTime, Hi.ComputeTime);
  J["memory_time_s"] = known(Bandwidth, Lo.MemoryTime, Hi.MemoryTime);
  J["predicted_time_s"] = known(Decided, Lo.PredictedTime, Hi.PredictedTime);
  J["intensity_l2"] =
      known(TotalsBound && Hi.L2Modelled, Lo.IntensityL2, Hi.IntensityL2);
  J["intensity_l1"] =
      known(TotalsBound && Hi.L1Modelled, Lo.IntensityL1, Hi.IntensityL1);
  J["l2_time_s"] = known(TotalsBound && Hi.L2Known, Lo.L2Time, Hi.L2Time);
  J["l1_time_s"] = known(TotalsBound && Hi.L1Known, Lo.L1Time, Hi.L1Time);
  // Little's law (LatencyBound.h): null without an occupancy.
  bool Latency = TotalsBound && Lo.LatencyKnown && Hi.LatencyKnown;
  J["latency_bandwidth"] =
      known(Latency, Lo.LatencyBandwidth, Hi.LatencyBandwidth);
  J["latency_time_s"] = known(Latency, Lo.LatencyTime, Hi.LatencyTime);
  J["dram_latency_s"] = known(Latency, Lo.LatencySeconds, Hi.LatencySeconds);
  J["in_flight_bytes_per_thread"] =
      known(Latency, Lo.InFlightBytesPerThread, Hi.InFlightBytesPerThread);
  // The ends can disagree on a data-dependent kernel; the high end (the
  // most work) is the one the verdict states.
  J["bound"] =
      TotalsBound ? verdictName(Hi.Verdict) : verdictName(std::nullopt);
  std::vector<std::string> Notes = noteTexts(Lo.Notes);
  addNoteTexts(Notes, Hi.Notes);
  J["notes"] = Notes;
  // The roof the ridge point is for: "fp32" or "tensor bf16".
  J["roof"] = Hi.RoofName;
  // The level the verdict names (BoundLevel.h): its time, the intensity at
  // that level and the ridge it is compared with; and each level's time
  // over the predicted time (the share of its peak the launch reaches).
  std::optional<Level> At = Hi.Verdict;
  std::optional<LevelIntensity> Lvl = boundIntensity(Hi);
  std::optional<double> AtTime = At ? levelTime(Hi, *At) : std::nullopt;
  if (Decided && At && Lvl && AtTime)
    J["bound_level"] = {{"level", levelName(Lvl->At)},
                        {"time_s", *AtTime},
                        {"intensity", number(Lvl->Intensity)},
                        {"ridge_point", number(Lvl->Ridge)}};
  else
    J["bound_level"] = nullptr;
  Json Share = Json::object();
  for (unsigned L = 0; L < NumLevels; ++L) {
    std::optional<double> X =
        Decided ? levelShare(Hi, static_cast<Level>(L)) : std::nullopt;
    Share[levelName(static_cast<Level>(L))] = X ? Json(*X) : Json(nullptr);
  }
  J["level_share"] = Share;
  // The limiters, longest first, and how far the first is ahead of the
  // second: the numbers a user weighs a change by.
  Json Limiters = Json::array();
  if (Decided)
    for (const LevelTime &T : levelTimes(Hi))
      Limiters.push_back(
          {{"level", levelName(T.At)}, {"time_s", number(T.Seconds)}});
  J["limiters"] = Limiters;
  std::optional<double> Margin = Decided ? boundMargin(Hi) : std::nullopt;
  J["margin"] = Margin ? number(*Margin) : Json(nullptr);
  // The special-function pipe (part of the compute time) and the global
  // atomics at the GPU's measured update rate.
  J["sfu_time_s"] =
      known(TotalsBound && Hi.SfuTime > 0, Lo.SfuTime, Hi.SfuTime);
  J["atomic_time_s"] =
      known(TotalsBound && Hi.AtomicKnown, Lo.AtomicTime, Hi.AtomicTime);
  J["issue"] = TotalsBound && V.Issue ? issueJson(*V.Issue) : Json(nullptr);
  if (TotalsBound && V.Local)
    J["local_memory"] = {{"load_bytes", V.Local->LoadBytes},
                         {"store_bytes", V.Local->StoreBytes},
                         {"l1_hit_share", V.Local->L1HitShare},
                         {"l2_bytes", V.Local->L2Bytes},
                         {"l2_hit_share", V.Local->L2HitShare},
                         {"dram_read_bytes", V.Local->DramReadBytes},
                         {"dram_write_bytes", V.Local->DramWriteBytes}};
  else
    J["local_memory"] = nullptr;
  if (TotalsBound && V.Launch && V.Launch->Floor > 0)
    J["launch"] = {{"blocks", V.Launch->Blocks},
                   {"blocks_per_sm", V.Launch->BlocksPerSm},
                   {"cycles_per_block", V.Launch->CyclesPerBlock},
                   {"dispatch_time_s", V.Launch->DispatchTime},
                   {"floor_s", V.Launch->Floor}};
  else
    J["launch"] = nullptr;
  return J;
}

/// The next step on one GPU (NextStep.h): the fix that saves the most, or
/// the roof the launch is at.
Json nextStepJson(const GpuVerdict &V) {
  if (V.High.Verdict == std::nullopt)
    return nullptr;
  const NextStep &N = V.Next;
  const SiteFix *Fix =
      N.What == NextStep::Fix ? &V.Fixes[*N.FixIndex] : nullptr;
  Json J = Json::object();
  J["kind"] = N.What == NextStep::AtRoof       ? "at_roof"
              : N.What == NextStep::Occupancy  ? "occupancy"
              : Fix->What == SiteFix::Coalesce ? "coalesce"
                                               : "conflict_free";
  J["action"] =
      N.What == NextStep::AtRoof ? Json(nullptr) : Json(nextStepAction(V));
  J["location"] = Fix ? location(Fix->Site.Loc) : Json(nullptr);
  J["before_s"] = N.Before;
  J["after_s"] = N.After;
  J["saving_s"] = N.saving();
  J["after_bound"] = N.AfterBound == std::nullopt
                         ? Json(nullptr)
                         : Json(verdictName(N.AfterBound));
  return J;
}

Json finding(const Finding &F) {
  Json J = Json::object();
  J["id"] = F.Id;
  J["severity"] = severityName(F.Level);
  J["message"] = F.Message;
  J["file"] = F.Loc.File.empty() ? Json(nullptr) : Json(F.Loc.File);
  J["line"] = F.Loc.valid() ? Json(F.Loc.Line) : Json(nullptr);
  J["column"] = F.Loc.valid() ? Json(F.Loc.Column) : Json(nullptr);
  // What a model found, by name (the numbers in the message); present
  // when the finding has any.
  if (!F.Data.empty()) {
    Json Data = Json::object();
    for (const auto &[Name, Value] : F.Data)
      Data[Name] = std::holds_alternative<double>(Value)
                       ? number(std::get<double>(Value))
                       : Json(std::get<std::string>(Value));
    J["data"] = Data;
  }
  // Edits that resolve the finding (clang's fix-its); present when any.
  if (!F.Fixes.empty()) {
    Json Fixes = Json::array();
    for (const FixIt &X : F.Fixes)
      Fixes.push_back({{"file", X.Loc.File},
                       {"line", X.Loc.Line},
                       {"column", X.Loc.Column},
                       {"length", X.Length},
                       {"original", X.Original},
                       {"replacement", X.Replacement}});
    J["fixes"] = Fixes;
  }
  return J;
}

/// sameFinding at the same severity.
bool sameFindingAndLevel(const Finding &A, const Finding &B) {
  return A.Level == B.Level && sameFinding(A, B);
}

/// The kernel's own findings and the model's, each once.
Json findings(const std::vector<Finding> &First,
              const std::vector<Finding> &Second) {
  std::vector<Finding> All;
  for (const auto *List : {&First, &Second})
    for (const Finding &F : *List)
      if (std::none_of(All.begin(), All.end(), [&](const Finding &G) {
            return sameFindingAndLevel(F, G);
          }))
        All.push_back(F);
  Json J = Json::array();
  for (const Finding &F : All)
    J.push_back(finding(F));
  return J;
}

/// The sentences of both lists of notes, each once.
std::vector<std::string> unique(const std::vector<Note> &First,
                                const std::vector<Note> &Second) {
  std::vector<std::string> All = noteTexts(First);
  addNoteTexts(All, Second);
  return All;
}

Json kernel(const KernelReport &K) {
  const KernelModel &M = K.Model;
  bool TotalsBound = K.Totals.has_value();
  Json J = Json::object();
  J["name"] = M.Name;
  J["mangled_name"] = M.MangledName;
  J["case"] =
      K.Launch.CaseName.empty() ? Json(nullptr) : Json(K.Launch.CaseName);
  J["location"] = location(M.Location);
  // The architectures whose device-side compile this body is; empty when
  // it is the same for every GPU asked for.
  J["archs"] = M.Archs;
  J["launch"] = launch(K.Launch);
  J["per_thread"] = formulas(K.PerThreadFormulas);
  J["formulas"] = formulas(K.TotalFormulas);
  J["launch_formulas"] = K.LaunchFormulas.empty()
                             ? nlohmann::ordered_json(nullptr)
                             : formulas(K.LaunchFormulas);
  J["totals"] = totals(K);
  J["unbound"] = K.Unbound;

  Json Verdicts = Json::array();
  for (const GpuVerdict &V : K.Verdicts) {
    Verdicts.push_back(verdict(V, TotalsBound));
    Verdicts.back()["next_step"] =
        TotalsBound ? nextStepJson(V) : Json(nullptr);
  }

  Json Intensity = Json::object();
  Intensity["dram"] =
      Verdicts.empty() ? Json(nullptr) : Verdicts[0]["intensity"];
  Intensity["l2"] =
      Verdicts.empty() ? Json(nullptr) : Verdicts[0]["intensity_l2"];
  Intensity["l1"] =
      Verdicts.empty() ? Json(nullptr) : Verdicts[0]["intensity_l1"];
  J["intensity"] = Intensity;

  // The top-level verdict repeats the first GPU's, so single-GPU consumers
  // need not look into "verdicts".
  J["bound"] =
      Verdicts.empty() ? Json(verdictName(std::nullopt)) : Verdicts[0]["bound"];
  for (const char *Key : {"ridge_point", "attainable_flops", "compute_time_s",
                          "memory_time_s", "predicted_time_s"})
    J[Key] = Verdicts.empty() ? Json(nullptr) : Verdicts[0][Key];
  for (const char *Key : {"latency_bandwidth", "latency_time_s"})
    J[Key] = Verdicts.empty() ? Json(nullptr) : Verdicts[0][Key];
  J["verdicts"] = Verdicts;
  if (!K.Crossovers.empty())
    J["crossover"] = crossoverJson(K);
  if (K.WhatIf)
    J["what_if"] = whatIfJson(K);
  J["arrays"] = arrays(K);
  // Traffic by source line (--lines, hover, SARIF related locations).
  Json Lines = Json::array();
  for (const LineTraffic &L : lineTraffic(K))
    Lines.push_back({{"file", L.File},
                     {"line", L.Line},
                     {"arrays", L.Arrays},
                     {"load_bytes", number(L.LoadBytes)},
                     {"store_bytes", number(L.StoreBytes)},
                     {"sectors", number(L.Sectors)},
                     {"shared_bytes", number(L.SharedBytes)},
                     {"dram_bytes", number(L.DramBytes)},
                     {"dram_share", L.DramShare}});
  J["lines"] = Lines;

  // The first GPU's occupancy; every GPU's in "occupancy_by_gpu".
  J["occupancy"] = K.Occupancies.empty() ? Json(nullptr)
                                         : occupancyJson(K.Occupancies.front());
  Json ByGpu = Json::array();
  for (const OccupancyOnGpu &O : K.Occupancies)
    ByGpu.push_back(occupancyJson(O));
  J["occupancy_by_gpu"] = ByGpu;
  J["context_sum"] = K.Sum ? contextSum(*K.Sum) : Json(nullptr);
  J["assumptions"] = unique(K.Assumptions, M.Assumptions);
  J["range_reasons"] = noteTexts(M.RangeReasons);
  J["diagnostics"] = findings(K.Findings, M.Findings);
  return J;
}

} // namespace

namespace {

/// The document with its kernels replaced by Placeholder (dumped one at a
/// time by JsonWriter).
std::string documentText(const Report &R, const std::string &Placeholder) {
  Json J = Json::object();
  J["tool"] = R.Tool;
  J["version"] = R.Version;
  J["input"] = R.InputFile;
  // --checks as applied: consumers of the report (SARIF, --fail-on) leave
  // out the verdict remarks it turns off.
  J["checks"] = R.Checks.text();
  J["gpu"] = R.Gpus.empty() || !R.Gpus[0] ? Json(nullptr) : gpu(*R.Gpus[0]);
  Json Gpus = Json::array();
  for (const GpuSpec *G : R.Gpus)
    if (G)
      Gpus.push_back(gpu(*G));
  J["gpus"] = Gpus;
  J["kernels"] = Placeholder;
  if (R.Program.Present) {
    Json P = Json::object();
    P["launches"] = number(R.Program.Launches);
    P["flops"] = range(R.Program.Flops.Low, R.Program.Flops.High);
    P["dram_bytes"] = range(R.Program.DramBytes.Low, R.Program.DramBytes.High);
    Json Times = Json::object();
    for (size_t G = 0; G < R.Gpus.size() && G < R.Program.Time.size(); ++G)
      if (R.Gpus[G])
        Times[R.Gpus[G]->Name] =
            range(R.Program.Time[G].Low, R.Program.Time[G].High);
    P["predicted_time_s"] = Times;
    P["entries_left_out"] = R.Program.Missing;
    J["program"] = P;
  } else {
    J["program"] = nullptr;
  }
  // Kernels whose code clang could not build: named, not counted.
  Json NotAnalysed = Json::array();
  for (const NotAnalysedKernel &N : R.NotAnalysed)
    NotAnalysed.push_back({{"name", N.Name},
                           {"location", location(N.Location)},
                           {"reason", N.Reason}});
  J["not_analysed"] = NotAnalysed;
  J["diagnostics"] = findings(R.Findings, {});
  // Findings silenced by `rl-analyze: ignore[...]` comments.
  J["suppressed"] = findings(R.Suppressed, {});
  // cuBLAS GEMMs, copies and fills of the host code (none: no key).
  if (!R.LibraryCalls.empty())
    J["library_calls"] = libraryCallsJson(R);
  // Replace, never throw, on a message that is not valid UTF-8.
  return J.dump(2, ' ', false, Json::error_handler_t::replace);
}

/// The JSON report, its kernels written as they come: the keys before
/// "kernels" at begin (they do not change while binding), those after it
/// at end.
class JsonWriter : public ReportWriter {
public:
  explicit JsonWriter(llvm::raw_ostream &Out) : Out(Out) {}

  void begin(const Report &R) override {
    std::string Text = documentText(R, Placeholder);
    Out << Text.substr(0, Text.find(quoted()));
  }

  void entry(const Report &, const KernelReport &K) override {
    // Indented as nlohmann indents an element of the top level's array.
    std::string One =
        kernel(K).dump(2, ' ', false, Json::error_handler_t::replace);
    std::string Indented = Entries ? ",\n    " : "[\n    ";
    for (char C : One) {
      Indented += C;
      if (C == '\n')
        Indented += "    ";
    }
    Out << Indented;
    ++Entries;
  }

  void end(const Report &R) override {
    std::string Text = documentText(R, Placeholder);
    Out << (Entries ? "\n  ]" : "[]")
        << Text.substr(Text.find(quoted()) + quoted().size()) << "\n";
  }

private:
  std::string quoted() const { return Json(Placeholder).dump(); }

  const std::string Placeholder = "\x01kernels\x01";
  llvm::raw_ostream &Out;
  size_t Entries = 0;
};

} // namespace

std::unique_ptr<ReportWriter> makeJsonWriter(llvm::raw_ostream &Out) {
  return std::make_unique<JsonWriter>(Out);
}

std::string renderJson(const Report &R) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  JsonWriter W(OS);
  writeReport(R, W);
  OS.flush();
  return Text;
}

} // namespace rla
