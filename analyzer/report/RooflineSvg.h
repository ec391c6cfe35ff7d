//===- RooflineSvg.h - Log-log roofline plot as standalone SVG --*- C++ -*-===//
///
/// \file
/// A hand-written SVG (no dependency) that opens in any browser: decade ticks
/// on both log axes, the compute ceilings and memory ceilings a plot is given
/// (RooflineCeilings.h: every roof of a GPU), and per kernel a predicted and
/// a measured point, labelled.
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
  bool Measured = false; ///< filled circle when measured, hollow square else
  double Intensity = 0;  ///< FLOP/byte
  double FlopsPerS = 0;
};

struct RooflinePlot {
  std::string Title;
  std::vector<RoofCeiling> Compute, Memory;
  std::vector<RoofPoint> Points;
};

/// The whole SVG document. Points with a non-positive coordinate are left
/// out of the plot (log axes) and listed in a note under it.
std::string renderRooflineSvg(const RooflinePlot &Plot);
/// Several plots, one under the other (one per GPU), in one document.
std::string renderRooflineSvg(const std::vector<RooflinePlot> &Plots);

} // namespace rla

#endif // RLA_REPORT_ROOFLINESVG_H
