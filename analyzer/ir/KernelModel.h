//===- KernelModel.h - Clang-free description of one kernel -----*- C++ -*-===//
///
/// \file
/// What the front end learned about one __global__ kernel (or one
/// instantiation of a kernel template): its parameters and its costs summed
/// over a whole launch, as expressions over the parameters and the launch
/// dimensions (symbols "gridDim.x", "blockDim.y", ...). Everything after the
/// front end works on this struct and never sees a Clang type.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_KERNELMODEL_H
#define RLA_IR_KERNELMODEL_H

#include "analyzer/ir/AccessSite.h"
#include "analyzer/ir/Expr.h"
#include "analyzer/ir/FindingData.h"
#include "analyzer/ir/LineSite.h"
#include "analyzer/ir/Metric.h"
#include "analyzer/ir/Note.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace rla {

enum class Precision { FP16 = 0, BF16, FP32, FP64 };
constexpr unsigned NumPrecisions = 4;
const char *precisionName(Precision P); ///< "fp16", "bf16", "fp32", "fp64"

/// The input format of a tensor-core MMA. Fp16Acc16 is fp16 inputs with an
/// fp16 accumulator: GeForce parts run it at twice the fp32-accumulate rate,
/// so it needs a roof of its own; reports add it to fp16.
enum class TensorPrecision {
  FP16 = 0,
  FP16Acc16,
  BF16,
  TF32,
  FP8,
  INT8,
  INT4,
  FP4,
  FP64,
  B1
};
constexpr unsigned NumTensorPrecisions = 10;
/// "fp16", "fp16_acc16", "bf16", "tf32", "fp8", "int8", "int4", "fp4",
/// "fp64", "b1": the keys of the GPU database's tensor_flops.
const char *tensorPrecisionName(TensorPrecision P);
/// The inverse of tensorPrecisionName.
std::optional<TensorPrecision> tensorPrecisionFromName(const std::string &N);

/// A file position (1-based line and column, like clang's diagnostics).
struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  bool valid() const { return Line != 0; }
  /// "file:line:column".
  std::string str() const {
    return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
  }
};

enum class Severity { Remark, Note, Warning, Error };
const char *severityName(Severity S); ///< "remark", "note", "warning", "error"

/// An edit that resolves a finding, as clang's fix-it hints: the Length
/// characters at Loc (which read Original) become Replacement.
struct FixIt {
  SourceLoc Loc;
  unsigned Length = 0;
  std::string Original, Replacement;
};

/// A finding with a stable ID (e.g. "rl-recursion", "rl-data-dependent").
/// The models give what they found as Data and leave Message empty: the
/// report words it (report/FindingText.h). Findings from the front end
/// carry Clang's text, or the parser's, as Message.
struct Finding {
  std::string Id;
  Severity Level = Severity::Remark;
  std::string Message;
  SourceLoc Loc;
  /// Offered only where the model checked that the edit removes the cause.
  std::vector<FixIt> Fixes = {};
  FindingData Data = {};
  /// The finding's words as a note, for report/ to word (Message empty).
  std::optional<Note> Words = {};
};

/// The same finding twice: its id, words and place (a finding reported by
/// two launches of one kernel, or suppressed twice, is said once).
inline bool sameFinding(const Finding &A, const Finding &B) {
  return A.Id == B.Id && A.Message == B.Message && A.Words == B.Words &&
         A.Loc.File == B.Loc.File && A.Loc.Line == B.Loc.Line &&
         A.Loc.Column == B.Loc.Column;
}

/// A model's finding: its values, worded later by the report.
Finding dataFinding(std::string Id, Severity Level, SourceLoc Loc,
                    FindingData Data, std::vector<FixIt> Fixes = {});

/// The costs of a launch, one expression per quantity. Each field is a count
/// summed over every thread of the launch (or, in KernelModel::PerThread,
/// over one thread that passes every guard).
struct CostVector {
  std::array<Expr, NumPrecisions> Flops; ///< by Precision
  /// Tensor-core FLOPs (2*M*N*K per warp-level MMA) by TensorPrecision,
  /// apart from the CUDA-core FLOPs above.
  std::array<Expr, NumTensorPrecisions> TensorFlops;
  Expr SfuOps; ///< transcendental / special function calls (see MathFunctions)
  Expr IntOps; ///< integer + - * / % << >> & | ^
  Expr CompareOps; ///< comparisons, min/max/abs (not FLOPs)
  Expr GlobalLoads, GlobalLoadBytes;
  Expr GlobalStores, GlobalStoreBytes;
  Expr SharedLoadBytes, SharedStoreBytes;
  Expr AtomicOps, AtomicBytes; ///< global and shared atomics
  Expr Barriers;               ///< __syncthreads() executed, per thread
  /// What Nsight Compute's fadd + fmul + 2*ffma (and d/h) counters would
  /// see: instructions, not lanes, and math functions and divisions as the
  /// FMA sequences they compile to (docs/sass-math-costs.md).
  Expr HardwareFlops;
  /// Texture and surface fetches (tex2D, tex1Dfetch, surf2Dread, ...), one
  /// per call: the texture units' work, apart from their bytes, which are
  /// global loads and stores.
  Expr TextureFetches;

