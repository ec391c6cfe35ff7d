//===- NoteWordingsResources.cpp - Why nvcc's resources are not known -----===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string resourcesOff(const NoteValues &) {
  return "resources were not computed (--no-resources)";
}

std::string resourcesWithoutToolkit(const NoteValues &) {
  return "resources were not computed: the file was parsed without the CUDA "
         "toolkit (--no-cuda-headers)";
}

std::string resourcesNeedNvcc(const NoteValues &V) {
  return "registers and shared memory need nvcc: " + V.joinedParts();
}

std::string toolkitProgramNotFound(const NoteValues &V) {
  std::string Path = V.str("cuda_path");
  return V.str("tool") + " not found" +
         (Path.empty() ? std::string() : " in " + Path + "/bin") +
         " nor on PATH";
}

std::string toolkitProgramNotRun(const NoteValues &V) {
  std::string Error = V.str("error");
  return Error.empty() ? V.str("tool") + " could not be run" : Error;
}

std::string noTemporaryOutputFile(const NoteValues &V) {
  return "cannot create a temporary file for " + V.str("tool") + "'s output";
}

std::string noTemporaryCubinFile(const NoteValues &) {
  return "cannot create a temporary file for the cubin";
}

std::string nvccCompileFailed(const NoteValues &V) {
  return "nvcc -arch=" + V.str("arch") + " failed (exit " + V.whole("exit") +
         "): " + V.str("output");
}

std::string noResourceCompiler(const NoteValues &) { return "no compiler"; }

std::string noDisassembler(const NoteValues &) {
  return "no disassembler (nvdisasm) was found";
}

std::string disassemblerFailed(const NoteValues &V) {
  if (!V.parts().empty())
    return "nvdisasm failed: " + V.joinedParts();
  return "nvdisasm failed (exit " + V.whole("exit") + "): " + V.str("output");
}

std::string disassemblyEmpty(const NoteValues &) {
  return "the disassembly lists no function";
}

} // namespace notewording
} // namespace rla
