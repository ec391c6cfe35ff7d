//===- NoteText.h - The words of a stage's notes ----------------*- C++ -*-===//
///
/// \file
/// Turns the notes the stages give as data (ir/Note.h) into the sentences
/// the reports print: the one place their wording is chosen.
//===----------------------------------------------------------------------===//
#ifndef RLA_REPORT_NOTETEXT_H
#define RLA_REPORT_NOTETEXT_H

#include "analyzer/ir/Note.h"

#include <string>
#include <vector>

namespace rla {

/// The sentence a user reads for N.
std::string noteText(const Note &N);

/// Each note's sentence, each sentence once, in first-seen order.
std::vector<std::string> noteTexts(const std::vector<Note> &Notes);

/// Each note's sentence in the notes' order, repeats kept: a list the
/// stage made whole (a launch's notes).
std::vector<std::string> eachNoteText(const std::vector<Note> &Notes);

/// Appends the sentences of Notes not already in Into.
void addNoteTexts(std::vector<std::string> &Into,
                  const std::vector<Note> &Notes);

} // namespace rla

#endif // RLA_REPORT_NOTETEXT_H
