// Branding a page without a rebuild (core layer): `xuanka brand OVERLAY.json IN.html OUT.html`.
#pragma once
#include <string>

#include "core/catalog.h"

namespace xuanka::core {

struct BrandedPage {
  Diagnostics problems;  // the overlay's own problems (JSON paths), or what is wrong with the page
  std::string html;      // the branded page; empty when there are problems
};

// Validates `overlay_text` against `catalog` (core/overlay.h) and, only when it is clean, writes
// it as the "overlay" of the page's configuration block (<script type="application/json"
// id="xuanka-config">, which must be there exactly once; its other keys are kept) and puts the
// vendor's name in the page's <title>. Vendor text never reaches the HTML as markup: in the
// block, '<', '>' and '&' are written as \u003c, \u003e, \u0026 (a "</script>" in a name cannot
// end the block early), and the title is HTML-escaped.
BrandedPage brand_page(const std::string& overlay_text, const std::string& page_html, const Catalog& catalog);

// JSON text that is safe inside a <script> element: '<', '>' and '&' (what HTML's script data
// state reacts to: "</script", "<!--") are written \u003c, \u003e, \u0026; they only occur inside
// JSON strings, where \uXXXX means the same character (RFC 8259 §7).
std::string script_safe_json(const nlohmann::json& j);

// `s` with & < > " ' as character references (HTML text and attribute values).
std::string html_escape(const std::string& s);

}  // namespace xuanka::core
