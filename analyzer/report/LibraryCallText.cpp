//===- LibraryCallText.cpp ------------------------------------------------===//
#include "analyzer/report/LibraryCallText.h"
#include "analyzer/report/NoteText.h"
#include "analyzer/support/HumanUnits.h"

namespace rla {
namespace {

using Json = nlohmann::ordered_json;

const char *kindName(LibraryCall::Kind K) {
  switch (K) {
  case LibraryCall::Gemm:
    return "gemm";
  case LibraryCall::Copy:
    return "copy";
  case LibraryCall::Fill:
    return "fill";
  case LibraryCall::Vector:
    return "vector";
  case LibraryCall::Gemv:
    return "gemv";
  case LibraryCall::SparseMv:
    return "spmv";
  }
  return "gemm";
}

Json optional(const std::optional<double> &V) {
  return V ? Json(*V) : Json(nullptr);
}

Json optional(const std::optional<Rational> &V) {
  return V ? Json(V->toDouble()) : Json(nullptr);
}

} // namespace

std::string libraryCallsText(const Report &R) {
  std::string Out;
  for (const LibraryCallReport &L : R.LibraryCalls) {
    const LibraryCall &C = L.Call;
    Out += C.Name + "  (" + C.Location.str() + ")  library call, no source";
    auto dim = [](const std::optional<Rational> &V) {
      return V ? V->str() : std::string("?");
    };
    std::string Type = (C.Complex ? "complex " : "") + C.Precision;
    if (C.What == LibraryCall::Gemm) {
      Out += "  m=" + dim(C.M) + " n=" + dim(C.N) + " k=" + dim(C.K) + "  " +
             (C.Tensor ? "tensor " : "") + C.Precision + "\n";
    } else if (C.What == LibraryCall::Vector) {
      Out += "  " + C.Operation + " n=" + dim(C.N) + "  " + Type + "\n";
    } else if (C.What == LibraryCall::Gemv) {
      Out += std::string("  m=") + dim(C.M) + " n=" + dim(C.N) +
             (C.Transposed ? " transposed" : "") + "  " + Type + "\n";
    } else if (C.What == LibraryCall::SparseMv) {
      Out += "  CSR m=" + dim(C.M) + " n=" + dim(C.N) + " nnz=" + dim(C.Nnz) +
             "  " + Type + "\n";
    } else {
      Out += "  " + C.Direction + " " +
             (C.Bytes ? formatSi(C.Bytes->toDouble(), "B") : "? B") + "\n";
    }
    for (const LibraryCallCost &G : L.ByGpu) {
      Out += "  " + std::string(G.Gpu ? G.Gpu->Name : "?") + ":";
      if (G.Flops)
        Out += " " + formatSi(*G.Flops) + " FLOPs";
      if (G.Bytes) {
        Out += std::string(G.Flops ? "," : "") + " " + formatSi(*G.Bytes, "B");
        if (C.What == LibraryCall::Gemm)
          Out += " (A, B read, C read and written)";
        else if (G.ReadBytes && G.WrittenBytes)
          Out += " (" + formatSi(*G.ReadBytes, "B") + " read, " +
                 formatSi(*G.WrittenBytes, "B") + " written)";
      }
      if (G.Time)
        Out += ", " + formatDuration(*G.Time) + ", " + G.Bound + "-bound" +
               (G.Roof.empty() || G.Bound != "compute"
                    ? ""
                    : " (" + G.Roof + " roof)") +
               (G.LaunchFloor > 0
                    ? " with " +
                          (G.Launches > 1 ? std::to_string(G.Launches) +
                                                " launches' floor, "
                                          : std::string("the launch floor, ")) +
                          formatDuration(G.LaunchFloor)
                    : "");
      else
        Out += std::string(G.Flops || G.Bytes ? "," : "") +
               " time unknown: " + (G.Why ? noteText(*G.Why) : "");
      Out += "\n";
    }
    for (const Note &N : C.Notes)
      Out += "  note: " + noteText(N) + "\n";
    Out += "\n";
  }
  return Out;
}

Json libraryCallsJson(const Report &R) {
  Json List = Json::array();
  for (const LibraryCallReport &L : R.LibraryCalls) {
    const LibraryCall &C = L.Call;
    Json J = Json::object();
    J["name"] = C.Name;
    J["kind"] = kindName(C.What);
    J["location"] = {{"file", C.Location.File},
                     {"line", C.Location.Line},
                     {"column", C.Location.Column}};
    J["host_function"] = C.HostFunction;
    if (C.What == LibraryCall::Gemm) {
      J["m"] = optional(C.M);
      J["n"] = optional(C.N);
      J["k"] = optional(C.K);
      J["precision"] = C.Precision;
      J["tensor"] = C.Tensor;
    } else if (C.What == LibraryCall::Vector || C.What == LibraryCall::Gemv ||
               C.What == LibraryCall::SparseMv) {
      if (!C.Operation.empty())
        J["operation"] = C.Operation;
      if (C.What != LibraryCall::Vector)
        J["m"] = optional(C.M);
      J["n"] = optional(C.N);
      if (C.What == LibraryCall::SparseMv)
        J["nnz"] = optional(C.Nnz);
      if (C.What == LibraryCall::Gemv)
        J["transposed"] = C.Transposed;
      J["precision"] = C.Precision;
      J["complex"] = C.Complex;
      if (C.What != LibraryCall::SparseMv)
        J["stride"] = optional(C.Stride);
    } else {
      J["bytes"] = optional(C.Bytes);
      J["direction"] = C.Direction;
    }
    Json ByGpu = Json::array();
    for (const LibraryCallCost &G : L.ByGpu) {
      Json X = Json::object();
      X["gpu"] = G.Gpu ? Json(G.Gpu->Name) : Json(nullptr);
      X["flops"] = optional(G.Flops);
      X["bytes"] = optional(G.Bytes);
      if (G.ReadBytes) {
        X["dram_read_bytes"] = *G.ReadBytes;
        X["dram_write_bytes"] = optional(G.WrittenBytes);
        X["dram_deferred_write_bytes"] = optional(G.DeferredWriteBytes);
      }
      X["launches"] = G.Launches;
      X["launch_floor_s"] = G.LaunchFloor;
      X["roof"] = G.Roof.empty() ? Json(nullptr) : Json(G.Roof);
      X["time_s"] = optional(G.Time);
      X["bound"] = G.Bound.empty() ? Json(nullptr) : Json(G.Bound);
      X["reason"] = G.Why ? Json(noteText(*G.Why)) : Json(nullptr);
      ByGpu.push_back(X);
    }
    J["by_gpu"] = ByGpu;
    J["notes"] = eachNoteText(C.Notes);
    List.push_back(J);
  }
  return List;
}

} // namespace rla
