//===- IssueTime.cpp ------------------------------------------------------===//
#include "analyzer/models/IssueTime.h"

#include <algorithm>
#include <cmath>

namespace rla {

IssueEstimate estimateIssue(const InstructionMix &Mix, const IssueRates &Rates,
                            unsigned Sms, double ClockHz, double Blocks,
                            const WarpResidency &Residency) {
  IssueEstimate E;
  E.Mix = Mix;
  E.Sms = Sms;
  E.ClockHz = ClockHz;
  E.Blocks = Blocks;
  E.RateSource = Rates.Source;
  if (Sms == 0 || ClockHz <= 0 || Blocks <= 0 || !Rates.known())
    return E;
  double PerSm = Blocks / Sms;
  E.WaveFactor = std::ceil(PerSm) / PerSm;
  // Seconds for N warp instructions at Rate per SM per clock, on the
  // busiest SM.
  auto time = [&](double N, double Rate) {
    return Rate > 0 ? N / (Rate * Sms * ClockHz) * E.WaveFactor : 0.0;
  };
  auto pipe = [&](SassPipe P) { return Mix.ByPipe[unsigned(P)]; };
  E.IssueSlotTime = time(Mix.Total, Rates.Issue);
  E.FmaTime = time(pipe(SassPipe::Fma) - Mix.FmaHeavy, Rates.Fma) +
              time(Mix.FmaHeavy, Rates.FmaHeavy);
  E.AluTime = time(pipe(SassPipe::Alu), Rates.Alu);
  E.Fp64Time = time(pipe(SassPipe::Fp64), Rates.Fp64);
  // The FMA, ALU and FP64 pipes take their instructions from one dispatch
  // per scheduler: their times add (scripts/device/pipe_rates.cu: FFMA with
  // IMAD 1:1 issues 2.74 per SM per clock, FFMA:IADD3:LOP3 2:1:1 2.70,
  // against 4 for FFMA alone), while the LSU and the XU work beside them
  // (4 FFMA per LDS issue 3.80).
  E.MathTime = E.FmaTime + E.AluTime + E.Fp64Time;
  E.XuTime = time(pipe(SassPipe::Xu), Rates.Xu);
  // Barriers have their own rate (scripts/device/sync_rates.cu: 0.44 per
  // SM per clock on an H200): a launch of many barriers per instruction
  // waits on them.
  E.BarrierTime = Rates.Barrier > 0 ? time(Mix.Barriers, Rates.Barrier) : 0;
  E.LsuTime = std::max({time(pipe(SassPipe::Lsu), Rates.Lsu),
                        time(Mix.Shuffles, Rates.Shuffle), E.BarrierTime});
  // One scheduler per issue slot of the SM: the busiest SM's warps are
  // shared among them, and each holds its share of the resident warps at
  // once; a warp alone takes Mix.WarpCycles.
  if (Mix.WarpCycles > 0 && Residency.WarpsPerBlock > 0 &&
      Residency.ActiveWarpsPerSm > 0) {
    double Schedulers = Rates.Issue;
    double Warps = std::ceil(PerSm) * Residency.WarpsPerBlock;
    E.WarpsPerScheduler = Warps / Schedulers;
    E.ResidentPerScheduler =
        std::min(Warps, Residency.ActiveWarpsPerSm) / Schedulers;
    E.WarpLatencyTime = E.WarpsPerScheduler /
                        std::max(E.ResidentPerScheduler, 1.0 / Schedulers) *
                        Mix.WarpCycles / ClockHz;
  }
  E.ThroughputTime =
      std::max({E.IssueSlotTime, E.MathTime, E.XuTime, E.LsuTime});
  if (E.WarpLatencyTime > 0 && Mix.Phases.size() > 1 && E.IssueSlotTime > 0) {
    // One scheduler issues one instruction per clock; the pipes slow a
    // stretch as they slow the launch.
    double PerIssued = E.ThroughputTime / E.IssueSlotTime;
    double Round = 0;
    for (const InstructionMix::Phase &P : Mix.Phases)
      Round +=
          std::max(E.ResidentPerScheduler * P.Issued * PerIssued, P.Cycles);
    E.SyncPhaseTime = E.WarpsPerScheduler /
                      std::max(E.ResidentPerScheduler, 1.0 / Rates.Issue) *
                      Round / ClockHz;
  }
  std::pair<double, const char *> Terms[] = {
      {E.IssueSlotTime, "issue"},
      {E.MathTime, "math"},
      {E.XuTime, "xu"},
      {E.LsuTime, "lsu"},
      {E.WarpLatencyTime, "warp-latency"},
      {E.SyncPhaseTime, "sync-phases"}};
  for (const auto &[T, Name] : Terms)
    if (T > E.Time) {
      E.Time = T;
      E.Limiter = Name;
    }
  return E;
}

} // namespace rla
