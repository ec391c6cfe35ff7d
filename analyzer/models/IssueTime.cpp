//===- IssueTime.cpp ------------------------------------------------------===//
#include "analyzer/models/IssueTime.h"
#include "analyzer/models/BlockImbalance.h"

#include <algorithm>
#include <cmath>

namespace rla {

IssueEstimate estimateIssue(const InstructionMix &Mix, const IssueRates &Rates,
                            unsigned Sms, double ClockHz, double Blocks,
                            const WarpResidency &Residency,
                            const BlockWeights &Weights) {
  IssueEstimate E;
  E.Mix = Mix;
  E.Sms = Sms;
  E.ClockHz = ClockHz;
  E.Blocks = Blocks;
  E.RateSource = Rates.Source;
  if (Sms == 0 || ClockHz <= 0 || Blocks <= 0 || !Rates.known())
    return E;
  double PerSm = Blocks / Sms;
  E.WaveFactor = busiestSmFactor(Blocks, Sms, Weights);
  E.HeaviestBlock = std::max(1.0, Weights.Heaviest);
  // Seconds for N warp instructions at Rate per SM per clock, on the
  // busiest SM.
  auto time = [&](double N, double Rate) {
    return Rate > 0 ? N / (Rate * Sms * ClockHz) * E.WaveFactor : 0.0;
  };
  auto pipe = [&](SassPipe P) { return Mix.ByPipe[unsigned(P)]; };
  E.IssueSlotTime = time(Mix.Total, Rates.Issue);
  // A scheduler's FP32 work runs on two 16-lane halves: FFMA takes both
  // for a cycle, IMAD and packed-half HFMA2 the heavy half for two, the
  // integer ALU ops (IADD3, LOP3, ISETP, ...) the other half's dispatch for
  // two. So FFMA adds to either, while IMAD and the ALU work side by side
  // (scripts/device/pipe_rates.cu on the H200: FFMA:IMAD 1:1 issues 2.74
  // per SM per clock, FFMA:IADD3:LOP3 1:1:1 2.47 and 2:1:1 2.70, each the
  // sum of its parts; ladders3's int_div_mod, IMAD beside IADD3/LOP3,
  // 81% of the issue slots, near the ALU's own time). HFMA2.MMA runs on
  // the MMA half beside HFMA2 (pipe_rates.cu's hfma2: 3.88 per SM per clock
  // for half of each; mixed2.cu's fp16_half2_fma_chain: 1.37 HFMA2 per SM
  // per clock at 71.7% of the FMA pipe). FP64 takes the same dispatch and
  // adds; the LSU and the XU work beside them all (4 FFMA per LDS issue
  // 3.80 per SM per clock).
  const double Full =
      time(pipe(SassPipe::Fma) - Mix.FmaHeavy - Mix.FmaMma, Rates.Fma);
  E.FmaTime = std::max(Full + time(Mix.FmaHeavy, Rates.FmaHeavy),
                       time(Mix.FmaMma, Rates.FmaHeavy));
  E.AluTime = time(pipe(SassPipe::Alu), Rates.Alu);
  E.Fp64Time = time(pipe(SassPipe::Fp64), Rates.Fp64);
  E.MathTime = std::max(E.FmaTime, Full + E.AluTime) + E.Fp64Time;
  E.XuTime = time(pipe(SassPipe::Xu), Rates.Xu);
  // A warp's MMA takes the tensor pipe for a fixed time whatever its shape
  // (scripts/device/mma_rates.cu on an H100: HMMA.16816, HMMA.1688 and
  // IMMA.16832 each 0.664 per SM per clock, DMMA.8 0.25), so a kernel of
  // mma.sync reaches 72% of the datasheet's tensor peak, which only
  // warpgroup MMAs reach (and DMMA half of the fp64 one).
  E.TensorTime =
      time(Mix.WarpMma, Rates.Tensor) + time(Mix.WarpMmaFp64, Rates.TensorFp64);
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
    // Rounds of resident warps, each a mean warp's cycles; the heaviest
    // block's warps run longer, which the last round waits for.
    double Rounds =
        std::max(1.0, E.WarpsPerScheduler /
                          std::max(E.ResidentPerScheduler, 1.0 / Schedulers));
    E.WarpLatencyTime = (Rounds - 1 + std::max(1.0, E.HeaviestBlock)) *
                        Mix.WarpCycles / ClockHz;
  }
  // The pipes an instruction's issue waits for; the tensor pipe's MMAs are
  // priced where they run (per stretch below), not per instruction.
  const double PipeTime =
      std::max({E.IssueSlotTime, E.MathTime, E.XuTime, E.LsuTime});
  E.ThroughputTime = std::max(PipeTime, E.TensorTime);
  if (E.WarpLatencyTime > 0 && Mix.Phases.size() > 1 && E.IssueSlotTime > 0) {
    // One scheduler issues one instruction per clock; the pipes slow a
    // stretch as they slow the launch. The SM's L1 serves the stretch's
    // wavefronts for all its resident warps (a transpose's conflicted
    // tile reads wait behind the barrier after its loads, not beside them).
    double PerIssued = PipeTime / E.IssueSlotTime;
    double WavefrontCycles = Residency.L1WavefrontsPerClock > 0
                                 ? E.ResidentPerScheduler * Rates.Issue /
                                       Residency.L1WavefrontsPerClock
                                 : 0;
    // Every SM's resident warps reach a stretch's loads together (they
    // start together and wait at the same barriers), so the L2 serves them
    // at its bandwidth over the SMs; the tensor pipe takes each scheduler's
    // MMAs at its rate. A GEMM that stages tiles through shared memory
    // alternates the two.
    const double SmWarps = E.ResidentPerScheduler * Rates.Issue;
    auto pipeCycles = [&](double N, double Rate) {
      return Rate > 0 ? SmWarps * N / Rate : 0.0;
    };
    double Round = 0;
    for (const InstructionMix::Phase &P : Mix.Phases) {
      double L2Cycles =
          Residency.L2BytesPerClock > 0
              ? SmWarps * P.GlobalBytes / Residency.L2BytesPerClock
              : 0;
      double TensorCycles = pipeCycles(P.WarpMma, Rates.Tensor) +
                            pipeCycles(P.WarpMmaFp64, Rates.TensorFp64);
      Round +=
          std::max({E.ResidentPerScheduler * P.Issued * PerIssued, P.Cycles,
                    WavefrontCycles * P.Wavefronts, L2Cycles, TensorCycles});
    }
    E.SyncPhaseTime = E.WarpsPerScheduler /
                      std::max(E.ResidentPerScheduler, 1.0 / Rates.Issue) *
                      Round / ClockHz;
  }
  std::pair<double, const char *> Terms[] = {
      {E.IssueSlotTime, "issue"},
      {E.MathTime, "math"},
      {E.XuTime, "xu"},
      {E.LsuTime, "lsu"},
      {E.TensorTime, "tensor"},
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
