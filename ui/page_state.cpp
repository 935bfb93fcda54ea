// Configuration and share link (ui layer).
#include "ui/page_state.h"

#include "core/brand.h"
#include "core/url_params.h"
#include "ui/scenario_form.h"
#include "ui/strings.h"

namespace xuanka::ui {

using nlohmann::json;

namespace {
// Keys a user may set from anywhere (the share link's state).
// c: the Cost view's inputs; u: the serving targets (users, arrivals, speed, first token).
constexpr const char* kStateKeys[] = {"lang", "view", "s", "region", "card", "r", "c", "u"};
// Keys only the host page may set (vendor data).
constexpr const char* kVendorKeys[] = {"overlay"};
// Longest text taken from a link or a config source (a share link is a few kB).
constexpr std::size_t kMaxSourceBytes = 256 * 1024;
using core::shorten;  // at most ~80 characters of a bad value are echoed back in a message

// The typed inputs a link carries as text, by key: the Cost view's ("c") and the serving
// targets ("u"). Written when they differ from a fresh page's, read back as typed (a bad one is
// then named at its row, as if typed).
template <class Part>
struct TextInput {
  const char* key;
  std::string Part::*field;
};
constexpr TextInput<CostState> kCostInputs[] = {
    {"utilisation_pct", &CostState::utilisation_pct}, {"rent", &CostState::rent_override}, {"price", &CostState::price_override},
    {"months", &CostState::months}, {"electricity", &CostState::electricity}, {"pue", &CostState::pue},
    {"colocation", &CostState::colocation}, {"residual_pct", &CostState::residual_pct}, {"offer", &CostState::offer}};
constexpr TextInput<EstimateState> kTargetInputs[] = {
    {"users", &EstimateState::users}, {"requests_per_s", &EstimateState::requests_per_s},
    {"user_tokens_per_s", &EstimateState::user_tokens_per_s}, {"ttft_target_s", &EstimateState::ttft_target_s}};

void take_object(const json& j, const char* where, PageConfig& out, bool host) {
  if (!j.is_object()) {
    out.problems.push_back({where, "expected a JSON object"});
    return;
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* k : kStateKeys) {
      if (it.key() == k) {
        out.state[k] = it.value();
        known = true;
      }
    }
    for (const char* k : kVendorKeys) {
      if (it.key() == k) {
        known = true;
        if (host) out.overlay = it->is_string() ? it->get<std::string>() : it->dump();
        else out.link_tried_vendor = true;
      }
    }
    if (!known && host) out.problems.push_back({std::string(where) + "." + shorten(it.key()), "unknown key", core::DiagCode::unknown_key});
  }
}

void take_params(const std::string& text, const char* where, PageConfig& out) {
  if (text.size() > kMaxSourceBytes) {
    out.problems.push_back({where, "longer than " + std::to_string(kMaxSourceBytes / 1024) + " kB, ignored", core::DiagCode::too_long});
    return;
  }
  json j = json::object();
  for (const auto& [k, v] : core::parse_url_params(text)) j[k] = v;
  take_object(j, where, out, false);
}

// A JSON text read from a source; its problem (too long, too deep, not JSON) names `where`.
json parse_source(const std::string& text, const std::string& where, core::Diagnostics& problems,
                  const char* hint = "") {
  core::Diagnostics d;
  json j = core::parse_json_text(text, where, d, kMaxSourceBytes);
  for (auto& x : d) problems.push_back({x.path, x.message + hint, x.code});
  return j;
}

json parse_json_field(const json& v, const char* key, core::Diagnostics& problems) {
  if (!v.is_string()) return v;
  return parse_source(v.get<std::string>(), std::string("link.") + key, problems, " — the link may be cut off");
}
}  // namespace

