//===- GpuDatabaseTest.cpp - data/gpus.json loader ------------------------===//
#include "analyzer/hw/GpuDatabase.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

using namespace rla;
using nlohmann::json;

namespace {

const std::string ShippedFile = std::string(RLA_DATA_DIR) + "/gpus.json";

const GpuDatabase &shipped() {
  static GpuDatabase Db = [] {
    GpuDatabase D;
    std::string Error;
    EXPECT_TRUE(D.loadFile(ShippedFile, Error)) << Error;
    return D;
  }();
  return Db;
}

json number(double Value, const char *Unit) {
  return {{"value", Value}, {"unit", Unit}, {"source", "test"}};
}

json minimalGpu(const std::string &Name) {
  return {{"name", Name},
          {"full_name", "Test " + Name},
          {"aliases", json::array()},
          {"architecture", "Test"},
          {"compute_capability", "8.9"},
          {"peak_flops", {{"fp32", number(10, "TFLOP/s")}}},
          {"dram_bandwidth", number(500, "GB/s")}};
}

json minimalFile() {
  return {{"schema_version", 1},
          {"default", "X1"},
          {"changelog", json::array()},
          {"gpus", {minimalGpu("X1")}}};
}

/// Loads Doc and expects failure with every one of Needles in the message.
void expectRejected(const json &Doc,
                    std::initializer_list<const char *> Needles) {
  GpuDatabase Db;
  std::string Error;
  EXPECT_FALSE(Db.loadString(Doc.dump(), Error));
  for (const char *Needle : Needles)
    EXPECT_NE(Error.find(Needle), std::string::npos)
        << "'" << Needle << "' not in: " << Error;
}

TEST(GpuDatabaseTest, LoadsShippedFile) {
  const GpuDatabase &Db = shipped();
  EXPECT_EQ(Db.schemaVersion(), 1);
  EXPECT_EQ(Db.defaultName(), "H200");
  EXPECT_GE(Db.all().size(), 12u);
  for (const char *Name :
       {"V100", "T4", "A100", "A10", "L4", "L40S", "RTX 4090", "RTX 5090",
        "H100 SXM", "H100 PCIe", "H200", "B200"})
    EXPECT_NE(Db.find(Name), nullptr) << Name;
}

TEST(GpuDatabaseTest, EveryEntryHasTheRooflineInputsAndSources) {
  for (const GpuSpec &G : shipped().all()) {
    const SourcedValue *Fp32 = G.peakFlops(Precision::FP32);
    ASSERT_NE(Fp32, nullptr) << G.Name;
    EXPECT_FALSE(Fp32->Source.empty()) << G.Name;
    ASSERT_TRUE(G.DramBandwidth) << G.Name;
    EXPECT_FALSE(G.DramBandwidth->Source.empty()) << G.Name;
    EXPECT_GT(G.ComputeMajor, 0u) << G.Name;
  }
}

TEST(GpuDatabaseTest, LookupIgnoresCaseSpacesAndDashes) {
  const GpuDatabase &Db = shipped();
  ASSERT_NE(Db.find("h100"), nullptr);
  EXPECT_EQ(Db.find("h100")->Name, "H100 SXM");
  EXPECT_EQ(Db.find("H100 SXM"), Db.find("h100"));
  EXPECT_EQ(Db.find("h100_sxm"), Db.find("h100"));
  ASSERT_NE(Db.find("rtx-5090"), nullptr);
  EXPECT_EQ(Db.find("rtx-5090")->Name, "RTX 5090");
  EXPECT_EQ(Db.find("5090"), Db.find("rtx-5090"));
  ASSERT_NE(Db.find("L40s"), nullptr);
  EXPECT_EQ(Db.find("L40s")->Name, "L40S");
  EXPECT_EQ(Db.find("H100-PCIe")->Name, "H100 PCIe");
  // nvidia-smi's spelling, so measured runs map back to an entry.
  EXPECT_EQ(Db.find("NVIDIA H200")->Name, "H200");
  // No prefix matching: A10 and A100 stay apart.
  EXPECT_EQ(Db.find("a10")->Name, "A10");
  EXPECT_EQ(Db.find("a100")->Name, "A100");
}

TEST(GpuDatabaseTest, UnknownNameIsNull) {
  EXPECT_EQ(shipped().find("Z9000"), nullptr);
  EXPECT_EQ(shipped().find(""), nullptr);
  EXPECT_EQ(shipped().find(" - "), nullptr);
}

TEST(GpuDatabaseTest, KnownNamesAreSorted) {
  std::string Names = shipped().knownNames();
  EXPECT_EQ(Names.rfind("A10, A100, A40, B100, B200, GB200, GH200, H100 PCIe, "
                        "H100 SXM, H20, H200, Jetson AGX Orin, L4, L40S",
                        0),
            0u)
      << Names;
}

TEST(GpuDatabaseTest, UnitsAreConvertedToSI) {
  const GpuSpec *L40S = shipped().find("l40s");
  ASSERT_NE(L40S, nullptr);
  EXPECT_DOUBLE_EQ(L40S->peakFlops(Precision::FP32)->Value, 91.6e12);
  EXPECT_DOUBLE_EQ(L40S->DramBandwidth->Value, 864e9);
  EXPECT_DOUBLE_EQ(L40S->DramBytes->Value, 48e9);
  EXPECT_DOUBLE_EQ(L40S->BoostClockHz->Value, 2.52e9);
  EXPECT_DOUBLE_EQ(L40S->SmCount->Value, 142);
  EXPECT_EQ(L40S->smArch(), "sm_89");
  EXPECT_TRUE(L40S->L2Bytes->isUnverified());
  EXPECT_DOUBLE_EQ(L40S->tensorFlops("fp8")->Value, 733e12);
  EXPECT_EQ(L40S->tensorFlops("fp4"), nullptr);

  const GpuSpec *H100 = shipped().find("h100");
  EXPECT_DOUBLE_EQ(H100->DramBandwidth->Value, 3.35e12);
  EXPECT_EQ(shipped().find("rtx5090")->smArch(), "sm_120");
  EXPECT_EQ(shipped().find("b200")->smArch(), "sm_100");
}

TEST(GpuDatabaseTest, MeasuredCeilingsStayBesideTheDatasheet) {
  const GpuSpec *H200 = shipped().find("h200");
  ASSERT_NE(H200, nullptr);
  EXPECT_DOUBLE_EQ(H200->L2Bytes->Value, 60.0 * 1024 * 1024);
  ASSERT_TRUE(H200->DramFetchBytes);
  EXPECT_DOUBLE_EQ(H200->DramFetchBytes->Value, 64);
  EXPECT_FALSE(shipped().find("l40s")->DramFetchBytes);
  EXPECT_DOUBLE_EQ(H200->DramBandwidth->Value, 4.8e12);
  ASSERT_TRUE(H200->DramBandwidth->Measured);
  EXPECT_DOUBLE_EQ(*H200->DramBandwidth->Measured, 4.3e12);

  GpuSpec Measured = H200->withMeasured();
  EXPECT_DOUBLE_EQ(Measured.DramBandwidth->Value, 4.3e12);
  EXPECT_EQ(Measured.DramBandwidth->Source.rfind("measured", 0), 0u);
  EXPECT_DOUBLE_EQ(Measured.tensorFlops("bf16")->Value, 790e12);
  // Numbers without a measurement keep the datasheet value.
  EXPECT_DOUBLE_EQ(Measured.peakFlops(Precision::FP32)->Value, 67e12);
}

TEST(GpuDatabaseTest, UnitTable) {
  EXPECT_EQ(unitScale("TFLOP/s", Quantity::FlopRate), 1e12);
  EXPECT_EQ(unitScale("GFLOP/s", Quantity::FlopRate), 1e9);
  EXPECT_EQ(unitScale("TB/s", Quantity::ByteRate), 1e12);
  EXPECT_EQ(unitScale("GB/s", Quantity::ByteRate), 1e9);
  EXPECT_EQ(unitScale("GB", Quantity::Bytes), 1e9);
  EXPECT_EQ(unitScale("GiB", Quantity::Bytes), 1073741824.0);
  EXPECT_EQ(unitScale("MB", Quantity::Bytes), 1e6);
  EXPECT_EQ(unitScale("MiB", Quantity::Bytes), 1048576.0);
  EXPECT_EQ(unitScale("KiB", Quantity::Bytes), 1024.0);
  EXPECT_EQ(unitScale("MHz", Quantity::Frequency), 1e6);
  EXPECT_EQ(unitScale("GHz", Quantity::Frequency), 1e9);
  // Wrong quantity, wrong case, or a unit the table does not know.
  EXPECT_FALSE(unitScale("GB", Quantity::ByteRate));
  EXPECT_FALSE(unitScale("mb", Quantity::Bytes));
  EXPECT_FALSE(unitScale("TFLOPS", Quantity::FlopRate));
}

TEST(GpuDatabaseTest, MinimalFileLoads) {
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadString(minimalFile().dump(), Error)) << Error;
  EXPECT_EQ(Db.defaultName(), "X1");
  EXPECT_FALSE(Db.find("x1")->SmCount);
}

