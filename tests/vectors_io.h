// Loading of tests/vectors/*.json for data-driven tests (tests layer).
#pragma once
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "core/catalog_embedded.h"
#include "core/contract.h"

namespace xuanka::test {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline nlohmann::json load_vectors(const std::string& name) {
  return nlohmann::json::parse(read_text(std::string(XUANKA_VECTORS_DIR) + "/" + name));
}

// The embedded catalog, loaded once for the tests that need it (it must load cleanly).
inline const core::Catalog& catalog() {
  static const core::Catalog c = [] {
    core::Diagnostics d;
    core::Catalog x = core::load_embedded_catalog(d);
    if (!d.empty()) throw std::runtime_error("embedded catalog: " + d.front().text());
    return x;
  }();
  return c;
}

// A scenario parsed against the embedded catalog; a bad scenario fails the test with every
// diagnostic.
inline core::Scenario scenario_of(const nlohmann::json& j, const core::Catalog& c = catalog()) {
  core::Scenario s;
  const core::Diagnostics d = core::from_json(j, c, s);
  for (const auto& x : d) UNSCOPED_INFO(x.text());
  REQUIRE(d.empty());
  return s;
}
// The same, estimated.
inline core::Estimate estimate_of(const nlohmann::json& j) { return core::estimate(scenario_of(j)); }
// How much longer a training step of `a` is than one of `b` (both must give a step time).
inline double step_time_difference_s(const nlohmann::json& a, const nlohmann::json& b) {
  const core::Estimate ea = estimate_of(a), eb = estimate_of(b);
  REQUIRE(ea.step_time_s);
  REQUIRE(eb.step_time_s);
  return *ea.step_time_s - *eb.step_time_s;
}

}  // namespace xuanka::test

// The short names the test files use, defined once here: the test files are compiled as one
// unit (UNITY_BUILD, tests/CMakeLists.txt), where a helper each file defined for itself would be
// defined twice.
inline const xuanka::core::Catalog& cat() { return xuanka::test::catalog(); }
inline xuanka::core::Scenario scenario(const nlohmann::json& j, const xuanka::core::Catalog& c = cat()) {
  return xuanka::test::scenario_of(j, c);
}
inline xuanka::core::Estimate run(const nlohmann::json& j) { return xuanka::test::estimate_of(j); }
