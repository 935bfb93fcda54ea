// Font atlas (ui layer): the embedded Noto Sans CJK SC subset rasterised at the device pixel
// ratio, so Chinese is sharp on a 3x phone.
#pragma once
#include <functional>
#include <set>
#include <vector>

struct ImFont;

namespace xuanka::ui {

struct Fonts {
  ImFont* body = nullptr;   // body text, size_css_px * dpr
  ImFont* title = nullptr;  // the product name in the title bar, 1.4x
  float body_px = 0;        // physical pixel size of the body font
};

// A character the embedded subset lacks, drawn by the system's own fonts (the browser's canvas):
// an 8-bit coverage bitmap of `width_px` x `height_px` whose top is the line's top, and the pen's
// advance.
struct GlyphBitmap {
  int width_px = 0, height_px = 0;
  float advance_px = 0;
  std::vector<unsigned char> alpha;  // width_px * height_px, row-major
};
// Draws codepoint `c` at `px` pixels with the baseline `ascent_px` below the top; false when
// it cannot (no canvas: native tests).
using GlyphRasteriser = std::function<bool(unsigned c, float px, float ascent_px, GlyphBitmap& out)>;

// Clears io.Fonts and adds both fonts at `size_css_px * dpr`, plus `extra` characters drawn by
// `raster` into the body font (whatever users type or paste beyond the subset: 华为, 你, 我).
// Call between frames, then re-upload the texture (the backend's
// DestroyFontsTexture/CreateFontsTexture).
Fonts build_fonts(float size_css_px, float dpr, const std::set<unsigned>& extra = {},
                  const GlyphRasteriser& raster = nullptr);

// Base font size in CSS px: 18 on phones (WEB-PLATFORM.md §1.3), 16 on wider screens.
float font_size_css_px(float css_width);

}  // namespace xuanka::ui
