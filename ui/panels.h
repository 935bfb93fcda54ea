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
// Moving from CUDA to this card: what maps directly, what must change (what bears on `job`
// first, marked), which versions pair; each item with its source. `brief`: only the changes that
// bear on the job (a Recommend pick). Draws nothing for a card without a checklist.
void draw_migration(FrameCtx& ctx, const core::Accelerator& card, const core::Scenario* job, bool brief);
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
