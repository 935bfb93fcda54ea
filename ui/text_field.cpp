// Text and number fields mirrored from the page's text agent (ui layer).
#include "ui/text_field.h"

#include "imgui_internal.h"

namespace xuanka::ui {

namespace {
struct CallbackData {
  std::string* value;
  TextAgent* agent;
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
  CallbackData cd{&value, &agent};
  ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways;
  if (numeric) flags |= ImGuiInputTextFlags_CharsScientific;
  ImGui::SetNextItemWidth(width);
  // Taller frames on phones: 44 CSS px tap targets.
  const float pad_y = std::max(ImGui::GetStyle().FramePadding.y, (tap_height(ctx) - ImGui::GetFontSize()) * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, pad_y));
  const std::string label = std::string("##") + id;
  if (value.capacity() < 16) value.reserve(16);
  const bool changed = ImGui::InputTextWithHint(label.c_str(), hint, value.data(), value.capacity() + 1, flags, callback, &cd);
  ImGui::PopStyleVar();
  track(ctx, id);
  publish(ctx, agent, value, numeric, false);
  return changed;
}

bool text_box(FrameCtx& ctx, TextAgent& agent, const char* id, std::string& value, float height) {
  check_glyphs(ctx, value.c_str());
  CallbackData cd{&value, &agent};
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways;
  const std::string label = std::string("##") + id;
  if (value.capacity() < 16) value.reserve(16);
  const bool changed = ImGui::InputTextMultiline(label.c_str(), value.data(), value.capacity() + 1, ImVec2(-1.0f, height),
                                                 flags, callback, &cd);
  track(ctx, id);
  publish(ctx, agent, value, false, true);
  return changed;
}

}  // namespace xuanka::ui
