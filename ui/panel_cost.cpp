// The Cost view (ui layer): rent vs buy over the months as a line chart with the break-even
// point; region (electricity, PUE), utilisation, power and racks — for the card and count
// chosen in Estimate.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/format.h"
#include "imgui.h"
#include "ui/palette.h"
#include "ui/form_widgets.h"
#include "ui/notices.h"
#include "ui/panels.h"

namespace xuanka::ui {

using core::Lang;

namespace {
// Cumulative cost after `months`: renting pays per busy hour; owning pays the purchase up front
// and power each month (both from core's CostResult).
void draw_chart(AppState& state, FrameCtx& ctx, const core::CostResult& c) {
  const Lang L = state.lang;
  if (!c.purchase_cny || !c.rent_monthly_cny || !c.own_monthly_cny) return;
  const double horizon = c.horizon_months;
  auto rent_at = [&](double m) { return *core::rent_cumulative_cny(c, m); };
  auto own_at = [&](double m) { return *core::own_cumulative_cny(c, m); };
  const double ymax = std::max({rent_at(horizon), own_at(horizon), own_at(0)}) * 1.05;
  const float d = ctx.env.dpr;
  const float w = ImGui::GetContentRegionAvail().x, h = (ctx.env.narrow() ? 220.0f : 280.0f) * d;
  const float pad_b = ImGui::GetFontSize() * 1.6f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a(p.x, p.y), b(p.x + w, p.y + h - pad_b);
  dl->AddRectFilled(a, b, palette::kPlotBg);
  dl->AddRect(a, b, palette::kPlotBorder);
  auto at = [&](double m, double cny) {
    return ImVec2(a.x + static_cast<float>(m / horizon) * (b.x - a.x), b.y - static_cast<float>(cny / ymax) * (b.y - a.y));
  };
  const ImU32 rent_col = palette::kSeriesB, own_col = palette::kSeriesA;
  dl->AddLine(at(0, rent_at(0)), at(horizon, rent_at(horizon)), rent_col, 2.5f * d);
  // Owning: a straight line, with a step down where the hardware is sold at its resale value.
  const double sold = c.depreciation_months;
  if (c.residual_cny > 0 && sold < horizon) {
    const double before = *c.purchase_cny + (c.power_monthly_cny + c.colocation_monthly_cny) * sold;
    dl->AddLine(at(0, own_at(0)), at(sold, before), own_col, 2.5f * d);
    dl->AddLine(at(sold, before), at(sold, own_at(sold)), own_col, 2.5f * d);
    dl->AddLine(at(sold, own_at(sold)), at(horizon, own_at(horizon)), own_col, 2.5f * d);
  } else {
    dl->AddLine(at(0, own_at(0)), at(horizon, own_at(horizon)), own_col, 2.5f * d);
  }
  if (c.break_even_months && *c.break_even_months <= horizon) {
    const ImVec2 q = at(*c.break_even_months, rent_at(*c.break_even_months));
    dl->AddCircleFilled(q, 5 * d, palette::kMarker);
    dl->AddLine(ImVec2(q.x, b.y), ImVec2(q.x, q.y), palette::kMarkerFaint, 1.0f * d);
  }
  // Value under the finger or mouse.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool over = mouse.x >= a.x && mouse.x <= b.x && mouse.y >= a.y && mouse.y <= b.y;
  const std::string axis = "0 – " + core::format_sig(horizon, 3) + " " + tr(L, Str::cost_x_axis) + "   ·   0 – " + core::format_cny(ymax, L);
  check_glyphs(ctx, axis.c_str());
  dl->AddText(ImVec2(a.x + 4 * d, b.y + 4 * d), palette::kAxisText, axis.c_str());
  // A tap (or click) picks a month; its values stay below the chart (a phone has no hover).
  ImGui::InvisibleButton("##chart", ImVec2(w, h));
  track(ctx, "cost.chart");
  auto values_at = [&](double m) {
    return core::format_sig(m, 3) + " " + tr(L, Str::months) + " · " + tr(L, Str::rent_line) + " " + core::format_cny(rent_at(m), L) +
           " · " + tr(L, Str::buy_line) + " " + core::format_cny(own_at(m), L);
  };
  if (over) {
    const double m = (mouse.x - a.x) / (b.x - a.x) * horizon;
    if (ImGui::IsItemClicked()) state.cost.picked_month = m;
    const std::string tip = values_at(m);
    check_glyphs(ctx, tip.c_str());
    ImGui::SetTooltip("%s", tip.c_str());
  }
  if (state.cost.picked_month >= 0 && state.cost.picked_month <= horizon) {
    const double m = state.cost.picked_month;
    const float px = a.x + static_cast<float>(m / horizon) * (b.x - a.x);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), palette::kGuide, 1.0f * d);
    text_wrapped(ctx, values_at(m).c_str());
    track(ctx, "cost.picked");
  }
  // Legend.
  auto legend = [&](ImU32 col, const char* label) {
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const float sz = ImGui::GetFontSize();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(q.x, q.y + sz * 0.55f), ImVec2(q.x + sz * 1.2f, q.y + sz * 0.55f), col, 3 * d);
    ImGui::Dummy(ImVec2(sz * 1.3f, sz));
    ImGui::SameLine();
    text(ctx, label);
  };
  legend(rent_col, tr(L, Str::rent_line));
  ImGui::SameLine(0, 24 * d);
  legend(own_col, tr(L, Str::buy_line));
  if (c.break_even_months) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    text(ctx, (std::string(tr(L, Str::break_even)) + ": " + core::format_sig(*c.break_even_months, 3) + " " + tr(L, Str::months)).c_str());
    ImGui::PopStyleColor();
    track(ctx, "cost.break_even");
  }
}
}  // namespace

