//===- Harness.cpp --------------------------------------------------------===//
#include "analyzer/measure/Harness.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace rla {
namespace {

/// The fixed part: error checks, the fill kernel, the trace writer.
const char *Prelude = R"(
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#define RLA_CHECK(call)                                                       \
  do {                                                                        \
    cudaError_t rla_e = (call);                                               \
    if (rla_e != cudaSuccess) {                                               \
      std::fprintf(stderr, "rla-harness: %s:%d: %s: %s\n", __FILE__,         \
                   __LINE__, #call, cudaGetErrorString(rla_e));               \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

namespace rla_harness {

__device__ unsigned hash(unsigned long long i, unsigned seed) {
  unsigned long long x = i * 0x9E3779B97F4A7C15ull + seed;
  x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
  return static_cast<unsigned>(x);
}

/// Random, never zero: floating values in [0.5, 1.5), integers in [1, 16].
template <class T> __global__ void fill(T *p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    unsigned h = hash(i, seed);
    if constexpr (std::is_integral<T>::value)
      p[i] = static_cast<T>(1 + h % 16);
    else if constexpr (std::is_constructible<T, float>::value)
      p[i] = T(0.5f + (h & 0xFFFFFF) / 16777216.0f);
    else {
      unsigned char *b = reinterpret_cast<unsigned char *>(p + i);
      for (size_t k = 0; k < sizeof(T); ++k)
        b[k] = 1 + (hash(i * sizeof(T) + k, seed) % 255);
    }
  }
}

template <class T> void fillRandom(T *p, size_t bytes, unsigned seed) {
  size_t n = bytes / sizeof(T);
  fill<<<1024, 256>>>(p, n, seed);
  RLA_CHECK(cudaGetLastError());
}

FILE *out() {
  static FILE *f = nullptr;
  if (!f) {
    const char *path = std::getenv("RLA_TRACE_FILE");
    f = path ? std::fopen(path, "a") : stdout;
    if (!f) { std::perror("rla-harness: trace file"); std::exit(1); }
  }
  return f;
}

void device(const char *program) {
  int dev = 0, v[12];
  RLA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p;
  RLA_CHECK(cudaGetDeviceProperties(&p, dev));
  const cudaDeviceAttr a[] = {cudaDevAttrClockRate, cudaDevAttrMemoryClockRate,
                              cudaDevAttrGlobalMemoryBusWidth};
  for (int i = 0; i < 3; ++i) RLA_CHECK(cudaDeviceGetAttribute(&v[i], a[i], dev));
  std::fprintf(out(), "{\"type\":\"device\",\"device\":%d,\"program\":\"%s\","
      "\"name\":\"%s\",\"cc\":[%d,%d],\"sms\":%d,\"sm_clock_khz\":%d,"
      "\"mem_clock_khz\":%d,\"mem_bus_bits\":%d,\"l2_bytes\":%d,"
      "\"global_mem_bytes\":%zu,\"max_threads_per_sm\":%d,"
      "\"max_blocks_per_sm\":%d,\"regs_per_sm\":%d,\"smem_per_sm\":%zu,"
      "\"warp_size\":%d,\"source\":\"harness\"}\n",
      dev, program, p.name, p.major, p.minor, p.multiProcessorCount, v[0],
      v[1], v[2], p.l2CacheSize, p.totalGlobalMem,
      p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor,
      p.regsPerMultiprocessor, p.sharedMemPerMultiprocessor, p.warpSize);
}

struct Arg { const void *p; size_t size; };

void hex(FILE *f, const void *p, size_t n) {
  const unsigned char *b = static_cast<const unsigned char *>(p);
  for (size_t i = 0; i < n; ++i) std::fprintf(f, "%02x", b[i]);
}

/// One trace record per timed launch.
template <class K>
void record(K kernel, const char *mangled, dim3 g, dim3 b, size_t smem,
            const std::vector<Arg> &args, float ms, int index) {
  cudaFuncAttributes fa;
  RLA_CHECK(cudaFuncGetAttributes(&fa, kernel));
  int blocks = -1;
  RLA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks, kernel, b.x * b.y * b.z, smem));
  int dev = 0;
  RLA_CHECK(cudaGetDevice(&dev));
  FILE *f = out();
  std::fprintf(f, "{\"type\":\"launch\",\"device\":%d,\"kernel\":\"%s\","
      "\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"dynamic_smem\":%zu,"
      "\"stream\":0,\"correlation\":%d,\"duration_ns\":%.0f,"
      "\"registers\":%d,\"static_smem\":%zu,\"local_bytes\":%zu,"
      "\"active_blocks_per_sm\":%d,\"args\":[",
      dev, mangled, g.x, g.y, g.z, b.x, b.y, b.z, smem, index, ms * 1e6,
      fa.numRegs, fa.sharedSizeBytes, fa.localSizeBytes, blocks);
  size_t off = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    off = (off + args[i].size - 1) / args[i].size * args[i].size;
    std::fprintf(f, "%s{\"offset\":%zu,\"size\":%zu,\"hex\":\"", i ? "," : "",
                 off, args[i].size);
    hex(f, args[i].p, args[i].size);
    std::fprintf(f, "\"}");
    off += args[i].size;
  }
  std::fprintf(f, "]}\n");
}

} // namespace rla_harness
)";

