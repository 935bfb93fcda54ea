// Labelled form rows (ui layer).
#include "ui/form_widgets.h"

#include <algorithm>

#include "imgui.h"

namespace xuanka::ui {

void row_label(FrameCtx& ctx, const char* label) {
  check_glyphs(ctx, label);
  if (ctx.env.narrow()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(label);
    ImGui::PopStyleColor();
    ImGui::SetNextItemWidth(-1.0f);
    return;
  }
  const float w = ImGui::GetContentRegionAvail().x;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(std::min(w * 0.42f, 220.0f * ctx.env.dpr));
  ImGui::SetNextItemWidth(-1.0f);
}

bool combo_row(FrameCtx& ctx, const char* id, const char* label, std::string& value, const std::vector<Choice>& choices) {
  row_label(ctx, label);
  std::string current = value;
  for (const auto& c : choices) {
    if (c.word == value) current = c.label;
  }
  check_glyphs(ctx, current.c_str());
  bool changed = false;
  const float pad = std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, pad));
  const std::string cid = std::string("##") + id;
  // The list stays on the screen (issue 39 item 3: the 71-card list ran off a phone's right edge):
  // at least the field's width, at most to the screen's right edge, at most 70% of its height.
  {
    const ImGuiIO& io = ImGui::GetIO();
    const float x = ImGui::GetCursorScreenPos().x, w = ImGui::CalcItemWidth();
    const float max_w = std::max(w, io.DisplaySize.x - x - ImGui::GetStyle().WindowPadding.x);
    const float rows = static_cast<float>(std::min<std::size_t>(choices.size(), 20));
    const float max_h = std::min(io.DisplaySize.y * 0.7f, rows * (tap_height(ctx) * 0.8f + ImGui::GetStyle().ItemSpacing.y) + ImGui::GetStyle().WindowPadding.y * 2);
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0.0f), ImVec2(max_w, std::max(max_h, tap_height(ctx))));
  }
  const bool open = ImGui::BeginCombo(cid.c_str(), current.c_str(), ImGuiComboFlags_HeightLarge);
  ImGui::PopStyleVar();
  if (!open) track(ctx, id);  // while open, the last item is the popup
  if (!open) field_error(ctx, id);
  if (open) {
    drag_to_scroll(ctx.env);
    {
      const ImVec2 a = ImGui::GetWindowPos(), sz = ImGui::GetWindowSize();  // the popup, for tests
      const float d = ctx.env.dpr;
      ctx.report.rects[std::string(id) + ".popup"] = Rect{a.x / d, a.y / d, sz.x / d, sz.y / d};
    }
    for (const auto& c : choices) {
      check_glyphs(ctx, c.label.c_str());
      const bool selected = c.word == value;
      if (ImGui::Selectable(c.label.c_str(), selected, 0, ImVec2(0, tap_height(ctx) * 0.8f))) {
        value = c.word;
        changed = true;
      }
      track(ctx, (std::string(id) + "." + c.word).c_str());
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  return changed;
}

bool number_row(FrameCtx& ctx, const char* id, const char* label, std::string& value) {
  row_label(ctx, label);
  const bool changed = text_field(ctx, *ctx.env.agent, id, "", value, true, -1.0f);
  field_error(ctx, id);
  return changed;
}

bool check_row(FrameCtx& ctx, const char* id, const char* label, bool& value) {
  const bool changed = checkbox(ctx, id, label, value);
  field_error(ctx, id);
  return changed;
}

std::vector<Choice> rent_offer_choices(core::Lang L) {
  std::vector<Choice> out = enum_choices<core::OfferKind>(L);
  out.erase(std::remove_if(out.begin(), out.end(), [](const Choice& c) { return c.word == core::word(core::OfferKind::purchase); }), out.end());
  return out;
}

}  // namespace xuanka::ui
