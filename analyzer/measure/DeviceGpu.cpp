//===- DeviceGpu.cpp ------------------------------------------------------===//
#include "analyzer/measure/DeviceGpu.h"

#include <algorithm>
#include <cctype>

namespace rla {
namespace {

std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return S;
}

/// FP32 lanes per SM and the FP64:FP32 throughput ratio, per compute
/// capability (CUDA C++ Programming Guide, arithmetic instruction table).
std::pair<unsigned, double> lanesPerSm(int Major, int Minor) {
  if (Major == 9 || (Major == 8 && Minor == 0))
    return {Major == 9 ? 128u : 64u, 0.5};
  if (Major >= 10)
    return {128, Major == 10 && Minor == 0 ? 0.5 : 1.0 / 64};
  if (Major == 8)
    return {128, 1.0 / 64};
  if (Major == 7)
    return {64, Minor == 0 ? 0.5 : 1.0 / 32};
  if (Major == 6)
    return {Minor == 0 ? 64u : 128u, Minor == 0 ? 0.5 : 1.0 / 32};
  return {128, 1.0 / 32};
}

} // namespace

const GpuSpec *findDeviceGpu(const GpuDatabase &Db, const TraceDevice &D) {
  std::string Name = lower(D.Name);
  std::string Short = Name.rfind("nvidia ", 0) == 0 ? Name.substr(7) : Name;
  for (const std::string &Try : {Name, Short})
    if (const GpuSpec *G = Db.find(Try))
      return G;
  for (const GpuSpec &G : Db.all())
    if (lower(G.FullName) == Name)
      return &G;
  return nullptr;
}

std::optional<GpuSpec> gpuFromDevice(const TraceDevice &D) {
  if (D.SmCount <= 0 || D.SmClockKHz <= 0)
    return std::nullopt;
  const std::string Src = "derived: runtime properties of '" + D.Name + "'";
  GpuSpec G;
  G.Name = D.Name;
  G.FullName = D.Name;
  G.Architecture =
      "sm_" + std::to_string(D.CcMajor) + std::to_string(D.CcMinor);
  G.ComputeMajor = D.CcMajor;
  G.ComputeMinor = D.CcMinor;
  G.SmCount = SourcedValue{double(D.SmCount), Src};
  double Clock = D.SmClockKHz * 1e3;
  G.BoostClockHz = SourcedValue{Clock, Src};
  auto [Lanes, Fp64Ratio] = lanesPerSm(D.CcMajor, D.CcMinor);
  double Fp32 = double(D.SmCount) * Lanes * 2 * Clock;
  G.PeakFlops[static_cast<int>(Precision::FP32)] = SourcedValue{Fp32, Src};
  G.PeakFlops[static_cast<int>(Precision::FP64)] =
      SourcedValue{Fp32 * Fp64Ratio, Src};
  G.PeakFlops[static_cast<int>(Precision::FP16)] = SourcedValue{Fp32 * 2, Src};
  G.PeakFlops[static_cast<int>(Precision::BF16)] = SourcedValue{Fp32 * 2, Src};
  if (D.MemClockKHz > 0 && D.MemBusBits > 0)
    G.DramBandwidth =
        SourcedValue{2.0 * D.MemClockKHz * 1e3 * D.MemBusBits / 8, Src};
  if (D.GlobalMemBytes > 0)
    G.DramBytes = SourcedValue{double(D.GlobalMemBytes), Src};
  if (D.L2Bytes > 0)
    G.L2Bytes = SourcedValue{double(D.L2Bytes), Src};
  G.Notes.push_back("not in the GPU database: every number derived from the "
                    "properties the runtime reported");
  return G;
}

} // namespace rla
