//===- NoteWordings.h - One wording function per note id --------*- C++ -*-===//
///
/// \file
/// notewording::F for each RLA_NOTE(Name, F) of ir/NoteIds.def, defined in
/// the report/NoteWordings*.cpp file of the stage that makes the note.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_NOTEWORDINGS_H
#define RLA_REPORT_NOTEWORDINGS_H

#include "analyzer/report/FindingValues.h"

#include <string>
#include <vector>

namespace rla {

/// A note's values by name, and its parts already worded.
class NoteValues : public FindingValues {
public:
  NoteValues(const FindingData &Data, std::vector<std::string> Parts)
      : FindingValues(Data), Parts(std::move(Parts)) {}
  const std::vector<std::string> &parts() const { return Parts; }
  /// The parts joined by Separator ("" when there are none).
  std::string joinedParts(const char *Separator = "; ") const;

private:
  std::vector<std::string> Parts;
};

/// "12.3": V with Digits digits after the point.
std::string fixedText(double V, int Digits = 1);

namespace notewording {
#define RLA_NOTE(Name, Wording) std::string Wording(const NoteValues &V);
#include "analyzer/ir/NoteIds.def"
#undef RLA_NOTE
} // namespace notewording

} // namespace rla

#endif // RLA_REPORT_NOTEWORDINGS_H
