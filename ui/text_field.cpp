// Text and number fields mirrored from the page's text agent (ui layer).
#include "ui/text_field.h"

#include "imgui_internal.h"
#include "ui/palette.h"
#include "ui/strings.h"

namespace xuanka::ui {

namespace {
struct CallbackData {
  std::string* value;
  TextAgent* agent;
  const char* id;
};

int callback(ImGuiInputTextCallbackData* data) {
  auto* cd = static_cast<CallbackData*>(data->UserData);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    cd->value->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = cd->value->data();
    return 0;
  }
  if (data->EventFlag == ImGuiInputTextFlags_CallbackAlways && cd->agent->pending) {
    // The agent's value replaces the field's text; the caret goes to the end.
    cd->agent->pending = false;
    cd->agent->cut_field = cd->agent->cut ? cd->id : "";
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, cd->agent->text.c_str());
    data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
  }
  return 0;
}

void publish(FrameCtx& ctx, TextAgent& agent, const std::string& value, bool numeric, bool multiline) {
  if (!ImGui::IsItemActive()) return;
  agent.active = true;
  agent.numeric = numeric;
  agent.multiline = multiline;
  agent.current = value;
  const ImVec2 p = ImGui::GetItemRectMin();
  agent.x = p.x / ctx.env.dpr;
  agent.y = p.y / ctx.env.dpr;
}
}  // namespace

bool text_field(FrameCtx& ctx, TextAgent& agent, const char* id, const char* hint, std::string& value, bool numeric,
                float width) {
  check_glyphs(ctx, value.c_str());
  check_glyphs(ctx, hint);
  CallbackData cd{&value, &agent, id};
  ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways;
  if (numeric) flags |= ImGuiInputTextFlags_CharsScientific;
  ImGui::SetNextItemWidth(width);
  // Taller frames on phones: 44 CSS px tap targets.
  const float pad_y = std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, pad_y));
  const std::string label = std::string("##") + id;
  if (ctx.env.touch && GImGui->ActiveId != ImGui::GetID(label.c_str()) && agent.focus_request != id) {
    // A tap focuses (a button fires on release, and drag_to_scroll clears it once the finger
    // moves); a drag scrolls. Drawn as the field it stands for.
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float w = ImGui::CalcItemWidth();
    const ImVec2 size(w, ImGui::GetFontSize() + pad_y * 2);
    const bool tapped = ImGui::InvisibleButton((label + "_tap").c_str(), size);
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::RenderFrame(pos, ImVec2(pos.x + size.x, pos.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), true, st.FrameRounding);
    const bool empty = value.empty();
    ImGui::PushStyleColor(ImGuiCol_Text, st.Colors[empty ? ImGuiCol_TextDisabled : ImGuiCol_Text]);
    ImGui::RenderTextClipped(ImVec2(pos.x + st.FramePadding.x, pos.y + pad_y), ImVec2(pos.x + size.x - st.FramePadding.x, pos.y + size.y),
                             empty ? hint : value.c_str(), nullptr, nullptr);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    track(ctx, id);
    if (tapped) agent.focus_request = id;
    return false;
  }
  // The tapped field: keyboard focus next, which activates it a frame later (ImGui 1.86); the
  // request stands until it is active.
  const bool requested = agent.focus_request == id;
  if (requested && GImGui->ActiveId != ImGui::GetID(label.c_str())) ImGui::SetKeyboardFocusHere();
  if (value.capacity() < 16) value.reserve(16);
  const bool changed = ImGui::InputTextWithHint(label.c_str(), hint, value.data(), value.capacity() + 1, flags, callback, &cd);
  if (requested && ImGui::IsItemActive()) agent.focus_request.clear();
  ImGui::PopStyleVar();
  track(ctx, id);
  publish(ctx, agent, value, numeric, false);
  return changed;
}

bool text_box(FrameCtx& ctx, TextAgent& agent, const char* id, std::string& value, float height) {
  check_glyphs(ctx, value.c_str());
  CallbackData cd{&value, &agent, id};
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways;
  bool changed = false;
  const std::string label = std::string("##") + id;
  if (ctx.env.touch && GImGui->ActiveId != ImGui::GetID(label.c_str()) && agent.focus_request != id) {
    // As text_field: on a phone a tap focuses the box and a drag over it scrolls the page (issue 39
    // item 8: Check's paste box caught the finger that meant to scroll). Drawn as the box, its
    // first lines clipped to it.
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const ImVec2 size(ImGui::GetContentRegionAvail().x, height);
    const bool tapped = ImGui::InvisibleButton((label + "_tap").c_str(), size);
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::RenderFrame(pos, ImVec2(pos.x + size.x, pos.y + size.y), ImGui::GetColorU32(ImGuiCol_FrameBg), true, st.FrameRounding);
    ImGui::RenderTextClipped(ImVec2(pos.x + st.FramePadding.x, pos.y + st.FramePadding.y),
                             ImVec2(pos.x + size.x - st.FramePadding.x, pos.y + size.y - st.FramePadding.y), value.c_str(), nullptr, nullptr);
    track(ctx, id);
    if (tapped) agent.focus_request = id;
  } else {
    const bool requested = agent.focus_request == id;
    if (requested && GImGui->ActiveId != ImGui::GetID(label.c_str())) ImGui::SetKeyboardFocusHere();
    if (value.capacity() < 16) value.reserve(16);
    changed = ImGui::InputTextMultiline(label.c_str(), value.data(), value.capacity() + 1, ImVec2(-1.0f, height), flags, callback, &cd);
    if (requested && ImGui::IsItemActive()) agent.focus_request.clear();
    track(ctx, id);
    publish(ctx, agent, value, false, true);
  }
  // The notice stays while the box holds the cut paste (within a character of the limit), and
  // goes once its text is replaced another way (Load an example, Clear).
  if (agent.cut_field == id && value.size() + 4 <= kMaxTextBytes) agent.cut_field.clear();
  if (agent.cut_field == id) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    text_wrapped(ctx, tr(ctx.lang, Str::text_cut));
    ImGui::PopStyleColor();
  }
  return changed;
}

}  // namespace xuanka::ui
