//===- ArgDecoder.cpp -----------------------------------------------------===//
#include "analyzer/measure/ArgDecoder.h"

#include <cmath>
#include <cstring>

namespace rla {
namespace {

bool isUnsignedType(const std::string &T) {
  return T.find("unsigned") != std::string::npos ||
         T.find("size_t") != std::string::npos ||
         T.find("uint") != std::string::npos || T == "bool" ||
         T == "const bool";
}

uint64_t littleEndian(const std::vector<uint8_t> &B) {
  uint64_t V = 0;
  for (size_t I = 0; I < B.size() && I < 8; ++I)
    V |= static_cast<uint64_t>(B[I]) << (8 * I);
  return V;
}

} // namespace

double halfToDouble(uint16_t Bits) {
  int Sign = Bits >> 15, Exp = (Bits >> 10) & 31, Frac = Bits & 1023;
  double V;
  if (Exp == 0)
    V = std::ldexp(Frac, -24);
  else if (Exp == 31)
    V = Frac ? NAN : INFINITY;
  else
    V = std::ldexp(1024 + Frac, Exp - 25);
  return Sign ? -V : V;
}

std::optional<Rational> decodeScalar(const KernelParam &P,
                                     const std::vector<uint8_t> &Bytes,
                                     std::string &Why) {
  size_t N = Bytes.size();
  uint64_t Raw = littleEndian(Bytes);
  if (P.ParamKind == KernelParam::Integer) {
    if (N != 1 && N != 2 && N != 4 && N != 8) {
      Why = std::to_string(N) + " bytes is no integer size";
      return std::nullopt;
    }
    if (isUnsignedType(P.Type)) {
      if (N == 8 && Raw > static_cast<uint64_t>(INT64_MAX))
        return Rational(static_cast<__int128>(Raw), 1);
      return Rational(static_cast<int64_t>(Raw));
    }
    int64_t Signed;
    if (N == 8)
      Signed = static_cast<int64_t>(Raw);
    else {
      unsigned Bits = 8 * N;
      uint64_t SignBit = uint64_t(1) << (Bits - 1);
      Signed =
          static_cast<int64_t>((Raw ^ SignBit)) - static_cast<int64_t>(SignBit);
    }
    return Rational(Signed);
  }
  if (P.ParamKind == KernelParam::Floating) {
    double V;
    if (N == 4) {
      float F;
      uint32_t U = static_cast<uint32_t>(Raw);
      std::memcpy(&F, &U, 4);
      V = F;
    } else if (N == 8) {
      std::memcpy(&V, &Raw, 8);
    } else if (N == 2) {
      if (P.Type.find("bfloat16") != std::string::npos) {
        uint32_t U = static_cast<uint32_t>(Raw) << 16;
        float F;
        std::memcpy(&F, &U, 4);
        V = F;
      } else {
        V = halfToDouble(static_cast<uint16_t>(Raw));
      }
    } else {
      Why = std::to_string(N) + " bytes is no floating-point size";
      return std::nullopt;
    }
    auto R = rationalFromDouble(V);
    if (!R)
      Why = "the value is not finite";
    return R;
  }
  Why = "'" + P.Type + "' is not a scalar the model binds";
  return std::nullopt;
}

LaunchSpec launchFromTrace(const KernelModel &Model, const TraceLaunch &L) {
  LaunchSpec S;
  S.Kernel = Model.Name;
  S.Source = LaunchSource::Trace;
  for (unsigned D = 0; D < 3; ++D) {
    S.Grid[D] = Rational(static_cast<int64_t>(L.Grid[D]));
    S.Block[D] = Rational(static_cast<int64_t>(L.Block[D]));
  }
  S.DynamicSmem = Rational(static_cast<int64_t>(L.DynamicSmem));
  if (!L.HasArgs) {
    S.Notes.push_back(note(NoteId::TraceNoArgumentBytes));
    return S;
  }
  if (L.Args.size() != Model.Params.size()) {
    S.Notes.push_back(note(NoteId::TraceArgumentCountMismatch,
                           {{"args", double(L.Args.size())},
                            {"params", double(Model.Params.size())}}));
    return S;
  }
  for (size_t I = 0; I < Model.Params.size(); ++I) {
    const KernelParam &P = Model.Params[I];
    if (P.ParamKind == KernelParam::Pointer)
      continue;
    std::string Why;
    if (auto V = decodeScalar(P, L.Args[I].Bytes, Why))
      S.Args[P.Name] = *V;
    else if (P.ParamKind != KernelParam::Other)
      S.Notes.push_back(note(NoteId::TraceArgumentNotDecoded,
                             {{"argument", P.Name}, {"reason", Why}}));
  }
  return S;
}

} // namespace rla