TEST(GpuDatabaseTest, RejectsMalformedJson) {
  GpuDatabase Db;
  std::string Error;
  EXPECT_FALSE(Db.loadString("{\"schema_version\": 1,", Error));
  EXPECT_NE(Error.find("invalid JSON"), std::string::npos) << Error;
}

TEST(GpuDatabaseTest, RejectsMissingFields) {
  json Doc = minimalFile();
  Doc["gpus"][0].erase("dram_bandwidth");
  expectRejected(Doc, {"entry 0", "\"X1\"", "dram_bandwidth", "missing"});

  Doc = minimalFile();
  Doc["gpus"][0]["peak_flops"] = {{"fp64", number(1, "TFLOP/s")}};
  expectRejected(Doc, {"peak_flops.fp32", "missing"});

  Doc = minimalFile();
  Doc["gpus"][0]["peak_flops"]["fp32"].erase("source");
  expectRejected(Doc, {"peak_flops.fp32.source", "missing"});

  Doc = minimalFile();
  Doc["gpus"][0].erase("name");
  expectRejected(Doc, {"entry 0", "name"});

  Doc = minimalFile();
  Doc.erase("default");
  expectRejected(Doc, {"default"});
}

TEST(GpuDatabaseTest, RejectsUnknownAndMismatchedUnits) {
  json Doc = minimalFile();
  Doc["gpus"][0]["peak_flops"]["fp32"]["unit"] = "TFLOPS";
  expectRejected(Doc, {"\"X1\"", "peak_flops.fp32.unit",
                       "unknown unit 'TFLOPS'", "TFLOP/s"});

  Doc = minimalFile();
  Doc["gpus"][0]["dram_bandwidth"]["unit"] = "GB";
  expectRejected(Doc, {"dram_bandwidth.unit", "unknown unit 'GB'"});
}

