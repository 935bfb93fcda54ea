// The Check-a-card view (ui layer): paste nvidia-smi / npu-smi output, see which cards they are,
// their generation and support, and whether each is oversized for its load.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/format.h"
#include "imgui.h"
#include "ui/notices.h"
#include "ui/panels.h"
#include "ui/strings.h"
#include "ui/text_field.h"

namespace xuanka::ui {

namespace {
// A real nvidia-smi 535 table (tests/vectors/smi/h100-driver535.txt is the same format).
constexpr const char* kExample =
    "+---------------------------------------------------------------------------------------+\n"
    "| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |\n"
    "|-----------------------------------------+----------------------+----------------------+\n"
    "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
    "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |\n"
    "|=========================================+======================+======================|\n"
    "|   0  NVIDIA A800-SXM4-80GB          On  | 00000000:18:00.0 Off |                    0 |\n"
    "| N/A   41C    P0             182W / 400W |  52113MiB / 81920MiB |     38%      Default |\n"
    "+-----------------------------------------+----------------------+----------------------+\n"
    "|   1  NVIDIA A800-SXM4-80GB          On  | 00000000:2A:00.0 Off |                    0 |\n"
    "| N/A   45C    P0             371W / 400W |  78011MiB / 81920MiB |     96%      Default |\n"
    "+-----------------------------------------+----------------------+----------------------+\n";

// A verdict in a word or two, for the per-card lines and the summary's counts.
Str verdict_word(core::LoadVerdict v) {
  switch (v) {
    case core::LoadVerdict::idle: return Str::verdict_idle_w;
    case core::LoadVerdict::oversized: return Str::verdict_oversized_w;
    case core::LoadVerdict::well_used: return Str::verdict_well_w;
    case core::LoadVerdict::memory_full: return Str::verdict_memory_w;
    case core::LoadVerdict::unknown: return Str::verdict_unknown_w;
    case core::LoadVerdict::implausible: return Str::verdict_implausible_w;
  }
  return Str::verdict_unknown_w;
}

Str verdict_text(core::LoadVerdict v) {
  switch (v) {
    case core::LoadVerdict::idle: return Str::verdict_idle;
    case core::LoadVerdict::oversized: return Str::verdict_oversized;
    case core::LoadVerdict::well_used: return Str::verdict_well;
    case core::LoadVerdict::memory_full: return Str::verdict_memory;
    case core::LoadVerdict::unknown: return Str::verdict_unknown;
    case core::LoadVerdict::implausible: return Str::verdict_implausible;
  }
  return Str::verdict_unknown;
}
}  // namespace

bool draw_check(AppState& state, FrameCtx& ctx) {
  const core::Lang L = state.lang;
  CheckState& c = state.check;
  bool changed = false;
  text_wrapped(ctx, tr(L, Str::check_intro));
  const float box_h = (ctx.env.narrow() ? 160.0f : 200.0f) * ctx.env.dpr;
  changed |= text_box(ctx, *ctx.env.agent, "check.paste", c.pasted, box_h);
  if (button(ctx, "check.example", tr(L, Str::check_example))) {
    c.pasted = kExample;
    changed = true;
  }
  ImGui::SameLine();
  if (button(ctx, "check.clear", tr(L, Str::check_clear))) {
    c.pasted.clear();
    changed = true;
  }
  if (changed) c.report = core::parse_smi(c.pasted, *ctx.env.catalog);
  if (c.pasted.empty()) return changed;
  const core::SmiReport& r = c.report;
  std::string fmt = core::format_name(r.format);
  if (!r.driver_version.empty()) fmt += std::string(" · ") + tr(L, Str::driver) + " " + r.driver_version;
  if (!r.cuda_version.empty()) fmt += " · CUDA " + r.cuda_version;
  label_value(ctx, tr(L, Str::check_format), fmt);
  if (r.mig) text_wrapped(ctx, tr(L, Str::mig_note));
  if (r.devices.empty()) {
    text_wrapped(ctx, tr(L, Str::check_none));
    track(ctx, "check.none");
    return changed;
  }
  // One block per card model, not one per card (issue 39 item 8: an 8-card server listed eight
  // identical blocks): first the whole paste in a line or two, then each model once (what it is,
  // its generation and support), a short line per card, and each verdict's explanation once.
  struct Group {
    std::string key, raw_name;
    const core::Accelerator* card = nullptr;
    std::vector<const core::SmiDevice*> devices;
  };
  std::vector<Group> groups;
  for (const core::SmiDevice& d : r.devices) {
    const std::string key = d.matched_id.empty() ? "raw:" + d.raw_name : d.matched_id;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.key == key; });
    if (it == groups.end()) {
      groups.push_back({key, d.raw_name, d.matched_id.empty() ? nullptr : ctx.env.catalog->find_accelerator(d.matched_id), {}});
      it = groups.end() - 1;
    }
    it->devices.push_back(&d);
  }
  // The summary: cards by model, the mean utilisation, the verdicts counted.
  ImGui::Separator();
  {
    std::string models;
    for (const Group& g : groups) {
      models += (models.empty() ? "" : " · ") + std::to_string(core::smi_cards(g.devices)) + " × " + (g.card ? g.card->name_in(L) : g.raw_name);
    }
    char line[160];
    std::snprintf(line, sizeof line, tr(L, Str::check_summary), core::smi_cards(r));
    heading(ctx, (std::string(line) + models).c_str());
    double util_sum = 0;
    int util_n = 0;
    std::map<core::LoadVerdict, int> verdicts;
    // Verdicts are per device: chips, where a card has several (910C, 300I Duo).
    const bool chips = core::smi_cards(r) < static_cast<int>(r.devices.size());
    for (const core::SmiDevice& d : r.devices) {
      if (d.utilization_pct) util_sum += *d.utilization_pct, ++util_n;
      ++verdicts[d.verdict];
    }
    std::string counts;
    for (const auto& [v, k] : verdicts) {
      char c[96];
      std::snprintf(c, sizeof c, tr(L, chips ? Str::check_count_chips : Str::check_count), k, tr(L, verdict_word(v)));
      counts += (counts.empty() ? "" : " · ") + std::string(c);
    }
    if (util_n > 0) {
      std::snprintf(line, sizeof line, tr(L, Str::check_mean_util), core::format_sig(util_sum / util_n, 3).c_str());
      counts = std::string(line) + " · " + counts;
    }
    text_wrapped(ctx, counts.c_str());
    track(ctx, "check.summary");
  }
  int n = 0, g_index = 0;
  for (const Group& g : groups) {
    ImGui::Separator();
    ImGui::PushID(g_index);
    const core::Accelerator* a = g.card;
    const int cards = core::smi_cards(g.devices);
    heading(ctx, (std::to_string(cards) + " × " + g.raw_name + "  →  " + (a ? a->name_in(L) : tr(L, Str::check_unmatched))).c_str());
    if (a) {
      label_value(ctx, tr(L, Str::generation), a->architecture + " · " + (a->tensor_core_generation ? generation_text(L, *a->tensor_core_generation) : std::string(tr(L, Str::unknown))) +
                                                 (a->compute_capability ? " · CC " + *a->compute_capability : ""));
      std::string sup;
      for (const char* k : {"bf16", "fp8", "flash_attention", "bitsandbytes"}) {
        auto it = a->support.find(k);
        if (it == a->support.end()) continue;
        const std::string mark = it->second.level == "yes" ? "✓" : it->second.level == "no" ? "×" : "~";
        sup += (sup.empty() ? "" : "  ") + std::string(k == std::string("flash_attention") ? "FlashAttention" : k == std::string("bitsandbytes") ? "QLoRA" : k == std::string("bf16") ? "BF16" : "FP8") + " " + mark;
      }
      label_value(ctx, tr(L, Str::support_matrix), sup);
      if (button(ctx, ("check.open." + std::to_string(g_index)).c_str(), tr(L, Str::details))) {
        state.view = View::compare;
        state.compare.detail_id = a->id;
        changed = true;
      }
    }
    for (const auto& alt : g.devices.front()->candidates) label_value(ctx, tr(L, Str::check_could_be), alt);
    // A line per card: its memory, its load, its verdict in a word.
    std::vector<core::LoadVerdict> seen;
    for (const core::SmiDevice* d : g.devices) {
      std::string line = "#" + std::to_string(d->index);
      // A card of several chips (910C, 300I Duo) shows each chip's own line.
      if (d->chip && cards < static_cast<int>(g.devices.size())) line += " · " + std::string(tr(L, Str::check_chip)) + " " + std::to_string(*d->chip);
      if (d->memory_total_mib) line += " · " + core::format_grouped(d->memory_used_mib.value_or(0)) + " / " + core::format_grouped(*d->memory_total_mib) + " MiB";
      if (d->utilization_pct) line += " · " + core::format_sig(*d->utilization_pct, 3) + "%";
      line += std::string(" · ") + tr(L, verdict_word(d->verdict));
      text_wrapped(ctx, line.c_str());
      track(ctx, ("check.device." + std::to_string(n++)).c_str());
      if (std::find(seen.begin(), seen.end(), d->verdict) == seen.end()) seen.push_back(d->verdict);
    }
    for (core::LoadVerdict v : seen) text_disabled(ctx, tr(L, verdict_text(v)));
    ImGui::PopID();
    ++g_index;
  }
  return changed;
}

}  // namespace xuanka::ui
