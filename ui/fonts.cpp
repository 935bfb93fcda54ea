// Font atlas from the embedded subset (ui layer). The subset (scripts/make_font.py) holds only
// the glyphs the UI strings and catalog use, so rasterising all of them keeps the atlas small.
#include "ui/fonts.h"

#include <cmath>
#include <vector>

#include "imgui.h"
#include "ui/strings.h"

namespace xuanka::ui {

extern const unsigned char kFontOtf[];
extern const std::size_t kFontOtfSize;
extern const unsigned int kFontCodepoints[];
extern const std::size_t kFontCodepointCount;

namespace {
// Glyph ranges are pairs (lo, hi) closed by 0; must outlive the atlas build.
std::vector<ImWchar> body_ranges() {
  std::vector<ImWchar> r;
  for (std::size_t i = 0; i < kFontCodepointCount; ++i) {
    const unsigned c = kFontCodepoints[i];
    if (c > 0xFFFF) continue;  // ImWchar is 16-bit in 1.86's default build
    if (!r.empty() && r.back() + 1 == c) {
      r.back() = static_cast<ImWchar>(c);
    } else {
      r.push_back(static_cast<ImWchar>(c));
      r.push_back(static_cast<ImWchar>(c));
    }
  }
  r.push_back(0);
  return r;
}
}  // namespace

float font_size_css_px(float css_width) { return css_width < 600.0f ? 18.0f : 16.0f; }

Fonts build_fonts(float size_css_px, float dpr) {
  static std::vector<ImWchar> s_body;   // owned for the atlas' lifetime (ImGui keeps the pointer)
  static ImVector<ImWchar> s_title;
  if (s_body.empty()) s_body = body_ranges();
  if (s_title.empty()) {
    ImFontGlyphRangesBuilder b;
    b.AddText(tr(core::Lang::zh, Str::app_name));
    b.AddText(tr(core::Lang::en, Str::app_name));
    b.BuildRanges(&s_title);
  }
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  ImFontConfig cfg;
  cfg.OversampleH = 1;  // 1x oversampling: the font is already at device pixels (WEB-PLATFORM.md §4)
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  cfg.FontDataOwnedByAtlas = false;
  Fonts f;
  f.body_px = std::round(size_css_px * dpr);
  void* data = const_cast<unsigned char*>(kFontOtf);
  const int size = static_cast<int>(kFontOtfSize);
  f.body = io.Fonts->AddFontFromMemoryTTF(data, size, f.body_px, &cfg, s_body.data());
  f.title = io.Fonts->AddFontFromMemoryTTF(data, size, std::round(f.body_px * 1.4f), &cfg, s_title.Data);
  io.Fonts->Build();
  return f;
}

}  // namespace xuanka::ui
