// Font atlas (ui layer): the embedded Noto Sans CJK SC subset rasterised at the device pixel
// ratio, so Chinese is sharp on a 3x phone.
#pragma once

struct ImFont;

namespace xuanka::ui {

struct Fonts {
  ImFont* body = nullptr;   // body text, size_css_px * dpr
  ImFont* title = nullptr;  // the product name in the title bar, 1.4x
  float body_px = 0;        // physical pixel size of the body font
};

// Clears io.Fonts and adds both fonts at `size_css_px * dpr`. Call between frames, then
// re-upload the texture (the backend's DestroyFontsTexture/CreateFontsTexture).
Fonts build_fonts(float size_css_px, float dpr);

// Base font size in CSS px: 18 on phones (WEB-PLATFORM.md §1.3), 16 on wider screens.
float font_size_css_px(float css_width);

}  // namespace xuanka::ui
