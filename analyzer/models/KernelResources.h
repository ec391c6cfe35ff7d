//===- KernelResources.h - Registers and shared memory per arch -*- C++ -*-===//
///
/// \file
/// The occupancy stages need what ptxas says the compiled kernels use. The
/// file is compiled once per architecture of the GPUs asked for, the first
/// time a launch needs it; the compile itself (nvcc) is the caller's
/// (resources/NvccResourceCompiler.h), so the models stay plain C++.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_KERNELRESOURCES_H
#define RLA_MODELS_KERNELRESOURCES_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuSpec.h"
#include "analyzer/resources/PtxasOutputParser.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rla {

struct ResourceOptions {
  /// Set when resources cannot be had at all (--no-resources, no nvcc, the
  /// parse used stub headers); every occupancy is then unknown with it.
  std::optional<Note> Disabled;
  const ArchitectureTable *Archs = nullptr; ///< null: ArchsError says why
  std::string ArchsError;
  /// Compiles for one architecture ("sm_89"); returns false with Why set
  /// when it cannot.
  std::function<bool(const std::string &Arch, PtxasReport &Out, Note &Why)>
      Compile;
};

class KernelResources {
public:
  /// Gpus: the GPUs occupancy is reported on (every GPU asked for).
  KernelResources(ResourceOptions Options, std::vector<const GpuSpec *> Gpus)
      : Options(std::move(Options)), Gpus(std::move(Gpus)) {}
  const ResourceOptions &options() const { return Options; }
  const std::vector<const GpuSpec *> &gpus() const { return Gpus; }
  /// ptxas's report for Arch, compiled on the first call; nullptr with
  /// Why set when the compile failed.
  /// An architecture the compiler cannot target (nvcc 13 and sm_70) takes
  /// the report of the nearest one it can (sm_75), its entries relabelled
  /// for Arch; substituteFor(Arch) then names the one compiled.
  const PtxasReport *forArch(const std::string &Arch, Note &Why);
  /// The architecture compiled in Arch's place; empty when Arch itself was.
  std::string substituteFor(const std::string &Arch) const {
    auto It = Substitutes.find(Arch);
    return It == Substitutes.end() ? std::string() : It->second;
  }

private:
  ResourceOptions Options;
  std::vector<const GpuSpec *> Gpus;
  /// Each architecture's report, or why there is none.
  std::map<std::string, std::pair<PtxasReport, std::optional<Note>>> ByArch;
  std::map<std::string, std::string> Substitutes;
};

/// The ptxas entry for Model: by mangled name, else by demangled name, else
/// by base name when exactly one entry has it. nullptr when none matches.
const PtxasFunction *findKernelResources(const PtxasReport &P,
                                         const std::string &Arch,
                                         const std::string &MangledName,
                                         const std::string &Name);

/// The kernel's machine code in P: under the name ptxas gave the entry
/// findKernelResources finds, which is not clang's for a static kernel
/// (_ZL16f... is _Z16f... in the cubin). nullptr when there is none.
const SassFunction *findKernelCode(const PtxasReport &P,
                                   const std::string &Arch,
                                   const std::string &MangledName,
                                   const std::string &Name);

} // namespace rla

#endif // RLA_MODELS_KERNELRESOURCES_H
