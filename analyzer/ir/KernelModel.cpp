//===- KernelModel.cpp ----------------------------------------------------===//
#include "analyzer/ir/KernelModel.h"
#include "analyzer/ir/LaunchSpec.h"

namespace rla {

const char *precisionName(Precision P) {
  switch (P) {
  case Precision::FP16:
    return "fp16";
  case Precision::BF16:
    return "bf16";
  case Precision::FP32:
    return "fp32";
  case Precision::FP64:
    return "fp64";
  }
  return "fp32";
}

const char *tensorPrecisionName(TensorPrecision P) {
  switch (P) {
  case TensorPrecision::FP16:
    return "fp16";
  case TensorPrecision::FP16Acc16:
    return "fp16_acc16";
  case TensorPrecision::BF16:
    return "bf16";
  case TensorPrecision::TF32:
    return "tf32";
  case TensorPrecision::FP8:
    return "fp8";
  case TensorPrecision::INT8:
    return "int8";
  case TensorPrecision::INT4:
    return "int4";
  case TensorPrecision::FP4:
    return "fp4";
  case TensorPrecision::FP64:
    return "fp64";
  case TensorPrecision::B1:
    return "b1";
  }
  return "fp16";
}

std::optional<TensorPrecision> tensorPrecisionFromName(const std::string &N) {
  for (unsigned I = 0; I < NumTensorPrecisions; ++I)
    if (N == tensorPrecisionName(static_cast<TensorPrecision>(I)))
      return static_cast<TensorPrecision>(I);
  return std::nullopt;
}

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Remark:
    return "remark";
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "remark";
}

const char *launchSourceName(LaunchSource S) {
  switch (S) {
  case LaunchSource::LaunchSite:
    return "launch-site";
  case LaunchSource::Cli:
    return "cli";
  case LaunchSource::LaunchFile:
    return "launch-file";
  case LaunchSource::Trace:
    return "trace";
  case LaunchSource::None:
    return "none";
  }
  return "none";
}

std::string dimSymbol(const char *Builtin, unsigned Dim) {
  static const char *Names[] = {"x", "y", "z"};
  return std::string(Builtin) + "." + Names[Dim < 3 ? Dim : 0];
}

Expr CostVector::totalFlops() const {
  Expr Sum;
  for (const Expr &F : Flops)
    Sum += F;
  return Sum;
}

Expr CostVector::totalTensorFlops() const {
  Expr Sum;
  for (const Expr &F : TensorFlops)
    Sum += F;
  return Sum;
}

Finding dataFinding(std::string Id, Severity Level, SourceLoc Loc,
                    FindingData Data, std::vector<FixIt> Fixes) {
  Finding F;
  F.Id = std::move(Id);
  F.Level = Level;
  F.Loc = std::move(Loc);
  F.Fixes = std::move(Fixes);
  F.Data = std::move(Data);
  return F;
}

const std::vector<std::pair<Metric, Expr CostVector::*>> &
CostVector::scalarFields() {
  static const std::vector<std::pair<Metric, Expr CostVector::*>> Fields = {
      {Metric::SfuOps, &CostVector::SfuOps},
      {Metric::IntOps, &CostVector::IntOps},
      {Metric::CompareOps, &CostVector::CompareOps},
      {Metric::GlobalLoads, &CostVector::GlobalLoads},
      {Metric::GlobalLoadBytes, &CostVector::GlobalLoadBytes},
      {Metric::GlobalStores, &CostVector::GlobalStores},
      {Metric::GlobalStoreBytes, &CostVector::GlobalStoreBytes},
      {Metric::SharedLoadBytes, &CostVector::SharedLoadBytes},
      {Metric::SharedStoreBytes, &CostVector::SharedStoreBytes},
      {Metric::AtomicOps, &CostVector::AtomicOps},
      {Metric::AtomicBytes, &CostVector::AtomicBytes},
      {Metric::Barriers, &CostVector::Barriers},
      {Metric::HardwareFlops, &CostVector::HardwareFlops},
      {Metric::TextureFetches, &CostVector::TextureFetches},
  };
  return Fields;
}

CostVector CostVector::map(const std::function<Expr(const Expr &)> &F) const {
  CostVector R;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    R.Flops[P] = F(Flops[P]);
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    R.TensorFlops[P] = F(TensorFlops[P]);
  for (const auto &[Name, Field] : scalarFields())
    R.*Field = F(this->*Field);
  return R;
}

CostVector
CostVector::zipWith(const CostVector &A, const CostVector &B,
                    const std::function<Expr(const Expr &, const Expr &)> &F) {
  CostVector R;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    R.Flops[P] = F(A.Flops[P], B.Flops[P]);
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    R.TensorFlops[P] = F(A.TensorFlops[P], B.TensorFlops[P]);
  for (const auto &[Name, Field] : scalarFields())
    R.*Field = F(A.*Field, B.*Field);
  return R;
}

CostVector operator+(const CostVector &A, const CostVector &B) {
  return CostVector::zipWith(
      A, B, [](const Expr &X, const Expr &Y) { return X + Y; });
}

CostVector CostVector::scaled(const Expr &Factor) const {
  return map([&](const Expr &X) { return X * Factor; });
}

bool CostRange::isExact() const {
  bool Exact = true;
  for (unsigned P = 0; P < NumPrecisions; ++P)
    Exact &= Low.Flops[P] == High.Flops[P];
  for (unsigned P = 0; P < NumTensorPrecisions; ++P)
    Exact &= Low.TensorFlops[P] == High.TensorFlops[P];
  for (const auto &[Name, Field] : CostVector::scalarFields())
    Exact &= Low.*Field == High.*Field;
  return Exact;
}

const KernelParam *KernelModel::findParam(const std::string &ParamName) const {
  for (const KernelParam &P : Params)
    if (P.Name == ParamName)
      return &P;
  return nullptr;
}

} // namespace rla
