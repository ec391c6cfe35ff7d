//===- FusionChains.cpp ---------------------------------------------------===//
#include "analyzer/models/FusionChains.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace rla {
namespace {

/// How one launch uses one host buffer.
struct BufferUse {
  bool Reads = false, Writes = false;
  double ReadBytes = 0, WriteBytes = 0; ///< footprints
  double Elements = 0;
};

std::map<std::string, BufferUse> buffersOf(const KernelReport &K) {
  std::map<std::string, BufferUse> Out;
  if (!K.Memory)
    return Out;
  for (const ArrayTraffic &A : K.Memory->Arrays) {
    auto Arg = K.Launch.PointerArgs.find(A.Name);
    if (A.Shared || Arg == K.Launch.PointerArgs.end())
      continue;
    BufferUse &U = Out[Arg->second];
    double Foot = A.FootprintBytes.value_or(
        std::max(A.LoadSectorBytes, A.StoreSectorBytes));
    U.Reads |= A.ReadBytes > 0 || A.AtomicBytes > 0;
    U.Writes |= A.WriteBytes > 0 || A.AtomicBytes > 0;
    if (U.Reads)
      U.ReadBytes = std::max(U.ReadBytes, Foot);
    if (U.Writes)
      U.WriteBytes = std::max(U.WriteBytes, Foot);
    const KernelParam *P = K.Model.findParam(A.Name);
    if (P && P->PointeeBytes)
      U.Elements = std::max(U.Elements, Foot / P->PointeeBytes);
  }
  return Out;
}

} // namespace

std::vector<FusionChain>
findFusionChains(const std::vector<KernelReport> &Kernels) {
  // Launch sites by host function, in source order.
  std::map<std::string, std::vector<size_t>> ByFunction;
  for (size_t I = 0; I < Kernels.size(); ++I) {
    const LaunchSpec &L = Kernels[I].Launch;
    if (L.Source == LaunchSource::LaunchSite && !L.HostFunction.empty() &&
        Kernels[I].Memory && Kernels[I].Totals)
      ByFunction[L.Site.File + "\n" + L.HostFunction].push_back(I);
  }
  std::vector<FusionChain> Chains;
  for (auto &[Function, Sites] : ByFunction) {
    std::stable_sort(Sites.begin(), Sites.end(), [&](size_t A, size_t B) {
      const SourceLoc &X = Kernels[A].Launch.Site, &Y = Kernels[B].Launch.Site;
      return X.Line != Y.Line ? X.Line < Y.Line : X.Column < Y.Column;
    });
    std::vector<size_t> Current;
    std::set<std::string> Written;
    auto close = [&]() {
      if (Current.size() >= 2) {
        FusionChain C;
        C.Kernels = Current;
        std::map<std::string, BufferUse> First, Last; // by buffer
        std::set<std::string> ReadBeforeWrite, WrittenSoFar;
        std::map<std::string, size_t> LastWrite, LastRead;
        for (size_t Step = 0; Step < Current.size(); ++Step) {
          const KernelReport &K = Kernels[Current[Step]];
          if (auto V = K.Totals->get(Metric::DramBytes))
            C.ChainBytes += V->High;
          for (const auto &[Buffer, Use] : buffersOf(K)) {
            if (Use.Reads && !WrittenSoFar.count(Buffer)) {
              ReadBeforeWrite.insert(Buffer);
              First[Buffer].ReadBytes =
                  std::max(First[Buffer].ReadBytes, Use.ReadBytes);
            }
            if (Use.Reads)
              LastRead[Buffer] = Step;
            if (Use.Writes) {
              WrittenSoFar.insert(Buffer);
              LastWrite[Buffer] = Step;
              Last[Buffer].WriteBytes =
                  std::max(Last[Buffer].WriteBytes, Use.WriteBytes);
            }
            C.Elements = std::max(C.Elements, Use.Elements);
          }
        }
        for (const std::string &B : ReadBeforeWrite)
          C.FusedBytes += First[B].ReadBytes;
        for (const auto &[B, Step] : LastWrite) {
          auto R = LastRead.find(B);
          bool ReadLater = R != LastRead.end() && R->second > Step;
          if (!ReadLater)
            C.FusedBytes += Last[B].WriteBytes;
        }
        Chains.push_back(C);
      }
      Current.clear();
      Written.clear();
    };
    for (size_t I : Sites) {
      auto Buffers = buffersOf(Kernels[I]);
      bool Consumes = std::any_of(Buffers.begin(), Buffers.end(), [&](auto &B) {
        return B.second.Reads && Written.count(B.first);
      });
      if (!Consumes)
        close();
      Current.push_back(I);
      for (const auto &[Buffer, Use] : Buffers)
        if (Use.Writes)
          Written.insert(Buffer);
    }
    close();
  }
  return Chains;
}

std::vector<Finding> fusionFindings(const std::vector<KernelReport> &Kernels) {
  std::vector<Finding> Out;
  for (const FusionChain &C : findFusionChains(Kernels)) {
    if (C.FusedBytes >= C.ChainBytes)
      continue;
    std::string Names;
    for (size_t I : C.Kernels)
      Names += (Names.empty() ? "" : " -> ") + Kernels[I].Model.Name;
    FindingData Data = {{"kernels", Names},
                        {"chain_bytes", C.ChainBytes},
                        {"fused_bytes", C.FusedBytes}};
    if (C.Elements > 0)
      Data["elements"] = C.Elements;
    Out.push_back(dataFinding("rl-fusion", Severity::Remark,
                              Kernels[C.Kernels.front()].Launch.Site,
                              std::move(Data)));
  }
  return Out;
}

} // namespace rla
