//===- ArgDecoder.h - A traced launch as the binder's LaunchSpec -*- C++
//-*-===//
///
/// \file
/// Turns a launch record's raw argument bytes into scalar values using the
/// parameter types the static model knows (the trace carries bytes, not
/// types), and the record into a LaunchSpec with source "trace".
//===----------------------------------------------------------------------===//
#ifndef RLA_MEASURE_ARGDECODER_H
#define RLA_MEASURE_ARGDECODER_H

#include "analyzer/ir/LaunchSpec.h"
#include "analyzer/measure/Trace.h"

#include <optional>
#include <string>
#include <vector>

namespace rla {

/// IEEE binary16 bits -> float value.
double halfToDouble(uint16_t Bits);

/// Decodes one scalar parameter's bytes (little-endian, as the GPU takes
/// them). nullopt, with Why, when the type is not an integer or floating
/// scalar or the size does not fit it.
std::optional<Rational> decodeScalar(const KernelParam &P,
                                     const std::vector<uint8_t> &Bytes,
                                     std::string &Why);

/// The LaunchSpec of one traced launch of Model: dimensions, dynamic shared
/// memory and every scalar argument it could decode (reasons for the others
/// go to Notes).
LaunchSpec launchFromTrace(const KernelModel &Model, const TraceLaunch &L);

} // namespace rla

#endif // RLA_MEASURE_ARGDECODER_H
