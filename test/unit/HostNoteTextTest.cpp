//===- HostNoteTextTest.cpp - A launch's host notes worded by the report --===//
#include "analyzer/report/NoteText.h"

#include <gtest/gtest.h>

using namespace rla;

TEST(HostNoteText, WordsALaunchValueTheSourceDoesNotGive) {
  EXPECT_EQ(noteText(note(NoteId::LaunchDimUnknown,
                          {{"dim", "grid.x"}, {"reason", "'n' is read"}})),
            "grid.x is not known from the source: 'n' is read");
  EXPECT_EQ(noteText(note(NoteId::LaunchDimUnknown,
                          {{"dim", "block.y"}, {"reason", ""}})),
            "block.y is not known from the source: not a constant");
  EXPECT_EQ(noteText(note(NoteId::LaunchConfigSmemUnknown,
                          {{"field", "sharedMemBytes"}, {"node", 1.0}})),
            "dynamic shared memory is not known: the node's sharedMemBytes "
            "is not known (--bind smem=BYTES gives it)");
}

TEST(HostNoteText, WordsTheConditionsOfALaunch) {
  EXPECT_EQ(noteText(note(NoteId::RunsOnlyWhen, {{"cond", "n > 0"},
                                                 {"at", "a.cu:7"},
                                                 {"holds", 0.0},
                                                 {"reason", ""}})),
            "runs only when `n > 0` at a.cu:7 does not hold (known only at "
            "run time)");
  EXPECT_EQ(noteText(note(NoteId::NotRunCase, {{"cond", "threads"},
                                               {"at", "a.cu:9"},
                                               {"value", "256"},
                                               {"case", "128"}})),
            "not run by the program: `threads` at a.cu:9 is 256, not 128, "
            "when it gets here");
}

TEST(HostNoteText, WordsWhyALaunchIsNotReachedThroughItsPart) {
  EXPECT_EQ(
      noteText(note(NoteId::LaunchNotReached, {},
                    {note(NoteId::ProgramExitsAt,
                          {{"at", "a.cu:12"}, {"without_arguments", 1.0}})})),
      "the program does not reach this launch: the program exits at a.cu:12 "
      "when run without arguments");
}

TEST(HostNoteText, WordsMergedContexts) {
  Note Varies =
      note(NoteId::ContextsVary,
           {{"smem", 1.0}, {"low", "0"}, {"high", "4096"}, {"contexts", 9.0}});
  EXPECT_EQ(noteText(Varies),
            "dynamic shared memory varies: 0 to 4096 (9 calling contexts)");
  EXPECT_EQ(noteText(note(NoteId::OverTheSweep, {}, {Varies})),
            "over the sweep, dynamic shared memory varies: 0 to 4096 (9 "
            "calling contexts)");
  EXPECT_EQ(noteText(note(NoteId::ContextsVary,
                          {{"argument", "n"}, {"contexts", 12.0}})),
            "argument 'n' varies: not known (12 calling contexts)");
  EXPECT_EQ(noteText(note(NoteId::ContextsNotShown, {{"dropped", 1.0}})),
            "1 more calling context behind more branches the program does "
            "not take are not shown");
}

// A launch's notes are listed as the host code gave them, repeats kept.
TEST(HostNoteText, EachNoteTextKeepsRepeats) {
  Note One = note(NoteId::OneGpu);
  EXPECT_EQ(eachNoteText({One, One}),
            (std::vector<std::string>{"one GPU (cudaGetDeviceCount)",
                                      "one GPU (cudaGetDeviceCount)"}));
  EXPECT_EQ(noteTexts({One, One}).size(), 1u);
}

TEST(HostNoteText, WordsALibraryCallsArgumentWithOrWithoutAReason) {
  EXPECT_EQ(noteText(note(NoteId::LibraryArgumentUnknown,
                          {{"argument", "m"}, {"reason", "'m' is read"}})),
            "m is not known from the source: 'm' is read");
  EXPECT_EQ(noteText(note(NoteId::LibraryArgumentUnknown,
                          {{"argument", "count"}, {"reason", ""}})),
            "count is not known from the source");
}

TEST(HostNoteText, WordsTheMeasureReportsNotes) {
  EXPECT_EQ(noteText(note(NoteId::NcuSays,
                          {{"program", ""}, {"text", "==ERROR== no GPU"}})),
            "ncu: ==ERROR== no GPU");
  EXPECT_EQ(
      noteText(note(NoteId::TracedKernelNotInFile,
                    {{"kernel", "k2"}, {"launches", 3.0}, {"file", "a.cu"}})),
      "'k2' (3 launches) is not a kernel of 'a.cu'; not compared");
  EXPECT_EQ(noteText(note(NoteId::TraceHasNoLaunches, {{"program", "app"}})),
            "the trace has no launches of program 'app'");
}
