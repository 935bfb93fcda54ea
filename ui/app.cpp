// The page frame (ui layer): title bar with the product name, language switch and About; the
// open view below it.
#include "ui/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "ui/palette.h"
#include "imgui_internal.h"
#include "ui/page_state.h"
#include "ui/panels.h"
#include "ui/strings.h"
#include "ui/widgets.h"

namespace xuanka::ui {

void apply_style(float dpr) {
  ImGuiStyle st;  // ScaleAllSizes is multiplicative: always start from a fresh style
  ImGui::StyleColorsLight(&st);
  st.WindowRounding = 0;
  st.WindowBorderSize = 0;
  st.FrameBorderSize = 1;
  st.FrameRounding = 6;
  st.ChildRounding = 6;
  st.GrabRounding = 6;
  st.TabRounding = 6;
  st.FramePadding = ImVec2(10, 6);
  st.ItemSpacing = ImVec2(10, 8);
  st.WindowPadding = ImVec2(14, 12);
  st.ScrollbarSize = 12;
  st.TouchExtraPadding = ImVec2(4, 4);  // WEB-PLATFORM.md §1.3
  ImVec4* c = st.Colors;
  const ImVec4 accent = palette::kAccent;
  c[ImGuiCol_WindowBg] = palette::kWindowBg;
  c[ImGuiCol_ChildBg] = palette::kContentBg;
  c[ImGuiCol_PopupBg] = palette::kContentBg;  // opaque: a list over the form must not show the form through it (issue 39 item 3)
  c[ImGuiCol_Button] = palette::kControl;
  c[ImGuiCol_ButtonHovered] = palette::kControlHover;
  c[ImGuiCol_ButtonActive] = palette::kControlActive;
  c[ImGuiCol_Header] = palette::kControl;
  c[ImGuiCol_HeaderHovered] = palette::kControlHover;
  c[ImGuiCol_HeaderActive] = palette::kControlActive;
  c[ImGuiCol_Tab] = palette::kControl;
  c[ImGuiCol_TabHovered] = palette::kControlActive;
  c[ImGuiCol_TabActive] = accent;
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_Text] = palette::kText;
  c[ImGuiCol_FrameBg] = palette::kFrameBg;
  c[ImGuiCol_Border] = palette::kBorder;
  c[ImGuiCol_TextDisabled] = palette::kTextMuted;
  st.ScaleAllSizes(dpr);
  ImGui::GetStyle() = st;
}

namespace {

// A vendor overlay brands the page: a bar in the vendor's colour (the accent when it has none)
// with its name, contact and address, and "询价 / Ask for a quote" when it gave a quote target.
void draw_vendor_bar(const core::VendorInfo& v, FrameCtx& ctx) {
  const float pad = 6.0f * ctx.env.dpr;
  ImVec4 bg = palette::kAccent;
  if (v.color_rgb) {
    bg = ImVec4(((*v.color_rgb >> 16) & 0xFF) / 255.0f, ((*v.color_rgb >> 8) & 0xFF) / 255.0f,
                (*v.color_rgb & 0xFF) / 255.0f, 1.0f);
  }
  // Relative luminance (WCAG 2.x, sRGB approximated by gamma 2.2): dark text on light colours.
  const float lum = 0.2126f * std::pow(bg.x, 2.2f) + 0.7152f * std::pow(bg.y, 2.2f) + 0.0722f * std::pow(bg.z, 2.2f);
  const ImVec4 fg = lum > 0.18f ? palette::kText : palette::kWhite;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->ChannelsSplit(2);
  dl->ChannelsSetCurrent(1);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float right = top.x + ImGui::GetContentRegionAvail().x;
  ImGui::SetCursorScreenPos(ImVec2(top.x + pad, top.y + pad));
  ImGui::BeginGroup();
  std::string line = v.name;
  if (!v.contact.empty()) line += " · " + v.contact;
  if (!v.url.empty()) line += " · " + v.url;
  const char* quote_label = tr(ctx.lang, Str::ask_quote);
  const float w_quote = v.quote.empty() ? 0.0f
                                        : ImGui::CalcTextSize(quote_label).x + ImGui::GetStyle().FramePadding.x * 2;
  if (ctx.env.vendor_logo_texture) {
    const float h = ImGui::GetFrameHeight();
    ImGui::Image(ctx.env.vendor_logo_texture, ImVec2(h * ctx.env.vendor_logo_aspect, h));
    track(ctx, "vendor.logo");
    ImGui::SameLine();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, fg);
  ImGui::PushTextWrapPos(right - pad - (w_quote > 0 ? w_quote + ImGui::GetStyle().ItemSpacing.x : 0.0f));
  check_glyphs(ctx, line.c_str());
  if (!v.quote.empty() || ctx.env.vendor_logo_texture) ImGui::AlignTextToFramePadding();  // level with the button and logo
  ImGui::TextWrapped("%s", line.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  track(ctx, "vendor");
  if (!v.quote.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(right - pad - w_quote, top.y + pad));
    if (button(ctx, "quote", quote_label, w_quote)) ctx.report.ask_quote = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(ctx.lang, Str::ask_quote_hint));
  }
  ImGui::EndGroup();
  const ImVec2 bottom = ImGui::GetItemRectMax();
  dl->ChannelsSetCurrent(0);
  dl->AddRectFilled(top, ImVec2(right, bottom.y + pad), ImGui::GetColorU32(bg), 6.0f * ctx.env.dpr);
  dl->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(top.x, bottom.y + pad));
  ImGui::Dummy(ImVec2(0, ImGui::GetStyle().ItemSpacing.y * 0.5f));
}

