//===- ModelFixtures.h - GPUs and kernel models for model tests -*- C++ -*-===//
///
/// \file
/// The shipped GPU database, and a 1D kernel model built by hand (x[i] op=
/// for every thread, with a cost term that tests can make depend on an
/// argument), for tests that bind launches without the front end.
//===----------------------------------------------------------------------===//
#ifndef RLA_TEST_UNIT_MODELFIXTURES_H
#define RLA_TEST_UNIT_MODELFIXTURES_H

#include "analyzer/hw/ArchitectureLimits.h"
#include "analyzer/hw/GpuDatabase.h"
#include "analyzer/ir/KernelModel.h"

#include <gtest/gtest.h>

#include <string>

namespace rla::fixtures {

/// A GPU of data/gpus.json by name.
inline const GpuSpec *databaseGpu(const char *Name) {
  static const GpuDatabase Db = [] {
    GpuDatabase D;
    std::string Error;
    EXPECT_TRUE(D.loadFile(std::string(RLA_DATA_DIR) + "/gpus.json", Error))
        << Error;
    return D;
  }();
  return Db.find(Name);
}

/// A GPU of data/gpus.json by name, as a reference (an empty GpuSpec, and a
/// failed expectation, when it is missing).
inline const GpuSpec &gpu(const char *Name) {
  const GpuSpec *G = databaseGpu(Name);
  EXPECT_NE(G, nullptr) << Name;
  static const GpuSpec Missing;
  return G ? *G : Missing;
}

/// The H200 of data/gpus.json.
inline const GpuSpec *h200() { return databaseGpu("H200"); }

/// The shipped architecture table (data/architectures.json).
inline const ArchitectureTable &architectureTable() {
  static const ArchitectureTable Table = [] {
    ArchitectureTable A;
    std::string Error;
    EXPECT_TRUE(
        A.loadFile(std::string(RLA_DATA_DIR) + "/architectures.json", Error))
        << Error;
    return A;
  }();
  return Table;
}

/// A kernel parameter.
inline KernelParam param(const char *Name, const char *Type,
                         KernelParam::Kind Kind, unsigned PointeeBytes = 0) {
  KernelParam P;
  P.Name = Name;
  P.Type = Type;
  P.ParamKind = Kind;
  P.PointeeBytes = PointeeBytes;
  return P;
}

/// Per thread: 1 FLOP, one 4-byte load and one 4-byte store, plus 3 FLOPs
/// and a second load times Extra; Params after the pointer `dst`.
inline KernelModel streamingModel(const char *Name, const Expr &Extra,
                                  std::vector<KernelParam> Params = {}) {
  KernelModel M;
  M.Name = Name;
  M.Location = SourceLoc{std::string(Name) + ".cu", 1, 17};
  M.Params = {param("dst", "float *", KernelParam::Pointer, 4)};
  M.Params.insert(M.Params.end(), Params.begin(), Params.end());
  CostVector V;
  V.Flops[unsigned(Precision::FP32)] = Expr(1) + Expr(3) * Extra;
  V.GlobalLoads = Expr(1) + Extra;
  V.GlobalLoadBytes = Expr(4) + Expr(4) * Extra;
  V.GlobalStores = Expr(1);
  V.GlobalStoreBytes = Expr(4);
  M.PerThread.Low = M.PerThread.High = V;
  Expr Threads(1);
  for (const char *D : {"gridDim.x", "blockDim.x", "gridDim.y", "blockDim.y",
                        "gridDim.z", "blockDim.z"})
    Threads = Threads * Expr::symbol(D);
  M.Total.Low = M.Total.High = V.scaled(Threads);
  return M;
}

} // namespace rla::fixtures

#endif // RLA_TEST_UNIT_MODELFIXTURES_H
