// libFuzzer target: a pasted Hugging Face config.json. Checks: no crash or sanitizer report; a
// model read from it is one the scenario contract accepts or refuses by name (never throws),
// and with any diagnostic the output is left as it was.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/contract.h"
#include "core/estimator.h"
#include "core/hf_config.h"
#include "tests/fuzz/fuzz_common.h"

using namespace xuanka;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nlohmann::json m = "unset";
  const core::Diagnostics d = core::model_from_hf_config(text, m);
  if (!d.empty()) {
    if (m != "unset") fuzz::fail("a refused config changed the output");
    for (const auto& x : d) {
      if (x.path.rfind("config", 0) != 0) fuzz::fail("a diagnostic outside config.*");
    }
    return 0;
  }
  if (!m.is_object()) fuzz::fail("an accepted config gave no architecture object");
  core::Scenario s;
  const auto sd = core::from_json({{"model", m}, {"task", "inference"}}, fuzz::catalog(), s);
  if (sd.empty()) (void)core::estimate(s);
  return 0;
}
