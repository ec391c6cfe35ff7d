//===- HoverRenderer.h - A kernel's summary for an editor hover -*- C++ -*-===//
///
/// \file
/// The few numbers a developer wants while the cursor is on a kernel's name:
/// FLOPs, DRAM bytes, arithmetic intensity, the roofline verdict and the
/// predicted time on each GPU, per launch. Markdown, as LSP hovers take it.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_HOVERRENDERER_H
#define RLA_REPORT_HOVERRENDERER_H

#include "analyzer/report/Report.h"

#include <string>
#include <vector>

namespace rla {

/// "saxpy" for "saxpy", "scale<float>" and "ns::saxpy": the identifier a
/// hover position lands on.
std::string kernelIdentifier(const std::string &KernelName);

/// The kernel reports of R whose identifier is Identifier, in report order.
std::vector<const KernelReport *> kernelsNamed(const Report &R,
                                               const std::string &Identifier);

/// Markdown summary of the given launches (all of one kernel name).
std::string renderHover(const std::vector<const KernelReport *> &Kernels);

/// Markdown for a source line that accesses memory: per launch of R with
/// traffic on File:Line, the bytes loaded and stored, the sectors and the
/// line's share of the launch's DRAM traffic (LineTrafficText.h); "" when
/// no launch has any there.
std::string renderLineHover(const Report &R, const std::string &File,
                            unsigned Line);

} // namespace rla

#endif // RLA_REPORT_HOVERRENDERER_H
