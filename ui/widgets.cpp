// Thin widget wrappers (ui layer).
#include "ui/widgets.h"
#include "ui/palette.h"
#include "ui/strings.h"
#include "ui/text_layout.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "imgui_internal.h"

namespace xuanka::ui {

namespace {
std::string labelled(const char* label, const char* id) { return std::string(label) + "###" + id; }
}  // namespace

void track(FrameCtx& ctx, const char* id) {
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  const float d = ctx.env.dpr;
  ctx.report.rects[id] = Rect{a.x / d, a.y / d, (b.x - a.x) / d, (b.y - a.y) / d};
}

void check_glyphs(FrameCtx& ctx, const char* s) {
  if (ctx.env.record_text && !ctx.quoting && *s) ctx.report.drawn_text.emplace_back(s);
  ImFont* font = ImGui::GetFont();
  const char* end = s + std::strlen(s);
  while (s < end) {
    unsigned int c = 0;
    const int n = ImTextCharFromUtf8(&c, s, end);
    if (n <= 0) break;
    s += n;
    if (c < 0x20 || c == 0x7f) continue;  // control characters are not drawn
    if (font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) ctx.report.missing_glyphs.insert(c);
  }
}

bool tapped_item() {
  const ImGuiIO& io = ImGui::GetIO();
  return ImGui::IsItemHovered() && ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < io.MouseDragThreshold * io.MouseDragThreshold;
}

float tap_height(const FrameCtx& ctx) { return (ctx.env.narrow() ? 44.0f : 32.0f) * ctx.env.dpr; }

bool button(FrameCtx& ctx, const char* id, const char* label, float width) {
  check_glyphs(ctx, label);
  const bool pressed = ImGui::Button(labelled(label, id).c_str(), ImVec2(width, tap_height(ctx)));
  track(ctx, id);
  return pressed;
}

void text(FrameCtx& ctx, const char* s) {
  check_glyphs(ctx, s);
  ImGui::TextUnformatted(s);
}

// Text wrapped to the space left on the line, by the Chinese-aware rules of ui/text_layout.h;
// continuation lines start where the first one did.
void draw_wrapped(const char* s) {
  const std::string text(s);
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  const float width = std::max(ImGui::GetFontSize() * 2, ImGui::GetContentRegionAvail().x);
  const auto lines = break_lines(text, width, [&](unsigned c) { return font->GetCharAdvance(static_cast<ImWchar>(c)) * scale; });
  const float x = ImGui::GetCursorPosX();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) ImGui::SetCursorPosX(x);
    ImGui::TextUnformatted(text.data() + lines[i].first, text.data() + lines[i].second);
  }
}

void text_wrapped(FrameCtx& ctx, const char* s) {
  check_glyphs(ctx, s);
  draw_wrapped(s);
}

void field_error(FrameCtx& ctx, const char* id) {
  if (!ctx.field_errors) return;
  const auto it = ctx.field_errors->find(id);
  if (it == ctx.field_errors->end()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDanger);
  text_wrapped(ctx, tr(ctx.lang, Str::field_bad));
  ImGui::PopStyleColor();
  // The detail names the field and what was expected (core's words, as in the JSON export).
  ImGui::PushTextWrapPos(0.0f);
  text_disabled(ctx, it->second.c_str());
  ImGui::PopTextWrapPos();
  track(ctx, (std::string(id) + ".error").c_str());
}

void source_text(FrameCtx& ctx, const char* s) {
  if (ctx.env.record_text && *s) ctx.report.quoted_text.emplace_back(s);
  ctx.quoting = true;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  text_wrapped(ctx, s);
  ImGui::PopStyleColor();
  ctx.quoting = false;
}

void text_disabled(FrameCtx& ctx, const char* s) {
  check_glyphs(ctx, s);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  draw_wrapped(s);  // hints and details wrap like any other text (a phone is narrow)
  ImGui::PopStyleColor();
}

bool collapsing(FrameCtx& ctx, const char* id, const char* label) {
  check_glyphs(ctx, label);
  // A tap target like a button: 44 CSS px tall on phones (the header's frame padding).
  const float pad = std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, pad));
  const bool open = ImGui::CollapsingHeader(labelled(label, id).c_str());
  ImGui::PopStyleVar();
  track(ctx, id);
  return open;
}

}  // namespace xuanka::ui

namespace xuanka::ui {

void drag_to_scroll_x(const FrameEnv& env) {
  ImGuiContext& g = *GImGui;
  if (!env.touch || !ImGui::IsMouseDragging(0) || g.IO.WantTextInput) return;
  if (!ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) return;
  ImGui::SetScrollX(ImGui::GetScrollX() - g.IO.MouseDelta.x);
}

void drag_to_scroll(const FrameEnv& env) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* w = g.CurrentWindow;
  if (!ImGui::IsMouseDragging(0) || g.IO.WantTextInput) return;
  // A popup (a combo's list) over this window scrolls itself, not the window below it: in 1.86 a
  // popup counts as a child of the window that opened it.
  if (g.HoveredWindow && g.HoveredWindow != w && (g.HoveredWindow->Flags & ImGuiWindowFlags_Popup)) return;
  const bool on_background = g.ActiveId != 0 && g.ActiveId == w->MoveId;
  const bool touch_drag = env.touch && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
  if (on_background || touch_drag) {
    ImGui::SetScrollY(ImGui::GetScrollY() - g.IO.MouseDelta.y);
    if (touch_drag && !on_background && g.ActiveId != 0) ImGui::ClearActiveID();
  }
}

bool checkbox(FrameCtx& ctx, const char* id, const char* label, bool& value) {
  check_glyphs(ctx, label);
  // Taller hit area on phones: pad the frame so the box is a 44 CSS px target.
  const float pad = std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad, pad));
  const bool changed = ImGui::Checkbox(labelled(label, id).c_str(), &value);
  ImGui::PopStyleVar();
  track(ctx, id);
  return changed;
}

void heading(FrameCtx& ctx, const char* s) {
  check_glyphs(ctx, s);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccent);
  draw_wrapped(s);
  ImGui::PopStyleColor();
}

void same_line_if_fits(const char* label) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::CalcTextSize(label).x + st.FramePadding.x * 2;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + st.ItemSpacing.x + w <= right) ImGui::SameLine();
}

void label_value(FrameCtx& ctx, const char* label, const std::string& value) {
  check_glyphs(ctx, label);
  check_glyphs(ctx, value.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextUnformatted(label);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  // A value that does not fit beside its label goes below it, whole where it can.
  const float need = ImGui::CalcTextSize(value.c_str()).x;
  if (need > ImGui::GetContentRegionAvail().x && ImGui::GetContentRegionAvail().x < (ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x) * 0.5f) ImGui::NewLine();
  draw_wrapped(value.c_str());
}

}  // namespace xuanka::ui