TEST(GpuDatabaseTest, RejectsBadValues) {
  json Doc = minimalFile();
  Doc["gpus"][0]["dram_bandwidth"]["value"] = 0;
  expectRejected(Doc, {"dram_bandwidth.value", "positive"});

  Doc = minimalFile();
  Doc["gpus"][0]["dram_bandwidth"]["value"] = "fast";
  expectRejected(Doc, {"dram_bandwidth.value", "number"});

  Doc = minimalFile();
  Doc["gpus"][0]["sm_count"] = number(1.5, "count");
  expectRejected(Doc, {"sm_count.value", "whole"});

  Doc = minimalFile();
  Doc["gpus"][0]["compute_capability"] = "eight";
  expectRejected(Doc, {"compute_capability"});
}

TEST(GpuDatabaseTest, RejectsUnknownFields) {
  json Doc = minimalFile();
  Doc["gpus"][0]["l2_cach"] = number(1, "MiB");
  expectRejected(Doc, {"l2_cach", "unknown field"});

  Doc = minimalFile();
  Doc["gpus"][0]["tensor_flops"] = {{"fp3", number(1, "TFLOP/s")}};
  expectRejected(Doc, {"tensor_flops.fp3", "unknown field"});
}

TEST(GpuDatabaseTest, RejectsUnsupportedVersion) {
  json Doc = minimalFile();
  Doc["schema_version"] = 2;
  expectRejected(Doc, {"schema_version", "not supported"});
}

