//===- NvccCompatibility.cpp ----------------------------------------------===//
#include "analyzer/frontend/NvccCompatibility.h"
#include "analyzer/driver/HostCompiler.h"
#include "analyzer/frontend/CudaParser.h"
#include "analyzer/hw/GpuDatabase.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace rla {
namespace {

/// A folder of the user's that holds a cuda.h other than the toolkit's.
bool shadowsToolkitCudaH(llvm::StringRef Dir, const std::string &CudaPath) {
  llvm::SmallString<256> Header(Dir);
  llvm::sys::path::append(Header, "cuda.h");
  if (!llvm::sys::fs::exists(Header))
    return false;
  llvm::SmallString<256> Real, Toolkit;
  if (llvm::sys::fs::real_path(Dir, Real) ||
      llvm::sys::fs::real_path(CudaPath + "/include", Toolkit))
    return true;
  return Real != Toolkit;
}

/// Whether a user -I folder of Args holds a cuda.h of its own.
bool includesShadowCudaH(const ParseOptions &O,
                         const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-I" && I + 1 < Args.size()) {
      if (shadowsToolkitCudaH(Args[++I], O.CudaPath))
        return true;
    } else if (A.size() > 2 && A.starts_with("-I") &&
               shadowsToolkitCudaH(A.drop_front(2), O.CudaPath)) {
      return true;
    }
  }
  return false;
}

} // namespace

std::string nvccCompatHeaderPath() {
  llvm::SmallString<256> Path(
      llvm::sys::path::parent_path(GpuDatabase::defaultPath()));
  llvm::sys::path::append(Path, "include", "rl_analyze_nvcc_compat.h");
  return std::string(Path);
}

std::string nvccCompatibilityOverlay(const ParseOptions &O,
                                     const std::vector<std::string> &Args) {
  if (O.NoCudaHeaders || !includesShadowCudaH(O, Args))
    return "";
  llvm::SmallString<256> Wrappers(RLA_CLANG_RESOURCE_DIR);
  llvm::sys::path::append(Wrappers, "include");
  std::string Toolkit = O.CudaPath + "/include/cuda.h";
  // The VFS overlay format (clang -ivfsoverlay), quoted as YAML strings.
  return "{ 'version': 0, 'roots': [ { 'name': '" + Wrappers.str().str() +
         "', 'type': 'directory', 'contents': [ { 'name': 'cuda.h', "
         "'type': 'file', 'external-contents': '" +
         Toolkit + "' } ] } ] }";
}

void addNvccCompatibilityArguments(const ParseOptions &O,
                                   std::vector<std::string> &Args) {
  // Every error, not the first 20: the analysis keeps the kernels that have
  // none, and reports the others one by one.
  Args.push_back("-ferror-limit=0");
  // A kernel may launch kernels (dynamic parallelism); nvcc needs -rdc to
  // build that, but parses it without.
  Args.push_back("-fgpu-rdc");
  if (O.NoCudaHeaders)
    return;
  std::string Compat = nvccCompatHeaderPath();
  if (llvm::sys::fs::exists(Compat))
    Args.insert(Args.end(), {"-include", Compat});
  for (const std::string &Dir : hostCompilerIncludeDirs(O.HostCompiler))
    Args.insert(Args.end(), {"-idirafter", Dir});
}

} // namespace rla
