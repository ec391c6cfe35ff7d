//===- AstExtraction.cpp --------------------------------------------------===//
#include "analyzer/frontend/AstExtraction.h"
#include "analyzer/frontend/device/KernelExtractor.h"
#include "analyzer/frontend/host/LaunchExtractor.h"
#include "analyzer/frontend/host/LibraryCallExtractor.h"

using namespace clang;

namespace rla {

void extractFromAST(ASTContext &Ctx, ParsedFile &Out) {
  if (Ctx.getDiagnostics().hasErrorOccurred())
    return;
  Out.Kernels = extractKernels(Ctx, Out.Findings);
  Out.Launches = extractLaunches(Ctx);
  Out.LibraryCalls = extractLibraryCalls(Ctx);
}

// createArchConditionWatcher and scanMainFileArchConditions are defined in
// CudaParser.cpp, beside the watcher class they share with the CLI's parse.

} // namespace rla
