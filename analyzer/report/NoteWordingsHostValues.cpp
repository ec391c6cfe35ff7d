//===- NoteWordingsHostValues.cpp - Why a host value is not known ---------===//
///
/// \file
/// The host interpreter's and HostEvaluator's reasons for a value they do
/// not know, as a launch's notes cite them.
//===----------------------------------------------------------------------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {
namespace {

/// "`n + 1`": an expression's source text, as code.
std::string sourceCode(const NoteValues &V, const char *Name = "expr") {
  return "`" + V.str(Name) + "`";
}

/// "'n'": a variable's or a function's name.
std::string nameQuoted(const NoteValues &V, const char *Name = "name") {
  return "'" + V.str(Name) + "'";
}

/// " (why)" of a note's part, or Otherwise where it has none.
std::string partInParens(const NoteValues &V, const std::string &Otherwise) {
  return V.parts().empty() ? Otherwise : " (" + V.joinedParts() + ")";
}

} // namespace

std::string hostExprNotKnown(const NoteValues &V) {
  return sourceCode(V) + " is not known" +
         (V.parts().empty() ? "" : ": " + V.joinedParts());
}

std::string hostExprNotFollowed(const NoteValues &V) {
  return sourceCode(V) + " is not followed";
}

std::string hostExprNotEvaluated(const NoteValues &V) {
  return sourceCode(V) + " is not evaluated";
}

std::string hostExprNotNumber(const NoteValues &V) {
  return sourceCode(V) + " is not a number";
}

std::string hostExprNotConstant(const NoteValues &V) {
  return sourceCode(V) + " is not a constant";
}

std::string hostExprNotCompileTime(const NoteValues &V) {
  return sourceCode(V) + " is not a compile-time value";
}

std::string hostExprNotCompileTimeDim3(const NoteValues &V) {
  return sourceCode(V) + " is not a compile-time dim3";
}

std::string hostExprNotIntegerRemainder(const NoteValues &V) {
  return sourceCode(V) + " is not an integer remainder";
}

std::string hostExprDividesByZero(const NoteValues &V) {
  return "division by zero in " + sourceCode(V);
}

std::string hostExprIndirectCall(const NoteValues &V) {
  return sourceCode(V) + " is an indirect call";
}

std::string hostExprReadsRunTimeMemory(const NoteValues &V) {
  return sourceCode(V) + " reads memory the program fills at run time";
}

std::string hostExprNotInitialised(const NoteValues &V) {
  return sourceCode(V) + " is not initialised";
}

std::string hostExprCallsUnknown(const NoteValues &V) {
  return sourceCode(V) + " calls " + nameQuoted(V, "function") +
         ", whose value is not known before running";
}

std::string hostExprTooDeep(const NoteValues &) {
  return "expression too deep to evaluate";
}

std::string hostNoExpression(const NoteValues &) { return "no expression"; }

std::string hostNameNotKnown(const NoteValues &V) {
  return nameQuoted(V) + " is not known";
}

std::string hostNameNotFollowed(const NoteValues &V) {
  return nameQuoted(V) + " is not followed";
}

std::string hostNameNotInitialised(const NoteValues &V) {
  return nameQuoted(V) + " is not initialised";
}

std::string hostNameIsParameter(const NoteValues &V) {
  return nameQuoted(V) + " is a parameter of the host function";
}

std::string hostNameHasNoInitialiser(const NoteValues &V) {
  return nameQuoted(V) + " has no initialiser";
}

std::string hostNameIsNonConstGlobal(const NoteValues &V) {
  return nameQuoted(V) + " is a non-const global";
}

std::string hostNameChangedFieldByField(const NoteValues &V) {
  return nameQuoted(V) + " is changed field by field";
}

std::string hostNameAssignedAfterDeclaration(const NoteValues &V) {
  return nameQuoted(V) + " is assigned after its declaration";
}

std::string hostNameChangedAroundLaunch(const NoteValues &V) {
  return nameQuoted(V) + " is changed in the statement around the launch";
}

std::string hostNameChangedBeforeLaunch(const NoteValues &V) {
  return nameQuoted(V) + " is changed before the launch in a branch, a loop or "
                         "through its address";
}

std::string hostNameDefinedElsewhere(const NoteValues &V) {
  return nameQuoted(V) + " is defined in another file";
}

std::string hostNameDefinedIn(const NoteValues &V) {
  return nameQuoted(V) + " is defined in " + V.str("file") +
         " as a value known at run time";
}

