// Font atlas from the embedded subset (ui layer). The subset (scripts/make_font.py) holds only
// the glyphs the UI strings and catalog use, so rasterising all of them keeps the atlas small.
#include "ui/fonts.h"

#include <cmath>
#include <cstdint>
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
// The font's ascender as a share of its line height (ascender - descender), from the OpenType
// 'hhea' table (OpenType spec: table directory at 12, 16 bytes per record; hhea ascender at 4,
// descender at 6, big-endian int16), which stb_truetype's ScaleForPixelHeight uses. 0.8 when the
// table cannot be read (Noto Sans CJK: 1160 / (1160 + 288)).
float ascent_share(const unsigned char* f, std::size_t n) {
  auto u16 = [&](std::size_t at) { return at + 2 <= n ? static_cast<unsigned>(f[at] << 8 | f[at + 1]) : 0u; };
  auto u32 = [&](std::size_t at) { return at + 4 <= n ? (static_cast<std::size_t>(u16(at)) << 16 | u16(at + 2)) : 0u; };
  const unsigned tables = u16(4);
  for (unsigned i = 0; i < tables; ++i) {
    const std::size_t rec = 12 + 16 * static_cast<std::size_t>(i);
    if (rec + 16 > n) break;
    if (f[rec] == 'h' && f[rec + 1] == 'h' && f[rec + 2] == 'e' && f[rec + 3] == 'a') {
      const std::size_t at = u32(rec + 8);
      const int asc = static_cast<int16_t>(u16(at + 4)), desc = static_cast<int16_t>(u16(at + 6));
      if (asc > 0 && asc - desc > 0) return static_cast<float>(asc) / static_cast<float>(asc - desc);
    }
  }
  return 0.8f;
}
}  // namespace

float font_size_css_px(float css_width) { return css_width < 600.0f ? 18.0f : 16.0f; }

Fonts build_fonts(float size_css_px, float dpr, const std::set<unsigned>& extra, const GlyphRasteriser& raster) {
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
  // Characters beyond the subset, from the system's fonts: custom rectangles in the atlas that
  // become glyphs of the body font (ImFontAtlas::AddCustomRectFontGlyph, imgui.h), filled after
  // the build. The body font's ascent is known only after the build, so it is read from the
  // font file as stb_truetype will: hhea ascender / (ascender - descender) of the pixel size.
  struct Pending {
    int rect;
    GlyphBitmap bmp;
  };
  std::vector<Pending> pending;
  if (raster) {
    const float ascent = std::round(f.body_px * ascent_share(kFontOtf, kFontOtfSize));
    for (unsigned c : extra) {
      if (c > 0xFFFF || c < 0x20) continue;
      GlyphBitmap b;
      if (!raster(c, f.body_px, ascent, b) || b.width_px <= 0 || b.height_px <= 0 || b.alpha.size() != static_cast<std::size_t>(b.width_px * b.height_px)) continue;
      const int id = io.Fonts->AddCustomRectFontGlyph(f.body, static_cast<ImWchar>(c), b.width_px, b.height_px, b.advance_px, ImVec2(0, 0));
      pending.push_back({id, std::move(b)});
    }
  }
  io.Fonts->Build();
  if (!pending.empty()) {
    unsigned char* tex = nullptr;
    int tw = 0, th = 0;
    io.Fonts->GetTexDataAsAlpha8(&tex, &tw, &th);
    for (const Pending& p : pending) {
      const ImFontAtlasCustomRect* r = io.Fonts->GetCustomRectByIndex(p.rect);
      if (!r || !r->IsPacked()) continue;
      for (int y = 0; y < p.bmp.height_px && r->Y + y < th; ++y) {
        for (int x = 0; x < p.bmp.width_px && r->X + x < tw; ++x) tex[(r->Y + y) * tw + r->X + x] = p.bmp.alpha[y * p.bmp.width_px + x];
      }
    }
  }
  return f;
}

}  // namespace xuanka::ui
