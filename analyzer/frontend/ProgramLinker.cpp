//===- ProgramLinker.cpp --------------------------------------------------===//
#include "analyzer/frontend/ProgramLinker.h"
#include "analyzer/frontend/host/HostInterpreter.h"
#include "analyzer/frontend/host/LaunchExtractor.h"

#include "clang/Frontend/ASTUnit.h"
#include "llvm/Support/ThreadPool.h"

using namespace clang;

namespace rla {

std::string launchDigest(const LaunchSpec &L) {
  auto Opt = [](const std::optional<Rational> &V) {
    return V ? V->str() : std::string("?");
  };
  std::string Text = L.Kernel + "@" + L.Site.File + ":" +
                     std::to_string(L.Site.Line) + ":" +
                     std::to_string(L.Site.Column) + " grid=";
  for (const auto &D : L.Grid)
    Text += Opt(D) + ",";
  Text += " block=";
  for (const auto &D : L.Block)
    Text += Opt(D) + ",";
  Text += " smem=" + Opt(L.DynamicSmem) + " count=" + Opt(L.LaunchCount);
  for (const auto &[Name, Value] : L.Args)
    Text += " " + Name + "=" + Value.str();
  for (const CallFrame &C : L.CallChain) {
    Text += " <" + std::to_string(C.How) + ":" + C.Function + ":" +
            C.OtherFile + ":" + C.CalledBy + ":" + C.CalledAt;
    for (const auto &[Name, Value] : C.Numbers)
      Text += ":" + Name + "=" + Value;
    Text += ">";
  }
  for (const Note &N : L.Notes)
    Text += " [" + noteKey(N) + "]";
  for (const auto &[Name, Host] : L.PointerArgs)
    Text += " " + Name + "->" + Host;
  return Text + "\n";
}

LinkedProgram linkProgram(const std::vector<ParseOptions> &Files,
                          unsigned Jobs) {
  std::vector<std::unique_ptr<ASTUnit>> ASTs(Files.size());
  auto parseOne = [&](size_t I) {
    std::string Error;
    ASTs[I] = parseHostUnit(Files[I], Error);
  };
  if (Jobs <= 1 || Files.size() < 2) {
    for (size_t I = 0; I < Files.size(); ++I)
      parseOne(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { parseOne(I); });
    Pool.wait();
  }

  std::vector<HostUnit> Units;
  for (const std::unique_ptr<ASTUnit> &A : ASTs) {
    if (!A)
      continue;
    TranslationUnitDecl *TU = A->getASTContext().getTranslationUnitDecl();
    Units.push_back({&A->getASTContext(),
                     std::vector<Decl *>(TU->decls_begin(), TU->decls_end())});
  }
  // Every file's options share the run options (--args, --env, --gpu); the
  // occupancy calculator compiles the file of the kernel asked about.
  HostRunOptions Options =
      Files.empty() ? HostRunOptions() : Files.front().HostRun;
  if (Options.OccupancyFor && !Options.Occupancy)
    Options.Occupancy = Options.OccupancyFor->forParse(Files.front().ExtraArgs,
                                                       /*CodeFlags=*/{});
  HostRun Run = interpretProgram(Units, Options);

  LinkedProgram Out;
  Out.Launches.resize(Files.size());
  Out.Digests.resize(Files.size());
  size_t U = 0;
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!ASTs[I])
      continue;
    const HostUnit &Unit = Units[U++];
    auto Launches = std::make_shared<std::vector<LaunchSpec>>(launchesOfUnit(
        const_cast<ASTContext &>(*Unit.Ctx), Unit.TopLevel, Run));
    for (const LaunchSpec &L : *Launches)
      Out.Digests[I] += launchDigest(L);
    Out.Launches[I] = std::move(Launches);
  }
  return Out;
}

} // namespace rla
