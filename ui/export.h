// Export of the current result (ui layer): Markdown for chat, JSON for tools, a one-line summary
// for the screen-reader live region.
#pragma once
#include <string>

#include "ui/app_state.h"

namespace xuanka::ui {

std::string export_markdown(const AppState& state, const core::Catalog& catalog);
std::string export_json(const AppState& state);
std::string summary_line(const AppState& state);

}  // namespace xuanka::ui
