//===- NoteWordingsLibraryCall.cpp - Why a library call has no time -------===//
#include "analyzer/report/NoteWordings.h"

namespace rla {
namespace notewording {

std::string librarySizesUnknown(const NoteValues &) {
  return "the sizes are not known";
}

std::string libraryNoRoof(const NoteValues &V) {
  return "no " + V.str("precision") + " peak or DRAM bandwidth for " +
         V.str("gpu");
}

std::string libraryBytesUnknown(const NoteValues &) {
  return "the byte count is not known";
}

std::string libraryNoDramBandwidth(const NoteValues &V) {
  return "no DRAM bandwidth for " + V.str("gpu");
}

std::string hostToHostCopy(const NoteValues &) {
  return "a host-to-host copy does not use the GPU";
}

std::string noHostLinkBandwidth(const NoteValues &V) {
  return "crosses the host link, whose bandwidth the GPU database does not "
         "hold for " +
         V.str("gpu");
}

} // namespace notewording
} // namespace rla
