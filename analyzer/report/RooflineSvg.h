//===- RooflineSvg.h - Log-log roofline plot as standalone SVG --*- C++ -*-===//
///
/// \file
/// A hand-written SVG (no dependency) that opens in any browser: decade ticks
/// on both log axes, the compute ceilings and memory ceilings a plot is given
/// (RooflineCeilings.h: every roof of a GPU), and per kernel its predicted
/// points and a measured one, labelled. As Nsight Compute's hierarchical
/// roofline, a launch is a point at each memory level's intensity (DRAM,
/// L2, L1), joined by a line, the level its verdict names drawn filled. A
/// launch without FLOPs is drawn at the left edge at the bandwidth it
/// reaches, below the memory roofs by the share of them it uses.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_ROOFLINESVG_H
#define RLA_REPORT_ROOFLINESVG_H

#include <string>
#include <vector>

namespace rla {

struct RoofCeiling {
  std::string Label; ///< "FP32 67 TFLOP/s", "DRAM 4.8 TB/s"
  double Value = 0;  ///< FLOP/s for compute, byte/s for memory
};

struct RoofPoint {
  std::string Label;     ///< kernel (and case)
  bool Measured = false; ///< filled circle when measured, a level's shape else
  double Intensity = 0;  ///< FLOP/byte at Level
  double FlopsPerS = 0;
  /// The memory level Intensity is at: "DRAM" (a square), "L2" (a diamond)
  /// or "L1" (a triangle); the points of one launch share Group (>= 0) and
  /// are joined by a line.
  std::string Level = "DRAM";
  int Group = -1;
  bool Verdict = false; ///< the level the verdict names: drawn filled
  /// A launch without FLOPs: its bytes per second at Level, drawn at the
  /// left edge of the intensity axis (the height a memory roof has there,
  /// times the share of it the launch reaches).
  double BytesPerS = 0;
};

struct RooflinePlot {
  std::string Title;
  std::vector<RoofCeiling> Compute, Memory;
  std::vector<RoofPoint> Points;
};

/// The whole SVG document. Points with a non-positive coordinate are left
/// out of the plot (log axes) and listed in a note under it.
std::string renderRooflineSvg(const RooflinePlot &Plot);
/// Several plots in one document (one per GPU), two side by side a row;
/// the document's size fits a 1200 x 800 screen, its view box keeps each
/// panel's 900 x 600.
std::string renderRooflineSvg(const std::vector<RooflinePlot> &Plots);

} // namespace rla

#endif // RLA_REPORT_ROOFLINESVG_H
