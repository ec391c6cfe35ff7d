//===- MemoryStage.cpp - Traffic at each level of the memory system -------===//
///
/// \file
/// The memory model (MemoryModel.h) on each GPU, once every launch symbol
/// is bound: DRAM, L2 and L1 bytes, footprints and the access findings.
/// Then the totals, with the memory model's traffic in them, are the
/// launch's. Shared accesses are priced at the widths the compiled code
/// uses when the kernel was compiled.
//===----------------------------------------------------------------------===//
#include "analyzer/models/KernelResources.h"
#include "analyzer/models/LaunchStage.h"
#include "analyzer/models/MemoryModel.h"

namespace rla {
namespace {

/// What the kernel compiled to for Gpu's architecture (its shared access
/// widths, its code's size); empty without the compiled code
/// (--no-resources).
CompiledKernel compiledKernel(LaunchContext &C, const GpuSpec &Gpu) {
  if (!C.Resources)
    return {};
  Note Error;
  const PtxasReport *Compiled = C.Resources->forArch(Gpu.smArch(), Error);
  if (!Compiled)
    return {};
  const SassFunction *F = findKernelCode(*Compiled, Gpu.smArch(),
                                         C.Model.MangledName, C.Model.Name);
  if (!F || F->Instructions.empty())
    return {};
  CompiledKernel K;
  K.SharedWidths = sharedWidthsByLine(*F);
  K.CodeBytes = F->codeBytes();
  return K;
}

/// The buffers' sizes the launch passes, in bytes.
ArrayAllocations allocations(const LaunchSpec &Launch) {
  ArrayAllocations Out;
  for (const auto &[Name, Bytes] : Launch.AllocatedBytes)
    Out.Bytes[Name] = Bytes.toDouble();
  Out.HostMemory = Launch.HostMemoryArgs;
  return Out;
}

class MemoryStage : public LaunchStage {
public:
  const char *name() const override { return "memory"; }
  void run(LaunchContext &C, KernelReport &R) const override {
    // The memory model needs every launch symbol; without it DRAM bytes
    // stay the requested bytes.
    if (R.Unbound.empty() && !C.Invalid)
      for (const GpuSpec *Gpu : C.Gpus) {
        C.MemoryByGpu.push_back(estimateMemory(
            C.Model, C.Values, *Gpu, C.Cache,
            R.Launch.DynamicSmem ? R.Launch.DynamicSmem->toDouble() : 0,
            compiledKernel(C, *Gpu), allocations(R.Launch)));
        if (!C.MemoryByGpu.back().Available) {
          C.MemoryByGpu.clear();
          break;
        }
      }
    BoundTotals &Totals = C.Totals;
    if (C.MemoryByGpu.empty()) {
      R.Assumptions.push_back(note(NoteId::NoCacheModel));
    } else {
      const MemoryEstimate &First = C.MemoryByGpu.front();
      R.Memory = First;
      auto exact = [](double V) { return NumberRange{V, V}; };
      Totals.set(Metric::DramBytes, exact(First.DramBytes));
      Totals.set(Metric::FootprintBytes, exact(First.FootprintBytes));
      Totals.set(Metric::FootprintSectorBytes,
                 exact(First.SectorFootprintBytes));
      Totals.set(Metric::DramReadBytes, exact(First.DramReadBytes));
      Totals.set(Metric::DramWriteBytes, exact(First.DramWriteBytes));
      Totals.set(Metric::DramDeferredWriteBytes,
                 exact(First.DeferredWriteBytes));
      Totals.set(Metric::DramLaunchBytes, exact(First.LaunchDramBytes));
      Totals.set(Metric::DramKernelBytes,
                 exact(First.DramBytes - First.DeferredWriteBytes +
                       First.LaunchDramBytes));
      Totals.set(Metric::GlobalSectorBytes, exact(First.GlobalSectorBytes));
      Totals.set(Metric::SharedWavefrontBytes,
                 exact(First.SharedWavefrontBytes));
      Totals.set(Metric::L2Bytes, exact(First.L2Bytes));
      Totals.set(Metric::L1Bytes, exact(First.L1Bytes));
      for (const Note &A : First.Assumptions)
        R.Assumptions.push_back(A);
      for (const Finding &F : First.Findings)
        R.Findings.push_back(F);
    }
    if (C.Invalid)
      return;
    if (!R.Unbound.empty()) {
      BoundTotals Partial = Totals;
      for (Metric Q : {Metric::DramBytes, Metric::FootprintBytes,
                       Metric::FootprintSectorBytes, Metric::DramReadBytes,
                       Metric::DramWriteBytes, Metric::DramDeferredWriteBytes,
                       Metric::DramLaunchBytes, Metric::DramKernelBytes,
                       Metric::GlobalSectorBytes, Metric::SharedWavefrontBytes,
                       Metric::L2Bytes, Metric::L1Bytes})
        Partial.erase(Q);
      if (Partial.size())
        R.PartialTotals = Partial;
      return;
    }
    R.Totals = Totals;
    for (size_t I = 0; I < C.Low.size(); ++I)
      if (Totals.has(C.Low[I].first))
        R.LaunchFormulas[C.Low[I].first] = {
            C.shown(C.Low[I].second.resolveMinMax(C.Values)),
            C.shown(C.High[I].second.resolveMinMax(C.Values))};
  }
};

} // namespace

std::unique_ptr<LaunchStage> makeMemoryStage() {
  return std::make_unique<MemoryStage>();
}

} // namespace rla