std::string hostFunctionDefinedInSeveral(const NoteValues &V) {
  std::string Files;
  const std::vector<std::string> &P = V.parts();
  for (size_t I = 0; I < P.size(); ++I)
    Files += (I == 0 ? "" : I + 1 == P.size() ? " and " : ", ") + P[I];
  return nameQuoted(V, "function") + " is defined in " + Files +
         ": which one the program links is not known";
}

std::string hostDefiningFile(const NoteValues &V) { return V.str("file"); }

std::string hostFunctionRecursesTooDeep(const NoteValues &V) {
  return nameQuoted(V, "function") + " recurses too deep to follow";
}

std::string hostFunctionReturnsNoValue(const NoteValues &V) {
  return nameQuoted(V, "function") + " returns no known value";
}

std::string hostRootParameter(const NoteValues &V) {
  return nameQuoted(V) + " is a parameter of " + nameQuoted(V, "function") +
         ", which nothing in " +
         (V.flag("program") ? "these files" : "this file") + " calls";
}

std::string hostRootObject(const NoteValues &V) {
  return "a member of the object " + nameQuoted(V, "function") +
         " runs on, which nothing in this file creates";
}

std::string hostCallbackParameter(const NoteValues &V) {
  return nameQuoted(V) + " is a parameter of " + nameQuoted(V, "function") +
         ", which " + nameQuoted(V, "call") + " at " + V.str("at") +
         " calls back";
}

std::string hostNameChangesInLoop(const NoteValues &V) {
  return nameQuoted(V) + " changes in the loop at " + V.str("at");
}

std::string hostNameChangesThrough(const NoteValues &V) {
  return nameQuoted(V) + " changes through " + sourceCode(V);
}

std::string hostNameAfterUnknownSwitch(const NoteValues &V) {
  return nameQuoted(V) + " " + sourceCode(V, "cond") + " at " + V.str("at") +
         " is not known";
}

std::string hostDependsOnBranch(const NoteValues &V) {
  return "depends on " + sourceCode(V, "cond") + " at " + V.str("at") +
         partInParens(V, " (known only at run time)");
}

std::string hostLoopMayLeaveEarly(const NoteValues &V) {
  const std::string Trips = V.str("trips");
  return sourceCode(V, "cond") + " at " + V.str("at") + " can leave it early" +
         (Trips.empty() ? "" : " (at most " + Trips + " iterations)");
}

std::string hostLoopConditionNotKnown(const NoteValues &V) {
  return sourceCode(V, "cond") + " at " + V.str("at") + " is not known" +
         partInParens(V, "");
}

std::string hostLoopRunsTooLong(const NoteValues &V) {
  return "the loop at " + V.str("at") + " runs more than " + V.whole("limit") +
         " times";
}

std::string hostLoopRangeNotKnown(const NoteValues &V) {
  return "the range " + sourceCode(V, "range") + " at " + V.str("at") +
         " is not known";
}

std::string hostCallResultAtRunTime(const NoteValues &V) {
  return "the result of " + sourceCode(V, "call") + " at " + V.str("at") +
         " is known only at run time";
}

std::string hostExprComesFrom(const NoteValues &V) {
  return sourceCode(V) + " comes from " + V.str("call") + " at " + V.str("at");
}

std::string hostComesFrom(const NoteValues &V) {
  return "comes from " + V.str("call") + " at " + V.str("at");
}

std::string hostStringNotKnown(const NoteValues &) {
  return "a string not known";
}

std::string hostStdRecordNotFollowed(const NoteValues &V) {
  return "a " + nameQuoted(V, "record") +
         " of the standard library is not followed";
}

std::string hostFieldNotInitialised(const NoteValues &V) {
  return "a field of " + nameQuoted(V, "record") + " is not initialised";
}

std::string hostRunsTooLong(const NoteValues &) {
  return "the host code runs too long to follow";
}

std::string hostArrayTooLarge(const NoteValues &) {
  return "the array is too large to follow";
}

std::string hostMemoryFrom(const NoteValues &V) {
  return "memory from " + V.str("call") + " at " + V.str("at");
}

std::string hostDeviceMemoryFrom(const NoteValues &V) {
  return "device " + hostMemoryFrom(V);
}

std::string hostPinnedMemoryFrom(const NoteValues &V) {
  return "page-locked host " + hostMemoryFrom(V);
}

