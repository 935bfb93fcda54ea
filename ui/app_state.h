// The one AppState that owns every input of the page, and what a frame reports (ui layer).
#pragma once
#include <map>
#include <set>
#include <string>

#include "core/lang.h"

namespace xuanka::ui {

enum class View { about };

inline const char* view_name(View v) {
  switch (v) {
    case View::about: return "about";
  }
  return "about";
}

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;  // CSS pixels, top-left origin
};

// Inputs: everything the user chose. Changing any of them changes the page.
struct AppState {
  core::Lang lang = core::Lang::zh;  // interface language; kept in the URL as lang=zh|en
  View view = View::about;           // the open view
  bool about_open = false;           // the About panel over the current view
};

// What the last frame drew: widget rectangles for tests, glyphs the font lacked.
struct FrameReport {
  std::map<std::string, Rect> rects;  // stable widget id -> rectangle in CSS pixels
  std::set<unsigned> missing_glyphs;  // codepoints drawn that the font atlas does not have
};

// Per-frame environment handed to the panels.
struct FrameEnv {
  float dpr = 1.0f;             // device pixel ratio: physical px per CSS px
  float css_width = 0;          // viewport width in CSS px
  bool narrow() const { return css_width < 600.0f; }  // phone layout below ~600 CSS px
};

}  // namespace xuanka::ui
