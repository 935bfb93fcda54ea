// libFuzzer target: what a page is opened with — the URL hash and query, the host's config block
// and window.XUANKA_CONFIG (four parts of the input, split at NUL bytes). Checks: no crash or
// sanitizer report; a link never sets the vendor overlay; every problem message is short; the
// share link written back reads back without problems.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/contract.h"
#include "tests/fuzz/fuzz_common.h"
#include "ui/app_state.h"
#include "ui/page_state.h"

using namespace xuanka;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string parts[4];
  int k = 0;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0 && k < 3) ++k;
    else parts[k] += static_cast<char>(data[i]);
  }
  ui::ConfigSources src;
  src.hash = parts[0];
  src.query = parts[1];
  src.block = parts[2];
  src.global_json = parts[3];
  ui::PageConfig cfg = ui::read_config(src);
  // Only the host's own sources may carry vendor data.
  if (cfg.overlay && src.block.find("overlay") == std::string::npos && src.global_json.find("overlay") == std::string::npos) {
    fuzz::fail("a link set the vendor overlay");
  }
  ui::AppState state;
  ui::apply_state(cfg.state, state, fuzz::catalog(), cfg.problems);
  for (const auto& p : cfg.problems) {
    if (p.text().size() > 400) fuzz::fail("a problem message of " + std::to_string(p.text().size()) + " bytes");
  }
  for (const auto& p : cfg.problems) {
    if (ui::explain_problem(core::Lang::zh, p).empty()) fuzz::fail("a problem without words: " + p.text());
  }
  ui::recompute(state, fuzz::catalog());
  if (state.derived.estimate) fuzz::require_finite(core::to_json(*state.derived.estimate), "estimate");
  // The page's own link reads back cleanly.
  ui::ConfigSources again;
  again.hash = ui::share_hash(state);
  ui::PageConfig cfg2 = ui::read_config(again);
  ui::AppState state2;
  ui::apply_state(cfg2.state, state2, fuzz::catalog(), cfg2.problems);
  if (!cfg2.problems.empty()) fuzz::fail("the share link does not read back: " + cfg2.problems.front().text());
  return 0;
}
