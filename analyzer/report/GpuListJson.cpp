//===- GpuListJson.cpp ----------------------------------------------------===//
#include "analyzer/report/GpuListJson.h"
#include "analyzer/report/GpuTerms.h"
#include "analyzer/models/Roofline.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rla {
namespace {

using Json = nlohmann::ordered_json;

Json sourced(const SourcedValue &V) {
  Json J = Json::object();
  J["value"] = V.Value;
  J["source"] = V.Source;
  J["provenance"] = provenanceName(provenanceOf(V));
  if (V.Measured) {
    J["measured"] = *V.Measured;
    J["measured_source"] = V.MeasuredSource;
  }
  return J;
}

Json optionalSourced(const std::optional<SourcedValue> &V) {
  return V ? sourced(*V) : Json(nullptr);
}

} // namespace

std::string renderGpuListJson(const GpuDatabase &Db,
                              const std::vector<std::string> &Only) {
  Json Root = Json::object();
  Root["default"] = Db.defaultName();
  Json List = Json::array();
  for (const GpuSpec &G : Db.all()) {
    if (!Only.empty() && std::none_of(Only.begin(), Only.end(),
                                      [&](const std::string &N) {
                                        return Db.find(N) == &G;
                                      }))
      continue;
    Json J = Json::object();
    J["name"] = G.Name;
    J["full_name"] = G.FullName;
    J["architecture"] = G.Architecture;
    J["compute_capability"] =
        std::to_string(G.ComputeMajor) + "." + std::to_string(G.ComputeMinor);
    J["sm_count"] = optionalSourced(G.SmCount);
    Json Peaks = Json::object();
    for (unsigned P = 0; P < NumPrecisions; ++P)
      if (G.PeakFlops[P])
        Peaks[precisionName(static_cast<Precision>(P))] =
            sourced(*G.PeakFlops[P]);
    J["peak_flops"] = Peaks;
    // Dense peaks; each source names the sparse figure where the datasheet
    // gives one, which is never used as a roof.
    Json Tensor = Json::object();
    for (const auto &[Kind, V] : G.TensorFlops)
      Tensor[Kind] = sourced(V);
    J["tensor_flops"] = Tensor;
    J["dram_bandwidth"] = optionalSourced(G.DramBandwidth);
    J["l2_bytes"] = optionalSourced(G.L2Bytes);
    J["l1_shared_bytes"] = optionalSourced(G.L1SharedBytesPerSm);
    J["dram_fetch_bytes"] = optionalSourced(G.DramFetchBytes);
    J["host_link_bandwidth"] = optionalSourced(G.HostLinkBandwidth);
    Json Ridges = Json::object(), TensorRidges = Json::object();
    for (const RidgePoint &R : ridgePoints(G))
      (R.Tensor ? TensorRidges : Ridges)[R.Precision] = R.Ridge;
    Ridges["tensor"] = TensorRidges;
    J["ridge_points"] = Ridges;
    // The time model's terms: each one's value and provenance, or what a
    // prediction does without it.
    Json Terms = Json::array();
    for (const GpuTerm &T : gpuTerms(G)) {
      Json E = {{"term", T.Key}};
      if (T.Value) {
        E["value"] = T.Value->Value;
        E["provenance"] = provenanceName(provenanceOf(*T.Value));
        E["source"] = T.Value->Source;
      } else {
        E["provenance"] = "missing";
        E["instead"] = T.Instead;
      }
      Terms.push_back(E);
    }
    J["terms"] = Terms;
    List.push_back(J);
  }
  Root["gpus"] = List;
  return Root.dump(2) + "\n";
}

} // namespace rla