std::string hostUninitialisedMemoryFrom(const NoteValues &V) {
  return "uninitialised " + hostMemoryFrom(V);
}

std::string hostUninitialisedNewMemory(const NoteValues &V) {
  return "uninitialised memory from `new` at " + V.str("at");
}

std::string hostNotANumber(const NoteValues &) { return "not a number"; }

std::string hostNotFinite(const NoteValues &) {
  return "the value is not finite";
}

std::string hostDivisionByZero(const NoteValues &) {
  return "division by zero";
}

std::string hostNotIntegerRemainder(const NoteValues &) {
  return "not an integer remainder";
}

std::string hostShiftOutOfRange(const NoteValues &) {
  return "shift out of range";
}

std::string hostBitOperationOnFraction(const NoteValues &) {
  return "bit operation on a fraction";
}

std::string hostOperatorNotFollowed(const NoteValues &) {
  return "operator not followed";
}

std::string hostValueOverflows(const NoteValues &) {
  return "the value overflows";
}

std::string hostDevicePropertyAtRunTime(const NoteValues &V) {
  return sourceCode(V, "property") + " of the GPU is known only at run time";
}

std::string hostAttributeAtRunTime(const NoteValues &V) {
  return "the attribute read at " + V.str("at") + " is known only at run time";
}

std::string hostOpenMpThreadsAtRunTime(const NoteValues &V) {
  return "the number of OpenMP threads (" + V.str("call") + " at " +
         V.str("at") + ") is known only at run time";
}

std::string hostGetoptLineNotKnown(const NoteValues &) {
  return "the command line `getopt` reads is not known";
}

std::string hostCommandLineArgumentNotKnown(const NoteValues &V) {
  return "argument " + V.whole("index") + " of the command line is not known";
}

std::string hostArgumentEntryNotKnown(const NoteValues &V) {
  return "entry " + V.whole("index") + " of " + sourceCode(V) + " is not known";
}

std::string hostArgumentArrayNotFollowed(const NoteValues &) {
  return "the kernel's arguments in the argument array are not followed";
}

std::string hostNodeArgumentArrayNotFollowed(const NoteValues &) {
  return "the kernel's arguments in the node's argument array are not "
         "followed";
}

std::string hostNoKernelNamed(const NoteValues &V) {
  return "no kernel named " + nameQuoted(V) +
         " in the files given (the module is loaded at run time; give its "
         ".cu file too)";
}

std::string hostSeveralKernelsNamed(const NoteValues &V) {
  return "several kernels are named " + nameQuoted(V);
}

std::string hostModuleKernelNameNotKnown(const NoteValues &V) {
  return "the kernel name " + sourceCode(V) + " of cuModuleGetFunction at " +
         V.str("at") + " is not known";
}

std::string hostModuleKernelNotFound(const NoteValues &V) {
  return V.joinedParts() + " (cuModuleGetFunction at " + V.str("at") + ")";
}

std::string hostOccupancyOutput(const NoteValues &V) {
  return sourceCode(V) + " comes from " + V.str("call") + " at " + V.str("at") +
         " (" + V.joinedParts() + ")";
}

std::string hostOccupancyResult(const NoteValues &V) {
  return "the result of " + V.str("call") + " at " + V.str("at") + " (" +
         V.joinedParts() + ")";
}

std::string hostAttributeField(const NoteValues &V) {
  return sourceCode(V, "field") + " comes from cudaFuncGetAttributes at " +
         V.str("at") + partInParens(V, " at run time");
}

std::string hostOccupancyKernelNotKnown(const NoteValues &) {
  return "which kernel it asks about is not known";
}

std::string hostOccupancyInputsNotKnown(const NoteValues &) {
  return "its block size or shared memory is not known";
}

std::string hostRegistersNotKnown(const NoteValues &) {
  return "the kernel's registers are not known";
}

std::string hostRegistersNotCompiled(const NoteValues &V) {
  return "the kernel's registers are not known: " + V.joinedParts();
}

std::string hostPtxasNoKernel(const NoteValues &V) {
  return "ptxas reports no kernel " + nameQuoted(V) + " for " + V.str("arch");
}

std::string hostNoBestBlockSize(const NoteValues &V) {
  return "the occupancy calculator has no block size for " + nameQuoted(V) +
         ": " + V.joinedParts();
}

std::string hostNoOccupancyLimits(const NoteValues &V) {
  return "the occupancy calculator has no limits for " + V.str("gpu");
}

} // namespace notewording
} // namespace rla