PageConfig read_config(const ConfigSources& src) {
  PageConfig out;
  if (!src.block.empty()) {
    const json b = parse_source(src.block, "xuanka-config", out.problems, " (the page's configuration block)");
    if (!b.is_discarded()) take_object(b, "xuanka-config", out, true);
  }
  if (!src.global_json.empty()) {
    const json g = parse_source(src.global_json, "XUANKA_CONFIG", out.problems);
    if (!g.is_discarded() && !g.is_null()) take_object(g, "XUANKA_CONFIG", out, true);
  }
  take_params(src.query, "link", out);
  take_params(src.hash, "link", out);
  if (out.link_tried_vendor) out.problems.push_back({"link.overlay", "vendor data in a link is ignored; the page shows its vendor's own", core::DiagCode::link_vendor});
  return out;
}

void apply_state(const json& cfg, AppState& state, const core::Catalog& catalog, core::Diagnostics& problems) {
  auto str = [&](const char* k) -> std::optional<std::string> {
    auto it = cfg.find(k);
    if (it == cfg.end()) return std::nullopt;
    if (!it->is_string()) {
      problems.push_back({std::string("link.") + k, "expected text"});
      return std::nullopt;
    }
    return it->get<std::string>();
  };
  if (auto v = str("lang")) {
    if (auto l = core::parse_lang(*v)) state.lang = *l;
    else problems.push_back({"link.lang", "expected zh | en, found \"" + shorten(*v) + "\""});
  }
  if (auto v = str("view"); v && !parse_view(*v, state.view)) problems.push_back({"link.view", "unknown view \"" + shorten(*v) + "\""});
  if (auto it = cfg.find("s"); it != cfg.end()) {
    const json sj = parse_json_field(*it, "s", problems);
    if (sj.is_object()) from_contract(sj, state.estimate.form);
    else if (!sj.is_discarded()) problems.push_back({"link.s", "expected a scenario object"});
    // A card the vendor hid is not offered here, whatever a link says (issue 40: it was shown at
    // the public rent and mailed to the vendor in a quote): the form is left without a card.
    const core::Accelerator* g = catalog.find_accelerator(state.estimate.form.gpu);
    if (g && g->hidden) {
      problems.push_back({"link.s.gpu", "\"" + shorten(g->id) + "\" is not offered on this page; choose a card", core::DiagCode::not_offered});
      state.estimate.form.gpu.clear();
    }
  }
  if (auto v = str("region")) {
    if (catalog.find_region(*v)) state.estimate.region = *v;
    else problems.push_back({"link.region", "unknown region \"" + shorten(*v) + "\""});
  }
  if (auto v = str("card")) {
    const core::Accelerator* a = catalog.find_accelerator(*v);
    if (a && !a->hidden) state.compare.detail_id = *v;
    else if (a) problems.push_back({"link.card", "\"" + shorten(*v) + "\" is not offered on this page", core::DiagCode::not_offered});
    else problems.push_back({"link.card", "unknown card \"" + shorten(*v) + "\""});
  }
  if (auto it = cfg.find("r"); it != cfg.end()) {
    const json rj = parse_json_field(*it, "r", problems);
    if (rj.is_object()) {
      RecommendState& r = state.recommend;
      auto text = [&](const char* k, std::string& out) {
        if (auto x = rj.find(k); x != rj.end() && x->is_string()) out = x->get<std::string>();
      };
      text("budget_wan", r.budget_wan);
      text("budget_kind", r.budget_kind);
      text("deadline_days", r.deadline_days);
      text("max_cards", r.max_cards);
      text("form_factor", r.form_factor);
      text("streams", r.streams);
      text("clips_per_day", r.clips_per_day);
      text("goal", r.goal);
      if (auto x = rj.find("domestic_only"); x != rj.end() && x->is_boolean()) r.domestic_only = x->get<bool>();
      if (auto x = rj.find("in_stock_only"); x != rj.end() && x->is_boolean()) r.in_stock_only = x->get<bool>();
    }
  }
  // The Cost view's inputs and the serving targets, as typed.
  auto texts = [&](const char* key, const auto& inputs, auto& part) {
    auto it = cfg.find(key);
    if (it == cfg.end()) return json();
    const json j = parse_json_field(*it, key, problems);
    if (!j.is_object()) {
      if (!j.is_discarded()) problems.push_back({std::string("link.") + key, "expected an object"});
      return json();
    }
    for (const auto& in : inputs) {
      if (auto x = j.find(in.key); x != j.end() && x->is_string()) part.*in.field = x->template get<std::string>().substr(0, 64);
    }
    return j;
  };
  const json c = texts("c", kCostInputs, state.cost);
  if (auto x = c.find("add_vat"); c.is_object() && x != c.end() && x->is_boolean()) state.cost.add_vat = x->get<bool>();
  texts("u", kTargetInputs, state.estimate);
}

