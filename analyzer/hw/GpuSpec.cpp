//===- GpuSpec.cpp - Units and accessors of one GPU entry -----------------===//
#include "analyzer/hw/GpuSpec.h"

#include <algorithm>
#include <cmath>

namespace rla {

namespace {

struct UnitEntry {
  const char *Name;
  Quantity Kind;
  double Scale; ///< to SI: FLOP/s, byte/s, bytes, Hz, seconds
};

/// The only units the data file may use. Binary prefixes are spelled out
/// (MiB) so a cache size never silently changes by 5%.
constexpr UnitEntry Units[] = {
    {"count", Quantity::Count, 1},
    {"Hz", Quantity::Frequency, 1},
    {"MHz", Quantity::Frequency, 1e6},
    {"GHz", Quantity::Frequency, 1e9},
    {"FLOP/s", Quantity::FlopRate, 1},
    {"GFLOP/s", Quantity::FlopRate, 1e9},
    {"TFLOP/s", Quantity::FlopRate, 1e12},
    {"PFLOP/s", Quantity::FlopRate, 1e15},
    {"GB/s", Quantity::ByteRate, 1e9},
    {"TB/s", Quantity::ByteRate, 1e12},
    {"B", Quantity::Bytes, 1},
    {"KiB", Quantity::Bytes, 1024.0},
    {"MB", Quantity::Bytes, 1e6},
    {"MiB", Quantity::Bytes, 1024.0 * 1024},
    {"GB", Quantity::Bytes, 1e9},
    {"GiB", Quantity::Bytes, 1024.0 * 1024 * 1024},
    {"ps", Quantity::Duration, 1e-12},
    {"ns", Quantity::Duration, 1e-9},
    {"us", Quantity::Duration, 1e-6},
};

} // namespace

bool SourcedValue::isUnverified() const {
  return Source.rfind("unverified", 0) == 0;
}

Provenance provenanceOf(const SourcedValue &V) {
  auto StartsWith = [&](const char *P) { return V.Source.rfind(P, 0) == 0; };
  if (V.isUnverified())
    return Provenance::Unverified;
  if (StartsWith("measured"))
    return Provenance::Measured;
  if (StartsWith("derived"))
    return Provenance::Derived;
  if (StartsWith("assum"))
    return Provenance::Assumed;
  return Provenance::Sourced;
}

const char *quantityName(Quantity Q) {
  switch (Q) {
  case Quantity::Count:
    return "a count";
  case Quantity::Frequency:
    return "a frequency";
  case Quantity::FlopRate:
    return "a FLOP rate";
  case Quantity::ByteRate:
    return "a bandwidth";
  case Quantity::Bytes:
    return "a size";
  case Quantity::Duration:
    return "a duration";
  }
  return "a number";
}

std::optional<double> unitScale(const std::string &Unit, Quantity Q) {
  for (const UnitEntry &U : Units)
    if (U.Kind == Q && Unit == U.Name)
      return U.Scale;
  return std::nullopt;
}

std::string acceptedUnits(Quantity Q) {
  std::string List;
  for (const UnitEntry &U : Units) {
    if (U.Kind != Q)
      continue;
    if (!List.empty())
      List += ", ";
    List += U.Name;
  }
  return List;
}

std::string GpuSpec::smArch() const {
  return "sm_" + std::to_string(ComputeMajor) + std::to_string(ComputeMinor);
}

const SourcedValue *GpuSpec::peakFlops(Precision P) const {
  const auto &Peak = PeakFlops[static_cast<unsigned>(P)];
  return Peak ? &*Peak : nullptr;
}

const SourcedValue *GpuSpec::tensorFlops(const std::string &Kind) const {
  for (const auto &[Key, Value] : TensorFlops)
    if (Key == Kind)
      return &Value;
  return nullptr;
}

GpuSpec GpuSpec::withMeasured() const {
  GpuSpec Copy = *this;
  auto Use = [](SourcedValue &V) {
    if (!V.Measured)
      return;
    V.Value = *V.Measured;
    V.Source = V.MeasuredSource;
  };
  auto UseOpt = [&](std::optional<SourcedValue> &V) {
    if (V)
      Use(*V);
  };
  UseOpt(Copy.SmCount);
  UseOpt(Copy.BoostClockHz);
  for (auto &Peak : Copy.PeakFlops)
    UseOpt(Peak);
  for (auto &Entry : Copy.TensorFlops)
    Use(Entry.second);
  UseOpt(Copy.DramBandwidth);
  UseOpt(Copy.DramBytes);
  UseOpt(Copy.L2Bytes);
  UseOpt(Copy.L1SharedBytesPerSm);
  UseOpt(Copy.DramFetchBytes);
  UseOpt(Copy.L2Bandwidth);
  UseOpt(Copy.L1Bandwidth);
  UseOpt(Copy.DramLatency);
  UseOpt(Copy.HostLinkBandwidth);
  return Copy;
}

} // namespace rla

namespace rla {

/// Log-log interpolation in a table of atomic rates, clamped at its ends.
static std::optional<double>
interpolateInterval(const std::vector<GpuSpec::AtomicRate> &Table,
                    double Addresses) {
  if (Table.empty() || Addresses <= 0)
    return std::nullopt;
  const GpuSpec::AtomicRate &First = Table.front();
  const GpuSpec::AtomicRate &Last = Table.back();
  if (Addresses <= First.Addresses)
    return First.Interval.Value;
  if (Addresses >= Last.Addresses)
    return Last.Interval.Value;
  for (size_t I = 1; I < Table.size(); ++I) {
    const GpuSpec::AtomicRate &A = Table[I - 1], &B = Table[I];
    if (Addresses > B.Addresses)
      continue;
    double T =
        std::log(Addresses / A.Addresses) / std::log(B.Addresses / A.Addresses);
    return std::exp(
        std::log(A.Interval.Value) +
        T * (std::log(B.Interval.Value) - std::log(A.Interval.Value)));
  }
  return Last.Interval.Value;
}

std::optional<double> GpuSpec::atomicInterval(double Addresses) const {
  return interpolateInterval(AtomicIntervals, Addresses);
}

std::optional<double>
GpuSpec::laneDistinctAtomicInterval(double Addresses) const {
  return interpolateInterval(LaneDistinctAtomicIntervals, Addresses);
}

std::optional<double> GpuSpec::dramTime(double Read, double Written) const {
  if (!DramReadBandwidth || !DramWriteBandwidth || !DramCopyBandwidth ||
      DramReadBandwidth->Value <= 0 || DramWriteBandwidth->Value <= 0 ||
      DramCopyBandwidth->Value <= 0)
    return std::nullopt;
  double R = DramReadBandwidth->Value, W = DramWriteBandwidth->Value;
  // What a copy costs beyond its read and its write alone: the bus turning
  // between directions, per byte of the smaller direction.
  double Turnaround =
      std::max(0.0, 2 / DramCopyBandwidth->Value - 1 / R - 1 / W);
  return Read / R + Written / W + std::min(Read, Written) * Turnaround;
}

} // namespace rla
