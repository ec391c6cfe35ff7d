//===- HostNoteTextTest.cpp - A launch's host notes worded by the report --===//
#include "analyzer/report/NoteText.h"

#include <gtest/gtest.h>

using namespace rla;

TEST(HostNoteText, WordsALaunchValueTheSourceDoesNotGive) {
  EXPECT_EQ(noteText(note(
                NoteId::LaunchDimUnknown, {{"dim", "grid.x"}},
                {note(NoteId::HostExprComesFrom,
                      {{"expr", "n"}, {"call", "fscanf"}, {"at", "a.cu:5"}})})),
            "grid.x is not known from the source: `n` comes from fscanf at "
            "a.cu:5");
  EXPECT_EQ(noteText(note(NoteId::LaunchDimUnknown, {{"dim", "block.y"}})),
            "block.y is not known from the source: not a constant");
  EXPECT_EQ(noteText(note(NoteId::LaunchConfigSmemUnknown,
                          {{"field", "sharedMemBytes"}, {"node", 1.0}})),
            "dynamic shared memory is not known: the node's sharedMemBytes "
            "is not known (--bind smem=BYTES gives it)");
}

TEST(HostNoteText, WordsTheConditionsOfALaunch) {
  EXPECT_EQ(
      noteText(note(NoteId::RunsOnlyWhen,
                    {{"cond", "n > 0"}, {"at", "a.cu:7"}, {"holds", 0.0}})),
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
  EXPECT_EQ(
      noteText(note(NoteId::LibraryArgumentUnknown, {{"argument", "m"}},
                    {note(NoteId::HostNameIsParameter, {{"name", "m"}})})),
      "m is not known from the source: 'm' is a parameter of the host "
      "function");
  EXPECT_EQ(
      noteText(note(NoteId::LibraryArgumentUnknown, {{"argument", "count"}})),
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

// The host code's reasons, and the reasons they cite as parts.
TEST(HostNoteText, WordsWhyAHostValueIsNotKnown) {
  Note Read = note(NoteId::HostComesFrom,
                   {{"call", "cudaMemGetInfo"}, {"at", "a.cu:3"}});
  EXPECT_EQ(noteText(note(NoteId::HostExprNotKnown, {{"expr", "c"}})),
            "`c` is not known");
  EXPECT_EQ(noteText(note(NoteId::HostExprNotKnown, {{"expr", "c"}}, {Read})),
            "`c` is not known: comes from cudaMemGetInfo at a.cu:3");
  EXPECT_EQ(
      noteText(note(NoteId::HostFunctionDefinedInSeveral, {{"function", "run"}},
                    {note(NoteId::HostDefiningFile, {{"file", "a.cu"}}),
                     note(NoteId::HostDefiningFile, {{"file", "b.cu"}}),
                     note(NoteId::HostDefiningFile, {{"file", "c.cu"}})})),
      "'run' is defined in a.cu, b.cu and c.cu: which one the program "
      "links is not known");
  EXPECT_EQ(noteText(note(NoteId::HostAttributeField,
                          {{"field", "numRegs"}, {"at", "a.cu:8"}})),
            "`numRegs` comes from cudaFuncGetAttributes at a.cu:8 at run time");
  EXPECT_EQ(noteText(note(NoteId::HostAttributeField,
                          {{"field", "numRegs"}, {"at", "a.cu:8"}},
                          {note(NoteId::HostRegistersNotKnown)})),
            "`numRegs` comes from cudaFuncGetAttributes at a.cu:8 (the "
            "kernel's registers are not known)");
  EXPECT_EQ(noteText(note(
                NoteId::HostLoopMayLeaveEarly,
                {{"cond", "err < tol"}, {"at", "a.cu:20"}, {"trips", "100"}})),
            "`err < tol` at a.cu:20 can leave it early (at most 100 "
            "iterations)");
  EXPECT_EQ(noteText(note(NoteId::HostDependsOnBranch,
                          {{"cond", "ok"}, {"at", "a.cu:4"}})),
            "depends on `ok` at a.cu:4 (known only at run time)");
}