std::string explain_problem(core::Lang L, const core::Diagnostic& problem) {
  using C = core::DiagCode;
  const C c = problem.code;
  const Str what = c == C::link_vendor ? Str::prob_link_vendor : c == C::not_offered ? Str::prob_not_offered
                 : c == C::not_json    ? Str::prob_not_json    : c == C::too_long    ? Str::prob_too_long
                 : c == C::too_deep    ? Str::prob_too_deep    : c == C::duplicate_key ? Str::prob_duplicate
                 : c == C::unknown_key ? Str::prob_unknown_key : Str::prob_bad_value;
  if (problem.path.empty()) return tr(L, what);
  return problem.path + (L == core::Lang::zh ? "：" : ": ") + tr(L, what);
}

namespace {
// The state a link carries, key by key (the share hash's parameters).
std::map<std::string, std::string> share_params(const AppState& st) {
  const RecommendState& r = st.recommend;
  const json rec = {{"budget_wan", r.budget_wan}, {"budget_kind", r.budget_kind}, {"deadline_days", r.deadline_days},
                    {"domestic_only", r.domestic_only}, {"in_stock_only", r.in_stock_only}, {"max_cards", r.max_cards},
                    {"form_factor", r.form_factor}, {"goal", r.goal}, {"streams", r.streams}, {"clips_per_day", r.clips_per_day}};
  std::map<std::string, std::string> p{{"lang", core::lang_code(st.lang)},
                                       {"view", view_name(st.view)},
                                       {"s", st.derived.scenario_json},
                                       {"region", st.estimate.region},
                                       {"r", core::dump_json(rec)}};
  if (!st.compare.detail_id.empty()) p["card"] = st.compare.detail_id;
  // The Cost inputs and the serving targets that differ from a fresh page's (short links).
  auto differing = [](const auto& inputs, const auto& part, const auto& fresh) {
    json j = json::object();
    for (const auto& in : inputs) {
      if (part.*in.field != fresh.*in.field) j[in.key] = part.*in.field;
    }
    return j;
  };
  const CostState fresh_cost;
  json c = differing(kCostInputs, st.cost, fresh_cost);
  if (st.cost.add_vat != fresh_cost.add_vat) c["add_vat"] = st.cost.add_vat;
  if (!c.empty()) p["c"] = core::dump_json(c);
  const json u = differing(kTargetInputs, st.estimate, EstimateState());
  if (!u.empty()) p["u"] = core::dump_json(u);
  return p;
}
}  // namespace

std::string share_hash(const AppState& st) { return "#" + core::format_url_params(share_params(st)); }

std::string saved_copy_config(const ConfigSources& src, const AppState& state) {
  // The host's own configuration (its overlay and anything else), block then XUANKA_CONFIG as
  // read_config merges them; what does not read is left out, as the page left it out.
  json config = json::object();
  for (const std::string* text : {&src.block, &src.global_json}) {
    if (text->empty()) continue;
    const json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) continue;
    for (auto it = j.begin(); it != j.end(); ++it) config[it.key()] = it.value();
  }
  for (const char* k : kStateKeys) config.erase(k);
  for (const auto& [k, v] : share_params(state)) config[k] = v;
  return core::script_safe_json(config);
}

}  // namespace xuanka::ui
