// A card's detail and the side-by-side comparison (ui layer): the four dimensions buyers judge a
// generation by, the support matrix, China notes, market prices, sources and confidence.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "core/cost.h"
#include "core/format.h"
#include "core/porting.h"
#include "imgui.h"
#include "ui/notices.h"
#include "ui/palette.h"
#include "ui/panels.h"
#include "ui/strings.h"

namespace xuanka::ui {

using core::Accelerator;
using core::Precision;

namespace {
const char* level_text(core::Lang L, const std::string& level) {
  if (level == "yes") return tr(L, Str::level_yes);
  if (level == "partial") return tr(L, Str::level_partial);
  if (level == "no") return tr(L, Str::level_no);
  return tr(L, Str::level_unknown);
}
ImVec4 level_colour(const std::string& level) {
  if (level == "yes") return palette::kOk;
  if (level == "partial") return palette::kCaution;
  if (level == "no") return palette::kDanger;
  return palette::kNeutral;
}
const char* confidence_text(core::Lang L, const std::string& c) {
  return c == "high" ? tr(L, Str::conf_high) : c == "medium" ? tr(L, Str::conf_medium) : tr(L, Str::conf_low);
}
const char* cooling_text(core::Lang L, const std::optional<std::string>& c) {
  if (!c) return tr(L, Str::unknown);
  return *c == "air" ? tr(L, Str::cooling_air) : *c == "liquid" ? tr(L, Str::cooling_liquid) : tr(L, Str::cooling_mixed);
}
std::string or_unknown(core::Lang L, const std::optional<std::string>& s) { return s ? *s : tr(L, Str::unknown); }

// English catalog text on the Chinese page: labelled as the original, drawn as it is.
void original_text(FrameCtx& ctx, const std::string& s) {
  if (ctx.lang == core::Lang::zh) text_disabled(ctx, tr(ctx.lang, Str::original_en));
  source_text(ctx, s.c_str());
}
std::string tflops(core::Lang L, const std::optional<double>& f) { return opt_text(L, f, core::format_tflops); }

constexpr std::pair<const char*, Str> kSupport[] = {
    {"bf16", Str::sup_bf16},   {"fp8", Str::sup_fp8},           {"flash_attention", Str::sup_fa},
    {"bitsandbytes", Str::sup_bnb}, {"deepspeed_zero", Str::sup_ds}, {"megatron", Str::sup_megatron},
    {"vllm", Str::sup_vllm},   {"torch_compile", Str::sup_compile}};

std::string memory_text(core::Lang L, const Accelerator& a) {
  std::string s = a.memory_bytes ? core::format_gib(*a.memory_bytes) + " GiB" : tr(L, Str::unknown);
  s += " · " + or_unknown(L, a.memory_type) + " · ";
  s += a.memory_bandwidth_bytes_per_s ? core::format_gb_per_s(*a.memory_bandwidth_bytes_per_s) + " GB/s" : tr(L, Str::unknown);
  return s;
}
std::string link_text(core::Lang L, const Accelerator& a) {
  std::string s = link_short(L, a);
  if (a.interconnect_bytes_per_s_bidirectional) {
    s += " · " + core::format_gb_per_s(*a.interconnect_bytes_per_s_bidirectional) + " GB/s " + tr(L, Str::bidirectional);
  }
  return s;
}
}  // namespace

namespace {
// A source address short enough for a phone line: the host and the last part of the path
// ("hiascend.com …/atlasfmkt_16_0036.html"); anything else as it is.
std::string short_source(const std::string& src) {
  const std::size_t scheme = src.find("://");
  if (scheme == std::string::npos) return src;
  std::string rest = src.substr(scheme + 3);
  const std::size_t space = rest.find(' ');
  const std::string note = space == std::string::npos ? "" : rest.substr(space);
  if (space != std::string::npos) rest.resize(space);
  const std::size_t slash = rest.find('/');
  std::string host = rest.substr(0, slash);
  if (host.rfind("www.", 0) == 0) host.erase(0, 4);
  if (slash == std::string::npos || slash + 1 >= rest.size()) return host + note;
  std::string path = rest.substr(slash + 1);
  while (!path.empty() && path.back() == '/') path.pop_back();
  const std::size_t last = path.rfind('/');
  // GitHub and gitcode: keep owner/repo, which names the project.
  if (host == "github.com" || host == "gitcode.com") {
    const std::size_t second = path.find('/', path.find('/') + 1);
    const std::string repo = path.substr(0, second);
    return host + "/" + repo + (last != std::string::npos && last + 1 > second && second != std::string::npos ? " …/" + path.substr(last + 1) : "") + note;
  }
  return host + " …/" + (last == std::string::npos ? path : path.substr(last + 1)) + note;
}
}  // namespace

void draw_migration(FrameCtx& ctx, const Accelerator& card, const core::Scenario* job, bool brief) {
  if (!ctx.env.porting) return;
  const auto c = core::migration_checklist(card, *ctx.env.porting, job);
  if (!c) return;
  const core::Lang L = ctx.lang;
  auto item = [&](const core::PortingItem& it) {
    if (it.affects_job) ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    ImGui::Bullet();
    // A support-matrix gap says which capability it is about.
    std::string what;
    for (const auto& [key, name] : kSupport) {
      if (it.topic == key) what = std::string(tr(L, name)) + (L == core::Lang::zh ? "：" : ": ");
    }
    const bool mark = it.affects_job && !brief;  // a Recommend pick lists only what bears on the job: no mark needed
    text_wrapped(ctx, ((mark ? std::string(tr(L, Str::mig_this_job)) + " " : std::string()) + what + (L == core::Lang::zh ? it.zh : it.en)).c_str());
    if (it.affects_job) ImGui::PopStyleColor();
    if (!brief) source_text(ctx, short_source(source_label(L, it.source)).c_str());
  };
  if (brief) {
    int n = 0;
    for (const auto& it : c->change) {
      if (!it.affects_job) continue;
      if (n++ == 0) text(ctx, tr(L, Str::mig_brief));
      item(it);
    }
    return;
  }
  heading(ctx, tr(L, Str::mig_heading));
  track(ctx, "detail.migration");
  if (c->stack) text_disabled(ctx, (L == core::Lang::zh ? c->stack->name_zh : c->stack->name_en).c_str());
  else text_wrapped(ctx, tr(L, Str::mig_no_stack));
  if (!c->maps.empty()) {
    text(ctx, tr(L, Str::mig_maps));
    for (const auto& it : c->maps) item(it);
  }
  if (!c->change.empty()) {
    text(ctx, tr(L, Str::mig_change));
    for (const auto& it : c->change) item(it);
  }
  if (!c->versions.empty()) {
    text(ctx, tr(L, Str::mig_versions));
    track(ctx, "detail.migration.versions");
    if (ImGui::BeginTable("##versions", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchSame)) {
      ImGui::TableNextRow();
      for (const char* h : {"CANN", "torch_npu", "PyTorch"}) {
        ImGui::TableNextColumn();
        text_disabled(ctx, h);
      }
      for (const auto& v : c->versions) {
        ImGui::TableNextRow();
        for (const std::string* x : {&v.cann, &v.torch_npu, &v.pytorch}) {
          ImGui::TableNextColumn();
          text(ctx, x->c_str());
        }
      }
      ImGui::EndTable();
    }
    source_text(ctx, short_source(source_label(L, c->versions_source)).c_str());
  }
}

bool draw_card_detail(AppState& state, FrameCtx& ctx) {
  const core::Lang L = state.lang;
  const Accelerator* a = ctx.env.catalog->find_accelerator(state.compare.detail_id);
  bool changed = false;
  if (button(ctx, "detail.back", tr(L, Str::back)) || !a) {
    state.compare.detail_id.clear();
    return true;
  }
  ImGui::SameLine();
  heading(ctx, (a->name_in(L) + (a->domestic ? std::string(" · ") + tr(L, Str::domestic_badge) : "")).c_str());
  track(ctx, "detail.title");
  label_value(ctx, tr(L, Str::col_vendor), a->vendor_in(L));
  label_value(ctx, tr(L, Str::architecture), a->architecture);
  label_value(ctx, tr(L, Str::release_year), a->release_year ? std::to_string(*a->release_year) : tr(L, Str::unknown));
  text_wrapped(ctx, tr(L, Str::four_dims_hint));
  ImGui::Separator();

  heading(ctx, (std::string("1 ") + tr(L, Str::dim_tensor)).c_str());
  label_value(ctx, tr(L, Str::tensor_gen), a->tensor_core_generation ? generation_text(L, *a->tensor_core_generation) : tr(L, Str::unknown));
  label_value(ctx, tr(L, Str::dense_peaks), "BF16 " + peak_text(L, *a, Precision::bf16, "bf16") + " · FP16 " +
                                                tflops(L, a->peak_flops(Precision::fp16_mixed)) + " · FP8 " +
                                                peak_text(L, *a, Precision::fp8_mixed, "fp8") + " · TF32 " +
                                                tflops(L, a->dense_flops.count("tf32") ? a->dense_flops.at("tf32") : std::nullopt) +
                                                " · FP32 " + tflops(L, a->dense_flops.count("fp32") ? a->dense_flops.at("fp32") : std::nullopt));
  if (a->sparsity_2to4) text_disabled(ctx, tr(L, Str::sparsity_note));

  heading(ctx, (std::string("2 ") + tr(L, Str::dim_memory)).c_str());
  label_value(ctx, tr(L, Str::memory_type), memory_text(L, *a));

  heading(ctx, (std::string("3 ") + tr(L, Str::dim_interconnect)).c_str());
  label_value(ctx, tr(L, Str::dim_interconnect), link_text(L, *a));
  if (!a->interconnect_name.empty()) original_text(ctx, a->interconnect_name);
  label_value(ctx, tr(L, Str::fast_domain), a->domain_cards ? std::to_string(*a->domain_cards) + " " + tr(L, Str::cards_word) : tr(L, Str::unknown));
  label_value(ctx, tr(L, Str::host_link), or_unknown(L, a->host_link_name));
  label_value(ctx, tr(L, Str::form_factor), a->form_factor_note);
  label_value(ctx, tr(L, Str::col_tdp), a->tdp_w ? core::format_sig(*a->tdp_w, 4) + " W" : tr(L, Str::unknown));
  label_value(ctx, tr(L, Str::cooling), cooling_text(L, a->cooling));

  heading(ctx, (std::string("4 ") + tr(L, Str::dim_software)).c_str());
  label_value(ctx, tr(L, Str::compute_cap), or_unknown(L, a->compute_capability));
  label_value(ctx, tr(L, Str::software_stack), a->software_stack);
  text(ctx, tr(L, Str::support_matrix));
  if (ImGui::BeginTable("##support", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("##level", ImGuiTableColumnFlags_WidthStretch, 0.6f);
    ImGui::TableSetupColumn("##note", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    for (const auto& [key, name] : kSupport) {
      auto it = a->support.find(key);
      if (it == a->support.end()) continue;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      text_wrapped(ctx, tr(L, name));  // "bitsandbytes / QLoRA" is wider than a phone's first column: wrapped, not clipped
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, level_colour(it->second.level));
      text(ctx, level_text(L, it->second.level));
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      text_wrapped(ctx, (L == core::Lang::zh ? it->second.zh : it->second.en).c_str());
    }
    ImGui::EndTable();
  }
  draw_migration(ctx, *a, state.derived.estimate ? &state.derived.scenario : nullptr, false);
  if (a->china_notes) {
    heading(ctx, tr(L, Str::china_notes));
    text_wrapped(ctx, (L == core::Lang::zh ? a->china_notes->zh : a->china_notes->en).c_str());
  }
  if (a->export_control) {
    heading(ctx, tr(L, Str::export_control));
    original_text(ctx, *a->export_control);
  }
  heading(ctx, tr(L, Str::market));
  if (a->vendor_rent_cny_per_card_hour || a->vendor_purchase_cny) {
    std::string s;
    if (a->vendor_rent_cny_per_card_hour) s += core::format_sig(*a->vendor_rent_cny_per_card_hour, 4) + " " + tr(L, Str::per_card_hour);
    if (a->vendor_purchase_cny) s += (s.empty() ? "" : " · ") + core::format_cny(*a->vendor_purchase_cny, L);
    if (a->in_stock) s += std::string(" · ") + tr(L, *a->in_stock ? Str::in_stock : Str::out_of_stock);
    label_value(ctx, tr(L, Str::vendor_offer), s);
  }
  if (a->market) {
    // One line per kind of offer (issue 34: a lease, a cloud's list price, a marketplace, a
    // purchase are different markets): the typical price, the range, the month, the sources.
    const auto& m = *a->market;
    for (const auto& row : core::EnumTable<core::OfferKind>::rows()) {
      const core::Accelerator::Price* p = m.price(row.value);
      if (!p) continue;
      const bool card = row.value == core::OfferKind::purchase;
      auto money = [&](double v) { return card ? core::format_cny(v, L) : core::format_sig(v, 3); };
      std::string v = money(p->typical) + " " + tr(L, card ? Str::per_card : Str::per_card_hour);
      if (p->low < p->high) v += " (" + money(p->low) + " – " + money(p->high) + ")";
      // The months the offers were seen, oldest to newest (issue 34: a buyer sees how old a price is).
      v += " · " + (p->oldest_date != p->date ? p->oldest_date + " – " : std::string()) + p->date + " · " +
           fill_slots(tr(L, Str::offers_n), {std::to_string(p->offers)}) + " · " + confidence_text(L, p->confidence);
      label_value(ctx, tr_key(L, row.label), v);
    }
    track(ctx, "detail.price_date");
    if (collapsing(ctx, "detail.price_sources", tr(L, Str::price_sources))) {
      for (const auto& row : core::EnumTable<core::OfferKind>::rows()) {
        const core::Accelerator::Price* p = m.price(row.value);
        if (!p) continue;
        for (const std::string& src : p->sources) {
          ImGui::Bullet();
          source_text(ctx, (std::string(tr_key(L, row.label)) + ": " + source_label(L, src)).c_str());
        }
      }
      if (!m.note.empty()) original_text(ctx, m.note);
    }
  } else if (!a->vendor_rent_cny_per_card_hour && !a->vendor_purchase_cny) {
    text_wrapped(ctx, tr(L, Str::no_public_price));
  }
  if (!a->notes.empty() && collapsing(ctx, "detail.notes", tr(L, Str::notes))) original_text(ctx, a->notes);
  label_value(ctx, tr(L, Str::confidence), confidence_text(L, a->confidence));
  if (collapsing(ctx, "detail.sources", tr(L, Str::sources))) {
    for (const auto& s : a->sources) {
      ImGui::Bullet();
      source_text(ctx, source_label(L, s).c_str());
    }
  }
  return changed;
}

bool draw_side_by_side(AppState& state, FrameCtx& ctx) {
  const core::Lang L = state.lang;
  CompareState& c = state.compare;
  if (button(ctx, "sbs.back", tr(L, Str::back))) {
    c.side_by_side = false;
    return true;
  }
  ImGui::SameLine();
  heading(ctx, tr(L, Str::side_by_side));
  text_disabled(ctx, tr(L, Str::diff_hint));
  std::vector<const Accelerator*> cards;
  for (const auto& id : c.picked) {
    if (const Accelerator* a = ctx.env.catalog->find_accelerator(id)) cards.push_back(a);
  }
  if (cards.empty()) return false;
  struct Row {
    Str label;
    std::function<std::optional<double>(const Accelerator&)> value;  // for "best" marking; higher is better
    std::function<std::string(const Accelerator&)> text;
  };
  const std::vector<Row> rows = {
      {Str::architecture, nullptr, [](const Accelerator& a) { return a.architecture; }},
      {Str::tensor_gen, nullptr, [&](const Accelerator& a) { return a.tensor_core_generation ? generation_text(L, *a.tensor_core_generation) : std::string(tr(L, Str::unknown)); }},
      {Str::col_bf16, [](const Accelerator& a) { return a.peak_flops(Precision::bf16); },
       [&](const Accelerator& a) { return peak_text(L, a, Precision::bf16, "bf16"); }},
      {Str::col_fp8, [](const Accelerator& a) { return a.peak_flops(Precision::fp8_mixed); },
       [&](const Accelerator& a) { return peak_text(L, a, Precision::fp8_mixed, "fp8"); }},
      {Str::col_memory, [](const Accelerator& a) { return a.memory_bytes; },
       [&](const Accelerator& a) { return a.memory_bytes ? core::format_gib(*a.memory_bytes) + " GiB" : std::string(tr(L, Str::unknown)); }},
      {Str::memory_type, nullptr, [&](const Accelerator& a) { return or_unknown(L, a.memory_type); }},
      {Str::col_bandwidth, [](const Accelerator& a) { return a.memory_bandwidth_bytes_per_s; },
       [&](const Accelerator& a) { return a.memory_bandwidth_bytes_per_s ? core::format_gb_per_s(*a.memory_bandwidth_bytes_per_s) + " GB/s" : std::string(tr(L, Str::unknown)); }},
      {Str::col_interconnect, [](const Accelerator& a) { return a.interconnect_bytes_per_s_bidirectional; },
       [&](const Accelerator& a) { return link_text(L, a); }},
      {Str::fast_domain, nullptr, [&](const Accelerator& a) { return a.domain_cards ? std::to_string(*a.domain_cards) : std::string(tr(L, Str::unknown)); }},
      {Str::compute_cap, nullptr, [&](const Accelerator& a) { return or_unknown(L, a.compute_capability); }},
      {Str::sup_fp8, nullptr, [&](const Accelerator& a) { return std::string(level_text(L, a.support.count("fp8") ? a.support.at("fp8").level : "unknown")); }},
      {Str::sup_fa, nullptr, [&](const Accelerator& a) { return std::string(level_text(L, a.support.count("flash_attention") ? a.support.at("flash_attention").level : "unknown")); }},
      {Str::sup_bnb, nullptr, [&](const Accelerator& a) { return std::string(level_text(L, a.support.count("bitsandbytes") ? a.support.at("bitsandbytes").level : "unknown")); }},
      {Str::col_tdp, nullptr, [&](const Accelerator& a) { return a.tdp_w ? core::format_sig(*a.tdp_w, 4) + " W" : std::string(tr(L, Str::unknown)); }},
      {Str::offer_lease, nullptr, [&](const Accelerator& a) { return offer_price_cell(L, a, core::OfferKind::lease); }},
      {Str::offer_on_demand, nullptr, [&](const Accelerator& a) { return offer_price_cell(L, a, core::OfferKind::on_demand); }},
      {Str::offer_market, nullptr, [&](const Accelerator& a) { return offer_price_cell(L, a, core::OfferKind::market); }},
      {Str::offer_serverless, nullptr, [&](const Accelerator& a) { return offer_price_cell(L, a, core::OfferKind::serverless); }},
      {Str::offer_purchase, nullptr, [&](const Accelerator& a) { return offer_price_cell(L, a, core::OfferKind::purchase); }},
      {Str::confidence, nullptr, [&](const Accelerator& a) { return std::string(confidence_text(L, a.confidence)); }},
  };
  if (ImGui::BeginTable("##sbs", static_cast<int>(cards.size()) + 1, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                                                    ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableNextColumn();
    for (const Accelerator* a : cards) {
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(0.0f);
      text(ctx, a->name_in(L).c_str());
      ImGui::PopTextWrapPos();
    }
    for (const Row& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      text_wrapped(ctx, tr(L, r.label));
      ImGui::PopStyleColor();
      double best = -1;
      if (r.value) {
        for (const Accelerator* a : cards) best = std::max(best, r.value(*a).value_or(-1));
      }
      for (const Accelerator* a : cards) {
        ImGui::TableNextColumn();
        const std::string t = r.text(*a);
        const bool is_best = r.value && best > 0 && r.value(*a).value_or(-1) == best;
        if (is_best) ImGui::PushStyleColor(ImGuiCol_Text, palette::kOk);
        text_wrapped(ctx, (is_best ? "★ " + t : t).c_str());
        if (is_best) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  return false;
}

}  // namespace xuanka::ui