bool draw_title_bar(AppState& state, FrameCtx& ctx, const Fonts& fonts) {
  bool changed = false;
  const core::Lang L = state.lang;
  ImGui::PushFont(fonts.title);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccent);
  text(ctx, tr(L, Str::app_name));
  ImGui::PopStyleColor();
  ImGui::PopFont();
  track(ctx, "title");
  // Right-aligned controls: the language switch and About.
  const ImGuiStyle& st = ImGui::GetStyle();
  const char* lang_label = tr(L, Str::lang_switch);
  const char* about_label = tr(L, state.about_open ? Str::close : Str::about);
  const float w_lang = ImGui::CalcTextSize(lang_label).x + st.FramePadding.x * 2;
  const float w_about = ImGui::CalcTextSize(about_label).x + st.FramePadding.x * 2;
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine(right - w_lang - w_about - st.ItemSpacing.x);
  if (button(ctx, "lang", lang_label, w_lang)) {
    state.lang = L == core::Lang::zh ? core::Lang::en : core::Lang::zh;
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(L, Str::lang_switch_hint));
  ImGui::SameLine();
  if (button(ctx, "about", about_label, w_about)) {
    state.about_open = !state.about_open;
    changed = true;
  }
  // The tagline is the page's title for a desktop; a phone keeps the screen for the answer (issue 39
  // item 3: the fixed header took 24% of it).
  if (!ctx.env.narrow()) {
    ImGui::PushTextWrapPos(0.0f);
    text_disabled(ctx, tr(state.lang, Str::app_tagline));
    ImGui::PopTextWrapPos();
  }
  if (ctx.env.catalog && ctx.env.catalog->vendor) draw_vendor_bar(*ctx.env.catalog->vendor, ctx);
  return changed;
}

// The views (ui/views.inc): label and draw function of each.
struct ViewRow {
  View view;
  Str label;
  bool (*draw)(AppState&, FrameCtx&);
};
constexpr ViewRow kViews[] = {
#define X(v, label, draw) {View::v, Str::label, &draw},
#include "ui/views.inc"
#undef X
};
const ViewRow& view_row(View v) {
  for (const ViewRow& r : kViews) {
    if (r.view == v) return r;
  }
  return kViews[0];
}
Str view_label(View v) { return view_row(v).label; }

bool draw_nav(AppState& state, FrameCtx& ctx) {
  bool changed = false;
  const int n = static_cast<int>(sizeof(kViews) / sizeof(kViews[0]));
  const float avail = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  // One row when every label fits with a little padding (Chinese on a phone: 估算 ... 准确度, one
  // row instead of two), else rows of 3 (English on a phone).
  float widest = 0;
  for (const ViewRow& r : kViews) widest = std::max(widest, ImGui::CalcTextSize(tr(state.lang, r.label)).x);
  int per_row = n;
  const float pad = ImGui::GetStyle().FramePadding.x * (ctx.env.narrow() ? 0.5f : 1.0f);
  if ((widest + pad * 2) * n + spacing * (n - 1) > avail) per_row = 3;
  const float w = std::min((avail - spacing * (per_row - 1)) / per_row, 160.0f * ctx.env.dpr);
  for (int i = 0; i < n; ++i) {
    const View v = kViews[i].view;
    const bool active = state.view == v;
    if (i % per_row != 0) ImGui::SameLine();
    if (active) {
      const ImVec4 accent = ImGui::GetStyle().Colors[ImGuiCol_TabActive];
      ImGui::PushStyleColor(ImGuiCol_Button, accent);
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, accent);
      ImGui::PushStyleColor(ImGuiCol_ButtonActive, accent);
      ImGui::PushStyleColor(ImGuiCol_Text, palette::kWhite);
    }
    if (button(ctx, (std::string("nav.") + view_name(v)).c_str(), tr(state.lang, view_label(v)), w) && !active) {
      state.view = v;
      changed = true;
    }
    if (active) ImGui::PopStyleColor(4);
  }
  return changed;
}

