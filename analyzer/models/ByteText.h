//===- ByteText.h - Byte counts in the models' messages ---------*- C++ -*-===//
///
/// \file
/// "536.9 MB": decimal units with one decimal (whole bytes below 1 KB), the
/// form the memory findings and assumptions print. Kept here, not in
/// report/, because the models word their own messages.
//===----------------------------------------------------------------------===//
#ifndef RLA_MODELS_BYTETEXT_H
#define RLA_MODELS_BYTETEXT_H

#include <string>

namespace rla {

std::string bytesText(double Bytes);

} // namespace rla

#endif // RLA_MODELS_BYTETEXT_H
