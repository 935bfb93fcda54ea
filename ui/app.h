// The whole page, drawn once per frame (ui layer).
#pragma once
#include "ui/app_state.h"
#include "ui/fonts.h"

namespace xuanka::ui {

// Draws the page into the current ImGui frame. Returns true when an input in `state` changed
// (the page then writes the URL and recomputes).
bool draw_app(AppState& state, const FrameEnv& env, const Fonts& fonts, FrameReport& report);

// The light theme, scaled to the device pixel ratio. Call after a dpr change.
void apply_style(float dpr);

}  // namespace xuanka::ui
