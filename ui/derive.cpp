// Recomputation of what the inputs give (ui layer): every number shown comes from core.
#include <cmath>
#include <cstdlib>

#include "ui/app_state.h"

namespace xuanka::ui {

namespace {
std::optional<double> positive(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (!end || *end != '\0' || !std::isfinite(v) || v <= 0) return std::nullopt;
  return v;
}
}  // namespace

void recompute(AppState& state, const core::Catalog& catalog) {
  Derived& d = state.derived;
  const nlohmann::json j = to_contract(state.estimate.form);
  d.scenario_json = j.dump();
  d.problems = core::parse_scenario(j, catalog, d.scenario);
  d.estimate.reset();
  d.cost.reset();
  d.recommendation.reset();
  if (!d.problems.empty()) return;
  d.estimate = core::estimate(d.scenario);
  const core::Region* region = catalog.find_region(state.estimate.region);
  if (d.scenario.gpu) {
    core::CostInputs ci;
    ci.cards = d.scenario.parallel.gpus;
    ci.rent_cny_per_card_hour = positive(state.cost.rent_override);
    ci.card_price_cny = positive(state.cost.price_override);
    if (auto u = positive(state.cost.utilisation_pct)) ci.utilisation = std::min(1.0, *u / 100.0);
    const std::optional<double> hours = d.estimate->days ? std::optional<double>(*d.estimate->days * 24.0) : std::nullopt;
    d.cost = core::cost(*d.scenario.gpu, region, ci, hours);
  }
  // The recommendation reruns on every input change (a full search takes < 50 ms in WebAssembly).
  core::Constraints c;
  const RecommendState& r = state.recommend;
  if (auto b = positive(r.budget_wan)) c.budget_cny = *b * 1e4;  // 1 万 = 10^4 CNY
  c.budget_kind = r.budget_kind == "buy" ? core::BudgetKind::buy : core::BudgetKind::rent;
  if (auto dl = positive(r.deadline_days)) c.deadline_days = dl;
  c.domestic_only = r.domestic_only;
  c.in_stock_only = r.in_stock_only;
  if (auto m = positive(r.max_cards)) c.max_cards = static_cast<int>(*m);
  if (!r.form_factor.empty()) c.form_factors.insert(r.form_factor);
  c.goal = r.goal == "cheapest" ? core::Goal::cheapest : r.goal == "fastest" ? core::Goal::fastest
         : r.goal == "purchase" ? core::Goal::lowest_purchase : core::Goal::best_within;
  c.region = region;
  d.recommendation = core::recommend(d.scenario, catalog, c);
}

}  // namespace xuanka::ui
