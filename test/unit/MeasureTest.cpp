//===- MeasureTest.cpp - trace, ncu CSV, decoding, comparison, plot -------===//
#include "analyzer/measure/ArgDecoder.h"
#include "analyzer/measure/Comparison.h"
#include "analyzer/measure/DeviceGpu.h"
#include "analyzer/measure/Harness.h"
#include "analyzer/measure/NcuCsv.h"
#include "analyzer/measure/Trace.h"
#include "analyzer/report/RooflineSvg.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace rla;

namespace {

const char *Device =
    R"({"type":"device","device":0,"program":"app","name":"NVIDIA Z9","cc":[9,0],"sms":100,"sm_clock_khz":2000000,"mem_clock_khz":1000000,"mem_bus_bits":4096,"l2_bytes":1048576,"global_mem_bytes":1000,"max_threads_per_sm":2048})";

std::string launch(const char *Kernel, int N, unsigned Start, unsigned End,
                   unsigned Corr = 1) {
  char Hex[9];
  unsigned char B[4];
  std::memcpy(B, &N, 4);
  std::snprintf(Hex, sizeof(Hex), "%02x%02x%02x%02x", B[0], B[1], B[2], B[3]);
  return std::string(R"({"type":"launch","kernel":")") + Kernel +
         R"(","grid":[4,1,1],"block":[256,1,1],"dynamic_smem":0,"correlation":)" +
         std::to_string(Corr) + R"(,"start_ns":)" + std::to_string(Start) +
         R"(,"end_ns":)" + std::to_string(End) +
         R"(,"active_blocks_per_sm":8,"args":[{"offset":0,"size":4,"hex":")" +
         Hex + R"("},{"offset":8,"size":8,"hex":"0000000000100000"}]})";
}

KernelModel model() {
  KernelModel M;
  M.Name = "k";
  M.MangledName = "_Z1kiPf";
  M.Params = {{"n", "int", KernelParam::Integer, 0},
              {"p", "float *", KernelParam::Pointer, 4}};
  return M;
}

} // namespace

TEST(Trace, ReadsDevicesAndLaunches) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(std::string(Device) + "\n" +
                             launch("_Z1kiPf", 1000, 100, 350) + "\n\n",
                         T, Error))
      << Error;
  ASSERT_EQ(T.Devices.size(), 1u);
  EXPECT_EQ(T.Devices[0].Name, "NVIDIA Z9");
  EXPECT_EQ(T.Devices[0].SmCount, 100);
  ASSERT_EQ(T.Launches.size(), 1u);
  const TraceLaunch &L = T.Launches[0];
  EXPECT_EQ(L.Program, "app");
  EXPECT_EQ(L.Grid[0], 4u);
  EXPECT_EQ(L.Block[0], 256u);
  EXPECT_DOUBLE_EQ(*L.DurationNs, 250);
  ASSERT_EQ(L.Args.size(), 2u);
  EXPECT_EQ(L.Args[0].Bytes.size(), 4u);
  EXPECT_EQ(L.ActiveBlocksPerSm, 8);
  EXPECT_EQ(T.deviceOf(L), &T.Devices[0]);
}

TEST(Trace, RejectsMalformedRecords) {
  Trace T;
  std::string Error;
  EXPECT_FALSE(parseTrace("{\"type\":\"launch\",\"kernel\":\"k\"}", T, Error));
  EXPECT_NE(Error.find("line 1"), std::string::npos) << Error;
  EXPECT_FALSE(parseTrace("not json", T, Error));
  EXPECT_FALSE(parseTrace("{\"type\":\"other\"}", T, Error));
  EXPECT_FALSE(parseTrace(
      R"({"type":"launch","kernel":"k","grid":[1,1,1],"block":[1,1,1],"args":[{"hex":"abc"}]})",
      T, Error));
  EXPECT_FALSE(parseTrace(
      R"({"type":"launch","kernel":"k","grid":[0,1,1],"block":[1,1,1]})", T,
      Error));
}