std::string cString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

std::string literal(const KernelParam &P, const Rational &V) {
  if (P.ParamKind == KernelParam::Floating) {
    std::ostringstream S;
    S.precision(17);
    S << V.toDouble();
    return "static_cast<" + P.Type + ">(" + S.str() + ")";
  }
  return "static_cast<" + P.Type + ">(" + V.str() + "LL)";
}

} // namespace

bool bufferBytes(const KernelReport &K,
                 const std::map<std::string, uint64_t> &Overrides,
                 std::map<std::string, uint64_t> &Out, std::string &Error,
                 const std::map<std::string, uint64_t> &ModelBytes) {
  for (const KernelParam &P : K.Model.Params) {
    if (P.ParamKind != KernelParam::Pointer)
      continue;
    double Bytes;
    auto O = Overrides.find(P.Name);
    auto Model = ModelBytes.find(P.Name);
    if (O != Overrides.end()) {
      Bytes = double(O->second);
    } else if (Model != ModelBytes.end()) {
      Bytes = double(Model->second);
    } else if (K.Totals) {
      Bytes = 0;
      for (Metric Q : {Metric::GlobalLoadBytes, Metric::GlobalStoreBytes,
                       Metric::AtomicBytes})
        if (auto V = K.Totals->get(Q))
          Bytes += V->High;
    } else {
      Error = "'" + K.Model.Name +
              "': the launch leaves symbols unbound, so "
              "the size of '" +
              P.Name +
              "' is unknown; bind them or pass "
              "--buffer-bytes " +
              P.Name + "=BYTES";
      return false;
    }
    Bytes = std::max(Bytes, 256.0);
    Out[P.Name] = (static_cast<uint64_t>(Bytes) + 255) / 256 * 256;
  }
  return true;
}

std::map<std::string, uint64_t>
arrayBytesFromReport(const std::string &KernelJson) {
  std::map<std::string, uint64_t> Out;
  nlohmann::json J = nlohmann::json::parse(KernelJson, nullptr, false);
  if (J.is_discarded() || !J.is_object() || !J.contains("arrays") ||
      !J["arrays"].is_array())
    return Out;
  for (const nlohmann::json &A : J["arrays"]) {
    if (!A.is_object() || !A.contains("name") || !A["name"].is_string())
      continue;
    for (const char *Key : {"extent_bytes", "footprint_bytes"}) {
      if (!A.contains(Key))
        continue;
      nlohmann::json V = A[Key];
      // A range value {low, high}: allocate the high end.
      if (V.is_object() && V.contains("high"))
        V = V["high"];
      if (V.is_number() && V.get<double>() >= 0) {
        Out[A["name"].get<std::string>()] =
            static_cast<uint64_t>(V.get<double>());
        break;
      }
    }
  }
  return Out;
}

