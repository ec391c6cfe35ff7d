//===- FindingValues.h - A finding's data, read by name ---------*- C++ -*-===//
///
/// \file
/// What the wording of a model's finding reads (report/FindingWordings.h).
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_FINDINGVALUES_H
#define RLA_REPORT_FINDINGVALUES_H

#include "analyzer/ir/KernelModel.h"

#include <cmath>
#include <string>

namespace rla {

/// A finding's or a note's values, read by name; a missing one reads as 0
/// or "".
class FindingValues {
public:
  explicit FindingValues(const Finding &F) : Data(F.Data) {}
  explicit FindingValues(const FindingData &Data) : Data(Data) {}
  bool has(const char *Name) const { return Data.count(Name) != 0; }
  double num(const char *Name) const {
    auto It = Data.find(Name);
    if (It == Data.end())
      return 0;
    const double *V = std::get_if<double>(&It->second);
    return V ? *V : 0;
  }
  bool flag(const char *Name) const { return num(Name) != 0; }
  std::string str(const char *Name) const {
    auto It = Data.find(Name);
    if (It == Data.end())
      return "";
    const std::string *S = std::get_if<std::string>(&It->second);
    return S ? *S : "";
  }
  /// A count: "32".
  std::string whole(const char *Name) const {
    return std::to_string(static_cast<long long>(std::llround(num(Name))));
  }

private:
  const FindingData &Data;
};

} // namespace rla

#endif // RLA_REPORT_FINDINGVALUES_H
