//===- HostMappedMemory.cpp - Page-locked host memory kernels read --------===//
///
/// \file
/// cudaHostAlloc and cudaMallocHost return page-locked host memory that,
/// with unified addressing (every 64-bit platform CUDA runs on), kernels
/// can read and write directly, as can the pointer cudaHostGetDevicePointer
/// gives for it: zero-copy memory, whose traffic crosses the host link
/// rather than DRAM. The pointer carries that, and its size.
//===----------------------------------------------------------------------===//
#include "analyzer/frontend/host/HostLibrary.h"

namespace rla {

std::optional<HostValue> callMappedMemoryLibrary(const HostLibraryCall &C) {
  llvm::StringRef Name = C.Callee->getName();
  const std::vector<HostValue> &A = C.Args;
  if ((Name == "cudaHostAlloc" || Name == "cudaMallocHost") && A.size() > 1) {
    HostValue P = HostValue::untracked(note(
        NoteId::HostPinnedMemoryFrom, {{"call", Name.str()}, {"at", C.Where}}));
    P.HostMemory = true;
    if (A[1].isNumber() && A[1].Num.isInteger() && !A[1].Num.isNegative())
      P.AllocatedBytes = A[1].Num;
    store(A[0], std::move(P));
    return HostValue::number(Rational(0));
  }
  // cudaHostGetDevicePointer(&device, host, 0): the same memory.
  if (Name == "cudaHostGetDevicePointer" && A.size() > 1) {
    store(A[0], A[1]);
    return HostValue::number(Rational(0));
  }
  return std::nullopt;
}

} // namespace rla
