//===- LaunchReport.cpp ---------------------------------------------------===//
#include "analyzer/models/LaunchReport.h"

namespace rla {

size_t BoundTotals::size() const {
  size_t N = 0;
  for (const BoundValue &V : Values)
    N += V.has_value();
  return N;
}

BoundValue allFlops(const BoundTotals &T) {
  BoundValue Flops = T.get(Metric::Flops);
  BoundValue Tensor = T.get(Metric::TensorFlops);
  if (Flops && Tensor)
    return NumberRange{Flops->Low + Tensor->Low, Flops->High + Tensor->High};
  return Flops;
}

std::pair<std::string, std::string> &FormulaTable::operator[](Metric Q) {
  if (!Shared)
    Shared = std::make_shared<Map>();
  else if (Shared.use_count() > 1)
    Shared = std::make_shared<Map>(*Shared);
  return (*Shared)[Q];
}

const FormulaTable::Map &FormulaTable::map() const {
  static const Map Empty;
  return Shared ? *Shared : Empty;
}

GpuVerdict *verdictOn(KernelReport &K, const GpuSpec &Gpu) {
  for (GpuVerdict &V : K.Verdicts)
    if (V.Gpu == &Gpu)
      return &V;
  return nullptr;
}

} // namespace rla
