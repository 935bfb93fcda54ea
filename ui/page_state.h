// The page's configuration and share link (ui layer, no ImGui): the one place where the URL is
// read and written. Sources, later ones winning for the user's state: the host page's config
// block, window.XUANKA_CONFIG, the URL query, the URL hash. Vendor data (the overlay) comes only
// from the host page's own config block or window.XUANKA_CONFIG, never from a link.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ui/app_state.h"

namespace xuanka::ui {

struct ConfigSources {
  std::string block;        // text of <script type="application/json" id="xuanka-config">
  std::string global_json;  // JSON.stringify(window.XUANKA_CONFIG), or empty
  std::string query;        // location.search
  std::string hash;         // location.hash
};

struct PageConfig {
  nlohmann::json state = nlohmann::json::object();  // lang, view, s, region, card, r: merged
  std::optional<std::string> overlay;               // the vendor overlay, from the host's own config
  core::Diagnostics problems;                        // what could not be read, naming where
  bool link_tried_vendor = false;                    // the URL carried an overlay; it was ignored
};

// Reads and merges the sources (no catalog needed yet: the overlay is applied before the state).
PageConfig read_config(const ConfigSources& src);
// Applies the merged state to `state`; ids are checked against `catalog`; problems appended.
void apply_state(const nlohmann::json& cfg, AppState& state, const core::Catalog& catalog, core::Diagnostics& problems);
// One problem of the link or configuration in the page's language: the field's path, then what
// happened in plain words by its code (the English detail, message, is shown beside it).
std::string explain_problem(core::Lang lang, const core::Diagnostic& problem);
// The share link's hash: "#card=..&lang=..&r=..&region=..&s=..&view=.." (keys in order).
std::string share_hash(const AppState& state);
// "保存离线版 / Save for offline": the configuration block of the saved copy — the host's own
// configuration (its vendor overlay included) with the current state (the share link's keys)
// baked in, so the file opens on this plan, in this language, with this vendor, from file:// —
// as script-safe JSON text (core::script_safe_json).
std::string saved_copy_config(const ConfigSources& src, const AppState& state);

}  // namespace xuanka::ui
