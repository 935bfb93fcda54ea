// Recomputation of what the inputs give (ui layer): every number shown comes from core.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

#include "core/catalog_embedded.h"
#include "core/contract.h"
#include "core/run_config.h"
#include "ui/app_state.h"
#include "ui/scenario_form.h"

namespace xuanka::ui {

namespace {
// A typed number as JSON: the number when it reads as one, else the text (so the contract
// parser names the field and what it found).
nlohmann::json typed(const std::string& s, double scale = 1) {
  const auto v = parse_number_text(s);
  return v ? nlohmann::json(*v * scale) : nlohmann::json(s);
}
}  // namespace

core::OfferKind rent_offer(const CostState& c) {
  const auto k = core::from_word<core::OfferKind>(c.offer);
  return k && *k != core::OfferKind::purchase ? *k : core::OfferKind::lease;
}

nlohmann::json constraints_json(const RecommendState& r, const core::Region* region, const std::string& offer) {
  nlohmann::json c = {{"budget_kind", r.budget_kind}, {"offer", offer}, {"domestic_only", r.domestic_only}, {"in_stock_only", r.in_stock_only},
                      {"goal", r.goal}};
  if (!r.budget_wan.empty()) c["budget_cny"] = typed(r.budget_wan, 1e4);  // 1 万 = 10^4 CNY
  if (!r.deadline_days.empty()) c["deadline_days"] = typed(r.deadline_days);
  if (!r.max_cards.empty()) c["max_cards"] = typed(r.max_cards);
  if (!r.form_factor.empty()) c["form_factors"] = {r.form_factor};
  if (!r.streams.empty()) c["streams"] = typed(r.streams);
  if (!r.clips_per_day.empty()) c["clips_per_day"] = typed(r.clips_per_day);
  if (region) c["region"] = region->id;
  return c;
}

namespace {
// A typed number of the cost or serving inputs: empty -> nothing; a number within [lo, hi] -> it;
// else an error at its row.
std::optional<double> bounded_input(const std::string& text, const char* row, double lo, double hi, bool lo_open,
                                 std::map<std::string, std::string>& errors) {
  if (text.empty()) return std::nullopt;
  const auto v = parse_number_text(text);
  if (v && (lo_open ? *v > lo : *v >= lo) && *v <= hi) return v;
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s: expected a number %s %g%s, found \"%.40s\"", row, lo_open ? ">" : ">=", lo,
                hi < 1e300 ? (" and <= " + number_text(hi)).c_str() : "", text.c_str());
  errors[row] = buf;
  return std::nullopt;
}

// The typed contract with each field a problem names put back to its value in `last` (the last
// valid contract), or removed where `last` has none (its default then), so that one entry that
// does not read holds its own value and does not freeze the others (issue 39: with the sequence
// length mistyped, 8 cards still showed 1). Nothing when a problem names no field of the scenario.
std::optional<nlohmann::json> hold_bad_fields(const nlohmann::json& typed_contract, const core::Diagnostics& problems,
                                              const std::string& last_json) {
  const nlohmann::json last = nlohmann::json::parse(last_json, nullptr, false);
  if (last.is_discarded() || !last.is_object()) return std::nullopt;
  nlohmann::json out = typed_contract;
  const std::string prefix = "scenario.";
  for (const auto& p : problems) {
    if (p.path.compare(0, prefix.size(), prefix) != 0 || p.path.size() == prefix.size()) return std::nullopt;
    // The keys of the path ("parallel.tp" -> parallel, tp); an element of a list holds the whole list.
    const std::string rest = p.path.substr(prefix.size(), p.path.find('[') - prefix.size());
    std::vector<std::string> keys;
    for (std::size_t start = 0; start <= rest.size();) {
      const std::size_t dot = std::min(rest.find('.', start), rest.size());
      keys.push_back(rest.substr(start, dot - start));
      if (keys.back().empty()) return std::nullopt;
      start = dot + 1;
    }
    const nlohmann::json* from = &last;  // the last valid value, if it has one
    for (const auto& k : keys) {
      const auto it = from ? from->find(k) : last.end();
      from = from && from->is_object() && it != from->end() ? &*it : nullptr;
    }
    nlohmann::json* to = &out;
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
      if (!to->is_object() && !to->is_null()) return std::nullopt;  // a path through a number or text
      to = &(*to)[keys[i]];
    }
    if (!to->is_object() && !to->is_null()) return std::nullopt;
    if (from) (*to)[keys.back()] = *from;
    else if (to->is_object()) to->erase(keys.back());
  }
  return out;
}
}  // namespace

