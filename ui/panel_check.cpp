// The Check-a-card view (ui layer): paste nvidia-smi / npu-smi output, see which cards they are,
// their generation and support, and whether each is oversized for its load.
#include <string>

#include "core/format.h"
#include "imgui.h"
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
  int n = 0;
  for (const core::SmiDevice& d : r.devices) {
    ImGui::Separator();
    ImGui::PushID(n++);
    const core::Accelerator* a = d.matched_id.empty() ? nullptr : ctx.env.catalog->find_accelerator(d.matched_id);
    heading(ctx, ("#" + std::to_string(d.index) + "  " + d.raw_name + "  →  " + (a ? a->name_in(L) : tr(L, Str::check_unmatched))).c_str());
    track(ctx, ("check.device." + std::to_string(n - 1)).c_str());
    if (a) {
      label_value(ctx, tr(L, Str::generation), a->architecture + " · " + (a->tensor_core_generation ? *a->tensor_core_generation : tr(L, Str::unknown)) +
                                                 (a->compute_capability ? " · CC " + *a->compute_capability : ""));
      std::string sup;
      for (const char* k : {"bf16", "fp8", "flash_attention", "bitsandbytes"}) {
        auto it = a->support.find(k);
        if (it == a->support.end()) continue;
        const std::string mark = it->second.level == "yes" ? "✓" : it->second.level == "no" ? "×" : "~";
        sup += (sup.empty() ? "" : "  ") + std::string(k == std::string("flash_attention") ? "FlashAttention" : k == std::string("bitsandbytes") ? "QLoRA" : k == std::string("bf16") ? "BF16" : "FP8") + " " + mark;
      }
      label_value(ctx, tr(L, Str::support_matrix), sup);
      if (button(ctx, ("check.open." + std::to_string(n - 1)).c_str(), tr(L, Str::details))) {
        state.view = View::compare;
        state.compare.detail_id = a->id;
        changed = true;
      }
    }
    for (const auto& alt : d.candidates) label_value(ctx, tr(L, Str::check_could_be), alt);
    if (d.memory_total_mib) {
      label_value(ctx, tr(L, Str::memory_used), core::format_sig(d.memory_used_mib.value_or(0), 6) + " / " +
                                                    core::format_sig(*d.memory_total_mib, 6) + " MiB");
    }
    if (d.utilization_pct) label_value(ctx, tr(L, Str::utilization), core::format_sig(*d.utilization_pct, 3) + "%");
    text_wrapped(ctx, tr(L, verdict_text(d.verdict)));
    ImGui::PopID();
  }
  return changed;
}

}  // namespace xuanka::ui