// Wrong types and out-of-range numbers name the field; none aborts with a
// type_error or wraps a negative number to a huge unsigned one.
TEST(Trace, WrongShapesNameTheField) {
  auto Rejects = [](const std::string &Line, const std::string &Message) {
    Trace T;
    std::string Error;
    EXPECT_FALSE(parseTrace(Line, T, Error)) << Line;
    EXPECT_NE(Error.find(Message), std::string::npos) << Error;
  };
  Rejects(R"({"type":"device","name":"x","cc":["9","0"]})",
          "line 1: device record: \"cc\" must be [major, minor]");
  Rejects(R"({"type":"device","name":"x","cc":[9,null]})", "\"cc\"");
  Rejects(R"({"type":"device","name":"x","sms":1e300})", "\"sms\" must be");
  Rejects(R"({"type":"device","name":[]})", "\"name\" must be a non-empty");
  const std::string Launch =
      R"({"type":"launch","kernel":"k","grid":[1,1,1],"block":[1,1,1],)";
  Rejects(Launch + R"("dynamic_smem":-1})", "\"dynamic_smem\" must be");
  Rejects(Launch + R"("registers":"10"})", "\"registers\" must be");
  Rejects(Launch + R"("duration_ns":"8896"})", "\"duration_ns\" must be");
  Rejects(Launch + R"("start_ns":5,"end_ns":-1})", "\"end_ns\" must be");
  Rejects(Launch + R"("args":{}})", "\"args\" must be an array");
  Rejects(Launch + R"("args":[{"hex":"00","size":"1"}]})",
          "\"args\"[0]: \"size\" must be");
  Rejects(R"({"type":"launch","kernel":"k","grid":"1,1,1","block":[1,1,1]})",
          "\"grid\" must be an array");
  // What the tracer writes for "not reported" still reads.
  Trace T;
  std::string Error;
  EXPECT_TRUE(
      parseTrace(Launch + R"("registers":-1,"static_smem":-1})", T, Error))
      << Error;
}

TEST(NcuCsv, ParsesProgramsUnitsAndDerivedQuantities) {
  const char *Csv =
      "# program: app\n"
      "==PROF== Connected to process 1\n"
      "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\","
      "\"dram__bytes_read.sum\",\"dram__bytes_write.sum\","
      "\"gpu__time_duration.sum\","
      "\"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum\","
      "\"smsp__sass_thread_inst_executed_op_fmul_pred_on.sum\","
      "\"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum\","
      "\"launch__occupancy_limit_warps\",\"launch__occupancy_limit_"
      "registers\"\n"
      "\"\",\"\",\"\",\"\",\"Kbyte\",\"byte\",\"ns\",\"inst\",\"inst\","
      "\"inst\","
      "\"block\",\"block\"\n"
      "\"0\",\"_Z1kiPf\",\"(256, 1, 1)\",\"(4, 1, 1)\",\"1,024\",\"512\","
      "\"2,000\",\"10\",\"20\",\"30\",\"8\",\"6\"\n"
      "# program: other\n"
      "==ERROR== Failed to profile kernel\n";
  NcuResults R;
  std::string Error;
  ASSERT_TRUE(parseNcuCsv(Csv, R, Error)) << Error;
  ASSERT_EQ(R.Launches.size(), 1u);
  const NcuLaunch &L = R.Launches[0];
  EXPECT_EQ(L.Program, "app");
  EXPECT_EQ(L.Kernel, "_Z1kiPf");
  EXPECT_EQ(L.Grid[0], 4u);
  EXPECT_EQ(L.Block[0], 256u);
  EXPECT_DOUBLE_EQ(*L.dramBytes(), 1024e3 + 512);
  EXPECT_DOUBLE_EQ(*L.flops('f'), 10 + 20 + 2 * 30);
  EXPECT_FALSE(L.flops('d'));
  EXPECT_DOUBLE_EQ(*L.durationNs(), 2000);
  EXPECT_DOUBLE_EQ(*L.activeBlocksPerSm(), 6);
  ASSERT_EQ(R.Errors["other"].size(), 1u);
}

