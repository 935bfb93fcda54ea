// The Recommend view (ui layer): constraints, the ranked picks with reasons and warnings, a
// time-vs-cost scatter of the Pareto front; a pick opens in Estimate.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/contract.h"
#include "core/format.h"
#include "core/run_config.h"
#include "imgui.h"
#include "ui/palette.h"
#include "ui/form_widgets.h"
#include "ui/notices.h"
#include "ui/panels.h"

namespace xuanka::ui {

using core::Lang;

namespace {
std::string option_title(Lang L, const core::Option& o) {
  return std::to_string(o.cards) + " × " + o.card->name_in(L) + (o.card->domestic ? std::string(" · ") + tr(L, Str::domestic_badge) : "");
}

// The option's complete scenario, through the contract, into the form: Estimate then shows
// exactly what was recommended (a property test holds this for every option).
void open_in_estimate(AppState& state, const core::Option& o) {
  from_contract(core::to_json(o.scenario), state.estimate.form);
  state.view = View::estimate;
  state.estimate.scroll_to_result = true;  // a phone lands on the answer, not the presets
}

// Scatter of days (x, log) vs cost (y, log); Pareto points joined and highlighted.
void draw_scatter(AppState& state, FrameCtx& ctx, const core::Recommendation& r) {
  const Lang L = state.lang;
  std::vector<const core::Option*> pts;
  for (const auto& o : r.options) {
    if (o.job_days && o.job_cny && *o.job_days > 0 && *o.job_cny > 0) pts.push_back(&o);
  }
  if (pts.size() < 2) return;
  heading(ctx, tr(L, Str::pareto_title));
  double x0 = 1e300, x1 = 0, y0 = 1e300, y1 = 0;
  for (const auto* o : pts) {
    x0 = std::min(x0, *o->job_days), x1 = std::max(x1, *o->job_days);
    y0 = std::min(y0, *o->job_cny), y1 = std::max(y1, *o->job_cny);
  }
  const double lx0 = std::log10(x0) - 0.1, lx1 = std::log10(x1) + 0.1, ly0 = std::log10(y0) - 0.1, ly1 = std::log10(y1) + 0.1;
  const float d = ctx.env.dpr;
  const float w = ImGui::GetContentRegionAvail().x, h = (ctx.env.narrow() ? 220.0f : 260.0f) * d;
  const float pad_l = 8 * d, pad_b = ImGui::GetFontSize() * 1.6f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(p.x + pad_l, p.y), b(p.x + w, p.y + h - pad_b);
  dl->AddRectFilled(a, b, palette::kPlotBg);
  dl->AddRect(a, b, palette::kPlotBorder);
  auto at = [&](double days, double cny) {
    const float fx = static_cast<float>((std::log10(days) - lx0) / (lx1 - lx0));
    const float fy = static_cast<float>((std::log10(cny) - ly0) / (ly1 - ly0));
    return ImVec2(a.x + fx * (b.x - a.x), b.y - fy * (b.y - a.y));
  };
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const core::Option* near = nullptr;
  float near_d2 = (12 * d) * (12 * d);
  ImVec2 prev(0, 0);
  bool first = true;
  for (const auto& o : r.pareto) {
    if (!o.job_days || !o.job_cny) continue;
    const ImVec2 q = at(*o.job_days, *o.job_cny);
    if (!first) dl->AddLine(prev, q, palette::kSeriesAFaint, 1.5f * d);
    prev = q;
    first = false;
  }
  for (const auto* o : pts) {
    const ImVec2 q = at(*o->job_days, *o->job_cny);
    dl->AddCircleFilled(q, (o->pareto ? 4.5f : 3.0f) * d, o->pareto ? palette::kSeriesA : palette::kPointOther);
    const float dx = mouse.x - q.x, dy = mouse.y - q.y;
    if (dx * dx + dy * dy < near_d2) {
      near_d2 = dx * dx + dy * dy;
      near = o;
    }
  }
  // Axes in words: which is which, their ranges and units, and that both are logarithmic.
  const std::string xl = std::string(tr(L, Str::axis_x_days)) + " " + core::format_sig(x0, 2) + " – " + core::format_sig(x1, 2) + " " + tr(L, Str::days);
  const std::string yl = std::string(tr(L, Str::axis_y_cost)) + " " + core::format_cny(y0, L) + " – " + core::format_cny(y1, L) + " " + tr(L, Str::axis_log);
  check_glyphs(ctx, xl.c_str());
  check_glyphs(ctx, yl.c_str());
  dl->AddText(ImVec2(a.x + 4 * d, b.y + 4 * d), palette::kAxisText, xl.c_str());
  dl->AddText(ImVec2(a.x + 4 * d, a.y + 4 * d), palette::kAxisText, yl.c_str());
  // A tap (or click) picks the nearest point; its values stay below the chart (a phone has no hover).
  ImGui::InvisibleButton("##scatter", ImVec2(w, h));
  track(ctx, "rec.scatter");
  if (tapped_item() && near) state.recommend.picked_point = static_cast<int>(near - r.options.data());
  auto describe = [&](const core::Option& o) {
    return option_title(L, o) + " · " + duration_text(L, *o.job_days) + " · " + core::format_cny(*o.job_cny, L);
  };
  if (near) {
    const std::string tip = describe(*near);
    check_glyphs(ctx, tip.c_str());
    ImGui::SetTooltip("%s", tip.c_str());
  }
  const int pick = state.recommend.picked_point;
  if (pick >= 0 && pick < static_cast<int>(r.options.size()) && r.options[pick].job_days && r.options[pick].job_cny) {
    const core::Option& o = r.options[pick];
    dl->AddCircle(at(*o.job_days, *o.job_cny), 8 * d, palette::kMarker, 0, 2 * d);
    text(ctx, describe(o).c_str());
    track(ctx, "rec.picked");
  }
}
// Every option is reachable: how many of `total` are hidden, and a button that shows 12 more.
bool show_more(AppState& state, FrameCtx& ctx, std::size_t total) {
  if (static_cast<int>(total) <= state.recommend.shown) return false;
  const Lang L = state.lang;
  ImGui::Separator();
  char shown[96];
  std::snprintf(shown, sizeof shown, tr(L, Str::rec_shown), state.recommend.shown, static_cast<int>(total));
  text_disabled(ctx, shown);
  if (!button(ctx, "rec.more", tr(L, Str::rec_more))) return false;
  state.recommend.shown += 12;
  return true;
}

// The serving plan (issue 33): per card the cheapest layout that serves the users at their speed
// and first token, cheapest first; an option opens in Estimate as sized.
bool draw_serving_search(AppState& state, FrameCtx& ctx, const core::ServingSearch& r) {
  const Lang L = state.lang;
  bool changed = false;
  heading(ctx, tr(L, Str::rec_serving_heading));
  track(ctx, "rec.serving");
  for (const auto& x : r.left_out) text_disabled(ctx, notice_text(L, x).c_str());
  if (!r.left_out.empty()) track(ctx, "rec.left_out");
  if (r.options.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    text_wrapped(ctx, tr(L, Str::rec_serving_none));
    ImGui::PopStyleColor();
  }
  char buf[320];
  int k = 0;
  for (const core::ServingDeployment& d : r.options) {
    if (k >= state.recommend.shown) break;
    const core::ServingPlan& p = d.plan;
    const core::Parallel& q = d.scenario.parallel;
    ImGui::Separator();
    ImGui::PushID(k);
    heading(ctx, (std::to_string(k + 1) + ". " + std::to_string(p.cards) + " × " + d.card->name_in(L) +
                  (d.card->domestic ? std::string(" · ") + tr(L, Str::domestic_badge) : "") + (k == 0 ? "  ★" : "")).c_str());
    track(ctx, ("rec.serving." + std::to_string(k)).c_str());
    std::string layout = "TP " + std::to_string(q.tp);
    if (q.pp > 1) layout += " · PP " + std::to_string(q.pp);
    if (q.ep > 1) layout += " · EP " + std::to_string(q.ep);
    // Data-parallel attention ranks: the replica's cards over one rank's tp x pp.
    if (const int ranks = p.cards_per_replica / std::max(1, q.tp * q.pp); ranks > 1) layout += " · DP " + std::to_string(ranks);
    if (d.scenario.serving.speculative) layout += std::string(" · ") + tr_key(L, core::info(d.scenario.serving.speculative->method).label);
    std::snprintf(buf, sizeof buf, tr(L, Str::rec_serving_layout), layout.c_str(), p.replicas, p.cards_per_replica, p.batch_per_replica);
    text_wrapped(ctx, buf);
    if (p.prefill_cards > 0) {  // two pools: the layout above is the decode pool's
      std::snprintf(buf, sizeof buf, tr(L, Str::rec_serving_pools), p.prefill_cards, p.cards - p.prefill_cards);
      text_wrapped(ctx, buf);
    }
    std::snprintf(buf, sizeof buf, tr(L, Str::rec_serving_speed), core::format_sig(p.tokens_per_s_per_user, 3).c_str(), core::format_sig(p.ttft_s, 3).c_str());
    text(ctx, buf);
    // What it costs, each part only where the catalog has its price.
    std::string cost;
    auto part = [&](Str s, const std::string& v) {
      std::snprintf(buf, sizeof buf, tr(L, s), v.c_str());
      cost += (cost.empty() ? "" : " · ") + std::string(buf);
    };
    if (d.cost.rent_monthly_cny) part(Str::rec_serving_rent, core::format_cny(*d.cost.rent_monthly_cny, L));
    if (d.cny_per_mtok) part(Str::rec_serving_mtok, core::format_cny(*d.cny_per_mtok, L));
    if (d.cost.purchase_cny) part(Str::rec_serving_buy, core::format_cny(*d.cost.purchase_cny, L));
    if (!cost.empty()) text_wrapped(ctx, cost.c_str());
    const Str binds = p.limit == "memory" ? Str::plan_limit_memory : p.limit == "speed" ? Str::plan_limit_speed : p.limit == "ttft_load" ? Str::plan_limit_ttft_load : Str::plan_limit_users;
    text_disabled(ctx, tr(L, binds));
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    for (const auto& w : d.warnings) {
      ImGui::Bullet();
      text_wrapped(ctx, notice_text(L, w).c_str());
    }
    ImGui::PopStyleColor();
    if (d.card->domestic) draw_migration(ctx, *d.card, &d.scenario, true);
    if (button(ctx, ("rec.serving.open." + std::to_string(k)).c_str(), tr(L, Str::open_in_estimate))) {
      from_contract(core::to_json(d.scenario), state.estimate.form);
      state.view = View::estimate;
      state.estimate.scroll_to_result = true;
      changed = true;
    }
    ImGui::PopID();
    ++k;
  }
  changed |= show_more(state, ctx, r.options.size());
  if (!r.unmet.empty()) {
    ImGui::Separator();
    std::string line = tr(L, Str::rec_serving_unmet);
    int n = 0;
    for (const auto& [card, limit] : r.unmet) {
      if (n++ >= 12) {
        line += " …";
        break;
      }
      const Str w = limit == "ttft" ? Str::lim_ttft : limit == "speed" ? Str::lim_speed : limit == "budget" ? Str::lim_budget : Str::lim_fit;
      line += (n == 1 ? " " : "; ") + card->name_in(L) + " (" + tr(L, w) + ")";
    }
    text_wrapped(ctx, line.c_str());
    track(ctx, "rec.serving.unmet");
  }
  ImGui::Dummy(ImVec2(0, 12 * ctx.env.dpr));
  return changed;
}
}  // namespace

bool draw_recommend(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  RecommendState& rs = state.recommend;
  bool changed = false;
  const Derived& dv = state.derived;
  text_disabled(ctx, tr(L, Str::rec_for));
  {
    const core::ModelArch* m = ctx.env.catalog->find_model(state.estimate.form.model);
    const std::string name = form_model_name(state.estimate.form, m ? m->name : "");
    const auto task = core::from_word<core::Task>(state.estimate.form.task);
    text(ctx, (name + (task ? std::string(" · ") + tr_key(L, core::info(*task).label) : std::string())).c_str());
  }
  const bool narrow = ctx.env.narrow();
  // On a phone the constraints come first and the picks below them: one tap goes to the picks
  // (issue 39 item 3, the answer first), with how many there are.
  if (narrow && (dv.recommendation || dv.serving_search)) {
    const std::size_t n = dv.serving_search ? dv.serving_search->options.size() : dv.recommendation->options.size();
    char label[96];
    std::snprintf(label, sizeof label, tr(L, Str::rec_to_results), static_cast<int>(n));
    if (button(ctx, "rec.to_results", label)) rs.scroll_to_results = true;
  }
  // Both columns end above the room the page keeps below its last row (app.cpp; as in Estimate).
  const float col_h = std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y - tap_height(ctx) - ImGui::GetStyle().ItemSpacing.y);
  if (!narrow) ImGui::BeginChild("##rec_inputs", ImVec2(ImGui::GetContentRegionAvail().x * 0.36f, col_h), false);
  // An LLM served to users: the targets that size the deployments (the same inputs as Estimate's).
  if (state.estimate.form.task == "inference" && dv.scenario.model.kind == core::ModelKind::llm) {
    changed |= number_row(ctx, "rec.users", tr(L, Str::plan_users), state.estimate.users);
    changed |= number_row(ctx, "rec.rps", tr(L, Str::plan_rps), state.estimate.requests_per_s);
    changed |= number_row(ctx, "rec.user_tps", tr(L, Str::plan_user_tps), state.estimate.user_tokens_per_s);
    changed |= number_row(ctx, "rec.ttft_target", tr(L, Str::plan_ttft), state.estimate.ttft_target_s);
  }
  // A vision model serves camera streams: the cards are enough for them (core Constraints::streams).
  if (dv.scenario.model.kind == core::ModelKind::vision) changed |= number_row(ctx, "rec.streams", tr(L, Str::rec_streams), rs.streams);
  // A video generator makes clips: the cards are copies enough for a day's (Constraints::clips_per_day).
  if (dv.scenario.model.kind == core::ModelKind::video && state.estimate.form.task == "inference") {
    changed |= number_row(ctx, "rec.clips_day", tr(L, Str::rec_clips_day), rs.clips_per_day);
  }
  changed |= number_row(ctx, "rec.budget", tr(L, Str::budget_wan), rs.budget_wan);
  changed |= combo_row(ctx, "rec.budget_kind", tr(L, Str::budget_kind), rs.budget_kind, enum_choices<core::BudgetKind>(L));
  // Rents rank within one kind of offer (issue 34); the same choice as Cost's and Compare's.
  changed |= combo_row(ctx, "rec.offer", tr(L, Str::offer_kind), state.cost.offer, rent_offer_choices(L));
  // (A serving plan has no job to finish and ranks by cost: no deadline, no goal.)
  const bool serving_plan = state.estimate.form.task == "inference" && dv.scenario.model.kind == core::ModelKind::llm &&
                            (!state.estimate.users.empty() || !state.estimate.requests_per_s.empty());
  if (!serving_plan) changed |= number_row(ctx, "rec.deadline", tr(L, Str::deadline_days), rs.deadline_days);
  changed |= number_row(ctx, "rec.max_cards", tr(L, Str::max_cards), rs.max_cards);
  changed |= combo_row(ctx, "rec.form", tr(L, Str::form_factor), rs.form_factor,
                       {{"", tr(L, Str::any_form)}, {"sxm", "SXM"}, {"oam", "OAM"}, {"pcie", "PCIe"},
                        {"pcie_consumer", "GeForce PCIe"}, {"module", "Module"}});
  if (!serving_plan) changed |= combo_row(ctx, "rec.goal", tr(L, Str::goal), rs.goal, enum_choices<core::Goal>(L));
  changed |= check_row(ctx, "rec.domestic", tr(L, Str::domestic_only), rs.domestic_only);
  if (ctx.env.catalog->vendor) changed |= check_row(ctx, "rec.in_stock", tr(L, Str::in_stock_only), rs.in_stock_only);
  if (!narrow) {
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##rec_results", ImVec2(0, col_h), false);
    // The column's visible rectangle, for browser tests: what lies below it is scrolled to.
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float d = ctx.env.dpr;
    ctx.report.rects["rec.results_col"] = Rect{at.x / d, at.y / d, size.x / d, size.y / d};
  } else {
    ImGui::Separator();
    if (rs.scroll_to_results) ImGui::SetScrollHereY(0.0f);
  }
  rs.scroll_to_results = false;
  track(ctx, "rec.results");
  if (!dv.problems.empty() || !dv.constraint_problems.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    heading(ctx, tr(L, Str::input_error));
    for (const auto& p : dv.problems) text_wrapped(ctx, p.text().c_str());
    for (const auto& p : dv.constraint_problems) text_wrapped(ctx, p.text().c_str());
    ImGui::PopStyleColor();
    track(ctx, "rec.problems");
  } else if (dv.serving_search) {
    changed |= draw_serving_search(state, ctx, *dv.serving_search);
  } else if (dv.recommendation) {
    const core::Recommendation& r = *dv.recommendation;
    if (r.nothing_fits) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
      text_wrapped(ctx, tr(L, Str::rec_nothing));
      ImGui::PopStyleColor();
      track(ctx, "rec.nothing");
      if (r.what_it_would_take) label_value(ctx, tr(L, Str::rec_would_take), notice_text(L, *r.what_it_would_take));
      if (r.nearest) {
        label_value(ctx, tr(L, Str::rec_nearest), option_title(L, *r.nearest));
        if (button(ctx, "rec.open.nearest", tr(L, Str::open_in_estimate))) {
          open_in_estimate(state, *r.nearest);
          changed = true;
        }
      }
    }
    text_disabled(ctx, (std::to_string(r.options.size()) + " " + tr(L, Str::options_word) +
                        (r.options.empty() ? std::string() : std::string(" · ") + tr(L, Str::rec_star))).c_str());
    // What the ranking left out, and why: never a silent filter (core::Recommendation::left_out).
    for (const auto& x : r.left_out) text_disabled(ctx, notice_text(L, x).c_str());
    if (!r.left_out.empty()) track(ctx, "rec.left_out");
    draw_scatter(state, ctx, r);
    int k = 0;
    for (const core::Option& o : r.options) {
      if (k >= state.recommend.shown) break;
      ImGui::Separator();
      ImGui::PushID(k);
      // The star marks the goal's pick (the list is ranked by the goal); the time-cost front
      // is said in words under each option on it.
      heading(ctx, (std::to_string(k + 1) + ". " + option_title(L, o) + (k == 0 ? "  ★" : "")).c_str());
      track(ctx, ("rec.option." + std::to_string(k)).c_str());
      if (o.pareto) text_disabled(ctx, tr(L, Str::rec_pareto_tag));
      std::string line;
      if (o.job_days) line += duration_text(L, *o.job_days);  // 31 分钟, not 0.0214 天
      // Renting: the job's rent and the hourly rate; buying: the purchase, labelled, and no
      // hourly rent beside it.
      const bool buy = state.recommend.budget_kind == "buy";
      if (o.job_cny) line += (line.empty() ? "" : " · ") + (buy ? std::string(tr(L, Str::purchase)) + " " : std::string()) + core::format_cny(*o.job_cny, L);
      if (!buy && o.cost.rent_cny_per_hour) {
        line += (line.empty() ? "" : " · ") + core::format_cny(*o.cost.rent_cny_per_hour, L) + "/h";
        // The kind of offer it is priced at and the month it was seen (issue 34), unless the
        // vendor's own price or a typed rent.
        const core::Accelerator::Price* p = core::market_price(*o.card, rent_offer(state.cost));
        if (p && !o.card->vendor_rent_cny_per_card_hour && state.cost.rent_override.empty()) {
          line += std::string(L == Lang::zh ? "（" : " (") + tr_key(L, core::info(rent_offer(state.cost)).label) + " " + p->date + (L == Lang::zh ? "）" : ")");
        }
      }
      if (!line.empty()) text(ctx, line.c_str());
      label_value(ctx, tr(L, Str::strategy), strategy_text(L, o));
      for (const auto& x : o.reasons) {
        if (x.code == "about_days") continue;  // the line above says the time in the unit that reads (21.8 小时, not 0.907 天)
        ImGui::Bullet();
        text_wrapped(ctx, notice_text(L, x).c_str());
      }
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
      for (const auto& x : o.warnings) {
        ImGui::Bullet();
        text_wrapped(ctx, notice_text(L, x).c_str());
      }
      ImGui::PopStyleColor();
      if (o.card->domestic) {
        draw_migration(ctx, *o.card, &o.scenario, true);
        if (button(ctx, ("rec.migration." + std::to_string(k)).c_str(), tr(L, Str::mig_open))) {
          state.view = View::compare;
          state.compare.detail_id = o.card->id;
          changed = true;
        }
        ImGui::SameLine();
      }
      // The runnable configuration of this pick (the first framework that fits it), built on the tap.
      const auto fws = core::run_config_frameworks(o.scenario);
      if (!fws.empty()) {
        const std::string& fw = fws.front();
        char label[96];
        std::snprintf(label, sizeof label, tr(L, Str::copy_config), framework_name(fw));
        check_glyphs(ctx, label);
        const std::string what = "rec.config." + std::to_string(k);
        if (button(ctx, what.c_str(), label)) {
          core::RunConfig rc;
          if (core::run_config(o.scenario, fw, rc).empty()) {
            const bool json_text = fw == "deepspeed" || fw == "mindie";
            std::string notes;
            for (const auto& n : rc.notes) notes += "# " + notice_text(L, n) + "\n";
            ctx.report.copy_text = json_text ? rc.text : "# " + rc.version + "\n" + notes + rc.text;
            state.copied = what;
          }
        }
        if (state.copied == what) {
          ImGui::SameLine();
          ImGui::PushStyleColor(ImGuiCol_Text, palette::kOk);
          text(ctx, tr(L, Str::copied));
          ImGui::PopStyleColor();
        }
      }
      if (button(ctx, ("rec.open." + std::to_string(k)).c_str(), tr(L, Str::open_in_estimate))) {
        open_in_estimate(state, o);
        changed = true;
      }
      ImGui::PopID();
      ++k;
    }
    // Every option is reachable: the list says how many are hidden and shows more on request.
    const bool hidden = static_cast<int>(r.options.size()) > state.recommend.shown;
    changed |= show_more(state, ctx, r.options.size());
    if (hidden) ImGui::Dummy(ImVec2(0, 12 * ctx.env.dpr));  // not flush with the list's bottom edge
  }
  if (!narrow) ImGui::EndChild();
  return changed;
}

}  // namespace xuanka::ui
