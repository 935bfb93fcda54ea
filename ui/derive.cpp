// Recomputation of what the inputs give (ui layer): every number shown comes from core.
#include <cmath>
#include <cstdlib>

#include "core/contract.h"
#include "ui/app_state.h"
#include "ui/scenario_form.h"

namespace xuanka::ui {

namespace {
std::optional<double> positive(const std::string& s) {
  const auto v = parse_number_text(s);
  if (!v || *v <= 0) return std::nullopt;
  return v;
}
// A typed number as JSON: the number when it reads as one, else the text (so the contract
// parser names the field and what it found).
nlohmann::json typed(const std::string& s, double scale = 1) {
  const auto v = parse_number_text(s);
  return v ? nlohmann::json(*v * scale) : nlohmann::json(s);
}
}  // namespace

nlohmann::json constraints_json(const RecommendState& r, const core::Region* region) {
  nlohmann::json c = {{"budget_kind", r.budget_kind}, {"domestic_only", r.domestic_only}, {"in_stock_only", r.in_stock_only},
                      {"goal", r.goal}};
  if (!r.budget_wan.empty()) c["budget_cny"] = typed(r.budget_wan, 1e4);  // 1 万 = 10^4 CNY
  if (!r.deadline_days.empty()) c["deadline_days"] = typed(r.deadline_days);
  if (!r.max_cards.empty()) c["max_cards"] = typed(r.max_cards);
  if (!r.form_factor.empty()) c["form_factors"] = {r.form_factor};
  if (region) c["region"] = region->id;
  return c;
}

void recompute(AppState& state, const core::Catalog& catalog) {
  Derived& d = state.derived;
  const core::ModelArch* preset = catalog.find_model(state.estimate.form.model);
  const nlohmann::json j = to_contract(state.estimate.form, preset ? preset->kind : "llm");
  d.scenario_json = core::dump_json(j);
  d.problems = core::from_json(j, catalog, d.scenario);
  d.estimate.reset();
  d.cost.reset();
  d.recommendation.reset();
  d.constraint_problems.clear();
  if (!d.problems.empty()) return;
  d.estimate = core::estimate(d.scenario);
  d.fixes.clear();
  if (d.estimate->fits && !*d.estimate->fits) d.fixes = core::fixes_to_fit(d.scenario, catalog);
  const core::Region* region = catalog.find_region(state.estimate.region);
  if (d.scenario.gpu) {
    core::CostInputs ci;
    ci.cards = d.scenario.parallel.gpus;
    ci.rent_cny_per_card_hour = positive(state.cost.rent_override);
    ci.card_price_cny = positive(state.cost.price_override);
    if (auto u = positive(state.cost.utilisation_pct)) ci.utilisation = std::min(1.0, *u / 100.0);
    if (!state.today.empty()) ci.today = state.today;
    const std::optional<double> hours = d.estimate->days ? std::optional<double>(*d.estimate->days * 24.0) : std::nullopt;
    d.cost = core::cost(*d.scenario.gpu, region, ci, hours);
  }
  // The recommendation reruns on every input change (a full search takes < 50 ms in WebAssembly).
  core::Constraints c;
  d.constraint_problems = core::from_json(constraints_json(state.recommend, region), catalog, c);
  if (!d.constraint_problems.empty()) return;
  d.recommendation = core::recommend(d.scenario, catalog, c);
}

}  // namespace xuanka::ui
