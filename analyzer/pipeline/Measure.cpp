//===- Measure.cpp --------------------------------------------------------===//
#include "analyzer/pipeline/Measure.h"
#include "analyzer/measure/DeviceGpu.h"
#include "analyzer/models/Binder.h"
#include "analyzer/pipeline/AnalysisResources.h"
#include "analyzer/report/FindingText.h"

namespace rla {
namespace {

MeasureResult failure(std::string Message) {
  MeasureResult R;
  R.Exit = ExitInputError;
  R.Error = std::move(Message);
  return R;
}

} // namespace

MeasureResult measureFromTrace(const MeasureRequest &Req,
                               const GpuDatabase &Db) {
  Trace T;
  std::string Error;
  if (!readTraceFile(Req.TraceFile, T, Error))
    return failure(Error);
  if (!Req.Program.empty()) {
    std::vector<TraceLaunch> Kept;
    for (TraceLaunch &L : T.Launches)
      if (L.Program == Req.Program)
        Kept.push_back(std::move(L));
    T.Launches = std::move(Kept);
  }
  NcuResults Ncu;
  bool HaveNcu = !Req.NcuCsvFile.empty();
  if (HaveNcu && !readNcuCsvFile(Req.NcuCsvFile, Ncu, Error))
    return failure(Error);

  MeasureResult Out;
  MeasureReport &M = Out.M;
  // The device: the first one the trace describes for the launches kept.
  const TraceDevice *Dev = nullptr;
  if (!T.Launches.empty())
    Dev = T.deviceOf(T.Launches.front());
  else if (!T.Devices.empty())
    Dev = &T.Devices.front();
  if (Dev)
    M.Device = *Dev;

  // The GPU to predict for: --gpu, else the detected device.
  AnalysisRequest AReq = Req.Analysis;
  const GpuSpec *Gpu = nullptr;
  if (!AReq.GpuNames.empty()) {
    Gpu = Db.find(AReq.GpuNames.front());
    if (!Gpu)
      return failure("unknown GPU '" + AReq.GpuNames.front() +
                     "'; known GPUs: " + Db.knownNames());
    M.GpuSource = "--gpu";
  } else if (Dev && (Gpu = findDeviceGpu(Db, *Dev))) {
    M.GpuSource = "database";
  } else if (Dev) {
    if (auto Derived = gpuFromDevice(*Dev)) {
      M.DerivedGpu = std::make_shared<GpuSpec>(std::move(*Derived));
      Gpu = M.DerivedGpu.get();
      M.GpuSource = "runtime properties";
      M.Notes.push_back(
          note(NoteId::DeviceNotInDatabase, {{"device", Dev->Name}}));
    }
  }
  if (!Gpu) {
    Gpu = Db.find(Db.defaultName());
    M.GpuSource = "database default (the trace describes no device)";
  }
  AReq.GpuNames = {};
  AReq.Launches.clear();

  AnalysisResult A = analyze(AReq, Db);
  if (A.Exit == ExitInputError)
    return failure(A.Error);
  std::map<std::string, const KernelModel *> Models;
  std::vector<KernelModel> Owned;
  Owned.reserve(A.R.Kernels.size());
  for (const KernelReport &K : A.R.Kernels)
    Owned.push_back(K.Model);
  for (const KernelModel &K : Owned)
    if (!K.MangledName.empty())
      Models.emplace(K.MangledName, &K);

  GroupedTrace G = groupLaunches(T, Models);
  if (HaveNcu) {
    attachCounters(G, T, Ncu);
    M.HaveCounters = !Ncu.Launches.empty();
    for (const auto &[Program, Lines] : Ncu.Errors)
      for (const std::string &L : Lines)
        M.Notes.push_back(
            note(NoteId::NcuSays, {{"program", Program}, {"text", L}}));
    if (Ncu.Launches.empty())
      M.Notes.push_back(note(NoteId::NcuReadNoCounters));
  } else {
    M.Notes.push_back(note(NoteId::NoCounters));
  }
  for (const auto &[Name, Count] : G.Unknown)
    M.Notes.push_back(
        note(NoteId::TracedKernelNotInFile, {{"kernel", Name},
                                             {"launches", double(Count)},
                                             {"file", AReq.Parse.File}}));
  if (T.Launches.empty())
    M.Notes.push_back(
        note(NoteId::TraceHasNoLaunches, {{"program", Req.Program}}));

  M.R = A.R;
  M.R.Kernels.clear();
  M.R.Gpus = {Gpu};
  // The model's occupancy for each traced configuration, beside the
  // runtime's (ptxas output is cached, so this does not recompile), and
  // with it the latency term: the times are compared with every term in.
  ArchitectureTable Archs;
  std::string ArchsError;
  bool HaveArchs = Archs.loadDefault(ArchsError);
  KernelResources Resources(
      resourceOptions(AReq, A.Parse, A.ParseCommandLine, A.ParseNvccCodeFlags,
                      M.R, HaveArchs ? &Archs : nullptr, ArchsError),
      {Gpu});
  for (LaunchGroup &Gr : G.Groups) {
    M.R.Kernels.push_back(bindLaunch(*Gr.Model, Gr.Spec, AReq.Binds, {Gpu},
                                     AReq.DefaultBinds, &Resources));
    wordFindings(M.R.Kernels.back());
  }
  for (size_t I = 0; I < G.Groups.size(); ++I) {
    LaunchComparison C = compareLaunch(G.Groups[I], M.R.Kernels[I], *Gpu, Dev);
    M.Entries.push_back({std::move(G.Groups[I]), std::move(C)});
  }
  for (size_t I = 0; I < M.Entries.size(); ++I) {
    const std::vector<OccupancyOnGpu> &Occ = M.R.Kernels[I].Occupancies;
    if (!Occ.empty() && Occ.front().Result)
      withPredictedOccupancy(M.Entries[I].Cmp,
                             Occ.front().Result->ActiveBlocksPerSm);
  }
  for (const MeasureReport::Entry &E : M.Entries) {
    MeasureReport::KernelTotal *T = nullptr;
    for (MeasureReport::KernelTotal &X : M.Totals)
      if (X.Program == E.Group.Program && X.Kernel == E.Group.Model->Name)
        T = &X;
    if (!T) {
      M.Totals.push_back(
          {E.Group.Program, E.Group.Model->Name, 0, 0, 0.0, 0.0});
      T = &M.Totals.back();
    }
    T->Launches += E.Group.Count;
    ++T->Configurations;
    double Timed = 0;
    for (double Ns : E.Group.DurationsNs)
      Timed += Ns * 1e-9;
    if (T->MeasuredS && E.Group.DurationsNs.size() == E.Group.Count)
      *T->MeasuredS += Timed;
    else
      T->MeasuredS.reset();
    if (T->PredictedS && E.Cmp.TimeS.PredictedLow)
      *T->PredictedS += *E.Cmp.TimeS.PredictedLow * E.Group.Count;
    else
      T->PredictedS.reset();
  }
  // Entries point at models by address: repoint them at the copies kept in
  // the report, which live as long as it does.
  for (size_t I = 0; I < M.Entries.size(); ++I)
    M.Entries[I].Group.Model = &M.R.Kernels[I].Model;
  return Out;
}

} // namespace rla