// A counter that is not a finite non-negative number names its line and
// column, instead of a measured "inf B" and an error of "nan%".
TEST(NcuCsv, RejectsCountersThatAreNotCounts) {
  for (const char *Value : {"inf", "nan", "1e400", "-5", "1e308"}) {
    std::string Csv =
        std::string("\"ID\",\"Kernel Name\",\"dram__bytes_read.sum\"\n"
                    "\"\",\"\",\"Gbyte\"\n"
                    "\"0\",\"k\",\"") +
        Value + "\"\n";
    NcuResults R;
    std::string Error;
    EXPECT_FALSE(parseNcuCsv(Csv, R, Error)) << Value;
    EXPECT_NE(Error.find("line 3: \"dram__bytes_read.sum\" must be a finite "
                         "non-negative number"),
              std::string::npos)
        << Error;
  }
  // Text (n/a) is no value, as before.
  NcuResults R;
  std::string Error;
  EXPECT_TRUE(parseNcuCsv("\"ID\",\"Kernel Name\",\"dram__bytes_read.sum\"\n"
                          "\"0\",\"k\",\"n/a\"\n",
                          R, Error))
      << Error;
}

TEST(NcuCsv, ReadsTheRecordedH200Run) {
  NcuResults R;
  std::string Error;
  ASSERT_TRUE(
      readNcuCsvFile(RLA_SOURCE_DIR "/docs/accuracy/raw/ncu_raw.csv", R, Error))
      << Error;
  const NcuLaunch *Saxpy = nullptr;
  for (const NcuLaunch &L : R.Launches)
    if (L.Program == "saxpy")
      Saxpy = &L;
  ASSERT_NE(Saxpy, nullptr);
  EXPECT_EQ(Saxpy->Kernel, "_Z5saxpyifPKfPf");
  EXPECT_EQ(Saxpy->Grid[0], 65536u);
  // 2 FLOPs (one FFMA) per element of 1 << 24.
  EXPECT_DOUBLE_EQ(*Saxpy->flops('f'), 2.0 * (1 << 24));
  EXPECT_GT(*Saxpy->dramBytes(), 1.3e8);
  EXPECT_GT(R.Launches.size(), 20u);
}

TEST(ArgDecoder, DecodesScalarsByParameterType) {
  std::string Why;
  KernelParam I{"n", "int", KernelParam::Integer, 0};
  EXPECT_EQ(*decodeScalar(I, {0xff, 0xff, 0xff, 0xff}, Why), Rational(-1));
  KernelParam U{"n", "unsigned int", KernelParam::Integer, 0};
  EXPECT_EQ(*decodeScalar(U, {0xff, 0xff, 0xff, 0xff}, Why),
            Rational(4294967295LL));
  KernelParam F{"a", "float", KernelParam::Floating, 0};
  float A = 2.5f;
  std::vector<uint8_t> B(4);
  std::memcpy(B.data(), &A, 4);
  EXPECT_EQ(*decodeScalar(F, B, Why), Rational(5, 2));
  KernelParam H{"h", "__half", KernelParam::Floating, 0};
  EXPECT_EQ(*decodeScalar(H, {0x00, 0x3c}, Why), Rational(1)); // 1.0
  EXPECT_FALSE(decodeScalar(I, {1, 2, 3}, Why));
  EXPECT_EQ(*rationalFromDouble(0.1),
            Rational(3602879701896397LL, 36028797018963968LL));
}

TEST(ArgDecoder, LaunchFromTraceBindsScalarsOnly) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(launch("_Z1kiPf", 1000, 0, 10), T, Error));
  KernelModel M = model();
  LaunchSpec S = launchFromTrace(M, T.Launches[0]);
  EXPECT_EQ(S.Source, LaunchSource::Trace);
  EXPECT_EQ(*S.Grid[0], Rational(4));
  ASSERT_EQ(S.Args.size(), 1u);
  EXPECT_EQ(S.Args.at("n"), Rational(1000));
}

