// Shared by the libFuzzer targets (tests/fuzz): the embedded catalog, loaded once, and the
// properties every target checks beyond "no crash, no sanitizer report".
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "core/catalog_embedded.h"

namespace xuanka::fuzz {

inline const core::Catalog& catalog() {
  static const core::Catalog cat = [] {
    core::Diagnostics d;
    core::Catalog c = core::load_embedded_catalog(d);
    if (!d.empty()) {
      std::fprintf(stderr, "embedded catalog: %s\n", d.front().text().c_str());
      std::abort();
    }
    return c;
  }();
  return cat;
}

// A property the target checks failed: print what and where, and stop (libFuzzer keeps the input).
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "property failed: %s\n", what.c_str());
  std::abort();
}

// Results never carry NaN or infinity: every number in a result object is finite.
inline void require_finite(const nlohmann::json& j, const std::string& path) {
  if (j.is_number_float() && !std::isfinite(j.get<double>())) fail(path + " is not finite");
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) require_finite(*it, path + "." + it.key());
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) require_finite(j[i], path + "[" + std::to_string(i) + "]");
  }
}

}  // namespace xuanka::fuzz
