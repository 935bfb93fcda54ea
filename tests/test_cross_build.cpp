// Native and WebAssembly builds must give the same figures (issue 14): this hidden test writes
// every vector's result — each validation scenario's estimate, each bad scenario's diagnostics,
// each recommendation case, each pasted smi text — to the file named by XUANKA_CROSS_OUT.
// tests/cross_build.py runs it in both builds and compares (relative difference under 1e-12).
// It is hidden ([.]) because alone it checks only that the results can be written.
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "core/contract.h"
#include "core/json_reader.h"
#include "core/estimator.h"
#include "core/recommend.h"
#include "core/smi_parse.h"
#include "vectors_io.h"

using namespace xuanka;
using nlohmann::json;

namespace {
json smi_json(const core::SmiReport& r) {
  json j = {{"format", core::format_name(r.format)}, {"driver", r.driver_version}, {"cuda", r.cuda_version},
            {"mig", r.mig}, {"notes", r.notes}, {"devices", json::array()}};
  auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  for (const auto& d : r.devices) {
    j["devices"].push_back({{"name", d.raw_name}, {"id", d.matched_id}, {"candidates", d.candidates},
                            {"total_mib", opt(d.memory_total_mib)}, {"used_mib", opt(d.memory_used_mib)},
                            {"util", opt(d.utilization_pct)}, {"power_cap_w", opt(d.power_cap_w)},
                            {"verdict", core::verdict_name(d.verdict)}});
  }
  return j;
}
std::string diag_text(const core::Diagnostics& d) {
  std::string s;
  for (const auto& x : d) s += x.text() + "\n";
  return s;
}
}  // namespace

TEST_CASE("cross-build: every vector's result, written for tests/cross_build.py", "[.][cross]") {
  const char* out_path = std::getenv("XUANKA_CROSS_OUT");
  REQUIRE(out_path != nullptr);
  const std::string dir = XUANKA_VECTORS_DIR;
  json out = {{"estimates", json::object()}, {"bad_scenarios", json::object()}, {"recommend", json::object()}, {"smi", json::object()}};
  for (const char* f : {"validation_public.jsonl", "validation_llm_own.jsonl", "validation_vision_public.jsonl", "validation_serving_public.jsonl", "validation_serving_own.jsonl",
                        "validation_vision_own.jsonl", "validation_measured.jsonl", "validation_video_own.jsonl"}) {
    std::ifstream in(dir + "/" + f);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      const json c = json::parse(line);
      core::Scenario s;
      const core::Diagnostics d = core::from_json(c.at("scenario"), test::catalog(), s);
      const std::string key = std::string(f) + ":" + std::to_string(n);
      out["estimates"][key] = d.empty() ? to_json(core::estimate(s)) : json(diag_text(d));
    }
    CHECK(n > 0);
  }
  const json bad = test::load_vectors("bad_scenarios.json");
  for (const auto& c : bad.at("cases")) {
    if (!c.contains("scenario")) continue;
    core::Scenario s;
    out["bad_scenarios"][c.at("name").get<std::string>()] = diag_text(core::from_json(c.at("scenario"), test::catalog(), s));
  }
  const json rec = test::load_vectors("recommend.json");
  for (const auto& c : rec.at("cases")) {
    core::Scenario s;
    core::Constraints k;
    const core::Diagnostics d = core::from_json(c.at("scenario"), test::catalog(), s);
    const core::Diagnostics dk = core::from_json(c.value("constraints", json::object()), test::catalog(), k);
    out["recommend"][c.at("name").get<std::string>()] =
        d.empty() && dk.empty() ? to_json(core::recommend(s, test::catalog(), k)) : json(diag_text(d) + diag_text(dk));
  }
  if (DIR* dp = opendir((dir + "/smi").c_str())) {
    while (const dirent* e = readdir(dp)) {
      const std::string name = e->d_name;
      if (name.size() < 5 || name.compare(name.size() - 4, 4, ".txt") != 0) continue;
      out["smi"][name] = smi_json(core::parse_smi(test::read_text(dir + "/smi/" + name), test::catalog()));
    }
    closedir(dp);
  }
  CHECK(out["smi"].size() >= 10);
  std::ofstream o(out_path, std::ios::binary);
  o << core::dump_json(out, 1);
  REQUIRE(o.good());
}