TEST(GpuDatabaseTest, RejectsDuplicateNames) {
  json Doc = minimalFile();
  json Second = minimalGpu("X2");
  Second["aliases"] = {"x-1"};
  Doc["gpus"].push_back(Second);
  expectRejected(Doc, {"entry 1", "'x-1'", "already names entry 0"});
}

TEST(GpuDatabaseTest, RejectsUnknownDefault) {
  json Doc = minimalFile();
  Doc["default"] = "X9";
  expectRejected(Doc, {"default", "'X9'"});
}

TEST(GpuDatabaseTest, FailedLoadKeepsPreviousContents) {
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadString(minimalFile().dump(), Error)) << Error;
  EXPECT_FALSE(Db.loadString("[]", Error));
  EXPECT_NE(Db.find("X1"), nullptr);
}

TEST(GpuDatabaseTest, MissingFileNamesThePath) {
  GpuDatabase Db;
  std::string Error;
  EXPECT_FALSE(Db.loadFile("/nonexistent/gpus.json", Error));
  EXPECT_NE(Error.find("/nonexistent/gpus.json"), std::string::npos) << Error;
}

TEST(GpuDatabaseTest, DefaultPathHonoursEnvironment) {
  const char *Saved = std::getenv("RL_ANALYZE_DATA_DIR");
  std::string SavedValue = Saved ? Saved : "";

  setenv("RL_ANALYZE_DATA_DIR", "/opt/rla-data", 1);
  EXPECT_EQ(GpuDatabase::defaultPath(), "/opt/rla-data/gpus.json");

  unsetenv("RL_ANALYZE_DATA_DIR");
  EXPECT_EQ(GpuDatabase::defaultPath(), ShippedFile);

  // No share/rl-analyze/ beside the test binary: still the source tree's file.
  GpuDatabase::setExecutablePath("rla-unittests");
  EXPECT_EQ(GpuDatabase::defaultPath(), ShippedFile);
  GpuDatabase::setExecutablePath("");

  if (Saved)
    setenv("RL_ANALYZE_DATA_DIR", SavedValue.c_str(), 1);
}

} // namespace

TEST(GpuDatabaseTest, CacheBandwidthsAreOptionalByteRates) {
  const GpuSpec *H200 = shipped().find("h200");
  ASSERT_NE(H200, nullptr);
  ASSERT_TRUE(H200->L1Bandwidth.has_value());
  // 132 SMs x 128 B/clock x 1.98 GHz, rounded to 10 GB/s in the file.
  EXPECT_NEAR(H200->L1Bandwidth->Value, 132 * 128 * 1.98e9, 1e10);
  ASSERT_TRUE(H200->L2Bandwidth.has_value());
  // Measured on an H200 (docs/accuracy/raw-suite/bandwidth.csv).
  EXPECT_EQ(H200->L2Bandwidth->Source.rfind("measured:", 0), 0u);
  // Derived by a stated rule from the RTX 4090's measurement (docs/gpus.md).
  EXPECT_EQ(shipped().find("l40s")->L2Bandwidth->Source.rfind("derived:", 0),
            0u);
  EXPECT_FALSE(shipped().find("t4")->L2Bandwidth.has_value());

  json Doc = minimalFile();
  Doc["gpus"][0]["l2_bandwidth"] = number(7, "TB/s");
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadString(Doc.dump(), Error)) << Error;
  EXPECT_DOUBLE_EQ(Db.find("X1")->L2Bandwidth->Value, 7e12);

  Doc["gpus"][0]["l1_bandwidth"] = number(7, "MiB");
  expectRejected(Doc, {"l1_bandwidth.unit"});
}

