// Vendor overlay (core layer): an IDC vendor's partial catalog — its name and contact, its own
// prices, stock and lead time, hidden cards, extra custom cards — merged over the catalog.
#pragma once
#include <optional>
#include <string>

#include "core/catalog.h"

namespace xuanka::core {

// Validates `text` (every problem, with JSON paths) and, only when it is clean, merges it into
// `catalog`. Overlay schema (see catalog/README.md "Vendor overlay"):
// { "schema_version": 1, "vendor": {"name", "contact", "url"?, "quote"?, "color"?, "logo"?},
//   "offers": [{"id", "rent_cny_per_card_hour"?, "purchase_cny"?, "in_stock"?, "lead_time_days"?}],
//   "hidden": ["id", ...], "custom_accelerators": [<accelerator objects>] }
Diagnostics apply_overlay(const std::string& text, Catalog& catalog);

// What a quote target opens, or nullopt when it is none of the accepted kinds (https:// or
// http://, mailto:, tel: with digits only; no spaces or control characters anywhere).
enum class QuoteTarget { web, mail, phone };
// A logo's data URI: "data:image/(png|jpeg|webp|svg+xml);base64," then base64 only. 96,000
// characters hold a 72 KB image: a logo for a 40-px bar needs a few KB.
constexpr std::size_t kMaxLogoChars = 96000;
bool logo_uri_ok(const std::string& uri);
std::optional<QuoteTarget> quote_target_kind(const std::string& target);

}  // namespace xuanka::core
