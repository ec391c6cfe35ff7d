//===- RlaTracer.cpp - CUPTI injection library for `rl-analyze measure` ---===//
///
/// \file
/// Loaded by the CUDA driver through CUDA_INJECTION64_PATH. Records every
/// kernel launch of the program as one JSON line in $RLA_TRACE_FILE (appended;
/// default rla-trace.jsonl): name, grid, block, dynamic shared memory, stream,
/// start/end from CUPTI's activity records, the raw bytes of every argument
/// (offsets and sizes from cuFuncGetParamInfo), the function's resources and
/// the driver's occupancy for that launch. One "device" line precedes the
/// first launch on each device. docs/measure.md describes the format.
///
/// Built with the toolkit alone (no LLVM): tools/tracer/CMakeLists.txt, or
/// the one g++ line in scripts/device/build_tracer.sh.
//===----------------------------------------------------------------------===//
#include <cuda.h>
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// What the launch callback saw; completed by the activity record.
struct PendingLaunch {
  std::string Name;
  unsigned Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  unsigned DynamicSmem = 0;
  unsigned long long Stream = 0;
  int Device = -1;
  int Registers = -1, StaticSmem = -1, LocalBytes = -1;
  int ActiveBlocksPerSm = -1;
  std::vector<std::pair<size_t, std::string>> Args; ///< offset, hex bytes
  std::vector<size_t> ArgSizes;
  bool ArgsKnown = false; ///< false: the record carries no "args"
};

std::mutex Lock;
FILE *Out = nullptr;
/// By correlation id, so the oldest launch comes first.
std::map<uint32_t, PendingLaunch> Pending;
std::set<int> DevicesWritten;
CUpti_SubscriberHandle Subscriber;
bool Failed = false;

void warn(const char *What, CUptiResult R) {
  const char *Msg = "";
  cuptiGetResultString(R, &Msg);
  std::fprintf(stderr, "rla-tracer: %s failed: %s\n", What, Msg);
}

#define CUPTI_OK(Call)                                                         \
  do {                                                                         \
    CUptiResult R_ = (Call);                                                   \
    if (R_ != CUPTI_SUCCESS) {                                                 \
      warn(#Call, R_);                                                         \
      Failed = true;                                                           \
    }                                                                          \
  } while (0)

/// S as a JSON string (quotes, backslashes and control characters escaped).
std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out + "\"";
}

std::string programName() {
  if (const char *P = std::getenv("RLA_TRACE_PROGRAM"))
    return P;
  char Buf[4096];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return "";
  Buf[N] = 0;
  const char *Slash = std::strrchr(Buf, '/');
  return Slash ? Slash + 1 : Buf;
}

int attribute(CUdevice Dev, CUdevice_attribute A) {
  int V = -1;
  cuDeviceGetAttribute(&V, A, Dev);
  return V;
}

/// The "device" line of each device, captured on the launching thread
/// (driver calls are not made from CUPTI's buffer callback).
std::map<int, std::string> DeviceLines;

std::string describeDevice(int Ordinal) {
  CUdevice Dev;
  if (cuDeviceGet(&Dev, Ordinal) != CUDA_SUCCESS)
    return "";
  char Name[256] = "";
  cuDeviceGetName(Name, sizeof(Name), Dev);
  size_t Mem = 0;
  cuDeviceTotalMem(&Mem, Dev);
  std::string Line =
      "{\"type\":\"device\",\"device\":" + std::to_string(Ordinal) +
      ",\"program\":" + jsonString(programName()) +
      ",\"name\":" + jsonString(Name);
  char Buf[1024];
  std::snprintf(
      Buf, sizeof(Buf),
      ",\"cc\":[%d,%d],\"sms\":%d,\"sm_clock_khz\":%d,\"mem_clock_khz\":%d,"
      "\"mem_bus_bits\":%d,\"l2_bytes\":%d,\"global_mem_bytes\":%zu,"
      "\"max_threads_per_sm\":%d,\"max_blocks_per_sm\":%d,"
      "\"regs_per_sm\":%d,\"smem_per_sm\":%d,\"warp_size\":%d,"
      "\"source\":\"tracer\"}\n",
      attribute(Dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE), Mem,
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
      attribute(Dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE));
  return Line + Buf;
}

/// One "device" line per device, before its first launch. Lock held.
void writeDevice(int Ordinal) {
  auto It = DeviceLines.find(Ordinal);
  if (It == DeviceLines.end() || !DevicesWritten.insert(Ordinal).second)
    return;
  std::fputs(It->second.c_str(), Out);
}

std::string hexBytes(const void *P, size_t N) {
  static const char Digits[] = "0123456789abcdef";
  std::string S;
  const unsigned char *B = static_cast<const unsigned char *>(P);
  for (size_t I = 0; I < N; ++I) {
    S += Digits[B[I] >> 4];
    S += Digits[B[I] & 15];
  }
  return S;
}

