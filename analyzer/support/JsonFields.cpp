//===- JsonFields.cpp -----------------------------------------------------===//
#include "analyzer/support/JsonFields.h"

#include <cmath>
#include <cstdio>

namespace rla {

using nlohmann::json;

namespace {

std::string numberText(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", V);
  return Buf;
}

} // namespace

std::string jsonTypeName(const json &V) {
  if (V.is_number_float())
    return "a fractional number";
  if (V.is_number())
    return "a number";
  if (V.is_null())
    return "null";
  if (V.is_boolean())
    return "a boolean";
  if (V.is_string())
    return "a string";
  if (V.is_array())
    return "an array";
  if (V.is_object())
    return "an object";
  return V.type_name();
}

bool jsonInteger(const json &V, int64_t Min, int64_t Max, int64_t &Out,
                 std::string &Why) {
  auto Fail = [&](const std::string &Found) {
    Why = "must be an integer in [" + std::to_string(Min) + ", " +
          std::to_string(Max) + "], found " + Found;
    return false;
  };
  if (V.is_number_unsigned()) {
    uint64_t U = V.get<uint64_t>();
    if (Max < 0 || U > static_cast<uint64_t>(Max) ||
        static_cast<int64_t>(U) < Min)
      return Fail(std::to_string(U));
    Out = static_cast<int64_t>(U);
    return true;
  }
  if (V.is_number_integer()) {
    int64_t I = V.get<int64_t>();
    if (I < Min || I > Max)
      return Fail(std::to_string(I));
    Out = I;
    return true;
  }
  if (V.is_number_float()) {
    double D = V.get<double>();
    // Doubles at or beyond 2^63 do not convert; Max itself may round up.
    if (!std::isfinite(D) || D != std::floor(D) || D < -9.2e18 || D > 9.2e18 ||
        D < static_cast<double>(Min) || D > static_cast<double>(Max))
      return Fail(numberText(D));
    Out = static_cast<int64_t>(D);
    if (Out < Min || Out > Max)
      return Fail(numberText(D));
    return true;
  }
  return Fail(jsonTypeName(V));
}

bool jsonNumber(const json &V, double Min, double Max, double &Out,
                std::string &Why) {
  auto Range = [&] {
    std::string R = "must be a number";
    if (Min != std::numeric_limits<double>::lowest())
      R += Max != std::numeric_limits<double>::max()
               ? " in [" + numberText(Min) + ", " + numberText(Max) + "]"
               : " >= " + numberText(Min);
    else if (Max != std::numeric_limits<double>::max())
      R += " <= " + numberText(Max);
    return R;
  };
  if (!V.is_number()) {
    Why = Range() + ", found " + jsonTypeName(V);
    return false;
  }
  double D = V.get<double>();
  if (!std::isfinite(D) || D < Min || D > Max) {
    Why = Range() + ", found " + numberText(D);
    return false;
  }
  Out = D;
  return true;
}

JsonFields::JsonFields(const json &Object, std::string Where)
    : Object(&Object), Where(std::move(Where)) {
  if (!Object.is_object())
    Error = (this->Where.empty() ? "" : this->Where + ": ") +
            "expected an object, found " + jsonTypeName(Object);
}

bool JsonFields::has(llvm::StringRef Key) const {
  return Object->is_object() && Object->contains(Key.str());
}

std::string JsonFields::where(llvm::StringRef Key) const {
  return (Where.empty() ? "" : Where + ": ") + "\"" + Key.str() + "\"";
}

bool JsonFields::fail(llvm::StringRef Key, const std::string &Why) {
  if (Error.empty())
    Error = where(Key) + " " + Why;
  return false;
}

bool JsonFields::failElement(llvm::StringRef Key, size_t Index,
                             const std::string &Why) {
  if (Error.empty())
    Error = where(Key) + "[" + std::to_string(Index) + "] " + Why;
  return false;
}

const json *JsonFields::find(llvm::StringRef Key, Need N) {
  if (!ok())
    return nullptr;
  auto It = Object->find(Key.str());
  if (It == Object->end()) {
    if (N == Required)
      fail(Key, "is missing");
    return nullptr;
  }
  return &*It;
}

bool JsonFields::string(llvm::StringRef Key, std::string &Out, Need N,
                        bool AllowEmpty) {
  const json *V = find(Key, N);
  if (!V)
    return ok();
  if (!V->is_string() ||
      (!AllowEmpty && V->get_ref<const std::string &>().empty()))
    return fail(Key, std::string("must be a ") +
                         (AllowEmpty ? "string" : "non-empty string") +
                         ", found " +
                         (V->is_string() ? "\"\"" : jsonTypeName(*V)));
  Out = V->get<std::string>();
  return true;
}

bool JsonFields::boolean(llvm::StringRef Key, bool &Out, Need N) {
  const json *V = find(Key, N);
  if (!V)
    return ok();
  if (!V->is_boolean())
    return fail(Key, "must be true or false, found " + jsonTypeName(*V));
  Out = V->get<bool>();
  return true;
}

bool JsonFields::number(llvm::StringRef Key, double &Out, Need N, double Min,
                        double Max) {
  const json *V = find(Key, N);
  if (!V)
    return ok();
  std::string Why;
  if (!jsonNumber(*V, Min, Max, Out, Why))
    return fail(Key, Why);
  return true;
}

bool JsonFields::integerIn(llvm::StringRef Key, int64_t &Out, Need N,
                           int64_t Min, int64_t Max) {
  const json *V = find(Key, N);
  if (!V)
    return ok();
  std::string Why;
  if (!jsonInteger(*V, Min, Max, Out, Why))
    return fail(Key, Why);
  return true;
}

const json *JsonFields::array(llvm::StringRef Key, Need N) {
  const json *V = find(Key, N);
  if (V && !V->is_array()) {
    fail(Key, "must be an array, found " + jsonTypeName(*V));
    return nullptr;
  }
  return V;
}

const json *JsonFields::object(llvm::StringRef Key, Need N) {
  const json *V = find(Key, N);
  if (V && !V->is_object()) {
    fail(Key, "must be an object, found " + jsonTypeName(*V));
    return nullptr;
  }
  return V;
}

} // namespace rla
