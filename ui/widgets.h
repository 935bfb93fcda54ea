// Thin widget wrappers (ui layer): stable ids across languages ("label###id"), rectangles for
// the test hook, glyph checks, and tap-sized buttons on phones.
#pragma once
#include <map>
#include <string>

#include "imgui.h"
#include "ui/app_state.h"

namespace xuanka::ui {

struct FrameCtx {
  const FrameEnv& env;
  FrameReport& report;
  core::Lang lang = core::Lang::zh;
  // Inputs that do not read, by row id (Derived::field_errors): drawn under their rows.
  const std::map<std::string, std::string>* field_errors = nullptr;
  bool quoting = false;  // inside source_text
};

// Source material as it is written (a catalog note in English, a source's address, a licence),
// wrapped and dimmed; the caller labels it as the original.
void source_text(FrameCtx& ctx, const char* s);

// Under the row `id`, its input's problem, if any: in the page's words, the detail dimmed.
void field_error(FrameCtx& ctx, const char* id);

// Records the last item's rectangle under `id` (CSS pixels).
void track(FrameCtx& ctx, const char* id);
// Notes every codepoint of `s` that the current font cannot draw.
void check_glyphs(FrameCtx& ctx, const char* s);

// Minimum height of a tappable control in physical pixels: 44 CSS px on phones (Apple HIG),
// 32 CSS px with a mouse.
float tap_height(const FrameCtx& ctx);
// The last item was tapped or clicked: released over it without a drag (a finger that scrolls the
// page across a chart does not pick a point).
bool tapped_item();

bool button(FrameCtx& ctx, const char* id, const char* label, float width = 0.0f);
// Before a button labelled `label`: on the last item's line when it fits there, else on the next
// (a row of buttons flows onto more lines on a phone instead of running off the edge).
void same_line_if_fits(const char* label);
void text(FrameCtx& ctx, const char* s);
void text_wrapped(FrameCtx& ctx, const char* s);
void text_disabled(FrameCtx& ctx, const char* s);
bool collapsing(FrameCtx& ctx, const char* id, const char* label);
bool checkbox(FrameCtx& ctx, const char* id, const char* label, bool& value);
// One finger dragging scrolls the current window (a view or a combo's list) wherever it starts
// (WEB-PLATFORM.md §1.3): on the background, and in touch mode also on a button or row, whose
// click is then cancelled. Call right after the window begins.
void drag_to_scroll(const FrameEnv& env);
// The same sideways, for a window that scrolls horizontally (the phone's Compare table): call
// right after it begins.
void drag_to_scroll_x(const FrameEnv& env);
// A heading line in the accent colour.
void heading(FrameCtx& ctx, const char* s);
// "label: value" on one line, the label dimmed.
void label_value(FrameCtx& ctx, const char* label, const std::string& value);

}  // namespace xuanka::ui
