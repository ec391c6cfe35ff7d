//===- KernelResources.cpp ------------------------------------------------===//
#include "analyzer/models/KernelResources.h"

#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

namespace rla {
namespace {

/// "tile<float, 256>" from "_Z4tileIfLi256EEvPKT_PS0_"; the name itself
/// when it is not mangled (extern "C").
std::string demangledName(const std::string &Mangled) {
  llvm::ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return Mangled;
  size_t Size = 0;
  char *Buf = D.getFunctionName(nullptr, &Size);
  if (!Buf)
    return Mangled;
  std::string Name(Buf);
  std::free(Buf);
  return Name;
}

std::string baseName(const std::string &Name) {
  std::string Base = Name.substr(0, Name.find('<'));
  size_t Scope = Base.rfind("::");
  return Scope == std::string::npos ? Base : Base.substr(Scope + 2);
}

/// The oldest architecture nvcc 13 compiles for.
constexpr const char *NearestCompiledArch = "sm_75";

/// Whether nvcc 13 compiles for Arch ("sm_70" and older: no).
bool nvccCompiles(const std::string &Arch) {
  if (Arch.rfind("sm_", 0) != 0)
    return true;
  int Number = std::atoi(Arch.c_str() + 3);
  return Number == 0 || Number >= 75;
}

} // namespace

const PtxasReport *KernelResources::forArch(const std::string &Arch,
                                            Note &Error) {
  auto It = ByArch.find(Arch);
  if (It == ByArch.end()) {
    PtxasReport P;
    Note Why = note(NoteId::NoResourceCompiler);
    // One compile per architecture, whatever the number of GPUs and kernels.
    bool Compiled = Options.Compile && Options.Compile(Arch, P, Why);
    // nvcc 13 compiles for sm_75 and later: an older GPU (a V100) takes the
    // nearest architecture's registers, shared memory and SASS mix.
    if (!Compiled && Options.Compile && !nvccCompiles(Arch)) {
      PtxasReport Near;
      Note NearWhy;
      if (Options.Compile(NearestCompiledArch, Near, NearWhy)) {
        for (PtxasFunction &F : Near.Functions)
          if (!F.Arch.empty())
            F.Arch = Arch;
        P = std::move(Near);
        Compiled = true;
        Substitutes[Arch] = NearestCompiledArch;
      }
    }
    if (!Compiled)
      It = ByArch
               .emplace(Arch,
                        std::make_pair(PtxasReport(), std::optional<Note>(Why)))
               .first;
    else
      It = ByArch.emplace(Arch, std::make_pair(std::move(P), std::nullopt))
               .first;
  }
  if (It->second.second) {
    Error = *It->second.second;
    return nullptr;
  }
  return &It->second.first;
}

const PtxasFunction *findKernelResources(const PtxasReport &P,
                                         const std::string &Arch,
                                         const std::string &MangledName,
                                         const std::string &Name) {
  if (!MangledName.empty())
    if (const PtxasFunction *F = P.findEntry(MangledName, Arch))
      return F;
  const PtxasFunction *ByBase = nullptr;
  unsigned BaseMatches = 0;
  for (const PtxasFunction &F : P.Functions) {
    if (!F.IsEntry || (!Arch.empty() && F.Arch != Arch))
      continue;
    std::string Demangled = demangledName(F.MangledName);
    if (Demangled == Name)
      return &F;
    if (baseName(Demangled) == baseName(Name)) {
      ByBase = &F;
      ++BaseMatches;
    }
  }
  return BaseMatches == 1 ? ByBase : nullptr;
}

const SassFunction *findKernelCode(const PtxasReport &P,
                                   const std::string &Arch,
                                   const std::string &MangledName,
                                   const std::string &Name) {
  if (const SassFunction *F = P.Sass.find(MangledName))
    return F;
  const PtxasFunction *Entry = findKernelResources(P, Arch, MangledName, Name);
  return Entry ? P.Sass.find(Entry->MangledName) : nullptr;
}

} // namespace rla
