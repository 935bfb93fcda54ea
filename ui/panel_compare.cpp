// The Compare view (ui layer): a sortable, filterable table of every card; columns collapse on
// a phone; a tap on a name opens its detail; 2-4 picks open side by side.
#include <algorithm>
#include <string>
#include <vector>

#include "core/cost.h"
#include "core/json_reader.h"
#include "core/search.h"
#include "core/format.h"
#include "imgui.h"
#include "ui/form_widgets.h"
#include "ui/notices.h"
#include "ui/panels.h"
#include "ui/strings.h"
#include "ui/text_field.h"

namespace xuanka::ui {

using core::Accelerator;
using core::Precision;

namespace {
enum Col { kColCard, kColVendor, kColMemory, kColBandwidth, kColBf16, kColFp8, kColLink, kColTdp, kColPrice, kColCount };

double sort_key(const Accelerator& a, int col, core::OfferKind offer) {
  // Unknown values sort last in either direction via -1.
  switch (col) {
    case kColMemory: return a.memory_bytes.value_or(-1);
    case kColBandwidth: return a.memory_bandwidth_bytes_per_s.value_or(-1);
    case kColBf16: return a.peak_flops(Precision::bf16).value_or(-1);
    case kColFp8: return a.peak_flops(Precision::fp8_mixed).value_or(-1);
    case kColLink: return a.interconnect_bytes_per_s_bidirectional.value_or(-1);
    case kColTdp: return a.tdp_w.value_or(-1);
    case kColPrice: return core::rent_cny_per_card_hour(a, offer).value_or(-1);
    default: return 0;
  }
}

bool matches(const Accelerator& a, const CompareState& c) {
  if (a.hidden) return false;
  if (c.domestic_only && !a.domestic) return false;
  if (c.fp8_only && !a.peak_flops(Precision::fp8_mixed)) return false;
  // Either language's name and maker; a domestic card also answers to 国产 / domestic, the word its
  // badge shows (issue 39 item 8: "国产" found nothing).
  return core::search_matches(c.filter, {a.name, a.vendor, a.id, a.name_zh, a.vendor_zh, a.domestic ? "国产 domestic" : ""});
}
}  // namespace


std::string opt_text(core::Lang L, const std::optional<double>& v, std::string (*fmt)(double)) {
  return v ? fmt(*v) : std::string(tr(L, Str::unknown));
}

// A peak the card lacks ("no" in its support matrix: V100 has no BF16) reads "not supported",
// one no source gives reads "unknown".
std::string peak_text(core::Lang L, const core::Accelerator& a, core::Precision p, const char* support_key) {
  if (const auto v = a.peak_flops(p)) return core::format_tflops(*v);
  const auto it = a.support.find(support_key);
  return tr(L, it != a.support.end() && it->second.level == "no" ? Str::not_supported : Str::unknown);
}

bool draw_compare(AppState& state, FrameCtx& ctx) {
  CompareState& c = state.compare;
  if (!c.detail_id.empty()) return draw_card_detail(state, ctx);
  if (c.side_by_side) return draw_side_by_side(state, ctx);
  const core::Lang L = state.lang;
  const core::Catalog& cat = *ctx.env.catalog;
  bool changed = false;
  const bool narrow = ctx.env.narrow();

  // Filters.
  changed |= text_field(ctx, *ctx.env.agent, "compare.filter", tr(L, Str::filter_hint), c.filter, false,
                        narrow ? -1.0f : 320.0f * ctx.env.dpr);
  if (!narrow) ImGui::SameLine();
  changed |= checkbox(ctx, "compare.domestic", tr(L, Str::domestic_only), c.domestic_only);
  ImGui::SameLine();
  changed |= checkbox(ctx, "compare.fp8", tr(L, Str::fp8_only), c.fp8_only);
  // The price column is one kind of offer (issue 34): a lease is not ranked against a cloud's
  // hourly list price. The same choice prices Cost and Recommend.
  changed |= combo_row(ctx, "compare.offer", tr(L, Str::offer_kind), state.cost.offer, rent_offer_choices(L));
  const core::OfferKind offer = rent_offer(state.cost);

  std::vector<const Accelerator*> rows;
  for (const auto& a : cat.accelerators) {
    if (matches(a, c)) rows.push_back(&a);
  }
  if (c.sort_column > kColCard) {
    std::stable_sort(rows.begin(), rows.end(), [&](const Accelerator* x, const Accelerator* y) {
      const double a = sort_key(*x, c.sort_column, offer), b = sort_key(*y, c.sort_column, offer);
      if ((a < 0) != (b < 0)) return b < 0;  // unknowns last
      return c.sort_descending ? a > b : a < b;
    });
  } else if (c.sort_column == kColCard) {
    std::stable_sort(rows.begin(), rows.end(), [&](const Accelerator* x, const Accelerator* y) {
      return c.sort_descending ? x->name > y->name : x->name < y->name;
    });
  }

  // Picks for side by side.
  const std::string count = std::to_string(rows.size()) + " " + tr(L, Str::cards_shown);
  text_disabled(ctx, count.c_str());
  ImGui::SameLine();
  text_disabled(ctx, tr(L, Str::pick_hint));
  if (!c.picked.empty()) {
    const std::string label = std::string(tr(L, Str::side_by_side)) + " (" + std::to_string(c.picked.size()) + ")";
    ImGui::BeginDisabled(c.picked.size() < 2);
    if (button(ctx, "compare.side_by_side", label.c_str())) {
      c.side_by_side = true;
      changed = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (button(ctx, "compare.clear", tr(L, Str::clear_picks))) {
      c.picked.clear();
      changed = true;
    }
  }

  // The table: every column. On a phone the card's name stays put and the other columns scroll
  // sideways (a finger drag), each as wide as its content needs.
  const int cols[] = {kColCard, kColVendor, kColMemory, kColBandwidth, kColBf16, kColFp8, kColLink, kColTdp, kColPrice};
  const Str heads[] = {Str::col_card, Str::col_vendor, Str::col_memory, Str::col_bandwidth, Str::col_bf16,
                       Str::col_fp8, Str::col_interconnect, Str::col_tdp, Str::col_price};
  std::vector<int> shown(std::begin(cols), std::end(cols));
  ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_SortTristate | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
  const float row_h = narrow ? tap_height(ctx) : ImGui::GetFrameHeight();
  ImVec2 outer(0, 0);
  if (narrow) {
    flags |= ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
    // Tall enough for every row (the page scrolls vertically, the table only sideways).
    const ImGuiStyle& st = ImGui::GetStyle();
    const float per_row = std::max(row_h, ImGui::GetFontSize() + 2 * std::max(st.FramePadding.y, (row_h - ImGui::GetFontSize()) * 0.5f)) +
                          st.CellPadding.y * 2 + st.ItemSpacing.y;
    outer.y = (static_cast<float>(rows.size()) + 1) * per_row + st.ScrollbarSize + st.WindowPadding.y * 2;
  } else {
    flags |= ImGuiTableFlags_SizingStretchProp;
  }
  if (ImGui::BeginTable("##cards", static_cast<int>(shown.size()) + 1, flags, outer)) {
    if (narrow) drag_to_scroll_x(ctx.env);
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn(tr(L, Str::col_pick), ImGuiTableColumnFlags_NoSort | ImGuiTableColumnFlags_WidthFixed,
                            narrow ? tap_height(ctx) : ImGui::GetFrameHeight(), 100);
    for (int col : shown) {
      const float weight = col == kColCard ? 3.0f : col == kColVendor || col == kColLink ? 1.6f : 1.0f;
      ImGuiTableColumnFlags cf = col == kColCard ? ImGuiTableColumnFlags_None : ImGuiTableColumnFlags_PreferSortDescending;
      if (narrow) cf |= ImGuiTableColumnFlags_WidthFixed;
      const float width = narrow ? (col == kColCard ? 9.0f : col == kColVendor || col == kColLink ? 9.0f : 5.5f) * em : weight;
      ImGui::TableSetupColumn(tr(L, heads[col]), cf, width, static_cast<ImGuiID>(col));
    }
    if (narrow) ImGui::TableSetupScrollFreeze(2, 0);  // the pick box and the card's name stay
    ImGui::TableHeadersRow();
    for (int i = 0; i < static_cast<int>(shown.size()) + 1; ++i) check_glyphs(ctx, ImGui::TableGetColumnName(i));
    if (ImGuiTableSortSpecs* ss = ImGui::TableGetSortSpecs(); ss && ss->SpecsDirty) {
      if (ss->SpecsCount > 0) {
        c.sort_column = static_cast<int>(ss->Specs[0].ColumnUserID);
        c.sort_descending = ss->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      } else {
        c.sort_column = -1;  // catalog order: by vendor and generation
      }
      ss->SpecsDirty = false;
      changed = true;
    }
    for (const Accelerator* a : rows) {
      ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
      ImGui::PushID(a->id.c_str());
      ImGui::TableNextColumn();
      bool picked = std::find(c.picked.begin(), c.picked.end(), a->id) != c.picked.end();
      ImGui::BeginDisabled(!picked && c.picked.size() >= 4);
      // A 44 CSS px tap target on phones, like every other box.
      const float pad = narrow ? std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f)
                               : ImGui::GetStyle().FramePadding.y;
      ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad, pad));
      const bool toggled = ImGui::Checkbox("##pick", &picked);
      ImGui::PopStyleVar();
      if (toggled) {
        if (picked) c.picked.push_back(a->id);
        else c.picked.erase(std::remove(c.picked.begin(), c.picked.end(), a->id), c.picked.end());
        changed = true;
      }
      ImGui::EndDisabled();
      track(ctx, ("pick." + a->id).c_str());
      for (int col : shown) {
        ImGui::TableNextColumn();
        std::string cell;
        switch (col) {
          case kColCard: cell = a->name_in(L) + (a->domestic ? std::string("  ·") + tr(L, Str::domestic_badge) : ""); break;
          case kColVendor: cell = a->vendor_in(L); break;
          case kColMemory: cell = a->memory_bytes ? core::format_gib(*a->memory_bytes) + " GiB" : tr(L, Str::unknown); break;
          case kColBandwidth: cell = a->memory_bandwidth_bytes_per_s ? core::format_gb_per_s(*a->memory_bandwidth_bytes_per_s) + " GB/s" : tr(L, Str::unknown); break;
          case kColBf16: cell = peak_text(L, *a, Precision::bf16, "bf16"); break;
          case kColFp8: cell = peak_text(L, *a, Precision::fp8_mixed, "fp8"); break;
          case kColLink: cell = link_short(L, *a); break;
          case kColTdp: cell = a->tdp_w ? core::format_sig(*a->tdp_w, 4) + " W" : tr(L, Str::unknown); break;
          case kColPrice: cell = offer_price_cell(L, *a, offer); break;
          default: break;
        }
        check_glyphs(ctx, cell.c_str());
        if (col == kColCard) {
          if (ImGui::Selectable(cell.c_str(), false, ImGuiSelectableFlags_None, ImVec2(0, row_h - ImGui::GetStyle().CellPadding.y * 2))) {
            c.detail_id = a->id;
            changed = true;
          }
          track(ctx, ("card." + a->id).c_str());
        } else {
          ImGui::TextUnformatted(cell.c_str());
        }
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  return changed;
}

}  // namespace xuanka::ui
