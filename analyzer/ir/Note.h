//===- Note.h - What a stage says about its estimate, as data ---*- C++ -*-===//
///
/// \file
/// An assumption, a note or a reason a stage gives with its numbers, kept as
/// data: which statement it is (NoteId) and the values its words need. Only
/// report/ words a Note (report/NoteText.h); the stages below it never write
/// English. Adding a statement takes a line in NoteIds.def and its wording
/// function in report/.
//===----------------------------------------------------------------------===//
#ifndef RLA_IR_NOTE_H
#define RLA_IR_NOTE_H

#include "analyzer/ir/FindingData.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace rla {

enum class NoteId : uint16_t {
#define RLA_NOTE(Name, Wording) Name,
#include "analyzer/ir/NoteIds.def"
#undef RLA_NOTE
};

/// One statement: its id, its values by name, and the statements it lists
/// inside its own words (a DRAM assumption's reasons, one per array).
struct Note {
  NoteId Id = NoteId::Verbatim;
  FindingData Data;
  std::vector<Note> Parts;

  friend bool operator==(const Note &A, const Note &B) {
    return A.Id == B.Id && A.Data == B.Data && A.Parts == B.Parts;
  }
  friend bool operator!=(const Note &A, const Note &B) { return !(A == B); }
};

/// A note of the given id and values.
inline Note note(NoteId Id, FindingData Data = {},
                 std::vector<Note> Parts = {}) {
  return Note{Id, std::move(Data), std::move(Parts)};
}

/// Whether N says nothing: a Note as made, never given a statement (a
/// value unknown for no reason its maker gave).
inline bool isBlankNote(const Note &N) { return N == Note(); }

/// N as the one part of the note that cites it; none when N is blank.
inline std::vector<Note> partsUnlessBlank(const Note &N) {
  if (isBlankNote(N))
    return {};
  return {N};
}

/// Words the tool did not make: a compiler's or a data file's text, passed
/// on as read.
inline Note verbatimNote(std::string Text) {
  return Note{NoteId::Verbatim, {{"text", std::move(Text)}}, {}};
}

/// N as text for a key (a cache's, a grouping's): its id and values, not
/// its words, so that notes with equal keys are equal.
inline std::string noteKey(const Note &N) {
  std::string Key = std::to_string(unsigned(N.Id)) + "{";
  for (const auto &[Name, Value] : N.Data) {
    std::string Text;
    if (const double *D = std::get_if<double>(&Value)) {
      char Buf[32];
      std::snprintf(Buf, sizeof Buf, "%.17g", *D);
      Text = Buf;
    } else {
      Text = "'" + std::get<std::string>(Value);
    }
    Key += Name + "=" + std::to_string(Text.size()) + ":" + Text + ";";
  }
  for (const Note &P : N.Parts)
    Key += noteKey(P);
  return Key + "}";
}

/// Appends N unless an equal note is already there.
inline void addNoteOnce(std::vector<Note> &Into, Note N) {
  for (const Note &Had : Into)
    if (Had == N)
      return;
  Into.push_back(std::move(N));
}

} // namespace rla

#endif // RLA_IR_NOTE_H
