// libFuzzer target: a scenario as JSON text (the CLI's input, the share link's "s"). Checks:
// no crash or sanitizer report; a scenario that parses estimates with finite results; it writes
// back to a contract object that parses to the same scenario (from_json(to_json(s)) == s); what
// the page's other panels compute from it runs too (issue 40: a float division by zero inside the
// recommender went unseen): the fixes when it does not fit, the serving curve and plan, and, for
// every 16th input, a recommendation over 1-8 cards (a whole-catalog search per input would take
// the run's time).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/contract.h"
#include "core/estimator.h"
#include "core/recommend.h"
#include "tests/fuzz/fuzz_common.h"

using namespace xuanka;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  core::Diagnostics d;
  const nlohmann::json j = core::parse_json_text(text, "scenario", d);
  if (j.is_discarded()) return 0;
  core::Scenario s;
  if (!core::from_json(j, fuzz::catalog(), s).empty()) return 0;
  const core::Estimate e = core::estimate(s);
  fuzz::require_finite(core::to_json(e), "estimate");
  const nlohmann::json back = core::to_json(s);
  core::Scenario s2;
  const core::Diagnostics d2 = core::from_json(back, fuzz::catalog(), s2);
  if (!d2.empty()) fuzz::fail("to_json(s) does not parse: " + d2.front().text() + " in " + core::dump_json(back));
  if (!core::same_scenario(s, s2)) fuzz::fail("from_json(to_json(s)) != s: " + core::dump_json(back));
  (void)core::dump_json(back);
  for (const core::Fix& f : core::fixes_to_fit(s, fuzz::catalog(), 2)) fuzz::require_finite(core::to_json(f.estimate), "fix");
  if (s.task == core::Task::inference && s.model.kind == core::ModelKind::llm && s.gpu) {
    for (const core::ServingPoint& p : core::serving_curve(s, 6)) {
      if (!std::isfinite(p.tokens_per_s_per_user) || !std::isfinite(p.tokens_per_s_per_card)) fuzz::fail("serving curve: not finite");
    }
    const core::ServingPlan plan = core::plan_serving(s, core::ServingTarget{64, 10, 5.0, std::nullopt});
    if (plan.met && plan.cards < 1) fuzz::fail("serving plan met with no card");
  }
  if (size % 16 == 0) {
    core::Constraints c;
    c.max_cards = 8;
    fuzz::require_finite(core::to_json(core::recommend(s, fuzz::catalog(), c)), "recommend");
  }
  return 0;
}
