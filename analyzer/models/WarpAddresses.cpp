//===- WarpAddresses.cpp --------------------------------------------------===//
#include "analyzer/models/WarpAddresses.h"
#include "analyzer/ir/KernelModel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace rla {
namespace {

constexpr int Samples = 4;

int64_t floorDiv(int64_t A, int64_t B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

struct PhaseCost {
  double Wavefronts = 0, IdealWavefronts = 0;
};

/// A shared access of more than 4 bytes per lane is served a part of the
/// warp at a time: 64-bit requests a half-warp per phase, 128-bit ones a
/// quarter-warp, each phase as many wavefronts as its worst bank's distinct
/// words. Loads whose lanes pair up on one address (lane n with n^1, or
/// with n^2) return two lanes' data per register and take half the
/// wavefronts: a broadcast LDS.128 takes 2, a conflict-free one 4 (NVIDIA's
/// description of CC 7.x loads; Nsight Compute shows the same on CC 8.6
/// and 9.0). Ideal: one wavefront per phase, halved where pairs pack.
PhaseCost widePhases(const std::map<int64_t, int64_t> &AddressOfLane,
                     int64_t Bytes, bool Load) {
  const int64_t LanesPerPhase = Bytes >= 16 ? 8 : 16;
  std::map<int64_t, std::map<int64_t, std::set<int64_t>>> BanksOfPhase;
  for (const auto &[Lane, Addr] : AddressOfLane)
    for (int64_t W = floorDiv(Addr, BankBytes);
         W <= floorDiv(Addr + Bytes - 1, BankBytes); ++W)
      BanksOfPhase[Lane / LanesPerPhase][((W % Banks) + Banks) % Banks].insert(
          W);
  auto pairsShare = [&](int64_t Mask) {
    for (const auto &[Lane, Addr] : AddressOfLane) {
      auto Partner = AddressOfLane.find(Lane ^ Mask);
      if (Partner == AddressOfLane.end() || Partner->second != Addr)
        return false;
    }
    return true;
  };
  PhaseCost P;
  for (const auto &[Phase, ByBank] : BanksOfPhase) {
    size_t Worst = 1;
    for (const auto &[Bank, Set] : ByBank)
      Worst = std::max(Worst, Set.size());
    P.Wavefronts += double(Worst);
    P.IdealWavefronts += 1;
  }
  if (Load && !AddressOfLane.empty() && (pairsShare(1) || pairsShare(2))) {
    P.Wavefronts = std::ceil(P.Wavefronts / 2);
    P.IdealWavefronts = std::ceil(P.IdealWavefronts / 2);
  }
  return P;
}

} // namespace

WarpCost warpCost(const AffineAccess &A, const LaunchShape &Shape,
                  unsigned VectorBytes) {
  WarpCost Out;
  Out.Lanes = 0;
  const int64_t Bytes = VectorBytes ? VectorBytes : A.Site->Bytes;
  const int64_t Threads = Shape.threadsPerBlock();
  // Lanes outside the access's threadIdx ranges do not take part (a
  // `threadIdx.x == 0` store is one lane of one warp per block).
  auto active = [&](int64_t Tid, int64_t &Tx, int64_t &Ty, int64_t &Tz) {
    Tx = Tid % Shape.Block[0];
    Ty = (Tid / Shape.Block[0]) % Shape.Block[1];
    Tz = Tid / (Shape.Block[0] * Shape.Block[1]);
    int64_t T[3] = {Tx, Ty, Tz};
    for (unsigned D = 0; D < 3; ++D) {
      if (T[D] < A.ThreadRange[D].first || T[D] >= A.ThreadRange[D].second)
        return false;
      if (A.Site->ThreadResidues[D] &&
          !A.Site->ThreadResidues[D]->contains(T[D]))
        return false;
    }
    return true;
  };
  std::vector<int64_t> ActiveWarps;
  for (int64_t W = 0; W * 32 < Threads; ++W)
    for (int64_t Tid = W * 32; Tid < std::min(Threads, W * 32 + 32); ++Tid) {
      int64_t Tx, Ty, Tz;
      if (active(Tid, Tx, Ty, Tz)) {
        ActiveWarps.push_back(W);
        break;
      }
    }
  if (ActiveWarps.empty())
    ActiveWarps.push_back(0);
  for (int K = 0; K < Samples; ++K) {
    // The part of the address that is the same for every lane.
    int64_t Base = A.Origin;
    for (const AffineTerm &T : A.Terms) {
      int64_t Signed = T.Reversed ? -T.Stride : T.Stride;
      int64_t Pick = std::min<int64_t>(K, std::max<int64_t>(0, T.Count - 1));
      if (T.Kind == TermKind::Loop)
        Base += Signed * (T.Lo + Pick);
      else if (T.Kind == TermKind::Block)
        Base += Signed * (T.Lo + Pick);
      else if (T.Kind == TermKind::Global)
        Base += Signed * Shape.Block[T.Dim] *
                std::min<int64_t>(K, Shape.Grid[T.Dim] - 1);
    }
    int64_t Warp = ActiveWarps[K % ActiveWarps.size()];
    int64_t First = Warp * 32, Last = std::min(Threads, First + 32);
    // A decomposed thread index: each lane's address evaluated exactly at
    // this sample's block and loop indices.
    Bindings Point;
    if (A.LaneAddress) {
      for (const std::string &S : A.LaneAddress->symbols())
        Point[S] = Rational(0);
      for (const AffineTerm &T : A.Terms) {
        int64_t Pick = std::min<int64_t>(K, std::max<int64_t>(0, T.Count - 1));
        if (T.Kind == TermKind::Loop || T.Kind == TermKind::Block)
          Point[T.Var] = Rational(T.Lo + Pick);
        else if (T.Kind == TermKind::Global)
          Point[dimSymbol("blockIdx", T.Dim)] =
              Rational(std::min<int64_t>(K, Shape.Grid[T.Dim] - 1));
      }
    }
    auto laneAddress = [&](int64_t Tx, int64_t Ty, int64_t Tz) {
      if (A.LaneAddress) {
        Point[dimSymbol("threadIdx", 0)] = Rational(Tx);
        Point[dimSymbol("threadIdx", 1)] = Rational(Ty);
        Point[dimSymbol("threadIdx", 2)] = Rational(Tz);
        EvalResult R = A.LaneAddress->evaluate(Point);
        if (R.ok() && R.Value->isInteger())
          return static_cast<int64_t>(R.Value->num());
      }
      return Base + A.LaneStride[0] * Tx + A.LaneStride[1] * Ty +
             A.LaneStride[2] * Tz;
    };
    std::set<int64_t> Sectors, Words, Lines;
    std::map<int64_t, std::set<int64_t>> ByBank;
    std::map<int64_t, int64_t> AddressOfLane;
    double Lanes = 0;
    for (int64_t Tid = First; Tid < Last; ++Tid) {
      int64_t Tx, Ty, Tz;
      if (!active(Tid, Tx, Ty, Tz))
        continue;
      Lanes += 1;
      int64_t Addr = laneAddress(Tx, Ty, Tz);
      // Scalar accesses the compiler merged start on the vector's boundary.
      if (VectorBytes)
        Addr = floorDiv(Addr, VectorBytes) * VectorBytes;
      AddressOfLane[Tid - First] = Addr;
      for (int64_t S = floorDiv(Addr, SectorBytes);
           S <= floorDiv(Addr + Bytes - 1, SectorBytes); ++S) {
        Sectors.insert(S);
        Lines.insert(floorDiv(S * SectorBytes, LineBytes));
      }
      for (int64_t W = floorDiv(Addr, BankBytes);
           W <= floorDiv(Addr + Bytes - 1, BankBytes); ++W) {
        Words.insert(W);
        ByBank[((W % Banks) + Banks) % Banks].insert(W);
      }
    }
    double Unique = double(Words.size()) * BankBytes;
    if (Bytes < BankBytes) {
      // Sub-word elements: count the bytes, not the words.
      std::set<int64_t> ByteSet;
      for (int64_t Tid = First; Tid < Last; ++Tid) {
        int64_t Tx, Ty, Tz;
        if (active(Tid, Tx, Ty, Tz))
          ByteSet.insert(laneAddress(Tx, Ty, Tz));
      }
      Unique = double(ByteSet.size()) * double(Bytes);
    }
    size_t Worst = 0;
    for (const auto &[Bank, Set] : ByBank)
      Worst = std::max(Worst, Set.size());
    // Wide accesses are served 128 bytes of the warp at a time.
    double Ideal = std::ceil(Lanes * double(Bytes) / double(Banks * BankBytes));
    double Ideal1 =
        std::max(1.0, std::ceil(Unique / double(Banks * BankBytes)));
    Out.Lanes += Lanes;
    Out.UniqueBytes += Unique;
    Out.Sectors += double(Sectors.size());
    Out.Lines += double(Lines.size());
    Out.IdealSectors += std::ceil(Unique / double(SectorBytes));
    if (A.Site->Shared && Bytes > BankBytes) {
      PhaseCost P =
          widePhases(AddressOfLane, Bytes, A.Site->Kind == AccessKind::Load);
      Out.Wavefronts += std::max(P.Wavefronts, Ideal1);
      Out.IdealWavefronts += std::max(P.IdealWavefronts, Ideal1);
    } else {
      Out.Wavefronts += std::max({double(Worst), Ideal1, std::min(Ideal, 1.0)});
      Out.IdealWavefronts += Ideal1;
    }
  }
  Out.Lanes /= Samples;
  Out.UniqueBytes /= Samples;
  Out.Sectors /= Samples;
  Out.Lines /= Samples;
  Out.IdealSectors /= Samples;
  Out.Wavefronts /= Samples;
  Out.IdealWavefronts /= Samples;
  return Out;
}

} // namespace rla