void recompute(AppState& state, const core::Catalog& catalog) {
  Derived& d = state.derived;
  const core::ModelArch* preset = catalog.find_model(state.estimate.form.model);
  const nlohmann::json j = to_contract(state.estimate.form, form_model_kind(state.estimate.form, preset ? std::optional(preset->kind) : std::nullopt));
  state.copied.clear();  // "已复制" belongs to the inputs it copied
  d.field_errors.clear();
  // The cost view's own inputs.
  core::CostInputs ci;
  auto& fe = d.field_errors;
  constexpr double kNoMax = 1e308;
  ci.rent_cny_per_card_hour = bounded_input(state.cost.rent_override, "cost.rent", 0, kNoMax, true, fe);
  ci.card_price_cny = bounded_input(state.cost.price_override, "cost.price", 0, kNoMax, true, fe);
  if (auto u = bounded_input(state.cost.utilisation_pct, "cost.utilisation", 0, 100, true, fe)) ci.utilisation = *u / 100.0;
  ci.horizon_months = bounded_input(state.cost.months, "cost.months", 0, 1200, true, fe);  // up to 100 years
  ci.electricity_cny_per_kwh = bounded_input(state.cost.electricity, "cost.electricity", 0, 100, false, fe);
  ci.pue = bounded_input(state.cost.pue, "cost.pue", 1, 10, false, fe);  // PUE = facility / IT power >= 1
  ci.colocation_cny_per_rack_month = bounded_input(state.cost.colocation, "cost.colocation", 0, kNoMax, false, fe);
  if (auto r = bounded_input(state.cost.residual_pct, "cost.residual", 0, 100, false, fe)) ci.residual_share = *r / 100.0;
  ci.add_vat = state.cost.add_vat;
  // The kind of rent priced: read once; a word that is no rent kind is named at its row.
  if (const auto k = core::from_word<core::OfferKind>(state.cost.offer); k && *k != core::OfferKind::purchase) {
    ci.offer = *k;
  } else {
    fe["cost.offer"] = "cost.offer: expected lease | on_demand | market | serverless, found \"" + core::shorten(state.cost.offer, 40) + "\"";
  }
  core::ServingTarget target;
  const auto users = bounded_input(state.estimate.users, "est.users", 0, 1e7, true, fe);
  if (users) target.users = *users;
  if (auto v = bounded_input(state.estimate.user_tokens_per_s, "est.user_tps", 0, 1e5, false, fe)) target.tokens_per_s_per_user = *v;
  target.ttft_s = bounded_input(state.estimate.ttft_target_s, "est.ttft_target", 0, 3600, true, fe);
  target.requests_per_s = bounded_input(state.estimate.requests_per_s, "est.rps", 0, 1e6, true, fe);
  // Sized so that Estimate's own verdict on the sized scenario is "fits" (issue 39: a pick must not
  // open as "tight"): the embedded accuracy's memory band, read once.
  static const double memory_band = [] {
    core::Diagnostics ad;
    const core::Accuracy acc = core::load_embedded_accuracy(ad);
    const core::AccuracyGroup* g = acc.group(core::FigureGroup::memory);
    return g ? g->band : 0.0;
  }();
  target.memory_band = memory_band;
  if (!state.today.empty()) ci.today = state.today;

  const bool cost_inputs_ok = fe.empty();
  core::Scenario parsed;
  d.problems = core::from_json(j, catalog, parsed);
  for (const auto& p : d.problems) {
    const std::string row = form_row_for(p.path);
    if (!row.empty() && !fe.count(row)) fe[row] = p.text();
  }
  // An entry that does not read is named under its row and held at its last valid value; the
  // others take effect. Where that cannot be (no valid inputs yet, or a problem that names no
  // field), the last valid inputs' results stay, marked stale.
  nlohmann::json used = j;
  d.held = false;
  if (!d.problems.empty() && d.estimate) {
    if (auto held = hold_bad_fields(j, d.problems, d.scenario_json)) {
      core::Scenario again;
      if (core::from_json(*held, catalog, again).empty()) {
        parsed = std::move(again);
        used = std::move(*held);
        d.held = true;
      }
    }
  }
  d.stale = !cost_inputs_ok || (!d.problems.empty() && !d.held);
  if (!d.problems.empty() && !d.held) {
    // The link carries the last valid scenario; with none yet, what was typed (so it reads back).
    if (d.scenario_json.empty()) d.scenario_json = core::dump_json(j);
    if (!d.estimate) {
      d.cost.reset();
      d.recommendation.reset();
      d.serving_search.reset();
    }
    return;
  }
  d.scenario = parsed;
  d.scenario_json = core::dump_json(used);
  d.estimate = core::estimate(d.scenario);
  d.fixes.clear();
  if (d.estimate->fits && !*d.estimate->fits) d.fixes = core::fixes_to_fit(d.scenario, catalog);
  d.host = core::size_host(d.scenario, *d.estimate);
  d.vision_lineup = core::vision_lineup(d.scenario, catalog);
  d.video_lineup = core::video_lineup(d.scenario, catalog, ci.offer);
  d.run_configs.clear();
  for (const std::string& fw : core::run_config_frameworks(d.scenario)) {
    core::RunConfig rc;
    if (core::run_config(d.scenario, fw, rc).empty()) d.run_configs.push_back(std::move(rc));
  }
  d.serving_plan.reset();
  d.serving_curve.clear();
  state.estimate.curve_pick = -1;
  if (d.scenario.task == core::Task::inference && d.scenario.model.kind == core::ModelKind::llm && d.scenario.gpu) {
    d.serving_curve = core::serving_curve(d.scenario);
  }
  if ((users || target.requests_per_s) && d.scenario.task == core::Task::inference && d.scenario.model.kind == core::ModelKind::llm && d.scenario.gpu) {
    d.serving_plan = core::plan_serving(d.scenario, target);
  }
  const core::Region* region = catalog.find_region(state.estimate.region);
  if (cost_inputs_ok) d.cost.reset();
  if (d.scenario.gpu && cost_inputs_ok) {
    ci.cards = d.scenario.parallel.gpus;
    // A video clip is a job of its own: its cost is one clip's (rented, and owned: depreciation + power).
    const std::optional<double> hours = d.estimate->days ? std::optional<double>(*d.estimate->days * 24.0)
                                      : d.estimate->s_per_clip ? std::optional<double>(*d.estimate->s_per_clip / 3600.0) : std::nullopt;
    d.cost = core::cost(*d.scenario.gpu, region, ci, hours);
  }
  d.cny_per_mtok.reset();
  if (d.cost && d.scenario.task == core::Task::inference && d.estimate->served_tokens_per_s()) {
    d.cny_per_mtok = core::cny_per_million_tokens(*d.cost, *d.estimate->served_tokens_per_s());
  }
  // The recommendation is searched only for the Recommend view, where it is shown: a full search
  // takes 5-200 ms in WebAssembly (xuanka_bench), too long to rerun on each key typed in Estimate,
  // and the page's first results would wait for it. Opening the view is a change, so it runs then.
  if (state.view != View::recommend) {
    d.recommendation.reset();
    d.serving_search.reset();
    d.constraint_problems.clear();
    return;
  }
  core::Constraints c;
  d.constraint_problems = core::from_json(constraints_json(state.recommend, region, state.cost.offer), catalog, c);
  c.memory_band = target.memory_band;  // a pick opens in Estimate as 'fits'
  if (!d.constraint_problems.empty()) {
    d.recommendation.reset();
    return;
  }
  d.serving_search.reset();
  if ((users || target.requests_per_s) && d.scenario.task == core::Task::inference && d.scenario.model.kind == core::ModelKind::llm) {
    d.recommendation.reset();
    d.serving_search = core::plan_deployments(d.scenario, catalog, target, c);
    return;
  }
  d.recommendation = core::recommend(d.scenario, catalog, c);
}

}  // namespace xuanka::ui
