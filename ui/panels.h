// Panels of the page, one file each (ui layer). Each returns true when it changed an input.
#pragma once
#include <optional>
#include <string>

#include "ui/app_state.h"
#include "ui/widgets.h"

namespace xuanka::ui {

void draw_about(AppState& state, FrameCtx& ctx);
bool draw_compare(AppState& state, FrameCtx& ctx);
bool draw_card_detail(AppState& state, FrameCtx& ctx);
bool draw_side_by_side(AppState& state, FrameCtx& ctx);
bool draw_check(AppState& state, FrameCtx& ctx);
bool draw_estimate(AppState& state, FrameCtx& ctx);
bool draw_recommend(AppState& state, FrameCtx& ctx);
bool draw_cost(AppState& state, FrameCtx& ctx);
bool draw_accuracy(AppState& state, FrameCtx& ctx);

// A card's rental price: the vendor overlay's own, else the middle of the catalog's range.
// `fmt(*v)` or the word "unknown" (未知) — never a guess.
std::string peak_text(core::Lang L, const core::Accelerator& a, core::Precision p, const char* support_key);
std::string opt_text(core::Lang L, const std::optional<double>& v, std::string (*fmt)(double));

}  // namespace xuanka::ui
