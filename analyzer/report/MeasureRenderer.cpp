//===- MeasureRenderer.cpp - Text, JSON and plot of a MeasureReport -------===//
#include "analyzer/report/JsonRenderer.h"
#include "analyzer/report/MeasureReport.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/report/RooflineCeilings.h"
#include "analyzer/support/HumanUnits.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace rla {
namespace {

using Json = nlohmann::ordered_json;

Json opt(const std::optional<double> &V) {
  if (!V || !std::isfinite(*V))
    return nullptr;
  return *V;
}

Json quantity(const QuantityCheck &Q) {
  Json J;
  if (Q.PredictedLow && Q.PredictedHigh && *Q.PredictedLow != *Q.PredictedHigh)
    J["predicted"] = {{"low", *Q.PredictedLow}, {"high", *Q.PredictedHigh}};
  else
    J["predicted"] = opt(Q.PredictedLow);
  J["measured"] = opt(Q.Measured);
  J["error"] = opt(Q.Error);
  return J;
}

std::string pct(const std::optional<double> &V) {
  if (!V)
    return "-";
  std::ostringstream S;
  S << (*V >= 0 ? "+" : "") << formatSignificant(*V * 100, 3) << "%";
  return S.str();
}

std::string si(const std::optional<double> &V, const std::string &Unit) {
  return V ? formatSi(*V, Unit) : "-";
}

std::string range(const QuantityCheck &Q, const std::string &Unit) {
  if (!Q.PredictedLow)
    return "-";
  if (*Q.PredictedLow == *Q.PredictedHigh)
    return formatSi(*Q.PredictedLow, Unit);
  return formatSi(*Q.PredictedLow, Unit) + ".." +
         formatSi(*Q.PredictedHigh, Unit);
}

std::string time(const std::optional<double> &S) {
  return S ? formatDuration(*S) : "-";
}

std::string dims(const std::array<uint64_t, 3> &D) {
  return std::to_string(D[0]) + "x" + std::to_string(D[1]) + "x" +
         std::to_string(D[2]);
}

std::string label(const MeasureReport::Entry &E) {
  std::string L = E.Group.Model ? E.Group.Model->Name : E.Group.Mangled;
  if (!E.Group.Program.empty())
    L = E.Group.Program + ": " + L;
  return L + " " + dims(E.Group.First.Grid) + "/" + dims(E.Group.First.Block);
}

} // namespace

std::string renderMeasureText(const MeasureReport &M) {
  std::ostringstream S;
  const GpuSpec *Gpu = M.R.Gpus.empty() ? nullptr : M.R.Gpus[0];
  S << "measured on ";
  if (M.Device)
    S << M.Device->Name << " (sm_" << M.Device->CcMajor << M.Device->CcMinor
      << ", " << M.Device->SmCount << " SMs)";
  else
    S << "an unreported device";
  S << "; predicted for " << (Gpu ? Gpu->Name : std::string("?")) << " ("
    << M.GpuSource << ")\n";
  S << "counters: " << (M.HaveCounters ? "Nsight Compute" : "none (times only)")
    << "\n";
  for (size_t I = 0; I < M.Entries.size(); ++I) {
    const MeasureReport::Entry &E = M.Entries[I];
    const LaunchComparison &C = E.Cmp;
    const KernelReport &K = M.R.Kernels[I];
    S << "\n"
      << label(E) << "  smem " << E.Group.First.DynamicSmem << "  x"
      << E.Group.Count << " launch" << (E.Group.Count == 1 ? "" : "es");
    for (const auto &[Name, V] : E.Group.Spec.Args) {
      std::ostringstream Value; // shortest form: "2.5", not "2.50000"
      Value << V.toDouble();
      S << "  " << Name << "=" << (V.isInteger() ? V.str() : Value.str());
    }
    S << "\n";
    S << "  time       predicted "
      << (C.TimeS.PredictedLow ? time(C.TimeS.PredictedLow) : "-");
    if (C.TimeS.PredictedHigh && C.TimeS.PredictedLow &&
        *C.TimeS.PredictedHigh != *C.TimeS.PredictedLow)
      S << ".." << time(C.TimeS.PredictedHigh);
    S << "  measured " << time(C.TimeS.Measured) << " (median)";
    if (C.TimeOverLowerBound)
      S << "  measured/predicted "
        << formatSignificant(*C.TimeOverLowerBound, 3) << "x";
    S << "\n";
    S << "  FLOPs      predicted " << range(C.Flops, "") << "  measured "
      << si(C.Flops.Measured, "") << "  error " << pct(C.Flops.Error) << "\n";
    S << "  DRAM bytes predicted " << range(C.DramBytes, "B") << "  measured "
      << si(C.DramBytes.Measured, "B") << "  error " << pct(C.DramBytes.Error)
      << "\n";
    S << "  achieved   " << si(C.AchievedBytesPerS, "B/s") << ", "
      << si(C.AchievedFlopsPerS, "FLOP/s");
    if (C.FractionOfRoof)
      S << ", " << formatSignificant(*C.FractionOfRoof * 100, 3)
        << "% of the roof";
    if (!C.AchievedFrom.empty())
      S << " (from " << C.AchievedFrom << ")";
    S << "\n";
    if (C.ActiveBlocksPerSm) {
      S << "  occupancy  runtime: " << *C.ActiveBlocksPerSm << " blocks/SM, "
        << *C.ActiveWarpsPerSm << " warps/SM";
      if (C.Occupancy)
        S << " (" << formatSignificant(*C.Occupancy * 100, 3) << "%)";
      if (E.Group.First.Registers >= 0)
        S << ", " << E.Group.First.Registers << " registers/thread";
      if (C.PredictedActiveBlocksPerSm)
        S << "; predicted " << *C.PredictedActiveBlocksPerSm << " blocks/SM"
          << (*C.PredictedActiveBlocksPerSm == *C.ActiveBlocksPerSm
                  ? " (equal)"
                  : " (differs)");
      S << "\n";
    }
    if (!K.Totals)
      for (const std::string &Sym : K.Unbound)
        S << "  unbound: " << Sym << "\n";
    for (const Note &N : E.Group.Spec.Notes)
      S << "  note: " << noteText(N) << "\n";
  }
  if (!M.Totals.empty())
    S << "\nper kernel (every launch):\n";
  for (const MeasureReport::KernelTotal &T : M.Totals) {
    S << "  " << (T.Program.empty() ? "" : T.Program + ": ") << T.Kernel << "  "
      << T.Launches << " launch" << (T.Launches == 1 ? "" : "es") << " in "
      << T.Configurations << " configuration"
      << (T.Configurations == 1 ? "" : "s") << "  measured "
      << time(T.MeasuredS) << "  predicted " << time(T.PredictedS) << "\n";
  }
  for (const Note &N : M.Notes)
    S << "note: " << noteText(N) << "\n";
  return S.str();
}

