// Panels of the page, one file each (ui layer).
#pragma once
#include "ui/app_state.h"
#include "ui/widgets.h"

namespace xuanka::ui {

void draw_about(AppState& state, FrameCtx& ctx);

}  // namespace xuanka::ui
