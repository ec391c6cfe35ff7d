//===- NoteText.cpp -------------------------------------------------------===//
#include "analyzer/report/NoteText.h"
#include "analyzer/report/NoteWordings.h"

#include <algorithm>
#include <cstdio>

namespace rla {

std::string NoteValues::joinedParts(const char *Separator) const {
  std::string J;
  for (const std::string &P : Parts)
    J += (J.empty() ? "" : Separator) + P;
  return J;
}

std::string fixedText(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

std::string noteText(const Note &N) {
  std::vector<std::string> Parts;
  Parts.reserve(N.Parts.size());
  for (const Note &P : N.Parts)
    Parts.push_back(noteText(P));
  const NoteValues V(N.Data, std::move(Parts));
  switch (N.Id) {
#define RLA_NOTE(Name, Wording)                                                \
  case NoteId::Name:                                                           \
    return notewording::Wording(V);
#include "analyzer/ir/NoteIds.def"
#undef RLA_NOTE
  }
  return {};
}

void addNoteTexts(std::vector<std::string> &Into,
                  const std::vector<Note> &Notes) {
  for (const Note &N : Notes) {
    std::string S = noteText(N);
    if (std::find(Into.begin(), Into.end(), S) == Into.end())
      Into.push_back(std::move(S));
  }
}

std::vector<std::string> eachNoteText(const std::vector<Note> &Notes) {
  std::vector<std::string> Texts;
  Texts.reserve(Notes.size());
  for (const Note &N : Notes)
    Texts.push_back(noteText(N));
  return Texts;
}

std::vector<std::string> noteTexts(const std::vector<Note> &Notes) {
  std::vector<std::string> Texts;
  addNoteTexts(Texts, Notes);
  return Texts;
}

namespace notewording {

std::string verbatim(const NoteValues &V) { return V.str("text"); }

} // namespace notewording

} // namespace rla
