//===- Crossover.h - When a kernel turns compute-bound ----------*- C++ -*-===//
///
/// \file
/// The lessons' questions, answered from the model instead of by hand:
///  - Crossover (--solve N): a kernel's intensity is a function of its free
///    symbols; the smallest value of one of them at which the intensity
///    reaches a roof's ridge point. The model is evaluated at that value
///    (the whole binder and memory model, not a fitted formula), first at
///    powers of two, then by bisection over the integers.
///  - What if (--precision X): the same launch with its data stored as X
///    (each array's DRAM bytes scaled by X's width over its element width,
///    as the memory model attributes them to arrays at the launch asked
///    about) against X's roof.
/// Both use two traffic models: compulsory (each byte moves once, as if the
/// cache held everything: the lessons' arithmetic) and the DRAM estimate of
/// the GPU's own L2.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_CROSSOVER_H
#define RLA_MODELS_CROSSOVER_H

#include "analyzer/hw/GpuSpec.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/models/Roofline.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

struct KernelReport;

/// The roof a question is asked against: a CUDA-core or tensor precision.
struct RoofChoice {
  std::string Name;    ///< "bf16", "fp32", "fp8", ... (--precision)
  bool Tensor = false; ///< the tensor peak of Name (preferred where listed)
  double PeakFlops = 0;
  double Ridge = 0;          ///< FLOP/B
  unsigned Bits = 0;         ///< width of one element stored in Name
  std::string label() const; ///< "tensor bf16", "fp32"
};
/// The roof for precision Name on Gpu: its dense tensor peak where the
/// database has one, else its CUDA-core peak; nullopt when neither, or
/// when Gpu has no DRAM bandwidth.
std::optional<RoofChoice> roofFor(const GpuSpec &Gpu, const std::string &Name);
/// The roof and data width the kernel itself computes in, from its verdict.
std::optional<RoofChoice> ownRoof(const GpuSpec &Gpu,
                                  const RooflineResult &Verdict);
/// Bits of one element of precision Name ("tf32" is stored as 32 bits).
unsigned precisionBits(const std::string &Name);

struct CrossoverPoint {
  enum Kind {
    At,      ///< compute-bound from Value on
    Below,   ///< compute-bound below Value only (intensity falls with it)
    Always,  ///< at every value tried
    Never,   ///< at no value tried (up to Limit)
    Unknown, ///< the model could not be evaluated (Why)
  } How = Unknown;
  int64_t Value = 0;
  int64_t Limit = 0; ///< the largest value evaluated
  std::optional<Note> Why;
};

struct CrossoverResult {
  const GpuSpec *Gpu = nullptr;
  std::string Symbol;
  RoofChoice Roof;
  /// Data as the kernel stores it: compulsory traffic and DRAM estimate.
  CrossoverPoint Compulsory, Dram;
  /// With --precision: data stored in the roof's precision (bytes scaled
  /// by ByteScale, the per-array mix of the launch asked about),
  /// compulsory traffic; unset when the data is stored so already.
  std::optional<CrossoverPoint> Stored;
  double ByteScale = 1;
  /// Launch dimensions taken to follow the symbol, and other assumptions.
  std::vector<Note> Assumptions; ///< worded by report/NoteText.h
};

/// The intensity a launch needs under the two traffic models.
struct WhatIfResult {
  const GpuSpec *Gpu = nullptr;
  RoofChoice Current, Target;
  double ByteScale = 1;                      ///< Target.Bits / Current.Bits
  double Intensity = 0, TargetIntensity = 0; ///< FLOP per DRAM byte
  std::optional<Level> Verdict, TargetVerdict;
  /// s: the launch's predicted time, and the largest of the target's
  /// compute time and every level's time with its bytes scaled.
  double PredictedTime = 0, TargetTime = 0;
};

/// Solves for Symbol on Gpu. Base is the report of the launch as given;
/// Precision empty: the kernel's own roof.
CrossoverResult solveCrossover(const KernelReport &Base, const Bindings &Binds,
                               const Bindings &Defaults, const GpuSpec &Gpu,
                               const std::string &Symbol,
                               const std::string &Precision);

/// The what-if for one launch on its first verdict's GPU; nullopt when the
/// launch has no verdict or the GPU has no roof for Precision.
std::optional<WhatIfResult> whatIfPrecision(const KernelReport &Base,
                                            const std::string &Precision);

} // namespace rla

#endif // RLA_MODELS_CROSSOVER_H