/// Writes one launch; Start/End are 0 when no activity record came. Lock held.
void writeLaunch(const PendingLaunch &L, uint32_t Correlation,
                 unsigned long long Start, unsigned long long End) {
  if (!Out)
    return;
  if (L.Device >= 0)
    writeDevice(L.Device);
  std::fprintf(Out, "{\"type\":\"launch\",\"device\":%d,\"kernel\":%s",
               L.Device, jsonString(L.Name).c_str());
  std::fprintf(Out,
               ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
               "\"dynamic_smem\":%u,\"stream\":%llu,\"correlation\":%u",
               L.Grid[0], L.Grid[1], L.Grid[2], L.Block[0], L.Block[1],
               L.Block[2], L.DynamicSmem, L.Stream, Correlation);
  if (End > Start)
    std::fprintf(Out, ",\"start_ns\":%llu,\"end_ns\":%llu", Start, End);
  std::fprintf(Out,
               ",\"registers\":%d,\"static_smem\":%d,\"local_bytes\":%d,"
               "\"active_blocks_per_sm\":%d",
               L.Registers, L.StaticSmem, L.LocalBytes, L.ActiveBlocksPerSm);
  if (L.ArgsKnown) {
    std::fprintf(Out, ",\"args\":[");
    for (size_t I = 0; I < L.Args.size(); ++I)
      std::fprintf(Out, "%s{\"offset\":%zu,\"size\":%zu,\"hex\":\"%s\"}",
                   I ? "," : "", L.Args[I].first, L.ArgSizes[I],
                   L.Args[I].second.c_str());
    std::fprintf(Out, "]");
  }
  std::fprintf(Out, "}\n");
}

/// The runtime launches through library kernels (CUkernel) passed where a
/// CUfunction is expected; attribute and parameter queries need the
/// context's CUfunction of that kernel.
CUfunction contextFunction(CUfunction F) {
  int Probe = 0;
  if (cuFuncGetAttribute(&Probe, CU_FUNC_ATTRIBUTE_NUM_REGS, F) ==
      CUDA_SUCCESS)
    return F;
  CUfunction Loaded = nullptr;
  if (cuKernelGetFunction(&Loaded, reinterpret_cast<CUkernel>(F)) ==
          CUDA_SUCCESS &&
      Loaded)
    return Loaded;
  return F;
}

/// Fills L from the launch's function, configuration and parameters.
void describe(PendingLaunch &L, CUfunction F, void **Params, void **Extra,
              const unsigned *Grid, const unsigned *Block, unsigned Smem,
              CUstream Stream) {
  for (int D = 0; D < 3; ++D) {
    L.Grid[D] = Grid[D];
    L.Block[D] = Block[D];
  }
  L.DynamicSmem = Smem;
  L.Stream = (unsigned long long)(uintptr_t)Stream;
  CUdevice Dev;
  if (cuCtxGetDevice(&Dev) == CUDA_SUCCESS) {
    L.Device = (int)Dev;
    std::lock_guard<std::mutex> G(Lock);
    if (!DeviceLines.count(L.Device))
      DeviceLines[L.Device] = describeDevice(L.Device);
  }
  F = contextFunction(F);
  cuFuncGetAttribute(&L.Registers, CU_FUNC_ATTRIBUTE_NUM_REGS, F);
  cuFuncGetAttribute(&L.StaticSmem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, F);
  cuFuncGetAttribute(&L.LocalBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, F);
  cuOccupancyMaxActiveBlocksPerMultiprocessor(
      &L.ActiveBlocksPerSm, F, (int)(Block[0] * Block[1] * Block[2]), Smem);
  // Arguments come either as an array of pointers (kernelParams) or packed
  // in one buffer (extra = {CU_LAUNCH_PARAM_BUFFER_POINTER, p,
  // CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END}).
  const char *Packed = nullptr;
  size_t PackedSize = 0;
  if (!Params && Extra) {
    for (size_t I = 0; Extra[I] != CU_LAUNCH_PARAM_END; I += 2) {
      if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Packed = static_cast<const char *>(Extra[I + 1]);
      else if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_SIZE)
        PackedSize = *static_cast<size_t *>(Extra[I + 1]);
    }
  }
  if (!Params && !Packed)
    return;
  for (size_t I = 0;; ++I) {
    size_t Offset = 0, Size = 0;
    if (cuFuncGetParamInfo(F, I, &Offset, &Size) != CUDA_SUCCESS)
      break;
    const void *Bytes = Params ? Params[I] : Packed + Offset;
    if (!Params && Offset + Size > PackedSize)
      return; // the buffer is shorter than the parameters: give up
    L.Args.emplace_back(Offset, hexBytes(Bytes, Size));
    L.ArgSizes.push_back(Size);
  }
  L.ArgsKnown = true;
}