TEST(Comparison, GroupsByConfigurationAndPairsCounters) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(std::string(Device) + "\n" +
                             launch("_Z1kiPf", 1000, 0, 100, 1) + "\n" +
                             launch("_Z1kiPf", 2000, 0, 300, 2) + "\n" +
                             launch("_Z1kiPf", 1000, 0, 120, 3) + "\n" +
                             launch("_Z1kiPf", 1000, 0, 110, 4) + "\n" +
                             launch("_Z5otherv", 1, 0, 5, 5),
                         T, Error));
  KernelModel M = model();
  std::map<std::string, const KernelModel *> Models = {{M.MangledName, &M}};
  GroupedTrace G = groupLaunches(T, Models);
  ASSERT_EQ(G.Groups.size(), 2u);
  EXPECT_EQ(G.Groups[0].Count, 3u);
  EXPECT_DOUBLE_EQ(*G.Groups[0].medianNs(), 110);
  EXPECT_EQ(G.Groups[1].Count, 1u);
  EXPECT_EQ(G.Unknown.at("_Z5otherv"), 1u);

  // ncu rows in launch order: the second one is the n=2000 launch.
  NcuResults Ncu;
  for (double Bytes : {100.0, 900.0, 110.0, 120.0}) {
    NcuLaunch L;
    L.Program = "app";
    L.Kernel = "_Z1kiPf";
    L.Grid = {4, 1, 1};
    L.Block = {256, 1, 1};
    L.Metrics["dram__bytes_read.sum"] = Bytes;
    L.Metrics["dram__bytes_write.sum"] = 0;
    Ncu.Launches.push_back(L);
  }
  attachCounters(G, T, Ncu);
  EXPECT_EQ(G.Groups[0].NcuRows, 3u);
  EXPECT_DOUBLE_EQ(*G.Groups[0].NcuDramBytes, 110);
  EXPECT_DOUBLE_EQ(*G.Groups[1].NcuDramBytes, 900);
}

TEST(Comparison, ErrorIsZeroInsideTheRangeElseFromTheNearerEnd) {
  EXPECT_DOUBLE_EQ(*checkQuantity(90.0, 110.0, 100.0).Error, 0);
  EXPECT_DOUBLE_EQ(*checkQuantity(120.0, 130.0, 100.0).Error, 0.2);
  EXPECT_DOUBLE_EQ(*checkQuantity(50.0, 80.0, 100.0).Error, -0.2);
  EXPECT_FALSE(checkQuantity(std::nullopt, std::nullopt, 1.0).Error);
  EXPECT_FALSE(checkQuantity(1.0, 1.0, std::nullopt).Error);
}

TEST(DeviceGpu, DerivesCeilingsForAnUnknownGpu) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(Device, T, Error));
  auto G = gpuFromDevice(T.Devices[0]);
  ASSERT_TRUE(G);
  // 100 SMs x 128 lanes x 2 x 2 GHz; 2 x 1 GHz x 4096 bit / 8.
  EXPECT_DOUBLE_EQ(G->peakFlops(Precision::FP32)->Value, 100 * 128 * 2 * 2e9);
  EXPECT_DOUBLE_EQ(G->DramBandwidth->Value, 2 * 1e9 * 512);
  EXPECT_NE(G->DramBandwidth->Source.find("runtime properties"),
            std::string::npos);
}

TEST(Harness, BufferSizesFollowTheRule) {
  KernelReport K;
  K.Model = model();
  std::map<std::string, uint64_t> Out;
  std::string Error;
  EXPECT_FALSE(bufferBytes(K, {}, Out, Error));
  EXPECT_NE(Error.find("--buffer-bytes p="), std::string::npos) << Error;
  EXPECT_TRUE(bufferBytes(K, {{"p", 1000}}, Out, Error));
  EXPECT_EQ(Out["p"], 1024u);
  K.Totals = BoundTotals{};
  K.Totals->set(Metric::GlobalLoadBytes, {4000, 4000});
  K.Totals->set(Metric::GlobalStoreBytes, {100, 4000});
  Out.clear();
  EXPECT_TRUE(bufferBytes(K, {}, Out, Error));
  EXPECT_EQ(Out["p"], 8192u);
  // The memory model's extent wins over the requested bytes.
  Out.clear();
  EXPECT_TRUE(bufferBytes(K, {}, Out, Error, {{"p", 4000}}));
  EXPECT_EQ(Out["p"], 4096u);
}

TEST(Harness, ArraySizesFromTheReport) {
  auto M = arrayBytesFromReport(
      R"({"arrays":[{"name":"x","extent_bytes":400,"footprint_bytes":200},)"
      R"({"name":"y","footprint_bytes":{"low":10,"high":30}},{"name":"z"}]})");
  EXPECT_EQ(M.size(), 2u);
  EXPECT_EQ(M["x"], 400u);
  EXPECT_EQ(M["y"], 30u);
  EXPECT_TRUE(arrayBytesFromReport(R"({"name":"k"})").empty());
}

