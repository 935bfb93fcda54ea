// Branding a page without a rebuild (core layer).
#include "core/brand.h"

#include "core/overlay.h"
#include "core/json_reader.h"

namespace xuanka::core {

using nlohmann::json;

namespace {
constexpr const char* kBlockOpen = "<script type=\"application/json\" id=\"xuanka-config\">";
constexpr const char* kBlockClose = "</script>";
}  // namespace

std::string script_safe_json(const json& j) {
  std::string out;
  for (char c : dump_json(j)) {
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else out += c;
  }
  return out;
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

BrandedPage brand_page(const std::string& overlay_text, const std::string& page_html, const Catalog& catalog) {
  BrandedPage out;
  Catalog merged = catalog;
  out.problems = apply_overlay(overlay_text, merged);
  if (!out.problems.empty()) return out;
  const std::size_t open = page_html.find(kBlockOpen);
  if (open == std::string::npos || page_html.find(kBlockOpen, open + 1) != std::string::npos) {
    out.problems.push_back({"page", "expected one xuanka configuration block (<script type=\"application/json\" "
                                    "id=\"xuanka-config\">) in the page, found " +
                                        std::string(open == std::string::npos ? "none" : "more than one")});
    return out;
  }
  const std::size_t body = open + std::char_traits<char>::length(kBlockOpen);
  const std::size_t close = page_html.find(kBlockClose, body);
  if (close == std::string::npos) {
    out.problems.push_back({"page", "the configuration block is not closed with </script>"});
    return out;
  }
  Diagnostics d;
  const std::string old_text = page_html.substr(body, close - body);
  json config = old_text.find_first_not_of(" \t\r\n") == std::string::npos
                    ? json::object()
                    : parse_json_text(old_text, "page.xuanka-config", d, 1u << 20);
  if (!d.empty() || !config.is_object()) {
    if (d.empty()) d.push_back({"page.xuanka-config", "expected a JSON object, found " + describe(config)});
    out.problems = d;
    return out;
  }
  config["overlay"] = json::parse(overlay_text, nullptr, /*allow_exceptions=*/false);
  std::string html = page_html.substr(0, body) + script_safe_json(config) + page_html.substr(close);
  // The tab and a saved bookmark carry the vendor's name before the product's.
  if (merged.vendor) {
    const std::size_t t0 = html.find("<title>"), t1 = html.find("</title>");
    if (t0 != std::string::npos && t1 != std::string::npos && t1 > t0) {
      // Branding a branded page again replaces the vendor's name before the product's.
      const std::size_t inner = t0 + 7;
      const std::size_t product = html.find("选卡", inner);
      const std::size_t keep = product != std::string::npos && product < t1 ? product : inner;
      html = html.substr(0, inner) + html_escape(merged.vendor->name) + " · " + html.substr(keep);
    }
  }
  out.html = std::move(html);
  return out;
}

}  // namespace xuanka::core
