// A model defined by its Hugging Face config.json (core layer): the text a user pastes, no
// network. The architecture fields the scenario contract needs come from the config's own keys
// (transformers' configuration classes); what is missing is named, never guessed.
#pragma once
#include <string_view>

#include "core/json_reader.h"
#include "nlohmann/json.hpp"

namespace xuanka::core {

// Reads `text` (a config.json) into the contract's inline architecture object ("model": {...},
// ../shared/SCENARIO.md). Diagnostics are at "config.<key>"; with any, `out` is left as it was.
Diagnostics model_from_hf_config(std::string_view text, nlohmann::json& out);

}  // namespace xuanka::core
