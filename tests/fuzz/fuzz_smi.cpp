// libFuzzer target: pasted nvidia-smi / npu-smi output. Checks: no crash or sanitizer report;
// every figure read is finite and memory used never exceeds the total it is judged against.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/smi_parse.h"
#include "tests/fuzz/fuzz_common.h"

using namespace xuanka;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const core::SmiReport r = core::parse_smi(text, fuzz::catalog());
  for (const core::SmiDevice& d : r.devices) {
    for (const auto& x : {d.memory_total_mib, d.memory_used_mib, d.utilization_pct, d.power_cap_w}) {
      if (x && !std::isfinite(*x)) fuzz::fail("a figure read is not finite");
    }
    const bool judged = d.verdict != core::LoadVerdict::unknown && d.verdict != core::LoadVerdict::implausible;
    if (judged && (*d.memory_used_mib > *d.memory_total_mib || *d.utilization_pct < 0 || *d.utilization_pct > 100)) {
      fuzz::fail("a load judged from impossible figures");
    }
  }
  return 0;
}
