//===- IssueTime.cpp ------------------------------------------------------===//
#include "analyzer/models/IssueTime.h"

#include <algorithm>
#include <cmath>

namespace rla {

IssueEstimate estimateIssue(const InstructionMix &Mix, const IssueRates &Rates,
                            unsigned Sms, double ClockHz, double Blocks) {
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
  E.FmaTime = std::max(time(pipe(SassPipe::Fma), Rates.Fma),
                       time(Mix.FmaHeavy, Rates.FmaHeavy));
  E.AluTime = time(pipe(SassPipe::Alu), Rates.Alu);
  E.Fp64Time = time(pipe(SassPipe::Fp64), Rates.Fp64);
  E.XuTime = time(pipe(SassPipe::Xu), Rates.Xu);
  E.LsuTime = std::max(time(pipe(SassPipe::Lsu), Rates.Lsu),
                       time(Mix.Shuffles, Rates.Shuffle));
  std::pair<double, const char *> Terms[] = {
      {E.IssueSlotTime, "issue"}, {E.FmaTime, "fma"}, {E.AluTime, "alu"},
      {E.Fp64Time, "fp64"},       {E.XuTime, "xu"},   {E.LsuTime, "lsu"}};
  for (const auto &[T, Name] : Terms)
    if (T > E.Time) {
      E.Time = T;
      E.Limiter = Name;
    }
  return E;
}

} // namespace rla