bool draw_cost(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  CostState& cs = state.cost;
  bool changed = false;
  const Derived& dv = state.derived;
  text_disabled(ctx, tr(L, Str::cost_for));
  if (dv.scenario.gpu) text(ctx, (std::to_string(dv.scenario.parallel.gpus) + " × " + dv.scenario.gpu->name_in(state.lang)).c_str());
  std::vector<Choice> regions;
  for (const auto& g : ctx.env.catalog->regions) regions.push_back({g.id, L == Lang::zh ? g.province_zh + " " + g.name_zh : g.name_en});
  changed |= combo_row(ctx, "cost.region", tr(L, Str::region), state.estimate.region, regions);
  changed |= number_row(ctx, "cost.utilisation", tr(L, Str::utilisation), cs.utilisation_pct);
  // The kind of rent priced (issue 34): a lease, a cloud's hourly list price, a marketplace or
  // serverless are different markets, never one median.
  changed |= combo_row(ctx, "cost.offer", tr(L, Str::offer_kind), cs.offer, rent_offer_choices(L));
  if (dv.scenario.gpu) {
    const std::string line = offer_prices_text(L, *dv.scenario.gpu);
    if (!line.empty()) text_disabled(ctx, line.c_str());
  }
  changed |= number_row(ctx, "cost.rent", tr(L, Str::rent_override), cs.rent_override);
  changed |= number_row(ctx, "cost.price", tr(L, Str::price_override), cs.price_override);
  changed |= number_row(ctx, "cost.months", tr(L, Str::cost_months), cs.months);
  changed |= number_row(ctx, "cost.electricity", tr(L, Str::electricity_override), cs.electricity);
  changed |= number_row(ctx, "cost.pue", tr(L, Str::pue_override), cs.pue);
  changed |= number_row(ctx, "cost.colocation", tr(L, Str::colocation), cs.colocation);
  changed |= number_row(ctx, "cost.residual", tr(L, Str::residual_pct), cs.residual_pct);
  changed |= check_row(ctx, "cost.vat", tr(L, Str::add_vat), cs.add_vat);
  ImGui::Separator();
  if (!dv.cost) {
    text_wrapped(ctx, tr(L, dv.problems.empty() ? Str::no_time_hint : Str::input_error));
    return changed;
  }
  const core::CostResult& c = *dv.cost;
  if (!c.purchase_cny || !c.rent_cny_per_hour) text_wrapped(ctx, tr(L, Str::no_price));
  draw_chart(state, ctx, c);
  if (dv.stale || dv.held) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
    text_wrapped(ctx, tr(L, dv.stale ? Str::stale_results : Str::held_results));
    ImGui::PopStyleColor();
  }
  if (c.rent_total_cny || c.own_total_cny) {
    char head[64];
    const std::string months = core::format_sig(c.horizon_months, 3);
    std::snprintf(head, sizeof head, tr(L, Str::total_over), months.c_str());
    std::string v;
    if (c.rent_total_cny) v += std::string(tr(L, Str::rent_line)) + " " + core::format_cny(*c.rent_total_cny, L);
    if (c.own_total_cny) v += (v.empty() ? "" : " · ") + std::string(tr(L, Str::buy_line)) + " " + core::format_cny(*c.own_total_cny, L);
    label_value(ctx, head, v);
    track(ctx, "cost.totals");
  }
  if (c.purchase_cny) label_value(ctx, tr(L, Str::purchase_total), core::format_cny(*c.purchase_cny, L));
  if (c.residual_cny > 0) label_value(ctx, tr(L, Str::residual_value), core::format_cny(c.residual_cny, L));
  if (c.colocation_monthly_cny > 0) label_value(ctx, tr(L, Str::colocation_month), core::format_cny(c.colocation_monthly_cny, L));
  if (c.rent_monthly_cny) label_value(ctx, tr(L, Str::monthly_rent), core::format_cny(*c.rent_monthly_cny, L));
  if (c.own_monthly_cny) label_value(ctx, tr(L, Str::monthly_own), core::format_cny(*c.own_monthly_cny, L));
  {
    // The region's price says the month of the grid's tariff table it is from (issue 34).
    std::string e = core::format_sig(c.electricity_cny_per_kwh, 3) + " · " + tr(L, Str::pue) + " " + core::format_sig(c.pue, 3);
    const core::Region* g = ctx.env.catalog->find_region(state.estimate.region);
    if (g && cs.electricity.empty() && !g->electricity_date.empty()) e += std::string(" · ") + tr(L, Str::prices_as_of) + " " + g->electricity_date;
    label_value(ctx, tr(L, Str::electricity), e);
    track(ctx, "cost.electricity_line");
  }
  label_value(ctx, tr(L, Str::power_it), core::format_sig(c.it_power_kw, 3) + " kW");
  label_value(ctx, tr(L, Str::power_facility), core::format_sig(c.facility_power_kw, 3) + " kW");
  label_value(ctx, tr(L, Str::racks), core::format_sig(c.racks, 3));
  if (c.job_rent_cny) label_value(ctx, tr(L, Str::job_cost), core::format_cny(*c.job_rent_cny, L) + " " + tr(L, Str::rented));
  // Under 1,000 kWh to three figures (a short job's 0.4 kWh is not "0"), above it grouped whole.
  if (c.job_energy_kwh) {
    const std::string kwh = *c.job_energy_kwh < 1000 ? core::format_sig(*c.job_energy_kwh, 3) : core::format_grouped(*c.job_energy_kwh);
    label_value(ctx, tr(L, Str::energy), kwh + " · " + core::format_cny(*c.job_energy_cny, L));
  }
  if (!c.warnings.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    for (const auto& w : c.warnings) {
      ImGui::Bullet();
      text_wrapped(ctx, notice_text(L, w).c_str());
    }
    ImGui::PopStyleColor();
  }
  if (collapsing(ctx, "cost.why", tr(L, Str::assumptions))) {
    for (const auto& a : c.assumptions) {
      ImGui::Bullet();
      text_wrapped(ctx, notice_text(L, a).c_str());
    }
  }
  return changed;
}

}  // namespace xuanka::ui