bool generateHarness(const std::vector<KernelReport> &Kernels,
                     const HarnessOptions &O, std::string &Source,
                     std::string &Error) {
  std::ostringstream S;
  S << "// Generated by rl-analyze measure: times each launch of the launch "
       "file.\n"
    << "#define main rla_user_main\n"
    << "#include " << cString(O.IncludePath) << "\n"
    << "#undef main\n"
    << Prelude << "\nint main() {\n"
    << "  const char *program = std::getenv(\"RLA_TRACE_PROGRAM\") ? "
       "std::getenv(\"RLA_TRACE_PROGRAM\") : "
    << cString(O.Program) << ";\n"
    << "  RLA_CHECK(cudaSetDevice(0));\n"
    << "  rla_harness::device(program);\n"
    << "  cudaEvent_t start, stop;\n"
    << "  RLA_CHECK(cudaEventCreate(&start));\n"
    << "  RLA_CHECK(cudaEventCreate(&stop));\n";
  unsigned Repeats = std::max(O.Repeats, 20u);
  unsigned Seed = 1;
  for (const KernelReport &K : Kernels) {
    const LaunchSpec &L = K.Launch;
    for (unsigned D = 0; D < 3; ++D)
      if (!L.Grid[D] || !L.Block[D]) {
        Error = "'" + K.Model.Name +
                "': the launch has no complete grid and "
                "block";
        return false;
      }
    if (K.Model.MangledName.empty()) {
      Error = "'" + K.Model.Name + "': no mangled name known";
      return false;
    }
    std::map<std::string, uint64_t> Sizes;
    size_t Index = &K - Kernels.data();
    if (!bufferBytes(K, O.BufferOverrides, Sizes, Error,
                     Index < O.ModelBytes.size()
                         ? O.ModelBytes[Index]
                         : std::map<std::string, uint64_t>{}))
      return false;
    S << "  { // " << K.Model.Name
      << (L.CaseName.empty() ? "" : " (case " + L.CaseName + ")") << "\n";
    std::vector<std::string> Names;
    for (size_t I = 0; I < K.Model.Params.size(); ++I) {
      const KernelParam &P = K.Model.Params[I];
      std::string V = "a" + std::to_string(I);
      Names.push_back(V);
      if (P.ParamKind == KernelParam::Pointer) {
        uint64_t B = Sizes[P.Name];
        S << "    " << P.Type << " " << V << " = nullptr; // " << P.Name << ": "
          << B << " bytes\n"
          << "    RLA_CHECK(cudaMalloc((void **)&" << V << ", " << B
          << "ull));\n"
          // The element type through *p: robust to __restrict__ pointers.
          << "    rla_harness::fillRandom((std::remove_cv_t<std::remove_"
             "reference_t<decltype(*"
          << V << ")>> *)" << V << ", " << B << "ull, " << Seed++ << "u);\n";
        continue;
      }
      auto A = L.Args.find(P.Name);
      if (A == L.Args.end()) {
        Error = "'" + K.Model.Name + "': no value for argument '" + P.Name +
                "' in the launch";
        return false;
      }
      S << "    " << P.Type << " " << V << " = " << literal(P, A->second)
        << "; // " << P.Name << "\n";
    }
    auto Dim = [](const std::array<std::optional<Rational>, 3> &D) {
      return "dim3(" + D[0]->str() + ", " + D[1]->str() + ", " + D[2]->str() +
             ")";
    };
    std::string Smem = L.DynamicSmem ? L.DynamicSmem->str() : "0";
    std::string Args;
    std::string ArgList;
    for (size_t I = 0; I < Names.size(); ++I) {
      Args += (I ? ", " : "") + Names[I];
      ArgList += std::string(I ? ", " : "") + "{(const void *)&" + Names[I] +
                 ", sizeof(" + Names[I] + ")}";
    }
    S << "    RLA_CHECK(cudaDeviceSynchronize());\n"
      << "    const dim3 g = " << Dim(L.Grid) << ", b = " << Dim(L.Block)
      << ";\n"
      << "    const size_t smem = " << Smem << ";\n"
      << "    if (smem > 48 * 1024)\n"
      << "      RLA_CHECK(cudaFuncSetAttribute(" << K.Model.Name
      << ", cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));\n"
      << "    for (int w = 0; w < " << O.Warmup << "; ++w) {\n"
      << "      " << K.Model.Name << "<<<g, b, smem>>>(" << Args << ");\n"
      << "      RLA_CHECK(cudaGetLastError());\n"
      << "    }\n"
      << "    RLA_CHECK(cudaDeviceSynchronize());\n"
      << "    const std::vector<rla_harness::Arg> args = {" << ArgList << "};\n"
      << "    std::vector<float> ms;\n"
      << "    for (int r = 0; r < " << Repeats << "; ++r) {\n"
      << "      RLA_CHECK(cudaEventRecord(start));\n"
      << "      " << K.Model.Name << "<<<g, b, smem>>>(" << Args << ");\n"
      << "      RLA_CHECK(cudaGetLastError());\n"
      << "      RLA_CHECK(cudaEventRecord(stop));\n"
      << "      RLA_CHECK(cudaEventSynchronize(stop));\n"
      << "      float t = 0;\n"
      << "      RLA_CHECK(cudaEventElapsedTime(&t, start, stop));\n"
      << "      ms.push_back(t);\n"
      << "      rla_harness::record(" << K.Model.Name << ", "
      << cString(K.Model.MangledName) << ", g, b, smem, args, t, r);\n"
      << "    }\n"
      << "    std::vector<float> sorted = ms;\n"
      << "    std::sort(sorted.begin(), sorted.end());\n"
      << "    std::fprintf(stderr, \"rla-harness: " << K.Model.Name
      << ": median %.3f us over %zu launches\\n\", sorted[sorted.size() / 2] "
         "* 1e3, sorted.size());\n";
    for (size_t I = 0; I < K.Model.Params.size(); ++I)
      if (K.Model.Params[I].ParamKind == KernelParam::Pointer)
        S << "    RLA_CHECK(cudaFree((void *)" << Names[I] << "));\n";
    S << "  }\n";
  }
  S << "  RLA_CHECK(cudaEventDestroy(start));\n"
    << "  RLA_CHECK(cudaEventDestroy(stop));\n"
    << "  std::fflush(rla_harness::out());\n"
    << "  return 0;\n}\n";
  Source = S.str();
  return true;
}

} // namespace rla
