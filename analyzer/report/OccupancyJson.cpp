//===- OccupancyJson.cpp --------------------------------------------------===//
#include "analyzer/report/OccupancyJson.h"
#include "analyzer/report/NoteText.h"

namespace rla {

using Json = nlohmann::ordered_json;

Json occupancyResultJson(const OccupancyResult &R) {
  Json J = Json::object();
  J["registers_per_thread"] = R.RegistersPerThread;
  J["allocated_registers_per_thread"] = R.AllocatedRegistersPerThread;
  J["static_smem_bytes"] = R.StaticSmemBytes;
  J["dynamic_smem_bytes"] = R.DynamicSmemBytes;
  J["block_size"] = R.BlockSize;
  J["active_blocks_per_sm"] = R.ActiveBlocksPerSm;
  J["active_warps_per_sm"] = R.ActiveWarpsPerSm;
  J["max_warps_per_sm"] = R.MaxWarpsPerSm;
  J["occupancy"] = R.Occupancy;
  J["limiting"] = R.Limiting;
  return J;
}

Json occupancyJson(const OccupancyOnGpu &O) {
  Json J = Json::object();
  J["gpu"] = O.Gpu ? Json(O.Gpu->Name) : Json(nullptr);
  J["arch"] = O.Resources ? Json(O.Resources->Arch) : Json(nullptr);
  if (O.Result) {
    Json Result = occupancyResultJson(*O.Result);
    for (auto &[Key, Value] : Result.items())
      J[Key] = Value;
  } else {
    for (const char *Key :
         {"registers_per_thread", "allocated_registers_per_thread",
          "static_smem_bytes", "dynamic_smem_bytes", "block_size",
          "active_blocks_per_sm", "active_warps_per_sm", "max_warps_per_sm",
          "occupancy", "limiting"})
      J[Key] = nullptr;
    // Resources known without a usable launch still tell the registers.
    if (O.Resources) {
      J["registers_per_thread"] = O.Resources->Registers;
      J["static_smem_bytes"] = O.Resources->StaticSmemBytes;
    }
  }
  J["max_threads_per_block"] =
      O.MaxThreadsPerBlock ? Json(O.MaxThreadsPerBlock) : Json(nullptr);
  if (O.Resources) {
    J["barriers"] =
        O.Resources->Barriers ? Json(*O.Resources->Barriers) : Json(nullptr);
    J["stack_frame_bytes"] = O.Resources->StackFrameBytes;
    J["spill_store_bytes"] = O.Resources->SpillStoreBytes;
    J["spill_load_bytes"] = O.Resources->SpillLoadBytes;
  } else {
    for (const char *Key : {"barriers", "stack_frame_bytes",
                            "spill_store_bytes", "spill_load_bytes"})
      J[Key] = nullptr;
  }
  J["unknown_reason"] = O.Result ? Json(nullptr) : Json(noteText(O.Unknown));
  return J;
}

} // namespace rla