// What the link or the page's configuration got wrong, in the page's language with the field's
// path, the English detail below each; at most 5 lines, until dismissed.
bool draw_page_problems(AppState& state, FrameCtx& ctx) {
  if (state.page_problems.empty() || state.page_problems_dismissed) return false;
  const core::Lang L = state.lang;
  constexpr std::size_t kShown = 5;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
  text_wrapped(ctx, tr(L, Str::page_problems));
  ImGui::PopStyleColor();
  ImGui::PushTextWrapPos(0.0f);
  for (std::size_t i = 0; i < state.page_problems.size() && i < kShown; ++i) {
    const core::Diagnostic& p = state.page_problems[i];
    text_wrapped(ctx, ("· " + explain_problem(L, p)).c_str());
    text_disabled(ctx, ("  " + p.text()).c_str());
  }
  if (state.page_problems.size() > kShown) {
    char more[64];
    std::snprintf(more, sizeof more, tr(L, Str::prob_more), static_cast<int>(state.page_problems.size() - kShown));
    text_disabled(ctx, more);
  }
  ImGui::PopTextWrapPos();
  track(ctx, "page_problems");
  if (button(ctx, "page_problems.ok", tr(L, Str::page_problems_ok))) {
    state.page_problems_dismissed = true;
    return true;
  }
  return false;
}

}  // namespace

bool draw_app(AppState& state, const FrameEnv& env, const Fonts& fonts, FrameReport& report) {
  report.rects.clear();
  report.drawn_text.clear();
  report.quoted_text.clear();
  FrameCtx ctx{env, report, state.lang, &state.derived.field_errors};
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  // Neither the root nor the content (below) draws its background: the page clears the screen to
  // the content's white (palette::kContentBg, web/main.cpp) and the root's grey is painted only where
  // it shows, around the content. Two full-screen blended quads had cost every frame two screens of
  // fill for pixels drawn again (the phone's 1170 x 2532 canvas in SwiftShader: 0.40-0.45 s a frame
  // with both, 0.23-0.27 s without them, median of 12 touch moves, measured 2026-12-03; the
  // screenshots are pixel-identical).
  const ImGuiWindowFlags root_flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground;
  ImGui::Begin("##root", nullptr, root_flags);
  bool changed = draw_title_bar(state, ctx, fonts);
  if (!state.about_open) changed |= draw_nav(state, ctx);
  changed |= draw_page_problems(state, ctx);
  ImGui::Separator();
  ImGui::BeginChild("##content", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
  {
    // A new page (view, card detail, side by side, About) starts at its top.
    const ImVec2 a = ImGui::GetWindowPos(), sz = ImGui::GetWindowSize();
    // The root's grey around the content: above it (title bar, navigation), and its padding.
    ImDrawList* bg = ImGui::GetBackgroundDrawList();
    const ImU32 grey = ImGui::GetColorU32(ImGuiCol_WindowBg);
    const ImVec2 screen = io.DisplaySize;
    bg->AddRectFilled(ImVec2(0, 0), ImVec2(screen.x, a.y), grey);
    bg->AddRectFilled(ImVec2(0, a.y), ImVec2(a.x, screen.y), grey);
    bg->AddRectFilled(ImVec2(a.x + sz.x, a.y), screen, grey);
    bg->AddRectFilled(ImVec2(a.x, a.y + sz.y), ImVec2(a.x + sz.x, screen.y), grey);
    // The content's rounded corners, as its own background drew them: grey corner squares, then the
    // rounded white rectangle clipped to them (a scissor, so only the corners are filled).
    const float r = ImGui::GetStyle().ChildRounding;
    if (r > 0) {
      const ImVec2 b(a.x + sz.x, a.y + sz.y);
      for (const ImVec2& c : {a, ImVec2(b.x - r, a.y), ImVec2(a.x, b.y - r), ImVec2(b.x - r, b.y - r)}) {
        const ImVec2 c1(c.x + r, c.y + r);
        bg->AddRectFilled(c, c1, grey);
        bg->PushClipRect(c, c1);
        bg->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_ChildBg), r);
        bg->PopClipRect();
      }
    }
    report.rects["content"] = Rect{a.x / env.dpr, a.y / env.dpr, sz.x / env.dpr, sz.y / env.dpr};
    const std::string page = std::string(view_name(state.view)) + "|" + state.compare.detail_id + "|" +
                             (state.compare.side_by_side ? "s" : "") + (state.about_open ? "a" : "");
    if (page != report.page) ImGui::SetScrollY(0);
    report.page = page;
  }
  drag_to_scroll(env);  // ui/widgets.h
  if (state.about_open) {
    draw_about(state, ctx);
  } else {
    changed |= view_row(state.view).draw(state, ctx);
  }
  // Room below the last row, so it never sits flush on the screen's edge (a phone's home bar).
  ImGui::Dummy(ImVec2(0, tap_height(ctx)));
  ImGui::EndChild();
  ImGui::End();
  return changed;
}

}  // namespace xuanka::ui