std::string renderMeasureJson(const MeasureReport &M) {
  Json J = Json::parse(renderJson(M.R));
  Json Meas;
  if (M.Device) {
    const TraceDevice &D = *M.Device;
    Meas["device"] = {{"name", D.Name},
                      {"cc", {D.CcMajor, D.CcMinor}},
                      {"sms", D.SmCount},
                      {"sm_clock_khz", D.SmClockKHz},
                      {"mem_clock_khz", D.MemClockKHz},
                      {"mem_bus_bits", D.MemBusBits},
                      {"l2_bytes", D.L2Bytes},
                      {"global_mem_bytes", D.GlobalMemBytes}};
  } else {
    Meas["device"] = nullptr;
  }
  Meas["gpu_source"] = M.GpuSource;
  Meas["counters"] = M.HaveCounters ? "ncu" : "none";
  Json Totals = Json::array();
  for (const MeasureReport::KernelTotal &T : M.Totals)
    Totals.push_back({{"program", T.Program},
                      {"kernel", T.Kernel},
                      {"launches", T.Launches},
                      {"configurations", T.Configurations},
                      {"measured_time_s", opt(T.MeasuredS)},
                      {"predicted_time_s", opt(T.PredictedS)}});
  Meas["kernels"] = Totals;
  Meas["notes"] = eachNoteText(M.Notes);
  J["measurement"] = Meas;
  Json &Kernels = J["kernels"];
  for (size_t I = 0; I < M.Entries.size() && I < Kernels.size(); ++I) {
    const MeasureReport::Entry &E = M.Entries[I];
    const LaunchComparison &C = E.Cmp;
    Json X;
    X["program"] = E.Group.Program;
    X["kernel_mangled"] = E.Group.Mangled;
    X["launches"] = E.Group.Count;
    X["ncu_rows"] = E.Group.NcuRows;
    X["time_s"] = quantity(C.TimeS);
    X["time_over_lower_bound"] = opt(C.TimeOverLowerBound);
    X["flops"] = quantity(C.Flops);
    X["dram_bytes"] = quantity(C.DramBytes);
    X["achieved"] = {{"bytes_per_s", opt(C.AchievedBytesPerS)},
                     {"flops_per_s", opt(C.AchievedFlopsPerS)},
                     {"intensity", opt(C.MeasuredIntensity)},
                     {"fraction_of_roof", opt(C.FractionOfRoof)},
                     {"from", C.AchievedFrom}};
    X["occupancy"] = {
        {"registers_per_thread", E.Group.First.Registers >= 0
                                     ? Json(E.Group.First.Registers)
                                     : Json(nullptr)},
        {"active_blocks_per_sm", opt(C.ActiveBlocksPerSm)},
        {"active_warps_per_sm", opt(C.ActiveWarpsPerSm)},
        {"occupancy", opt(C.Occupancy)},
        {"predicted_active_blocks_per_sm", opt(C.PredictedActiveBlocksPerSm)}};
    std::vector<double> Times;
    for (double T : E.Group.DurationsNs)
      Times.push_back(T * 1e-9);
    X["times_s"] = Times;
    Kernels[I]["measured"] = X;
  }
  return J.dump(2) + "\n";
}

RooflinePlot measureRoofline(const MeasureReport &M) {
  RooflinePlot P;
  const GpuSpec *Gpu = M.R.Gpus.empty() ? nullptr : M.R.Gpus[0];
  P.Title = "Roofline: " + (Gpu ? Gpu->FullName : std::string("unknown GPU")) +
            (M.R.InputFile.empty() ? "" : " - " + M.R.InputFile);
  if (Gpu) {
    P.Compute = computeCeilings(*Gpu);
    P.Memory = memoryCeilings(*Gpu);
  }
  for (size_t I = 0; I < M.Entries.size(); ++I) {
    const KernelReport &K = M.R.Kernels[I];
    const LaunchComparison &C = M.Entries[I].Cmp;
    std::string L = label(M.Entries[I]);
    if (!K.Verdicts.empty() && K.Totals) {
      const RooflineResult &R = K.Verdicts[0].Low;
      if (R.PredictedTime > 0)
        P.Points.push_back(
            {L, false, R.Intensity, R.TotalFlops / R.PredictedTime});
    }
    if (C.MeasuredIntensity && C.AchievedFlopsPerS)
      P.Points.push_back({L, true, *C.MeasuredIntensity, *C.AchievedFlopsPerS});
    else if (C.AchievedFlopsPerS)
      P.Points.push_back({L, true, 0, *C.AchievedFlopsPerS});
  }
  return P;
}

} // namespace rla
