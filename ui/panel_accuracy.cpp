// The Accuracy view (ui layer): how many published and measured figures the estimator is held
// against, the pass rate, median error and band of each kind of figure, and every case with its
// source — from catalog/accuracy.json (core/accuracy.h).
#include <string>

#include "core/format.h"
#include "imgui.h"
#include "ui/palette.h"
#include "ui/notices.h"
#include "ui/panels.h"
#include "ui/strings.h"
#include "ui/widgets.h"

namespace xuanka::ui {

using core::Lang;

namespace {
Str group_label(core::FigureGroup g) {
  switch (g) {
    case core::FigureGroup::memory: return Str::acc_memory;
    case core::FigureGroup::training_speed: return Str::acc_training;
    case core::FigureGroup::inference_speed: return Str::acc_inference;
    case core::FigureGroup::serving: return Str::acc_serving;
    case core::FigureGroup::video_memory: return Str::acc_video_memory;
    case core::FigureGroup::video_speed: return Str::acc_video_speed;
  }
  return Str::acc_memory;
}
Str set_label(const std::string& set) {
  if (set == "public") return Str::acc_set_public;
  if (set == "vision_public") return Str::acc_set_vision_public;
  if (set == "llm_own") return Str::acc_set_llm_own;
  if (set == "vision_own") return Str::acc_set_vision_own;
  if (set == "video_own") return Str::acc_set_video_own;
  if (set == "serving_public") return Str::acc_set_serving_public;
  if (set == "serving_own") return Str::acc_set_serving_own;
  return Str::acc_set_measured;
}
std::string pct(double x) { return core::format_sig(x * 100, 3) + "%"; }
}  // namespace

bool draw_accuracy(AppState& state, FrameCtx& ctx) {
  const Lang L = state.lang;
  const core::Accuracy* a = ctx.env.accuracy;
  heading(ctx, tr(L, Str::view_accuracy));
  text_wrapped(ctx, tr(L, Str::acc_intro));
  if (!a || a->groups.empty()) {
    text_disabled(ctx, tr(L, Str::unknown));
    return false;
  }
  int total = 0, passed = 0;
  for (const auto& g : a->groups) {
    total += g.cases;
    passed += g.passed;
  }
  label_value(ctx, tr(L, Str::acc_total), std::to_string(total) + " · " + tr(L, Str::acc_passed) + " " + std::to_string(passed) + " (" +
                                              pct(total ? static_cast<double>(passed) / total : 0) + ")");
  track(ctx, "acc.total");
  for (const auto& g : a->groups) {
    ImGui::Separator();
    heading(ctx, tr(L, group_label(g.group)));
    label_value(ctx, tr(L, Str::acc_cases), std::to_string(g.cases) + " · " + tr(L, Str::acc_passed) + " " + std::to_string(g.passed) + " (" +
                                                pct(g.cases ? static_cast<double>(g.passed) / g.cases : 0) + ")");
    label_value(ctx, tr(L, Str::acc_median), pct(g.median_abs_error));
    label_value(ctx, tr(L, Str::acc_band), "±" + pct(g.band));
  }
  ImGui::Separator();
  for (const char* set : {"public", "vision_public", "llm_own", "vision_own", "measured"}) {
    int n = 0, p = 0;
    for (const auto& c : a->cases) {
      if (c.set == set) {
        ++n;
        p += c.pass;
      }
    }
    const std::string title = std::string(tr(L, set_label(set))) + "  " + std::to_string(p) + "/" + std::to_string(n);
    if (!collapsing(ctx, (std::string("acc.set.") + set).c_str(), title.c_str())) continue;
    for (const auto& c : a->cases) {
      if (c.set != set) continue;
      ImGui::PushStyleColor(ImGuiCol_Text, c.pass ? palette::kOk : palette::kDanger);
      text_wrapped(ctx, ((c.pass ? "✓ " : "× ") + c.id + "  " + core::format_sig(c.ratio, 3)).c_str());
      ImGui::PopStyleColor();
      if (!c.source.empty()) source_text(ctx, source_label(L, c.source).c_str());
    }
  }
  return false;
}

}  // namespace xuanka::ui