void CUPTIAPI onApi(void *, CUpti_CallbackDomain Domain, CUpti_CallbackId Id,
                    const void *Data) {
  const CUpti_CallbackData *Info =
      static_cast<const CUpti_CallbackData *>(Data);
  if (Domain != CUPTI_CB_DOMAIN_DRIVER_API ||
      Info->callbackSite != CUPTI_API_ENTER)
    return;
  PendingLaunch L;
  L.Name = Info->symbolName ? Info->symbolName : "";
  switch (Id) {
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
    // The four parameter structs share this layout.
    const auto *P =
        static_cast<const cuLaunchKernel_params *>(Info->functionParams);
    unsigned Grid[3] = {P->gridDimX, P->gridDimY, P->gridDimZ};
    unsigned Block[3] = {P->blockDimX, P->blockDimY, P->blockDimZ};
    describe(L, P->f, P->kernelParams, P->extra, Grid, Block, P->sharedMemBytes,
             P->hStream);
    break;
  }
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
    const auto *P =
        static_cast<const cuLaunchKernelEx_params *>(Info->functionParams);
    const CUlaunchConfig *C = P->config;
    unsigned Grid[3] = {C->gridDimX, C->gridDimY, C->gridDimZ};
    unsigned Block[3] = {C->blockDimX, C->blockDimY, C->blockDimZ};
    describe(L, P->f, P->kernelParams, P->extra, Grid, Block, C->sharedMemBytes,
             C->hStream);
    break;
  }
  default:
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  Pending[Info->correlationId] = std::move(L);
}

constexpr size_t BufferBytes = 8 << 20;

void CUPTIAPI bufferRequested(uint8_t **Buffer, size_t *Size,
                              size_t *MaxRecords) {
  *Buffer = static_cast<uint8_t *>(std::aligned_alloc(8, BufferBytes));
  *Size = *Buffer ? BufferBytes : 0;
  *MaxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext, uint32_t, uint8_t *Buffer, size_t,
                              size_t Valid) {
  CUpti_Activity *Record = nullptr;
  std::lock_guard<std::mutex> G(Lock);
  while (cuptiActivityGetNextRecord(Buffer, Valid, &Record) == CUPTI_SUCCESS) {
    if (Record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL &&
        Record->kind != CUPTI_ACTIVITY_KIND_KERNEL)
      continue;
    const auto *K = reinterpret_cast<const CUpti_ActivityKernel10 *>(Record);
    auto It = Pending.find(K->correlationId);
    if (It == Pending.end()) {
      // Where the record's id is not the driver call's (a launch made
      // through another API layer), take the oldest pending launch of the
      // same kernel and shape.
      for (It = Pending.begin(); It != Pending.end(); ++It)
        if (It->second.Name == (K->name ? K->name : "") &&
            It->second.Grid[0] == unsigned(K->gridX) &&
            It->second.Grid[1] == unsigned(K->gridY) &&
            It->second.Grid[2] == unsigned(K->gridZ) &&
            It->second.Block[0] == unsigned(K->blockX) &&
            It->second.Block[1] == unsigned(K->blockY) &&
            It->second.Block[2] == unsigned(K->blockZ))
          break;
    }
    if (It == Pending.end()) {
      // A launch the callback did not see (a graph node, a library's own
      // path): the activity record alone still gives name, shape and time.
      PendingLaunch L;
      L.Name = K->name ? K->name : "";
      L.Grid[0] = K->gridX, L.Grid[1] = K->gridY, L.Grid[2] = K->gridZ;
      L.Block[0] = K->blockX, L.Block[1] = K->blockY, L.Block[2] = K->blockZ;
      L.DynamicSmem = K->dynamicSharedMemory;
      L.Stream = K->streamId;
      L.Device = (int)K->deviceId;
      L.Registers = K->registersPerThread;
      L.StaticSmem = K->staticSharedMemory;
      writeLaunch(L, K->correlationId, K->start, K->end);
      continue;
    }
    It->second.Stream = K->streamId; // CUPTI's stream id reads better
    writeLaunch(It->second, It->first, K->start, K->end);
    Pending.erase(It);
  }
  size_t Dropped = 0;
  cuptiActivityGetNumDroppedRecords(nullptr, 0, &Dropped);
  if (Dropped)
    std::fprintf(stderr, "rla-tracer: %zu activity records dropped\n", Dropped);
  if (Out)
    std::fflush(Out);
  std::free(Buffer);
}

void finish() {
  cuptiActivityFlushAll(1);
  std::lock_guard<std::mutex> G(Lock);
  // Launches whose activity record never came (the program exited early).
  for (auto &[Correlation, L] : Pending)
    writeLaunch(L, Correlation, 0, 0);
  Pending.clear();
  if (Out)
    std::fclose(Out);
  Out = nullptr;
}

} // namespace

/// The entry point the CUDA driver calls when it loads this library.
extern "C" int InitializeInjection(void) {
  const char *Path = std::getenv("RLA_TRACE_FILE");
  Out = std::fopen(Path ? Path : "rla-trace.jsonl", "a");
  if (!Out) {
    std::perror("rla-tracer: cannot open the trace file");
    return 0;
  }
  CUPTI_OK(cuptiSubscribe(&Subscriber, onApi, nullptr));
  static const CUpti_CallbackId Launches[] = {
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
  for (CUpti_CallbackId Id : Launches)
    CUPTI_OK(
        cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_DRIVER_API, Id));
  CUPTI_OK(cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted));
  CUPTI_OK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  std::atexit(finish);
  return Failed ? 0 : 1;
}
