//===- Binder.cpp ---------------------------------------------------------===//
#include "analyzer/models/Binder.h"
#include "analyzer/models/LaunchStage.h"

namespace rla {

Bindings launchBindings(const KernelModel &Model, const LaunchSpec &Launch) {
  Bindings B;
  for (unsigned D = 0; D < 3; ++D) {
    if (Launch.Grid[D])
      B[dimSymbol("gridDim", D)] = *Launch.Grid[D];
    if (Launch.Block[D])
      B[dimSymbol("blockDim", D)] = *Launch.Block[D];
  }
  for (const auto &[Name, Value] : Launch.Args) {
    // "cfg.n": an integer field of a struct parameter.
    std::string Param = Name.substr(0, Name.find('.'));
    if (const KernelParam *P = Model.findParam(Param);
        P && (P->ParamKind == KernelParam::Integer ||
              (P->ParamKind == KernelParam::Other && Param != Name)))
      B[Name] = Value;
  }
  // A pointer the kernel tests for null: 0 where the launch passes null,
  // 1 where it passes an allocation.
  for (const std::string &P : Model.NullTestedPointers) {
    if (Launch.NullPointerArgs.count(P))
      B[P] = Rational(0);
    else if (Launch.AllocatedBytes.count(P))
      B[P] = Rational(1);
  }
  return B;
}

KernelReport bindLaunch(const KernelModel &Model, const LaunchSpec &Launch,
                        const Bindings &UserBindings,
                        const std::vector<const GpuSpec *> &Gpus,
                        const Bindings &Defaults, KernelResources *Resources,
                        const KernelReport *Earlier, CacheState Cache) {
  LaunchContext C(Model, Launch, Gpus);
  C.Cache = Cache;
  C.Defaults = Defaults;
  C.UserBindings = UserBindings;
  C.Resources = Resources;
  C.Earlier = Earlier;
  return runLaunchStages(C);
}

} // namespace rla
