// Tests of "Check a card": pasted nvidia-smi / npu-smi text -> cards, memory, load verdict.
#include <catch2/catch.hpp>

#include "core/catalog_embedded.h"
#include "core/smi_parse.h"
#include "vectors_io.h"

using namespace xuanka::core;


TEST_CASE("check a card: real output formats give the right cards, memory, utilisation and verdict") {
  const auto doc = xuanka::test::load_vectors("smi_cases.json");
  for (const auto& c : doc.at("cases")) {
    const std::string file = c.at("file");
    INFO(file);
    const std::string text = xuanka::test::read_text(std::string(XUANKA_VECTORS_DIR) + "/smi/" + file);
    const SmiReport r = parse_smi(text, cat());
    CHECK(std::string(format_name(r.format)) == c.at("format").get<std::string>());
    if (c.contains("driver")) CHECK(r.driver_version == c.at("driver").get<std::string>());
    if (c.contains("cuda")) CHECK(r.cuda_version == c.at("cuda").get<std::string>());
    CHECK(r.mig == c.at("mig").get<bool>());
    const auto& want = c.at("devices");
    REQUIRE(r.devices.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      INFO("device " << i << " '" << r.devices[i].raw_name << "'");
      CHECK(r.devices[i].matched_id == want[i].at("id").get<std::string>());
      CHECK(r.devices[i].memory_total_mib == want[i].at("total_mib").get<double>());
      CHECK(r.devices[i].memory_used_mib == want[i].at("used_mib").get<double>());
      if (want[i].contains("util")) CHECK(r.devices[i].utilization_pct == want[i].at("util").get<double>());
      CHECK(std::string(verdict_name(r.devices[i].verdict)) == want[i].at("verdict").get<std::string>());
    }
  }
}

TEST_CASE("check a card: every prefix of a real paste and random bytes never crash") {
  const std::string text = xuanka::test::read_text(std::string(XUANKA_VECTORS_DIR) + "/smi/a100-40gb-driver470.txt");
  for (std::size_t n = 0; n <= text.size(); n += 7) {
    const SmiReport r = parse_smi(text.substr(0, n), cat());
    CHECK(r.devices.size() <= 2);
  }
  std::string noise;
  unsigned x = 12345;
  for (int i = 0; i < 20000; ++i) {
    x = x * 1103515245u + 12345u;  // LCG, deterministic
    noise.push_back(static_cast<char>((x >> 16) & 0xff));
  }
  CHECK(parse_smi(noise, cat()).devices.size() < 100);
}

TEST_CASE("check a card: a truncated A100 name is told apart by memory and power cap") {
  // "NVIDIA A100-SXM..." at 81920 MiB and 400 W is the SXM4 80GB; 40536 MiB is the 40GB.
  CHECK(match_card("NVIDIA A100-SXM...", 81920.0, 400.0, cat()) == "nvidia-a100-sxm4-80gb");
  CHECK(match_card("NVIDIA A100-SXM...", 40536.0, 400.0, cat()) == "nvidia-a100-sxm4-40gb");
  CHECK(match_card("NVIDIA A100-PCIE-40GB", 40536.0, 250.0, cat()) == "nvidia-a100-pcie-40gb");
  CHECK(match_card("NVIDIA H800", 81559.0, 700.0, cat()) == "nvidia-h800-sxm5-80gb");
  CHECK(match_card("NVIDIA GeForce RTX 4090 D", 24564.0, 425.0, cat()) == "nvidia-rtx-4090d");
  CHECK(match_card("Tesla T4", 15360.0, 70.0, cat()).empty());  // not in the catalog: not guessed
}

TEST_CASE("check a card: the chips of one NPU are one card (910C's two dies, 300I Duo's two 310P3)") {
  auto cards = [](const char* file) {
    return smi_cards(parse_smi(xuanka::test::read_text(std::string(XUANKA_VECTORS_DIR) + "/smi/" + file), cat()));
  };
  CHECK(cards("npu-smi-910c-a3.txt") == 2);  // NPU 0 and 1, two chips each
  CHECK(cards("npu-smi-300i-duo.txt") == 1); // NPU 8, chips 0 and 1
  CHECK(cards("npu-smi-910a.txt") == 1);
  CHECK(cards("npu-smi-910b3.txt") == 2);
  CHECK(cards("h100-driver535.txt") == static_cast<int>(parse_smi(xuanka::test::read_text(std::string(XUANKA_VECTORS_DIR) + "/smi/h100-driver535.txt"), cat()).devices.size()));
  // A 32 GB "Ascend910" is still the first generation.
  CHECK(match_card("Ascend910", 32768.0, std::nullopt, cat()) == "huawei-ascend-910a");
  CHECK(match_card("Ascend910_9382", std::nullopt, std::nullopt, cat()) == "huawei-ascend-910c");
}