  Expr totalFlops() const;
  Expr totalTensorFlops() const;
  /// Applies F to every field.
  CostVector map(const std::function<Expr(const Expr &)> &F) const;
  /// Combines fields pairwise.
  static CostVector
  zipWith(const CostVector &A, const CostVector &B,
          const std::function<Expr(const Expr &, const Expr &)> &F);
  friend CostVector operator+(const CostVector &A, const CostVector &B);
  CostVector scaled(const Expr &Factor) const;
  /// The scalar fields by the quantity each is, in the order reports print
  /// them.
  static const std::vector<std::pair<Metric, Expr CostVector::*>> &
  scalarFields();
};

/// Costs that the source may not decide: Low == High when exact.
struct CostRange {
  CostVector Low, High;
  bool isExact() const;
  friend CostRange operator+(const CostRange &A, const CostRange &B) {
    return {A.Low + B.Low, A.High + B.High};
  }
};

/// One kernel parameter as the models need it.
struct KernelParam {
  enum Kind { Pointer, Integer, Floating, Other };
  std::string Name;
  std::string Type; ///< as spelled by clang, e.g. "const float *"
  Kind ParamKind = Other;
  unsigned PointeeBytes = 0; ///< for pointers: sizeof(*p)
};

/// A kernel (or template instantiation) as the cost models see it.
struct KernelModel {
  std::string Name;        ///< with template arguments: "scale<float>"
  std::string MangledName; ///< as ptxas prints it
  SourceLoc Location;      ///< of the kernel's name
  std::vector<KernelParam> Params;
  CostRange Total;     ///< summed over the launch
  CostRange PerThread; ///< for one thread that passes every guard
  /// What the model had to assume (e.g. "size parameters are >= 0").
  std::vector<Note> Assumptions;
  /// Why Low and High differ, one line per data-dependent construct.
  std::vector<Note> RangeReasons;
  std::vector<Finding> Findings;
  /// Whether the source reads any index builtin of dimension x, y, z
  /// (threadIdx.d, blockIdx.d, blockDim.d, gridDim.d). Formulas are shown
  /// with the unused dimensions at 1.
  std::array<bool, 3> UsesDimension{{true, false, false}};
  /// Block sizes the model took for granted (a guard written with a tile
  /// constant: `blockIdx.y * 16 + threadIdx.y < M` counts as a global-index
  /// guard when blockDim.y == 16): symbol -> value.
  std::map<std::string, Rational> AssumedBlockDims;
  /// Pointer parameters a branch tests for null: symbols of those names are
  /// 1 where the launch passes a buffer, 0 where it passes null.
  std::set<std::string> NullTestedPointers;
  /// Grid-stride loops stepping by a tile constant (`i += 256 * gridDim.x`):
  /// symbol -> tile. Exact for blocks up to the tile; a wider block repeats
  /// elements of the next tile.
  std::map<std::string, Rational> StrideTiles;
  /// Grid-stride loops that give each index to a group of W threads (a warp
  /// per row): symbol -> W. Exact when the block is a multiple of W.
  std::map<std::string, Rational> BlockDimMultiples;
  /// Every global, shared and atomic access with its address, for the
  /// memory models (coalescing, footprint, banks, atomics).
  std::vector<AccessSite> Accesses;
  /// How often each source line runs, for matching the compiled code's
  /// instructions to the source (models/InstructionMix.h).
  std::vector<LineSite> Lines;
  /// __launch_bounds__ max threads per block, 0 when absent.
  unsigned LaunchBoundsMaxThreads = 0;
  /// The architectures ("sm_90") whose device-side compile this body is;
  /// empty when the body is the same for every architecture asked for.
  std::vector<std::string> Archs;
  /// Set when clang reported an error in the body (or in a function it
  /// calls): the costs are not counted; the finding holds clang's message.
  std::optional<Finding> NotAnalysed;

  const KernelParam *findParam(const std::string &Name) const;
};

/// Names of the launch-dimension symbols: dimSymbol("gridDim", 0) ==
/// "gridDim.x".
std::string dimSymbol(const char *Builtin, unsigned Dim);

} // namespace rla

#endif // RLA_IR_KERNELMODEL_H
