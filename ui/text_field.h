// Text and number fields that work with the phone keyboard and Chinese IME (ui layer): the page
// mirrors a hidden <input>/<textarea> ("text agent", WEB-PLATFORM.md §1.3) into the active field.
#pragma once
#include <string>

#include "ui/widgets.h"

namespace xuanka::ui {

// The most a field keeps of a paste: 1,000,000 bytes of UTF-8, what core::parse_smi reads
// (core/smi_parse.cpp). The Check and config.json boxes say so beside them; a longer paste is cut
// there and the box says it was (TextAgent::cut).
constexpr std::size_t kMaxTextBytes = 1000000;

// Shared between the page (web/glue.js via web/main.cpp) and the fields.
struct TextAgent {
  // From the page: the agent's new value, to be put into the active field.
  bool pending = false;
  std::string text;
  bool commit = false;        // Enter / Done / blur: stop editing
  bool cut = false;           // `text` is the first kMaxTextBytes of a longer paste
  std::string cut_field;      // the field that holds a cut paste (its notice stays until it changes)
  // Published by the active field each frame, for the page to set up the agent.
  bool active = false;
  bool numeric = false;       // open the decimal keypad
  bool multiline = false;     // a <textarea> (pasted smi output keeps its line breaks)
  std::string current;        // the field's text
  float x = 0, y = 0;         // the field's position, CSS px (the agent sits there, for the IME)
  // On a touch screen a field is a tap target until tapped: a finger drag that starts on it
  // scrolls the page instead of focusing it. The tapped field's id, activated on the next frame.
  std::string focus_request;
};

// A one-line field (numeric: digits, '.', 'e', '-'). Returns true when the text changed.
bool text_field(FrameCtx& ctx, TextAgent& agent, const char* id, const char* hint, std::string& value,
                bool numeric, float width = -1.0f);
// A multi-line box of `height` physical px.
bool text_box(FrameCtx& ctx, TextAgent& agent, const char* id, std::string& value, float height);

}  // namespace xuanka::ui
