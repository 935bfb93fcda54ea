// Export of the current result (ui layer): Markdown for chat, JSON for tools, a one-line summary
// for the screen-reader live region.
#pragma once
#include <string>
#include <vector>

#include "ui/app_state.h"

namespace xuanka::ui {

std::string export_markdown(const AppState& state, const core::Catalog& catalog);
std::string export_json(const AppState& state);
std::string summary_line(const AppState& state);

// The job's own settings ("label: value" lines) and results beyond memory, by the kind of model:
// a language model's sequence and batch, an image generator's resolution and steps, a camera
// line's input and streams; training time, a serving plan's cards, images per hour, streams per
// card and the cards a line needs. Markdown, the quote and the saved picture all read these.
std::vector<std::string> job_setting_lines(const AppState& state);
std::vector<std::string> job_result_lines(const AppState& state);
// A camera line's requirement as the factory states it: "16 路 → 1 张 A10 24GB", the cards being
// ceil(streams asked / whole streams per card); empty without streams asked or a streams figure.
std::string streams_cards_line(const AppState& state);

// "询价 / Ask for a quote": the short text a quote request carries (the model, the task, the card
// and count chosen, the one-line result), and the address that opens it from the vendor's
// `quote` target: an http(s) address gets `xuanka_summary` and `xuanka_link` query parameters
// (before any #fragment), a mailto: address a subject and body (RFC 6068: percent-encoded, CRLF
// line breaks), a tel: number stays as it is. Empty when the target is not an accepted kind.
std::string quote_summary(const AppState& state, const core::Catalog& catalog);

// "保存图片 / Save picture": what the picture for a chat message shows, for web/glue.js to draw
// — the vendor's name and colour (or the product's), the plan's lines (model, task, card x
// count, time, cost), the memory bar against the card (segments with their 0xRRGGBB colours
// from ui/mem_colors.h) and the verdict, and the share link (drawn as a QR code beside it).
// `share_url` empty: no link or code. Null when there is no result to show.
nlohmann::json result_picture(const AppState& state, const core::Catalog& catalog, const std::string& share_url);
std::string quote_link(const std::string& target, const AppState& state, const core::Catalog& catalog,
                       const std::string& share_url);

}  // namespace xuanka::ui
