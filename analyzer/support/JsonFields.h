//===- JsonFields.h - Typed fields of a JSON object ------------*- C++ -*-===//
///
/// \file
/// Every file rl-analyze reads is JSON the user (or an older rl-analyze) may
/// have written in any shape. nlohmann's get<T>() throws on a wrong type and
/// wraps or truncates a number that does not fit, so readers ask here: each
/// read checks the type and the range and, on failure, sets one message that
/// names the object and the field (`line 3: "grid"[1] must be an integer in
/// [1, 2147483647], found string`). No read throws.
//===----------------------------------------------------------------------===//
#ifndef RLA_SUPPORT_JSONFIELDS_H
#define RLA_SUPPORT_JSONFIELDS_H

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace rla {

/// "string", "array", "null", ... as a message says what it found.
std::string jsonTypeName(const nlohmann::json &V);

/// V as an integer in [Min, Max] (a float that is a whole number counts);
/// false with Why ("must be an integer in [0, 64], found string") otherwise.
bool jsonInteger(const nlohmann::json &V, int64_t Min, int64_t Max,
                 int64_t &Out, std::string &Why);
/// V as a finite number in [Min, Max].
bool jsonNumber(const nlohmann::json &V, double Min, double Max, double &Out,
                std::string &Why);

/// Reads the fields of one object. The first failure is kept (error()) and
/// every read after it fails too, so a reader may read all its fields and
/// check ok() once. An optional field that is absent leaves Out as it was;
/// one that is present must have the right type either way.
class JsonFields {
public:
  enum Need { Required, Optional };

  /// Where names the object in messages ("line 3", "entry 0"); empty for
  /// none. A value that is not an object fails at once.
  JsonFields(const nlohmann::json &Object, std::string Where);

  bool ok() const { return Error.empty(); }
  const std::string &error() const { return Error; }
  bool has(llvm::StringRef Key) const;

  bool string(llvm::StringRef Key, std::string &Out, Need N = Required,
              bool AllowEmpty = false);
  bool boolean(llvm::StringRef Key, bool &Out, Need N = Required);
  bool number(llvm::StringRef Key, double &Out, Need N = Required,
              double Min = std::numeric_limits<double>::lowest(),
              double Max = std::numeric_limits<double>::max());
  /// Any integer type; the range defaults to what T holds.
  template <typename T>
  bool integer(llvm::StringRef Key, T &Out, Need N = Required,
               T Min = std::numeric_limits<T>::min(),
               T Max = std::numeric_limits<T>::max()) {
    int64_t V = 0;
    if (!integerIn(Key, V, N, clampToInt64(Min), clampToInt64(Max)))
      return false;
    if (has(Key))
      Out = static_cast<T>(V);
    return true;
  }
  /// The array or object at Key; nullptr when absent (Optional) or wrong.
  const nlohmann::json *array(llvm::StringRef Key, Need N = Required);
  const nlohmann::json *object(llvm::StringRef Key, Need N = Required);

  /// Records a failure of Key found by the caller (a value out of place).
  bool fail(llvm::StringRef Key, const std::string &Why);
  /// ... of element Index of the array at Key: `"grid"[1] must be ...`.
  bool failElement(llvm::StringRef Key, size_t Index, const std::string &Why);
  /// The message prefix for Key: `line 3: "grid"`.
  std::string where(llvm::StringRef Key) const;

private:
  template <typename T> static int64_t clampToInt64(T V) {
    if constexpr (std::numeric_limits<T>::is_signed)
      return static_cast<int64_t>(V);
    else
      return V > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX
                                                  : static_cast<int64_t>(V);
  }
  bool integerIn(llvm::StringRef Key, int64_t &Out, Need N, int64_t Min,
                 int64_t Max);
  /// The value at Key, nullptr when absent; fails when Required.
  const nlohmann::json *find(llvm::StringRef Key, Need N);

  const nlohmann::json *Object;
  std::string Where, Error;
};

} // namespace rla

#endif // RLA_SUPPORT_JSONFIELDS_H