TEST(GpuDatabaseTest, LaunchTermsAreMeasuredPerGpu) {
  const GpuSpec *H100 = shipped().find("h100");
  ASSERT_NE(H100, nullptr);
  ASSERT_TRUE(H100->LaunchFloor.has_value());
  // scripts/device/calibrate_gpu.sh on an H100 (docs/accuracy/h100/
  // calibration): 2.26 us, where the H200's architecture entry has 1.5.
  EXPECT_NEAR(H100->LaunchFloor->Value, 2.257e-6, 1e-9);
  EXPECT_EQ(H100->LaunchFloor->Source.rfind("measured:", 0), 0u);
  ASSERT_TRUE(H100->LaunchDramBytes.has_value());
  EXPECT_EQ(H100->LaunchDramBytes->Value, 2560);
  EXPECT_FALSE(shipped().find("l40s")->LaunchFloor.has_value());

  json Doc = minimalFile();
  Doc["gpus"][0]["launch_floor"] = number(3, "us");
  Doc["gpus"][0]["launch_dram"] = number(2, "KiB");
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadString(Doc.dump(), Error)) << Error;
  EXPECT_DOUBLE_EQ(Db.find("X1")->LaunchFloor->Value, 3e-6);
  EXPECT_DOUBLE_EQ(Db.find("X1")->LaunchDramBytes->Value, 2048);
  Doc["gpus"][0]["launch_floor"] = number(3, "MiB");
  expectRejected(Doc, {"launch_floor.unit"});
}

TEST(GpuDatabaseTest, ScatteredAccessCostsAreMeasuredDurations) {
  const GpuSpec *H200 = shipped().find("h200");
  ASSERT_NE(H200, nullptr);
  ASSERT_TRUE(H200->ScatteredStore.has_value());
  EXPECT_NEAR(H200->ScatteredStore->PerSector.Value, 4.850e-12, 1e-15);
  EXPECT_NEAR(H200->ScatteredStore->PerLine.Value, 12.915e-12, 1e-15);
  // 64 hot slots: 73 ps per update; between the points, log-log.
  EXPECT_NEAR(*H200->laneDistinctAtomicInterval(64), 73.218e-12, 1e-15);
  double Mid = *H200->laneDistinctAtomicInterval(128);
  EXPECT_LT(Mid, 73.218e-12);
  EXPECT_GT(Mid, 36.668e-12);
  EXPECT_FALSE(shipped().find("l40s")->laneDistinctAtomicInterval(64));

  json Doc = minimalFile();
  Doc["gpus"][0]["scattered_store"] = {{"sector", number(6, "ps")},
                                       {"line", number(10, "ps")}};
  GpuDatabase Db;
  std::string Error;
  ASSERT_TRUE(Db.loadString(Doc.dump(), Error)) << Error;
  EXPECT_DOUBLE_EQ(Db.find("X1")->ScatteredStore->PerLine.Value, 10e-12);
  Doc["gpus"][0]["scattered_store"].erase("line");
  expectRejected(Doc, {"scattered_store.line", "missing"});
  Doc["gpus"][0].erase("scattered_store");
  Doc["gpus"][0]["atomic_interval_lane_distinct"] = {
      {{"addresses", 64}, {"value", 70}, {"unit", "ps"}, {"source", "t"}},
      {{"addresses", 32}, {"value", 70}, {"unit", "ps"}, {"source", "t"}}};
  expectRejected(Doc, {"atomic_interval_lane_distinct[1]", "ascend"});
}