TEST(RooflineSvg, WellFormedWithCeilingsAndLabelledPoints) {
  RooflinePlot P;
  P.Title = "t <&>";
  P.Compute = {{"fp32 67 TFLOP/s", 67e12}};
  P.Memory = {{"DRAM 4.8 TB/s", 4.8e12}};
  P.Points = {{"saxpy", false, 0.167, 8e11},
              {"saxpy", true, 0.18, 5.8e11},
              {"copy", true, 0, 0}};
  std::string S = renderRooflineSvg(P);
  EXPECT_NE(S.find("<svg"), std::string::npos);
  EXPECT_NE(S.find("class=\"compute-roof\""), std::string::npos);
  EXPECT_NE(S.find("class=\"memory-roof\""), std::string::npos);
  EXPECT_NE(S.find("class=\"measured"), std::string::npos);
  EXPECT_NE(S.find("class=\"predicted"), std::string::npos);
  EXPECT_NE(S.find("t &lt;&amp;&gt;"), std::string::npos);
  EXPECT_NE(S.find("not plotted"), std::string::npos);
  EXPECT_EQ(S.find("nan"), std::string::npos);
}

TEST(Comparison, CountersWithoutAProgramBelongToTheTracedOne) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(std::string(Device) + "\n" +
                             launch("_Z1kiPf", 1000, 0, 100, 1),
                         T, Error));
  KernelModel M = model();
  GroupedTrace G = groupLaunches(T, {{M.MangledName, &M}});
  NcuResults Ncu;
  NcuLaunch L;
  L.Kernel = "_Z1kiPf";
  L.Grid = {4, 1, 1};
  L.Block = {256, 1, 1};
  L.Metrics["gpu__time_duration.sum"] = 90;
  Ncu.Launches.push_back(L);
  attachCounters(G, T, Ncu);
  EXPECT_EQ(G.Groups[0].NcuRows, 1u);
  EXPECT_DOUBLE_EQ(*G.Groups[0].NcuTimeNs, 90);
}

TEST(Comparison, OccupancyFromTheTraceAndThePrediction) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(std::string(Device) + "\n" +
                             launch("_Z1kiPf", 1000, 0, 100, 1),
                         T, Error));
  KernelModel M = model();
  GroupedTrace G = groupLaunches(T, {{M.MangledName, &M}});
  GpuSpec Gpu = *gpuFromDevice(T.Devices[0]);
  KernelReport R;
  LaunchComparison C = compareLaunch(G.Groups[0], R, Gpu, &T.Devices[0]);
  // 8 blocks of 256 threads: 64 warps of the SM's 2048 / 32.
  EXPECT_DOUBLE_EQ(*C.ActiveBlocksPerSm, 8);
  EXPECT_DOUBLE_EQ(*C.ActiveWarpsPerSm, 64);
  EXPECT_DOUBLE_EQ(*C.Occupancy, 1.0);
  EXPECT_FALSE(C.TimeS.PredictedLow); // nothing bound: no prediction
  EXPECT_DOUBLE_EQ(*C.TimeS.Measured, 100e-9);
  withPredictedOccupancy(C, 6);
  EXPECT_DOUBLE_EQ(*C.PredictedActiveBlocksPerSm, 6);
}

// What a trace does not give is a note of its own, with the values.
TEST(ArgDecoder, LaunchFromTraceNotesWhatItCannotDecode) {
  Trace T;
  std::string Error;
  ASSERT_TRUE(parseTrace(launch("_Z1kiPf", 1000, 0, 10), T, Error));
  KernelModel M = model();
  TraceLaunch L = T.Launches[0];
  L.Args[0].Bytes = {1, 2, 3};
  EXPECT_EQ(
      launchFromTrace(M, L).Notes,
      std::vector<Note>{
          note(NoteId::TraceArgumentNotDecoded,
               {{"argument", "n"}, {"reason", "3 bytes is no integer size"}})});
  L.Args.pop_back();
  EXPECT_EQ(launchFromTrace(M, L).Notes,
            std::vector<Note>{note(NoteId::TraceArgumentCountMismatch,
                                   {{"args", 1.0}, {"params", 2.0}})});
  L.HasArgs = false;
  EXPECT_EQ(launchFromTrace(M, L).Notes,
            std::vector<Note>{note(NoteId::TraceNoArgumentBytes)});
}
